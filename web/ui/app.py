"""The app's Python side: routes the shell's ``openGame(id, rest)`` to a game's setup, a saved
game or a "coming soon" screen, keeps the saved games, and hosts the table loop (``ui.table``).

Nothing here names a game: which games exist comes from ``ui.games`` (one line per game's UI)
and the engine's registry; a game's UI module, and its engine, are imported when it opens.
State lives here, in Python: the ``Session`` (the game's record and states, seats), the setup
form's model, the saved games' rows. Screens are rendered from them by pure functions and
swapped in by ``ui.dom``; taps come back as (action, move / field) and nothing else is read
from the page.

Saved games (``ui.saves``, ``ui.home``): every game is its record, written with a small row to
the browser's database after every action, once the frame showing it is painted. Routes:
``#/<game>`` its setup, ``#/<game>/saved/<id>`` a saved game, ``#/<game>/replay/<id>`` a
finished game's replay (``open_replay``). The home screen's "Continue" list and history are
drawn here once Python is ready.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine import get_game as engine_game
from engine.record import RecordError
from engine.resume import Resumed, resume

from . import dom, games
from .bots import Decision
from .home import (
    confirm_dialog,
    damaged_screen,
    message_screen,
    render_history,
    render_saved,
    saved_route,
    setup_saved,
)
from .html import Html
from .linking import Linking
from .meter import METER
from .saves import OVER, PLAYING, Damaged, Row, new_id, read_row, row_of
from .session import BOT, HUMAN, SeatConfig, Session, clean_name
from .settings import STORAGE_KEY as SETTINGS_KEY
from .settings import Settings, settings_dialog
from .setup import SetupModel, render_setup
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
WARM_UP_PAUSED_S = 0.5  # how often a warm-up paused by a game looks whether it is over
CHECK_GAP_S = 0.05  # between two saved games checked in the background

SAVED_ID = "saved-games"  # the home's "Continue" list (web/index.html)
HISTORY_ID = "history"  # the home's finished games


def setup_key(game_id: str) -> str:
    return f"picante.{game_id}.setup"


def old_save_key(game_id: str) -> str:
    """Where the app kept one snapshot per game before games were records (dropped)."""
    return f"picante.{game_id}.save"


class App(Linking):
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
        self._toast_timer: asyncio.TimerHandle | None = None
        self.decisions: list[dict[str, Any]] = []
        self.warming: asyncio.Future[None] | None = None
        # Saved games: their rows as last read or written, by id.
        self.titles = {g["id"]: g["title"] for g in dom.shell_games()}
        self.entries: dict[str, Row | Damaged] = {}
        self.checked: set[tuple[str, float]] = set()  # (id, updated) checked in the background
        self.damaged: dict[str, Resumed] = {}  # opened in part, waiting for the player's choice
        self.notice = ""  # said once on the home screen (saves of an earlier version dropped)
        self.storage_error: str | None = None
        self.unsaved: Session | None = None  # the latest save asked for, not written yet
        self.painting = False  # a write waits for the next paint
        self.writing = False
        self.persist_asked = False
        self.opening: object | None = None  # the latest saved game being opened
        self.showing: str | None = None  # the saved game on screen (or being opened)
        self.confirming: Callable[[], Any] | None = None
        self.bots_go = asyncio.Event()  # cleared by ``holdBots(true)`` (tests): bots wait
        self.bots_go.set()
        dom.on_tap(self.root, self.on_click)  # a finger's tap answers as it lifts
        dom.on(self.root, "change", self.on_change)
        dom.on(self.root, "input", self.on_input)
        dom.on(self.root, "keydown", self.on_key)
        for part in (SAVED_ID, HISTORY_ID):
            el = dom.element(part)
            if el is not None:
                dom.on_tap(el, self.on_home_click)
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
        self.confirming = None
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

    # -- routing ---------------------------------------------------------------------------

    def open_game(self, game_id: str, rest: Any = None) -> None:
        """Called by the shell (``window.picante.openGame``) for ``#/<game>[/<rest>]``."""
        game_id = str(game_id)
        rest = "" if dom.missing(rest) else str(rest)
        self.stop_table()
        self.close_dialog()
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
        if self.route_link(game_id, rest):  # a shared game, a challenge (ui.linking)
            self.showing = None
            return
        kind, _, saved_id = rest.partition("/")
        self.showing = saved_id or None
        if kind == "saved" and saved_id:
            self.start_opening(self.open_saved(game_id, saved_id))
        elif kind == "replay" and saved_id:
            self.start_opening(self.open_replay(game_id, saved_id))
        else:
            self.show_setup()

    def go_home(self) -> None:
        """Our Back buttons: leave the game (it stays saved) and let the shell show home."""
        self.close_game()
        if not dom.call_shell("showHome"):
            dom.show_root(self.root, False)

    def close_game(self, game_id: Any = None) -> None:
        """Also called by the shell (``picante.closeGame``) on browser Back: stop the bots."""
        self.stop_table()
        self.close_dialog()
        self.game_id = None
        self.opening = self.showing = None
        self.clear_toast()
        dom.render("")
        self.render_home()

    def show_setup(self) -> None:
        self.stop_table()
        if self.ui is None or self.setup is None or self.game_id is None:
            return
        saved = setup_saved(list(self.entries.values()), self.game_id, self.ui.title, dom.now_ms())
        tutorial = games.load_tutorial(self.game_id) is not None
        html = render_setup(self.ui, self.setup, saved, tutorial=tutorial)
        daily = self.daily_offer(self.game_id)  # (ui.linking) on top of the setup's body
        dom.render(html.replace('<div class="setup-body">', '<div class="setup-body">' + daily, 1))

    def set_route(self, route: str) -> None:
        """The address of what is on screen (a reload opens it again), without opening it."""
        dom.call_shell("setRoute", route)

    # -- games -----------------------------------------------------------------------------

    def start_game(self, session: Session, *, save: bool = True) -> None:
        assert self.ui is not None
        self.stop_table()
        self.table = Table(self, self.ui, session)
        if session.saved_id is not None:
            self.showing = session.saved_id
            self.set_route(saved_route(session.game.id, session.saved_id))
        if save:
            self.save_game(session)
        self.table.start()

    def new_game(self) -> None:
        """A new game, under a new id: a game in progress is never overwritten."""
        assert self.setup is not None and self.game_id is not None
        dom.storage_set(setup_key(self.game_id), json.dumps(self.setup.to_dict()))
        seed: int | str | None = self.seed
        session = Session.new(self.game_id, self.setup.active(), self.setup.game_options(), seed)
        session = self.saved(session)
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

    def saved(self, session: Session, saved_id: str | None = None) -> Session:
        """``session`` with its place among the saved games (a new one unless given)."""
        session.saved_id = saved_id or new_id()
        known = self.entries.get(session.saved_id)
        row = known if isinstance(known, Row) else known.row if isinstance(known, Damaged) else None
        session.created = row.created if row is not None else dom.now_ms()
        if row is not None:
            session.meta = dict(row.meta)
        return session

    def play_again(self, session: Session) -> None:
        """Same seats and options, a fresh game."""
        again = self.saved(Session.new(session.game.id, session.seats, session.record.options))
        again.meta["hints_allowed"] = session.meta.get("hints_allowed", True)
        self.start_game(again)

    def start_opening(self, work: Any) -> None:
        token = self.opening = object()
        dom.render(message_screen(self.ui.title if self.ui else "", "Opening…", ""))

        async def run() -> None:
            try:
                await work(token)
            except Exception as err:  # never a silent, frozen screen
                dom.warn(f"picante: could not open a saved game: {err!r}")
                if self.opening is token:
                    dom.render(
                        message_screen(self.title(), "This game could not be opened", str(err))
                    )

        asyncio.ensure_future(run())

    async def read_saved(self, saved_id: str) -> tuple[str, Any] | None:
        """A saved game's record text and checkpoint (parsed), None if it is not there."""
        found = await dom.db_record(saved_id)
        if found is None or found[0] is None:
            return None
        text, checkpoint = found
        try:
            point = json.loads(checkpoint) if checkpoint else None
        except ValueError:
            point = None  # a damaged checkpoint only costs time: the record replays whole
        return text, point

    async def read_resumed(
        self, saved_id: str, token: object, not_here: str
    ) -> Resumed | RecordError | None:
        """The saved game ``saved_id`` read and resumed (a record that does not even parse: its
        ``RecordError``); None once the screen says it is not here, or when another route was
        opened meanwhile (``token``)."""
        try:
            found = await self.read_saved(saved_id)
        except dom.StorageError as err:
            found, problem = None, f"Saved games cannot be read on this device now ({err})."
        else:
            problem = "It may have been deleted in another tab."
        if self.opening is not token:
            return None
        if found is None:
            dom.render(message_screen(self.title(), not_here, problem))
            return None
        try:
            return resume(*found)
        except RecordError as err:
            return err

    def open_saved(self, game_id: str, saved_id: str) -> Callable[[object], Any]:
        async def work(token: object) -> None:
            opened = await self.read_resumed(saved_id, token, "This saved game is not here")
            if opened is None:
                return
            if isinstance(opened, RecordError):
                dom.render(damaged_screen(self.title(), str(opened), None, saved_id))
                return
            if opened.record.game != game_id:
                why = "It is a game of another kind."
                dom.render(message_screen(self.title(), "This saved game is of another game", why))
                return
            if opened.error is not None:
                self.damaged[saved_id] = opened
                dom.render(
                    damaged_screen(self.title(), str(opened.error), len(opened.record), saved_id)
                )
                return
            self.start_game(self.saved(Session.resumed(opened), saved_id), save=False)

        return work

    def open_damaged(self, saved_id: str) -> None:
        """The player chose to open a damaged game up to its last good action: the rest is
        dropped now (written at once)."""
        opened = self.damaged.pop(saved_id, None)
        if opened is None or self.ui is None:
            self.toast("That saved game is no longer open here.")
            return
        self.entries.pop(saved_id, None)
        self.start_game(self.saved(Session.resumed(opened), saved_id))

    def open_position(self, game_id: str, state: str, seats: Any = None) -> None:
        """``window.picante.openPosition(id, stateJson, seatsJson)``: play on from a fixed
        position (a state's ``to_dict`` as JSON) — for tests and tutorials. ``seatsJson``: the
        seats as a record writes them (``[{"name": "Ana", "bot": null}, ...]``); by default
        the first seat is a human and the others bots. Such a game is not saved: its record
        does not start from a deal."""
        game_id = str(game_id)
        self.open_game(game_id, "position")
        position = engine_game(game_id).from_dict(json.loads(str(state)))
        given = [] if dom.missing(seats) else json.loads(str(seats))
        configs = []
        for i in range(position.players):
            seat = given[i] if i < len(given) and isinstance(given[i], dict) else {}
            bot = seat.get("bot", None if i == 0 else "heuristic")
            name = clean_name(seat.get("name"), i)
            configs.append(SeatConfig(name, HUMAN) if bot is None else SeatConfig(name, BOT, bot))
        self.showing = None
        self.set_route(f"{game_id}/position")
        self.start_game(Session(game_id, position, configs, "1"), save=False)

    def stop_table(self) -> None:
        self.replay = None
        if self.table is not None:
            self.table.stop()
            self.table = None

    def title(self) -> str:
        return self.ui.title if self.ui is not None else ""

    # -- saving (the table loop's host: save_game) -----------------------------------------

    def save_game(self, session: Session) -> None:
        """Written once the frame showing the action is painted (``dom.after_paint``): the save
        never delays the answer to a tap. Saves asked for meanwhile write once (the latest
        session, as it is then)."""
        if not session.savable or session.saved_id is None:
            return
        self.unsaved = session
        if not self.painting and not self.writing:
            self.painting = True
            dom.publish("saving", True)  # tests wait for it to be written (``e2e/conftest.py``)
            dom.after_paint(self.flush)

    def flush(self) -> None:
        self.painting = False
        asyncio.ensure_future(self.write_saves())

    async def write_saves(self) -> None:
        if self.writing:
            return
        self.writing = True
        try:
            while self.unsaved is not None:
                session, self.unsaved = self.unsaved, None
                await self.write(session)
        finally:
            self.writing = False
            dom.publish("saving", self.painting)

    async def write(self, session: Session) -> None:
        assert session.saved_id is not None
        ui = self.ui if self.ui is not None and self.ui.game is session.game else None
        ui = ui or games.load_ui(session.game.id)
        with METER.time("save"):
            row = row_of(session, ui, session.created or dom.now_ms(), dom.now_ms())
            put = dom.db_put(
                session.saved_id,
                json.dumps(row),
                session.record.to_text(),
                session.checkpoint_text(),
            )
        try:
            await put
        except dom.StorageError as err:
            self.storage_failed(str(err))
            return
        self.entries[session.saved_id] = read_row(session.saved_id, row, self.titles)
        if self.storage_error is not None:
            self.storage_error = None
            self.toast("Saving works again: this game is saved.", "info")
        dom.publish(
            "lastSave",
            {"id": session.saved_id, "actions": len(session.record), "status": row["status"]},
        )
        if not self.persist_asked:
            self.persist_asked = True
            dom.publish("persisted", await dom.db_persist())

    def storage_failed(self, reason: str) -> None:
        """Tell the player once (and on the home screen while it lasts); play goes on, and
        what was stored stays as it was."""
        dom.warn(f"picante: could not save: {reason}")
        if self.storage_error is None:
            self.toast(
                "This game can't be saved on this device right now (storage is full or"
                " unavailable). Keep playing: nothing saved before is lost."
            )
        self.storage_error = reason
        dom.publish("storageError", reason)

    # -- the home screen -------------------------------------------------------------------

    async def load_saved(self) -> None:
        """Read every saved game's row, list them, then check the games in progress."""
        try:
            found = await dom.db_rows()
        except dom.StorageError as err:
            self.storage_error = str(err)
            self.notice = "Saved games are not available on this device right now."
            self.render_home()
            return
        for key, text in found:
            try:
                data = json.loads(text) if text is not None else None
            except ValueError:
                data = None
            if key not in self.entries:
                self.entries[key] = read_row(key, data, self.titles)
        self.render_home()
        if self.warming is not None:
            await self.warming
        await self.check_saved()

    async def check_saved(self) -> None:
        """Open each game in progress in the background, one per turn of the event loop: a
        damaged one is listed as damaged (with its message) before anyone taps it."""
        for key, entry in list(self.entries.items()):
            if not isinstance(entry, Row) or entry.status != PLAYING:
                continue
            if (key, entry.updated) in self.checked or self.table is not None:
                continue
            self.checked.add((key, entry.updated))
            damaged = None
            try:
                found = await self.read_saved(key)
                opened = resume(*found) if found is not None else None
            except (dom.StorageError, RecordError) as err:
                damaged = Damaged(key, entry.game, str(err), None, entry)
            else:
                if found is None:
                    damaged = Damaged(key, entry.game, "Its record is missing.", None)
                elif opened is not None and opened.error is not None:
                    message = str(opened.error)
                    damaged = Damaged(key, entry.game, message, len(opened.record), entry)
            # Abandoned (or saved anew) while it was read: what was read says nothing of it now,
            # and a game just deleted must not come back as damaged.
            if damaged is not None and self.entries.get(key) is entry:
                self.entries[key] = damaged
            self.render_home()
            await asyncio.sleep(CHECK_GAP_S)

    def render_home(self) -> None:
        if self.game_id is not None:
            return  # drawn when the player comes back
        entries = list(self.entries.values())
        notice = self.notice
        if self.storage_error is not None:
            notice = (notice + " " if notice else "") + (
                "Games can't be saved on this device right now (storage is full or unavailable)."
            )
        now = dom.now_ms()
        dom.render_into(SAVED_ID, render_saved(entries, self.titles, now, notice))
        dom.render_into(HISTORY_ID, render_history(entries, self.titles, now))

    def abandon(self, saved_id: str, what: str) -> None:
        entry = self.entries.get(saved_id)
        game = entry.game if entry is not None else None
        title = self.titles.get(game or "", "saved")
        texts = {
            "abandon": (f"Abandon this {title} game?", "It will be deleted.", "Abandon"),
            "delete": ("Delete this damaged game?", "It cannot be brought back.", "Delete"),
        }
        heading, text, yes = texts[what]
        self.confirm(heading, text, yes, lambda: self.remove([saved_id]))

    def clear_history(self) -> None:
        done = [k for k, e in self.entries.items() if isinstance(e, Row) and e.status == OVER]
        self.confirm(
            "Clear the history?",
            f"The {len(done)} finished games and their figures will be deleted."
            " Games in progress stay.",
            "Clear history",
            lambda: self.remove(done),
        )

    async def remove(self, ids: list[str]) -> None:
        try:
            await dom.db_remove(ids)
        except dom.StorageError as err:
            self.toast(f"Could not delete: {err}")
            return
        for key in ids:
            self.entries.pop(key, None)
            self.damaged.pop(key, None)
        if self.showing in ids:
            self.go_home()  # the damaged game on screen is gone
            return
        if self.game_id is not None and self.table is None and self.setup is not None:
            self.show_setup()  # its list of games in progress
        self.render_home()

    # -- confirmations ---------------------------------------------------------------------

    def confirm(self, title: str, text: str, yes: str, then: Callable[[], Any]) -> None:
        self.confirming = then
        dom.render_into(dom.DIALOG_ID, confirm_dialog(title, text, yes))

    def close_dialog(self) -> None:
        self.confirming = self.sheet = None
        self.settings_open = False
        dom.render_into(dom.DIALOG_ID, "")

    def on_dialog_click(self, event: Any) -> None:
        """The dialog host holds a confirmation or the settings (ui.settings)."""
        action = dom.attr(dom.closest_data(event, "action"), "data-action") or ""
        if self.sheet_tap(action):
            return
        if action == "close-settings":
            self.close_settings()
        elif action == "confirm" and self.confirming is not None:
            then = self.confirming
            self.close_dialog()
            result = then()
            if asyncio.iscoroutine(result):
                asyncio.ensure_future(result)
        elif action == "cancel":
            self.close_dialog()

    def on_dialog_key(self, event: Any) -> None:
        if str(event.key) == "Escape":
            if self.settings_open:
                self.close_settings()
            else:
                self.close_dialog()

    # -- the table loop's host (ui.table.Host) ---------------------------------------------

    def show(self, html: str, status: str) -> None:
        dom.render(self.over_note(html))

    def announce(self, text: str) -> None:
        dom.announce(text)

    def focus(self, selectors: tuple[str, ...], *, move: bool = False) -> None:
        dom.focus(selectors, move=move)

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
        if self.replay is not None:
            self.replay_tap(action, dom.attr(el, "data-move"))
            return
        if action == "challenge-play":
            self.challenge_play()
            return
        if self.table is not None:
            # A move is written in the game's notation: a card's code is its move (data-card).
            move = dom.attr(el, "data-move") or dom.attr(el, "data-card")
            self.table.on_tap(action, move)
            return
        saved_id = dom.attr(el, "data-saved") or ""
        if action == "start":
            self.new_game()
        elif action in ("abandon", "delete") and saved_id:
            self.abandon(saved_id, action)
        elif action == "open-damaged" and saved_id:
            self.open_damaged(saved_id)
        elif action == "tutorial":
            self.start_tutorial()

    def on_home_click(self, event: Any) -> None:
        el = dom.closest_data(event, "action")
        action = dom.attr(el, "data-action") or ""
        saved_id = dom.attr(el, "data-saved") or ""
        if action in ("abandon", "delete") and saved_id:
            self.abandon(saved_id, action)
        elif action == "clear-history":
            self.clear_history()

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
                # Only while no game is on screen: an import is one long task (up to ~200 ms
                # for a game's UI and bots), which a table would show as a stalled frame; the
                # game that opened imported its own modules already.
                while self.table is not None or self.replay is not None:
                    await asyncio.sleep(WARM_UP_PAUSED_S)
                with METER.time("warm-up import"):
                    importlib.import_module(module)
                await asyncio.sleep(WARM_UP_GAP_S)  # a tap in between is handled at once
            gc.freeze()  # the modules imported: out of every later collection (see boot)
        except Exception as err:  # only a head start: opening the game imports it anyway
            dom.warn(f"picante: warm-up stopped: {err!r}")

    # -- test and measuring hooks ----------------------------------------------------------

    async def bot_gate(self) -> None:
        await self.bots_go.wait()

    async def next_frame(self) -> None:
        await dom.next_frame()

    def hold_bots(self, hold: Any) -> None:
        """``window.picante.holdBots(true)``: bots wait before choosing until released (tests
        that must act while a bot is thinking, without racing it)."""
        if hold:
            self.bots_go.clear()
        else:
            self.bots_go.set()

    def set_pace(self, pace: Any) -> None:
        """``window.picante.setPace(0.05)``: shorten every visible pause (tests)."""
        self.test_pace = _pace(pace)

    def record(self, d: Decision) -> None:
        entry = {"level": d.level, "seat": d.seat, "ms": round(d.ms, 1), "slices": d.slices}
        entry["at"] = round(d.started_ms, 1)  # for the bench: frame gaps while a bot thinks
        entry.update(longest_slice_ms=round(d.longest_slice_ms, 1), iterations=d.iterations)
        self.decisions = [*self.decisions[-199:], entry]
        search = [e["ms"] for e in self.decisions if e["level"] == "search"]
        stats: dict[str, Any] = {"decisions": self.decisions, "work": METER.summary()}
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


def drop_old_saves(game_ids: list[str]) -> int:
    """Games saved by an earlier version were one snapshot per game, not records: they cannot
    become records (their actions were not kept), so they are removed, and counted."""
    dropped = 0
    for game_id in game_ids:
        if dom.storage_get(old_save_key(game_id)) is not None:
            dom.storage_remove(old_save_key(game_id))
            dropped += 1
    return dropped


APP: App | None = None


def boot() -> App:
    """Called once by ``main.py``: register any extra games the page names (only a test build
    names any), wire the shell's hooks, then tell it Python is ready; the saved games are read
    after that."""
    global APP
    for module in dom.boot_config().get("register", []):
        importlib.import_module(module)
    APP = app = App()
    if drop_old_saves(list(app.titles)):
        app.notice = (
            "Games saved by an earlier version of Picante could not be kept: games are now"
            " saved in a new way."
        )
    dom.export("openGame", app.open_game)
    dom.export("closeGame", app.close_game)
    dom.export("setPace", app.set_pace)
    dom.export("openPosition", app.open_position)
    dom.export("holdBots", app.hold_bots)
    dom.export("openSettings", app.open_settings)
    dom.publish("stats", {"decisions": []})
    # Python's start-up heap (the runtime, the engine, the UI) out of every later collection:
    # each traversed it all (in the browser, collections of 50-90 ms as the warm-up imported,
    # a stalled frame on the home or set-up screen). ``ui.bots`` freezes again before the
    # first decision, the warm-up once it has imported everything.
    gc.freeze()
    METER.watch_collections()
    dom.call_shell("pythonReady")
    app.warming = asyncio.ensure_future(app.warm_up())
    asyncio.ensure_future(app.load_saved())
    return app
