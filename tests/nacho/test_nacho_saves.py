"""Saves: everything a game needs to go on (the generator too), and clear errors for saves that
are not a consistent game."""

from __future__ import annotations

import copy
import json

import pytest

from engine import get_game
from engine.rng import Rng

GAME = get_game("nacho")


def walk(players: int, seed: int, steps: int, **options):
    state = GAME.new_game(players, seed=seed, options=options)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = rng.choice(list(state.current_players()))
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("options", [{}, {"rechoose": True, "random_mounties": True}])
def test_a_loaded_game_goes_on_exactly_as_the_original(options) -> None:
    state = walk(3, seed=9, steps=60, **options)
    loaded = GAME.from_dict(json.loads(json.dumps(state.to_dict())))
    assert loaded == state and loaded.view(1) == state.view(1)
    rng_a, rng_b = Rng(5), Rng(5)
    a, b = state, loaded
    while not a.is_over():
        seat = a.current_players()[0]
        action = rng_a.choice(a.legal_actions(seat))
        assert str(action) == str(rng_b.choice(b.legal_actions(seat)))
        a, b = a.apply(seat, action), b.apply(seat, str(action))
    assert a == b and a.winners() == b.winners()


def test_the_save_holds_the_generator_and_every_hidden_pile() -> None:
    data = GAME.new_game(4, seed=2).to_dict()
    assert set(data["secret"]) == {"rng", "draw", "discards", "mdeck", "mreserve", "mpool"}
    assert [sorted(p) for p in data["players_private"]] == [["hand", "pending", "pick"]] * 4


def damaged(data, path, value):
    out = copy.deepcopy(data)
    where = out
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    return out


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("public", "phase"), "dance", "phase"),
        (("public", "gold", 0), 1.5, "gold"),
        (("players_private", 0, "hand", 0), "S99", "not a card"),
        (("secret", "draw"), [], "smuggler must be in exactly one place"),
        (("public", "keepers", 0, 0), ["S01"], "exactly one place"),
        (("secret", "mdeck"), [], "Mountie"),
        (("public", "bag", "salsa"), 0, "salsa cubes"),
        (("public", "provinces", 0, "deck"), ["AB1", "AB2", "SK1"], "Alberta"),
        (("public", "order"), [0, 1], "order"),
        (("public", "face_up"), "yes", "face_up"),
        (("secret", "rng"), "xyz", "rng"),
        (("options", "rechoose"), "maybe", "rechoose"),
        (("public", "gold", 0), 11, "ledger adds up"),
        (("public", "ledger", 0, "fees"), -1, "ledger.fees"),
        (("public", "ledger", 0), {"opening": 10}, "ledger entry"),
        (("public", "last_round"), {"round": 1}, "last_round"),
        (("public", "last_round"), [], "last_round"),
    ],
)
def test_an_inconsistent_save_is_a_value_error_naming_the_problem(path, value, message) -> None:
    data = walk(4, seed=3, steps=0).to_dict()
    if path[:2] == ("public", "order"):
        data = walk(4, seed=3, steps=4).to_dict()  # in step 3: an order of all four seats
        assert data["public"]["phase"] == "destination"
    with pytest.raises(ValueError, match=message):
        GAME.from_dict(damaged(data, path, value))


def worth(entry: dict) -> int:
    """The gold a saved ledger entry adds up to."""
    earned = entry["opening"] + entry["deliveries"] + entry["sales"] + entry["bonuses"]
    return earned - entry["fees"] - entry["penalties"]


def test_a_save_without_a_ledger_opens_it_at_its_gold() -> None:
    """A save written before gold had a ledger still loads: each seat's ledger opens at the gold
    the save shows, and the game goes on booking from there."""
    state = walk(3, seed=4, steps=80)
    data = json.loads(json.dumps(state.to_dict()))
    assert [worth(e) for e in data["public"]["ledger"]] == data["public"]["gold"]
    assert any(e["fees"] for e in data["public"]["ledger"])
    del data["public"]["ledger"]
    loaded = GAME.from_dict(data)
    assert loaded.gold == state.gold
    assert loaded.ledger == tuple((g, 0, 0, 0, 0, 0) for g in state.gold)
    while not loaded.is_over():
        seat = loaded.current_players()[0]
        loaded = loaded.apply(seat, loaded.legal_actions(seat)[0])
    public = loaded.to_dict()["public"]
    assert [worth(e) for e in public["ledger"]] == public["gold"]
    assert all(e["fees"] > 0 for e in public["ledger"])


def test_a_save_in_the_middle_of_an_arrest_choice_loads() -> None:
    for seed in range(200):
        state = walk(2, seed=seed, steps=400)
        # find any state of a game that passed through arrests or wandering
        history = []
        s = GAME.new_game(2, seed=seed)
        rng = Rng(seed)
        while not s.is_over():
            seat = rng.choice(list(s.current_players()))
            s = s.apply(seat, rng.choice(s.legal_actions(seat)))
            if s.phase() in ("arrest", "bored", "wander"):
                history.append(s)
        if history:
            for h in history:
                assert GAME.from_dict(json.loads(json.dumps(h.to_dict()))) == h
            return
        del state
    pytest.fail("no seeded game reached an arrest choice")
