"""Share links, challenges and hostile links in the real app (Chromium, 390×844, touch).

Each behaviour for one or two of the games, in turn (see FINISHED, NOT_OVER, CHALLENGE): a
game played to its end in the app is shared from its end screen (the share
sheet: no names unless ticked, the link copied to the clipboard where there is no Web Share
API, with a confirmation); the link opened in a fresh browser profile shows that game's replay
at the same final position (the engine state compared with the sharer's saved record replayed
in CPython); a game not over opens as "play from here" and plays on from the same state; a
challenge link deals the same cards or dice. Malformed, truncated, oversized and hostile links
are refused with a message on the home screen, before Python is ready and after, and nothing
from them reaches the page. The app under a sub-path makes links under it that open offline.
"""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "web"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from conftest import (  # noqa: E402
    READY_TIMEOUT_MS,
    current_saved_id,
    open_app,
    saved_record,
    saved_state,
    settle_saves,
    shot,
)
from test_replay import finished, replay_state  # noqa: E402
from test_saved_games import act, answer, settled  # noqa: E402
from ui.share import daily_seed  # noqa: E402

from engine.links import game_route, read_route  # noqa: E402
from engine.packing import pack  # noqa: E402
from engine.record import Record, Seat, replay  # noqa: E402

PACE = 0.05
# Links are one code path for every game (engine/packing.py and engine/links.py:
# tests/test_packing.py, tests/test_ui_replay.py and the Pyodide parity test pack and route every
# game's records); each behaviour here runs for one or two games, taken in turn so that each
# game's links open in the app (CI's time: issue 13).
FINISHED = ("jalapeno", "taco")
NOT_OVER = ("nacho",)
CHALLENGE = ("jalapeno", "taco")
SHORT: dict[str, dict[str, Any]] = {"jalapeno": {"rounds": 1}}  # options for a shorter game
CLIPBOARD = {"permissions": ["clipboard-read", "clipboard-write"]}


def as_json(state: Any) -> dict[str, Any]:
    return json.loads(json.dumps(state.to_dict(), sort_keys=True))


def play_out(page: Any) -> None:
    while (screen := settled(page)) != "over":
        if screen == "turn":
            act(page)
        else:
            answer(page)
    settle_saves(page)


def near_the_end(
    page: Any, base_url: str, record: Record, back: int = 1, names: bool = False
) -> str:
    """A saved game made from ``record`` without its last ``back`` actions ("play from here"),
    played out in the app; returns its id."""
    route = game_route(record.truncated(len(record) - back), names=names)
    open_app(page, f"{base_url}?pace={PACE}#/{route}")
    page.wait_for_selector('[data-testid="replay-play"]')
    page.get_by_test_id("replay-play").tap()
    page.wait_for_function("() => /\\/saved\\//.test(window.picante.currentRoute || '')")
    saved_id = current_saved_id(page)
    play_out(page)
    return saved_id


def sheet_link(page: Any) -> str:
    page.wait_for_selector('[data-testid="share-sheet"]')
    return page.get_by_test_id("share-link").input_value()


def named(record: Record, name: str) -> Record:
    return record.with_seats(
        [Seat(name if i == 0 else "", s.bot) for i, s in enumerate(record.seats)]
    )


@pytest.mark.parametrize("game", FINISHED)
def test_a_shared_game_opens_in_a_fresh_profile_at_the_same_final_position(
    new_context: Any, base_url: str, game: str
) -> None:
    record, _ = finished(game)
    sharer = new_context(**CLIPBOARD).new_page()
    saved_id = near_the_end(sharer, base_url, named(record, "Zoë"), names=True)
    final = saved_state(sharer, saved_id)
    assert final.is_over()

    sharer.locator('#game-root [data-testid="share-open"]').tap()
    link = sheet_link(sharer)
    assert link.startswith(f"{base_url}#/{game}/g/")
    names = sharer.get_by_test_id("share-names")
    assert names.get_attribute("aria-checked") == "false"
    assert "Zo" not in json.dumps(read_route(game, link.split(f"#/{game}/")[1]).record.to_dict())
    names.tap()
    sharer.wait_for_selector('[data-testid="share-names"][aria-checked="true"]')
    with_names = sheet_link(sharer)
    assert with_names != link
    assert read_route(game, with_names.split(f"#/{game}/")[1]).record.seats[0].name == "Zoë"
    names.tap()
    sharer.wait_for_selector('[data-testid="share-names"][aria-checked="false"]')
    assert sheet_link(sharer) == link
    if game == "jalapeno":
        shot(sharer, "phone-share-sheet.png")
    sharer.get_by_test_id("share-send").tap()
    sharer.wait_for_function(
        "() => /copied|Shared/.test(document.querySelector('[data-testid=share-said]').textContent)"
    )
    if sharer.evaluate("() => !navigator.share"):
        assert sharer.evaluate("() => navigator.clipboard.readText()") == link

    friend = new_context().new_page()  # a fresh profile: nothing saved, nothing cached
    open_app(friend, link)
    friend.wait_for_selector('[data-testid="replay-screen"]')
    total = len(saved_record(sharer, saved_id))
    friend.wait_for_selector(f'[data-testid="replay-screen"][data-at="{total}"]')
    where, state = replay_state(friend)
    assert where == total
    assert state == as_json(final)
    assert friend.locator('#game-root [data-testid="game-over"]').count() == 1
    seats = friend.locator('[data-testid="replay-seat"]').all_inner_texts()
    assert "Zoë" not in seats  # names stay at home unless the sharer ticks the box


@pytest.mark.opens_app
@pytest.mark.parametrize("game", NOT_OVER)
def test_a_game_not_over_is_shared_from_its_menu_and_opens_as_play_from_here(
    page: Any, new_context: Any, base_url: str, game: str
) -> None:
    record, _ = finished(game)
    half = len(record) // 2
    sharer = page  # the friend's is a fresh profile
    open_app(sharer, f"{base_url}?pace={PACE}#/{game_route(record.truncated(half))}")
    sharer.wait_for_selector(f'[data-testid="replay-screen"][data-at="{half}"]')
    assert sharer.get_by_test_id("replay-open-hands").count() == 0  # no hand opens mid-game
    sharer.get_by_test_id("replay-play").tap()
    sharer.wait_for_function("() => /\\/saved\\//.test(window.picante.currentRoute || '')")
    for _ in range(2):  # the human plays on a little
        while settled(sharer) != "turn":
            answer(sharer)
        act(sharer)
    while settled(sharer) != "turn":
        answer(sharer)
    settle_saves(sharer)
    mine = saved_record(sharer)
    assert mine.moves[:half] == record.moves[:half] and len(mine) > half
    menu = '#game-root [data-action="game-menu"]'  # the platform's Menu, else the game's own
    if not sharer.locator(menu).count():
        menu = '#game-root header [data-action]:not([data-action="home"]):not([data-action="undo"])'
    sharer.locator(menu).last.tap()
    sharer.locator('#game-root [data-testid="menu-share"]').tap()  # ... has Share
    link = sheet_link(sharer)
    assert "where it stands" in sharer.get_by_test_id("share-sheet").inner_text()

    friend = new_context().new_page()
    open_app(friend, link.replace(base_url, f"{base_url}?pace={PACE}"))
    friend.wait_for_selector(f'[data-testid="replay-screen"][data-at="{len(mine)}"]')
    assert replay_state(friend)[1] == as_json(replay(mine))
    friend.get_by_test_id("replay-play").tap()
    friend.wait_for_function("() => /\\/saved\\//.test(window.picante.currentRoute || '')")
    settle_saves(friend)
    theirs = saved_record(friend)
    assert theirs.moves[: len(mine)] == mine.moves
    assert as_json(replay(theirs.truncated(len(mine)))) == as_json(replay(mine))


@pytest.mark.opens_app
@pytest.mark.parametrize("game", CHALLENGE)
def test_a_challenge_link_deals_the_same(
    page: Any, new_context: Any, base_url: str, game: str
) -> None:
    # The friend plays the whole game by taps: one round of Jalape-NO! is a whole game too.
    record, _ = finished(game, **SHORT.get(game, {}))
    sharer = page  # the friend's is a fresh profile
    saved_id = near_the_end(sharer, base_url, record)
    sharer.locator('#game-root [data-testid="share-open"]').tap()
    sharer.wait_for_selector('[data-testid="share-sheet"]')
    sharer.get_by_test_id("share-challenge").tap()
    sharer.wait_for_selector('[data-testid="share-challenge"][aria-pressed="true"]')
    link = sheet_link(sharer)
    assert f"#/{game}/c/" in link
    mine = saved_record(sharer, saved_id)
    final = replay(mine)
    score = final.scores()[0]
    assert link.endswith(f"/{score}")

    friend = new_context().new_page()
    open_app(friend, link.replace(base_url, f"{base_url}?pace={PACE}"))
    friend.wait_for_selector('[data-testid="challenge"]')
    assert f"Their score: {score}" in friend.get_by_test_id("challenge").inner_text()
    friend.get_by_test_id("challenge-play").tap()
    friend.wait_for_function("() => /\\/saved\\//.test(window.picante.currentRoute || '')")
    settle_saves(friend)
    theirs = saved_record(friend)
    assert theirs.seed == mine.seed and dict(theirs.options) == dict(mine.options)
    assert [s.bot for s in theirs.seats] == [s.bot for s in mine.seats]
    assert as_json(theirs.start()) == as_json(mine.start())  # the same cards or dice
    play_out(friend)
    result = friend.get_by_test_id("challenge-result").inner_text()
    assert f"Their score: {score}" in result and "Yours:" in result


def hostile_links(base_url: str) -> dict[str, str]:
    record, _ = finished("jalapeno")
    packed = pack(record)
    nacho, _ = finished("nacho")
    return {
        "garbage": "#/jalapeno/g/AAAAAAAAAAAA",
        "truncated": f"#/jalapeno/g/{packed[: len(packed) // 2]}",
        "changed": f"#/jalapeno/g/{packed[:-6]}{'B' if packed[-6] != 'B' else 'C'}{packed[-5:]}",
        "wrong game": f"#/jalapeno/g/{pack(nacho)}",
        "unknown game": f"#/chess/g/{packed}",
        "markup": "#/jalapeno/g/<img src=x onerror=window.pwned=1>",
        "script": "#/jalapeno/g/%3Cscript%3Ewindow.pwned=1%3C/script%3E",
        "megabytes": "#/jalapeno/g/" + "A" * 2_000_000,
        "score on a game": f"#/jalapeno/g/{packed}/12",
    }


def assert_refused(page: Any, what: str, timeout: float | None = None) -> None:
    page.wait_for_selector('[data-testid="link-notice"]:not([hidden])', timeout=timeout)
    notice = page.get_by_test_id("link-notice").inner_text()
    assert notice.startswith("This link cannot be opened."), (what, notice)
    assert page.locator("#home").is_visible(), what
    assert page.evaluate("() => window.pwned === undefined"), what
    injected = "#link-notice :not(strong), #game-root script, img[src='x']"
    assert page.locator(injected).count() == 0, what


def test_hostile_links_are_refused_cleanly(new_context: Any, base_url: str) -> None:
    links = hostile_links(base_url)
    ctx = new_context()
    errors: list[str] = []
    # Once Python is ready, as a link followed in the app (the first visit of this profile: the
    # fresh pages below then load from its offline copy, a boot of ~2 s, not ~5) ...
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_app(page, base_url)
    for what, fragment in links.items():
        page.evaluate("() => { document.getElementById('link-notice').hidden = true; }")
        page.evaluate("(h) => { location.hash = h; }", fragment)
        assert_refused(page, what)
        assert page.evaluate("() => location.hash") == "", what
    page.evaluate("() => navigator.serviceWorker.ready")
    # ... and before Python is ready, on a fresh page: every link the shell refuses itself, and
    # one it leaves to Python ("changed"; Python's refusals are one function, and the page that
    # is ready above went through them all).
    cold_ones = ("changed", "unknown game", "markup", "script", "megabytes")
    for what, fragment in ((w, links[w]) for w in cold_ones):
        # A fresh page: the shell reads the fragment first, and refuses what it can; a link that
        # looks right to it waits for Python, which refuses it.
        cold = ctx.new_page()
        cold.on("pageerror", lambda e: errors.append(str(e)))
        open_app(cold, base_url + fragment, ready=False)
        assert_refused(cold, what, timeout=READY_TIMEOUT_MS)
        assert cold.evaluate("() => location.hash") == "", what
        cold.close()  # (a boot still under way stops here: the next page is another fresh one)
    assert not errors

    # Markup in names (a link with names) is text.
    record, _ = finished("jalapeno")
    hostile = record.with_seats([Seat("<b>x</b><img src=x>", None), *record.seats[1:]])
    page = ctx.new_page()
    open_app(page, f"{base_url}#/{game_route(hostile, names=True)}")
    page.wait_for_selector('[data-testid="replay-screen"]')
    assert (
        "<b>x</b><img src=x>"[:16] in page.locator('[data-testid="replay-seat"]').first.inner_text()
    )
    assert page.locator("#game-root b, #game-root img[src='x']").count() == 0


def test_links_under_a_sub_path_open_offline(
    new_context: Any, serve: Any, dist: Any, tmp_path: Any
) -> None:
    host = tmp_path / "host"
    host.mkdir()
    (host / "picante").symlink_to(dist.out, target_is_directory=True)
    srv = serve(host)
    app = srv.url + "picante/"
    ctx = new_context(**CLIPBOARD)
    page = ctx.new_page()
    record, live = finished("taco")
    open_app(page, f"{app}#/{game_route(record)}")
    page.wait_for_selector('[data-testid="replay-screen"]')
    page.evaluate(
        "async () => { await navigator.serviceWorker.ready;"
        " for (let i = 0; i < 600 && !navigator.serviceWorker.controller; i++)"
        " await new Promise((r) => setTimeout(r, 50)); }"
    )
    page.get_by_test_id("replay-share").tap()
    link = sheet_link(page)
    assert link.startswith(app + "#/taco/g/")
    srv.stop()  # offline from here on
    offline = ctx.new_page()
    open_app(offline, link)
    offline.wait_for_selector(f'[data-testid="replay-screen"][data-at="{len(record)}"]')
    assert replay_state(offline)[1] == as_json(live[-1])


@pytest.mark.opens_app
def test_the_daily_crazy_taco_deal_is_the_same_for_everyone(
    page: Any, new_context: Any, base_url: str
) -> None:
    records = []
    for first in (True, False):  # two players: this one, then another in a fresh profile
        page = page if first else new_context().new_page()
        open_app(page, f"{base_url}?pace={PACE}#/taco")
        page.wait_for_selector('[data-testid="setup"] [data-testid="daily"]')
        page.get_by_test_id("daily-play").tap()
        page.wait_for_selector('[data-testid="challenge"]')
        assert "Today's Crazy Taco deal" in page.get_by_test_id("challenge").inner_text()
        page.get_by_test_id("challenge-play").tap()
        page.wait_for_function("() => /\\/saved\\//.test(window.picante.currentRoute || '')")
        settle_saves(page)
        records.append(saved_record(page))
    day = datetime.datetime.now(datetime.UTC).date()
    assert records[0].seed == records[1].seed == daily_seed("taco", day)
    assert as_json(records[0].start()) == as_json(records[1].start())

    play_out(page)  # the second player's game, to its end: share the score
    score = saved_state(page).scores()[0]
    page.locator('#game-root [data-testid="share-open"]').tap()
    page.wait_for_selector('[data-testid="share-challenge"][aria-pressed="true"]')
    link = sheet_link(page)
    assert "#/taco/c/" in link and link.endswith(f"/{score}")
