"""engine/packing.py: records packed into link text round-trip, stay short, and anything else
is refused with a RecordError (never another exception)."""

from __future__ import annotations

import base64
import zlib

import pytest
from recorded import random_record

import engine
from engine.packing import DEFLATED, PLAIN, pack, unpack
from engine.record import LIMITS, Record, RecordError, Seat, replay
from engine.rng import Rng

CASES = [
    (g, n) for g in ("jalapeno", "nacho", "taco", "rps") for n in engine.get_game(g).player_counts
]


def nameless(record: Record) -> Record:
    return record.with_seats([Seat("", s.bot) for s in record.seats])


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_whole_game_round_trips(game_id: str, players: int) -> None:
    for seed in ("text seed", 2**64 - 1):
        record, live = random_record(game_id, players, seed, chooser_seed=players)
        link = pack(record)
        assert unpack(link) == nameless(record)
        assert unpack(pack(record, names=True)) == record
        assert replay(unpack(link)).to_dict() == live[-1].to_dict()
        assert set(link) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


@pytest.mark.parametrize("game_id", ["jalapeno", "nacho", "taco"])
def test_every_prefix_of_a_game_round_trips(game_id: str) -> None:
    """An unfinished game (a link to "play from here") and the setup alone (a challenge)."""
    record, _ = random_record(game_id, engine.get_game(game_id).player_counts[-1], 5)
    for n in range(0, len(record), max(1, len(record) // 15)):
        assert unpack(pack(record.truncated(n), names=True)) == record.truncated(n)


def test_a_four_player_jalapeno_game_fits_in_about_600_characters() -> None:
    lengths = []
    for seed in range(10):
        record, _ = random_record("jalapeno", 4, seed, options={"rounds": 5}, chooser_seed=seed)
        lengths.append(len(pack(record, names=True)))
    assert max(lengths) <= 600, lengths


def test_names_are_deflated_when_that_is_shorter() -> None:
    seats = [Seat("Alejandro Montoya"[:16], "search") for _ in range(9)]
    record = Record.new("jalapeno", seats, seed=1)
    raw = base64.urlsafe_b64decode(pack(record, names=True) + "==")
    assert raw[0] == DEFLATED
    assert unpack(pack(record, names=True)) == record
    assert base64.urlsafe_b64decode(pack(record) + "==")[0] == PLAIN


# -- refusals ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def link() -> str:
    record, _ = random_record("nacho", 3, 17)
    return pack(record, names=True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "only letters"),
        ("abc def", "only letters"),
        ("<script>", "only letters"),
        ("A" * (LIMITS.link_chars + 1), "at most"),
        ("A", "cut short"),
        ("AA", "not a game link"),
        ("AQ", "cut short|damaged"),
    ],
)
def test_malformed_links_are_refused(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        unpack(text)


def test_a_link_cut_short_anywhere_is_refused(link: str) -> None:
    for n in range(len(link)):
        with pytest.raises(RecordError):
            unpack(link[:n])


def test_a_link_changed_anywhere_is_refused(link: str) -> None:
    chooser = Rng(3)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for i in range(len(link)):
        other = alphabet[(alphabet.index(link[i]) + 1 + chooser.below(63)) % 64]
        changed = link[:i] + other + link[i + 1 :]
        try:
            unpack(changed)
        except RecordError:
            continue
        # Only the padding bits of the last character may change nothing.
        assert i == len(link) - 1, f"a change at {i} was not noticed"


def raw_link(payload: bytes) -> str:
    return base64.urlsafe_b64encode(bytes([PLAIN]) + payload).decode().rstrip("=")


def test_hostile_payloads_are_refused() -> None:
    def text(s: bytes) -> bytes:
        return bytes([len(s)]) + s

    nacho = text(b"nacho") + b"\x01\x00\x05"
    cases = {
        "unknown game": text(b"pepper") + b"\x01\x00\x01\x00\x00" + b"\x00" * 4,
        "number too large": text(b"nacho") + b"\x01\x00" + b"\xff" * 12,
        "too long": text(b"nacho") + b"\x01\x01" + b"\x7f" + b"x" * 127,
        "more than 20000": nacho + b"\xff\xff\x7f",
        "not a game link": nacho + b"\x05\x04",
        "too many seats": nacho + b"\x05\x01\x09",
        "cut short": nacho + b"\x05\x00\x05\x01",
    }
    for message, payload in cases.items():
        with pytest.raises(RecordError, match=message):
            unpack(raw_link(payload))


def test_a_bomb_of_deflated_data_is_refused() -> None:
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = deflater.compress(b"\x00" * 10_000_000) + deflater.flush()
    text = base64.urlsafe_b64encode(bytes([DEFLATED]) + bomb).decode().rstrip("=")
    assert len(text) < LIMITS.link_chars
    with pytest.raises(RecordError, match="too much|damaged"):
        unpack(text)


def test_a_link_of_more_actions_than_the_game_has_is_refused() -> None:
    record, _ = random_record("taco", 1, 2)
    finished = pack(record)
    raw = bytearray(base64.urlsafe_b64decode(finished + "=" * (-len(finished) % 4)))
    # The action count follows the game id, rules version and seed: add one more action.
    start = 1 + 1 + len(b"taco") + 1 + 1 + 1  # marker, id, version, seed tag, seed (< 128)
    assert raw[start] == len(record) < 128
    raw[start] += 1
    with pytest.raises(RecordError, match="after the game's end|damaged"):
        unpack(base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("="))


def test_a_name_with_control_characters_is_refused() -> None:
    record = Record.new("taco", [Seat("A")], seed=3)
    link = pack(record.with_seats([Seat("A\u202e", None)]), names=True)
    with pytest.raises(RecordError, match="control or formatting"):
        unpack(link)
