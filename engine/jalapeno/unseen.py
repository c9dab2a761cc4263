"""What a Jalape-NO! seat cannot see, and whole deals consistent with what it can.

A seat's view (``views.py``) shows its own hand and pile, every face-up Jalapeño, the trick and
the last complete trick, and each other seat's hand size, pile size and public voids; the other
piles' cards too when the table plays with open piles. So the *unseen* cards are exactly the
other seats' hands plus, with closed piles, the hidden part of their piles (a pile's newest
cards, the last trick, are still on show, and the view says who won it).

``Determiniser`` turns a view into as many full ``JalapenoState`` guesses as the search wants:
the unseen cards dealt at random to the hidden slots (hands by ``hand_size`` and never in a
colour the seat is void in; piles by size, unconstrained), and a fresh generator for the deals
of later rounds. Only the view is read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..rng import Rng
from .cards import Card, deck_for, parse_card, sort_key
from .game import GAME
from .state import JalapenoState


def _cards(items: Iterable[str]) -> list[Card]:
    return [parse_card(s) for s in items]


def _last_trick_in_piles(view: Mapping[str, Any]) -> tuple[int, list[Card]] | None:
    """(winner, cards) of the last complete trick of this round, if any: its non-Jalapeño
    cards lie on top of the winner's pile (its Jalapeños went face up)."""
    last = view["last_trick"]
    if last is None:
        return None
    return last["winner"], [
        c for c in _cards(t["card"] for t in last["cards"]) if not c.is_jalapeno
    ]


def unseen_cards(view: Mapping[str, Any]) -> list[Card]:
    """Cards the viewing seat cannot see: the other seats' hands and hidden pile cards.

    The deck for this player count minus the own hand, every face-up Jalapeño, every pile on
    show, the current trick and the last complete trick. (Jalapeños are never hidden.)
    """
    seen = set(_cards(view["hand"]))
    for s in view["seats"]:
        seen.update(_cards(s["jalapenos"]))
        if s["pile"] is not None:
            seen.update(_cards(s["pile"]))
    seen.update(parse_card(t["card"]) for t in view["trick"])
    last = _last_trick_in_piles(view)
    if last is not None:
        seen.update(last[1])
    return [c for c in deck_for(view["players"]) if c not in seen]


def distinct_cards(view: Mapping[str, Any], cards: Sequence[Card]) -> list[Card]:
    """``cards`` (the seat's legal cards, in any order) less those that play exactly like an
    earlier one: two cards of a colour with no *live* card of that colour between their values
    (none unseen, none in the current trick) take and duck exactly the same tricks, and a pile
    scores by colour, not value. So only the first of each such run is kept. Jalapeños are
    never merged. The search compares what is left (``JalapenoParts.distinct``).

    >>> from engine.jalapeno.cards import Card as C
    >>> view = {"hand": ["R4", "R5", "R9"], "players": 3, "trick": [], "last_trick": None,
    ...         "seats": [{"jalapenos": [], "pile": []}] * 3}
    >>> [str(c) for c in distinct_cards(view, [C("R", 5), C("R", 4), C("R", 9)])]
    ['R5', 'R9']
    """
    hand = {c for c in cards if not c.is_jalapeno}
    live: dict[str, list[int]] = {}
    for c in [*unseen_cards(view), *(parse_card(t["card"]) for t in view["trick"])]:
        live.setdefault(c.colour, []).append(c.value)
    out: list[Card] = []
    kept: list[Card] = []
    for c in cards:
        if c in hand:
            values = live.get(c.colour, ())
            if any(
                k.colour == c.colour
                and not any(min(k.value, c.value) < v < max(k.value, c.value) for v in values)
                for k in kept
            ):
                continue
            kept.append(c)
        out.append(c)
    return out


def deal_unseen(
    cards: Sequence[Card],
    sizes: Mapping[int, int],
    voids: Mapping[int, Iterable[str]],
    rng: Rng,
) -> dict[int, list[Card]]:
    """Deal ``cards`` at random to seats, ``sizes[seat]`` each, never giving a seat a colour it
    is void in. Raises ValueError if no such deal exists (an inconsistent view).

    Random placement, most constrained colours first, each card into a uniformly random free
    slot of a seat that may hold it; a dead end (rare) retries, and after a few tries an exact
    max-flow deal guarantees an answer whenever one exists.
    """
    if sum(sizes.values()) != len(cards):
        raise ValueError(f"{len(cards)} unseen cards for {sum(sizes.values())} hidden slots")
    void = {s: frozenset(voids.get(s, ())) for s in sizes}
    seats = sorted(sizes)
    if not any(void.values()):  # the common case: a plain shuffle
        shuffled = rng.shuffled(cards)
        out, at = {}, 0
        for s in seats:
            out[s] = shuffled[at : at + sizes[s]]
            at += sizes[s]
        return out
    by_colour: dict[str, list[Card]] = {}
    for c in cards:
        by_colour.setdefault(c.colour, []).append(c)
    eligible = {col: [s for s in seats if col not in void[s]] for col in by_colour}
    order = sorted(by_colour, key=lambda col: (len(eligible[col]), col))
    for _attempt in range(8):
        free = dict(sizes)
        out = {s: [] for s in seats}
        ok = True
        for col in order:
            for c in rng.shuffled(by_colour[col]):
                slots = sum(free[s] for s in eligible[col])
                if slots == 0:
                    ok = False
                    break
                pick = rng.below(slots)
                for s in eligible[col]:
                    if pick < free[s]:
                        out[s].append(c)
                        free[s] -= 1
                        break
                    pick -= free[s]
            if not ok:
                break
        if ok:
            return out
    return _flow_deal(by_colour, eligible, sizes, rng)


def _flow_deal(
    by_colour: Mapping[str, list[Card]],
    eligible: Mapping[str, list[int]],
    sizes: Mapping[int, int],
    rng: Rng,
) -> dict[int, list[Card]]:
    """Exact colour -> seat transport by augmenting paths (tiny graph: <= 6 colours, 8 seats)."""
    colours = rng.shuffled(sorted(by_colour))
    flow = {(col, s): 0 for col in colours for s in eligible[col]}
    used = dict.fromkeys(sizes, 0)

    def augment(col: str, seen: set[str]) -> bool:
        # Find room for one more card of `col`: a seat with space, or move a card of another
        # colour out of a full seat (the usual alternating path).
        seen.add(col)
        for s in rng.shuffled(eligible[col]):
            if used[s] < sizes[s]:
                flow[col, s] += 1
                used[s] += 1
                return True
        for s in eligible[col]:
            for other in colours:
                if other not in seen and flow.get((other, s), 0) > 0 and augment(other, seen):
                    flow[other, s] -= 1
                    flow[col, s] += 1
                    return True
        return False

    for col in colours:
        for _ in by_colour[col]:
            if not augment(col, set()):
                raise ValueError("no deal of the unseen cards fits the hand sizes and voids")
    out: dict[int, list[Card]] = {s: [] for s in sizes}
    for col in colours:
        pool = rng.shuffled(by_colour[col])
        for s in eligible[col]:
            for _ in range(flow[col, s]):
                out[s].append(pool.pop())
    return out


class Determiniser:
    """Reads a view once; each ``sample(rng)`` is a full ``JalapenoState`` consistent with it:
    the viewer's hand and pile as shown, the unseen cards dealt to the other seats' hands (by
    ``hand_size`` and public voids) and hidden pile cards (by pile size). Only the view is read.

    The state's own generator (used only to deal later rounds) is drawn from ``rng``, so even
    the future deals are a guess rather than the real game's.
    """

    def __init__(self, view: Mapping[str, Any]) -> None:
        me = view["seat"]
        if me is None:
            raise ValueError("a spectator view has no hand to determinise from")
        seats = view["seats"]
        players = view["players"]
        self.me = me
        self.players = players
        self.unseen = unseen_cards(view)
        # Hidden slots: seat s's hand is slot s, the hidden part of its pile slot players + s.
        self.sizes = {s: seats[s]["hand_size"] for s in range(players) if s != me}
        self.voids = {s: seats[s]["void"] for s in range(players) if s != me}
        self.own_hand = tuple(sorted(_cards(view["hand"]), key=sort_key))
        last = _last_trick_in_piles(view)
        self.pile_tops: dict[int, tuple[Card, ...]] = {}  # hidden pile -> its cards on show
        for s in range(players):
            if seats[s]["pile"] is None:
                top = tuple(last[1]) if last is not None and last[0] == s else ()
                self.pile_tops[s] = top
                if seats[s]["pile_size"] > len(top):
                    self.sizes[players + s] = seats[s]["pile_size"] - len(top)
        last_trick = view["last_trick"]
        to_act = view["to_act"]
        # Everything public, as constructor arguments; only hands, piles and rng change.
        self.piles = tuple(() if s["pile"] is None else tuple(_cards(s["pile"])) for s in seats)
        self.fields: dict[str, Any] = {
            "players": players,
            "options": GAME.check_options(
                {"rounds": view["rounds"], "open_piles": view["open_piles"]}
            ),
            "round_no": view["round"],
            "round_starter": view["round_starter"],
            "leader": view["leader"],
            "turn": to_act[0] if to_act else None,
            "jalapenos": tuple(tuple(_cards(s["jalapenos"])) for s in seats),
            "trick": tuple((t["seat"], parse_card(t["card"])) for t in view["trick"]),
            "voids": tuple(frozenset(s["void"]) for s in seats),
            "round_penalties": tuple(tuple(r) for r in view["round_penalties"]),
            "last_trick": None
            if last_trick is None
            else (
                last_trick["winner"],
                tuple((t["seat"], parse_card(t["card"])) for t in last_trick["cards"]),
            ),
        }

    def sample(self, rng: Rng) -> JalapenoState:
        dealt = deal_unseen(self.unseen, self.sizes, self.voids, rng)
        players = self.players
        hands = tuple(
            self.own_hand if s == self.me else tuple(sorted(dealt[s], key=sort_key))
            for s in range(players)
        )
        piles = self.piles
        if self.pile_tops:
            piles = tuple(
                (*dealt.get(players + s, ()), *self.pile_tops[s]) if s in self.pile_tops else p
                for s, p in enumerate(piles)
            )
        return JalapenoState(hands=hands, piles=piles, rng=rng.next_u64(), **self.fields)


def determinise(view: Mapping[str, Any], rng: Rng) -> JalapenoState:
    """One random full state consistent with ``view`` (see ``Determiniser``)."""
    return Determiniser(view).sample(rng)
