"""Saving and loading (engine/taco/save.py): everything round-trips, the game continues exactly
as it would have, and a save that no real game could produce is a ValueError."""

from __future__ import annotations

import copy
import json

import pytest
from taco_tables import table

from engine import get_game
from engine.rng import Rng

GAME = get_game("taco")


def playout(players: int, seed: int, steps: int):
    state = GAME.new_game(players, seed=seed)
    chooser = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.current_players()[0]
        state = state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return state, chooser


@pytest.mark.parametrize("players", [1, 2])
def test_a_saved_game_continues_exactly(players: int) -> None:
    state, chooser = playout(players, seed=5, steps=40)
    loaded = GAME.from_dict(json.loads(json.dumps(state.to_dict())))
    assert loaded == state
    other = copy.deepcopy(chooser)
    while not state.is_over():
        seat = state.current_players()[0]
        action = chooser.choice(state.legal_actions(seat))
        again = other.choice(loaded.legal_actions(seat))
        assert action == again
        state, loaded = state.apply(seat, action), loaded.apply(seat, again)
        assert loaded.to_dict() == state.to_dict()


def test_the_save_carries_the_generator_and_the_hidden_decks() -> None:
    data = GAME.new_game(1, seed=8).to_dict()
    assert set(data["secret"]) == {"deck", "task_deck", "extra_deck", "rng"}
    assert len(data["secret"]["deck"]) == 49 and len(data["secret"]["task_deck"]) == 9


def damaged(mutate) -> dict:
    data = table(line={"1": "C03"}, dice="M=$ E1=F", door="T01").to_dict()
    mutate(data)
    return data


@pytest.mark.parametrize(
    ("label", "mutate"),
    [
        ("a card twice", lambda d: d["secret"]["deck"].append("C03")),
        ("a card missing", lambda d: d["secret"]["deck"].pop()),
        ("two inspections", lambda d: d["secret"]["deck"].append("C55")),
        ("a task twice", lambda d: d["secret"]["task_deck"].append("T01")),
        ("a busy die on no card", lambda d: d["public"]["dice"].__setitem__(1, ["", "busy"])),
        ("a resting manager", lambda d: d["public"]["dice"].__setitem__(0, ["Z", "rest"])),
        ("a face on a ready die", lambda d: d["public"]["dice"].__setitem__(4, ["F", "ready"])),
        ("a customer stage in solo", lambda d: d["public"].__setitem__("stage", "customers")),
        (
            "a bonus card in patience",
            lambda d: d["public"]["line"].__setitem__(
                4,
                {
                    "card": "C39",
                    "served": False,
                    "paid": False,
                },
            ),
        ),
        ("popularity off the track", lambda d: d["public"].__setitem__("popularity", 9)),
        ("over without a result", lambda d: d["public"].__setitem__("stage", "over")),
        ("an unknown card", lambda d: d["secret"]["deck"].__setitem__(0, "C99")),
        ("a bad generator", lambda d: d["secret"].__setitem__("rng", "xyz")),
        ("a locked employee", lambda d: d["public"]["dice"].__setitem__(2, ["", "locked"])),
    ],
)
def test_an_impossible_save_is_a_value_error(label: str, mutate) -> None:
    with pytest.raises(ValueError):
        GAME.from_dict(damaged(mutate))


def test_a_save_of_the_other_mode_is_refused() -> None:
    data = GAME.new_game(2, seed=1).to_dict()
    data["players"] = 1
    with pytest.raises(ValueError):
        GAME.from_dict(data)
