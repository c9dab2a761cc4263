"""The party table's shared screens in Chromium: every size we design for, axe-core, Settings
remembered across a reload, renamed players at once in the setup's lists, a refusal's link to
its rule, the game bar's tools, hints that match the bot's move, keyboard focus, the tutorial
runner (the test-only game's script, in the --test-games build).

What each game draws (its table, its results) is checked by the game's own tests; here are the
screens every game shares: home, settings, each game's setup, the pass-the-device cover, the
menu, rules and log sheets, a toast.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import (
    actions_taken,
    assert_axe_clean,
    axe_violations,
    open_app,
    run_python,
    shot,
    wait_for_action_beyond,
    wait_ready,
)
from layout import ALL_SIZES, LANDSCAPE_SIZES, SIZES, Screens, at_sizes
from playwright.sync_api import TimeoutError as PlaywrightTimeout

PACE = 0.04
MY_TURN = '.jp-me.my-turn .jp-card[data-legal="true"]'


def open_setup(page: Any, game: str) -> None:
    page.evaluate(f"window.picante.setPace({PACE})")
    page.locator(f'[data-game="{game}"]').tap()
    page.wait_for_selector('[data-testid="setup"]')


def home(page: Any) -> None:
    page.locator('#game-root [data-action="home"]').first.tap()
    page.wait_for_selector("#home:not([hidden])")


def py_table(page: Any, call: str) -> str:
    """Call a method of the table on screen in the page's Python (``ui.app.APP.table``)."""
    return run_python(page, f"import ui.app\nui.app.APP.table.{call}")


# ---- every shared screen at every size --------------------------------------------------------


def test_shared_screens_at_every_size_with_the_three_checks_and_axe(page: Any) -> None:
    screens = Screens(page, "shared", ALL_SIZES, axe=axe_violations)
    screens.check("home", root="#home")
    page.get_by_test_id("open-settings").click()
    page.wait_for_selector('[data-testid="settings"]')
    screens.check("settings", root="#pc-dialog", context="#pc-dialog")
    page.get_by_test_id("settings-done").click()
    page.wait_for_selector("#pc-dialog", state="hidden")
    for game in ("jalapeno", "nacho", "taco"):
        open_setup(page, game)
        screens.check(f"setup-{game}")
        home(page)

    # A solo Jalape-NO! table: its menu, rules and log sheets (the sheets are layers: checked
    # on their own), a refusal's toast.
    open_setup(page, "jalapeno")
    page.get_by_test_id("start").tap()
    page.wait_for_selector(MY_TURN)
    for name, testid in (("menu", "game-menu"), ("rules", "rules"), ("log", "log")):
        py_table(page, f'on_tap("{"game-menu" if name == "menu" else name}")')
        page.wait_for_selector(f'[data-testid="sheet-{testid}"]')
        sheet = f'[data-testid="sheet-{testid}"]'
        screens.check(f"sheet-{name}", root=sheet, context=sheet)
        page.get_by_test_id("close-sheet").tap()
        page.wait_for_selector(sheet, state="detached")
    # Settings over the table (from the game's menu): the same dialog, above the table.
    py_table(page, 'on_tap("settings")')
    page.wait_for_selector('[data-testid="settings"]')
    screens.check("settings-over-table", root="#pc-dialog", context="#pc-dialog")
    page.get_by_test_id("settings-done").click()
    page.wait_for_selector("#pc-dialog", state="hidden")
    # A refusal's toast with its rule link, held up for the checks (its timer cancelled).
    run_python(
        page,
        "import ui.app, engine\nui.app.APP.table.refused("
        "engine.IllegalAction('You must follow the lead colour.', 'follow-colour'))\n"
        "ui.app.APP._toast_timer.cancel()",
    )
    page.wait_for_selector('[data-testid="toast-rule"]')
    screens.check("toast", root="#pc-toast", context="#pc-toast")
    home(page)

    # The pass-the-device cover (two humans).
    open_setup(page, "jalapeno")
    page.select_option('select[data-field="seat-1"]', "human")
    page.wait_for_selector('[data-testid="mode"]:has-text("Pass-and-play")')
    page.get_by_test_id("start").tap()
    page.wait_for_selector('[data-testid="privacy"]')
    screens.check("cover", context="#game-root")
    screens.done(
        [
            "home",
            "settings",
            "setup-jalapeno",
            "setup-nacho",
            "setup-taco",
            "sheet-menu",
            "sheet-rules",
            "sheet-log",
            "settings-over-table",
            "toast",
            "cover",
        ]
    )


def test_the_pass_the_device_cover_is_named_by_its_own_words(page: Any) -> None:
    open_setup(page, "nacho")
    page.select_option('select[data-field="seat-1"]', "human")
    page.wait_for_selector('[data-testid="mode"]:has-text("Pass-and-play")')
    page.get_by_test_id("start").tap()
    page.wait_for_selector('[data-testid="privacy"]')
    assert_axe_clean(page, "#game-root", "on the cover")


def test_readme_screenshots_of_home_and_setup_on_a_tablet_and_a_phone_on_its_side(
    page: Any,
) -> None:
    for (w, h), name in (
        (SIZES["tablet-landscape-1024x768"], "tablet-landscape"),
        (SIZES["phone-landscape-844x390"], "phone-landscape"),
    ):
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("() => new Promise(r => requestAnimationFrame(r))")
        shot(page, f"{name}-home.png")
        open_setup(page, "jalapeno")
        shot(page, f"{name}-setup.png")
        home(page)


# ---- settings ----------------------------------------------------------------------------------


def test_settings_are_remembered_across_a_reload_and_reach_every_setup(page: Any) -> None:
    page.get_by_test_id("open-settings").click()
    page.wait_for_selector('[data-testid="settings"]')
    choose = '[data-testid="setting-{}"] label:has(input[value="{}"])'
    page.locator(choose.format("speed", "instant")).click()
    page.locator(choose.format("motion", "reduce")).click()
    page.locator(choose.format("hints", "off")).click()
    page.fill('[data-setting="name-0"]', "Zoé")
    page.wait_for_function("() => window.picante.settings.names[0] === 'Zoé'")
    page.get_by_test_id("settings-done").click()
    assert page.evaluate("() => document.documentElement.classList.contains('pc-reduce-motion')")

    page.reload()
    wait_ready(page)
    stored = page.evaluate("() => window.picante.settings")
    assert stored["speed"] == "instant" and stored["reduce_motion"] is True
    assert stored["hints"] is False and stored["names"][0] == "Zoé"
    assert page.evaluate("() => document.documentElement.classList.contains('pc-reduce-motion')")
    page.get_by_test_id("open-settings").click()
    for field, value in (("speed", "instant"), ("motion", "reduce"), ("hints", "off")):
        assert page.locator(f'[data-setting="{field}"][value="{value}"]').is_checked()
    # Focus is in the dialog while it is open, and back on its opener once it closes.
    page.wait_for_function(
        "() => document.getElementById('pc-dialog').contains(document.activeElement)"
    )
    page.keyboard.press("Escape")
    page.wait_for_selector("#pc-dialog", state="hidden")
    page.wait_for_function("() => document.activeElement.dataset.testid === 'open-settings'")

    # Every game's setup: the names, and hints off by default.
    for game in ("nacho", "taco"):
        open_setup(page, game)
        assert page.locator('[data-field="name-0"]').input_value() == "Zoé"
        assert page.locator('[data-testid="hints"] input[value="off"]').is_checked()
        home(page)
    # The bot speed scales the table's pacing (Instant: 0.12 of Normal).
    pace = float(run_python(page, "import ui.app\nui.app.APP.pace"))
    assert pace == pytest.approx(PACE * 0.12)


def test_renamed_players_show_at_once_in_who_starts(page: Any) -> None:
    open_setup(page, "jalapeno")
    field = page.locator('[data-field="name-1"]')
    field.click()
    field.press("End")
    page.keyboard.type("a")
    page.wait_for_selector('#opt-first_player option:text-is("Barta")', state="attached")
    page.keyboard.type("z")  # the field kept its focus and caret through the re-render
    page.wait_for_selector('#opt-first_player option:text-is("Bartaz")', state="attached")
    assert field.input_value() == "Bartaz"
    assert page.evaluate("() => document.activeElement.dataset.field") == "name-1"
    # ... and the name is the app's: the next game's setup has it too
    home(page)
    open_setup(page, "nacho")
    assert page.locator('[data-field="name-1"]').input_value() == "Bartaz"
    assert page.locator('#opt-gemstone option:text-is("Bartaz")').count() == 1


# ---- the table's tools: rules from a refusal, hint, focus ------------------------------------


def start_jalapeno(page: Any, base_url: str, seed: int = 7) -> None:
    open_app(page, f"{base_url}?seed={seed}")
    open_setup(page, "jalapeno")
    page.get_by_test_id("start").tap()
    page.wait_for_selector(MY_TURN)


@pytest.mark.opens_app
def test_a_refused_move_links_to_its_rule(page: Any, base_url: str) -> None:
    start_jalapeno(page, base_url)
    for _ in range(30):
        page.wait_for_selector(MY_TURN)
        unlit = page.locator('.jp-me.my-turn .jp-card[data-legal="false"]')
        if unlit.count():
            break
        page.locator(MY_TURN).first.tap()
    else:
        pytest.skip("no refusal in this deal")
    unlit.first.tap()
    link = page.get_by_test_id("toast-rule")
    link.wait_for()
    title = link.inner_text().removeprefix("Rule: ")
    link.tap()
    focus = page.locator('[data-testid="sheet-rules"] .pc-rule.focus')
    focus.wait_for()
    assert focus.locator("h3").inner_text() == title
    assert focus.is_visible()


@pytest.mark.opens_app
def test_a_hint_shows_the_strongest_bots_move_for_that_seat(page: Any, base_url: str) -> None:
    start_jalapeno(page, base_url, seed=3)
    py_table(page, 'on_tap("hint")')
    marked = page.locator('[data-hint="true"]')
    marked.wait_for(timeout=60_000)
    status = page.get_by_test_id("status").inner_text()
    assert status.startswith("Hint: ")
    want = run_python(
        page,
        "import ui.app\nfrom ui.hints import hint_bot\n"
        "t = ui.app.APP.table; s = t.session; st = s.state\n"
        "str(hint_bot(s, t.seat).choose(st.view(t.seat), st.legal_actions(t.seat), 0))",
    )
    assert marked.get_attribute("data-card") == want
    assert page.locator('[data-hint="true"]').count() == 1
    used = run_python(page, "import ui.app\nimport json\njson.dumps(ui.app.APP.table.session.meta)")
    assert json.loads(used)["hints"] == {"0": 1}
    marked.tap()  # play it: the hint is gone with the turn
    page.wait_for_selector('[data-hint="true"]', state="detached")


# Where focus is, and whether a sighted keyboard user sees it: on screen, its ring drawn, and on
# top (the element hit at the middle of its box is the element or inside it: not a card that
# covers it).
FOCUS_SHOWN = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'on the body';
  const r = el.getBoundingClientRect();
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  if (cx < 0 || cy < 0 || cx > innerWidth || cy > innerHeight) return 'off screen';
  const s = getComputedStyle(el);
  if (s.outlineStyle === 'none' || parseFloat(s.outlineWidth) < 2) return 'no focus ring';
  const hit = document.elementFromPoint(cx, cy);
  if (!hit || !(el === hit || el.contains(hit))) {
    return 'covered by ' + (hit && hit.outerHTML.slice(0, 80));
  }
  return 'shown';
}"""


def assert_focus_shown(page: Any) -> None:
    """Focus lands, then the frame after scrolls it into view (ui.dom.focus): wait for that
    state (a busy machine may paint in between), and say what is wrong if it never comes."""
    try:
        page.wait_for_function(f"() => ({FOCUS_SHOWN})() === 'shown'", timeout=15_000)
    except PlaywrightTimeout:
        pass  # the assertion below says where focus is instead
    assert page.evaluate(FOCUS_SHOWN) == "shown"


def test_after_start_focus_is_on_the_first_legal_choice_not_the_body(page: Any) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    open_setup(page, "jalapeno")
    page.locator('[data-testid="players"] label:has(input[value="9"])').tap()  # the fullest hand
    page.wait_for_selector('[data-testid="players"] input[value="9"]:checked')
    page.get_by_test_id("start").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(MY_TURN, timeout=60_000)
    page.wait_for_function("() => document.activeElement.dataset.legal === 'true'")
    assert_focus_shown(page)
    for _ in range(2):
        taken = actions_taken(page)
        page.keyboard.press("Enter")  # plays it
        wait_for_action_beyond(page, taken)
        page.wait_for_function(
            "() => document.activeElement.dataset.legal === 'true'"
            " || document.activeElement.dataset.testid === 'trick-won'",
            timeout=60_000,
        )
        assert_focus_shown(page)
        if page.evaluate("() => document.activeElement.dataset.testid") == "trick-won":
            page.keyboard.press("Enter")
            page.wait_for_function(
                "() => document.activeElement.dataset.legal === 'true'", timeout=60_000
            )
            assert_focus_shown(page)


# ---- the tutorial runner and the generic game bar (the test-only game) ---------------------


@pytest.mark.opens_app
def test_the_tutorial_runner_plays_the_test_games_script(test_page, test_server) -> None:
    page = test_page
    open_app(page, test_server.url + "#/rps")
    page.evaluate(f"window.picante.setPace({PACE})")
    page.get_by_test_id("learn").tap()
    coach = page.get_by_test_id("coach")
    coach.wait_for()
    assert "Rock blunts scissors" in coach.inner_text()
    # The runner's own screens at every size: its coach card over the table, then the last one.
    screens = Screens(page, "tutorial", ALL_SIZES, axe=axe_violations)
    screens.check("coach")
    page.get_by_test_id("coach-tutorial-next").tap()
    page.wait_for_selector('[data-move="P"][data-hint="true"]')
    assert page.get_by_test_id("status").inner_text().endswith("Pick paper.")
    page.locator('[data-move="R"]').tap()
    assert "paper wraps rock" in page.get_by_test_id("toast").inner_text()
    page.locator('[data-move="P"]').tap()
    page.get_by_test_id("result").tap()  # the game's own reveal
    page.wait_for_selector('[data-testid="coach-text"]:has-text("you score a point")')
    page.get_by_test_id("coach-tutorial-next").tap()
    page.wait_for_selector('[data-testid="coach-text"]:has-text("Three rounds")')
    page.get_by_test_id("coach-tutorial-next").tap()
    page.wait_for_selector('[data-move="S"][data-hint="true"]').tap()
    page.wait_for_selector('[data-testid="coach-text"]:has-text("scissors cut paper")')
    shot(page, "tutorial-rps.png")
    page.get_by_test_id("coach-tutorial-next").tap()
    page.get_by_test_id("coach-done").wait_for()
    screens.check("coach-done")
    screens.done(["coach", "coach-done"])
    page.get_by_test_id("coach-setup").tap()
    page.wait_for_selector('[data-testid="setup"]')


@pytest.mark.opens_app
def test_the_generic_game_bar_is_labelled_and_its_hint_matches_the_bot(
    test_page, test_server
) -> None:
    page = test_page
    open_app(page, test_server.url + "#/rps")
    page.evaluate(f"window.picante.setPace({PACE})")
    page.get_by_test_id("start").tap()
    page.wait_for_selector('[data-testid="actions"] [data-move]')
    for testid, word in (("hint", "Hint"), ("tool-rules", "Rules"), ("tool-game-menu", "Menu")):
        tool = page.get_by_test_id(testid)
        assert tool.inner_text().strip() == word
        assert tool.evaluate("e => e.getBoundingClientRect().height") >= 44
    page.get_by_test_id("hint").tap()
    marked = page.locator('[data-hint="true"]')
    marked.wait_for()
    want = run_python(
        page,
        "import ui.app\nfrom ui.hints import hint_bot\n"
        "t = ui.app.APP.table; s = t.session; st = s.state\n"
        "str(hint_bot(s, t.seat).choose(st.view(t.seat), st.legal_actions(t.seat), 0))",
    )
    assert marked.get_attribute("data-move") == want
    page.get_by_test_id("tool-game-menu").tap()
    menu = page.get_by_test_id("game-menu")
    assert menu.locator(".pc-tool-label").all_inner_texts() == [
        "Rules",
        "Log",
        "Settings",
        "Share",  # ui.tools.APP_TOOLS: the game's link (ui.share)
        "Leave",
    ]
    page.get_by_test_id("menu-settings").tap()
    page.wait_for_selector('[data-testid="settings"]')
    page.get_by_test_id("settings-done").tap()
    for size in at_sizes(page, LANDSCAPE_SIZES):
        # phone on its side: the choice beside the table, both on screen
        act = page.get_by_test_id("actions").bounding_box()
        seats = page.locator('[data-area="seats"]').bounding_box()
        assert act and seats and act["x"] >= seats["x"] + seats["width"] - 1, size
        assert act["y"] < page.viewport_size["height"], size


def test_a_keyboard_only_game_and_a_live_region_that_says_what_happened(test_page) -> None:
    """The generic UI (the test-only game) from the home card to the end with the keyboard:
    focus lands on the first choice after Start and after each result; the live region says
    each reveal."""
    page = test_page
    page.evaluate(f"window.picante.setPace({PACE})")
    for _ in range(40):  # Tab to the game's card
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.game") == "rps":
            break
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-testid="setup"]')
    for _ in range(80):  # Tab to Start
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.testid") == "start":
            break
    page.keyboard.press("Enter")
    said: list[str] = []
    for _ in range(20):
        page.wait_for_function(
            "() => document.activeElement.dataset.action === 'play'"
            " || document.activeElement.dataset.action === 'dismiss'"
            " || !!document.querySelector('[data-testid=game-over]')"
        )
        said.append(page.locator("#pc-live").inner_text())
        if page.locator('[data-testid="game-over"]').count():
            break
        page.keyboard.press("Enter")
    else:
        raise AssertionError("the game did not end")
    assert any("Reveal" in text for text in said), said
    assert page.evaluate("() => document.activeElement.dataset.testid") == "play-again"


@pytest.mark.opens_app
def test_the_generic_table_result_and_end_screens_at_every_size(test_page, test_server) -> None:
    """The generic UI's screens (any game without its own: the test-only one) in the frame:
    the table, a result (the reveal), the end screen."""
    page = test_page
    open_app(page, test_server.url + "#/rps")
    page.evaluate(f"window.picante.setPace({PACE})")
    screens = Screens(page, "generic", ALL_SIZES, axe=axe_violations)
    page.get_by_test_id("start").tap()
    page.wait_for_selector('[data-testid="actions"] [data-move]')
    screens.check("table")
    page.locator('[data-move="R"]').tap()
    page.get_by_test_id("result").wait_for()
    screens.check("result")
    for _ in range(6):
        if page.locator('[data-testid="game-over"]').count():
            break
        if page.get_by_test_id("result").count():
            page.get_by_test_id("result").tap()
        page.wait_for_selector('[data-testid="actions"] [data-move], [data-testid="game-over"]')
        if page.locator('[data-testid="actions"] [data-move]').count():
            page.locator('[data-move="P"]').tap()
            page.wait_for_selector('[data-testid="result"], [data-testid="game-over"]')
    page.get_by_test_id("game-over").wait_for()
    screens.check("game-over")
    screens.done(["table", "result", "game-over"])
