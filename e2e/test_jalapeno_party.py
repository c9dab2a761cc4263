"""Jalape-NO! at the party table, in Chromium: a whole game with the keyboard only (focus where
the next key press needs it, never under another card, the live region saying each trick), a
hint equal to the strongest bot's move with its one sentence of why, the score sheet and the
log as labelled controls of their own, and the tutorial (the rulebook's follow cases) played
through as a new player would, wrong moves and a refusal included.

The layouts and axe at every size are e2e/test_jalapeno_layout.py's; the shared tools (rules
sheet, settings) are e2e/test_party.py's.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import actions_taken, open_app, run_python, shot, wait_for_action_beyond
from layout import ALL_SIZES, at_sizes

PACE = 0.04
MY_TURN = '.jp-me.my-turn .jp-card[data-legal="true"]'

# What the focused element is, whether all of it is on screen (in the viewport, cut by no
# scrolling box) and whether a pointer at the middle of its visible part would reach it (its
# focus ring is not hidden under another card).
FOCUS_JS = """() => {
  const clipped = (el, r) => {
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      if (r.top < c.top - 1 || r.left < c.left - 1 || r.bottom > c.bottom + 1
          || r.right > c.right + 1) return true;
    }
    return false;
  };
  const el = document.activeElement;
  if (!el || el === document.body) return {what: 'body'};
  const r = el.getBoundingClientRect();
  const peek = el.querySelector('[data-peek]');
  const p = peek ? peek.getBoundingClientRect() : r;
  const x = p.left + p.width / 2, y = p.top + p.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {
    what: el.dataset.action || el.dataset.testid || el.tagName,
    card: el.dataset.card || null, legal: el.dataset.legal || null,
    testid: el.dataset.testid || null,
    onScreen: r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1
              && r.right <= innerWidth + 1 && !clipped(el, r),
    reachable: !!hit && (hit === el || el.contains(hit)),
  };
}"""


def py(page: Any, code: str) -> str:
    return run_python(page, "import ui.app\nt = ui.app.APP.table\n" + code)


def start(page: Any, base_url: str, players: int, rounds: int, seed: int) -> None:
    open_app(page, f"{base_url}?seed={seed}")
    page.evaluate(f"window.picante.setPace({PACE})")
    page.locator('[data-game="jalapeno"]').tap()
    page.wait_for_selector('[data-testid="setup"]')
    for group, value in (("players", players), ("rounds", rounds)):
        page.locator(f'[data-testid="{group}"] label:has(input[value="{value}"])').tap()
        page.wait_for_selector(f'[data-testid="{group}"] input[value="{value}"]:checked')
    for seat in range(1, players):
        page.select_option(f'select[data-field="seat-{seat}"]', "bot:heuristic")
    page.get_by_test_id("start").tap()


def play_first_legal(page: Any) -> None:
    taken = actions_taken(page)
    page.locator(MY_TURN).first.tap()
    wait_for_action_beyond(page, taken)


def tab_to(page: Any, test: str, limit: int = 80) -> None:
    """Press Tab until ``test`` (a JS expression on ``el``, the focused element) holds."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => {{ const el = document.activeElement; return !!({test}); }}"):
            return
    raise AssertionError(f"Tab never reached: {test}")


def choose_radio(page: Any, group: str, value: int) -> None:
    """A setup choice with the keyboard: Tab into its radio group, arrows to the value."""
    tab_to(page, f"el.closest('[data-testid=\"{group}\"]') && el.type === 'radio'")
    for _ in range(12):
        if page.evaluate("() => document.activeElement.value") == str(value):
            break
        page.keyboard.press("ArrowRight")
    page.wait_for_selector(f'[data-testid="{group}"] input[value="{value}"]:checked')


# ---- a whole game with the keyboard ---------------------------------------------------------


@pytest.mark.opens_app
def test_a_whole_game_with_the_keyboard_only(page: Any, base_url: str) -> None:
    open_app(page, f"{base_url}?seed=13")
    page.evaluate(f"window.picante.setPace({PACE})")
    tab_to(page, "el.dataset.game === 'jalapeno'")
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-testid="setup"]')
    choose_radio(page, "players", 3)
    choose_radio(page, "rounds", 2)
    tab_to(page, "el.dataset.testid === 'start'")
    page.keyboard.press("Enter")

    said: set[str] = set()
    plays = rounds = 0
    hidden: list[str] = []
    for _ in range(200):
        # Read where focus is in the very evaluation that saw it ready: at this pace a trick's
        # result moves on by itself, and a frame later its button has gone (focus then rests on
        # the status line, ui.table.FOCUS_ELSE, after one frame on the page's body).
        focus = page.wait_for_function(
            f"""() => {{
              const el = document.activeElement;
              const ready = !!el && ((el.dataset.action === 'play' && el.dataset.legal === 'true'
                                      && !!el.closest('.jp-me.my-turn'))
                || ['trick-won', 'next-round', 'play-again'].includes(el.dataset.testid));
              return ready && {{...({FOCUS_JS})(),
                                said: document.getElementById('pc-live').innerText}};
            }}""",
            timeout=60_000,
        ).json_value()
        said.add(focus["said"])
        if not (focus["onScreen"] and focus["reachable"]):
            hidden.append(str(focus))
        if focus["testid"] == "play-again":
            break
        if focus["testid"] == "next-round":
            rounds += 1
        elif focus["what"] == "play":
            plays += 1
            if plays % 2 == 0:
                # Not always the first legal card: Tab on to another lit one if there is
                # one, else Shift+Tab back as many times to the one we started on.
                tabs = 0
                for _ in range(14):
                    page.keyboard.press("Tab")
                    tabs += 1
                    now = page.evaluate(FOCUS_JS)
                    if now["what"] != "play" or now["legal"] == "true":
                        break
                if now["what"] != "play" or now["legal"] != "true":
                    for _ in range(tabs):
                        page.keyboard.press("Shift+Tab")
                    assert page.evaluate(FOCUS_JS)["card"] == focus["card"]
                now = page.evaluate(FOCUS_JS)
                if not (now["onScreen"] and now["reachable"]):
                    hidden.append(str(now))
        # Enter, then wait for the page to have taken it: on a slow machine the next look at
        # the focus can come before the key is handled, and would see the same button again.
        taken = actions_taken(page) if focus["what"] == "play" else 0
        page.keyboard.press("Enter")
        if focus["what"] == "play":
            wait_for_action_beyond(page, taken)
        else:  # a trick's result or a round's end: gone once taken (or moved on by itself)
            page.wait_for_selector(f'[data-testid="{focus["testid"]}"]', state="detached")
    else:
        raise AssertionError("the game did not end")
    page.get_by_test_id("game-over").wait_for()
    assert rounds == 1 and plays >= 2 * 12 - 4, (rounds, plays)
    assert not hidden, "focus off screen or under another element:\n" + "\n".join(hidden)
    text = " ".join(said)
    assert "wins the trick" in text or "win the trick" in text, said


@pytest.mark.opens_app
def test_the_focus_ring_is_never_under_another_card_at_any_size(page: Any, base_url: str) -> None:
    """Tab through a full hand at every size: each card, when focused, is on screen (a
    scrolling hand scrolls it in) and on top of its neighbours."""
    start(page, base_url, players=4, rounds=1, seed=11)
    page.wait_for_selector(MY_TURN, timeout=60_000)
    problems: list[str] = []
    for size in at_sizes(page, ALL_SIZES):
        page.locator(".jp-hand .jp-card").first.focus()
        count = page.locator(".jp-hand .jp-card").count()
        for i in range(count):
            focus = page.evaluate(FOCUS_JS)
            if focus["what"] != "play":
                problems.append(f"{size}: Tab left the hand at card {i + 1} of {count}")
                break
            page.evaluate(
                "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
            )
            focus = page.evaluate(FOCUS_JS)
            if not (focus["onScreen"] and focus["reachable"]):
                problems.append(f"{size}: {focus}")
            page.keyboard.press("Tab")
    assert not problems, "\n".join(problems)


# ---- hint, score sheet, log -----------------------------------------------------------------


@pytest.mark.opens_app
def test_a_hint_is_the_strongest_bots_move_with_one_sentence_why(page: Any, base_url: str) -> None:
    start(page, base_url, players=4, rounds=1, seed=3)
    reasons: list[str] = []
    for turn in range(3):
        page.wait_for_selector(MY_TURN, timeout=60_000)
        page.get_by_test_id("hint").tap()
        marked = page.locator('[data-hint="true"]')
        marked.wait_for(timeout=60_000)
        assert marked.count() == 1
        want = py(
            page,
            "from ui.hints import hint_bot\ns = t.session; st = s.state\n"
            "str(hint_bot(s, t.seat).choose(st.view(t.seat), st.legal_actions(t.seat), 0))",
        )
        assert marked.get_attribute("data-card") == want
        reason = py(
            page,
            f"from ui.games.jalapeno import reasons\n"
            f"reasons.reason(t.session.state.view(t.seat), {want!r})",
        )
        status = page.get_by_test_id("status").inner_text()
        assert status.startswith("Hint: "), status
        said = reason[:1].lower() + reason[1:]
        assert status.endswith(f" — {said}"), (reason, status)
        # one sentence: a capital start, one full stop at its end, none before
        assert reason[:1].isupper() and reason.endswith(".") and ". " not in reason, reason
        reasons.append(reason)
        if turn == 0:
            shot(page, "jalapeno-hint.png")
        taken = actions_taken(page)
        marked.tap()  # play it: the hint goes with the turn
        wait_for_action_beyond(page, taken)
        assert page.locator('[data-hint="true"]').count() == 0
    used = "from ui.hints import hints_used\nhints_used(t.session.meta, 0)"
    assert py(page, used) == "3"
    for _ in range(40):  # to the end of the round: the results count the hints
        page.wait_for_selector(f'{MY_TURN}, [data-testid="game-over"]', timeout=60_000)
        if page.get_by_test_id("game-over").count():
            break
        play_first_legal(page)
    over = page.get_by_test_id("game-over")
    over.wait_for(timeout=60_000)
    assert page.get_by_test_id("hints-used").inner_text() == "3 hints used."


@pytest.mark.opens_app
def test_the_score_sheet_and_the_log_are_labelled_controls_of_their_own(
    page: Any, base_url: str
) -> None:
    start(page, base_url, players=4, rounds=2, seed=11)
    page.wait_for_selector(MY_TURN, timeout=60_000)
    for _ in range(2):
        play_first_legal(page)
        page.wait_for_selector(MY_TURN, timeout=60_000)
    for size in at_sizes(page, ALL_SIZES):
        # A Scores control, named by its word, on screen at every size (never behind a menu).
        scores = [
            b
            for b in page.locator('[data-action="scores"]').all()
            if b.is_visible()
            and "Scores" in (b.inner_text() + (b.get_attribute("aria-label") or ""))
        ]
        assert scores, f"{size}: no visible Scores control"
        box = scores[0].bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44, (size, box)
        scores[0].tap()
        sheet = page.get_by_test_id("sheet-scores")
        sheet.wait_for()
        assert "Penalty points" in sheet.inner_text()
        page.keyboard.press("Escape")
        sheet.wait_for(state="detached")
        # The Log: in the game bar where there is room, else in the menu.
        log_tool = page.locator('[data-action="log"]:visible').first
        if not log_tool.count():
            page.get_by_test_id("tool-game-menu").tap()
            log_tool = page.get_by_test_id("menu-log")
        assert "Log" in log_tool.inner_text()
        log_tool.tap()
        log = page.get_by_test_id("log")
        log.wait_for()
        text = log.inner_text()
        assert "the trick" in text and " played " in text, text
        page.keyboard.press("Escape")
        log.wait_for(state="detached")


# ---- the tutorial ---------------------------------------------------------------------------


def coach_next(page: Any, says: str) -> None:
    page.wait_for_selector(f'[data-testid="coach-text"]:has-text("{says}")', timeout=60_000)
    page.get_by_test_id("coach-tutorial-next").tap()


def lesson(page: Any, expect: str) -> None:
    page.wait_for_selector(f'[data-card="{expect}"][data-hint="true"]', timeout=60_000)


def test_the_tutorial_played_through_from_setup_to_a_real_game(page: Any) -> None:
    page.evaluate(f"window.picante.setPace({PACE})")
    page.locator('[data-game="jalapeno"]').tap()
    page.get_by_test_id("learn").tap()
    coach_next(page, "Five short lessons")

    # 1. Leading: any card may lead; the lesson asks for the Yellow 2.
    lesson(page, "Y2")
    assert "Lead your Yellow 2" in page.get_by_test_id("status").inner_text()
    page.locator('.jp-hand [data-card="G5"]').tap()
    page.wait_for_selector('[data-testid="toast"]:has-text("for this lesson lead the Yellow 2")')
    page.locator('[data-card="Y2"][data-hint="true"]').tap()
    coach_next(page, "Bart took the trick")

    # 2. Red led, you hold red and the Red Jalapeño: any red, the lesson says the Jalapeño.
    lesson(page, "R1")
    page.locator('.jp-hand [data-card="R9"]').tap()
    page.wait_for_selector('[data-testid="toast"]:has-text("get rid of")')
    page.locator('[data-card="R1"][data-hint="true"]').tap()
    coach_next(page, "your Red Jalapeño now lies in front of Ana")

    # 3. Red led, your Jalapeño is green: you must follow from your hand (the rule says no).
    lesson(page, "R5")
    page.locator('[data-card="G1"]').tap()
    link = page.get_by_test_id("toast-rule")
    link.wait_for()
    assert "Following the lead colour" in link.inner_text()
    page.locator('[data-card="R5"][data-hint="true"]').tap()
    coach_next(page, "Staying under kept you out of it")

    # 4. No red in hand, but the Red Jalapeño: it must follow, the only card lit.
    lesson(page, "R1")
    assert page.locator('.jp-me [data-legal="true"]').count() == 1
    page.locator('[data-card="R1"][data-hint="true"]').tap()
    coach_next(page, "Bart took the trick")

    # 5. No red at all: anything goes; the lesson says the Green Jalapeño.
    lesson(page, "G1")
    page.locator('[data-card="G1"][data-hint="true"]').tap()
    coach_next(page, "Ana took your Green Jalapeño")

    coach_next(page, "each Jalapeño in front of you costs 2 penalty points")
    done = page.get_by_test_id("coach-done")
    done.wait_for()
    assert "Hint shows" in done.inner_text()
    page.get_by_test_id("coach-setup").tap()
    page.wait_for_selector('[data-testid="setup"]')
    page.get_by_test_id("start").tap()
    page.wait_for_selector(MY_TURN, timeout=60_000)
