"""The replay screen (web/ui/replay.py) and game links (engine/links.py) on CPython: a replay
steps both ways, by action and by round, over every game; it shows the chosen seat's view and
never another's secrets unless the game is over and every hand is opened; links round-trip
and hostile ones are refused with a RecordError."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.links import CHALLENGE, GAME, Link, challenge_route, game_route, read_route
from engine.packing import pack
from engine.record import Record, RecordError, Seat
from tests.recorded import random_record

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from ui.games import load_ui  # noqa: E402
from ui.replay import Replay, private_part  # noqa: E402

GAMES = [("jalapeno", 4), ("nacho", 3), ("taco", 1), ("taco", 2)]


def humans(record: Record) -> Record:
    seats = [Seat(s.name, None if i == 0 else "random") for i, s in enumerate(record.seats)]
    return record.with_seats(seats)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_replay_steps_both_ways_and_ends_at_the_final_position(game: str, players: int) -> None:
    record, live = random_record(game, players, seed=11)
    record = humans(record)
    replay = Replay(load_ui(game), record)
    assert replay.at == replay.total == len(record)
    assert 'data-testid="game-over"' in replay.render()  # it opens on the end screen
    replay.on_tap("replay-start", None)
    assert replay.at == 0
    assert 'disabled data-testid="replay-back"' not in replay.render()  # (attrs order)
    seen = []
    while replay.at < replay.total:
        replay.on_tap("replay-next", None)
        html = replay.render()
        assert f'data-at="{replay.at}"' in html
        assert replay.states[replay.at].to_dict() == live[replay.at].to_dict()
        seen.append(replay.at)
    assert seen == list(range(1, len(record) + 1))
    for _ in range(3):
        replay.on_tap("replay-back", None)
    assert replay.at == len(record) - 3
    rounds = [replay.at]
    replay.on_tap("replay-start", None)
    while replay.at < replay.total:
        before = replay.at
        replay.on_tap("replay-next-round", None)
        assert replay.at > before
        rounds.append(replay.at)
    back = []
    while replay.at > 0:
        before = replay.at
        replay.on_tap("replay-back-round", None)
        assert replay.at < before
        back.append(replay.at)
    assert back[-1] == 0
    if game != "taco" or players > 1:
        assert len(back) > 1  # several rounds (or turns) in a whole game


def test_round_steps_land_where_the_games_words_change() -> None:
    record, _ = random_record("jalapeno", 4, seed=3)
    replay = Replay(load_ui("jalapeno"), record)
    replay.go(0)
    replay.round_step(1)
    assert replay.progress(replay.at) != replay.progress(0)
    assert replay.progress(replay.at - 1) == replay.progress(0)
    middle = replay.at + 2
    replay.go(middle)
    replay.round_step(-1)
    assert replay.progress(replay.at) == replay.progress(middle)
    assert replay.progress(replay.at - 1) != replay.progress(replay.at)


def test_the_seat_picker_shows_that_seats_view_and_hands_open_only_after_the_end() -> None:
    record, live = random_record("jalapeno", 4, seed=5)
    record = humans(record)
    ui = load_ui("jalapeno")
    replay = Replay(ui, record)
    assert replay.viewer == 0
    assert 'data-testid="replay-play"' not in replay.render()  # a finished game's end
    replay.go(3)
    assert 'data-testid="replay-play"' in replay.render()  # "what if" from any moment
    hand1 = live[3].view(1)["hand"]
    assert hand1 and hand1 != live[3].view(0)["hand"]
    html = replay.render()
    assert 'data-card="' + hand1[0] + '"' not in html  # not seat 1's cards on seat 0's screen
    replay.on_tap("replay-seat", "1")
    assert replay.viewer == 1
    assert 'data-card="' + hand1[0] + '"' in replay.render()
    replay.on_tap("replay-seat", "0")
    replay.on_tap("replay-hands", None)
    assert replay.open_hands
    html = replay.render()
    assert 'data-testid="replay-hands"' in html and hand1[0] in html
    unfinished = Replay(ui, record.truncated(10), live[:11])
    unfinished.on_tap("replay-hands", None)
    assert not unfinished.open_hands
    html = unfinished.render()
    assert 'data-testid="replay-open-hands"' not in html
    assert 'data-testid="replay-play"' in html


def test_names_are_text_in_a_replay() -> None:
    record, _ = random_record("nacho", 3, seed=2)
    record = record.with_seats([Seat("<img src=x onerror=alert(1)>", None), *record.seats[1:]])
    html = Replay(load_ui("nacho"), record).render()
    assert "<img src=x" not in html and "&lt;img src=x" in html


def test_private_part_leaves_out_what_everyone_sees() -> None:
    public = {"players": 2, "pile": [1, 2], "seats": [{"a": None}, {"a": None}]}
    own = {"players": 2, "pile": [1, 2], "seats": [{"a": None}, {"a": 4}], "hand": ["R1", "G2"]}
    assert private_part(public, own, 1) == [("a", "4"), ("hand", "R1, G2")]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_links_round_trip(game: str, players: int) -> None:
    record, _ = random_record(game, players, seed=8)
    route = game_route(record)
    name, _, rest = route.partition("/")
    assert name == game
    link = read_route(game, rest)
    nameless = record.with_seats([Seat("", s.bot) for s in record.seats])
    assert link == Link(GAME, nameless)
    assert read_route(game, game_route(record, names=True).partition("/")[2]).record == record
    challenge = read_route(game, challenge_route(record, -7).partition("/")[2])
    assert challenge == Link(CHALLENGE, nameless.truncated(0), -7)


HOSTILE = [
    "",
    "g",
    "g/",
    "x/AAAA",
    "g/!!!!",
    "g/" + "A" * 20_000,
    "g/AQ",
    "c/AQ/12",
    "g/<script>alert(1)</script>",
]


@pytest.mark.parametrize("rest", HOSTILE)
def test_hostile_links_are_refused(rest: str) -> None:
    with pytest.raises(RecordError):
        read_route("jalapeno", rest)


def test_a_changed_or_cut_or_other_games_link_is_refused() -> None:
    record, _ = random_record("jalapeno", 4, seed=4)
    packed = pack(record)
    for bad in (packed[:-3], packed[:20], packed[:-1] + ("A" if packed[-1] != "A" else "B")):
        with pytest.raises(RecordError):
            read_route("jalapeno", f"g/{bad}")
    with pytest.raises(RecordError, match="another game"):
        read_route("nacho", f"g/{packed}")
    with pytest.raises(RecordError):
        read_route("jalapeno", f"c/{packed}")  # a challenge carries no moves
    with pytest.raises(RecordError):
        read_route("jalapeno", f"g/{packed}/12")  # a score only on a challenge


def test_the_share_sheet_leaves_names_out_unless_ticked() -> None:
    from ui.share import CHALLENGE as SHEET_CHALLENGE
    from ui.share import ShareSheet

    record, live = random_record("jalapeno", 4, seed=6)
    record = record.with_seats([Seat("Zoë <b>", None), *record.seats[1:]])
    sheet = ShareSheet(record, "Jalape-NO!", "https://host/picante/", True, -12)
    url = sheet.url()
    assert url.startswith("https://host/picante/#/jalapeno/g/")
    assert read_route("jalapeno", url.split("#/jalapeno/")[1]).record.seats[0].name == ""
    named = sheet.on_tap("share-names")
    assert named is not None and named.names
    assert read_route("jalapeno", named.url().split("#/jalapeno/")[1]).record == record
    html = named.render()
    assert 'aria-checked="true"' in html and "Zoë &lt;b&gt;" not in html  # no names shown
    challenge = sheet.on_tap("share-challenge")
    assert challenge is not None and challenge.kind == SHEET_CHALLENGE
    assert challenge.url().endswith("/-12") and "/jalapeno/c/" in challenge.url()
    assert 'data-testid="share-names"' not in challenge.render()  # a challenge has no names


def test_challenge_results_and_the_daily_seed() -> None:
    import datetime

    from ui.share import challenge_result, daily_seed

    assert "You beat it!" in challenge_result(-20, -12)
    assert "They win." in challenge_result(5, 3)
    assert "A tie!" in challenge_result(4, 4)
    day = datetime.date(2026, 12, 1)
    assert (
        daily_seed("taco", day) == daily_seed("taco", day) != daily_seed("taco", day.replace(day=2))
    )
