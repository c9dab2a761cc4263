"""engine/jalapeno/views.py: what one seat may see. Hidden: the other seats' hands and, unless the
table plays with open piles, their face-down piles (sizes public) and the running penalty computed
from them. Face-up Jalapeños, the trick, the last trick, voids and scores are public.
"""

from __future__ import annotations

import json

import pytest
from jalapeno_tables import GAME, cards, names, play_all, table

from engine.jalapeno.scoring import round_penalty
from engine.jalapeno.state import JalapenoState
from engine.rng import Rng

PRIVATE_KEYS = {"seat", "hand", "legal"}
OWN_PILE_KEYS = {"pile", "penalty_so_far"}  # shown to the pile's owner (to all with open piles)


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


def test_every_view_is_the_public_view_plus_the_seat_s_own_hand_and_pile() -> None:
    """No view differs from the spectator's except in the seat's own hand, legal plays, pile and
    running penalty."""
    for state in STATES:
        public = state.view(None)
        assert public["seat"] is None and public["legal"] == [] and "hand" not in public
        assert all(s["pile"] is None and s["penalty_so_far"] is None for s in public["seats"])
        for seat in range(4):
            view = state.view(seat)
            own = view["seats"][seat]
            assert own["pile"] == names(state.piles[seat])
            assert own["penalty_so_far"] == round_penalty(state.jalapenos[seat], state.piles[seat])
            masked = {k: v for k, v in view.items() if k not in PRIVATE_KEYS}
            masked["seats"] = [
                {k: (None if k in OWN_PILE_KEYS else v) for k, v in info.items()}
                for info in view["seats"]
            ]
            assert masked == {k: v for k, v in public.items() if k not in PRIVATE_KEYS}


def test_pile_sizes_are_public_and_their_cards_face_down() -> None:
    """Rulebook: "Place any other cards you won face-down in a pile." Decision
    (docs/rules-decisions.md): another seat's pile shows only its size, and its running penalty
    (computed from the pile) is hidden too."""
    for state in STATES:
        for viewer in (None, 0, 1, 2, 3):
            for seat, info in enumerate(state.view(viewer)["seats"]):
                assert info["pile_size"] == len(state.piles[seat])
                if seat != viewer:
                    assert info["pile"] is None and info["penalty_so_far"] is None
    assert any(state.piles[1] for state in STATES), "the game never filled a pile"


def test_open_piles_show_every_pile_and_penalty_to_everyone() -> None:
    """The learners' option: every pile is public, as under perfect memory."""
    assert GAME.options["open_piles"].default is False
    state = table(
        hands=["R7 G2", "G3 Y5", "R3 G4", "R9 G5"], jalapenos=["", "B1", "", ""], open_piles=True
    )
    state = play_all(state, "R7", "Y5", "R3", "R9", "G5")
    for viewer in (None, 0, 1, 2, 3):
        view = state.view(viewer)
        assert view["open_piles"] is True
        assert view["seats"][3]["pile"] == ["R7", "Y5", "R3", "R9"]
        assert [s["penalty_so_far"] for s in view["seats"]] == [0, 2, 0, 0]


def test_legal_plays_are_shown_only_to_the_seat_to_act() -> None:
    for state in STATES[:-1]:
        turn = state.current_players()[0]
        for seat in range(4):
            expected = [str(a) for a in state.legal_actions(seat)] if seat == turn else []
            assert state.view(seat)["legal"] == expected


def test_face_up_jalapenos_trick_last_trick_and_voids_are_public() -> None:
    """Voids are deductions everyone could make; the last trick was just played face up, so it
    stays on show even though its cards now lie on top of the winner's pile."""
    state = table(hands=["R7 G2", "G3 Y5", "R3 G4", "R9 G5"], jalapenos=["", "B1", "", ""])
    state = play_all(state, "R7", "Y5", "R3", "R9", "G5")
    public = state.view(None)
    assert public["open_piles"] is False
    assert public["seats"][1]["jalapenos"] == ["B1"]
    assert public["seats"][3]["pile"] is None and public["seats"][3]["pile_size"] == 4
    assert state.view(3)["seats"][3]["pile"] == ["R7", "Y5", "R3", "R9"]
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


def test_the_conformance_suite_counts_other_piles_as_hidden() -> None:
    """Once a trick is buried under a newer one, its cards are secret to the pile's owner: the
    shared suite's Jalape-NO! hook says so, and catches a view that shows them."""
    from conformance import check_views, hooks

    state = table(hands=["R7 G2 Y2", "R8 G3 Y3", "R9 G4 Y4", "R3 G5 Y5"])
    state = play_all(state, "R7", "R8", "R9", "R3", "G4", "G5", "G2", "G3")
    assert state.piles[2] == cards("R7 R8 R9 R3") and state.piles[3] == cards("G4 G5 G2 G3")
    assert set(hooks("jalapeno").hidden(state, 2)) == {"Y4", "R7", "R8", "R9", "R3"}
    assert set(hooks("jalapeno").hidden(state, 3)) == {"Y5"}  # its pile is the last trick
    check_views(state, "closed piles")
    leaky = state._replace(options={**state.options, "open_piles": True})
    with pytest.raises(AssertionError, match="hidden"):
        check_views(_KeepHooks(leaky, closed=state), "leaky")


class _KeepHooks:
    """``leaky``'s views (open piles) judged by ``closed``'s secrets: a view that leaks."""

    def __init__(self, leaky: JalapenoState, closed: JalapenoState) -> None:
        self._leaky, self._closed = leaky, closed
        self.game = closed.game

    def __getattr__(self, name: str) -> object:
        return getattr(self._closed, name)

    def view(self, player: int | None) -> dict:
        return self._leaky.view(player)


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
