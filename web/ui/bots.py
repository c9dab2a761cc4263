"""Running the engine's bots in the page without freezing it.

Pyodide has no threads on the main thread, so a bot thinks in slices: its ``thinking()``
generator yields every ~10 ms of work and we give the browser a turn between slices (paint,
taps, the status line's "thinking…" animation).

A slice must stay short, and Python's cyclic garbage collector would not let it: a search
allocates hundreds of thousands of small objects (tree nodes, states), so collections run
inside the slices, and each traverses every tracked object of the page (the modules, the UI,
the tree so far) — measured: slices of ~100 ms in the browser. So while a bot thinks the
collector is off, and the objects alive before the first decision (the start-up heap: stdlib,
engine, UI) are frozen out of every later collection (``gc.freeze``). Nothing is lost: the
search's garbage holds no reference cycles, and reference counting frees it as it goes (and
all of the tree once the decision returns); whatever cycles the page makes meanwhile are
collected once the collector is back on, in the pause after the decision, among the few
objects made since the freeze.

Between slices the page gets a task's turn (a tap is answered at once), and once a frame's worth
of thinking has gone by, a painted frame (``PageTurns``): slices posted back to back as tasks
would starve the browser's rendering, which then paints only every ~100 ms.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from engine.bots import BOT_LEVELS, make_bot

__all__ = ["BOT_LEVELS", "BUDGET_MS", "Decision", "PageTurns", "decide", "make_bot"]

# Thinking budget per level, in ms of the bot's own work. The search bot is the only one that
# uses it; 400 ms keeps a 4-seat trick with three search bots near the visible pause.
BUDGET_MS = {"random": 0.0, "heuristic": 20.0, "search": 400.0}

# Thinking between two painted frames, in ms: two frames at 60 Hz less room for the paint and a
# slice that runs over (``engine.bots.SLICE_MS``), so no frame gap reaches 50 ms.
FRAME_WORK_MS = 24.0


class PageTurns:
    """What a bot awaits between two slices (``decide``'s ``yield_to_page``): ``soon()`` (a
    task's turn: taps and timers run) after each slice, and ``frame()`` (the next frame
    painted) once ``FRAME_WORK_MS`` have gone by since the last frame. One per decision.

    >>> import asyncio
    >>> clock, said = [0.0], []
    >>> async def frame(): said.append("frame")
    >>> async def soon(): said.append("soon")
    >>> turns = PageTurns(frame, soon, clock=lambda: clock[0])
    >>> for t in (0.010, 0.020, 0.030, 0.040, 0.050, 0.060):
    ...     clock[0] = t
    ...     asyncio.run(turns())
    >>> said
    ['soon', 'soon', 'frame', 'soon', 'soon', 'frame']
    """

    def __init__(
        self,
        frame: Callable[[], Awaitable[Any]],
        soon: Callable[[], Awaitable[Any]],
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.frame, self.soon, self.clock = frame, soon, clock
        self.since = clock()

    async def __call__(self) -> None:
        if (self.clock() - self.since) * 1000.0 >= FRAME_WORK_MS:
            await self.frame()
            self.since = self.clock()
        else:
            await self.soon()


@dataclass(frozen=True)
class Decision:
    action: Any
    level: str
    seat: int
    ms: float  # wall-clock time from first slice to answer, yields included
    slices: int
    longest_slice_ms: float = 0.0  # the longest stretch of thinking between two yields
    iterations: int | None = None  # a search's iterations (None: the level does not search)
    started_ms: float = 0.0  # when the first slice began, on the page's clock (performance.now())


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
    freeze_start_up()
    start = time.perf_counter()
    gen = bot.thinking(view, legal, budget)
    slices = 0
    collecting = gc.isenabled()
    gc.disable()  # no collection inside a slice (see the module docstring)
    longest = 0.0
    try:
        while True:
            resumed = time.perf_counter()
            try:
                next(gen)
            except StopIteration as stop:
                action = stop.value
                break
            finally:
                longest = max(longest, time.perf_counter() - resumed)
            slices += 1
            await yield_to_page()
    finally:
        if collecting:
            gc.enable()
    ms = (time.perf_counter() - start) * 1000.0
    last = getattr(bot, "last", None)
    iterations = last.iterations if last is not None and len(legal) > 1 else None
    seat = getattr(bot, "seat", -1)
    return Decision(action, level, seat, ms, slices, longest * 1000.0, iterations, start * 1000.0)


_frozen = False


def freeze_start_up() -> None:
    """Once, before the first decision: move every object alive now (the start-up heap) out
    of the collector's reach for good, so that a collection traverses only newer objects."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.freeze()
