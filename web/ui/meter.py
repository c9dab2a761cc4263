"""How long the app's own work takes between the bots' slices: a measuring hook.

Issue 14 § 2 asks for no frame gap over 50 ms while a bot thinks. The bots' slices keep inside
it; what is left is the app's own work around a decision: applying the move, drawing the screen
(the game's HTML, then the patch of the page), saving. ``METER.time(label)`` times one piece of
that work, and ``METER.watch_collections()`` Python's garbage collections wherever they run
(the app turns it on at boot); the longest pieces (with when they started, on the page's clock
where the runtime's monotonic clock is ``performance.now()``) are published with the bots'
decisions (``window.picante.stats.work``) for ``scripts/bench_bots_browser.py``, which sets them
beside the frame gaps. A few microseconds a piece: always on.

Pure Python (no ``js``).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

KEEP = 40  # the longest pieces kept
SLOW_MS = 16.7  # a piece longer than a frame counts as slow


class Meter:
    """The longest timed pieces of work, and per label: how many, how many slow, the longest."""

    def __init__(self) -> None:
        self.longest: list[tuple[float, str, float]] = []  # (ms, label, started at)
        self.by_label: dict[str, list[float]] = {}  # label -> [count, slow, longest ms]
        self._collecting: float | None = None  # when the collection under way began

    @contextmanager
    def time(self, label: str) -> Iterator[None]:
        """Time the ``with`` block as one piece of ``label``."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.add(label, start * 1000.0, (time.perf_counter() - start) * 1000.0)

    def add(self, label: str, start_ms: float, ms: float) -> None:
        """Count one piece of ``label`` that began at ``start_ms`` and took ``ms``.

        >>> m = Meter()
        >>> m.add("render", 10.0, 3.0); m.add("render", 20.0, 30.0); m.add("save", 60.0, 5.0)
        >>> m.summary()["labels"]["render"]
        {'count': 2, 'slow': 1, 'longest_ms': 30.0}
        >>> [p["label"] for p in m.summary()["longest"]]
        ['render', 'save', 'render']
        """
        row = self.by_label.setdefault(label, [0, 0, 0.0])
        row[0] += 1
        row[1] += ms > SLOW_MS
        row[2] = max(row[2], ms)
        if len(self.longest) < KEEP or ms > self.longest[-1][0]:
            self.longest.append((ms, label, start_ms))
            self.longest.sort(key=lambda p: -p[0])
            del self.longest[KEEP:]

    def summary(self) -> dict[str, Any]:
        return {
            "labels": {
                label: {"count": c, "slow": s, "longest_ms": round(m, 1)}
                for label, (c, s, m) in self.by_label.items()
            },
            "longest": [
                {"label": label, "ms": round(ms, 1), "at": round(at, 1)}
                for ms, label, at in self.longest
            ],
        }

    def watch_collections(self) -> None:
        """Time Python's cyclic garbage collections too (``gc.callbacks``), as ``gc N`` for
        generation N: one runs wherever allocations trigger it, inside any other piece.

        >>> import gc
        >>> m = Meter(); m.watch_collections()
        >>> _ = gc.collect()
        >>> m.by_label["gc 2"][0] >= 1
        True
        >>> gc.callbacks.remove(m._collection)
        """
        gc.callbacks.append(self._collection)

    def _collection(self, phase: str, info: dict[str, int]) -> None:
        now = time.perf_counter() * 1000.0
        if phase == "start":
            self._collecting = now
        elif self._collecting is not None:
            self.add(f"gc {info['generation']}", self._collecting, now - self._collecting)
            self._collecting = None


METER = Meter()
