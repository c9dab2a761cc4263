"""Saved games in the real app (Chromium, 390×844, touch): a game is its record, written to
IndexedDB after every action.

A reload mid-game resumes the exact engine state; two games of one kind are in progress at once
and both resume ("Start a new game" keeps the old one); a damaged record is listed with its
message while the others still open, and opens up to its last good action; Undo shows only when
the engine's policy allows and restores the state; storage that fails says so and play goes on,
and nothing stored before is lost; abandoning and clearing the history ask first.

Moves are chosen by the engine in the page (``Table.act``, the path a tap takes after the DOM:
the taps themselves are each game's own tests); what these tests check is what is kept. The
engine state is compared three ways: the page's live state, the record in IndexedDB replayed
in CPython, and the state before the reload.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from conftest import (  # noqa: E402
    current_saved_id,
    open_app,
    run_python,
    saved_games,
    saved_record,
    saved_state,
    settle_saves,
    shot,
)
from layout import assert_no_overlap, at_sizes  # noqa: E402

from engine.record import replay  # noqa: E402

PACE = 0.05
GAMES = {"jalapeno": 3, "nacho": 3, "taco": 1}  # player count: seat 0 human, the others bots
# The app's saves are one code path for every game (a record, replayed: engine/record.py, which
# tests/test_record.py replays 1,000 games of each through). The promise nothing is lost (a
# reload resumes the exact state) is checked in the app for every game; each other behaviour
# for one or two games, taken in turn, so that every game goes through the app's saves more
# than once without the suite checking the same path three times over (CI's time: issue 13).
TWO_IN_PROGRESS = ("taco",)
DAMAGED = ("nacho",)
UNDO = ("jalapeno", "taco")  # undo's policy differs: cards, and dice once rolled
STORAGE_FAILING = ("jalapeno",)

# Where the table waits (as the CPython tests' ``settle``): the screen's name, or null.
SETTLED_JS = """() => {
  const py = window.picante && window.picante.pyodide;
  if (!py || !window.picante.ready) return null;
  return py.runPython(`
from ui import app as _app
_t = _app.APP.table if _app.APP else None
_r = None
if _t is not None and _t.screen.value == "over":
    _r = "over"
elif _t is not None and _t.waiting is not None and not _t.waiting.done() and (
        _t.screen.value in ("turn", "cover", "result", "break")):
    _r = _t.screen.value
_r`) || null;
}"""


def settled(page: Any) -> str:
    page.wait_for_function(SETTLED_JS, timeout=60_000)
    return page.evaluate(SETTLED_JS)


def live_state(page: Any) -> dict[str, Any]:
    """The engine state the page is playing, as its saved form."""
    text = run_python(
        page,
        "import json\nfrom ui import app as _app\n"
        "json.dumps(_app.APP.table.session.state.to_dict(), sort_keys=True)",
    )
    return json.loads(text)


def act(page: Any, undoable_first: bool = False) -> None:
    """The human on screen takes the engine's first legal action (an undoable one first, if
    asked), through the table as a tap does."""
    run_python(
        page,
        "from ui import app as _app\n"
        "_t = _app.APP.table\n"
        "_legal = _t.session.legal(_t.seat)\n"
        f"_pick = [a for a in _legal if type(a).undoable] if {undoable_first} else []\n"
        "_t.act(str((_pick or _legal)[0]))",
    )


def answer(page: Any) -> None:
    """Tap through a cover, a result or an interlude (as a tap on it does), if one is still on
    screen (a result goes by itself)."""
    run_python(
        page,
        "from ui import app as _app\n_t = _app.APP.table\n"
        "if _t.screen.value in ('cover', 'result', 'break'):\n    _t.answer()",
    )


def play_on(page: Any, human_actions: int) -> str:
    """Tap through covers and results; the human takes ``human_actions`` actions; then on to
    where the game waits for the human (a result may move on by itself, a turn never does)."""
    done = 0
    while True:
        screen = settled(page)
        if screen == "over" or (screen == "turn" and done == human_actions):
            return screen
        if screen == "turn":
            act(page)
            done += 1
        else:
            answer(page)


def start(page: Any, base_url: str, game: str, seed: int, *, tap: bool = False) -> str:
    """A new game from the setup screen (seat 0 human, the others bots); returns its id. The
    app opens at the game's setup with the seed, or (``tap``) the app on the home screen
    already opened so taps the game's card."""
    if tap:
        page.locator(f'[data-game="{game}"]').tap()
    else:
        open_app(page, f"{base_url}?seed={seed}&pace={PACE}#/{game}")
    page.wait_for_selector('[data-testid="setup"]')
    players = GAMES[game]
    if page.locator(f'[data-testid="players"] input[value="{players}"]').count():
        page.locator(f'[data-testid="players"] label:has(input[value="{players}"])').tap()
        page.wait_for_selector(f'[data-testid="players"] input[value="{players}"]:checked')
    page.get_by_test_id("start").tap()
    page.wait_for_function("() => /\\/saved\\//.test(window.picante.currentRoute || '')")
    return current_saved_id(page)


def go_home(page: Any) -> None:
    page.locator('#game-root [data-action="home"]').first.tap()
    page.wait_for_selector("#home:not([hidden])")


def assert_resumed(page: Any, saved_id: str, expected: dict[str, Any]) -> None:
    page.wait_for_function(
        "(id) => (window.picante.currentRoute || '').endsWith('/saved/' + id)", arg=saved_id
    )
    settled(page)
    assert live_state(page) == expected
    assert replay(saved_record(page, saved_id)).to_dict() == expected


@pytest.mark.opens_app
@pytest.mark.parametrize("game", GAMES)
def test_a_reload_mid_game_resumes_the_exact_state(page: Any, base_url: str, game: str) -> None:
    saved_id = start(page, base_url, game, seed=7)
    play_on(page, 3)
    settle_saves(page)
    before = live_state(page)
    length = len(saved_record(page))
    assert saved_state(page).to_dict() == before  # the record replays to what is on screen
    page.reload()
    open_app(page, page.url)  # the route is the saved game's: it opens again
    assert_resumed(page, saved_id, before)
    play_on(page, 1)  # and play goes on
    assert len(saved_record(page, saved_id)) > length


@pytest.mark.opens_app
@pytest.mark.parametrize("game", TWO_IN_PROGRESS)
def test_two_games_of_one_kind_are_in_progress_and_both_resume(
    page: Any, base_url: str, game: str
) -> None:
    first = start(page, base_url, game, seed=11)
    play_on(page, 2)
    settle_saves(page)
    first_state = live_state(page)
    go_home(page)
    page.locator('[data-testid="continue"]').first.wait_for()
    # A new game of the same kind, from its setup: the old one stays (and is offered there).
    page.locator(f'[data-game="{game}"]').tap()
    page.wait_for_selector('[data-testid="setup"] [data-testid="continue"]')
    assert page.get_by_test_id("start").inner_text() == "Start a new game"
    page.get_by_test_id("start").tap()
    page.wait_for_function(
        "(id) => /\\/saved\\//.test(window.picante.currentRoute || '')"
        " && !window.picante.currentRoute.endsWith(id)",
        arg=first,
    )
    second = current_saved_id(page)
    play_on(page, 1)
    settle_saves(page)
    second_state = live_state(page)
    assert second != first and len(saved_games(page)) == 2
    go_home(page)
    rows = page.locator('[data-testid="continue"]')
    page.wait_for_function("() => document.querySelectorAll('[data-testid=continue]').length === 2")
    assert rows.count() == 2
    shot(page, f"saved-games-{game}.png")
    for saved_id, expected in ((first, first_state), (second, second_state)):
        page.locator(f'[data-testid="continue"][data-saved="{saved_id}"]').tap()
        assert_resumed(page, saved_id, expected)
        go_home(page)


@pytest.mark.opens_app
@pytest.mark.parametrize("game", DAMAGED)
def test_a_damaged_record_shows_its_message_while_the_others_still_open(
    page: Any, base_url: str, game: str
) -> None:
    good = start(page, base_url, game, seed=5)
    play_on(page, 2)
    settle_saves(page)
    good_state = live_state(page)
    go_home(page)
    page.locator(f'[data-game="{game}"]').tap()
    page.get_by_test_id("start").tap()
    page.wait_for_function(
        "(id) => /\\/saved\\//.test(window.picante.currentRoute || '')"
        " && !window.picante.currentRoute.endsWith(id)",
        arg=good,
    )
    bad = current_saved_id(page)
    play_on(page, 3)
    settle_saves(page)
    record = saved_record(page, bad)
    go_home(page)
    # The record is damaged on the device: an action in the middle is one that cannot be.
    cut = len(record) // 2
    data = record.to_dict()
    data["actions"][cut] = [data["actions"][cut][0], data["actions"][cut - 1][1]]
    if data["actions"][cut] == record.to_dict()["actions"][cut]:
        data["actions"][cut][0] = (data["actions"][cut][0] + 1) % max(2, record.players)
    page.evaluate(
        """([id, text]) => new Promise((ok, fail) => {
      const req = indexedDB.open('picante');
      req.onsuccess = () => {
        const tx = req.result.transaction('records', 'readwrite');
        const store = tx.objectStore('records');
        store.get(id).onsuccess = (e) => store.put({...e.target.result, record: text,
                                                   checkpoint: null});
        tx.oncomplete = () => { req.result.close(); ok(); };
        tx.onerror = () => fail(tx.error);
      };
    })""",
        [bad, json.dumps(data)],
    )
    page.reload()
    open_app(page, page.url)
    damaged = page.get_by_test_id("damaged")
    damaged.wait_for()
    message = damaged.get_by_test_id("damaged-message").inner_text()
    assert f"action {cut + 1}" in message and "does not replay" in message
    shot(page, f"damaged-{game}.png")
    # The other game still opens, as it was.
    page.locator(f'[data-testid="continue"][data-saved="{good}"]').tap()
    assert_resumed(page, good, good_state)
    go_home(page)
    # The damaged one opens up to its last good action, by choice.
    page.get_by_test_id("damaged").get_by_test_id("open-damaged").tap()
    page.get_by_test_id("damaged-screen").wait_for()
    page.evaluate("() => window.picante.holdBots(true)")  # look before a bot plays on
    page.locator('#game-root [data-testid="open-damaged"]').tap()
    expected = replay(record.truncated(cut)).to_dict()
    page.wait_for_function(
        "() => { const t = window.picante.pyodide.runPython("
        "'from ui import app as _a\\n_a.APP.table is not None'); return t; }"
    )
    assert live_state(page) == expected
    settle_saves(page)
    assert saved_record(page, bad) == record.truncated(cut)  # the rest is dropped, as chosen


CAN_UNDO = "from ui import app as _app\n_app.APP.table.can_undo"


@pytest.mark.opens_app
@pytest.mark.parametrize("game", UNDO)
def test_undo_shows_only_when_the_policy_allows_and_restores_the_state(
    page: Any, base_url: str, game: str
) -> None:
    enabled = '#game-root [data-testid="undo"]:not([aria-disabled="true"])'
    start(page, base_url, game, seed=3)
    page.evaluate("() => window.picante.holdBots(true)")  # a bot thinks until released
    while settled(page) != "turn":
        answer(page)
    assert page.locator(enabled).count() == 0  # nothing of ours to take back yet
    before = live_state(page)
    length = len(saved_record(page))
    act(page, undoable_first=True)
    page.locator(enabled).wait_for()  # a bot thinking, or our own turn going on
    for size in at_sizes(page):  # the header makes room for it (the rest is each game's test)
        assert_no_overlap(page, "#game-root .pc-bar", f"with Undo {size}")
    shot(page, f"undo-{game}.png")
    settle_saves(page)
    assert len(saved_record(page)) == length + 1
    page.locator(enabled).tap()
    page.wait_for_function(SETTLED_JS)
    assert live_state(page) == before
    settle_saves(page)
    assert len(saved_record(page)) == length and saved_state(page).to_dict() == before
    # Play on: at every turn of ours, Undo is there exactly when the engine's policy allows it
    # (once another seat has acted, a die rolled or a card been drawn, it is gone).
    page.evaluate("() => window.picante.holdBots(false)")
    seen = {True: 0, False: 0}
    while sum(seen.values()) < 12:
        screen = settled(page)
        if screen == "over":
            break
        if screen != "turn":
            answer(page)
            continue
        allowed = run_python(page, CAN_UNDO) == "true"  # (a Python bool, as JS writes it)
        assert page.locator(enabled).count() == int(allowed)
        seen[allowed] += 1
        act(page)
    assert seen[False] > 0


@pytest.mark.opens_app
@pytest.mark.parametrize("game", STORAGE_FAILING)
def test_storage_failing_shows_a_message_and_loses_nothing(
    page: Any, base_url: str, game: str
) -> None:
    kept = start(page, base_url, game, seed=9)
    play_on(page, 1)
    settle_saves(page)
    kept_record = saved_record(page, kept)
    # From now on, every write to the database fails as a full disk does.
    page.add_init_script(
        """(() => {
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (...args) {
        if (localStorage.getItem('picante-test-full') === '1') {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return put.apply(this, args);
      };
    })()"""
    )
    page.evaluate("() => localStorage.setItem('picante-test-full', '1')")
    page.reload()
    open_app(page, page.url)
    settled(page)
    play_on(page, 1)
    toast = page.get_by_test_id("toast")
    toast.wait_for()
    assert "can't be saved" in toast.inner_text()
    play_on(page, 1)  # play goes on
    go_home(page)
    page.get_by_test_id("saved-notice").wait_for()
    page.evaluate("() => localStorage.removeItem('picante-test-full')")
    page.reload()
    open_app(page, page.url)
    assert saved_record(page, kept) == kept_record  # what was stored is as it was


@pytest.mark.opens_app
def test_abandoning_asks_first(page: Any, base_url: str) -> None:
    first = start(page, base_url, "taco", seed=2)
    settle_saves(page)
    go_home(page)
    row = page.locator(f'[data-key="saved-{first}"]')
    row.get_by_test_id("abandon").tap()
    page.get_by_test_id("confirm").wait_for()
    page.get_by_test_id("confirm-no").tap()
    page.wait_for_selector('[data-testid="confirm"]', state="detached")
    assert first in saved_games(page)
    row.get_by_test_id("abandon").tap()
    page.get_by_test_id("confirm-yes").tap()
    page.wait_for_selector(f'[data-key="saved-{first}"]', state="detached")
    assert first not in saved_games(page)


@pytest.mark.opens_app
def test_finished_games_make_the_history_which_clears_only_when_asked(
    page: Any, base_url: str
) -> None:
    """Crazy Taco solo, played to its end: the history counts it (played, won, best score) and
    opens its replay; clearing it asks first."""
    finished = start(page, base_url, "taco", seed=4)
    assert play_on(page, 10_000) == "over"
    page.wait_for_selector('[data-testid="game-over"]')
    settle_saves(page)
    state = saved_state(page)
    assert state.is_over()
    go_home(page)
    history = page.locator("#history")
    history.get_by_test_id("history-list").wait_for()
    assert page.locator('[data-testid="continue"]').count() == 0
    assert history.get_by_test_id("replay").count() == 1
    figures = history.get_by_test_id("stats-taco").locator("td").all_inner_texts()
    assert figures[:2] == ["1", "1" if 0 in state.view(0)["winners"] else "0"]
    assert figures[2] != "—"  # the solo score is the best score
    sizes = ((390, 844), (360, 640), (844, 390), (1024, 768))
    for size in at_sizes(page, sizes):
        assert_no_overlap(page, "#home", size)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    history.scroll_into_view_if_needed()
    shot(page, "phone-home-history.png")
    # The history's Replay opens the finished game's replay at its end (e2e/test_replay.py
    # steps through it).
    history.get_by_test_id("replay").tap()
    page.wait_for_selector('#game-root [data-testid="replay-screen"]')
    assert page.evaluate("() => window.picante.currentRoute") == f"taco/replay/{finished}"
    shown = run_python(
        page,
        "import json\nfrom ui import app as _app\n_r = _app.APP.replay\n"
        "json.dumps([_r.at == len(_r.states) - 1, _r.states[_r.at].to_dict()], sort_keys=True)",
    )
    assert json.loads(shown) == [True, json.loads(json.dumps(state.to_dict(), sort_keys=True))]
    go_home(page)
    history.get_by_test_id("clear-history").tap()
    page.get_by_test_id("confirm-yes").tap()
    page.wait_for_selector("#history[hidden]", state="attached")
    assert saved_games(page) == {}


@pytest.mark.opens_app
def test_home_lists_the_games_in_progress_across_games(page: Any, base_url: str) -> None:
    """One of each game in progress: the home lists them all, latest first, each in its own
    words, and nothing overlaps at any size."""
    ids = {}
    for game in ("taco", "nacho", "jalapeno"):
        ids[game] = start(page, base_url, game, seed=21, tap=bool(ids))
        play_on(page, 1)
        settle_saves(page)
        go_home(page)
    page.wait_for_function("() => document.querySelectorAll('[data-testid=continue]').length === 3")
    rows = page.locator('[data-testid="continue"]')
    assert [rows.nth(i).get_attribute("data-saved") for i in range(3)] == [
        ids["jalapeno"],
        ids["nacho"],
        ids["taco"],
    ]
    said = [rows.nth(i).get_attribute("aria-label") for i in range(3)]
    assert said[0] == "Continue — Jalape-NO!, Round 1 of 5, 3 players, just now"
    assert said[1].startswith(
        "Continue — The Nacho Incident, Round 1 of 3 · turn 1".replace(" ·", ",")
    )
    assert said[2].startswith("Continue — Crazy Taco, Turn ")
    assert "Ana against 2 bots" in page.locator("#saved-games").inner_text()
    shot(page, "phone-home-saved.png")
    sizes = ((390, 844), (360, 640), (844, 390), (1024, 768))
    for size in at_sizes(page, sizes):
        assert_no_overlap(page, "#home", size)


def test_saves_of_the_earlier_version_are_dropped_with_a_note(page: Any, base_url: str) -> None:
    """One snapshot per game in localStorage could not become a record: removed, and said."""
    page.evaluate("() => localStorage.setItem('picante.nacho.save', '{\"state\": {}}')")
    page.evaluate("() => localStorage.setItem('picante.nacho.setup', '{\"players\": 3}')")
    page.reload()
    open_app(page, page.url)
    note = page.get_by_test_id("saved-notice")
    note.wait_for()
    assert "earlier version" in note.inner_text()
    assert page.evaluate("() => localStorage.getItem('picante.nacho.save')") is None
    assert page.evaluate("() => localStorage.getItem('picante.nacho.setup')") is not None
