"""engine/jalapeno/state.py's step: a new state shares every part the card did not change,
nothing a state hands out is its own, ``advance`` (the search's step) plays the same game as
``apply`` without events, and the game ends exactly at the step that ends its last round."""

from __future__ import annotations

import json

import pytest
from jalapeno_tables import GAME, play_all, table

from engine.jalapeno.state import JalapenoState
from engine.rng import Rng


def random_game(players: int, seed: int, rounds: int = 2) -> list[JalapenoState]:
    state, chooser = (
        GAME.new_game(players=players, seed=seed, options={"rounds": rounds}),
        Rng(seed),
    )
    states = [state]
    while not state.is_over():
        seat = state.current_players()[0]
        state = state.apply(seat, chooser.choice(state.legal_actions(seat)))
        states.append(state)
    return states


def fields(state: JalapenoState) -> dict[str, object]:
    return {name: getattr(state, name) for name in state.__slots__ if name[0] != "_"}


# -- structure sharing ----------------------------------------------------------------------


def test_a_play_shares_every_part_it_does_not_change() -> None:
    state = table(hands=["R9 G2", "R3 G5", "G6 G7"], jalapenos=["", "", "G1"])
    after = play_all(state, "R9")
    assert after.hands[1:] == state.hands[1:] and after.hands[1] is state.hands[1]
    for name in ("jalapenos", "piles", "voids", "round_penalties", "options"):
        assert getattr(after, name) is getattr(state, name), name
    follow = play_all(after, "R3", "G1")  # seat 2 cannot follow red: void, and its Jalapeño
    assert follow.hands[2] is state.hands[2] and follow.voids[2] == frozenset("R")
    assert follow.piles[1:] == state.piles[1:] and follow.piles[1] is state.piles[1]
    assert [str(c) for c in follow.jalapenos[0]] == ["G1"] and follow.trick == ()


def test_a_state_is_unchanged_by_the_steps_taken_from_it() -> None:
    for states in (random_game(3, 1), random_game(5, 2)):
        saved = [json.dumps(s.to_dict()) for s in states]
        for state in states[:-1]:  # a second step from each: the search does this all the time
            seat = state.current_players()[0]
            for action in state.legal_actions(seat):
                state.advance(seat, action)
        assert [json.dumps(s.to_dict()) for s in states] == saved


def test_options_and_legal_actions_cannot_be_changed_from_outside() -> None:
    state = GAME.new_game(players=4, seed=2)
    with pytest.raises(TypeError):
        state.options["rounds"] = 1  # type: ignore[index]
    seat = state.current_players()[0]
    legal = state.legal_actions(seat)
    first = list(legal)
    legal.clear()
    assert state.legal_actions(seat) == first and state.legal_actions(seat) is not legal
    assert state.to_dict()["options"] == {"rounds": 5, "first_player": None, "open_piles": False}


def test_equality_is_field_by_field_and_ignores_what_was_asked_of_the_state() -> None:
    a, b = GAME.new_game(players=4, seed=9), GAME.new_game(players=4, seed=9)
    a.legal_actions(a.current_players()[0])  # remembered by a only
    assert a == b and hash(a) == hash(b)
    assert GAME.from_dict(json.loads(json.dumps(a.to_dict()))) == a
    assert a != GAME.new_game(players=4, seed=10) and a != "a state"


# -- advance: the search's step --------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 6, 9])
def test_advance_plays_the_same_game_as_apply_without_events(players: int) -> None:
    states = random_game(players, seed=players, rounds=2)
    advanced = states[0]
    for before, after in zip(states, states[1:], strict=False):
        seat = before.current_players()[0]
        action = next(a for a in before.legal_actions(seat) if _leads_to(before, seat, a, after))
        advanced = advanced.advance(seat, action)
        assert advanced.events == () and after.events
        assert fields(advanced) | {"events": ()} == fields(after) | {"events": ()}
    assert advanced.is_over() and advanced.scores() == states[-1].scores()


def _leads_to(state: JalapenoState, seat: int, action: object, after: JalapenoState) -> bool:
    return state.apply(seat, action) == after  # type: ignore[arg-type]


# -- the end of the game, from both sides -----------------------------------------------------


@pytest.mark.parametrize(("players", "rounds"), [(3, 1), (4, 2), (9, 1)])
def test_the_step_before_the_last_round_ends_plays_on_and_the_last_step_ends_the_game(
    players: int, rounds: int
) -> None:
    """Rulebook: "After 5 rounds, the player with the fewest penalty points wins" (the rounds
    option varies the count): one step before the last trick of the last round completes the
    game still waits for that seat; the step that completes it scores the round and ends the
    game; the same step in an earlier round deals the next one instead."""
    states = random_game(players, seed=40 + players, rounds=rounds)
    last, before = states[-1], states[-2]
    assert before.round_no == rounds and len(before.round_penalties) == rounds - 1
    assert not before.is_over() and before.winners() == [] and before.phase() == "play"
    assert before.current_players() == ((before.leader + players - 1) % players,)
    assert len(before.trick) == players - 1 and before.legal_actions(before.turn)
    assert last.is_over() and last.current_players() == () and last.phase() == "over"
    assert len(last.round_penalties) == rounds and last.winners()
    assert [e.kind for e in last.events][-3:] == ["trick", "round", "game-over"]
    ends = [s for s in states[1:-1] if any(e.kind == "round" for e in s.events)]
    assert len(ends) == rounds - 1
    for end in ends:  # earlier rounds: scored, and the next one dealt in the same step
        assert not end.is_over() and [e.kind for e in end.events][-2:] == ["round", "deal"]
        assert all(len(h) + len(j) >= 1 for h, j in zip(end.hands, end.jalapenos, strict=True))
