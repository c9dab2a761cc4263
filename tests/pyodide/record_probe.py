"""Prints one line per seeded game: its record's text digest, the replayed state's digest, the
packed link, the undo counts and the checkpoint's. Run on CPython and on Pyodide; the lines must
be identical (records replay the same game in both, and links mean the same game)."""

import hashlib
import json
import sys

import engine
from engine.packing import pack, unpack
from engine.record import Record, Seat, replay, states
from engine.resume import checkpoint, resume
from engine.rng import Rng
from engine.undo import takeback


def digest(text):
    return hashlib.sha256(text.encode()).hexdigest()[:12]


for game_id in ("jalapeno", "nacho", "taco"):
    game = engine.get_game(game_id)
    for players in game.player_counts:
        for seed in (3, "records"):
            chooser = Rng(7)
            seats = [Seat(f"P{i}", None if i == 0 else "heuristic") for i in range(players)]
            record = Record.new(game_id, seats, seed)
            history = list(states(record))
            while not history[-1].is_over():
                state = history[-1]
                acting = state.current_players()
                seat = acting[chooser.below(len(acting))]
                action = chooser.choice(state.legal_actions(seat))
                record = record.with_move(seat, action)
                history.append(state.apply(seat, action))
            text = record.to_text()
            final = replay(Record.from_text(text))
            link = pack(record, names=True)
            assert unpack(link) == record
            middle = record.truncated(len(record) * 2 // 3)
            saved = checkpoint(middle, history[: len(middle) + 1])
            opened = resume(middle.to_text(), saved and json.loads(json.dumps(saved)))
            undo = [takeback(middle, s, opened.history) for s in range(players)]
            print(
                game_id,
                players,
                seed,
                len(record),
                digest(text),
                digest(json.dumps(final.to_dict(), sort_keys=True)),
                link,
                undo,
                opened.base,
                digest(json.dumps(opened.state.to_dict(), sort_keys=True)),
            )
print("python", sys.version_info[:2])
