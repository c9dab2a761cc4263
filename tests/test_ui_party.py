"""The party table's shared parts on CPython (web/ui): the game bar's labelled tools and menu,
the Rules sheet a refusal links to, the Log of the whole game, Hint (the strongest bot's move,
marked and counted), the tutorial runner, Settings and the setup's names and hints."""

from __future__ import annotations

import asyncio
import doctest
import re
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import games.register  # noqa: E402, F401  (the test-only games, on both sides)
from test_ui_table import FakePage, settle, until_tutorial  # noqa: E402
from ui import games as ui_games  # noqa: E402
from ui import hints, settings, tools  # noqa: E402
from ui.scene import Screen  # noqa: E402
from ui.session import BOT, HUMAN, SeatConfig, Session  # noqa: E402
from ui.settings import Settings  # noqa: E402
from ui.setup import SetupModel, render_setup  # noqa: E402
from ui.table import Table  # noqa: E402
from ui.tutorial import TutorialTable  # noqa: E402

import engine  # noqa: E402


def run(game_id: str, session: Session | None, script, tutorial=None) -> FakePage:
    page = FakePage()

    async def main() -> None:
        ui = ui_games.load_ui(game_id)
        table = TutorialTable(page, ui, tutorial) if tutorial else Table(page, ui, session)
        table.start()
        try:
            await script(page, table)
        finally:
            table.stop()

    asyncio.run(main())
    assert not page.warnings, page.warnings
    return page


def jalapeno(seed: int = 4) -> Session:
    seats = [SeatConfig("Ana", HUMAN)] + [SeatConfig(n, BOT, "random") for n in ("Bo", "Cy")]
    return Session.new("jalapeno", seats, {"rounds": 1}, seed=seed)


def test_doctests() -> None:
    for module in (hints, settings):
        assert doctest.testmod(module).failed == 0


def test_every_tool_is_labelled_and_means_one_thing() -> None:
    sheets = (tools.Tool("scores", "Score sheet", "sheet", dialog="scores"),)
    bar = tools.game_bar("Jalape-NO!", "Round 1 of 3", sheets=sheets, undo=True, hint=True)
    menu = tools.menu_sheet("Jalape-NO!", sheets)
    for html in (bar, menu):
        for button in re.findall(r"<button[^>]*>.*?</button>", html):
            word = re.search(r">([A-Z][a-z ]+)</(span|button)>", button)
            assert word or "aria-label" in button, button  # a word, or Back's name
    actions = re.findall(r'data-action="([^"]+)"[^>]*data-testid="menu-', menu)
    assert actions == ["rules", "log", "scores", "settings", "share", "home"]
    labels = re.findall(r'class="pc-tool-label">([^<]+)<', menu)
    assert labels == ["Rules", "Log", "Score sheet", "Settings", "Share", "Leave"]
    assert len(set(actions)) == len(actions)
    # the older form of a game's sheets (action -> dialog) still opens them
    assert tools.game_sheets({"log": "log"}) == (tools.Tool("log", "Log", "", "log"),)


def test_a_refused_move_links_to_the_rule_that_forbids_it_and_the_rules_open_there() -> None:
    async def script(page: FakePage, t: Table) -> None:
        # Ana must follow a led colour she holds: find a card she may not play.
        for _ in range(40):
            assert await settle(t) is Screen.TURN
            legal = {str(a) for a in t.session.legal(0)}
            hand = t.session.view()["hand"]
            refused = [c for c in hand if c not in legal]
            if refused:
                break
            t.on_tap("play", sorted(legal)[0])
        else:
            pytest.skip("no refusal came up in this deal")
        t.on_tap("play", refused[0])
        link = page.links[-1]
        key = re.search(r'data-move="([^"]+)"', link).group(1)
        section = next(s for s in t.ui.rules if s.key == key)
        assert f"Rule: {section.title}" in link
        t.on_tap("rules", key)
        assert 'data-testid="sheet-rules"' in page.html
        assert re.search(rf'class="pc-rule focus"[^>]*id="rule-{key}"', page.html)
        t.on_tap("close-dialog")
        assert 'data-testid="sheet-rules"' not in page.html

    run("jalapeno", jalapeno(), script)


def test_the_log_narrates_the_whole_game_in_the_games_words() -> None:
    async def script(page: FakePage, t: Table) -> None:
        played = 0
        while played < 3:
            screen = await settle(t)
            if screen is Screen.TURN:
                t.on_tap("play", str(t.session.legal(0)[0]))
                played += 1
            else:
                t.on_tap("dismiss")  # a trick won
        await settle(t)
        t.on_tap("log")
        html = page.html
        lines = re.findall(r"<li>([^<]+)</li>", html.split('data-testid="log"', 1)[1])
        plays = [line for line in lines if line.startswith("You played")]
        assert len(plays) == 3, lines
        assert any(line.startswith(("Bo played", "Cy played")) for line in lines)

    run("jalapeno", jalapeno(), script)


def test_a_hint_is_the_strongest_bots_move_for_that_seat_marked_and_counted() -> None:
    async def script(page: FakePage, t: Table) -> None:
        assert await settle(t) is Screen.TURN
        assert t.scene().can_hint  # (the game bar shows "Hint": GenericUI.game_bar)
        state = t.session.state
        t.on_tap("hint")
        assert "Thinking of a hint" in page.status
        while t.hinting is not None and not t.hinting.done():
            await asyncio.sleep(0)
        bot = hints.hint_bot(t.session, 0)
        want = str(bot.choose(state.view(0), state.legal_actions(0), 0))
        assert t.hint is not None and t.hint.move == want
        assert page.status.startswith("Hint: play ")
        marked = re.findall(r'data-card="([^"]+)"[^>]*data-hint="true"', page.html)
        assert marked == [want]
        assert hints.hints_used(t.session.meta) == 1
        t.on_tap("play", want)
        assert await settle(t) in (Screen.TURN, Screen.RESULT, Screen.OVER)
        assert 'data-hint="true"' not in page.html  # a hint lasts its turn

    run("jalapeno", jalapeno(), script)


def test_no_hint_when_the_setup_turned_hints_off() -> None:
    session = jalapeno()
    session.meta["hints_allowed"] = False

    async def script(page: FakePage, t: Table) -> None:
        assert await settle(t) is Screen.TURN
        assert not t.scene().can_hint
        t.on_tap("hint")
        assert t.hint is None and page.toasts[-1] == "No hint now."

    run("jalapeno", session, script)


def test_the_tutorial_runner_plays_a_script_through() -> None:
    tutorial = ui_games.load_tutorial("rps")
    assert tutorial is not None
    tutorial.check(engine.get_game("rps"))
    until = until_tutorial

    async def script(page: FakePage, t: TutorialTable) -> None:
        await until(t, lambda: bool(t.card))
        assert 'data-testid="coach"' in page.html and tutorial.intro[:20] in page.html
        t.on_tap("tutorial-next")
        await until(t, lambda: t.screen is Screen.TURN)
        assert page.status == tutorial.steps[0].text
        assert re.search(r'data-move="P"[^>]*data-hint="true"', page.html)
        t.on_tap("play", "R")  # legal, but not the lesson's move: nothing happens
        assert page.toasts[-1] == tutorial.steps[0].wrong
        assert t.session.state.to_dict()["players_private"][0]["pick"] is None
        t.on_tap("play", "P")
        await until(t, lambda: t.screen is Screen.RESULT)  # the game's own pause: the reveal
        assert "you 1" in page.status.lower() or "gained" in page.status
        t.on_tap("dismiss")
        await until(t, lambda: "Paper wraps rock" in t.card)
        assert "Paper wraps rock: you score a point." in page.html
        t.on_tap("tutorial-next")
        await until(t, lambda: "Three rounds" in t.card)
        t.on_tap("tutorial-next")
        await until(t, lambda: t.screen is Screen.TURN)
        t.on_tap("play", "S")
        await until(t, lambda: "scissors cut paper" in t.card or t.screen is Screen.RESULT)
        if not t.card:
            t.on_tap("dismiss")
            await until(t, lambda: "scissors cut paper" in t.card)
        assert t.session.state.is_over() and t.session.state.scores() == [2, 0]
        t.on_tap("tutorial-next")
        for _ in range(500):
            await asyncio.sleep(0)
            if 'data-testid="coach-done"' in page.html:
                break
        assert 'data-testid="coach-done"' in page.html and tutorial.outro in page.html
        assert page.saves == []  # a tutorial is never saved (nor replaces a saved game)

    run("rps", None, script, tutorial=tutorial)


def test_a_tutorial_whose_move_is_not_legal_fails_its_check() -> None:
    tutorial = ui_games.load_tutorial("rps")
    bad = type(tutorial)(
        tutorial.title,
        tutorial.seats,
        tutorial.intro,
        (tutorial.steps[0].__class__("x", expect=("Q",), position=tutorial.steps[0].position),),
    )
    with pytest.raises(ValueError, match="not legal"):
        bad.check(engine.get_game("rps"))


def test_settings_names_and_hints_reach_the_setup() -> None:
    ui = ui_games.load_ui("jalapeno")
    s = Settings.from_dict({"names": ["Zoé", "Yann"], "hints": False, "speed": "instant"})
    assert s.pace < 0.2
    model = SetupModel.from_dict(ui.info, None, s)
    assert [seat.name for seat in model.active()[:2]] == ["Zoé", "Yann"]
    assert model.hints is False
    html = render_setup(ui, model, tutorial=True)
    assert 'data-testid="learn"' in html and 'data-testid="hints"' in html
    # Renamed in the setup: the names are the app's, and "Who starts" shows the new one.
    assert model.update("name-1", "Xavi") is True
    assert model.named(s).names[1] == "Xavi"
    assert ">Xavi</option>" in render_setup(ui, model)
    # A stored setup keeps its seats but takes the settings' names.
    again = SetupModel.from_dict(ui.info, model.to_dict(), Settings())
    assert again.active()[1].name == "Bart" and again.hints is False


def test_settings_read_anything_and_edit_one_field_at_a_time() -> None:
    assert Settings.from_dict("junk") == Settings()
    s = Settings.from_dict({"speed": 3, "reduce_motion": "yes", "names": [None, "  Bo  b "]})
    assert s.speed == "normal" and s.reduce_motion is False and s.names[:2] == ("Ana", "Bo b")
    assert s.edited("speed", "slow").pace > 1
    assert s.edited("hints", "off").hints is False
    assert s.edited("name-2", "Cleo").names[2] == "Cleo"
    assert s.edited("name-99", "x") is None and s.edited("colour", "red") is None
    assert Settings.from_dict(s.edited("motion", "reduce").to_dict()).reduce_motion is True


@pytest.mark.parametrize(
    ("game_id", "bots", "options"),
    [("jalapeno", ("Bo", "Cy"), {"rounds": 1}), ("nacho", ("Bo",), {}), ("taco", ("Bo",), {})],
)
def test_the_live_region_says_every_turn_change_and_what_happened(
    game_id: str, bots: tuple[str, ...], options: dict
) -> None:
    """Each screen's announcement ends with its status line (whose turn it is: "Your turn",
    "Bo is thinking…"), after the game's narration of what just happened; every bot's turn is
    said by name."""
    seats = [SeatConfig("Ana", HUMAN)] + [SeatConfig(n, BOT, "random") for n in bots]
    session = Session.new(game_id, seats, options, seed=5)

    async def script(page: FakePage, t: Table) -> None:
        for _ in range(40):
            screen = await settle(t)
            if screen is Screen.OVER:
                return
            if screen is Screen.TURN:
                t.on_tap("play", str(t.session.legal(t.seat)[0]))
            else:
                t.on_tap("dismiss")

    page = run(game_id, session, script)
    assert len(page.said) == len(page.screens)  # every screen shown is announced
    for (_, status), said in zip(page.screens, page.said, strict=True):
        assert said.endswith(status), (said, status)
    assert any(s.startswith(("Your turn", "You:")) or ", your turn" in s for _, s in page.screens)
    for name in bots:
        assert any(name in said for said in page.said), (name, page.said)
    # what happened (the game's narration) is said before the status
    assert any(said != status for (_, status), said in zip(page.screens, page.said, strict=True))
    if game_id == "jalapeno":
        assert any(" the trick and " in said for said in page.said)
