"""Jalape-NO! cards: six colours (each with a food symbol) and values 1..18.

The 1 of every colour is that colour's Jalapeño. The rulebook sets the active cards by the
player numbers printed on each card; that table is not public, so it is data here
(``DECK_BY_PLAYERS``) and the choice is recorded in docs/rules-decisions.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple


@dataclass(frozen=True)
class Colour:
    key: str  # one letter, used in the card notation ("R7")
    name: str
    symbol: str  # the food shown beside the colour, so colour is never the only cue
    emoji: str


# Order matters: it is the sort order of a hand, and the first k colours are used with k colours.
COLOURS: tuple[Colour, ...] = (
    Colour("R", "Red", "chili", "🌶️"),
    Colour("G", "Green", "avocado", "🥑"),
    Colour("Y", "Yellow", "corn", "🌽"),
    Colour("B", "Brown", "bean", "🫘"),
    Colour("O", "Orange", "cheese", "🧀"),
    Colour("P", "Purple", "onion", "🧅"),
)
COLOUR_BY_KEY: dict[str, Colour] = {c.key: c for c in COLOURS}
COLOUR_INDEX: dict[str, int] = {c.key: i for i, c in enumerate(COLOURS)}

JALAPENO_VALUE = 1
MAX_VALUE = 18
HAND_SIZE = 12

# players -> (number of colours, highest value). Always HAND_SIZE * players cards, and nested:
# a card used with N players is used with every larger N, as printed player numbers require.
DECK_BY_PLAYERS: dict[int, tuple[int, int]] = {
    3: (4, 9),
    4: (4, 12),
    5: (5, 12),
    6: (6, 12),
    7: (6, 14),
    8: (6, 16),
    9: (6, 18),
}


class Card(NamedTuple):
    colour: str
    value: int

    def __str__(self) -> str:
        return f"{self.colour}{self.value}"

    @property
    def is_jalapeno(self) -> bool:
        return self.value == JALAPENO_VALUE

    @property
    def label(self) -> str:
        """Accessible name, e.g. "Red 7" or "Red Jalapeño"."""
        name = COLOUR_BY_KEY[self.colour].name
        return f"{name} Jalapeño" if self.is_jalapeno else f"{name} {self.value}"


Hand = tuple[Card, ...]
"""Cards as a state holds them: a hand, a seat's face-up Jalapeños, a pile."""
Trick = tuple[tuple[int, Card], ...]
"""(seat, card) in the order played."""
LastRound = tuple[tuple[Hand, ...], tuple[Hand, ...], tuple[int, Trick]]
"""The round last scored: every seat's Jalapeños and pile, and its final (winner, trick)."""


class _SortKeys(dict[Card, tuple[int, int]]):
    """Card -> (colour index, value): hands are shown sorted by colour, then value. Every card
    of the game is looked up (a dict's C lookup, not a Python call per card: sorting is on the
    path of every step); any other is computed.

    >>> sort_key(Card("G", 12)), sort_key(Card("R", 18)) < sort_key(Card("G", 1))
    ((1, 12), True)
    """

    def __missing__(self, card: Card) -> tuple[int, int]:
        return COLOUR_INDEX[card.colour], card.value


sort_key: Callable[[Card], tuple[int, int]] = _SortKeys(
    {Card(c.key, v): (i, v) for i, c in enumerate(COLOURS) for v in range(1, MAX_VALUE + 1)}
).__getitem__
"""The sort order of a hand: ``sorted(cards, key=sort_key)``."""


def parse_card(text: str) -> Card:
    """``"R7"`` -> ``Card("R", 7)``.

    >>> parse_card("G12")
    Card(colour='G', value=12)
    >>> parse_card("X3")
    Traceback (most recent call last):
    ...
    ValueError: not a Jalape-NO! card: 'X3' (colour letter R/G/Y/B/O/P then 1-18)
    """
    if isinstance(text, str) and len(text) >= 2 and text[0] in COLOUR_BY_KEY:
        digits = text[1:]
        if (
            digits.isascii()
            and digits.isdigit()
            and digits[0] != "0"
            and 1 <= int(digits) <= MAX_VALUE
        ):
            return Card(text[0], int(digits))
    raise ValueError(
        f"not a Jalape-NO! card: {text!r} (colour letter {'/'.join(COLOUR_BY_KEY)} then 1-18)"
    )


def deck_for(players: int) -> list[Card]:
    """The active cards for a player count, in a fixed order (shuffle a copy).

    >>> [len(deck_for(n)) for n in range(3, 10)]
    [36, 48, 60, 72, 84, 96, 108]
    """
    colours, top = DECK_BY_PLAYERS[players]
    return [Card(c.key, v) for c in COLOURS[:colours] for v in range(1, top + 1)]


def player_numbers(card: Card) -> list[int]:
    """The small player numbers printed at the bottom of a card.

    >>> player_numbers(Card("R", 10))
    [4, 5, 6, 7, 8, 9]
    """
    return [n for n in DECK_BY_PLAYERS if card in deck_for(n)]
