"""Jalape-NO!'s heuristic: trick avoidance by rules of thumb (the Medium level, the search's
default move and its rollouts' policy).

It reads the facts it needs once (``Table``): from a seat's view, or, in the search's playouts,
straight from a determinised state (``StateTable``, held to the view's answers by
``tests/test_bots.py``). What a seat knows is the view's: its own hand and pile, every face-up
Jalapeño, the current and the last trick, every seat's public ``void`` colours, and the other
piles too when the table plays with open piles; the *unseen* cards are the rest (``unseen.py``).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .cards import COLOURS, DECK_BY_PLAYERS, Card, parse_card, sort_key
from .scoring import JALAPENO_PENALTY
from .state import JalapenoState
from .unseen import unseen_cards

__all__ = ["StateTable", "Table", "heuristic_card", "heuristic_order", "win_cost"]


def _cards(items: Iterable[str]) -> list[Card]:
    return [parse_card(s) for s in items]


class Table:
    """The facts the heuristic needs, read once from a view."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.me: int = view["seat"]
        self.players: int = view["players"]
        self.hand = _cards(view["hand"])
        seats = view["seats"]
        self.jalapenos = [_cards(s["jalapenos"]) for s in seats]
        self.voids = [set(s["void"]) for s in seats]
        self.trick = [(t["seat"], parse_card(t["card"])) for t in view["trick"]]
        self.lead: str | None = view["lead_colour"]
        # Unseen cards others may still play. With closed piles some lie dead in piles; those
        # of a colour every other hand is void in (or of an empty hand) certainly do.
        may_hold = {
            c.key
            for c in COLOURS
            if any(
                c.key not in self.voids[s] and seats[s]["hand_size"]
                for s in range(self.players)
                if s != self.me
            )
        }
        self.unseen = [c for c in unseen_cards(view) if c.colour in may_hold]
        pile = _cards(seats[self.me]["pile"])
        self.pile_count = _count(pile)
        self.hand_count = _count(self.hand)
        self.hot = {j.colour for j in self.jalapenos[self.me]}
        # Seats still to play after me in this trick, clockwise.
        played = len(self.trick)
        self.later = [(self.me + k) % self.players for k in range(1, self.players - played)]

    def unseen_in(self, colour: str) -> list[int]:
        """The unseen values of ``colour`` others may still play, in ascending order."""
        return [c.value for c in self.unseen if c.colour == colour]


class StateTable(Table):
    """The same facts for ``seat``, read straight from a (determinised) state instead of its
    view, and only those a decision asks for: the search's rollouts play the heuristic with it
    (``tests/test_bots.py`` holds it to the view's answers)."""

    def __init__(self, state: JalapenoState, seat: int) -> None:  # no view: Table's is skipped
        self.state = state
        self.me = seat
        self.players = players = state.players
        self.hand = state.hands[seat]
        self.jalapenos = state.jalapenos
        self.voids = state.voids
        self.trick = trick = state.trick
        self.lead = trick[0][1].colour if trick else None
        self.hot = {j.colour for j in state.jalapenos[seat]}
        self.later = [(seat + k) % players for k in range(1, players - len(trick))]
        self._unseen: dict[str, list[int]] = {}
        self._seen: set[Card] | None = None
        self._pile_count: dict[str, int] | None = None
        self._hand_count: dict[str, int] | None = None

    # Worked out when first asked (most decisions never ask): plain properties, as
    # functools.cached_property takes a lock on every first read (3.11), a rollout's hot path.
    @property
    def pile_count(self) -> dict[str, int]:  # type: ignore[override]
        counts = self._pile_count
        if counts is None:
            counts = self._pile_count = _count(self.state.piles[self.me])
        return counts

    @property
    def hand_count(self) -> dict[str, int]:  # type: ignore[override]
        counts = self._hand_count
        if counts is None:
            counts = self._hand_count = _count(self.hand)
        return counts

    def unseen_in(self, colour: str) -> list[int]:
        values = self._unseen.get(colour)
        if values is None:
            values = self._unseen[colour] = self._unseen_values(colour)
        return values

    def _unseen_values(self, colour: str) -> list[int]:
        """As in the view: a colour no other hand may hold (void, or an empty hand) is dead."""
        state, me = self.state, self.me
        voids, hands = state.voids, state.hands
        for s in range(self.players):
            if s != me and hands[s] and colour not in voids[s]:
                break
        else:
            return []
        seen = self._seen
        if seen is None:  # what this seat sees: its hand and pile, the trick, the last trick
            seen = {*self.hand, *state.piles[me], *(c for _, c in self.trick)}
            if state.last_trick is not None:
                seen.update(c for _, c in state.last_trick[1])
            if state.options["open_piles"]:
                for pile in state.piles:
                    seen.update(pile)
            self._seen = seen
        return [c.value for c in _NOT_JALAPENOS[self.players][colour] if c not in seen]


# Jalapeños (value 1) are never unseen (each is face up or in a trick): the other cards of the
# deck, by player count and colour.
_NOT_JALAPENOS: dict[int, dict[str, list[Card]]] = {
    n: {c.key: [Card(c.key, v) for v in range(2, top + 1)] for c in COLOURS[:colours]}
    for n, (colours, top) in DECK_BY_PLAYERS.items()
}


def _count(cards: Iterable[Card]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[c.colour] = out.get(c.colour, 0) + 1
    return out


def win_cost(t: Table, cards: Sequence[Card]) -> float:
    """Rough penalty points the viewer takes on by winning a trick of ``cards`` (plus whatever
    the seats still to play are likely to dump on it)."""
    jal = [c for c in cards if c.is_jalapeno]
    new_hot = {c.colour for c in jal} - t.hot
    hot = t.hot | new_hot
    cost = JALAPENO_PENALTY * len(jal)
    cost += sum(1 for c in cards if not c.is_jalapeno and c.colour in hot)
    # A new Jalapeño makes my pile of its colour count, and probably some of my hand too.
    cost += sum(t.pile_count.get(col, 0) + 0.5 * t.hand_count.get(col, 0) for col in new_hot)
    # Later seats known to be void will dump their face-up Jalapeños on me.
    lead = t.lead or (cards[0].colour if cards else None)
    for s in t.later:
        if lead in t.voids[s] and t.jalapenos[s]:
            cost += JALAPENO_PENALTY + 1
    return cost + 0.25  # winning also means leading next: a small cost of its own


def heuristic_card(t: Table, legal: Sequence[Card]) -> Card:
    """A sensible trick-avoidance card, from the facts in ``t`` only."""
    if t.lead is None:
        return _lead(t, legal)
    following = [c for c in legal if c.colour == t.lead]
    if following:
        # My Jalapeño of the lead colour is the lowest card of that colour: it can never win
        # a trick someone else led, so it is a free way to hand -2 to the winner.
        for c in following:
            if c.is_jalapeno:
                return c
        high = max(c.value for _, c in t.trick if c.colour == t.lead)
        ducks = [c for c in following if c.value < high]
        if ducks:
            return max(ducks, key=lambda c: c.value)  # shed the highest card that still ducks
        trick_cards = [c for _, c in t.trick]
        if not t.later:  # last to play and must win: win with the highest, keep low cards
            return max(following, key=lambda c: c.value)
        lowest = min(following, key=lambda c: c.value)
        if win_cost(t, [*trick_cards, lowest]) < 1:
            return max(following, key=lambda c: c.value)  # a harmless trick: shed a high card
        return lowest  # hope someone later plays higher
    # Void in the lead colour: my card cannot win, so dump the worst thing I hold.
    my_jal = [c for c in legal if c.is_jalapeno]
    if my_jal:
        return max(my_jal, key=lambda j: (_exposure(t, j.colour), sort_key(j)))
    return max(legal, key=lambda c: (_danger(t, c), sort_key(c)))


def _exposure(t: Table, colour: str) -> float:
    """How much holding this colour's Jalapeño costs me beyond its own -2."""
    return t.pile_count.get(colour, 0) + 0.5 * t.hand_count.get(colour, 0)


def _danger(t: Table, card: Card) -> float:
    """How likely a card is to win me a trick later: many unseen cards below it (others can
    duck under it), few above it. Cards of my Jalapeños' colours are worse still."""
    values = t.unseen_in(card.colour)
    below = bisect_left(values, card.value)  # values come in ascending order
    above = len(values) - below
    score = below - above + card.value / 20
    if card.colour in t.hot:
        score += 2
    return score


def _lead(t: Table, legal: Sequence[Card]) -> Card:
    # A Jalapeño led in a colour someone else still holds is certain to be taken by them (they
    # must follow). With open piles the unseen cards are exactly the other hands; with closed
    # piles some may be dead in piles, a risk the heuristic takes.
    jal = [c for c in legal if c.is_jalapeno and t.unseen_in(c.colour)]
    if jal:
        return max(jal, key=lambda j: (_exposure(t, j.colour), sort_key(j)))

    return min(
        (c for c in legal if not c.is_jalapeno), key=lambda c: _lead_risk(t, c), default=legal[0]
    )


def _lead_risk(t: Table, card: Card) -> tuple[float, float, tuple[int, int]]:
    """How likely leading ``card`` (not a Jalapeño) wins me the trick, lowest safest."""
    values = t.unseen_in(card.colour)
    below = bisect_left(values, card.value)
    above = len(values) - below
    if above == 0:  # nobody can beat it: I take the trick
        return (1.0 + win_cost(t, [card]) / 4, -card.value, sort_key(card))
    # Others duck with lower cards if they have them; fewer below and more above is safer.
    voids = sum(1 for s in range(t.players) if s != t.me and card.colour in t.voids[s])
    return (below / (below + above) + 0.05 * voids, card.value / 20, sort_key(card))


def heuristic_order(t: Table, legal: Sequence[Card]) -> list[Card]:
    """The legal cards from the heuristic's choice (``heuristic_card``, first) down to what its
    rules of thumb like least: the search's shortlist when it cannot afford to try them all.

    Leading: the Jalapeños others must take, then the safest leads. Following: the ducks from
    the highest, then the cards that win from the lowest. Void: the Jalapeños from the most
    exposed, then the most dangerous cards to keep."""
    first = heuristic_card(t, legal)
    rest = [c for c in legal if c != first]
    if t.lead is None:  # a Jalapeño nobody else can take is led last: it is mine
        rest.sort(
            key=lambda c: (
                (
                    (0 if t.unseen_in(c.colour) else 2, -_exposure(t, c.colour), (0.0, 0.0))
                    if c.is_jalapeno
                    else (1, 0.0, _lead_risk(t, c)[:2])
                )
                + (sort_key(c),)
            )
        )
    elif any(c.colour == t.lead for c in legal):
        high = max(c.value for _, c in t.trick if c.colour == t.lead)
        rest.sort(key=lambda c: (-c.value, 0) if c.value < high else (0, c.value))
    else:
        rest.sort(
            key=lambda c: (
                (0, -_exposure(t, c.colour), sort_key(c))
                if c.is_jalapeno
                else (1, -_danger(t, c), sort_key(c))
            )
        )
    return [first, *rest]
