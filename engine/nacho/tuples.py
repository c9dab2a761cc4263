"""Small helpers to change one entry of the nested tuples a state is made of (a copy each time:
states are immutable, so a change is a new tuple sharing the rest)."""

from __future__ import annotations

from typing import Any

# The events of one apply, oldest first, each as the arguments of its ``protocol.Event`` (kind,
# seat, data[, to[, public]]): the table makes the events from them when they are first read.
# None: nobody reads them, so none are recorded.
Ev = list[tuple[Any, ...]] | None


def set_at(items: tuple, i: int, value: object) -> tuple:
    """``items`` with entry ``i`` replaced.

    >>> set_at((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return items[:i] + (value,) + items[i + 1 :]


def without(items: tuple[int, ...], x: int) -> tuple[int, ...]:
    """``items`` less one copy of ``x``.

    >>> without((4, 5, 4), 4)
    (5, 4)
    """
    i = items.index(x)
    return items[:i] + items[i + 1 :]


def set_cantina(grid: tuple, seat: int, prov: int, cards: tuple[int, ...]) -> tuple:
    """A per-seat, per-province grid (keepers or Mounties) with one cantina replaced."""
    return set_at(grid, seat, set_at(grid[seat], prov, cards))
