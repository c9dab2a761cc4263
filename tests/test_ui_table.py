"""The generic table loop (web/ui/table.py) on CPython, with a fake page: it drives every seat in
``current_players()``, keeps secrets off the screen in pass-and-play, narrates from events, saves
after every action, takes back what the undo policy allows, and plays Jalape-NO! and the
test-only rock-paper-scissors alike."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import games.register  # noqa: E402, F401  (the test-only games, on both sides)
from ui import games as ui_games  # noqa: E402
from ui.generic import GenericUI  # noqa: E402
from ui.scene import Screen  # noqa: E402
from ui.session import BOT, HUMAN, SeatConfig, Session  # noqa: E402
from ui.table import Table  # noqa: E402


class FakePage:
    """The table's host: records what would be on screen."""

    pace = 0.0

    def __init__(self) -> None:
        self.screens: list[tuple[str, str]] = []  # (html, status) as shown
        self.toasts: list[str] = []
        self.said: list[str] = []  # the live region's announcements
        self.links: list[str] = []  # the toasts' links (a refusal's rule)
        self.focused: list[tuple[str, ...]] = []
        self.settings_opened = 0
        self.frames = 0
        self.saves: list[dict[str, Any]] = []
        self.warnings: list[str] = []
        self.again: Session | None = None
        self.order: list[str] = []  # "show", "frame" and "decision", as they came

    @property
    def html(self) -> str:
        return self.screens[-1][0]

    @property
    def status(self) -> str:
        return self.screens[-1][1]

    def show(self, html: str, status: str) -> None:
        self.screens.append((html, status))
        self.order.append("show")

    def announce(self, text: str) -> None:
        self.said.append(text)

    def toast(self, message: str, kind: str = "warn", link: str = "") -> None:
        self.toasts.append(message)
        self.links.append(link)

    def clear_toast(self) -> None:
        pass

    def warn(self, text: str) -> None:
        self.warnings.append(text)

    def save_game(self, session: Session) -> None:
        """What the app writes (the record), and the state it leads to (for the checks)."""
        self.saves.append({"record": session.record, "state": session.state.to_dict()})

    def record(self, decision: Any) -> None:
        self.order.append("decision")

    def scroll_into_view(self, selector: str) -> None:
        pass

    def play_again(self, session: Session) -> None:
        self.again = session

    def show_setup(self) -> None:
        pass

    async def bot_gate(self) -> None:
        pass

    async def next_frame(self) -> None:
        self.frames += 1
        self.order.append("frame")

    def open_settings(self) -> None:
        self.settings_opened += 1

    def focus(self, selectors: tuple[str, ...], *, move: bool = False) -> None:
        self.focused.append(selectors)


def seats(*kinds: str, level: str = "random") -> list[SeatConfig]:
    names = ["Ana", "Bart", "Cy", "Dee"]
    return [SeatConfig(names[i], k, level) for i, k in enumerate(kinds)]


async def settle(table: Table) -> Screen:
    """Let the loop run until it waits for a person (or the game is over)."""
    for _ in range(100_000):
        await asyncio.sleep(0)
        if table.screen is Screen.OVER:
            return table.screen
        if table.waiting is not None and table.screen in (
            Screen.COVER,
            Screen.TURN,
            Screen.RESULT,
            Screen.BREAK,
        ):
            return table.screen
        assert table.task is not None
        if table.task.done():
            table.task.result()  # raises what went wrong
            return table.screen
    raise AssertionError(f"the loop never settled (screen {table.screen})")


def play(game_id: str, session: Session, script) -> FakePage:
    """Run a table; ``script(page, table)`` is an async function that taps."""
    page = FakePage()

    async def main() -> None:
        table = Table(page, ui_games.load_ui(game_id), session)
        table.start()
        try:
            await script(page, table)
        finally:
            table.stop()

    asyncio.run(main())
    assert not page.warnings, page.warnings
    return page


def test_rock_paper_scissors_hot_seat_keeps_each_pick_secret_until_the_reveal() -> None:
    session = Session.new("rps", seats(HUMAN, HUMAN), {"rounds": 1}, seed=1)
    secret: list[tuple[str, str]] = []  # every screen from Ana's pick to the reveal

    async def script(page: FakePage, table: Table) -> None:
        assert await settle(table) is Screen.COVER
        assert page.status == "Pass the device to Ana"
        table.on_tap("reveal")
        assert await settle(table) is Screen.TURN and table.seat == 0
        assert page.html.count('data-action="play"') == 3 and 'data-move="P"' in page.html
        picked = len(page.screens)
        table.on_tap("play", "P")
        assert await settle(table) is Screen.COVER
        assert [s for _, s in page.screens[picked:]] == [
            "Ana has picked — pass to Bart",  # that she chose, never what
            "Pass the device to Bart",
        ]
        table.on_tap("reveal")
        assert await settle(table) is Screen.TURN and table.seat == 1
        assert "Ana has picked" in page.html  # narrated from Bart's view of the events
        secret.extend(page.screens[picked:])
        table.on_tap("play", "R")
        assert await settle(table) is Screen.OVER

    page = play("rps", session, script)
    assert len(secret) == 3
    assert all("paper" not in html + status for html, status in secret)
    assert "Ana wins!" in page.html and 'data-testid="final-scores"' in page.html
    assert "Ana paper, Bart rock" in page.html  # the reveal, narrated on the last screen
    assert len(page.saves) == 2  # after every action


def test_simultaneous_picks_with_a_bot_wait_for_a_tap_on_the_reveal() -> None:
    session = Session.new("rps", seats(HUMAN, BOT), {"rounds": 3}, seed=5)

    async def script(page: FakePage, table: Table) -> None:
        for round_no in (1, 2, 3):
            # One human: no cover, ever; the human on screen picks first, then the bot.
            assert await settle(table) is Screen.TURN and table.seat == 0
            assert "Round " + str(round_no) in page.html
            table.on_tap("play", "S")
            if round_no < 3:
                assert await settle(table) is Screen.RESULT
                assert page.status.startswith("Reveal — signs: You scissors, Bart ")
                table.on_tap("")  # a tap anywhere moves on
        assert await settle(table) is Screen.OVER

    page = play("rps", session, script)
    assert len(page.saves) == 6
    assert not [html for html, _ in page.screens if 'data-testid="privacy"' in html]


def test_jalapeno_solo_round_plays_through_the_generic_loop() -> None:
    session = Session.new("jalapeno", seats(HUMAN, BOT, BOT, BOT), {"rounds": 1}, seed=11)
    counts = {"turns": 0}

    async def script(page: FakePage, table: Table) -> None:
        while await settle(table) is not Screen.OVER:
            if table.screen is Screen.TURN:
                counts["turns"] += 1
                assert page.status.startswith("Your turn")
                legal = [str(a) for a in table.session.legal(0)]
                table.on_tap("play", legal[0])
            elif table.screen is Screen.RESULT:
                assert 'data-testid="trick-won"' in page.html
                table.on_tap("dismiss")
            else:
                pytest.fail(f"unexpected screen {table.screen}")
        assert 'data-testid="game-over"' in page.html
        assert 'data-testid="last-trick"' in page.html  # read from the final play's events

    page = play("jalapeno", session, script)
    assert counts["turns"] == 12  # one card a trick, twelve tricks
    assert len(page.saves) == 48  # every play of every seat was saved
    assert page.saves[-1]["state"]["public"]["turn"] is None


def test_jalapeno_hot_seat_hands_off_in_public_words_and_covers_every_hand() -> None:
    session = Session.new("jalapeno", seats(HUMAN, HUMAN, HUMAN), {"rounds": 1}, seed=3)

    async def script(page: FakePage, table: Table) -> None:
        for _ in range(6):
            screen = await settle(table)
            if screen is Screen.COVER:
                assert "data-card" not in page.html and 'data-testid="me"' not in page.html
                table.on_tap("reveal")
            elif screen is Screen.TURN:
                seat = table.seat
                table.on_tap("play", str(table.session.legal(seat)[0]))
            else:
                table.on_tap("dismiss")

    page = play("jalapeno", session, script)
    handoffs = [s for _, s in page.screens if "— pass to" in s]
    assert handoffs and all(" played " in s for s in handoffs)  # a played card is public


def test_an_illegal_tap_changes_nothing_and_says_why() -> None:
    session = Session.new("jalapeno", seats(HUMAN, BOT, BOT), {"rounds": 1}, seed=1)

    async def script(page: FakePage, table: Table) -> None:
        for _ in range(60):
            await settle(table)
            if table.screen is Screen.RESULT:
                table.on_tap("dismiss")
                continue
            s = table.session
            legal = {str(a) for a in s.legal(0)}
            illegal = [c for c in s.view()["hand"] if c not in legal]
            if illegal:
                before = s.state.to_dict()
                table.on_tap("play", illegal[0])
                assert page.toasts and "follow" in page.toasts[-1]
                assert s.state.to_dict() == before and table.screen is Screen.TURN
                return
            table.on_tap("play", sorted(legal)[0])
        pytest.fail("no illegal situation reached")

    play("jalapeno", session, script)


def test_a_tap_out_of_turn_is_a_toast() -> None:
    session = Session.new("rps", seats(BOT, BOT), {"rounds": 1}, seed=2)

    async def script(page: FakePage, table: Table) -> None:
        await asyncio.sleep(0)
        table.on_tap("play", "R")
        assert page.toasts and page.toasts[0].startswith("Wait for your turn")

    play("rps", session, script)


def test_a_resumed_hot_seat_game_starts_behind_the_cover() -> None:
    first = Session.new("rps", seats(HUMAN, HUMAN, BOT), {"rounds": 3}, seed=4)
    first.reveal(0)
    first.play(0, "P")
    again = Session.of_record(first.record)
    assert again.viewer is None and again.next_seat() == 1

    async def script(page: FakePage, table: Table) -> None:
        assert await settle(table) is Screen.COVER and table.seat == 1
        assert "paper" not in page.html

    play("rps", again, script)


def test_home_cards_come_from_both_registries() -> None:
    cards = {c["id"]: c for c in ui_games.home_games()}
    assert cards["jalapeno"]["playable"] and cards["jalapeno"]["players_text"] == "3–9 players"
    assert cards["nacho"]["playable"] and cards["taco"]["playable"]
    assert cards["taco"]["players_text"] == "Solo or 1 vs 1"
    assert cards["rps"]["playable"] and cards["rps"]["title"] == "Rock Paper Scissors"
    assert isinstance(ui_games.load_ui("rps"), GenericUI)
    assert ui_games.is_playable("rps") and not ui_games.is_playable("pepper")
    with pytest.raises(ValueError, match="different UI"):
        ui_games.register_ui("rps", "ui.games.jalapeno")


def test_warm_up_lists_what_opening_a_game_imports_one_package_at_a_time() -> None:
    import importlib

    from engine.registry import BUILTIN

    names = list(ui_games.warm_up_modules())
    engines = len(BUILTIN)
    assert names[: engines + 1] == [*BUILTIN, "ui.generic"]
    assert {"ui.games.jalapeno", "engine.jalapeno.bots"} <= set(names)
    assert {"ui.games.taco", "engine.taco.bots"} <= set(names)
    assert {"ui.games.nacho", "engine.nacho.bots"} <= set(names)
    assert all(importlib.import_module(n) for n in names)


# -- undo: the engine's policy, where the human who acted is at the screen ------------------


def test_jalapeno_undo_takes_a_card_back_while_the_next_bot_thinks() -> None:
    session = Session.new("jalapeno", seats(HUMAN, BOT, BOT), {"rounds": 1}, seed=11)

    async def script(page: FakePage, table: Table) -> None:
        while await settle(table) is not Screen.TURN:
            table.on_tap("dismiss")
        s = table.session
        before, length = s.state, len(s.record)
        assert 'data-testid="undo"' not in page.html  # nothing of ours to take back yet
        table.on_tap("play", str(s.legal(0)[0]))
        assert table.screen is Screen.THINKING and table.can_undo
        assert 'data-testid="undo"' in page.html  # drawn with the bot thinking
        table.on_tap("undo")
        assert s.state is before and len(s.record) == length and not page.toasts
        assert await settle(table) is Screen.TURN and table.seat == 0
        assert page.saves[-1]["record"] == s.record  # the shorter record is saved at once
        table.on_tap("play", str(s.legal(0)[0]))
        while table.session.last_mover == 0:  # the bots play on: then it is too late
            await asyncio.sleep(0)
        assert not table.can_undo
        table.on_tap("undo")
        assert page.toasts[-1] == "Nothing to undo now."

    play("jalapeno", session, script)


def test_pass_and_play_undo_on_the_hand_off_line_before_the_cover() -> None:
    session = Session.new("jalapeno", seats(HUMAN, HUMAN, HUMAN), {"rounds": 1}, seed=3)

    async def script(page: FakePage, table: Table) -> None:
        assert await settle(table) is Screen.COVER
        first = table.seat
        table.on_tap("reveal")
        assert await settle(table) is Screen.TURN
        before = table.session.state
        table.on_tap("play", str(table.session.legal(first)[0]))
        assert table.screen is Screen.HANDOFF and table.can_undo
        table.on_tap("undo")
        assert table.session.state is before and table.session.viewer == first
        assert await settle(table) is Screen.TURN and table.seat == first  # no cover: theirs

    play("jalapeno", session, script)


def test_a_game_that_marks_no_action_undoable_never_shows_undo() -> None:
    session = Session.new("rps", seats(HUMAN, BOT), {"rounds": 3}, seed=5)

    async def script(page: FakePage, table: Table) -> None:
        while await settle(table) is not Screen.OVER:
            if table.screen is Screen.TURN:
                table.on_tap("play", "R")
                assert not table.can_undo
            else:
                table.on_tap("")
        assert not any('data-testid="undo"' in html for html, _ in page.screens)

    play("rps", session, script)


def test_a_thinking_bot_gives_the_page_a_painted_frame_every_frame_of_work() -> None:
    """``ui.bots.PageTurns`` (its doctest, on a clock of its own): a task's turn after each
    slice, a painted frame once ``FRAME_WORK_MS`` went by since the last one."""
    import doctest

    from ui import bots

    assert doctest.testmod(bots).attempted > 0
    assert doctest.testmod(bots).failed == 0


def test_a_bot_thinks_only_once_the_screen_showing_the_move_is_painted() -> None:
    """Every decision comes after a painted frame that followed the last screen drawn: the
    screen's first style and layout never share a frame with a slice of thinking."""
    session = Session.new("jalapeno", seats(BOT, BOT, BOT), {"rounds": 1}, seed=3)

    async def script(page: FakePage, table: Table) -> None:
        while await settle(table) is not Screen.OVER:
            table.on_tap("dismiss")

    page = play("jalapeno", session, script)
    decisions = [i for i, what in enumerate(page.order) if what == "decision"]
    assert len(decisions) == len(session.record) > 30
    for i in decisions:
        drawn = max(j for j in range(i) if page.order[j] == "show")
        assert "frame" in page.order[drawn:i], page.order[drawn : i + 1]


async def until_tutorial(t: Any, ok: Any) -> None:
    """Let a tutorial table run until it waits for the player and ``ok()`` holds (a tutorial's
    task failing raises its error here)."""
    for _ in range(20_000):
        await asyncio.sleep(0)
        if t.waiting is not None and ok():
            return
        if t.task is not None and t.task.done():
            t.task.result()
    raise AssertionError(f"the tutorial never got there ({t.screen}, {t.card[:80]!r})")


def test_the_app_meters_its_own_work_between_the_bots_slices() -> None:
    """``ui.meter`` (its doctest): a table's bot moves, screens and patches are timed, by kind,
    for ``window.picante.stats.work`` (issue 14 § 2: the app's own share of a frame gap)."""
    import doctest

    from ui import meter

    assert doctest.testmod(meter).attempted > 0
    assert doctest.testmod(meter).failed == 0

    def counts() -> dict[str, int]:
        return {k: v["count"] for k, v in meter.METER.summary()["labels"].items()}

    before = counts()
    session = Session.new("jalapeno", seats(BOT, BOT, BOT), {"rounds": 1}, seed=3)

    async def script(page: FakePage, table: Table) -> None:
        while await settle(table) is not Screen.OVER:
            table.on_tap("dismiss")

    play("jalapeno", session, script)
    after = {k: n - before.get(k, 0) for k, n in counts().items()}
    moves = len(session.record)
    assert moves > 30 and after["play"] == moves  # every card played, each once
    assert after["html thinking"] >= moves and after["patch"] >= moves
    summary = meter.METER.summary()
    assert summary["longest"][0]["ms"] == max(r["longest_ms"] for r in summary["labels"].values())
