"""The Nacho Incident's conformance hooks (``engine.checks``): what the shared suite must know."""

from __future__ import annotations

from typing import Any

from ..checks import Checks
from .components import SMUGGLERS


def hidden(state: Any, seat: int) -> set[str]:
    """The seat's smugglers in hand and waiting, and its pick while the picks are face down."""
    cards = [*state.hands[seat], *state.pending[seat]]
    if state.stage == "pick" and state.picks[seat] is not None:
        cards.append(state.picks[seat])  # face down until everyone has picked
    return {token for i in cards for token in (SMUGGLERS[i].code, SMUGGLERS[i].name)}


CHECKS = Checks(
    hidden=hidden,
    malformed=("S00", "S57", "s01", "S1", "ab", "XX", "salsa@", "salsa@9", "gem", "M13"),
    tie_break=True,
)
