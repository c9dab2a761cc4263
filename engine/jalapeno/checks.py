"""Jalape-NO!'s conformance hooks (``engine.checks``): what the shared suite must know."""

from __future__ import annotations

from typing import Any

from ..checks import Checks


def hidden(state: Any, seat: int) -> set[str]:
    """The seat's hand and, unless the table plays with open piles, its face-down pile, minus
    the last complete trick (on top of the winner's pile, but just played face up for all)."""
    tokens = {str(card) for card in state.hands[seat]}
    if not state.options["open_piles"]:
        on_show = set() if state.last_trick is None else {str(c) for _, c in state.last_trick[1]}
        tokens |= {str(card) for card in state.piles[seat]} - on_show
    return tokens


CHECKS = Checks(
    hidden=hidden,
    malformed=("R0", "R19", "X3", "r7", "R07", "7R"),
    history_keys=("last_round",),
)
