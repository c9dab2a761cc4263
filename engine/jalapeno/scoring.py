"""Jalape-NO! scoring: 2 penalty points per Jalapeño held at round end, 1 per card in your pile
of a colour of one of your Jalapeños; no Jalapeño, no penalty.

>>> from engine.jalapeno.cards import Card as C
>>> round_penalty([C("R", 1), C("G", 1)], [C("R", 4), C("R", 9), C("G", 2), C("Y", 7)])
7
>>> round_penalty([], [C("R", 4), C("R", 9)])
0
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card

JALAPENO_PENALTY = 2
MATCHING_PILE_CARD_PENALTY = 1


def round_penalty(jalapenos: Sequence[Card], pile: Sequence[Card]) -> int:
    hot = {j.colour for j in jalapenos}
    matching = sum(1 for c in pile if c.colour in hot)
    return JALAPENO_PENALTY * len(jalapenos) + MATCHING_PILE_CARD_PENALTY * matching
