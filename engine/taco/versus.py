"""1 vs 1: the customer player's phase 1 (seat 1). Rulebook, "2 Players: 1 vs 1".

"At the start of each round (phase 1), the customer player plays one of the cards in hand."
A card that brings another card with it (+OPEN; an inspection, after which "you must draw a
new card") is followed by a second play from the hand in the same phase 1.

Which cards may be played is ``engine/taco/hand.py``; "They also win if the other player cannot
play one of the cards in their hand on their corresponding turn" is checked when the phase
opens (``flow.open_customers``).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..protocol import IllegalAction
from . import flow
from .actions import Action, Discard, Play, malformed, well_formed
from .arrivals import reveal
from .board import BOARD
from .cards import CARDS, OPEN, TASK
from .hand import is_banned, playable
from .restaurant import Entry, Restaurant


def legal_plays(s: Restaurant) -> list[Action]:
    return list(plays(s.hand, is_banned(s), may_discard(s)))


@lru_cache(maxsize=4096)
def plays(hand: tuple[str, ...], banned: bool, discard: bool) -> tuple[Action, ...]:
    """Every card of ``hand`` that may be played now, then (``discard``) every three to discard
    (remembered: the same hands come back again and again in a search)."""
    hand = tuple(sorted(hand))
    out: list[Action] = [
        Play(c) for c in hand if playable(c, tuple(x for x in hand if x != c), banned)
    ]
    if discard:
        out += [Discard(trio) for trio in combinations(hand, 3)]  # type: ignore[misc]
    return tuple(out)


def may_discard(s: Restaurant) -> bool:
    """ "the customer player may discard three cards, returning them face down to the bottom of
    the customer deck, and draw three new cards from the top" — while the deck has three cards
    to draw, and at most ``BOARD.discards`` times a game (see docs/rules-decisions.md)."""
    return not s.follow and s.discards < BOARD.discards and len(s.hand) >= 3 and len(s.deck) >= 3


def apply_play(s: Restaurant, ev: list[Entry], a: Action) -> None:
    if isinstance(a, Discard):
        hand = [c for c in s.hand if c not in a.cards]
        drawn = s.deck[:3]
        s.deck = (*s.deck[3:], *a.cards)
        s.hand = tuple(sorted((*hand, *drawn)))
        s.discards += 1
        ev.append(
            (
                "discard",
                1,
                {"cards": list(a.cards), "drawn": list(drawn)},
                (1,),
                {"count": 3},
            )
        )
        _end_phase(s, ev)
        return
    assert isinstance(a, Play)
    code = a.card
    s.hand = tuple(c for c in s.hand if c != code)
    if CARDS[code].message in (OPEN, TASK):
        s.ban_until = s.turn_no + 1
    ev.append(("play", 1, {"card": code}))
    reveal(s, ev, code)
    if s.stage == "over":
        return
    if s.follow:
        return  # the same phase 1 goes on: another card from the hand
    _end_phase(s, ev)


def _end_phase(s: Restaurant, ev: list[Entry]) -> None:
    """ "After playing, draw cards from the customer deck as needed to restore a hand of 5
    cards." Then the manager's phases."""
    need = max(0, BOARD.hand - len(s.hand))
    drawn, s.deck = s.deck[:need], s.deck[need:]
    if drawn:
        s.hand = tuple(sorted((*s.hand, *drawn)))
        ev.append(("draw", 1, {"cards": list(drawn)}, (1,), {"count": len(drawn)}))
    s.follow = False
    flow.after_customers(s, ev)


def explain(s: Restaurant, a: Action) -> IllegalAction:
    if not well_formed(a):  # every field is checked before any rule below reads it
        return malformed(a)
    if not isinstance(a, (Play, Discard)):
        return IllegalAction(
            "It is the customer player's turn: play a card or discard three.", "customer-turn"
        )
    if isinstance(a, Discard):
        if any(c not in s.hand for c in a.cards):
            return IllegalAction("You can only discard cards from your hand.", "not-in-hand")
        if s.follow:
            return IllegalAction(
                "Finish this play first: play the card that goes with it.", "follow-up-first"
            )
        if s.discards >= BOARD.discards:
            return IllegalAction(
                f"You may discard three cards only {BOARD.discards} times a game.", "discard-limit"
            )
        if len(s.deck) < 3:
            return IllegalAction(
                "The customer deck has fewer than three cards to draw.", "deck-too-small"
            )
        return IllegalAction(
            "Write the three cards in order, e.g. 'discard C03 C11 C20'.", "card-order"
        )
    if a.card not in s.hand:
        return IllegalAction(f"{a.card} is not in your hand.", "not-in-hand")
    card = CARDS[a.card]
    if card.message in (OPEN, TASK) and is_banned(s):
        return IllegalAction(
            "After a +OPEN or TASK play, you may not play either again this turn or the next.",
            "open-task-repeat",
        )
    return IllegalAction(
        "This card needs another card played with it, and no card in your hand may follow it.",
        "needs-follow-up",
    )
