"""Crazy Taco at the party table: every screen at the eight sizes with the three layout checks
(nothing overlaps, targets >= 44 px, text >= 12 px) and axe (serious/critical), the dice beside
the line in phone landscape with every customer's name whole, a hint equal to the strongest
bot's move with its reason, and the README's screenshots.

Busy tables are made exactly (``tests/taco/taco_tables.table``, the cases of
``test_taco_layout``) and opened from that position (``window.picante.openPosition``); the end
screen is reached by playing the last action of a seeded game through the page.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
for extra in (ROOT, ROOT / "web", ROOT / "tests" / "taco"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

from conftest import (  # noqa: E402
    axe_violations,
    open_app,
    open_position,
    run_python,
    saved_count,
    saved_state,
    shot,
    wait_saved_beyond,
)
from layout import ALL_SIZES, LANDSCAPE_SIZES, SIZES, Screens, at_sizes  # noqa: E402
from taco_tables import table  # noqa: E402
from test_taco_layout import CASES  # noqa: E402

import engine  # noqa: E402
from engine.taco.bots import HeuristicBot  # noqa: E402

GAME = engine.get_game("taco")
TURN = '[data-testid="taco-table"][data-interactive="true"]'


def home(page: Any) -> None:
    page.locator('[data-action="home"]').first.tap()
    page.wait_for_selector("#home", state="visible")


def resume_state(page: Any, state: engine.State, names: list[str]) -> None:
    """Play on from ``state``, every seat a human (``names``)."""
    open_position(page, state, [(name, None) for name in names])
    page.wait_for_selector(f'{TURN}, [data-testid="privacy-ready"], [data-testid="game-over"]')


def last_action_state(seed: int = 1) -> tuple[engine.State, str]:
    """A seeded solo game played by the heuristic bot up to its last action."""
    s = GAME.new_game(players=1, seed=seed)
    while True:
        action = HeuristicBot(0, "e2e").choose(s.view(0), s.legal_actions(0), 0)
        after = s.apply(0, action)
        if after.is_over():
            return s, str(action)
        s = after


def names_are_whole(page: Any) -> list[str]:
    """Customer names on the cards that are cut off (an ellipsis or clipped text)."""
    return page.eval_on_selector_all(
        ".tc-card .tc-name, .tc-card .tc-short, .tc-bonus .tc-short",
        """els => els.filter(e => e.scrollWidth > e.clientWidth + 1
                              || e.scrollHeight > e.clientHeight + 1)
                    .map(e => e.textContent)""",
    )


def test_every_crazy_taco_screen_at_every_size_has_room_and_passes_axe(page: Any) -> None:
    page.evaluate("window.picante.setPace(0.05)")
    screens = Screens(page, "taco", ALL_SIZES, axe=axe_violations)
    cut: list[str] = []
    page.locator('[data-game="taco"]').tap()
    page.wait_for_selector('[data-testid="setup"]')
    screens.check("setup")
    home(page)
    for name, (spec, dice) in CASES.items():
        state = table(**spec)
        resume_state(page, state, ["Ana", "Bart"][: state.players])
        if page.locator('[data-testid="privacy-ready"]').count():
            screens.check("cover")
            page.get_by_test_id("privacy-ready").tap()
            page.wait_for_selector(TURN)
        for d in dice:
            page.locator(f'[data-action="die"][data-die="{d}"]').tap()
            page.wait_for_selector(f'[data-action="die"][data-die="{d}"][aria-pressed="true"]')
        screens.check(name)
        for size in at_sizes(page, ALL_SIZES):
            cut += [f"{name} @ {size}: {n}" for n in names_are_whole(page)]
        if name == "busy":
            page.get_by_test_id("menu-open").tap()
            sheet = '[data-testid="menu"]'
            page.wait_for_selector(sheet)
            screens.check("dish-menu", root=sheet, context=sheet)
            page.get_by_test_id("menu-close").tap()
            page.wait_for_selector(sheet, state="detached")
            run_python(page, "import ui.app\nui.app.APP.table.on_tap('log')")
            sheet = '[data-testid="sheet-log"]'
            page.wait_for_selector(sheet)
            screens.check("log", root=sheet, context=sheet)
            page.get_by_test_id("close-sheet").tap()
            page.wait_for_selector(sheet, state="detached")
        home(page)
    # The new turn's summary, held up (a tap moves on): end the turn of the phase-3 table.
    state = table(**CASES["management"][0])
    resume_state(page, state, ["Ana"])
    page.evaluate("window.picante.setPace(1000)")
    page.locator('[data-action="play"][data-move="end turn"]').tap()
    page.wait_for_selector('[data-testid="new-turn"]')
    screens.check("new-turn")
    page.evaluate("window.picante.setPace(0.05)")
    home(page)
    # The end screen: the last action of a seeded game, played in the page.
    state, action = last_action_state()
    resume_state(page, state, ["Ana"])
    page.evaluate(f"window.picante.setPace({0.05})")
    run_python(page, f"import ui.app\nui.app.APP.table.act({action!r})")
    page.wait_for_selector('[data-testid="game-over"]')
    screens.check("game-over")
    shot_over = page.get_by_test_id("summary").inner_text()
    cash = state.apply(0, action).view(0)["cash"]
    assert f"cash ${cash}" in shot_over and f"${cash}" in shot_over
    screens.done(["setup", "cover", *CASES, "dish-menu", "log", "new-turn", "game-over"])
    assert not cut, "names cut off:\n" + "\n".join(cut)


def test_phone_landscape_has_the_dice_beside_the_line(page: Any) -> None:
    page.evaluate("window.picante.setPace(0.05)")
    state = table(**CASES["busy"][0])
    resume_state(page, state, ["Ana"])
    for size in at_sizes(page, LANDSCAPE_SIZES):
        line = page.get_by_test_id("line").bounding_box()
        dice = page.get_by_test_id("dice").bounding_box()
        height = page.viewport_size["height"]
        assert line and dice, size
        assert dice["x"] >= line["x"] + line["width"] - 1, f"{size}: the dice are not beside"
        for box in (line, dice):
            assert box["y"] >= 0 and box["y"] + box["height"] <= height + 1, size


def test_readme_screenshots_at_tablet_and_phone_landscape(page: Any) -> None:
    page.evaluate("window.picante.setPace(0.05)")
    state = table(**CASES["busy"][0])
    resume_state(page, state, ["Ana"])
    page.locator('[data-action="die"][data-die="E1"]').tap()
    page.wait_for_selector('[data-action="die"][data-die="E1"][aria-pressed="true"]')
    for size, name in (
        ("tablet-landscape-1024x768", "tablet-landscape"),
        ("phone-landscape-844x390", "phone-landscape"),
    ):
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(f"() => window.innerWidth === {width}")
        shot(page, f"{name}-taco-table.png")


def test_a_hint_is_the_strongest_bots_move_with_its_reason(page: Any) -> None:
    page.evaluate("window.picante.setPace(0.05)")
    state = table(
        line={"1": "C49", "2": "C10", "3": "C33"},
        dice="M=$ E1=F E2=F E3=D T=B",
        cash=4,
    )
    resume_state(page, state, ["Ana"])
    page.get_by_test_id("hint").tap()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=status]').textContent.startsWith('Hint: ')",
        timeout=60_000,
    )
    status = page.get_by_test_id("status").inner_text()
    want = run_python(
        page,
        "import ui.app\nfrom ui.hints import hint_bot\n"
        "t = ui.app.APP.table; s = t.session; st = s.state\n"
        "str(hint_bot(s, t.seat).choose(st.view(t.seat), st.legal_actions(t.seat), 0))",
    )
    said = run_python(
        page,
        "import ui.app\nfrom ui.games.taco.reasons import move_text, reason\n"
        "t = ui.app.APP.table; v = t.session.view()\n"
        f"move_text(v, {want!r}) + ' | ' + reason(v, {want!r})",
    )
    text, why = said.split(" | ")
    assert status.startswith(f"Hint: {text}"), (status, text)
    assert why.rstrip(".")[1:] in status, (status, why)
    targets = run_python(
        page,
        "import ui.app, json\nfrom ui.games.taco.reasons import hint_targets\n"
        f"json.dumps(hint_targets(ui.app.APP.table.session.view(), {want!r}))",
    )
    marked = page.eval_on_selector_all(
        '[data-testid="taco-table"] [data-hint="true"]', "els => els.map(e => e.dataset.move)"
    )
    assert marked and set(marked) <= set(json.loads(targets)), (marked, targets)


# ---- the tutorial, played through -----------------------------------------------------------


def tap_move(page: Any, move: str) -> None:
    """A move of the tutorial as a player makes it: dice, then where they go."""
    verb, *rest = move.split()
    if verb in ("both", "serve", "collect"):
        dice, target = rest[1:], rest[0]
    elif verb == "task":
        dice, target = rest, "door"
    elif verb in ("nachos", "vulcano", "mole", "achilipu", "taco", "plata"):
        dice, target = rest, ""
    else:
        page.locator(f'[data-action="play"][data-move="{move}"]').tap()
        return
    for d in dice:
        page.locator(f'[data-action="die"][data-die="{d}"]').tap()
        page.wait_for_selector(f'[data-action="die"][data-die="{d}"][aria-pressed="true"]')
    if target:
        page.locator(f'[data-action="target"][data-move="{target}"]').tap()
    else:
        page.get_by_test_id("menu-open").tap()
        page.locator(f'[data-action="dish"][data-move="{verb}"]').tap()


def test_the_tutorial_is_played_through_by_taps(page: Any) -> None:
    from ui.games.taco.tutorial import TUTORIAL

    page.evaluate("window.picante.setPace(0.05)")
    page.locator('[data-game="taco"]').tap()
    page.get_by_test_id("learn").tap()
    page.get_by_test_id("coach-text").wait_for()
    assert page.get_by_test_id("coach-text").inner_text() == TUTORIAL.intro
    screens = Screens(page, "taco-tutorial", ALL_SIZES, axe=axe_violations)
    screens.check("intro")
    page.get_by_test_id("coach-tutorial-next").tap()
    for i, step in enumerate(TUTORIAL.steps):
        page.wait_for_selector(TURN)
        page.wait_for_function(
            "(t) => document.querySelector('[data-testid=status]').textContent === t",
            arg=step.text,
        )
        assert page.locator('[data-testid="taco-table"] [data-hint="true"]').count() >= 1
        if i == 0:
            screens.check("step")  # the table with the lesson's dice and place marked
            # A legal move that is not the lesson's is explained, and changes nothing.
            tap_move(page, "both 1 M E1 E2 T")
            page.get_by_test_id("toast").wait_for()
            assert step.wrong in page.get_by_test_id("toast").inner_text()
            page.locator('[data-action="die"][data-die="T"]').tap()
            page.locator('[data-action="die"][data-die="E3"]').tap()
            page.locator('[data-action="target"][data-move="1"]').tap()
        else:
            tap_move(page, step.expect[0])
        text = page.get_by_test_id("coach-text")
        text.wait_for()
        assert text.inner_text() == step.after
        page.get_by_test_id("coach-tutorial-next").tap()
    done = page.get_by_test_id("coach-done")
    done.wait_for()
    assert TUTORIAL.outro in done.inner_text()
    screens.check("done")
    screens.done(["intro", "step", "done"])
    done.get_by_test_id("coach-setup").tap()
    page.wait_for_selector('[data-testid="setup"]')


# ---- a whole game with the keyboard only ------------------------------------------------------


def tab_to(page: Any, selector: str, limit: int = 80) -> None:
    """Press Tab until ``selector`` has the focus (fails after ``limit`` presses)."""
    visited = []
    for _ in range(limit):
        if page.evaluate("(s) => !!document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press("Tab")
        visited.append(
            page.evaluate(
                "() => { const e = document.activeElement;"
                " return `${e.tagName}.${e.dataset.action || ''}:${e.dataset.move || ''}`; }"
            )
        )
    shot(page, "fail-keyboard.png")
    raise AssertionError(f"Tab never reached {selector}: {visited}")


def key_move(page: Any, view: dict[str, Any], move: str) -> None:
    m = next(x for x in view["moves"] if x["text"] == move)
    verb, target, dice = m["verb"], m["target"], m["dice"]
    placed = ("serve", "collect", "both", "bonus", "task", "key", "pinata", "keep", "menu")
    if verb not in (*placed, "reroll"):
        dice = []  # a button of its own (phase 3's spending, buy or pass, Achilipú's faces)
    if verb == "voucher":
        tab_to(page, '[data-testid="voucher"]')
        page.keyboard.press("Enter")
        dice = []
    for d in dice:
        tab_to(page, f'[data-action="die"][data-die="{d}"]')
        page.keyboard.press("Enter")
        page.wait_for_selector(f'[data-action="die"][data-die="{d}"][aria-pressed="true"]')
    if verb == "menu":
        tab_to(page, '[data-testid="menu-open"]')
        page.keyboard.press("Enter")
        page.wait_for_selector('[data-testid="menu"]')
        tab_to(page, f'[data-action="dish"][data-move="{target}"]')
        page.keyboard.press("Enter")
        if target == "plata" and page.locator('[data-action="order"]').count():
            tab_to(page, f'[data-action="order"][data-move="{move}"]')
            page.keyboard.press("Enter")
    elif verb in placed:
        tab_to(page, f'[data-action="target"][data-move="{target}"]')
        page.keyboard.press("Enter")
    elif verb == "voucher":
        tab_to(page, f'[data-action="target"][data-move="{target}"]')
        page.keyboard.press("Enter")
    elif verb == "reroll":
        tab_to(page, '[data-testid="reroll"]')
        page.keyboard.press("Enter")
    else:
        tab_to(page, f'[data-action="play"][data-move="{move}"]')
        page.keyboard.press("Enter")


@pytest.mark.opens_app
def test_a_whole_solo_game_with_the_keyboard_only(page: Any, base_url: str) -> None:
    open_app(page, f"{base_url}?seed=3")
    page.evaluate("window.picante.setPace(1000)")  # a new turn's summary waits for Enter
    tab_to(page, '[data-game="taco"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-testid="setup"]')
    tab_to(page, '[data-testid="start"]', limit=120)
    page.keyboard.press("Enter")
    actions = 0
    while True:
        page.wait_for_selector(f'{TURN}, [data-testid="game-over"], [data-testid="new-turn"]')
        if page.locator('[data-testid="game-over"]').count():
            break
        if page.locator('[data-testid="new-turn"]').count():
            page.keyboard.press("Enter")  # the new turn's summary has the focus: Enter moves on
            page.wait_for_selector('[data-testid="new-turn"]', state="detached")
            continue
        before = saved_count(page)
        state = saved_state(page)
        view = state.view(0)
        move = str(HeuristicBot(0, "kb").choose(view, state.legal_actions(0), 0))
        key_move(page, view, move)
        wait_saved_beyond(page, before)
        actions += 1
    assert actions >= 10
    assert page.evaluate("() => document.activeElement !== document.body")
