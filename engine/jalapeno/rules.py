"""Jalape-NO! rules: leading, following, winning tricks, ending rounds.

The follow rule (rulebook, "How to Play" and its four worked cases):

>>> from engine.jalapeno.cards import Card as C
>>> hand = [C("R", 5), C("R", 9), C("G", 4)]
>>> [str(c) for c in legal_cards(hand, [C("R", 1), C("G", 1)], "R")]
['R1', 'R5', 'R9']
>>> [str(c) for c in legal_cards(hand, [C("G", 1)], "R")]
['R5', 'R9']
>>> [str(c) for c in legal_cards([C("G", 4)], [C("R", 1), C("G", 1)], "R")]
['R1']
>>> [str(c) for c in legal_cards([C("G", 4), C("Y", 2)], [C("G", 1)], "R")]
['G1', 'G4', 'Y2']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..protocol import IllegalAction
from .cards import COLOUR_BY_KEY, JALAPENO_VALUE, Card, sort_key

ROUNDS = 5  # "After 5 rounds, the player with the fewest penalty points wins."


def legal_cards(hand: Sequence[Card], jalapenos: Sequence[Card], lead: str | None) -> list[Card]:
    """Cards a player may play, sorted. ``lead`` is the lead colour, or None when leading.

    Follow the lead colour from hand or Jalapeños if you can; a held Jalapeño of the lead
    colour may always be played (Pepper's rule, and the rulebook's first worked case).
    """
    everything = [*hand, *jalapenos]
    if lead is None:
        return sorted(everything, key=sort_key)
    following = [c for c in everything if c.colour == lead]
    return sorted(following or everything, key=sort_key)


def why_illegal(
    card: Card, hand: Sequence[Card], jalapenos: Sequence[Card], lead: str | None
) -> IllegalAction:
    """The rule a card breaks, in the words a player needs."""
    if card not in hand and card not in jalapenos:
        if card.is_jalapeno:
            return IllegalAction(f"You do not have the {card.label} face up.", "not-held")
        return IllegalAction(f"{card.label} is not in your hand.", "not-held")
    assert lead is not None  # a held card is always legal to lead
    colour = COLOUR_BY_KEY[lead].name.lower()
    if any(c.colour == lead for c in hand):
        return IllegalAction(f"You must follow {colour}: you hold {colour} cards.", "follow-colour")
    return IllegalAction(
        f"You must follow {colour}: play your {COLOUR_BY_KEY[lead].name} Jalapeño.",
        "follow-colour",
    )


def trick_winner(trick: Sequence[tuple[int, Card]]) -> int:
    """The seat that played the highest card of the lead colour (the first card's colour).

    >>> from engine.jalapeno.cards import Card as C
    >>> trick_winner([(2, C("R", 5)), (3, C("G", 18)), (0, C("R", 11)), (1, C("R", 1))])
    0
    """
    lead = trick[0][1].colour
    return max((card.value, seat) for seat, card in trick if card.colour == lead)[1]


def next_round_starter(penalties: Sequence[int], round_starter: int) -> int:
    """Most penalty points this round starts the next round. A tie goes to the tied player who
    comes first clockwise from this round's starting player (our decision; rulebook silent).

    >>> next_round_starter([3, 7, 7, 0], round_starter=2)
    2
    >>> next_round_starter([3, 7, 7, 0], round_starter=3)
    1
    """
    n = len(penalties)
    worst = max(penalties)
    for step in range(n):
        seat = (round_starter + step) % n
        if penalties[seat] == worst:
            return seat
    raise AssertionError("unreachable")


def split_jalapenos(cards: Iterable[Card]) -> tuple[list[Card], list[Card]]:
    """(Jalapeños, other cards): dealt or won Jalapeños go face up at once."""
    jal, rest = [], []
    for c in cards:
        (jal if c.value == JALAPENO_VALUE else rest).append(c)
    return jal, rest
