"""Seeded random games as records, for the record, packing and undo tests."""

from __future__ import annotations

import dataclasses
from typing import Any

import engine
from engine.record import Move, Record, Seat
from engine.rng import Rng


def random_options(
    game: engine.Game, chooser: Rng, players: int, rules_version: int | None = None
) -> dict[str, Any]:
    """One of each option's choices at random (a seat-valued option: a seat of this table).
    With ``rules_version``, only the options that version had: one added since takes the value
    that version played (``OptionSpec.before``), and draws nothing."""
    out = {}
    for name, spec in game.options.items():
        if rules_version is not None and spec.since > rules_version:
            out[name] = spec.before
            continue
        choices = [c for c in spec.choices if not spec.seat or c is None or c < players]
        out[name] = chooser.choice(choices)
    return out


def random_record(
    game_id: str,
    players: int,
    seed: int | str,
    options: dict[str, Any] | None = None,
    chooser_seed: int = 99,
    rules_version: int | None = None,
) -> tuple[Record, list[engine.State]]:
    """A whole game of random legal actions (when several seats act at once, a random one of
    them goes first), as its record and the live states: the start, then one per action.
    ``rules_version``: random options as that version had them (``random_options``)."""
    game = engine.get_game(game_id)
    chooser = Rng(chooser_seed)
    if options is None:
        options = random_options(game, chooser, players, rules_version)
    levels = (None, *game.bot_levels)
    seats = [Seat(f"P{i}", chooser.choice(levels)) for i in range(players)]
    record = Record.new(game_id, seats, seed, options)
    state = record.start()
    live = [state]
    moves = []
    while not state.is_over():
        acting = state.current_players()
        seat = acting[chooser.below(len(acting))]
        action = chooser.choice(state.legal_actions(seat))
        state = state.apply(seat, action)
        moves.append((seat, str(action)))
        live.append(state)
    return dataclasses.replace(record, moves=tuple(Move(s, a) for s, a in moves)), live
