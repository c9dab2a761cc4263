"""Prints one line per (game, players, seed): a digest of a whole seeded playout.

Run on CPython and on Pyodide; the lines must be identical. Choices come from the engine's own
PRNG, so the playout depends on nothing but the engine.
"""

import hashlib
import json
import sys

import engine
from engine.rng import Rng

for game_id in engine.game_ids():
    game = engine.get_game(game_id)
    for players in game.player_counts:
        for seed in (1, 2024, "picante"):
            state = game.new_game(players=players, seed=seed)
            chooser = Rng(99)
            digest = hashlib.sha256()
            steps = 0
            while not state.is_over():
                player = state.current_players()[0]
                action = chooser.choice(state.legal_actions(player))
                state = state.apply(player, action)
                digest.update(str(action).encode())
                steps += 1
            digest.update(json.dumps(state.to_dict(), sort_keys=True).encode())
            print(game_id, players, seed, steps, state.scores(), digest.hexdigest()[:16])
print("python", sys.version_info[:2])
