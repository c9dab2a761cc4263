"""Replays in the real app (Chromium, 390×844, touch), for each game.

A whole game (random legal moves, seat 0 a human, the others Easy bots) is made in CPython and
opened from its link: the replay opens on the final position, steps back and forward by action
and by round with the buttons, and at every stop the page's engine state is the one CPython
reached after that many actions; the seat picker shows another seat's view; after the end,
"All hands" opens every hand. "Play from here" one action before the end plays the game out as
a saved game, whose end screen's Replay and the home history's replay both open it at its
final position (the saved record replayed in CPython).
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
    saved_record,
    saved_state,
    settle_saves,
    shot,
)
from layout import PHONE_SIZES, assert_no_overlap, at_sizes  # noqa: E402
from test_saved_games import act, answer, settled  # noqa: E402

from engine.links import game_route  # noqa: E402
from engine.record import Record, Seat  # noqa: E402
from tests.recorded import random_record  # noqa: E402

PACE = 0.05
GAMES = {"jalapeno": (4, 21), "nacho": (3, 5), "taco": (1, 9)}  # players, seed


def finished(game: str, **options: Any) -> tuple[Record, list[Any]]:
    """A whole game: seat 0 a human, the others Easy bots; its record and live states.
    ``options`` replace some of the seeded game's (e.g. ``rounds=1`` for a short one)."""
    players, seed = GAMES[game]
    record, live = random_record(game, players, seed)
    if options:
        record, live = random_record(game, players, seed, {**record.options, **options})
    seats = [Seat("Ana" if i == 0 else "", None if i == 0 else "random") for i in range(players)]
    return record.with_seats(seats), live


def replay_state(page: Any) -> tuple[int, dict[str, Any]]:
    """Where the replay on screen stands, and the engine state there."""
    text = run_python(
        page,
        "import json\nfrom ui import app as _app\n_r = _app.APP.replay\n"
        "json.dumps([_r.at, _r.states[_r.at].to_dict()], sort_keys=True)",
    )
    at, state = json.loads(text)
    return at, state


def at(page: Any, n: int) -> None:
    page.wait_for_selector(f'[data-testid="replay-screen"][data-at="{n}"]')


def tap(page: Any, testid: str) -> None:
    page.get_by_test_id(testid).tap()


def check(page: Any, live: list[Any], n: int) -> None:
    at(page, n)
    where, state = replay_state(page)
    assert where == n
    assert state == json.loads(json.dumps(live[n].to_dict(), sort_keys=True))


@pytest.mark.opens_app
@pytest.mark.parametrize("game", list(GAMES))
def test_a_replay_steps_both_ways_and_ends_at_the_final_position(
    page: Any, base_url: str, game: str
) -> None:
    record, live = finished(game)
    total = len(record)
    open_app(page, f"{base_url}?pace={PACE}#/{game_route(record)}")
    page.wait_for_selector('[data-testid="replay-screen"]')
    check(page, live, total)
    assert page.locator('#game-root [data-testid="game-over"]').count() == 1
    assert page.get_by_test_id("replay-next").is_disabled()

    tap(page, "replay-start")
    check(page, live, 0)
    assert page.get_by_test_id("replay-back").is_disabled()
    for n in range(1, 6):
        tap(page, "replay-next")
        check(page, live, n)
        said = page.get_by_test_id("replay-narration").inner_text().strip()
        assert said  # what the action caused, in words
    tap(page, "replay-back")
    check(page, live, 4)
    tap(page, "replay-back")
    check(page, live, 3)

    # A round at a time: forward lands where the game's own words ("Round 2 of 5") change.
    tap(page, "replay-next-round")
    page.wait_for_function(
        "() => +document.querySelector('[data-testid=replay-screen]').dataset.at > 3"
    )
    first_round_end, _ = replay_state(page)
    check(page, live, first_round_end)
    if game != "taco":
        assert first_round_end < total
    tap(page, "replay-back-round")
    page.wait_for_function(
        "(n) => +document.querySelector('[data-testid=replay-screen]').dataset.at < n",
        arg=first_round_end,
    )
    back, _ = replay_state(page)
    check(page, live, back)

    # Another seat's view, then every hand once the game is over.
    if back:
        tap(page, "replay-start")
    at(page, 0)
    for _ in range(2):
        tap(page, "replay-next")
    at(page, 2)
    page.locator('[data-testid="replay-seat"]').nth(record.players - 1).tap()
    page.wait_for_selector(f'[data-testid="replay-screen"][data-viewer="{record.players - 1}"]')
    viewer = run_python(
        page, "from ui import app as _app\nstr(_app.APP.replay.session().view()['seat'])"
    )
    assert viewer == str(record.players - 1)
    if record.players > 1:
        page.locator('[data-testid="replay-seat"]').nth(0).tap()
        page.wait_for_selector('[data-testid="replay-screen"][data-viewer="0"]')
        tap(page, "replay-open-hands")
        page.wait_for_selector('[data-testid="replay-hands"]')
        assert page.get_by_test_id("replay-open-hands").get_attribute("aria-checked") == "true"
    # Phones (360×640, 390×844), a phone on its side and a tablet: the controls stay clear.
    for _size in at_sizes(page, (*PHONE_SIZES, (844, 390), (1024, 768))):
        assert_no_overlap(page, ".rp-controls")
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        box = page.locator(".rp-controls").bounding_box()
        size = page.viewport_size
        assert box and box["x"] + box["width"] <= size["width"] + 1
        assert box["y"] + box["height"] <= size["height"] + 1
    if game == "jalapeno":
        page.set_viewport_size({"width": 390, "height": 844})
        shot(page, "phone-replay.png")

    tap(page, "replay-end")
    check(page, live, total)
    assert page.locator('#game-root [data-testid="game-over"]').count() == 1


@pytest.mark.opens_app
@pytest.mark.parametrize("game", list(GAMES))
def test_play_from_here_then_replay_from_the_end_screen_and_the_history(
    page: Any, base_url: str, game: str
) -> None:
    record, live = finished(game)
    total = len(record)
    open_app(page, f"{base_url}?pace={PACE}#/{game_route(record)}")
    page.wait_for_selector('[data-testid="replay-screen"]')
    tap(page, "replay-back")
    at(page, total - 1)
    tap(page, "replay-play")
    page.wait_for_function("() => /\\/saved\\//.test(window.picante.currentRoute || '')")
    saved_id = current_saved_id(page)
    while (screen := settled(page)) != "over":
        if screen == "turn":
            act(page)
        else:
            answer(page)
    settle_saves(page)
    final = saved_state(page, saved_id)
    assert final.is_over()
    total = len(saved_record(page, saved_id))  # played out from total - 1, maybe otherwise

    page.locator('#game-root [data-testid="replay-open"]').tap()
    page.wait_for_selector('[data-testid="replay-screen"]')
    where, state = replay_state(page)
    assert where == total and state == json.loads(json.dumps(final.to_dict(), sort_keys=True))
    assert page.evaluate("() => window.picante.currentRoute") == f"{game}/replay/{saved_id}"

    page.locator('#game-root [data-action="home"]').first.tap()
    page.wait_for_selector("#home:not([hidden])")
    page.locator(f'#history [data-testid="replay"][href$="/replay/{saved_id}"]').tap()
    page.wait_for_selector(f'#game-root [data-testid="replay-screen"][data-at="{total}"]')
    where, state = replay_state(page)
    assert where == total and state == json.loads(json.dumps(final.to_dict(), sort_keys=True))
    tap(page, "replay-start")
    at(page, 0)
