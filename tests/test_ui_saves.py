"""The saved games' rows and the home screen's lists (web/ui/saves.py, web/ui/home.py) on
CPython: a row says the game's progress in its own words, a hostile row is listed as damaged
without stopping the others, names are text, and the history counts what it should."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from ui.games import load_ui  # noqa: E402
from ui.home import (  # noqa: E402
    confirm_dialog,
    damaged_screen,
    in_progress,
    render_history,
    render_saved,
)
from ui.saves import OVER, PLAYING, Damaged, Row, ago, read_row, row_of, stats  # noqa: E402
from ui.session import BOT, HUMAN, SeatConfig, Session  # noqa: E402

KNOWN = ["jalapeno", "nacho", "taco"]
TITLES = {"jalapeno": "Jalape-NO!", "nacho": "The Nacho Incident", "taco": "Crazy Taco"}
MINUTE = 60_000.0


def session(game: str, kinds: list[str], seed: int = 1, **options) -> Session:
    names = ["Ana", "Bart", "Cy", "Dee"]
    cfg = [SeatConfig(names[i], k, "random") for i, k in enumerate(kinds)]
    return Session.new(game, cfg, options, seed=seed)


def finish(s: Session) -> Session:
    while not s.state.is_over():
        seat = s.next_seat()
        s.play(seat, str(s.legal(seat)[0]))
    return s


def row(s: Session, key: str = "k1", created: float = 0.0, now: float = MINUTE) -> Row:
    data = json.loads(json.dumps(row_of(s, load_ui(s.game.id), created, now)))
    entry = read_row(key, data, KNOWN)
    assert isinstance(entry, Row), entry
    return entry


def test_a_row_says_where_the_game_stands_in_its_own_words() -> None:
    s = session("nacho", [HUMAN, BOT, BOT], seed=2)
    entry = row(s)
    assert entry.status == PLAYING and entry.game == "nacho" and entry.result is None
    assert entry.progress == "Round 1 of 3 · turn 1"  # The Nacho Incident's own words
    assert entry.names == ("Ana", "Bart", "Cy") and entry.humans == (0,) and entry.actions == 0
    jal = row(session("jalapeno", [HUMAN, BOT, BOT], rounds=3))
    assert jal.progress == "Round 1 of 3"


def test_a_finished_game_keeps_its_result_for_the_history() -> None:
    s = finish(session("taco", [HUMAN], seed=4))
    entry = row(s)
    view = s.state.view(0)
    assert entry.status == OVER and entry.result is not None
    assert entry.result.won == (0 in view["winners"]) and entry.result.score == view["scores"][0]
    assert entry.result.text == load_ui("taco").over_status(s, view)
    bots = row(finish(session("jalapeno", [BOT, BOT, BOT], rounds=1)))
    assert bots.result.won is None and bots.result.score is None  # nobody played: no figures


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "text",
        {"game": "pepper"},
        {"game": "nacho"},
        {"game": "nacho", "status": "paused"},
        {"game": "nacho", "status": "playing", "names": "Ana"},
        {"game": "nacho", "status": "playing", "names": ["A"], "humans": [3]},
        {"game": "nacho", "status": "playing", "names": ["A"], "humans": [True]},
        {"game": "nacho", "status": "playing", "names": ["A"], "humans": [], "created": "x"},
    ],
)
def test_a_row_that_cannot_be_read_is_damaged_with_a_message(data) -> None:
    entry = read_row("bad", data, KNOWN)
    assert isinstance(entry, Damaged) and entry.id == "bad" and entry.message


def test_a_damaged_row_is_listed_beside_the_good_ones() -> None:
    good = row(session("jalapeno", [HUMAN, BOT, BOT]), "g1")
    bad = read_row("b1", {"game": "nacho", "status": 3}, KNOWN)
    html = render_saved([good, bad], TITLES, 3 * MINUTE)
    assert html.count('data-testid="continue"') == 1 and 'data-testid="damaged"' in html
    assert "The Nacho Incident — damaged" in html and 'data-testid="delete"' in html
    assert "Round 1 of 5 · 3 players · 2 minutes ago" in html
    assert 'href="#/jalapeno/saved/g1"' in html and 'data-route="jalapeno/saved/g1"' in html
    cut = Damaged("b2", "taco", "action 7 does not replay", 6)
    assert 'data-route="taco/saved/b2"' in render_saved([cut], TITLES, 0.0)
    assert "Open up to action 6" in render_saved([cut], TITLES, 0.0)


def test_names_are_plain_text_on_home() -> None:
    s = session("jalapeno", [HUMAN, BOT, BOT])
    s.seats[0].name = "<img src=x onerror=alert(1)>"
    html = render_saved([row(s)], TITLES, MINUTE) + render_history(
        [row(finish(s), "k2")], TITLES, MINUTE
    )
    assert "<img" not in html and "&lt;img src=x" in html


def test_several_games_of_one_kind_are_listed_latest_first() -> None:
    a = row(session("jalapeno", [HUMAN, BOT, BOT], seed=1), "a", now=MINUTE)
    b = row(session("jalapeno", [HUMAN, BOT, BOT, BOT], seed=2), "b", now=5 * MINUTE)
    c = row(finish(session("taco", [HUMAN], seed=3)), "c", now=9 * MINUTE)
    assert [e.id for e in in_progress([a, b, c])] == ["b", "a"]
    html = render_saved([a, b, c], TITLES, 10 * MINUTE)
    assert html.index('data-saved="b"') < html.index('data-saved="a"') and 'saved="c"' not in html
    assert html.count("Continue — Jalape-NO!") == 2 and "4 players" in html
    assert render_saved([c], TITLES, 0.0) == ""


def test_the_history_counts_played_won_and_the_best_score() -> None:
    rows = [row(finish(session("taco", [HUMAN], seed=s)), f"t{s}") for s in range(1, 6)]
    rows.append(row(finish(session("jalapeno", [BOT, BOT, BOT], rounds=1)), "bots"))
    figures = stats(rows)
    assert set(figures) == {"taco"}  # a game of bots only is watched, not played
    taco = figures["taco"]
    assert taco.played == 5 and taco.won == sum(bool(r.result.won) for r in rows[:5])
    assert taco.best == max(r.result.score for r in rows[:5])
    html = render_history(rows, TITLES, 0.0)
    assert 'data-testid="stats-taco"' in html and html.count('data-testid="replay"') == 6
    assert 'href="#/taco/replay/t1"' in html and 'data-testid="clear-history"' in html
    assert render_history([row(session("taco", [HUMAN]))], TITLES, 0.0) == ""


def test_jalapeno_says_its_best_score_in_penalty_points() -> None:
    entry = row(finish(session("jalapeno", [HUMAN, BOT, BOT], seed=3, rounds=1)))
    assert entry.result.score_text == f"{-entry.result.score} penalty points" or (
        entry.result.score == -1 and entry.result.score_text == "1 penalty point"
    )


def test_ago() -> None:
    assert ago(30_000, 0) == "just now"
    assert ago(12 * MINUTE, 0) == "12 minutes ago"
    assert ago(3 * 60 * MINUTE, 0) == "3 hours ago"
    assert ago(5 * 24 * 60 * MINUTE, 0) == "5 days ago"
    assert ago(0, MINUTE) == "just now"  # a clock set back


def test_the_damaged_screen_and_the_confirmation() -> None:
    html = damaged_screen("Crazy Taco", "action 8 does not replay", 7, "x1")
    assert 'data-testid="open-damaged"' in html and "Open up to action 7" in html
    assert 'data-testid="delete"' in html and 'data-saved="x1"' in html
    assert 'data-testid="open-damaged"' not in damaged_screen("Crazy Taco", "unreadable", None, "x")
    dialog = confirm_dialog("Abandon this game?", "It will be deleted.", "Abandon")
    assert 'role="alertdialog"' in dialog and 'data-action="confirm"' in dialog
    assert dialog.count('data-action="cancel"') == 2  # the button and the backdrop
