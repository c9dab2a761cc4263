"""The app's Python side: routes the shell's ``openGame(id)`` to a screen and plays Jalape-NO!.

State lives here, in Python: the ``Session`` (engine state + seats), the setup form's model.
Screens are rendered from them by pure functions (``ui.setup``, ``ui.jalapeno_table`` …) and
swapped in by ``ui.dom``; taps come back as (action, card code / field) and nothing else is read
from the page.
"""

from __future__ import annotations

import asyncio
import json
import traceback
from typing import Any

import engine

from . import dom
from .bots import Decision, decide, make_bot
from .cards import colours_of
from .jalapeno_scores import game_over, round_end_screen, score_sheet_dialog
from .jalapeno_table import TableCtx, render_table
from .jalapeno_text import game_over_status, handoff_sentence, trick_sentence, turn_status
from .privacy import privacy_cover
from .session import Outcome, RoundResult, Session, TrickResult
from .setup import SetupModel, render_setup, summary_of_save
from .soon import coming_soon
from .toast import TOAST_MS, toast_html

SAVE_KEY = "picante.jalapeno.save"
SETUP_KEY = "picante.jalapeno.setup"

# Visible pacing, in ms, all scaled by ``App.pace`` (tests set it near 0 through
# ``window.picante.setPace`` or ``?pace=``; the order of events stays the same).
BOT_PAUSE_MS = 750  # a bot "thinks" at least this long so people can follow
TRICK_RESULT_MS = 2400  # who took the trick: long enough to read, a tap skips it
HANDOFF_MS = 700  # pass-and-play: your card lands in the trick before the cover comes up

KNOWN_GAMES = ("jalapeno", "nacho", "taco")


class App:
    def __init__(self) -> None:
        self.root = dom.game_root()
        dom.mount(self.root)
        self.pace = _pace(dom.query_param("pace"))
        self.seed = dom.query_param("seed")  # reproducible deals for tests and bug reports
        self.game_id: str | None = None
        self.setup = SetupModel.from_dict(_load_json(SETUP_KEY))
        self.table: TableController | None = None
        self._toast_timer: asyncio.TimerHandle | None = None
        self.decisions: list[dict[str, Any]] = []
        dom.on(self.root, "click", self.on_click)
        dom.on(self.root, "change", self.on_change)
        dom.on(self.root, "input", self.on_input)
        dom.on(self.root, "keydown", self.on_key)

    # -- routing ---------------------------------------------------------------------------

    def open_game(self, game_id: str) -> None:
        """Called by the shell (``window.picante.openGame``) when a game card is tapped."""
        game_id = str(game_id)
        self.stop_table()
        self.game_id = game_id
        dom.show_root(self.root, True)
        if game_id == "jalapeno":
            self.show_setup()
        else:
            dom.render(coming_soon(game_id))

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
        save = _load_json(SAVE_KEY)
        dom.render(render_setup(self.setup, summary_of_save(save) if save else None))

    # -- Jalape-NO! games ------------------------------------------------------------------

    def start_game(self, session: Session) -> None:
        self.stop_table()
        self.table = TableController(self, session)
        self.table.save()
        self.table.start()

    def new_game(self) -> None:
        dom.storage_set(SETUP_KEY, json.dumps(self.setup.to_dict()))
        seed: int | str | None = self.seed
        self.start_game(Session.new(self.setup.active(), self.setup.rounds, seed))

    def resume(self) -> None:
        try:
            session = Session.from_save(_load_json(SAVE_KEY))
        except (ValueError, KeyError, TypeError) as err:
            dom.storage_remove(SAVE_KEY)
            dom.warn("picante: could not resume:", err)
            self.show_setup()
            self.toast("That saved game could not be loaded, sorry — start a new one.")
            return
        self.start_game(session)

    def stop_table(self) -> None:
        if self.table is not None:
            self.table.stop()
            self.table = None

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
            self.table.on_tap(action, dom.attr(el, "data-card"))
            return
        if action == "start":
            self.new_game()
        elif action == "resume":
            self.resume()
        elif action == "discard":
            dom.storage_remove(SAVE_KEY)
            self.show_setup()

    def on_change(self, event: Any) -> None:
        self._field(event, rerender=True)

    def on_input(self, event: Any) -> None:
        self._field(event, rerender=False)

    def _field(self, event: Any, rerender: bool) -> None:
        el = dom.closest_data(event, "field")
        if el is None or self.table is not None:
            return
        changed = self.setup.update(dom.attr(el, "data-field") or "", str(el.value))
        if changed and rerender:
            dom.storage_set(SETUP_KEY, json.dumps(self.setup.to_dict()))
            self.show_setup()

    def on_key(self, event: Any) -> None:
        if str(event.key) == "Escape" and self.table is not None:
            self.table.on_tap("escape", None)

    # -- toast -----------------------------------------------------------------------------

    def toast(self, message: str, kind: str = "warn") -> None:
        dom.set_toast(toast_html(message, kind))
        if self._toast_timer is not None:
            self._toast_timer.cancel()
        loop = asyncio.get_event_loop()
        self._toast_timer = loop.call_later(TOAST_MS / 1000, self.clear_toast)

    def clear_toast(self) -> None:
        if self._toast_timer is not None:
            self._toast_timer.cancel()
            self._toast_timer = None
        dom.set_toast("")

    # -- test and measuring hooks ----------------------------------------------------------

    def set_pace(self, pace: Any) -> None:
        """``window.picante.setPace(0.05)``: shorten every visible pause (tests)."""
        self.pace = _pace(pace)

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


class TableController:
    """Plays one Jalape-NO! game on screen: an asyncio task that asks the session what happens
    next, renders it, and waits for a bot's decision, a pause or a tap."""

    def __init__(self, app: App, session: Session) -> None:
        self.app = app
        self.session = session
        self.task: asyncio.Task[None] | None = None
        self.turn: asyncio.Future[Outcome] | None = None  # waiting for a human's card
        self.tap: asyncio.Future[None] | None = None  # waiting for "ready" / "continue"
        self.result: TrickResult | None = None
        self.round_result: RoundResult | None = None
        self.last_trick: TrickResult | None = None
        self.fresh: str | None = None
        self.note: str | None = None  # a status line that overrides the turn status
        self.thinking: int | None = None
        self.sheet = False
        self.covered = False
        self.bots = {
            seat: make_bot("jalapeno", cfg.level, seat, f"{session.bot_seed}:{seat}")
            for seat, cfg in enumerate(session.seats)
            if cfg.is_bot
        }

    def start(self) -> None:
        self.task = asyncio.ensure_future(self.run())

    def stop(self) -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()
        for fut in (self.turn, self.tap):
            if fut is not None and not fut.done():
                fut.cancel()

    def save(self) -> None:
        # A finished game stays saved too (the setup screen offers no Resume for it): the
        # final state is what the e2e tests check the shown scores against.
        dom.storage_set(SAVE_KEY, json.dumps(self.session.to_save()))

    def ms(self, base: float) -> float:
        return base * self.app.pace / 1000.0

    # -- the game loop ---------------------------------------------------------------------

    async def run(self) -> None:
        try:
            while not self.session.state.is_over():
                actor = self.session.actor
                assert actor is not None
                if self.session.is_bot(actor):
                    await self.bot_turn(actor)
                elif self.session.needs_cover():
                    await self.cover()
                else:
                    await self.human_turn(actor)
            self.render()
        except asyncio.CancelledError:
            raise
        except Exception as err:  # never leave a silent, frozen table
            dom.warn("picante: table error\n" + traceback.format_exc())
            self.app.toast(f"Something went wrong: {err}")

    async def bot_turn(self, seat: int) -> None:
        s = self.session
        self.thinking = seat
        self.render()
        await asyncio.sleep(0)  # end this task: the page shows the move before the bot thinks
        started = asyncio.get_event_loop().time()
        decision = await decide(
            self.bots[seat], s.state.view(seat), s.legal(seat), lambda: asyncio.sleep(0)
        )
        self.app.record(decision)
        spent = asyncio.get_event_loop().time() - started
        await asyncio.sleep(max(0.0, self.ms(BOT_PAUSE_MS) - spent))
        self.thinking = None
        await self.after(s.play(seat, decision.action))

    async def cover(self) -> None:
        self.covered = True
        self.render()
        await self.wait_tap()
        self.covered = False
        self.session.reveal()

    async def human_turn(self, seat: int) -> None:
        self.turn = asyncio.get_event_loop().create_future()
        self.render()
        dom.scroll_into_view(".hand .card.legal")  # a lone legal card may be off-strip
        outcome = await self.turn
        self.turn = None
        await self.after(outcome)

    async def after(self, outcome: Outcome) -> None:
        """Show what a play caused: the card landing, the trick's winner, the round's scores."""
        dom.after_paint(self.save)  # the frame answering the tap first, then the save
        self.fresh = outcome.card
        self.last_trick = outcome.trick
        if outcome.round is not None:
            # The engine has dealt the next round already: the round-end screen replaces the
            # table (it shows the last trick too) until a tap. Game over: the loop ends.
            if not outcome.over:
                self.round_result = outcome.round
                self.render()
                await self.wait_tap()
                self.round_result = None
        elif outcome.trick is not None:
            self.result = outcome.trick
            self.render()
            await self.wait_tap(self.ms(TRICK_RESULT_MS))
            self.result = None
        elif (
            self.session.hot_seat
            and self.session.viewer is None
            and not self.session.is_bot(outcome.seat)
        ):
            # Pass-and-play: the player sees their card land, their hand already hidden.
            nxt = self.session.actor
            self.note = handoff_sentence(self.session, outcome, nxt)
            self.render()
            await self.wait_tap(self.ms(HANDOFF_MS))
            self.note = None

    async def wait_tap(self, timeout: float | None = None) -> None:
        """Until a "continue" tap, or ``timeout`` seconds (None: only the tap)."""
        self.tap = fut = asyncio.get_event_loop().create_future()
        handle = None
        if timeout is not None:
            handle = asyncio.get_event_loop().call_later(
                timeout, lambda: fut.done() or fut.set_result(None)
            )
        try:
            await fut
        finally:
            if handle is not None:
                handle.cancel()
            self.tap = None

    # -- taps ------------------------------------------------------------------------------

    def on_tap(self, action: str, card: str | None) -> None:
        if action == "scores":
            self.sheet = True
            self.render()
            return
        if action in ("close-sheet", "escape") and self.sheet:
            self.sheet = False
            self.render()
            return
        if action == "play-again":
            self.app.start_game(
                Session.new(self.session.seats, self.session.state.rounds)  # type: ignore[attr-defined]
            )
            return
        if action == "setup":
            self.app.show_setup()
            return
        if self.tap is not None and not self.tap.done():
            # A result or cover is up: "continue" taps (anywhere on a result) move on.
            if action in ("reveal", "next-round") or (
                self.result is not None and action in ("dismiss", "play", "escape", "")
            ):
                self.tap.set_result(None)
            return
        if action == "play" and card is not None:
            self.play(card)

    def play(self, card: str) -> None:
        s = self.session
        actor = s.actor
        if self.turn is None or self.turn.done() or actor is None or s.viewer != actor:
            who = "" if actor is None else s.name(actor)
            self.app.toast(f"Wait for your turn — it's {who}'s turn." if who else "Game over.")
            return
        try:
            outcome = s.play(actor, card)  # the engine decides; an illegal card changes nothing
        except engine.IllegalAction as err:
            self.app.toast(str(err))
            return
        self.app.clear_toast()
        self.turn.set_result(outcome)

    # -- drawing ---------------------------------------------------------------------------

    def render(self) -> None:
        s = self.session
        if self.covered:
            # Only the cover: nothing of anybody's hand is in the DOM while it is up.
            actor = s.actor
            name = s.name(actor) if actor is not None else ""
            dom.render(privacy_cover(name))
            dom.announce(f"Pass the device to {name}")
            return
        view = s.view()
        if view["over"]:
            dom.render(game_over(s, view, self.last_trick))
            dom.announce(game_over_status(s, view))
            return
        if self.round_result is not None:
            dom.render(round_end_screen(s, self.round_result, self.last_trick, colours_of(view)))
            dom.announce(f"Round {self.round_result.round_no} is over")
            return
        if self.result is not None:
            status = trick_sentence(s, self.result)
        elif self.note:
            status = self.note
        else:
            status = turn_status(s, view)
        html = render_table(
            s,
            view,
            TableCtx(
                status=status,
                interactive=self.turn is not None and self.result is None,
                thinking=self.thinking,
                result=self.result,
                fresh=self.fresh,
            ),
        )
        if self.sheet:
            html += score_sheet_dialog(s, view)
        dom.render(html)
        dom.announce(status)
        self.fresh = None  # the card just played slides in once, not on every re-render


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
    """Called once by ``main.py``: wire the shell's hooks, then tell it Python is ready."""
    global APP
    APP = app = App()
    dom.export("openGame", app.open_game)
    dom.export("closeGame", app.close_game)
    dom.export("setPace", app.set_pace)
    dom.publish("stats", {"decisions": []})
    dom.call_shell("pythonReady")
    return app
