"""Invariants at scale: at least 100,000 random legal actions per registered game per run,
across its player counts, options and seeds, with the game's own ``invariants(state)`` (its
``CHECKS.invariants``, see ``engine.checks``) checked after every action.

The counts and times are printed at the end of the run ("invariants checked"). The games are
seeded (``PICANTE_INVARIANT_SEED`` changes the seeds, to explore beyond CI's fixed ones); a
failure names the game, player count, options, seed and step, which replay it exactly.
"""

from __future__ import annotations

import dataclasses
import os
import time
from typing import Any

import pytest
from conformance import choose, hooks

import engine
from engine import Game, State
from engine.rng import Rng, seed_state

ACTIONS_PER_GAME = 100_000
BASE_SEED = os.environ.get("PICANTE_INVARIANT_SEED", "invariants")

# Games whose invariants are still being written (issue 13) by their own engine's branch:
# strict, so that the test fails as soon as a game has them, and its line must go.
PENDING: dict[str, str] = {}


def setups(game: Game, chooser: Rng) -> Any:
    """(players, options, seed) without end: the player counts in turn, each option drawn
    from its choices (a seat-valued one from this table's seats), a fresh seed each game."""
    number = 0
    while True:
        players = game.player_counts[number % len(game.player_counts)]
        options = {}
        for name, spec in game.options.items():
            choices = [c for c in spec.choices if not spec.seat or c is None or c < players]
            options[name] = chooser.choice(choices)
        yield players, options, f"{BASE_SEED}:{game.id}:{number}"
        number += 1


def random_games(game: Game, actions: int) -> tuple[int, int]:
    """Play random legal games until ``actions`` actions were taken, checking the game's
    invariants on every state; returns (actions, games)."""
    checks = hooks(game)
    check = checks.invariants
    if check is None:
        raise AssertionError(
            f"{game.id} declares no invariants: set `invariants=` in its CHECKS ({game.checks}),"
            " a function(state) that raises AssertionError saying what broke (cards, money,"
            " pieces in exactly one place; scores equal to a recount; see engine.checks)"
        )
    chooser = Rng(seed_state(f"{BASE_SEED}:{game.id}"))
    taken = played = 0
    for players, options, seed in setups(game, chooser):
        if taken >= actions:
            break
        where = f"{game.id} {players}p options={options} seed={seed!r}"
        state: State = game.new_game(players=players, seed=seed, options=options)
        _check(check, state, f"{where} at the start")
        step = 0
        while not state.is_over():
            assert step < checks.max_steps, f"{where}: no end after {step} actions"
            player = chooser.choice(list(state.current_players()))
            action = choose(chooser, state.legal_actions(player))
            state = state.apply(player, action)
            step += 1
            _check(check, state, f"{where} step {step} (seat {player} {action})")
        taken += step
        played += 1
    return taken, played


def _check(check: Any, state: State, where: str) -> None:
    try:
        check(state)
    except AssertionError as err:
        raise AssertionError(f"{where}: {err}") from None


@pytest.mark.parametrize(
    "game_id",
    [
        pytest.param(gid, marks=pytest.mark.xfail(reason=PENDING[gid], strict=True))
        if gid in PENDING
        else gid
        for gid in engine.game_ids()
    ],
)
def test_invariants_hold_after_every_one_of_100_000_random_actions(
    game_id: str, record_property: Any
) -> None:
    game = engine.get_game(game_id)
    start, cpu = time.perf_counter(), time.process_time()
    taken, played = random_games(game, ACTIONS_PER_GAME)
    record_property("invariant_actions", taken)
    record_property("invariant_games", played)
    record_property("invariant_cpu_seconds", round(time.process_time() - cpu, 1))
    record_property("invariant_seconds", round(time.perf_counter() - start, 1))
    assert taken >= ACTIONS_PER_GAME


def test_a_game_without_invariants_fails_saying_what_to_add(monkeypatch) -> None:
    from games import rps

    from engine.checks import Checks

    monkeypatch.setattr(rps, "CHECKS", Checks(hidden=rps.hidden))
    with pytest.raises(AssertionError, match=r"rps declares no invariants: set `invariants=`"):
        random_games(rps.GAME, 10)


def test_a_broken_invariant_names_the_game_the_seed_and_the_step(monkeypatch) -> None:
    from games import rps

    def no_paper(state: Any) -> None:
        assert "P" not in [s for signs in state.history for s in signs], "paper was played"

    monkeypatch.setattr(rps, "CHECKS", dataclasses.replace(rps.CHECKS, invariants=no_paper))
    with pytest.raises(AssertionError, match=r"rps \dp options=.* seed='.*' step \d+ .*paper"):
        random_games(rps.GAME, 1000)
