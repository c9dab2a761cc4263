"""Running the engine's bots in the page without freezing it.

Pyodide has no threads on the main thread, so a bot thinks in slices: its ``thinking()``
generator yields every ~10 ms of work and we give the browser a turn between slices (paint,
taps, the status line's "thinking…" animation).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from engine.bots import BOT_LEVELS, make_bot

__all__ = ["BOT_LEVELS", "BUDGET_MS", "Decision", "decide", "make_bot"]

# Thinking budget per level, in ms of the bot's own work. The search bot is the only one that
# uses it; 400 ms keeps a 4-seat trick with three search bots near the visible pause.
BUDGET_MS = {"random": 0.0, "heuristic": 20.0, "search": 400.0}


@dataclass(frozen=True)
class Decision:
    action: Any
    level: str
    seat: int
    ms: float  # wall-clock time from first slice to answer, yields included
    slices: int


async def decide(
    bot: Any,
    view: dict[str, Any],
    legal: list[Any],
    yield_to_page: Callable[[], Awaitable[Any]],
    budget_ms: float | None = None,
) -> Decision:
    """Drive ``bot.thinking`` cooperatively; ``yield_to_page`` is e.g. ``asyncio.sleep(0)``."""
    level = getattr(bot, "level", "?")
    budget = BUDGET_MS.get(level, 100.0) if budget_ms is None else budget_ms
    start = time.perf_counter()
    gen = bot.thinking(view, legal, budget)
    slices = 0
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            action = stop.value
            break
        slices += 1
        await yield_to_page()
    ms = (time.perf_counter() - start) * 1000.0
    return Decision(action, level, getattr(bot, "seat", -1), ms, slices)
