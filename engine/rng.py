"""A seeded PRNG of our own (SplitMix64).

``random.Random`` and its ``shuffle`` are not promised to give the same sequence across Python
versions, and the same seed must give the same game in CPython 3.11 and in Pyodide (CPython 3.14).
SplitMix64 is a few integer operations, so it is identical everywhere. Its whole state is one
64-bit integer, which the game state stores, so a saved game continues exactly as it would have.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int | str) -> int:
    """Turn a user-facing seed (any int, or text) into a 64-bit generator state.

    >>> seed_state(1) == seed_state(1)
    True
    >>> seed_state(1) != seed_state(2)
    True
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ValueError(f"seed must be an int or a string, not {type(seed).__name__}")
    if isinstance(seed, str):
        state = 0xCBF29CE484222325  # FNV-1a, so text seeds are stable too
        for byte in seed.encode("utf-8"):
            state = ((state ^ byte) * 0x100000001B3) & MASK64
        return state
    return seed & MASK64


class Rng:
    """SplitMix64. Mutable, but only ever used on a copy inside one ``apply``.

    >>> r = Rng(42)
    >>> [r.below(10) for _ in range(5)]
    [3, 1, 8, 4, 0]
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in a uniformly random order (Fisher-Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]
