"""The app's warm-up (``ui.app.App.warm_up``): imports ahead only while no game is on screen.

``ui.app`` talks to the page through ``ui.dom`` (``js``, ``pyodide.ffi``), which CPython has
not: the ``app_module`` fixture (tests/conftest.py) imports it under stand-ins.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest


def test_the_warm_up_waits_while_a_game_is_on_screen(
    app_module: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An import is one long task (a game's UI and bots: up to ~200 ms in the page): with a
    table (or a replay) on screen the warm-up waits, and goes on once it is gone."""
    from ui import games

    imported: list[str] = []
    monkeypatch.setattr(app_module, "importlib", SimpleNamespace(import_module=imported.append))
    monkeypatch.setattr(app_module, "WARM_UP_AFTER_S", 0.0)
    monkeypatch.setattr(app_module, "WARM_UP_GAP_S", 0.0)
    monkeypatch.setattr(app_module, "WARM_UP_PAUSED_S", 0.001)
    app = SimpleNamespace(table=object(), replay=None)

    async def run() -> None:
        warming = asyncio.ensure_future(app_module.App.warm_up(app))
        await asyncio.sleep(0.05)
        assert imported == []  # a game on screen: nothing imported
        app.table, app.replay = None, object()
        await asyncio.sleep(0.05)
        assert imported == []  # a replay on screen: still nothing
        app.replay = None
        await asyncio.wait_for(warming, 5)

    asyncio.run(run())
    assert imported == list(games.warm_up_modules())
