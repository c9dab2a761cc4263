"""engine/record.py: a game is its record. Replays give exactly the live state; the saved form
is strict JSON; tampered and damaged records are refused naming the first bad action; a
record of another rules version opens only if the game says it still replays."""

from __future__ import annotations

import dataclasses
import hashlib
import json

import pytest
from recorded import random_record

import engine
from engine.record import (
    LIMITS,
    Move,
    Record,
    RecordError,
    ReplayError,
    Seat,
    replay,
    states,
)
from engine.rng import Rng

SHIPPED = ("jalapeno", "nacho", "taco")
GAMES_PER_GAME = 1000  # the count, per shipped game, across player counts and options


def same_state(a: engine.State, b: engine.State) -> bool:
    """Equal saved forms and equal views for every seat and a spectator."""
    if a.to_dict() != b.to_dict():
        return False
    return all(a.view(s) == b.view(s) for s in [None, *range(a.players)])


# -- replay is live play ---------------------------------------------------------------------


@pytest.mark.parametrize("game_id", SHIPPED)
def test_a_record_replays_to_exactly_the_live_state(game_id: str) -> None:
    """GAMES_PER_GAME seeded random games per game, every player count, random options: the
    record, through its saved text, replays to the live final state (saved form and views),
    and to the live state at a random point on the way."""
    game = engine.get_game(game_id)
    counts = game.player_counts
    picker = Rng(2024)
    checked = 0
    for n in range(GAMES_PER_GAME):
        players = counts[n % len(counts)]
        seed: int | str = n if n % 7 else f"seed-{n}"
        record, live = random_record(game_id, players, seed, chooser_seed=n)
        again = Record.from_text(record.to_text())
        assert again == record
        k = picker.below(len(record) + 1)
        for i, state in enumerate(states(again)):
            if i == k:
                assert state.to_dict() == live[k].to_dict(), f"{seed!r} at {k}"
        assert i == len(record) and same_state(state, live[-1]), f"{game_id} {players}p {seed!r}"
        checked += 1
    assert checked == GAMES_PER_GAME


def test_states_yields_the_start_then_one_state_per_action() -> None:
    record, live = random_record("nacho", 3, 5)
    replayed = list(states(record))
    assert len(replayed) == len(record) + 1 == len(live)
    assert all(a.to_dict() == b.to_dict() for a, b in zip(replayed, live, strict=True))


def test_the_test_only_game_has_records_too() -> None:
    record, live = random_record("rps", 3, 1)
    assert same_state(replay(Record.from_text(record.to_text())), live[-1])


# -- tampered records ------------------------------------------------------------------------


def tampered(record: Record, index: int, move: Move) -> Record:
    moves = list(record.moves)
    moves[index] = move
    return dataclasses.replace(record, moves=tuple(moves))


@pytest.mark.parametrize("game_id", SHIPPED)
def test_a_wrong_action_is_refused_at_its_index(game_id: str) -> None:
    record, live = random_record(game_id, engine.get_game(game_id).player_counts[-1], 11)
    chooser = Rng(5)
    for _ in range(25):
        i = chooser.below(len(record))
        move = record.moves[i]
        legal = {str(a) for a in live[i].legal_actions(move.seat)}
        # Another action of the game that is not legal there: one legal somewhere else.
        j = chooser.below(len(record))
        other = record.moves[j].action
        if other in legal:
            continue
        with pytest.raises(ReplayError) as err:
            replay(tampered(record, i, Move(move.seat, other)))
        assert (err.value.index, err.value.seat, err.value.action) == (i, move.seat, other)
        assert f"action {i + 1} (seat {move.seat + 1}: {other!r})" in str(err.value)
        assert err.value.rule and err.value.reason in str(err.value)
        assert err.value.field == f"actions[{i}]"


@pytest.mark.parametrize("game_id", SHIPPED)
def test_a_wrong_seat_is_refused_at_its_index(game_id: str) -> None:
    record, live = random_record(game_id, engine.get_game(game_id).player_counts[-1], 12)
    players = record.players
    found = 0
    for i, move in enumerate(record.moves):
        wrong = (move.seat + 1) % players
        if players == 1:
            wrong = 1  # no such seat in a solo game
        if wrong in live[i].current_players():
            continue  # simultaneous: the other seat could act too; that is another game
        with pytest.raises(ReplayError) as err:
            replay(tampered(record, i, Move(wrong, move.action)))
        assert err.value.index == i and err.value.seat == wrong
        assert err.value.rule == "not-your-turn"
        found += 1
        if found == 10:
            break
    assert found == 10


@pytest.mark.parametrize("game_id", SHIPPED)
def test_a_reordered_record_is_refused_at_the_first_action_that_fails(game_id: str) -> None:
    """Two neighbouring actions swapped: the record is refused at the first action that does
    not apply (the swapped one, or a later one when simultaneous choices swapped order and the
    game went another way); everything before it replays."""
    record, _ = random_record(game_id, engine.get_game(game_id).player_counts[0], 13)
    refused = 0
    for i in range(0, len(record) - 1, max(1, len(record) // 20)):
        moves = list(record.moves)
        moves[i], moves[i + 1] = moves[i + 1], moves[i]
        if moves[i] == moves[i + 1]:
            continue
        swapped = dataclasses.replace(record, moves=tuple(moves))
        try:
            replay(swapped)
            continue  # two simultaneous choices in the other order: still a game
        except ReplayError as err:
            bad = err.index
        assert bad >= i
        good = replay(swapped.truncated(bad))
        with pytest.raises(engine.IllegalAction):
            good.apply(moves[bad].seat, moves[bad].action)
        refused += 1
    assert refused >= 5


def test_a_wrong_rules_version_is_refused_with_a_message_never_replayed() -> None:
    record, _ = random_record("jalapeno", 4, 3)
    game = engine.get_game("jalapeno")
    newer = dataclasses.replace(record, rules_version=game.rules_version + 1)
    with pytest.raises(RecordError, match="newer than this app's .*update Picante") as err:
        replay(newer)
    assert err.value.field == "rules_version" and err.value.index is None
    data = record.to_dict() | {"rules_version": game.rules_version + 1}
    with pytest.raises(RecordError, match="rules version 2"):
        Record.from_dict(data)
    with pytest.raises(RecordError, match="rules_version must be a whole number"):
        Record.from_dict(record.to_dict() | {"rules_version": 1.0})


def test_an_older_rules_version_opens_only_if_the_game_declares_it_still_replays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record, live = random_record("taco", 1, 4)
    game = engine.get_game("taco")
    now = game.rules_version
    monkeypatch.setattr(type(game), "rules_version", now + 1)
    monkeypatch.setattr(type(game), "compatible_rules_versions", ())
    with pytest.raises(RecordError, match=f"version {now}; this app plays version {now + 1}"):
        Record.from_text(record.to_text())
    monkeypatch.setattr(type(game), "compatible_rules_versions", (now,))
    assert replay(Record.from_text(record.to_text())).to_dict() == live[-1].to_dict()


# What a game's rules version promises: the same record is the same game. The fingerprint of
# seeded random games (every seat's legal actions at every step, in order, and the result) is
# pinned per rules version; packed links rely on the order of legal_actions too.
FINGERPRINTS = {
    ("jalapeno", 1): "3c758ee306a74274",
    ("nacho", 1): "8de7d40874e3baf3",
    # Re-pinned before records ever shipped: the 1 vs 1 deck's marked cards became +OPEN
    # customers (rules-decisions, Crazy Taco section 15), so its random games differ.
    ("taco", 1): "532e5d9860d1aee1",
    # 2: the 1 vs 1 re-roll's price became an option (reroll_price, $8 for a new game).
    ("taco", 2): "9239891fee6a3b04",
}


def fingerprint(game_id: str, rules_version: int | None = None) -> str:
    """Seeded random games under the current code; ``rules_version``: with the options that
    version had (one added since at the value it played), which must play version's games."""
    game = engine.get_game(game_id)
    h = hashlib.sha256()
    for players in game.player_counts:
        for seed in (1, "fingerprint"):
            record, live = random_record(
                game_id, players, seed, chooser_seed=7, rules_version=rules_version
            )
            for state, move in zip(live, record.moves, strict=False):
                acting = state.current_players()
                h.update(repr((acting, [str(a) for a in state.legal_actions(move.seat)])).encode())
            h.update(repr((live[-1].scores(), live[-1].winners())).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("game_id", SHIPPED)
def test_a_rules_version_is_the_same_game(game_id: str) -> None:
    """If this fails, old records and links no longer replay to the game they recorded: if the
    change is meant, raise the game's ``rules_version`` (and say in compatible_rules_versions
    which older records still replay) and pin the new fingerprint here."""
    game = engine.get_game(game_id)
    pinned = FINGERPRINTS[(game_id, game.rules_version)]
    assert fingerprint(game_id) == pinned, (
        f"{game.name}'s rules version {game.rules_version} no longer plays the same game"
    )


@pytest.mark.parametrize(
    ("game_id", "version"),
    [(g, v) for g in SHIPPED for v in engine.get_game(g).compatible_rules_versions],
)
def test_an_older_rules_version_the_game_still_opens_plays_as_it_did(
    game_id: str, version: int
) -> None:
    """A version in ``compatible_rules_versions`` promises its records replay unchanged: its
    pinned fingerprint holds today with the options it had (a later option at its old value)."""
    assert fingerprint(game_id, version) == FINGERPRINTS[(game_id, version)]


# -- the saved form --------------------------------------------------------------------------


@pytest.fixture
def saved() -> dict:
    record, _ = random_record("nacho", 3, 21, options={"rechoose": True})
    return record.to_dict()


def test_the_saved_form_is_json_with_its_fields_in_order(saved: dict) -> None:
    assert list(saved) == [
        "version",
        "game",
        "rules_version",
        "seed",
        "options",
        "seats",
        "actions",
    ]
    assert json.loads(json.dumps(saved)) == saved
    assert saved["options"] == {"gemstone": None, "rechoose": True, "random_mounties": False}
    assert all(set(s) == {"name", "bot"} for s in saved["seats"])
    assert all(type(a[0]) is int and type(a[1]) is str for a in saved["actions"])


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("version", True, "version"),
        ("version", 1.0, "version"),
        ("version", 2, "version"),
        ("options", [], "options must be a JSON object"),
        ("options", [["rechoose", True]], "options must be a JSON object"),
        ("options", "rechoose", "options must be a JSON object"),
        ("options", {"rechoose": 1}, "options: option 'rechoose'"),
        ("options", {"colour": "red"}, "options: unknown option"),
        ("options", {"gemstone": 3}, "options: option 'gemstone' must be a seat"),
        ("game", "pepper", "unknown game"),
        ("game", ["nacho"], "game must be"),
        ("rules_version", True, "rules_version"),
        ("rules_version", "1", "rules_version"),
        ("seed", 1.5, "seed"),
        ("seed", -1, "seed"),
        ("seed", 2**64, "seed"),
        ("seed", "", "seed"),
        ("seed", "x" * 65, "seed"),
        ("seed", None, "seed"),
        ("seats", {}, "seats must be a list"),
        ("seats", [{"name": "A", "bot": None}], "seats must be a list of \\[2, 3, 4\\]"),
        ("actions", {}, "actions must be a list"),
    ],
)
def test_each_bad_field_is_refused_naming_it(saved: dict, field: str, value, message: str) -> None:
    with pytest.raises(RecordError, match=message) as err:
        Record.from_dict(saved | {field: value})
    assert isinstance(err.value, ValueError)
    assert err.value.field.startswith(field.split("[")[0])


@pytest.mark.parametrize(
    ("seat", "message", "field"),
    [
        ({"name": "A"}, "must be an object", "seats[1]"),
        ({"name": "A", "bot": None, "x": 1}, "must be an object", "seats[1]"),
        ({"name": "A", "bot": "genius"}, "bot must be null", "seats[1].bot"),
        ({"name": "A", "bot": True}, "bot must be null", "seats[1].bot"),
        ({"name": 7, "bot": None}, "name must be a text", "seats[1].name"),
        ({"name": "A" * 41, "bot": None}, "at most 40", "seats[1].name"),
        ({"name": "A\u202eB", "bot": None}, "control or formatting", "seats[1].name"),
        ({"name": "A\nB", "bot": None}, "control or formatting", "seats[1].name"),
        (["A", None], "must be an object", "seats[1]"),
    ],
)
def test_each_bad_seat_is_refused_naming_it(saved: dict, seat, message: str, field: str) -> None:
    seats = list(saved["seats"])
    seats[1] = seat
    with pytest.raises(RecordError, match=message) as err:
        Record.from_dict(saved | {"seats": seats})
    assert err.value.field == field


def test_markup_in_a_name_is_kept_as_plain_text(saved: dict) -> None:
    markup = "<i onclick=alert(1)>A</i>"[:24]
    seats = [{"name": markup, "bot": None}, *saved["seats"][1:]]
    record = Record.from_dict(saved | {"seats": seats})
    assert record.seats[0].name == markup  # every screen escapes names (ui.html.esc)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"seat": 0, "action": "S01"}, "must be a pair"),
        ([0], "must be a pair"),
        ([0, "S01", 1], "must be a pair"),
        ([True, "S01"], "the seat must be 0..2"),
        ([3, "S01"], "the seat must be 0..2"),
        ([0.0, "S01"], "the seat must be 0..2"),
        ([0, 17], "the action must be its notation"),
        ([0, ""], "the action must be its notation"),
        ([0, "S" * 65], "the action must be its notation"),
        ([0, "S99"], "not a Nacho Incident action"),
        ([0, " S01"], "is written 'S01'"),
    ],
)
def test_each_bad_action_is_refused_with_its_index(saved: dict, entry, message: str) -> None:
    actions = list(saved["actions"])
    actions[4] = entry
    with pytest.raises(RecordError, match=message) as err:
        Record.from_dict(saved | {"actions": actions})
    assert err.value.index == 4 and err.value.field == "actions[4]"


def test_unknown_and_missing_fields_are_refused(saved: dict) -> None:
    with pytest.raises(RecordError, match="unknown field") as err:
        Record.from_dict(saved | {"state": {}})
    assert err.value.field == "state"
    for key in saved:
        with pytest.raises(RecordError, match=f"needs '{key}'"):
            Record.from_dict({k: v for k, v in saved.items() if k != key})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ("[]", "must be a JSON object"),
        ("null", "must be a JSON object"),
        ('{"version": NaN}', "not valid JSON"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply|not valid JSON"),
        ('{"seed": ' + "9" * 5000 + "}", "not valid JSON"),
        ('"' + "x" * (LIMITS.text_chars + 1) + '"', "too long"),
    ],
)
def test_hostile_texts_are_refused_as_record_errors(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Record.from_text(text)


def test_a_record_longer_than_the_limit_is_refused(saved: dict) -> None:
    actions = saved["actions"] * (LIMITS.actions // len(saved["actions"]) + 1)
    with pytest.raises(RecordError, match="more than 20000 actions"):
        Record.from_dict(saved | {"actions": actions})


def test_new_fills_the_options_and_refuses_a_bad_setup() -> None:
    record = Record.new("jalapeno", [Seat("A"), Seat("B"), Seat("C")], seed=1)
    assert dict(record.options) == {"rounds": 5, "first_player": None, "open_piles": False}
    assert record.rules_version == engine.get_game("jalapeno").rules_version
    with pytest.raises(RecordError, match="bot must be null"):
        Record.new("jalapeno", [Seat("A"), Seat("B", "genius"), Seat("C")], seed=1)
    with pytest.raises(ValueError, match="players"):
        Record.new("jalapeno", [Seat("A")], seed=1)
    assert isinstance(Record.new("taco", [Seat("A")]).seed, int)


def test_a_record_is_immutable_and_truncates_to_its_prefixes() -> None:
    record, live = random_record("taco", 2, 8)
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.seed = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        record.options["pinata"] = True  # type: ignore[index]
    assert replay(record.truncated(5)).to_dict() == live[5].to_dict()
    assert record.truncated(len(record)) == record
    with pytest.raises(ValueError):
        record.truncated(len(record) + 1)
