"""The table loop every game shares: who acts next, the pass-the-device cover, bots thinking in
slices, what an action caused, and the screen that shows it.

One explicit value says what is on screen (``Screen``); the loop is the only thing that changes
it. The loop drives every seat in ``current_players()`` — one after the other, humans on screen
first, then bots — so a simultaneous choice (everyone picks, then the reveal) needs nothing
special: each human in turn gets the cover, picks behind it, and hands the device on with a
sentence that says *that* they chose, never *what*. What happened is learnt only from the views'
``events`` (``Session.play`` -> ``Happened``); how it looks is the game's UI (``ui.generic`` and
``ui/games/<id>/``).

The page is reached through a small ``Host`` (``ui.app`` in the browser, a fake in the CPython
tests), so the whole loop runs and is tested without a browser.
"""

from __future__ import annotations

import asyncio
import traceback
from typing import TYPE_CHECKING, Any, Protocol

import engine

from . import hints, sheets
from .bots import Decision, PageTurns, decide, make_bot
from .chrome import with_share
from .html import Html
from .meter import METER
from .privacy import privacy_cover
from .rules import section_for
from .scene import Pause, Scene, Screen
from .session import Events, Happened, Session
from .tools import PLATFORM_ACTIONS, game_sheets, menu_sheet

if TYPE_CHECKING:
    from .generic import GenericUI

# Visible pacing, in ms, all scaled by ``Host.pace`` (tests set it near 0; the order of events
# stays the same).
BOT_PAUSE_MS = 750  # a bot "thinks" at least this long so people can follow
HANDOFF_MS = 700  # pass-and-play: the action is seen landing before the cover comes up
HISTORY = 8  # actions kept for the narration lines
UNDO_LINES = 64  # actions back for which an undo restores the narration lines
# Where focus goes on a human's turn (the first that exists), and on any other screen when the
# focused control went away (ui.dom.focus).
FOCUS_TURN = (
    '[data-hint="true"]',
    '[data-action="play"][data-legal="true"]',
    '[data-legal="true"]',
    '[data-testid="status"]',
)
FOCUS_ELSE = (
    '[data-action="dismiss"]',  # a result: Enter moves on
    '[data-action="continue"]',
    '[data-action="next-round"]',
    "[autofocus]",
    '[data-testid="status"]',
    "h1",
)


class Host(Protocol):
    """What the table needs from the page (``ui.app.App`` in the browser)."""

    pace: float

    def show(self, html: str, status: str) -> None: ...
    def announce(self, text: str) -> None: ...
    def toast(self, message: str, kind: str = "warn", link: Html = "") -> None: ...
    def warn(self, text: str) -> None: ...
    def clear_toast(self) -> None: ...
    def save_game(self, session: Session) -> None: ...
    def record(self, decision: Decision) -> None: ...
    def scroll_into_view(self, selector: str) -> None: ...
    def play_again(self, session: Session) -> None: ...
    def show_setup(self) -> None: ...
    def replay_game(self, session: Session) -> None: ...
    def share_game(self, session: Session) -> None: ...
    async def bot_gate(self) -> None: ...
    async def next_frame(self) -> None: ...
    def open_settings(self) -> None: ...
    def focus(self, selectors: tuple[str, ...], *, move: bool = False) -> None: ...


class Table:
    """Plays one game on screen: an asyncio task that asks the session who acts, draws the
    screen, and waits for a bot's decision, a pause or a tap."""

    def __init__(self, host: Host, ui: GenericUI, session: Session) -> None:
        self.host = host
        self.ui = ui
        self.session = session
        self.screen = Screen.START
        self.seat: int | None = None
        self.pause: Pause | None = None
        self.dialog: str | None = None
        self.history: tuple[Happened, ...] = ()
        self.fresh: Events = ()
        # The last action shown (``show``) and its pause; what is on screen (``go``).
        self.shown: Happened | None = None
        self.shown_pause: Pause | None = None
        self.drawn: tuple[Screen, int | None, Pause | None, Happened | None] | None = None
        self.task: asyncio.Task[None] | None = None
        # The narration lines as they were before the action that made the record this long:
        # an undo puts them back (the record and the states are the session's).
        self.lines_before: dict[int, tuple[Happened, ...]] = {}
        # The one thing the loop is waiting for on screen: a human's action on TURN (its result
        # is what the action caused), or a tap on COVER, RESULT, BREAK, HANDOFF (None).
        self.waiting: asyncio.Future[Any] | None = None
        self.dialog_arg: str | None = None  # the Rules sheet's section to open on
        self.hint: hints.Hint | None = None  # asked for on this turn (ui.hints)
        self.hinting: asyncio.Future[None] | None = None
        self.seen: list[Happened] = []  # every action shown since the table opened (the Log)
        game = session.game
        self.bots = {
            seat: make_bot(
                game.id, cfg.level, seat, f"{session.bot_seed}:{seat}", players=len(session.seats)
            )
            for seat, cfg in enumerate(session.seats)
            if cfg.is_bot
        }

    def start(self) -> None:
        self.task = asyncio.ensure_future(self.run())

    def stop(self) -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()
        if self.hinting is not None and not self.hinting.done():
            self.hinting.cancel()
        if self.waiting is not None and not self.waiting.done():
            self.waiting.cancel()

    def page_turns(self) -> PageTurns:
        """What a bot thinking at this table gives the page between slices (``ui.bots``)."""
        return PageTurns(self.host.next_frame, lambda: asyncio.sleep(0))

    def ms(self, base: float) -> float:
        return base * self.host.pace / 1000.0

    # -- the loop --------------------------------------------------------------------------

    async def run(self) -> None:
        try:
            while True:
                seat = self.session.next_seat()
                if seat is None:
                    self.go(Screen.OVER)
                    return
                if self.session.is_bot(seat):
                    await self.bot_turn(seat)
                elif self.session.needs_cover(seat):
                    self.go(Screen.COVER, seat)
                    await self.wait()
                    self.session.reveal(seat)
                else:
                    await self.human_turn(seat)
        except asyncio.CancelledError:
            raise
        except Exception as err:  # never leave a silent, frozen table
            self.host.warn("picante: table error\n" + traceback.format_exc())
            self.host.toast(f"Something went wrong: {err}")

    async def bot_turn(self, seat: int) -> None:
        s = self.session
        self.go(Screen.THINKING, seat)
        await asyncio.sleep(0)  # end this task: the page shows the move before the bot thinks
        await self.host.bot_gate()  # (tests may hold the bots: ``window.picante.holdBots``)
        loop = asyncio.get_event_loop()
        started = loop.time()
        # The thinking starts once the frame showing the move is painted (its wait is part of
        # the bot's pause): a new screen's first style and layout (a game's first table: 30-50
        # ms) and a frame's worth of thinking in one frame would be a gap over 50 ms.
        await self.host.next_frame()
        decision = await decide(
            self.bots[seat], s.state.view(seat), s.legal(seat), self.page_turns()
        )
        self.host.record(decision)
        spent = loop.time() - started
        await asyncio.sleep(max(0.0, self.ms(BOT_PAUSE_MS) - spent))
        with METER.time("play"):
            happened = s.play(seat, decision.action)
        await self.after(happened)

    async def human_turn(self, seat: int) -> None:
        self.go(Screen.TURN, seat)
        if self.ui.legal_selector:
            self.host.scroll_into_view(self.ui.legal_selector)  # a lone legal one may be off-strip
        # Keyboard and screen-reader players land on their first choice (never the page's body
        # or a card that is not theirs to play).
        self.host.focus(FOCUS_TURN, move=True)
        happened = await self.wait()
        await self.after(happened)

    async def after(self, happened: Happened) -> None:
        """Show what an action caused (``show``) and stay on its pause until a tap or its time."""
        pause = self.show(happened)
        if pause is not None:
            await self.wait(None if pause.ms is None else self.ms(pause.ms))

    def show(self, happened: Happened, *, ahead: bool = False) -> Pause | None:
        """Record what an action caused and draw it: the game's pause (a trick won, a round
        scored, a reveal), or in pass-and-play the hand-off sentence before the cover. Once per
        action: a human's action is shown from the tap itself, ``ahead`` of the loop (with the
        next screen when there is no pause), so that the tap answers in its own task instead of
        a task later; the loop's own call then finds it done."""
        if self.shown is happened:
            return self.shown_pause
        s = self.session
        self.host.save_game(s)
        self.lines_before[len(s.record)] = self.history
        self.lines_before.pop(len(s.record) - UNDO_LINES, None)
        self.history = (*self.history, happened)[-HISTORY:]
        self.seen.append(happened)
        self.fresh = happened.for_seat(s.viewer)
        pause = None
        if not s.state.is_over():  # else the game-over screen shows the last of it
            pause = self.ui.pause(s, self.fresh)
            if pause is None and s.hot_seat and s.viewer is None and not s.is_bot(happened.seat):
                nxt = s.next_seat()
                text = self.ui.handoff_sentence(s, happened.seat, happened.public, nxt)
                pause = Pause(Screen.HANDOFF, {}, HANDOFF_MS, text)
        self.shown, self.shown_pause = happened, pause
        if pause is not None:
            self.go(pause.screen, None, pause)
        elif ahead:
            self.go_ahead()
        return pause

    def go_ahead(self) -> None:
        """The screen the loop shows next after an action with no pause: the game over, a bot
        thinking, the cover. (A human's turn is left to the loop, which readies the tap.)"""
        s = self.session
        seat = s.next_seat()
        if seat is None:
            self.go(Screen.OVER)
        elif s.is_bot(seat):
            self.go(Screen.THINKING, seat)
        elif s.needs_cover(seat):
            self.go(Screen.COVER, seat)

    async def wait(self, timeout: float | None = None) -> Any:
        """Until the screen's answer (an action on TURN, a tap elsewhere) or ``timeout`` s."""
        loop = asyncio.get_event_loop()
        self.waiting = fut = loop.create_future()
        handle = None
        if timeout is not None:
            handle = loop.call_later(timeout, lambda: fut.done() or fut.set_result(None))
        try:
            return await fut
        finally:
            if handle is not None:
                handle.cancel()
            if self.waiting is fut:  # (a loop restarted by an undo may be waiting already)
                self.waiting = None

    def go(self, screen: Screen, seat: int | None = None, pause: Pause | None = None) -> None:
        self.screen, self.seat, self.pause = screen, seat, pause
        drawn = self.drawn
        if (
            drawn is not None
            and (drawn[0], drawn[1]) == (screen, seat)
            and drawn[2] is pause
            and drawn[3] is self.shown
        ):
            return  # already on screen: drawn ahead from the tap (``show``)
        self.drawn = (screen, seat, pause, self.shown)
        self.render()

    def answer(self, value: Any = None) -> None:
        if self.waiting is not None and not self.waiting.done():
            self.waiting.set_result(value)

    # -- taps ------------------------------------------------------------------------------

    def on_tap(self, action: str, move: str | None = None) -> None:
        if action in ("close-dialog", "escape") and self.dialog is not None:
            self.close_dialog()
            return
        if action == "undo":
            self.undo()
            return
        if action in PLATFORM_ACTIONS:
            self.platform_tap(action, move)
            return
        if self.ui.on_tap(self, action, move):
            return
        if action == "play-again":
            self.host.play_again(self.session)
        elif action == "setup":
            self.host.show_setup()
        elif action == "replay" and self.screen is Screen.OVER:
            self.host.replay_game(self.session)
        elif action == "share":
            if self.dialog is not None:  # the menu it was chosen from gives way to the sheet
                self.close_dialog()
            self.host.share_game(self.session)
        elif self.screen is Screen.COVER:
            if action == "reveal":
                self.answer()
        elif self.screen is Screen.RESULT:
            if action in ("dismiss", "continue", "play", "escape", ""):
                self.answer()  # a result moves on with a tap anywhere
        elif self.screen is Screen.BREAK:
            if action in ("continue", "next-round"):
                self.answer()
        elif action == "play" and move is not None:
            self.act(move)

    def act(self, move: str) -> None:
        """The human on screen tapped an action (its notation): the engine decides."""
        s = self.session
        if self.screen is not Screen.TURN or self.seat is None or self.waiting is None:
            names = [s.name(p) for p in s.to_act]
            if not names:
                self.host.toast("Game over.")
            elif len(names) == 1:
                self.host.toast(f"Wait for your turn — it's {names[0]}'s turn.")
            else:
                self.host.toast(f"Wait for your turn — waiting for {', '.join(names)}.")
            return
        try:
            happened = s.play(self.seat, move)  # an illegal action changes nothing
        except engine.IllegalAction as err:
            self.refused(err)
            return
        self.host.clear_toast()
        try:
            self.show(happened, ahead=True)  # the tap's own task draws what it caused
        finally:
            self.answer(happened)  # (should drawing fail, the loop shows it again, and says so)

    # -- undo ------------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """The engine's undo policy (``Session.takeback``), where the human who acted last is
        the one at the screen: still on their turn, while a bot thinks after them (one human),
        or on the hand-off line before the cover comes up (pass-and-play)."""
        s = self.session
        seat = s.last_mover
        if seat is None or s.is_bot(seat):
            return False
        if self.screen is Screen.TURN:
            at_screen = self.seat == seat
        elif self.screen is Screen.THINKING:
            at_screen = not s.hot_seat and s.you == seat
        elif self.screen is Screen.HANDOFF:
            at_screen = self.shown is not None and self.shown.seat == seat
        else:
            at_screen = False
        return at_screen and s.takeback(seat) > 0

    def undo(self) -> None:
        """Take back the last action of the human at the screen: the record without it, the
        state before it (saved at once); the loop starts again from there, so a bot thinking
        after it stops and the same seat is to act again."""
        if not self.can_undo:
            self.host.toast("Nothing to undo now.")
            return
        s = self.session
        seat = s.undo()
        self.stop()
        self.history = self.lines_before.pop(len(s.record), ())
        self.fresh, self.shown, self.shown_pause, self.drawn = (), None, None, None
        if self.seen:  # the Log: the action taken back is no longer what happened
            self.seen.pop()
        if s.hot_seat:
            s.viewer = seat  # it is their device still: the hand-off had not happened
        self.host.clear_toast()
        self.host.save_game(s)
        self.start()

    def open_dialog(self, name: str, arg: str | None = None) -> None:
        self.dialog, self.dialog_arg = name, arg
        self.render()
        if name == "rules" and arg:
            self.host.scroll_into_view(f"#rule-{arg}")

    def close_dialog(self) -> None:
        self.dialog = self.dialog_arg = None
        self.render()

    # -- the platform's tools: menu, rules, log, settings, hint (ui.tools) -----------------

    def platform_tap(self, action: str, move: str | None) -> None:
        if action == "game-menu":
            self.open_dialog("game-menu")
        elif action == "rules":
            self.open_dialog("rules", move)
        elif action == "log":
            self.open_dialog("log")
        elif action == "settings":
            if self.dialog is not None:
                self.close_dialog()
            self.host.open_settings()
        elif action == "hint":
            self.ask_hint()
        elif action == "close-dialog":
            pass  # no dialog open (closed by an earlier tap)

    def refused(self, err: engine.IllegalAction) -> None:
        """A refused move: the engine's sentence, and a link to the rule's section."""
        section = section_for(self.ui.rules, getattr(err, "rule", ""))
        link = sheets.rule_link(section) if section is not None else ""
        self.host.toast(str(err), "warn", link)

    def platform_dialog(self, scene: Scene, name: str) -> Html | None:
        """The platform's sheets (None: the game's own ``dialog``)."""
        s = self.session
        if name == "game-menu":
            return menu_sheet(self.ui.title, game_sheets(self.ui.sheets))
        if name == "rules":
            return sheets.rules_sheet(self.ui.title, self.ui.rules, self.dialog_arg)
        if name == "log":  # a game that draws its own "log" dialog keeps it
            return self.ui.dialog(s, scene, name) or self.ui.log_sheet(s, scene, self.log_groups())
        return None

    def log_groups(self) -> list[list[str]]:
        """What happened in the whole game, a list of lines per action, as the screen's viewer
        may see it (``ui.log``)."""
        from .log import game_log

        return game_log(self.ui, self.session, self.seen)

    # -- hints (ui.hints) ------------------------------------------------------------------

    @property
    def can_hint(self) -> bool:
        s = self.session
        return (
            self.screen is Screen.TURN
            and self.seat is not None
            and not s.is_bot(self.seat)
            and bool(s.game.bot_levels)
            and hints.hints_allowed(s)
        )

    def ask_hint(self) -> None:
        """The strongest bot's choice for the human on screen, thought in slices; shown (and
        counted) once found, if the turn is still the same."""
        if not self.can_hint or self.seat is None:
            self.host.toast("No hint now.", "info")
            return
        s, seat = self.session, self.seat
        if self.hint is not None and self.hint.state is s.state and self.hint.seat == seat:
            return  # already shown or on its way
        self.hint = hints.Hint(seat, s.state)
        self.render()
        self.hinting = asyncio.ensure_future(self.think_hint(seat, s.state))

    async def think_hint(self, seat: int, state: engine.State) -> None:
        s = self.session
        await self.host.next_frame()  # the "thinking of a hint" line is painted first
        decision = await decide(
            hints.hint_bot(s, seat),
            state.view(seat),
            state.legal_actions(seat),
            self.page_turns(),
        )
        if s.state is not state or self.seat != seat or self.screen is not Screen.TURN:
            return  # the turn moved on meanwhile
        view = state.view(seat)
        action = decision.action
        self.hint = hints.Hint(
            seat,
            state,
            str(action),
            self.ui.move_text(s, view, action),
            self.ui.hint_reason(s, view, action),
            tuple(self.ui.hint_targets(s, view, action)),
        )
        hints.count_hint(s, seat)
        self.host.save_game(s)
        self.render()
        self.host.focus(('[data-hint="true"]',), move=True)

    def shown_hint(self) -> hints.Hint | None:
        h = self.hint
        if h is None or h.state is not self.session.state or h.seat != self.seat:
            return None
        return h if self.screen is Screen.TURN else None

    # -- drawing ---------------------------------------------------------------------------

    def scene(self) -> Scene:
        s = self.session
        view = s.view()
        pause = self.pause
        if self.screen is Screen.OVER:
            status = self.ui.over_status(s, view)
        elif pause is not None:
            status = pause.text if pause.text is not None else self.ui.narrate(s, pause.event)
        elif self.seat is not None:
            status = self.ui.turn_status(s, view, self.seat, self.screen is Screen.TURN)
        else:
            status = ""
        hint = self.shown_hint()
        if hint is not None:
            status = hint.sentence  # on the status line, and read out
        return Scene(
            self.screen,
            view,
            status or "",
            self.seat,
            pause,
            self.fresh,
            self.history,
            self.dialog,
            self.can_undo,
            can_hint=self.can_hint,
            hint=hint,
        )

    def render(self) -> None:
        s = self.session
        if self.screen is Screen.COVER:
            # Only the cover: nothing private of anybody is in the DOM while it is up.
            name = s.name(self.seat) if self.seat is not None else ""
            self.host.show(privacy_cover(name, self.ui.title), f"Pass the device to {name}")
            self.host.announce(f"Pass the device to {name}")
            return
        with METER.time(f"html {self.screen.name.lower()}"):
            scene = self.scene()
            html = self.ui.render(s, scene)
            if scene.hint is not None and scene.hint.targets:
                html = hints.mark_moves(html, scene.hint.targets)
            if self.dialog is not None:
                own = self.platform_dialog(scene, self.dialog)
                if own is None:
                    own = with_share(self.ui.dialog(s, scene, self.dialog))
                html += own
            html += self.layer()
        with METER.time("patch"):
            self.host.show(html, scene.status)
        self.host.announce(self.announcement(scene))
        if self.dialog is None and self.screen is not Screen.TURN:
            self.host.focus(FOCUS_ELSE)  # only if focus was lost with the control it was on
        self.fresh = ()  # what just happened animates once, not on every re-render

    def layer(self) -> Html:
        """A layer of the table loop's own over the game's screen (the tutorial's coach)."""
        return ""

    def announcement(self, scene: Scene) -> str:
        """What the live region says: what just happened (the game's narration of the fresh
        events: a card played, a trick won, an arrest, a customer served), then the status."""
        lines = [self.ui.narrate(self.session, e) for e in scene.fresh]
        lines = [line for line in lines if line and line.rstrip(".") not in scene.status]
        return " ".join([*(f"{line.rstrip('.')}." for line in lines), scene.status]).strip()
