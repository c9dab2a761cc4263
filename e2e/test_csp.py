"""The page's Content-Security-Policy (``CSP`` in tools/page.py, a <meta> in dist/index.html).

It is on in every browser test: conftest fails any test in which the page refused something
(``csp_violations``). Here: the policy is as strict as written (our own files only, no inline
code but the shell the build inlines, allowed by hash, no 'unsafe-eval'), the browser enforces
it, and a whole game of every playable game (the test-only ones too, from the test build) plays
through under it with nothing refused.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from typing import Any

import pytest
from conftest import SHIPPED_GAMES, TEST_ONLY_GAMES, watch_loads
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tools.page import inline_code

PACE = 0.04
META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
GAMES = [("dist", g) for g in SHIPPED_GAMES] + [("test-dist", g) for g in TEST_ONLY_GAMES]


def policy_of(page_html: str) -> dict[str, list[str]]:
    (content,) = META.findall(page_html)
    directives = [d.split() for d in html.unescape(content).split(";") if d.strip()]
    return {d[0]: d[1:] for d in directives}


def sha256(body: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"


def test_the_policy_allows_our_own_files_and_the_inlined_shell_only(dist) -> None:
    page = (dist.out / "index.html").read_text(encoding="utf-8")
    policy = policy_of(page)
    assert page.index("Content-Security-Policy") < page.index("<script")  # before any code
    assert policy["default-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    assert policy["worker-src"] == ["'self'"]
    for name, sources in policy.items():
        for source in sources:
            # no 'unsafe-inline', no 'unsafe-eval', no other host, no data:/blob: code
            assert source in ("'self'", "'none'", "'wasm-unsafe-eval'") or source.startswith(
                "'sha256-"
            ), f"{name} {source}"
    code = inline_code(page)
    assert len(code["script"]) == 1 and "window.picanteReady" in code["script"][0]  # boot.js
    assert len(code["style"]) == 1 and "--tortilla" in code["style"][0]  # shell.css
    assert sorted(policy["script-src"]) == sorted(
        ["'self'", "'wasm-unsafe-eval'", *map(sha256, code["script"])]
    )
    assert sorted(policy["style-src"]) == sorted(["'self'", *map(sha256, code["style"])])
    # nothing the policy would refuse in the page itself: no inline handler, no style attribute
    markup = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)
    assert not re.findall(r"<[^>]*\s(on[a-z]+|style)=", markup)


def test_the_browser_enforces_it(page: Any, csp_violations: list[str]) -> None:
    # From a task of the page's own (code that the test runs directly is exempt from the
    # policy's eval check), and caught: only the violation event tells.
    page.evaluate(
        "() => setTimeout(() => { try { window.__ran = new Function('return 1')(); }"
        " catch (e) { window.__ran = e.name; } }, 0)"
    )
    page.wait_for_function("() => window.__ran !== undefined")
    assert page.evaluate("() => window.__ran") == "EvalError"
    page.evaluate(
        "() => { const p = document.createElement('p'); p.id = 'inline-style-test';"
        " p.setAttribute('style', 'color: rgb(1, 2, 3)'); document.body.append(p); }"
    )
    color = page.evaluate(
        "() => getComputedStyle(document.getElementById('inline-style-test')).color"
    )
    assert color != "rgb(1, 2, 3)"
    page.wait_for_function("() => true")  # a round trip: the reports of both are in
    assert [v.split(":")[0] for v in csp_violations] == ["script-src", "style-src-attr"]
    csp_violations.clear()  # refused on purpose: the fixture's check is for the app's own


OVER = '[data-testid="game-over"]'
# What stops a table of bots until a tap: a round's summary, a result banner without a time.
WAITS = '[data-testid="next-round"], [data-action="dismiss"]'
TAP_JS = """(selector) => {
  const screen = document.getElementById('pc-screen');
  const before = screen.innerHTML;
  const button = document.querySelector(selector);
  if (button) button.click();
  return button ? before : null;
}"""


# Options for a shorter whole game (every screen still comes: a round's end, the game's end).
SHORT = {"jalapeno": {"rounds": 2}}


def play_with_bots(page: Any, game_id: str) -> None:
    """A whole game at the smallest table, every seat the game's first bot level; whatever
    waits for a tap (a round's summary, a result banner) gets one."""
    page.evaluate(f"window.picante.setPace({PACE})")
    page.locator(f'[data-game="{game_id}"]').tap()
    page.wait_for_selector('[data-testid="setup"]')
    for group, value in SHORT.get(game_id, {}).items():
        page.locator(f'[data-testid="{group}"] label:has(input[value="{value}"])').tap()
        page.wait_for_selector(f'[data-testid="{group}"] input[value="{value}"]:checked')
    for select in page.locator('select[data-field^="seat-"]').all():
        bots = select.locator('option[value^="bot:"]').evaluate_all("os => os.map(o => o.value)")
        select.select_option(bots[0])
    page.get_by_test_id("start").tap()
    while True:
        page.wait_for_selector(f"{OVER}, {WAITS}", timeout=180_000)
        if page.locator(OVER).count():
            return
        before = page.evaluate(TAP_JS, WAITS)  # at once: a banner with a time may go first
        if before is None:  # it went first (and the game may be over): look again
            continue
        try:
            page.wait_for_function(CHANGED_JS, arg=before, timeout=180_000)
        except PlaywrightTimeout:
            raise AssertionError(stuck(page, before)) from None


CHANGED_JS = "(before) => document.getElementById('pc-screen').innerHTML !== before"


def stuck(page: Any, before: str) -> str:
    """Why a table of bots did not move on after a tap: what is on screen, whether another tap
    moves it (then the first was lost), and what the page said."""
    screen = page.evaluate(
        "() => { const s = document.getElementById('pc-screen');"
        " return s ? s.innerText.replace(/\\s+/g, ' ').slice(0, 400) : '(no pc-screen)'; }"
    )
    waits = page.locator(WAITS).count()
    page.evaluate(TAP_JS, WAITS)
    try:
        page.wait_for_function(CHANGED_JS, arg=before, timeout=10_000)
        again = "a second tap moved it on: the first tap was lost"
    except PlaywrightTimeout:
        again = "a second tap did not move it on either"
    notes = "\n".join(getattr(page, "_picante_loads", []) or ["(nothing failed on the page)"])
    return (
        f"the table did not move on after a tap ({waits} element(s) waiting for one; {again})\n"
        f"on screen: {screen}\n{notes}"
    )


@pytest.mark.parametrize(("build", "game_id"), GAMES, ids=[g for _, g in GAMES])
def test_a_whole_game_plays_with_nothing_refused(
    request, build: str, game_id: str, csp_violations: list[str]
) -> None:
    # The app as the other tests have it (app_context: what its pages' policy refuses is
    # reported here too); a first visit in a fresh profile is the platform tests' (new_context,
    # which fails any test in which the policy refused something).
    page = request.getfixturevalue("page" if build == "dist" else "test_page")
    watch_loads(page)  # (its console errors explain a table that stops)
    play_with_bots(page, game_id)
    assert page.locator("#game-root").inner_text().strip()
    assert csp_violations == []
