"""Crazy Taco's conformance hooks (``engine.checks``): what the shared suite must know."""

from __future__ import annotations

from typing import Any

from ..checks import Checks


def hidden(state: Any, seat: int) -> set[str]:
    """1 vs 1: the customer player's hand (seat 1); solo hides nothing from the one seat."""
    return set(state.hand) if seat == 1 else set()


CHECKS = Checks(
    hidden=hidden,
    malformed=("serve 9 M", "serve 2 X", "keep", "play", "SERVE 2 M", "end", "plata M for"),
)
