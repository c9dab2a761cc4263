"""The app's warm-up (``ui.app.App.warm_up``): imports ahead only while no game is on screen.

``ui.app`` talks to the page through ``ui.dom`` (``js``, ``pyodide.ffi``), which CPython has
not: stand-ins are put in ``sys.modules`` for this test only, and every module imported under
them is dropped again afterwards.
"""

from __future__ import annotations

import asyncio
import sys
import types
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"


@pytest.fixture
def app_module(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.syspath_prepend(str(WEB))
    ffi = types.ModuleType("pyodide.ffi")
    for name in ("create_once_callable", "create_proxy", "to_js"):
        setattr(ffi, name, lambda *a, **k: None)
    ffi.jsnull = None  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", types.ModuleType("js"))
    monkeypatch.setitem(sys.modules, "pyodide", pyodide)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    before = set(sys.modules)
    import ui.app

    yield ui.app
    for name in set(sys.modules) - before:  # nothing imported under the stand-ins stays
        del sys.modules[name]
        package, _, child = name.rpartition(".")
        if package in sys.modules and getattr(sys.modules[package], child, None) is not None:
            delattr(sys.modules[package], child)  # (``from ui import dom`` would find it)


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
