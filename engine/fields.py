"""The field checks every saved form shares: each reads one JSON value and returns it, or raises
a ``ValueError`` that names the field (``what``) and shows the value it refused.

A save comes from outside (a phone's storage, a link, a hand-edited file), so a check is strict
about types: ``True`` and ``1.0`` compare equal to ``1`` in Python, but only an ``int`` is a
whole number here, and only a ``bool`` is a flag.

>>> whole(3, "round", 1, 10)
3
>>> whole(True, "round", 1, 10)
Traceback (most recent call last):
...
ValueError: round must be a whole number 1..10, got True
>>> per_seat([[], []], 3, "hands")
Traceback (most recent call last):
...
ValueError: hands must have one entry per seat (3)
"""

from __future__ import annotations

from typing import Any

from .protocol import shown


def whole(value: Any, what: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (a bool or a float is not one)."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number {low}..{high}, got {shown(value)}")
    return value


def seat(value: Any, players: int, what: str) -> int:
    """A seat number of a table of ``players``."""
    if type(value) is not int or not 0 <= value < players:
        raise ValueError(f"{what} must be a seat 0..{players - 1}, got {shown(value)}")
    return value


def flag(value: Any, what: str) -> bool:
    """``true`` or ``false``, nothing else."""
    if type(value) is not bool:
        raise ValueError(f"{what} must be true or false, got {shown(value)}")
    return value


def items(value: Any, what: str, size: int | None = None) -> list[Any]:
    """A JSON list, of exactly ``size`` entries when given."""
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list, got {shown(value)}")
    if size is not None and len(value) != size:
        raise ValueError(f"{what} must have {size} entries, got {len(value)}")
    return value


def per_seat(value: Any, players: int, what: str) -> list[Any]:
    """A JSON list of one entry per seat."""
    if not isinstance(value, list) or len(value) != players:
        raise ValueError(f"{what} must have one entry per seat ({players})")
    return value
