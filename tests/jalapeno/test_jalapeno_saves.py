"""Saving and loading: ``JalapenoState.to_dict`` (engine/jalapeno/state.py) and
``JalapenoGame.from_dict`` (engine/jalapeno/saves.py).

A save is schema-versioned JSON shaped {public, players_private, secret}; loading refuses
unknown versions and malformed or inconsistent data with a ValueError that says what is wrong.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from jalapeno_tables import GAME

from engine.jalapeno import JalapenoState


def mid_trick() -> JalapenoState:
    """4 players, seed 11, seat 0 starts; two cards of the first trick played."""
    state = GAME.new_game(players=4, seed=11, options={"first_player": 0})
    for _ in range(2):
        seat = state.current_players()[0]
        state = state.apply(seat, state.legal_actions(seat)[0])
    return state


def save() -> dict[str, Any]:
    return json.loads(json.dumps(mid_trick().to_dict()))


def test_a_save_is_versioned_json_with_public_private_and_secret_parts() -> None:
    data = save()
    assert data["game"] == "jalapeno" and data["version"] == GAME.save_version == 1
    assert set(data) == {
        "game",
        "version",
        "players",
        "options",
        "public",
        "players_private",
        "secret",
        "events",
    }
    assert len(data["players_private"]) == 4 and set(data["secret"]) == {"rng"}


def test_loading_a_save_gives_the_same_state() -> None:
    state = mid_trick()
    assert GAME.from_dict(save()) == state
    assert GAME.from_dict(save()).to_dict() == state.to_dict()


def test_to_dict_hands_out_copies() -> None:
    state = mid_trick()
    data = state.to_dict()
    data["players_private"][0]["hand"].clear()
    data["public"]["trick"].clear()
    data["options"]["rounds"] = 1
    assert state.to_dict() == save()


def test_an_unknown_save_version_is_refused_with_a_clear_message() -> None:
    with pytest.raises(ValueError, match="unsupported save version 2 for Jalape-NO!"):
        GAME.from_dict({**save(), "version": 2})


def test_a_save_of_another_game_is_refused() -> None:
    with pytest.raises(ValueError, match="not a saved Jalape-NO! game"):
        GAME.from_dict({**save(), "game": "nacho"})


def edit(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(save())
    change(data)
    return data


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        for key in parents:
            data = data[int(key)] if key.isdigit() else data[key]  # type: ignore[assignment]
        data[int(last) if last.isdigit() else last] = value  # type: ignore[index]

    return change


def _move_card(data: dict[str, Any]) -> None:
    hands = data["players_private"]
    hands[0]["hand"].append(hands[1]["hand"].pop())


def _jalapeno_in_hand(data: dict[str, Any]) -> None:
    for seat, jal in enumerate(data["public"]["jalapenos"]):
        if jal:
            data["players_private"][seat]["hand"].append(jal.pop())
            return
    raise AssertionError("no Jalapeño dealt")


BROKEN: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "missing-secret": (lambda d: d.pop("secret"), "missing or malformed"),
    "players-out-of-range": (_set("players", 10), "allowed"),
    "unknown-option": (_set("options.colour_blind", True), "unknown option"),
    "first-player-not-a-seat": (_set("options.first_player", 7), "first_player"),
    "card-twice": (_set("public.piles.0", ["R2"]), "one deck"),
    "not-a-card": (_set("players_private.0.hand", ["R2", "Q9"]), "not a Jalape-NO! card"),
    "non-jalapeno-face-up": (_set("public.jalapenos.0", ["R5"]), "only Jalapeños"),
    "jalapeno-in-hand": (_jalapeno_in_hand, "Jalapeño"),
    "turn-not-next-in-trick": (_set("public.turn", 3), "turn"),
    "turn-not-a-seat": (_set("public.turn", 4), "seat"),
    "trick-out-of-order": (_set("public.trick.1.0", 3), "trick"),
    "rng-not-hex": (_set("secret.rng", "zz"), "rng"),
    "rng-negative": (_set("secret.rng", "-5"), "rng"),
    "rng-too-big": (_set("secret.rng", "1" * 17), "rng"),
    "round-text": (_set("public.round", "1"), "round"),
    "round-beyond-the-game": (_set("public.round", 9), "round"),
    "round-without-its-scores": (_set("public.round", 3), "round"),
    "void-not-a-colour": (_set("public.voids.0", ["X"]), "void"),
    "penalty-not-an-int": (_set("public.round_penalties", [[1.5, 0, 0, 0]]), "penalt"),
    "penalties-but-round-1": (_set("public.round_penalties", [[1, 0, 0, 0]]), "round"),
    "wrong-number-of-hands": (lambda d: d["players_private"].pop(), "one entry per seat"),
    "card-moved-between-hands-is-fine": (_move_card, ""),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_malformed_or_inconsistent_save_is_a_value_error_naming_the_problem(name: str) -> None:
    change, message = BROKEN[name]
    data = edit(change)
    if not message:  # hand sizes differ anyway (Jalapeños), so this one cannot be detected
        GAME.from_dict(data)
        return
    with pytest.raises(ValueError, match="Jalape-NO!") as err:
        GAME.from_dict(data)
    assert message in str(err.value), str(err.value)


def test_a_finished_game_saves_and_loads() -> None:
    state = GAME.new_game(players=3, seed=5, options={"rounds": 1})
    while not state.is_over():
        seat = state.current_players()[0]
        state = state.apply(seat, state.legal_actions(seat)[-1])
    loaded = GAME.from_dict(json.loads(json.dumps(state.to_dict())))
    assert loaded == state and loaded.is_over() and loaded.scores() == state.scores()


def test_a_loaded_game_goes_on_with_the_same_deals() -> None:
    """The generator is saved too: the next round's deal after loading is the one it would have
    been."""
    state = GAME.new_game(players=3, seed=8, options={"rounds": 2})
    while state.round_no == 1:
        seat = state.current_players()[0]
        before = state
        state = state.apply(seat, state.legal_actions(seat)[0])
    loaded = GAME.from_dict(json.loads(json.dumps(before.to_dict())))
    seat = loaded.current_players()[0]
    assert loaded.apply(seat, loaded.legal_actions(seat)[0]) == state
