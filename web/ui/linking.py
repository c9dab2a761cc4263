"""The app's replays, share links, challenges and the deal of the day (``App`` takes these
methods from ``Linking``; the screens are ``ui.replay`` and ``ui.share``).

Routes: ``#/<game>/replay/<saved id>`` a finished game of this device; ``#/<game>/g/<packed>``
a shared game (its replay, or "play from here"), ``#/<game>/c/<packed>[/<score>]`` a
challenge, ``#/<game>/daily`` the deal of the day (``engine.links``, ``ui.share``). A link that
cannot be read is refused with its reason on the home screen; nothing from it is run or
injected (it is unpacked by the engine into a record, and names are text).
"""

from __future__ import annotations

import asyncio
import datetime
from typing import TYPE_CHECKING, Any

from engine.links import CHALLENGE, read_route
from engine.record import Record, RecordError, Seat

from . import dom
from .chrome import OVER_NOTE
from .home import message_screen
from .html import esc
from .replay import Replay
from .session import Session
from .share import (
    DAILY,
    DAILY_GAMES,
    ShareSheet,
    challenge_result,
    challenge_screen,
    daily_card,
    daily_seed,
)

if TYPE_CHECKING:
    from .app import App

NOTICE_ID = "link-notice"  # the home's line for a refused link (web/index.html)


class Linking:
    """Mixed into ``ui.app.App``."""

    replay: Replay | None = None
    sheet: ShareSheet | None = None
    challenge: tuple[Record, int | None, str] | None = None  # (setup, their score, daily date)

    # -- replays ---------------------------------------------------------------------------

    def open_replay(self: App, game_id: str, saved_id: str) -> Any:
        """The replay of a finished game of this device (``#/<game>/replay/<id>``)."""

        async def work(token: object) -> None:
            opened = await self.read_resumed(saved_id, token, "This game is not here")
            if opened is None:
                return
            if isinstance(opened, RecordError):
                why = str(opened)
            elif opened.record.game != game_id:
                why = "It is a game of another kind."
            elif opened.error is not None:
                why = str(opened.error)
            else:
                self.show_replay(Replay(self.ui, opened.record))
                return
            dom.render(message_screen(self.title(), "This game cannot be replayed", why))

        return work

    def show_replay(self: App, replay: Replay) -> None:
        self.stop_table()
        self.replay = replay
        self.render_replay()
        dom.publish("replay", {"at": replay.at, "total": replay.total, "over": replay.over})

    def render_replay(self: App) -> None:
        if self.replay is None:
            return
        replay = self.replay
        dom.render(replay.render())
        dom.announce(" ".join(replay.narration(replay.session())))
        dom.publish(
            "replay",
            {
                "at": replay.at,
                "total": replay.total,
                "over": replay.over,
                "viewer": replay.viewer,
                "hands": replay.open_hands,
            },
        )

    def replay_game(self: App, session: Session) -> None:
        """The end screen's Replay: this game from its record, from the player's seat."""
        if self.ui is None:
            return
        replay = Replay(self.ui, session.record, session.history, session.seats)
        if session.you is not None:
            replay.viewer = session.you
        if session.saved_id is not None and session.game.id == self.game_id:
            self.set_route(f"{session.game.id}/replay/{session.saved_id}")
        self.show_replay(replay)

    def replay_tap(self: App, action: str, value: str | None) -> None:
        replay = self.replay
        assert replay is not None
        if replay.on_tap(action, value):
            self.render_replay()
        elif action == "share":
            self.share_record(replay.record, replay.states[-1])
        elif action == "replay-play":
            self.play_from(replay)
        elif action == "play-again":  # the game's own end screen, inside the replay
            self.play_again(Session.of_record(replay.record, replay.seats, replay.states))
        elif action == "setup":
            self.show_setup()

    def play_from(self: App, replay: Replay) -> None:
        """Play on from the replay's position: a new saved game with this record so far."""
        record = replay.record.truncated(replay.at)
        session = Session.of_record(record, replay.seats, replay.states[: replay.at + 1])
        self.replay = None
        self.start_game(self.saved(session))

    # -- sharing ---------------------------------------------------------------------------

    def share_game(self: App, session: Session) -> None:
        if not session.savable:  # a fixed position (tests, a tutorial): its record has no deal
            self.toast("This game did not start from a deal: it cannot be shared.")
            return
        self.share_record(session.record, session.state, session.meta.get("challenge"))

    def share_record(self: App, record: Record, final: Any, challenge: Any = None) -> None:
        humans = [i for i, s in enumerate(record.seats) if s.bot is None]
        over = final.is_over()
        score = final.scores()[humans[0]] if over and len(humans) == 1 else None
        sheet = ShareSheet(record, self.title(), dom.page_url(), over, score)
        if challenge is not None:  # a challenge's game is shared back as a challenge
            sheet = sheet.on_tap("share-challenge") or sheet
        try:
            sheet.url()  # packs the record: it replays, or it cannot be shared
        except RecordError as err:
            self.toast(f"This game cannot be shared: {err}")
            return
        self.sheet = sheet
        self.render_sheet()

    def render_sheet(self: App) -> None:
        if self.sheet is None:
            return
        dom.render_into(dom.DIALOG_ID, self.sheet.render())
        dom.publish("shareLink", self.sheet.url())

    def sheet_tap(self: App, action: str) -> bool:
        """A tap on the share sheet; True if it was one."""
        if self.sheet is None:
            return False
        changed = self.sheet.on_tap(action)
        if changed is not None:
            self.sheet = changed
            self.render_sheet()
            return True
        if action == "share-send":
            asyncio.ensure_future(self.send(self.sheet))
            return True
        return False

    async def send(self: App, sheet: ShareSheet) -> None:
        how = await dom.share_link(sheet.url(), sheet.text())
        said = {
            "shared": "Shared.",
            "copied": "Link copied: paste it in a message.",
            "cancelled": "",
        }.get(how, "Select the link above and copy it.")
        if self.sheet is not None and self.sheet.url() == sheet.url():
            self.sheet = ShareSheet(**{**self.sheet.__dict__, "said": said})
            self.render_sheet()
            dom.select_text(".sh-link")

    # -- links -----------------------------------------------------------------------------

    def open_link(self: App, game_id: str, rest: str) -> None:
        """``#/<game>/g/...`` or ``#/<game>/c/...``: refused with its reason, else opened."""

        async def work(token: object) -> None:
            await asyncio.sleep(0)  # "Opening…" is painted: a long game takes a moment to read
            if self.opening is not token:
                return
            try:
                link = read_route(game_id, rest)
            except RecordError as err:
                self.refuse_link(str(err))
                return
            if link.kind == CHALLENGE:
                self.show_challenge(link.record, link.score)
                return
            self.show_replay(Replay(self.ui, link.record, source="link"))

        self.start_opening(work)

    def refuse_link(self: App, reason: str) -> None:
        dom.warn(f"picante: link refused: {reason}")
        self.go_home()
        text = reason[:1].upper() + reason[1:]
        dom.render_into(
            NOTICE_ID,
            f"<strong>This link cannot be opened.</strong> {esc(text)}.",
        )

    def show_challenge(self: App, record: Record, score: int | None, daily: str = "") -> None:
        self.challenge = (record, score, daily)
        dom.render(challenge_screen(self.title(), record, score, daily))

    def challenge_play(self: App) -> None:
        if self.challenge is None:
            return
        record, score, daily = self.challenge
        self.challenge = None
        session = Session.of_record(record)
        self.saved(session)
        session.meta["challenge"] = {"score": score, "daily": daily}
        self.start_game(session)

    def open_daily(self: App, game_id: str) -> None:
        """The deal of the day: one human against the game's fewest seats, the seed from the
        date (UTC), default options."""
        day = datetime.datetime.now(datetime.UTC).date()
        players = min(self.ui.game.player_counts)
        seats = [Seat("")] + [Seat("", "heuristic") for _ in range(players - 1)]
        record = Record.new(game_id, seats, daily_seed(game_id, day))
        self.show_challenge(record, None, day.isoformat())

    def daily_offer(self: App, game_id: str) -> str:
        if game_id not in DAILY_GAMES or self.ui is None:
            return ""
        return daily_card(self.title(), game_id, datetime.datetime.now(datetime.UTC).date())

    def over_note(self: App, html: str) -> str:
        """A challenge's end screen says both results (``chrome.OVER_NOTE`` is where)."""
        table = self.table
        if table is None or OVER_NOTE not in html:
            return html
        challenge = table.session.meta.get("challenge")
        if not isinstance(challenge, dict):
            return html.replace(OVER_NOTE, "")
        state = table.session.state
        you = table.session.you
        mine = state.scores()[you] if you is not None and state.is_over() else None
        their = challenge.get("score")
        their = their if isinstance(their, int) else None
        return html.replace(OVER_NOTE, challenge_result(their, mine))

    def route_link(self: App, game_id: str, rest: str) -> bool:
        """``open_game``'s share of the routes; True if ``rest`` was one of them."""
        kind = rest.partition("/")[0]
        dom.render_into(NOTICE_ID, "")
        if kind in ("g", "c"):
            self.open_link(game_id, rest)
        elif kind == DAILY and game_id in DAILY_GAMES:
            self.open_daily(game_id)
        else:
            return False
        return True
