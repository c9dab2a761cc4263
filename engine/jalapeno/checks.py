"""Jalape-NO!'s conformance hooks (``engine.checks``): what the shared suite must know.

``invariants`` is run after every action of the suite's random games (``tests/test_invariants.py``,
100,000 actions a run), so it reads the state's fields directly and stays a few microseconds.
"""

from __future__ import annotations

from typing import Any

from ..checks import Checks
from .cards import DECK_BY_PLAYERS, HAND_SIZE, deck_for, sort_key
from .rules import trick_winner
from .scoring import round_penalty

_DECKS = {n: frozenset(deck_for(n)) for n in DECK_BY_PLAYERS}


def hidden(state: Any, seat: int) -> set[str]:
    """The seat's hand and, unless the table plays with open piles, its face-down pile, minus
    the last complete trick (on top of the winner's pile, but just played face up for all)."""
    tokens = {str(card) for card in state.hands[seat]}
    if not state.options["open_piles"]:
        on_show = set() if state.last_trick is None else {str(c) for _, c in state.last_trick[1]}
        tokens |= {str(card) for card in state.piles[seat]} - on_show
    return tokens


def invariants(state: Any) -> None:
    """Raise AssertionError saying what broke, if ``state`` breaks one of these:

    * every card of the deck for this player count is in exactly one place (a hand, the
      face-up Jalapeños, a pile, the trick), and no card outside it is anywhere ("Remove any
      cards that are not needed": the player-count table); so too in the round last scored;
    * only Jalapeños lie face up, none is in a hand or a pile; hands are sorted, of at most 12
      cards, none of a colour its seat is known to be void in;
    * while a round is on, every hand holds a card at the start of a trick and so does every
      seat still to play in it (a round ends when a hand runs out at the end of a trick); the
      trick is played clockwise from the leader, who won the last trick; once the game is over
      every hand is empty;
    * the scores are minus the sum of the round penalties, and the last round's penalties equal
      a recount of its face-up Jalapeños and piles; one row per finished round.
    """
    n = state.players
    deck = _DECKS[n]
    hands, jalapenos, piles, trick = state.hands, state.jalapenos, state.piles, state.trick
    assert len(hands) == len(jalapenos) == len(piles) == len(state.voids) == n, "one per seat"
    places = [c for h in hands for c in h]
    places += [c for j in jalapenos for c in j]
    places += [c for p in piles for c in p]
    places += [c for _, c in trick]
    where = set(places)
    assert len(where) == len(places), f"a card in two places: {_twice(places)}"
    assert where == deck, f"cards missing {_names(deck - where)}, strays {_names(where - deck)}"

    for seat in range(n):
        hand = hands[seat]
        assert len(hand) <= HAND_SIZE, f"seat {seat} holds {len(hand)} cards"
        assert not any(c.value == 1 for c in hand), f"a Jalapeño in seat {seat}'s hand"
        assert list(hand) == sorted(hand, key=sort_key), f"seat {seat}'s hand is not sorted"
        assert all(c.value == 1 for c in jalapenos[seat]), f"a non-Jalapeño face up ({seat})"
        assert not any(c.value == 1 for c in piles[seat]), f"a Jalapeño in seat {seat}'s pile"
        void = state.voids[seat]
        assert not any(c.colour in void for c in hand), f"seat {seat} holds a void colour"

    rounds = state.options["rounds"]
    done = state.round_penalties
    if state.turn is None:
        assert len(done) == rounds and not trick, "the game is over after the last round"
        assert not any(hands), "cards left in hand once the game is over"
    else:
        assert len(done) == state.round_no - 1 and state.round_no <= rounds, "round count"
        assert state.turn == (state.leader + len(trick)) % n, "turn is not next clockwise"
        assert [s for s, _ in trick] == [(state.leader + i) % n for i in range(len(trick))], (
            "the trick is not played clockwise from the leader"
        )
        assert len(trick) < n, "a complete trick left on the table"
        played = {s for s, _ in trick}
        assert all(hands[s] for s in range(n) if s not in played), "a seat to play has no hand"
        if state.last_trick is not None:
            winner, cards = state.last_trick
            assert len(cards) == n and trick_winner(cards) == winner == state.leader, (
                "the leader is not the winner of the last trick"
            )

    assert all(len(row) == n and min(row) >= 0 for row in done), "a bad penalty row"
    assert state.scores() == [-sum(row[s] for row in done) for s in range(n)], "scores"
    if state.last_round is not None:
        last_jal, last_piles, _ = state.last_round
        scored = [c for j in last_jal for c in j] + [c for p in last_piles for c in p]
        assert len(scored) == len(deck) and set(scored) == deck, "last round's cards"
        recount = tuple(round_penalty(j, p) for j, p in zip(last_jal, last_piles, strict=True))
        assert recount == done[-1], f"last round scored {done[-1]}, recount {recount}"
    else:
        assert not done, "a round was scored but its cards are gone"


def _names(cards: Any) -> list[str]:
    return sorted(str(c) for c in cards)


def _twice(cards: list[Any]) -> list[str]:
    seen: set[Any] = set()
    return _names({c for c in cards if c in seen or seen.add(c)})


CHECKS = Checks(
    hidden=hidden,
    malformed=("R0", "R19", "X3", "r7", "R07", "7R"),
    history_keys=("last_round",),
    invariants=invariants,
)
