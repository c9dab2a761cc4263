"""Crazy Taco's invariants (engine/taco/checks.py): they hold along random games (the 100,000-action
run is tests/test_invariants.py) and each one catches the breakage it is about."""

from __future__ import annotations

import pytest
from taco_tables import table

from engine import get_game
from engine.rng import Rng
from engine.taco.checks import invariants

GAME = get_game("taco")


def test_the_invariants_hold_along_random_games_of_both_modes() -> None:
    for seed in range(6):
        players = 1 + seed % 2
        options = {"pinata": seed % 3 == 0, "characters": seed % 4 != 1}
        state = GAME.new_game(players=players, seed=seed, options=options)
        chooser = Rng(seed)
        invariants(state)
        while not state.is_over():
            seat = state.current_players()[0]
            legal = state.legal_actions(seat)
            state = state.apply(seat, legal[chooser.below(len(legal))])
            invariants(state)
        invariants(GAME.from_dict(state.to_dict()))


def broken(state, **fields):
    """``state`` with some fields changed behind the rules' back (a copy: the state stays)."""
    out = state._copy()
    for name, value in fields.items():
        setattr(out, name, value)
    return out


def served_state():
    """A placement just applied: a customer served and paid, money and events to recount."""
    state = table(line={"1": "C03 served"}, dice="M=$ E1=F", cash=2, popularity=6)
    return state.apply(0, "collect 1 M")


BREAKAGES = {
    "cash without an event": (lambda s: broken(s, cash=s.cash + 1), "are not the"),
    "popularity without an event": (lambda s: broken(s, popularity=s.popularity - 1), "are not"),
    "an event without its money": (lambda s: broken(s, happened=s.happened[:-1]), "are not the"),
    "a card in two places": (lambda s: broken(s, deck=(*s.deck, s.gone[-1])), "two places"),
    "a card lost": (lambda s: broken(s, deck=s.deck[1:]), "customer deck"),
    "a task lost": (lambda s: broken(s, task_deck=s.task_deck[1:]), "task cards"),
    "a die in the rest room and the tray": (
        lambda s: broken(s, room=("E1", "", "")),
        "does not match where it is",
    ),
    "a die captive twice": (
        lambda s: broken(
            s,
            task_zone=(("T01", "T", 1),),
            bonus=(("C39", "T", 1),),
            task_deck=tuple(t for t in s.task_deck if t != "T01"),
            deck=tuple(c for c in s.deck if c != "C39"),
            status=(*s.status[:4], "busy"),
        ),
        "two places",
    ),
    "a guest served and paid who stays": (
        lambda s: broken(s, line=((s.deck[0], True, True), *s.line[1:]), deck=s.deck[1:]),
        "served and paid but still waiting",
    ),
    "over without a result": (lambda s: broken(s, stage="over"), "stage over with result ''"),
    "a result while playing": (lambda s: broken(s, result="won"), "result"),
}


@pytest.mark.parametrize("name", sorted(BREAKAGES))
def test_each_invariant_catches_its_breakage(name: str) -> None:
    state = served_state()
    invariants(state)
    spoil, words = BREAKAGES[name]
    with pytest.raises(AssertionError, match=words):
        invariants(spoil(state))
    invariants(state)  # the state itself was never touched


def test_the_customer_players_hand_stays_sorted_and_within_five() -> None:
    hand = ("C03", "C09", "C12", "C13", "C17")
    state = table(players=2, stage="customers", hand=hand, deck=("C19", "C21", "C23"))
    invariants(state)
    with pytest.raises(AssertionError, match="not sorted"):
        invariants(broken(state, hand=tuple(reversed(hand))))
    with pytest.raises(AssertionError, match="6 cards in hand"):
        invariants(broken(state, hand=(*hand, "C19"), deck=("C21", "C23")))
