"""The app's Python side: routes the shell's ``openGame(id)`` to a game's setup, a saved game or
a "coming soon" screen, and hosts the table loop (``ui.table``) in the page.

Nothing here names a game: which games exist comes from ``ui.games`` (one line per game's UI)
and the engine's registry; a game's UI module, and its engine, are imported when it opens.
State lives here, in Python: the ``Session`` (engine state + seats), the setup form's model.
Screens are rendered from them by pure functions and swapped in by ``ui.dom``; taps come back as
(action, move / field) and nothing else is read from the page.
"""

from __future__ import annotations

import asyncio
import importlib
import json
from typing import TYPE_CHECKING, Any

from . import dom, games
from .bots import Decision
from .html import Html
from .session import Session
from .settings import STORAGE_KEY as SETTINGS_KEY
from .settings import Settings, settings_dialog
from .setup import SetupModel, render_setup, summary_of_save
from .soon import coming_soon
from .table import Table
from .toast import TOAST_LINK_MS, TOAST_MS, toast_html

if TYPE_CHECKING:
    from .generic import GenericUI

# A game's modules (and its engine's) are imported when it opens, which keeps Python's start-up
# short; while the home screen waits for a tap they are imported ahead, one package per turn of
# the event loop, so that the first tap on a game does not wait for them either.
WARM_UP_AFTER_S = 0.5
WARM_UP_GAP_S = 0.03


def save_key(game_id: str) -> str:
    """One saved game per game: ``picante.<id>.save`` (seats + the engine's ``to_dict()``)."""
    return f"picante.{game_id}.save"


def setup_key(game_id: str) -> str:
    return f"picante.{game_id}.setup"


class App:
    def __init__(self) -> None:
        self.root = dom.game_root()
        dom.mount(self.root)
        self.test_pace = _pace(dom.query_param("pace"))  # tests: ?pace= or setPace()
        self.settings = Settings.from_dict(_load_json(SETTINGS_KEY))
        self.settings_open = False
        self.settings_opener: Any = None  # the control focused when Settings opened
        self.seed = dom.query_param("seed")  # reproducible deals for tests and bug reports
        self.game_id: str | None = None
        self.ui: GenericUI | None = None
        self.setup: SetupModel | None = None
        self.table: Table | None = None
        self.unsaved: Session | None = None  # a save waiting for the next paint
        self._toast_timer: asyncio.TimerHandle | None = None
        self.decisions: list[dict[str, Any]] = []
        self.warming: asyncio.Future[None] | None = None
        dom.on_tap(self.root, self.on_click)  # a finger's tap answers as it lifts
        dom.on(self.root, "change", self.on_change)
        dom.on(self.root, "input", self.on_input)
        dom.on(self.root, "keydown", self.on_key)
        self.dialog = dom.dialog_host()
        dom.on_tap(self.dialog, self.on_dialog_click)
        dom.on(self.dialog, "input", self.on_setting)
        dom.on(self.dialog, "change", self.on_setting)
        dom.on(self.dialog, "keydown", self.on_dialog_key)
        opener = dom.unhide("open-settings")  # the home's Settings button, once Python is up
        if opener is not None:
            dom.on(opener, "click", lambda _e: self.open_settings())
        self.apply_settings()

    @property
    def pace(self) -> float:
        """Every visible pause's factor: the tests' pace times the Bot speed setting."""
        return self.test_pace * self.settings.pace

    # -- settings (ui.settings) ------------------------------------------------------------

    def open_settings(self) -> None:
        """The settings screen over whatever is on screen (home or a table)."""
        if not self.settings_open:
            self.settings_opener = dom.active_element()
        self.settings_open = True
        dom.render_into(dom.DIALOG_ID, settings_dialog(self.settings))
        dom.focus(('[data-setting="speed"]:checked',), move=True, within=dom.DIALOG_ID)

    def close_settings(self) -> None:
        self.settings_open = False
        dom.render_into(dom.DIALOG_ID, "")
        if self.settings_opener is not None:
            dom.refocus(self.settings_opener)
            self.settings_opener = None
        if self.table is None and self.setup is not None and self.game_id is not None:
            self.setup.rename(self.settings.names)
            self.show_setup()  # its names are the settings' names

    def on_setting(self, event: Any) -> None:
        el = dom.closest_data(event, "setting")
        if el is None:
            return
        edited = self.settings.edited(dom.attr(el, "data-setting") or "", str(el.value))
        if edited is None:
            return
        self.settings = edited
        dom.storage_set(SETTINGS_KEY, json.dumps(self.settings.cleaned().to_dict()))
        self.apply_settings()
        if not (dom.attr(el, "data-setting") or "").startswith("name-"):
            dom.render_into(dom.DIALOG_ID, settings_dialog(self.settings))

    def apply_settings(self) -> None:
        dom.set_class("pc-reduce-motion", self.settings.reduce_motion)
        dom.publish("settings", self.settings.to_dict())

    def on_dialog_click(self, event: Any) -> None:
        action = dom.attr(dom.closest_data(event, "action"), "data-action") or ""
        if action == "close-settings":
            self.close_settings()

    def on_dialog_key(self, event: Any) -> None:
        if str(event.key) == "Escape":
            self.close_settings()

    # -- routing ---------------------------------------------------------------------------

    def open_game(self, game_id: str) -> None:
        """Called by the shell (``window.picante.openGame``) when a game card is tapped."""
        game_id = str(game_id)
        self.stop_table()
        self.game_id = game_id
        dom.show_root(self.root, True)
        if not games.is_playable(game_id):
            self.ui = self.setup = None
            dom.render(coming_soon(games.announcement(game_id)))
            return
        self.ui = games.load_ui(game_id)
        self.setup = SetupModel.from_dict(
            self.ui.info, _load_json(setup_key(game_id)), self.settings
        )
        self.show_setup()

    def go_home(self) -> None:
        """Our Back buttons: leave the game (it stays saved) and let the shell show home."""
        self.close_game()
        if not dom.call_shell("showHome"):
            dom.show_root(self.root, False)

    def close_game(self, game_id: Any = None) -> None:
        """Also called by the shell (``picante.closeGame``) on browser Back: stop the bots."""
        self.stop_table()
        self.game_id = None
        self.clear_toast()
        dom.render("")

    def show_setup(self) -> None:
        self.stop_table()
        if self.ui is None or self.setup is None or self.game_id is None:
            return
        save = _load_json(save_key(self.game_id))
        resume = summary_of_save(self.ui, save) if save else None
        tutorial = games.load_tutorial(self.game_id) is not None
        dom.render(render_setup(self.ui, self.setup, resume, tutorial=tutorial))

    # -- games -----------------------------------------------------------------------------

    def start_game(self, session: Session) -> None:
        assert self.ui is not None
        self.stop_table()
        self.table = Table(self, self.ui, session)
        self.save_game(session)
        self.table.start()

    def new_game(self) -> None:
        assert self.setup is not None and self.game_id is not None
        dom.storage_set(setup_key(self.game_id), json.dumps(self.setup.to_dict()))
        seed: int | str | None = self.seed
        session = Session.new(self.game_id, self.setup.active(), self.setup.game_options(), seed)
        session.meta["hints_allowed"] = self.setup.hints
        self.start_game(session)

    def start_tutorial(self) -> None:
        """ "Learn to play": the game's tutorial (``ui.tutorial``), never saved."""
        assert self.ui is not None and self.game_id is not None
        found = games.load_tutorial(self.game_id)
        if found is None:
            self.toast("This game has no tutorial yet.", "info")
            return
        from .tutorial import TutorialTable

        self.stop_table()
        self.table = TutorialTable(self, self.ui, found)
        self.table.start()

    def resume(self) -> None:
        assert self.game_id is not None
        try:
            session = Session.from_save(self.game_id, _load_json(save_key(self.game_id)))
        except (ValueError, KeyError, TypeError) as err:
            dom.storage_remove(save_key(self.game_id))
            dom.warn("picante: could not resume:", err)
            self.show_setup()
            self.toast("That saved game could not be loaded, sorry — start a new one.")
            return
        self.start_game(session)

    def stop_table(self) -> None:
        if self.table is not None:
            self.table.stop()
            self.table = None

    # -- the table loop's host (ui.table.Host) ---------------------------------------------

    def show(self, html: str, status: str) -> None:
        dom.render(html)

    def announce(self, text: str) -> None:
        dom.announce(text)

    def focus(self, selectors: tuple[str, ...], *, move: bool = False) -> None:
        dom.focus(selectors, move=move)

    def save_game(self, session: Session) -> None:
        """Saved once the frame showing the action is painted (``dom.after_paint``): the save
        never delays the answer to a tap. Saves asked for before that paint write once (the
        latest session, as it is then)."""
        if self.unsaved is None:
            dom.after_paint(self.write_save)
        self.unsaved = session

    def write_save(self) -> None:
        # A finished game stays saved too (the setup screen offers no Resume for it): the
        # final state is what the e2e tests check the shown scores against.
        session, self.unsaved = self.unsaved, None
        if session is not None:
            dom.storage_set(save_key(session.game.id), json.dumps(session.to_save()))

    def play_again(self, session: Session) -> None:
        """Same seats and options, a fresh game."""
        again = Session.new(session.game.id, session.seats, session.options)
        again.meta["hints_allowed"] = session.meta.get("hints_allowed", True)
        self.start_game(again)

    def scroll_into_view(self, selector: str) -> None:
        dom.scroll_into_view(selector)

    def warn(self, text: str) -> None:
        dom.warn(text)

    # -- events ----------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        el = dom.closest_data(event, "action")
        action = dom.attr(el, "data-action") or ""
        if action == "dismiss-toast":
            self.clear_toast()
            return
        if action == "home":
            self.go_home()
            return
        if self.table is not None:
            # A move is written in the game's notation: a card's code is its move (data-card).
            move = dom.attr(el, "data-move") or dom.attr(el, "data-card")
            self.table.on_tap(action, move)
            return
        if action == "start":
            self.new_game()
        elif action == "tutorial":
            self.start_tutorial()
        elif action == "resume":
            self.resume()
        elif action == "discard" and self.game_id is not None:
            dom.storage_remove(save_key(self.game_id))
            self.show_setup()

    def on_change(self, event: Any) -> None:
        self._field(event)

    def on_input(self, event: Any) -> None:
        self._field(event)

    def _field(self, event: Any) -> None:
        """A setup edit. Radios and selects send "input" and then "change": the first one
        changes the model and re-renders, the second finds nothing left to change. A typed name
        changes the model without a re-render (the field keeps its focus and caret)."""
        el = dom.closest_data(event, "field")
        if el is None or self.table is not None or self.setup is None or self.game_id is None:
            return
        name = dom.attr(el, "data-field") or ""
        if self.setup.update(name, str(el.value)):
            dom.storage_set(setup_key(self.game_id), json.dumps(self.setup.to_dict()))
            if name.startswith("name-"):  # the names are the settings' (every game's setup)
                self.settings = self.setup.named(self.settings)
                dom.storage_set(SETTINGS_KEY, json.dumps(self.settings.cleaned().to_dict()))
            # A typed name re-renders too: the seat lists ("Who starts") show it at once, and
            # the field keeps its node, focus and caret (same data-key, same value).
            self.show_setup()

    def on_key(self, event: Any) -> None:
        if str(event.key) == "Escape" and self.table is not None:
            self.table.on_tap("escape", None)

    # -- toast -----------------------------------------------------------------------------

    def toast(self, message: str, kind: str = "warn", link: Html = "") -> None:
        dom.set_toast(toast_html(message, kind, link))
        if self._toast_timer is not None:
            self._toast_timer.cancel()
        loop = asyncio.get_event_loop()
        ms = TOAST_LINK_MS if link else TOAST_MS
        self._toast_timer = loop.call_later(ms / 1000, self.clear_toast)

    def clear_toast(self) -> None:
        if self._toast_timer is not None:
            self._toast_timer.cancel()
            self._toast_timer = None
        dom.set_toast("")

    async def warm_up(self) -> None:
        await asyncio.sleep(WARM_UP_AFTER_S)
        try:
            for module in games.warm_up_modules():
                importlib.import_module(module)
                await asyncio.sleep(WARM_UP_GAP_S)  # a tap in between is handled at once
        except Exception as err:  # only a head start: opening the game imports it anyway
            dom.warn(f"picante: warm-up stopped: {err!r}")

    # -- test and measuring hooks ----------------------------------------------------------

    def set_pace(self, pace: Any) -> None:
        """``window.picante.setPace(0.05)``: shorten every visible pause (tests)."""
        self.test_pace = _pace(pace)

    def record(self, d: Decision) -> None:
        entry = {"level": d.level, "seat": d.seat, "ms": round(d.ms, 1), "slices": d.slices}
        self.decisions = [*self.decisions[-199:], entry]
        search = [e["ms"] for e in self.decisions if e["level"] == "search"]
        stats: dict[str, Any] = {"decisions": self.decisions}
        if search:
            stats["search"] = {
                "count": len(search),
                "avg_ms": round(sum(search) / len(search), 1),
                "max_ms": max(search),
            }
        dom.publish("stats", stats)
        if d.level == "search":
            dom.log(
                f"picante: search bot (seat {d.seat}) decided in {d.ms:.0f} ms ({d.slices} slices)"
            )


def _pace(value: Any) -> float:
    try:
        pace = float(value)
    except (TypeError, ValueError):
        return 1.0
    return min(max(pace, 0.0), 5.0)


def _load_json(key: str) -> Any:
    text = dom.storage_get(key)
    if not text:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


APP: App | None = None


def boot() -> App:
    """Called once by ``main.py``: register any extra games the page names (only a test build
    names any), wire the shell's hooks, then tell it Python is ready."""
    global APP
    for module in dom.boot_config().get("register", []):
        importlib.import_module(module)
    APP = app = App()
    dom.export("openGame", app.open_game)
    dom.export("closeGame", app.close_game)
    dom.export("setPace", app.set_pace)
    dom.export("openSettings", app.open_settings)
    dom.publish("stats", {"decisions": []})
    dom.call_shell("pythonReady")
    app.warming = asyncio.ensure_future(app.warm_up())
    return app
