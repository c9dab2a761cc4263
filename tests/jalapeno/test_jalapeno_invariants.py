"""engine/jalapeno/checks.py's invariants: they hold all through real games, and each one
catches the state that breaks it (tests/test_invariants.py runs them 100,000 times a run)."""

from __future__ import annotations

import pytest
from jalapeno_tables import GAME

from engine.jalapeno.cards import Card, sort_key
from engine.jalapeno.checks import invariants
from engine.jalapeno.state import JalapenoState
from engine.rng import Rng


def mid_game(players: int = 4, steps: int = 30, seed: int = 3) -> JalapenoState:
    state, chooser = GAME.new_game(players=players, seed=seed), Rng(seed)
    for _ in range(steps):
        seat = state.current_players()[0]
        state = state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("players", range(3, 10))
def test_the_invariants_hold_from_the_deal_to_the_end(players: int) -> None:
    state, chooser = GAME.new_game(players=players, seed=players), Rng(players)
    invariants(state)
    while not state.is_over():
        seat = state.current_players()[0]
        state = state.apply(seat, chooser.choice(state.legal_actions(seat)))
        invariants(state)
    assert state.last_round is not None and not any(state.hands)


def _swap_first(state: JalapenoState, seat: int, new: Card) -> JalapenoState:
    hands = list(state.hands)
    hands[seat] = tuple(sorted((new, *hands[seat][1:]), key=sort_key))
    return state._replace(hands=tuple(hands))


def test_a_card_in_two_places_or_missing_or_out_of_the_game_breaks_them() -> None:
    state = mid_game()
    held = state.hands[0][0]
    twice = state._replace(piles=((*state.piles[0], held), *state.piles[1:]))
    with pytest.raises(AssertionError, match="in two places"):
        invariants(twice)
    gone = state._replace(hands=(state.hands[0][1:], *state.hands[1:]))
    with pytest.raises(AssertionError, match=f"missing \\['{held}'\\]"):
        invariants(gone)
    with pytest.raises(AssertionError, match=r"strays \['R18'\]"):  # a 9-player card with 4
        invariants(_swap_first(state, 0, Card("R", 18)))


def test_a_jalapeno_hidden_or_a_card_face_up_breaks_them() -> None:
    state = mid_game()
    jal = next(j for js in state.jalapenos for j in js)
    owner = next(s for s, js in enumerate(state.jalapenos) if jal in js)
    in_hand = state._replace(
        jalapenos=tuple(tuple(c for c in js if c != jal) for js in state.jalapenos),
        hands=tuple((jal, *h) if s == owner else h for s, h in enumerate(state.hands)),
    )
    with pytest.raises(AssertionError, match="Jalapeño in seat"):
        invariants(in_hand)
    card = state.hands[1][-1]
    face_up = state._replace(
        hands=tuple(h[:-1] if s == 1 else h for s, h in enumerate(state.hands)),
        jalapenos=tuple((*js, card) if s == 1 else js for s, js in enumerate(state.jalapenos)),
    )
    with pytest.raises(AssertionError, match="non-Jalapeño face up"):
        invariants(face_up)


def test_an_unsorted_hand_a_void_colour_held_or_an_empty_hand_to_play_breaks_them() -> None:
    state = mid_game()
    unsorted = state._replace(hands=(tuple(reversed(state.hands[0])), *state.hands[1:]))
    with pytest.raises(AssertionError, match="not sorted"):
        invariants(unsorted)
    colour = state.hands[2][0].colour
    voids = tuple(frozenset(colour) if s == 2 else v for s, v in enumerate(state.voids))
    void = state._replace(voids=voids)
    with pytest.raises(AssertionError, match="void colour"):
        invariants(void)
    start = GAME.new_game(players=3, seed=1)
    seat = (start.turn + 1) % 3
    emptied = start._replace(
        hands=tuple(() if s == seat else h for s, h in enumerate(start.hands)),
        piles=tuple(start.hands[seat] if s == seat else p for s, p in enumerate(start.piles)),
    )
    with pytest.raises(AssertionError, match="a seat to play has no hand"):
        invariants(emptied)


def test_a_turn_out_of_order_or_a_leader_who_did_not_win_breaks_them() -> None:
    state = mid_game()
    with pytest.raises(AssertionError, match="next clockwise"):
        invariants(state._replace(turn=(state.turn + 1) % state.players))
    later = mid_game(steps=8)  # two tricks done: the leader won the last one
    assert later.last_trick is not None and not later.trick
    other = (later.leader + 1) % later.players
    with pytest.raises(AssertionError, match="leader is not the winner"):
        invariants(later._replace(leader=other, turn=other))


def test_scores_that_are_not_a_recount_of_the_piles_break_them() -> None:
    state = mid_game(steps=4 * 12 + 3)  # into round 2: round 1 is scored
    assert len(state.round_penalties) == 1 and state.last_round is not None
    wrong = tuple(p + 1 if s == 0 else p for s, p in enumerate(state.round_penalties[0]))
    with pytest.raises(AssertionError, match="recount"):
        invariants(state._replace(round_penalties=(wrong,)))
    with pytest.raises(AssertionError, match="round count"):
        invariants(state._replace(round_penalties=()))
