"""Every Jalape-NO! screen at every size we design for, with the three layout checks (nothing
overlaps, targets >= 44 px, text >= 12 px: e2e/layout.py) and axe-core (no serious or critical
violation): phone portrait 360 x 640 and 390 x 844, phone landscape 844 x 390 and 640 x 360,
tablet portrait 768 x 1024 and 810 x 1080, tablet landscape 1024 x 768 and 1280 x 800.

The game is played by tapping (seeded deals, quick bots). Screens: the setup; the table at your
first turn (a full hand), with a hint on it, with the score sheet over it, with a full trick
before your card (9 players: two rows of cards in the trick), a trick won, the Rules and Log
sheets over it; a round's end; game over; the pass-the-device cover and a hot-seat table; the
tutorial's coach, a lesson and what the coach says after it. Beyond the checks, the designs
promise what each size is for: on a tablet your whole hand is visible without
scrolling (12 cards, 9 players at 1024 x 768), in phone landscape the trick and your hand are
on screen together, and at 360 x 640 with 9 players no card of the trick is cut off nor loses
its name. Screenshots of every screen at every size go to e2e/artifacts/layout-*.png (with
PICANTE_LAYOUT_SHOTS=1); the README's tablet and phone-landscape ones are taken here always.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import (
    actions_taken,
    axe_violations,
    open_app,
    run_python,
    shot,
    wait_for_action_beyond,
)
from layout import ALL_SIZES, LANDSCAPE_SIZES, SIZES, TABLET_SIZES, Screens, at_sizes

PACE = 0.04
HOLD = 10_000.0  # a pace that holds a trick's result up until it is tapped away
MY_TURN = '.jp-me.my-turn .jp-card[data-legal="true"]'


def start(page: Any, base_url: str, players: int, rounds: int, seed: int, humans: int = 1) -> None:
    open_app(page, f"{base_url}?seed={seed}")
    page.evaluate(f"window.picante.setPace({PACE})")
    page.locator('[data-game="jalapeno"]').tap()
    page.wait_for_selector('[data-testid="setup"]')
    for group, value in (("players", players), ("rounds", rounds)):
        page.locator(f'[data-testid="{group}"] label:has(input[value="{value}"])').tap()
        page.wait_for_selector(f'[data-testid="{group}"] input[value="{value}"]:checked')
    for seat in range(players):
        page.select_option(
            f'select[data-field="seat-{seat}"]', "human" if seat < humans else "bot:heuristic"
        )


def pace(page: Any, value: float) -> None:
    """The table's pace as it is (setPace clamps it: a held result needs more)."""
    run_python(page, f"import ui.app\nui.app.APP.test_pace = {value}")


def play_first_legal(page: Any) -> None:
    taken = actions_taken(page)
    page.locator(MY_TURN).first.tap()
    wait_for_action_beyond(page, taken)


def between_turns(page: Any, screens: Screens) -> str | None:
    """Until your turn, a round's end or the game's end; the ends are checked (once each) and a
    round's end is tapped away. Returns "over", "round" or None (your turn)."""
    page.wait_for_selector(
        f'{MY_TURN}, [data-testid="round-end"], [data-testid="game-over"]', timeout=60_000
    )
    if page.locator('[data-testid="game-over"]').count():
        screens.check("game-over")
        return "over"
    if page.locator('[data-testid="round-end"]').count():
        if "round-end" not in screens.seen:
            screens.check("round-end")
        page.get_by_test_id("next-round").tap()
        # Until the tap has been answered: the next call would find this screen still up, tap
        # again, and wait for a button that went away with it (seen in CI; 3 runs in 44 here).
        page.wait_for_selector('[data-testid="round-end"]', state="detached")
        return "round"
    return None


def visible_whole(page: Any, selector: str) -> bool:
    """Every element matching ``selector`` lies inside the viewport and inside every box that
    clips it (a scrolling strip, the felt), so none of it is cut off."""
    return page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)].every((el) => {
          const r = el.getBoundingClientRect();
          if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1)
            return false;
          for (let a = el.parentElement; a; a = a.parentElement) {
            const s = getComputedStyle(a);
            if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
            const c = a.getBoundingClientRect();
            if (r.top < c.top - 1 || r.left < c.left - 1 || r.bottom > c.bottom + 1
                || r.right > c.right + 1) return false;
          }
          return true;
        })""",
        selector,
    )


def promises(page: Any, players: int, failures: list[str]) -> None:
    """What each size is designed for, on the table at your turn."""
    for size in at_sizes(page, ALL_SIZES):
        w, h = page.viewport_size["width"], page.viewport_size["height"]
        trick_ok = visible_whole(page, ".jp-trick .jp-played")
        if (w, h) in TABLET_SIZES and not visible_whole(page, ".jp-hand .jp-card"):
            failures.append(f"{size}: the hand is not all visible on a tablet")
        if (w, h) in LANDSCAPE_SIZES:
            if not (trick_ok and visible_whole(page, ".jp-hand .jp-card, .jp-my-jal .jp-card")):
                failures.append(f"{size}: the trick and the hand are not both on screen")
        if not trick_ok:
            failures.append(f"{size}: a card of the trick (or its name) is cut off")


@pytest.mark.opens_app
def test_every_table_screen_at_every_size_nine_players(page: Any, base_url: str) -> None:
    screens = Screens(page, "jp9", ALL_SIZES, axe=axe_violations)
    promised: list[str] = []
    start(page, base_url, players=9, rounds=2, seed=5)
    screens.check("setup")
    page.get_by_test_id("start").tap()
    page.wait_for_selector(MY_TURN, timeout=60_000)
    screens.check("table")
    promises(page, 9, promised)
    page.get_by_test_id("hint").tap()
    page.wait_for_selector('[data-hint="true"]', timeout=60_000)
    screens.check("hint")
    page.get_by_test_id("me-scores").tap()
    sheet = '[data-testid="sheet-scores"]'
    page.wait_for_selector(sheet)
    screens.check("score-sheet", root=sheet, context=sheet)
    page.get_by_test_id("close-sheet").tap()
    page.wait_for_selector(sheet, state="detached")
    want = ["setup", "table", "hint", "score-sheet", "full-trick", "trick-won", "round-end"]
    for _ in range(40 * 2):
        between = between_turns(page, screens)
        if between == "over":
            break
        if between == "round":
            continue
        in_trick = page.locator(".jp-trick .jp-played").count()
        hand_left = page.locator('[data-testid="me"] .jp-hand .jp-card').count()
        if in_trick == 8 and hand_left > 1 and "trick-won" not in screens.seen:
            # Two rows of cards in the trick, yours to come: the seen bug's screen (360 x 640).
            screens.check("full-trick")
            promises(page, 9, promised)
            pace(page, HOLD)  # every bot has played: only the result's pause is held
            play_first_legal(page)
            page.wait_for_selector('[data-testid="trick-won"]')
            screens.check("trick-won")
            pace(page, PACE)  # before the tap: the next bot's pause is timed when it starts
            page.get_by_test_id("trick-won").tap()
            page.wait_for_selector('[data-testid="trick-won"]', state="detached")
            continue
        play_first_legal(page)
    screens.done([*want, "game-over"])
    assert not promised, "\n".join(promised)


@pytest.mark.opens_app
def test_twelve_cards_in_your_hand_at_a_nine_player_table(page: Any, base_url: str) -> None:
    """The issue's case (12 cards, 9 players): the whole hand on a tablet, and every check."""
    screens = Screens(page, "jp9x12", ALL_SIZES, axe=axe_violations)
    promised: list[str] = []
    start(page, base_url, players=9, rounds=1, seed=4)  # seed 4: no Jalapeño dealt to you
    page.get_by_test_id("start").tap()
    page.wait_for_selector(MY_TURN, timeout=60_000)
    assert page.locator('[data-testid="me"] .jp-hand .jp-card').count() == 12
    screens.check("table")
    promises(page, 9, promised)
    screens.done(["table"])
    assert not promised, "\n".join(promised)


@pytest.mark.opens_app
def test_every_table_screen_at_every_size_four_players(page: Any, base_url: str) -> None:
    screens = Screens(page, "jp4", ALL_SIZES, axe=axe_violations)
    start(page, base_url, players=4, rounds=2, seed=11)
    page.get_by_test_id("start").tap()
    for _ in range(40 * 2):
        between = between_turns(page, screens)
        if between == "over":
            break
        if between == "round":
            continue
        if page.locator(".jp-trick .jp-played").count() and "mid-trick" not in screens.seen:
            screens.check("mid-trick")
            # The shared sheets over this table: Rules (a tool of its own), the Log (the menu's
            # on a phone: opened from there at every size).
            for name, tool in (("rules", ["tool-rules"]), ("log", ["tool-game-menu", "menu-log"])):
                for testid in tool:
                    page.get_by_test_id(testid).tap()
                sheet = f'[data-testid="sheet-{name}"]'
                page.wait_for_selector(sheet)
                screens.check(f"{name}-sheet", root=sheet, context=sheet)
                page.get_by_test_id("close-sheet").tap()
                page.wait_for_selector(sheet, state="detached")
        play_first_legal(page)
    screens.done(["mid-trick", "rules-sheet", "log-sheet", "round-end", "game-over"])


@pytest.mark.opens_app
def test_pass_the_device_cover_and_a_hot_seat_table(page: Any, base_url: str) -> None:
    screens = Screens(page, "jphot", ALL_SIZES, axe=axe_violations)
    start(page, base_url, players=3, rounds=1, seed=3, humans=2)
    page.get_by_test_id("start").tap()
    page.wait_for_selector('[data-testid="privacy"]')
    screens.check("cover")
    page.get_by_test_id("privacy-ready").tap()
    page.wait_for_selector(MY_TURN)
    screens.check("hot-seat-table")
    screens.done(["cover", "hot-seat-table"])


def test_the_tutorial_at_every_size(page: Any) -> None:
    screens = Screens(page, "jptut", ALL_SIZES, axe=axe_violations)
    page.evaluate(f"window.picante.setPace({PACE})")
    page.locator('[data-game="jalapeno"]').tap()
    page.get_by_test_id("learn").tap()
    page.get_by_test_id("coach").wait_for()
    screens.check("coach-intro")
    page.get_by_test_id("coach-tutorial-next").tap()
    page.wait_for_selector('[data-card="Y2"][data-hint="true"]')
    screens.check("lesson")
    page.locator('[data-card="Y2"][data-hint="true"]').tap()
    page.wait_for_selector('[data-testid="coach-text"]:has-text("Bart took the trick")')
    screens.check("well-played")
    screens.done(["coach-intro", "lesson", "well-played"])


@pytest.mark.opens_app
def test_readme_screenshots_on_a_tablet_and_a_phone_on_its_side(page: Any, base_url: str) -> None:
    start(page, base_url, players=6, rounds=1, seed=21)
    page.get_by_test_id("start").tap()
    for _ in range(30):
        page.wait_for_selector(MY_TURN, timeout=60_000)
        if page.locator(".jp-trick .jp-played").count() >= 3:
            break
        play_first_legal(page)
    for size in at_sizes(
        page, (SIZES["tablet-landscape-1024x768"], SIZES["phone-landscape-844x390"])
    ):
        kind = "tablet-landscape" if size == "1024x768" else "phone-landscape"
        shot(page, f"{kind}-jalapeno-table.png")
