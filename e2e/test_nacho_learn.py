"""The Nacho Incident at the party table, played: the tutorial (the rulebook's playing-order
example and Filip's turn) from "Learn to play" to its end, a hint that is the strongest bot's
move with its reason, a discard taken back before "Done", and a whole game with the keyboard
only, the live region saying what happened.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for extra in (ROOT, ROOT / "web", ROOT / "tests" / "nacho"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

from conftest import axe_violations, run_python  # noqa: E402
from layout import ALL_SIZES, Screens  # noqa: E402
from test_nacho_layout import discarding  # noqa: E402
from test_nacho_party import MY_TURN, PACE, resume  # noqa: E402


def open_setup(page: Any) -> None:
    page.evaluate(f"window.picante.setPace({PACE})")
    page.locator('[data-game="nacho"]').tap()
    page.wait_for_selector('[data-testid="setup"]')


def test_the_tutorial_is_played_through_from_learn_to_play(page: Any) -> None:
    from ui.games.nacho.tutorial import TUTORIAL

    screens = Screens(page, "nacho-tutorial", ALL_SIZES, axe=axe_violations)
    open_setup(page)
    run_python(page, "import ui.games.nacho as n\nn.REVEAL_MS = None")  # the reveal: a tap
    page.get_by_test_id("learn").tap()
    coach = page.get_by_test_id("coach")
    coach.wait_for()
    assert "You are Filip" in coach.inner_text()
    page.get_by_test_id("coach-tutorial-next").tap()
    for step in TUTORIAL.steps:
        move = step.expect[0]
        marked = page.locator(f'#game-root [data-move="{move}"][data-hint="true"]').first
        marked.wait_for()
        assert page.get_by_test_id("status").inner_text() == step.text
        if move == "S22":
            screens.check("pick")
        if move == "AB":  # a province out of Jen's reach: the engine says why, with its rule
            page.locator('#game-root [data-move="QC"]').tap()
            page.get_by_test_id("toast-rule").wait_for()
        marked.tap()
        if move == "S22":  # the reveal: the rulebook's order, Filip first and Kamiel last
            reveal = page.get_by_test_id("reveal")
            reveal.wait_for()
            order = reveal.locator("li[data-seat]").evaluate_all(
                "els => els.map(e => Number(e.dataset.seat))"
            )
            assert order == [1, 2, 3, 0]
            reveal.tap()
        page.wait_for_selector(f'[data-testid="coach-text"]:text-is("{step.after}")')
        if move == "salsa@2":
            screens.check("coach")
            assert page.locator('[data-testid="player-1"] .nc-gold b').inner_text() == "15"
        page.get_by_test_id("coach-tutorial-next").tap()
    page.get_by_test_id("coach-done").wait_for()
    screens.done(["pick", "coach"])
    page.get_by_test_id("coach-setup").tap()
    page.wait_for_selector('[data-testid="setup"]')


def test_a_hint_is_the_strongest_bots_move_with_its_reason(page: Any) -> None:
    page.evaluate(f"window.picante.setPace({PACE})")
    resume(page, discarding())
    page.get_by_test_id("hint").tap()
    marked = page.locator('#game-root [data-hint="true"]')
    marked.first.wait_for(timeout=90_000)
    want = run_python(
        page,
        "import ui.app\nfrom ui.hints import hint_bot\n"
        "t = ui.app.APP.table; s = t.session; st = s.state\n"
        "str(hint_bot(s, t.seat).choose(st.view(t.seat), st.legal_actions(t.seat), 0))",
    )
    assert marked.first.get_attribute("data-move") == want
    assert {m.get_attribute("data-move") for m in marked.all()} == {want}
    reason = run_python(
        page,
        "import ui.app\nt = ui.app.APP.table; s = t.session\n"
        f"t.ui.hint_reason(s, s.state.view(t.seat), {want!r})",
    )
    status = page.get_by_test_id("status").inner_text()
    assert status.startswith("Hint: ") and reason.rstrip(".")[1:] in status, (status, reason)
    assert "strongest bot would play" not in status  # the game's own words, not the generic
    used = json.loads(
        run_python(page, "import ui.app, json\njson.dumps(ui.app.APP.table.session.meta)")
    )
    assert used["hints"] == {"0": 1}


def discarding_now(page: Any) -> list[str]:
    """The smugglers seat 0 has set aside, from the engine's state in the page (an opened
    position is not saved)."""
    return json.loads(
        run_python(
            page,
            "import ui.app, json\njson.dumps([k['name'] for k in"
            " ui.app.APP.table.session.state.view(0)['discarding']])",
        )
    )


def test_a_discard_can_be_taken_back_until_done(page: Any) -> None:
    page.evaluate(f"window.picante.setPace({PACE})")
    resume(page, discarding())  # Jen and Blanca set aside already (by the position: no undo)
    page.locator('.nc-hand [data-move="discard:S56"]').tap()
    take_back = page.get_by_test_id("take-back")
    take_back.wait_for()
    name = discarding_now(page)[-1]
    assert take_back.inner_text() == f"Keep {name}"
    assert page.get_by_test_id("undo").is_visible()
    take_back.tap()
    page.wait_for_selector('.nc-hand [data-move="discard:S56"]')
    assert page.get_by_test_id("take-back").count() == 0
    assert name not in page.get_by_test_id("discarding").inner_text()
    assert discarding_now(page) == ["Jen", "Blanca"]
    page.locator(f'{MY_TURN} [data-move="done"]').tap()  # Done: the draw; no undo past it
    page.wait_for_selector('[data-testid="take-back"]', state="detached")


def test_a_whole_game_with_the_keyboard_only(page: Any) -> None:
    """From the home card to the end: Tab to the game and to Start, then Enter on whatever
    has the focus (the first lit choice on your turn, the reveal, the round's summary); the
    live region says what happened."""
    page.evaluate(f"window.picante.setPace({PACE})")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.game") == "nacho":
            break
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-testid="setup"]')
    for _ in range(120):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.testid") == "start":
            break
    page.keyboard.press("Enter")
    said: set[str] = set()
    for _ in range(400):
        page.wait_for_function(
            "() => ['play', 'dismiss', 'next-round']"
            ".includes(document.activeElement.dataset.action)"
            " || !!document.querySelector('[data-testid=game-over]')",
            timeout=60_000,
        )
        said.add(page.locator("#pc-live").inner_text())
        if page.locator('[data-testid="game-over"]').count():
            break
        page.keyboard.press("Enter")
    else:
        raise AssertionError("the game did not end")
    text = " ".join(said)
    assert "Picks revealed" in text and "now keeps" in text, said  # the reveal, a cantina
    page.wait_for_function("() => document.activeElement.dataset.testid === 'play-again'")
