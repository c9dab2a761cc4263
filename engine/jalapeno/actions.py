"""Jalape-NO! has one action: play a card (from hand or from your face-up Jalapeños)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..protocol import Action
from .cards import DECK_BY_PLAYERS, Card, deck_for, parse_card


@dataclass(frozen=True)
class Play(Action):
    """Play one card. Notation: the card, e.g. ``R7`` or ``G1`` (a Jalapeño).

    >>> str(Play(Card("R", 7)))
    'R7'
    >>> parse_action("R7") == Play(Card("R", 7))
    True
    """

    card: Card
    # A play draws nothing and shows nothing the player did not know; the trick or round it
    # ends, and the deal after it, are judged by ``engine.undo`` (a deal moves the generator).
    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        return str(self.card)


PLAYS: dict[Card, Play] = {card: Play(card) for card in deck_for(max(DECK_BY_PLAYERS))}
"""The one ``Play`` of each card (every card is in the 9-player deck): actions are immutable
values, so states and the search share these instead of making one per step."""


def parse_action(text: str) -> Play:
    if not isinstance(text, str):
        raise ValueError(f"an action is written as text like 'R7', not {type(text).__name__}")
    return Play(parse_card(text.strip()))
