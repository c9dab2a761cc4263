"""engine/jalapeno/views.py: what one seat may see. Hidden: the other seats' hands, nothing else
(face-up Jalapeños, the trick, piles under perfect memory, voids and scores are public)."""

from __future__ import annotations

import json

import pytest
from jalapeno_tables import GAME, names, play_all, table

from engine.jalapeno.state import JalapenoState
from engine.rng import Rng

PRIVATE_KEYS = {"seat", "hand", "legal"}


def some_states() -> list[JalapenoState]:
    """Every state of a seeded 4-player game, one round long."""
    state, chooser = GAME.new_game(players=4, seed=21, options={"rounds": 1}), Rng(8)
    states = [state]
    while not state.is_over():
        seat = state.current_players()[0]
        state = state.apply(seat, chooser.choice(state.legal_actions(seat)))
        states.append(state)
    return states


STATES = some_states()


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    state = STATES[0]
    for seat in range(4):
        view = state.view(seat)
        assert view["seat"] == seat and view["hand"] == names(state.hands[seat])
        assert [s["hand_size"] for s in view["seats"]] == [len(h) for h in state.hands]
        for other in range(4):
            if other != seat:
                assert not set(names(state.hands[other])) & set(json.dumps(view).split('"'))


def test_every_view_is_the_public_view_plus_the_seat_s_own_hand() -> None:
    """No view differs from the spectator's except in the seat's own hand and legal plays."""
    for state in STATES:
        public = state.view(None)
        assert public["seat"] is None and public["legal"] == [] and "hand" not in public
        for seat in range(4):
            view = state.view(seat)
            assert {k: v for k, v in view.items() if k not in PRIVATE_KEYS} == {
                k: v for k, v in public.items() if k not in PRIVATE_KEYS
            }


def test_legal_plays_are_shown_only_to_the_seat_to_act() -> None:
    for state in STATES[:-1]:
        turn = state.current_players()[0]
        for seat in range(4):
            expected = [str(a) for a in state.legal_actions(seat)] if seat == turn else []
            assert state.view(seat)["legal"] == expected


def test_face_up_jalapenos_trick_piles_and_voids_are_public() -> None:
    """Decision (docs/rules-decisions.md): the pile is face down in the box game, but every card
    in it was played face up, so the app shows it ("perfect memory"); voids are deductions
    everyone could make."""
    state = table(hands=["R7 G2", "G3 Y5", "R3 G4", "R9 G5"], jalapenos=["", "B1", "", ""])
    state = play_all(state, "R7", "Y5", "R3", "R9", "G5")
    public = state.view(None)
    assert public["seats"][1]["jalapenos"] == ["B1"]
    assert public["seats"][3]["pile"] == ["R7", "Y5", "R3", "R9"]
    assert public["seats"][1]["void"] == ["R"]
    assert public["trick"] == [{"seat": 3, "card": "G5"}] and public["lead_colour"] == "G"
    assert public["last_trick"] == {
        "winner": 3,
        "cards": [
            {"seat": 0, "card": "R7"},
            {"seat": 1, "card": "Y5"},
            {"seat": 2, "card": "R3"},
            {"seat": 3, "card": "R9"},
        ],
    }


def test_views_are_plain_json() -> None:
    for state in (STATES[0], STATES[len(STATES) // 2], STATES[-1]):
        for seat in (None, 0, 3):
            view = state.view(seat)
            assert json.loads(json.dumps(view, allow_nan=False)) == view


def test_a_view_is_a_copy() -> None:
    state = STATES[3]
    view = state.view(0)
    view["hand"].clear()
    view["seats"][0]["jalapenos"].append("R1")
    assert state.view(0) == STATES[3].view(0) and state.view(0)["hand"]


def test_the_view_names_the_colours_in_use_with_their_food_symbols() -> None:
    view = GAME.new_game(players=3, seed=1).view(None)
    assert [(c["key"], c["symbol"]) for c in view["colours"]] == [
        ("R", "chili"),
        ("G", "avocado"),
        ("Y", "corn"),
        ("B", "bean"),
    ]
    assert view["deck"] == {"colours": 4, "top": 9, "hand_size": 12}


def test_the_finished_game_view_shows_totals_and_winners() -> None:
    final = STATES[-1]
    view = final.view(None)
    assert view["over"] is True and view["to_act"] == []
    assert view["totals"] == final.penalty_totals() and view["winners"] == final.winners()
    assert view["round_penalties"] == [list(r) for r in final.round_penalties]


@pytest.mark.parametrize("seat", [-1, 4, 1.0, "0", True])
def test_a_view_for_a_seat_that_does_not_exist_is_a_value_error(seat: object) -> None:
    with pytest.raises(ValueError, match="seat must be 0..3 or None"):
        STATES[0].view(seat)  # type: ignore[arg-type]
