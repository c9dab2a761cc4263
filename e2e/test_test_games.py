"""A game that lives only in the tests plays through the generic platform in the real app.

``tests/games/rps.py`` (rock-paper-scissors, secret simultaneous picks) joins with one line on
each side (``tests/games/register.py``: the engine's ``register_game`` and the UI's
``register_ui``, which gives it the generic game UI). Only a test build has it
(``python -m tools.build --test-games --out build/dist-test``); the shipped dist/ has no trace of
it (checked here too).
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    ROOT,
    SHIPPED_GAMES,
    TEST_ONLY_GAMES,
    open_app,
    saved_record,
    shot,
    wait_ready,
)

import engine
from engine.record import replay
from tools import snapshot_bytecode
from tools.build import dist_files

if str(ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests"))
from games import rps  # noqa: E402  (its records are read here: the engine must know it)

engine.register_game(rps.GAME)

PACE = 0.04
# Every text and attribute value that enters the game root, from the moment it is installed:
# what a snooping player could have read in the DOM (or in the developer tools) at any time.
RECORD_DOM_JS = """() => {
  window.__seen = [];
  const root = document.getElementById('game-root');
  const note = (node) => {
    if (node.nodeType === Node.TEXT_NODE) window.__seen.push(node.textContent);
    if (node.nodeType === Node.ELEMENT_NODE) window.__seen.push(node.outerHTML);
  };
  new MutationObserver((records) => {
    for (const r of records) {
      r.addedNodes.forEach(note);
      if (r.type === 'attributes') {
        window.__seen.push(String(r.target.getAttribute(r.attributeName)));
      }
      if (r.type === 'characterData') window.__seen.push(r.target.textContent);
    }
  }).observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
  window.__seen.push(root.outerHTML);
}"""


def seen(page: Any) -> str:
    """Everything recorded since RECORD_DOM_JS, then start a new record."""
    text = "\n".join(page.evaluate("() => window.__seen.splice(0)"))
    return text + page.evaluate("() => document.getElementById('game-root').outerHTML")


def cover_then_ready(page: Any, name: str) -> None:
    ready = page.get_by_test_id("privacy-ready")
    ready.wait_for()
    assert ready.get_attribute("aria-label") == f"Pass the device to {name} — tap when ready"
    assert page.locator("#game-root [data-move]").count() == 0  # nothing to act on, or to read
    ready.tap()
    page.wait_for_selector('[data-testid="actions"] [data-move]')


def test_two_humans_hot_seat_neither_sees_the_others_pick_before_the_reveal(test_page):
    page = test_page
    card = page.locator('[data-game="rps"]')
    assert card.locator(".game-name").inner_text() == "Rock Paper Scissors"
    assert card.get_attribute("data-soon") is None  # engine and UI registered: playable
    page.evaluate(f"window.picante.setPace({PACE})")
    card.tap()

    # The setup screen, generated from the declaration: 2 or 3 players, the one bot level the
    # game has, its one option with its label and values.
    page.wait_for_selector('[data-testid="setup"]')
    assert page.locator('[data-testid="players"] input').evaluate_all(
        "els => els.map(e => e.value)"
    ) == ["2", "3"]
    assert page.locator('select[data-field="seat-1"] option').all_inner_texts() == [
        "Human",
        "Easy bot",
    ]
    assert "Rounds" in page.get_by_test_id("rounds").inner_text()
    page.locator('[data-testid="rounds"] label:has(input[value="1"])').tap()
    page.wait_for_selector('[data-testid="rounds"] input[value="1"]:checked')
    page.select_option('select[data-field="seat-1"]', "human")
    page.wait_for_selector('[data-testid="mode"]:has-text("Pass-and-play")')
    page.evaluate(RECORD_DOM_JS)
    page.get_by_test_id("start").tap()

    # Ana picks paper behind the cover.
    cover_then_ready(page, "Ana")
    assert "paper" not in seen(page)
    page.locator('[data-move="P"]').tap()

    # The device goes to Bart: the hand-off says that Ana picked, never what, and no trace of
    # her pick enters the page until the reveal.
    cover_then_ready(page, "Bart")
    assert "Ana has picked" in page.get_by_test_id("narration").inner_text()
    before_reveal = seen(page)
    assert "Ana has picked — pass to Bart" in before_reveal
    assert "paper" not in before_reveal
    assert saved_record(page).moves  # Ana's pick is kept, on the device only
    page.locator('[data-move="R"]').tap()

    # The reveal: both picks, the winner, the scores.
    page.wait_for_selector('[data-testid="game-over"]')
    assert page.get_by_test_id("winner").inner_text() == "Ana wins!"
    assert "Ana paper, Bart rock" in page.get_by_test_id("narration").inner_text()
    scores = page.locator('[data-testid="final-scores"] [data-score]').evaluate_all(
        "els => els.map(e => e.dataset.score)"
    )
    assert scores == ["1", "0"]
    shot(page, "phone-rps-game-over.png")
    record = saved_record(page)
    assert record.game == "rps" and [m.action for m in record.moves] == ["P", "R"]
    assert replay(record).to_dict()["public"]["history"] == ["PR"]


def test_the_shipped_dist_has_no_trace_of_the_test_games(dist, test_dist):
    shipped = set(dist_files(dist.out))
    assert not [f for f in shipped if f.startswith("games/")]
    for rel in shipped:
        data = (Path(dist.out) / rel).read_bytes()
        if rel.endswith(".gz"):  # the files bundle and the bytecode: what they hold
            data = gzip.decompress(data)
        for trace in (b"Rock Paper Scissors", b"games.register", b'data-game="rps"'):
            assert trace not in data, f"{trace!r} in dist/{rel}"
    # ... while the test build has it, as a playable card and files the page loads
    index = (Path(test_dist.out) / "index.html").read_text()
    assert 'data-game="rps"' in index and '"register":["games.register"]' in index
    bundle = snapshot_bytecode.unpack(
        (Path(test_dist.out) / snapshot_bytecode.FILES_NAME).read_bytes()
    )
    assert {"games/rps.py", "games/register.py"} <= set(bundle)


def test_a_test_game_route_is_no_route_in_the_shipped_app(page, base_url):
    open_app(page, base_url + "#/rps")
    assert page.evaluate("() => window.picante.currentGame") is None
    assert page.locator("#home").is_visible()
    assert [g["id"] for g in page.evaluate("() => window.picante.games")] == SHIPPED_GAMES
    assert "rps" not in SHIPPED_GAMES and "rps" in TEST_ONLY_GAMES


@pytest.mark.opens_app
def test_a_game_resumes_after_a_reload_behind_the_cover(test_page, test_server):
    """Saved after every action, generically: a reload mid-round resumes where it was, and a
    pass-and-play game resumes behind the cover of the seat still to pick."""
    page = test_page
    open_app(page, test_server.url + "#/rps")
    page.evaluate(f"window.picante.setPace({PACE})")
    page.wait_for_selector('[data-testid="setup"]')
    page.select_option('select[data-field="seat-1"]', "human")
    page.wait_for_selector('[data-testid="mode"]:has-text("Pass-and-play")')
    page.get_by_test_id("start").tap()
    cover_then_ready(page, "Ana")
    page.locator('[data-move="S"]').tap()
    page.get_by_test_id("privacy-ready").wait_for()

    page.reload()  # the address is the saved game's: it opens again
    wait_ready(page)  # Python boots again (seconds; more on a busy machine)
    cover_then_ready(page, "Bart")  # Ana has picked: Bart is the one still to choose
    assert "scissors" not in page.locator("#game-root").inner_html()
    page.locator('[data-move="R"]').tap()
    page.wait_for_selector('[data-testid="result"]')
    assert "Ana scissors, Bart rock" in page.get_by_test_id("status").inner_text()
