"""The Nacho Incident at the party table: every screen at every size we design for (the overlap,
44 px and 12 px checks, and axe-core's serious and critical rules), the board beside your
choice in phone landscape, the Log as its own labelled control, discards taken back before
"Done", and the README's screenshots at tablet landscape and phone landscape.

Busy tables are made exactly (``e2e/test_nacho_layout.py``'s crafted states, opened as a
position); the round summary and the end screen come from a real game played in
CPython up to the move that ends a round (or the game), opened there, and that move tapped.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for extra in (ROOT, ROOT / "web", ROOT / "tests" / "nacho"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

from conftest import axe_violations, open_position, run_python, shot  # noqa: E402
from layout import ALL_SIZES, SIZES, Screens  # noqa: E402
from test_nacho_layout import (  # noqa: E402
    NAMES,
    arrest_choice,
    crowded,
    deliver_with_steals,
    discarding,
)

from engine.nacho.state import GAME, NachoState  # noqa: E402

PACE = 0.05
MY_TURN = '[data-testid="nacho-table"] .nc-me.my-turn'


def home(page: Any) -> None:
    page.locator('#game-root [data-action="home"]').first.tap()
    page.wait_for_selector("#home:not([hidden])")


def before_the_end(of_game: bool) -> tuple[NachoState, int, str]:
    """A real 4-player game (every seat taking its first legal move) up to the move that ends
    round 1 (or the game): the state, the seat that makes it (the human, when resumed) and the
    move."""
    state = GAME.new_game(4, seed=3, options={"gemstone": 0})
    while not state.is_over():
        seat = state.current_players()[0]
        action = state.legal_actions(seat)[0]
        after = state.apply(seat, action)
        kinds = {e.kind for e in after.events}
        if state.current_players() == (seat,) and (
            after.is_over() if of_game else "round" in kinds and not after.is_over()
        ):
            return state, seat, str(action)
        state = after
    raise AssertionError("no such move in this game")


def resume(page: Any, state: NachoState, human: int = 0) -> None:
    """Open ``state`` as the app opens a position, with ``human`` the one human (the others
    bots)."""
    seats = [(NAMES[i], None if i == human else "heuristic") for i in range(state.players)]
    open_position(page, state, seats)
    page.wait_for_selector(MY_TURN)


def test_every_nacho_screen_at_every_size_with_the_three_checks_and_axe(page: Any) -> None:
    page.evaluate(f"window.picante.setPace({PACE})")
    screens = Screens(page, "nacho", ALL_SIZES, axe=axe_violations)
    page.locator('[data-game="nacho"]').tap()
    page.wait_for_selector('[data-testid="setup"]')
    screens.check("setup")
    home(page)

    for name, make in (
        ("pick", crowded),
        ("deliver-steal", deliver_with_steals),
        ("arrest", arrest_choice),
        ("discard", discarding),
    ):
        resume(page, make())
        screens.check(name)
        if name == "pick":
            page.get_by_test_id("tool-log").tap()
            sheet = '[data-testid="sheet-log"]'
            page.wait_for_selector(sheet)
            screens.check("log", root=sheet, context=sheet)
            page.get_by_test_id("close-sheet").tap()
            page.wait_for_selector(sheet, state="detached")
            page.get_by_test_id("tool-rules").tap()
            sheet = '[data-testid="sheet-rules"]'
            page.wait_for_selector(sheet)
            screens.check("rules", root=sheet, context=sheet)
            page.get_by_test_id("close-sheet").tap()
            page.wait_for_selector(sheet, state="detached")
            # The reveal, held until a tap (its time on screen set to none) for the checks.
            run_python(page, "import ui.games.nacho as n\nn.REVEAL_MS = None")
            page.locator('.nc-hand [data-move="S14"]').tap()
            page.get_by_test_id("reveal").wait_for()
            screens.check("reveal")
            page.get_by_test_id("reveal").tap()
            run_python(page, "import ui.games.nacho as n\nn.REVEAL_MS = 3200")
            page.wait_for_selector('[data-testid="reveal"]', state="detached")
        home(page)

    state, seat, move = before_the_end(of_game=False)
    resume(page, state, seat)
    page.locator(f'#game-root [data-move="{move}"]').first.tap()
    page.get_by_test_id("round-end").wait_for()
    screens.check("round-end")
    home(page)

    state, seat, move = before_the_end(of_game=True)
    resume(page, state, seat)
    page.locator(f'#game-root [data-move="{move}"]').first.tap()
    page.wait_for_selector('[data-testid="game-over"], [data-testid="round-end"]')
    if page.get_by_test_id("round-end").count():  # the last round's summary first
        page.get_by_test_id("next-round").tap()
    page.get_by_test_id("game-over").wait_for()
    screens.check("game-over")
    home(page)

    # The pass-the-device cover (two humans).
    page.locator('[data-game="nacho"]').tap()
    page.wait_for_selector('[data-testid="setup"]')
    page.select_option('select[data-field="seat-1"]', "human")
    page.wait_for_selector('[data-testid="mode"]:has-text("Pass-and-play")')
    page.get_by_test_id("start").tap()
    page.wait_for_selector('[data-testid="privacy"]')
    screens.check("cover")
    screens.done(
        [
            "setup",
            "pick",
            "log",
            "rules",
            "reveal",
            "deliver-steal",
            "arrest",
            "discard",
            "round-end",
            "game-over",
            "cover",
        ]
    )


def test_in_phone_landscape_the_board_fills_the_left_and_the_choice_is_beside_it(
    page: Any,
) -> None:
    resume(page, deliver_with_steals())
    for name in ("phone-landscape-844x390", "phone-landscape-640x360"):
        width, height = SIZES[name]
        page.set_viewport_size({"width": width, "height": height})
        boxes = page.evaluate(
            """() => Object.fromEntries(['.nc-board', '.nc-provinces', '.nc-choices',
                 '.nc-choice', '[data-testid="status"]'].map((s) => {
                 const r = document.querySelector(s).getBoundingClientRect();
                 return [s, {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                             height: r.height}]; }))"""
        )
        board, provinces = boxes[".nc-board"], boxes[".nc-provinces"]
        choices, first = boxes[".nc-choices"], boxes[".nc-choice"]
        # The board is the whole left column under the bar, not a small scroll box.
        assert board["height"] > height * 0.7, (name, board)
        # The provinces and your choices are on screen together, side by side (the column of
        # choices scrolls when it is long: its first ones are in view).
        assert provinces["bottom"] <= height and first["bottom"] <= height, (name, boxes)
        assert choices["left"] >= board["right"] - 1, (name, boxes)
        if name == "phone-landscape-844x390":
            shot(page, "phone-landscape-nacho-table.png")
    # The README's pictures (docs/screenshots/ with PICANTE_UPDATE_SCREENSHOTS=1).
    page.set_viewport_size({"width": 1024, "height": 768})
    shot(page, "tablet-landscape-nacho-table.png")
