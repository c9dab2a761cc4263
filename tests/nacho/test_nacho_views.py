"""What a seat sees: the whole table, its own hand (with where each smuggler can go), never
another hand, an unrevealed pick or discard, or the order of a face-down deck."""

from __future__ import annotations

import json
import re

import pytest
from nacho_tables import play, table

from engine import get_game
from engine.nacho.components import MOUNTIES, SMUGGLERS
from engine.rng import Rng

GAME = get_game("nacho")


def tokens(view) -> set[str]:
    return set(re.findall(r"[A-Za-z0-9@]+", json.dumps(view)))


def states(players: int, seed: int, **options):
    state = GAME.new_game(players, seed=seed, options=options)
    rng = Rng(seed)
    yield state
    while not state.is_over():
        seat = rng.choice(list(state.current_players()))
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


@pytest.mark.parametrize("options", [{}, {"random_mounties": True, "rechoose": True}])
def test_no_view_shows_a_face_down_card(options) -> None:
    """Other hands, picks before the reveal, pending discards, the draw and discard piles and
    the Mountie decks (but for the face-up card) appear in no view, by code or by name."""
    for k, state in enumerate(states(3, seed=21, **options)):
        if k % 3:
            continue  # every third state keeps the test quick; conformance checks them all
        face_down_m = [m for m in (*state.mdeck, *(x for d in state.mreserve for x in d))]
        if state.mface:
            face_down_m = face_down_m[1:]
        face_down_m += list(state.mpool)
        for viewer in (None, 0, 1, 2):
            seen = tokens({k: v for k, v in state.view(viewer).items() if k != "events"})
            hidden = set(state.draw) | set(state.discards)
            for seat in range(3):
                if seat != viewer:
                    hidden |= set(state.hands[seat]) | set(state.pending[seat])
                    if state.phase() == "pick" and state.picks[seat] is not None:
                        hidden.add(state.picks[seat])
            words = {w for k in hidden for w in (SMUGGLERS[k].code, SMUGGLERS[k].name)}
            assert not seen & words, (state.phase(), viewer, seen & words)
            assert not seen & {MOUNTIES[m].code for m in face_down_m}


def test_your_hand_shows_flag_rank_fee_and_reachable_provinces() -> None:
    state = table(hands={1: "Jen Zorro Rocco"})
    hand = state.view(1)["hand"]
    assert hand == [
        {"id": "S14", "name": "Zorro", "flag": "AB", "rank": 9, "fee": 5, "reach": ["AB", "SK"]},
        {
            "id": "S22",
            "name": "Jen",
            "flag": "SK",
            "rank": 5,
            "fee": 2,
            "reach": ["AB", "SK", "ON"],
        },
        {"id": "S56", "name": "Rocco", "flag": "QC", "rank": 9, "fee": 5, "reach": ["ON", "QC"]},
    ]
    assert "hand" not in state.view(None)


def test_the_view_describes_each_choice_for_the_ui() -> None:
    state = table(
        2,
        hands={0: "Zorro", 1: "Jen"},
        warehouses={0: "salsa beans", 1: "olive"},
        top=("AB1", "SK2", "ON1", "QC1"),
    )
    choice = state.view(1)["choice"]
    assert choice["kind"] == "pick" and choice["options"][0]["smuggler"]["name"] == "Jen"
    state = play(state, (0, "S14"), (1, "S22"))
    assert state.view(1)["choice"] is None  # Kamiel acts first
    view = state.view(0)
    assert view["choice"]["kind"] == "destination"
    assert view["choice"]["options"] == [
        {"action": "AB", "province": "AB", "deliverable": [{"food": "salsa", "price": 7}]},
        {"action": "SK", "province": "SK", "deliverable": [{"food": "salsa", "price": 5}]},
    ]
    state = state.apply(0, "AB")
    options = state.view(0)["choice"]["options"]
    assert options == [
        {"action": "salsa", "food": "salsa", "price": 7, "from": None},
        {"action": "olive@1", "food": "olive", "price": 9, "from": 1, "give": ["beans", "salsa"]},
        {"action": "none", "food": None},
    ]
    assert state.view(None)["destination"] == "AB" and state.view(None)["active"] == 0


def test_the_table_as_everyone_sees_it() -> None:
    state = table(3, keepers={2: {"ON": "Wanda"}}, mounties={1: {"QC": "M11"}}, gold=(10, -2, 30))
    view = state.view(0)
    assert [s["gold"] for s in view["seats"]] == [10, -2, 30]
    assert view["seats"][2]["cantinas"][2]["keepers"][0]["name"] == "Wanda"
    assert view["seats"][1]["cantinas"][3]["mounties"][0]["penalty"] == 4
    assert view["seats"][1]["mountie_penalty"] == 4
    assert view["gemstone"] == 0 and view["seats"][0]["gem"] is True
    assert [len(p["spots"]) for p in view["provinces"]] == [4, 4, 4, 4]
    assert view["provinces"][0]["spots"][0].keys() == {
        "food",
        "name",
        "colour",
        "emoji",
        "price",
        "filled",
    }
    assert json.loads(json.dumps(view)) == view


def test_events_narrate_a_turn() -> None:
    """The view carries what the UI says: who goes first and takes the Mountie, who goes where
    and delivers what for how much, arrests, the round's bonuses and penalties."""
    state = table(
        2, hands={0: "Zorro", 1: "Jen"}, warehouses={0: "salsa", 1: "olive"}, top=("AB1",)
    )
    state = play(state, (0, "S14"), (1, "S22"))
    kinds = [e["kind"] for e in state.view(1)["events"]]
    assert kinds == ["pick", "reveal", "mountie"]
    state = state.apply(0, "AB")
    assert state.view(1)["events"] == [
        {"kind": "go", "seat": 0, "smuggler": "S14", "name": "Zorro", "rank": 9, "province": "AB"}
    ]
    state = state.apply(0, "salsa")
    told = state.view(1)["events"]
    assert [e["kind"] for e in told[:3]] == ["deliver", "fee", "keeper"]
    assert told[0]["price"] == 7 and told[0]["food"] == "salsa"
