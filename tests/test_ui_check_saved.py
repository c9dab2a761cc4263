"""The home screen's background check of the games in progress (``ui.app.App.check_saved``):
a saved game whose record is missing or broken is listed as damaged before anyone taps it, but
one abandoned while the check was reading it stays gone (an e2e run caught it coming back as
damaged: the check read the record as the player's "Abandon" deleted it)."""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace
from typing import Any

import pytest
from ui.games import load_ui
from ui.saves import Damaged, Row, read_row, row_of
from ui.session import HUMAN, SeatConfig, Session

KEY = "saved-1"


def playing_row() -> Row:
    s = Session.new("taco", [SeatConfig("Ana", HUMAN, "random")], {}, seed=1)
    entry = read_row(KEY, json.loads(json.dumps(row_of(s, load_ui("taco"), 0.0, 1.0))), ["taco"])
    assert isinstance(entry, Row)
    return entry


def check(app_module: Any, monkeypatch: pytest.MonkeyPatch, abandon: bool) -> dict:
    monkeypatch.setattr(app_module, "CHECK_GAP_S", 0.0)
    app = SimpleNamespace(entries={KEY: playing_row()}, checked=set(), table=None)
    app.render_home = lambda: None

    async def read_saved(key: str) -> None:
        await asyncio.sleep(0)  # the read takes a turn of the event loop...
        if abandon:
            app.entries.pop(key)  # ... in which the player confirms "Abandon" (App.remove)
        return None  # the record is not there (any more)

    app.read_saved = read_saved
    asyncio.run(app_module.App.check_saved(app))
    return app.entries


def test_a_game_whose_record_is_missing_is_listed_as_damaged(app_module, monkeypatch) -> None:
    entries = check(app_module, monkeypatch, abandon=False)
    assert isinstance(entries[KEY], Damaged) and entries[KEY].message == "Its record is missing."


def test_a_game_abandoned_while_it_is_checked_stays_gone(app_module, monkeypatch) -> None:
    assert check(app_module, monkeypatch, abandon=True) == {}
