"""Jalape-NO! bots: random, heuristic (trick avoidance) and search.

Everything here starts from ``state.view(seat)`` and the legal actions. What a seat knows:

* its own hand and its own pile;
* every face-up Jalapeño, the current trick and the last complete trick;
* every seat's hand and pile sizes and public ``void`` colours (failed to follow);
* the other piles' cards too, when the table plays with open piles (option ``open_piles``).

So the *unseen* cards are the other seats' hands and, with closed piles, most of their piles
(``unseen.py``). The heuristic is ``heuristic.py``. The search bot is the engine's shared
search (``engine/search.py``; the *race* by default) with Jalape-NO!'s parts
(``JalapenoParts``): determinisations from ``unseen.Determiniser``, playouts to the end of the
current round with every seat playing the heuristic (or the cheaper ``rollout_card``), rewards
from that round's penalties (``round_rewards``), and the heuristic's order of the legal cards
as the race's shortlist (``heuristic_order``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..bots import Bot, RandomBot, heuristic_bot
from ..rng import Rng
from ..search import SearchBot, SearchStats
from .actions import PLAYS, Play
from .cards import Card
from .heuristic import StateTable, Table, heuristic_card, heuristic_order
from .state import JalapenoState
from .unseen import Determiniser, deal_unseen, determinise, distinct_cards, unseen_cards

__all__ = [
    "heuristic_action",
    "JalapenoParts",
    "SearchBot",
    "SearchStats",
    "deal_unseen",
    "determinise",
    "heuristic_card",
    "heuristic_order",
    "Table",
    "BOTS",
    "SEARCH_COUNTS",
    "search_bot",
    "rollout_card",
    "round_rewards",
    "unseen_cards",
]

# -- a fast policy for rollouts (reads the determinised state directly) ---------------------


def rollout_card(
    state: JalapenoState,
    rng: Rng,
    epsilon: float,
    smart_lead: bool = True,
    harmless_follow: bool = True,
) -> Card:
    """Cheap trick avoidance for every seat in a rollout: duck if you can, dump Jalapeños."""
    p = state.turn
    assert p is not None
    hand, jal, trick = state.hands[p], state.jalapenos[p], state.trick
    if trick:
        lead = trick[0][1].colour
        follow = [c for c in hand if c.colour == lead]
        for j in jal:
            if j.colour == lead:
                return j
        if follow:
            if epsilon and rng.below(1000) < epsilon * 1000:
                return follow[rng.below(len(follow))]
            high = max(c.value for _, c in trick if c.colour == lead)
            best = None
            for c in follow:  # the highest card below the current high, if any
                if c.value < high and (best is None or c.value > best.value):
                    best = c
            if best is not None:
                return best
            if len(trick) == state.players - 1:
                return follow[-1]  # hands are sorted: the highest of the colour
            if harmless_follow and not jal and not any(c.value == 1 for _, c in trick):
                return follow[-1]  # a clean trick and nothing to lose: shed a high card
            return follow[0]
        if jal:
            return jal[0]
        return max(hand, key=lambda c: c.value)
    # Leading: a Jalapeño someone else must take, else a low card.
    if jal:
        for j in jal:
            for s, h in enumerate(state.hands):
                if s != p and any(c.colour == j.colour for c in h):
                    return j
    if not hand:
        return jal[0]
    if epsilon and rng.below(1000) < epsilon * 1000:
        return hand[rng.below(len(hand))]
    if not smart_lead:
        return min(hand, key=lambda c: c.value)
    # My lowest card of each colour; lead the one others are least able to duck under.
    lowest: dict[str, Card] = {}
    for c in hand:
        if c.colour not in lowest:  # hands are sorted by colour, then value
            lowest[c.colour] = c
    if len(lowest) == 1:
        return hand[0]
    below = dict.fromkeys(lowest, 0)
    above = dict.fromkeys(lowest, 0)
    for s, h in enumerate(state.hands):
        if s != p:
            for c in h:
                mine = lowest.get(c.colour)
                if mine is not None:
                    if c.value < mine.value:
                        below[c.colour] += 1
                    else:
                        above[c.colour] += 1
    best, best_key = hand[0], 9.0
    for col, c in lowest.items():
        a = above[col]
        key = below[col] / (below[col] + a) + c.value / 100 if a else 2.0 + c.value / 100
        if key < best_key:
            best, best_key = c, key
    return best


# -- the search's parts ----------------------------------------------------------------------


def round_rewards(penalties: Sequence[int], relative: float) -> list[float]:
    """Reward per seat for one finished round: minus its penalty, plus ``relative`` times the
    others' mean penalty (only being lower than the others wins the game), scaled to ~[-1, 1]."""
    n = len(penalties)
    total = sum(penalties)
    return [(-p + relative * (total - p) / (n - 1)) / 10.0 for p in penalties]


def first_places(round_penalties: Sequence[Sequence[int]], shared: bool = True) -> list[float]:
    """Each seat's share of first place on the totals of these rounds: 1/k for each of the k
    seats with the fewest penalty points (1 if not ``shared``), 0 for the others."""
    totals = [sum(seat) for seat in zip(*round_penalties, strict=True)]
    low = min(totals)
    first = 1 / totals.count(low) if shared else 1.0
    return [first if t == low else 0.0 for t in totals]


class JalapenoParts:
    """Jalape-NO!'s parts for ``engine.search``: playouts end with the current round.

    ``relative`` weighs the others' penalties in the reward; ``epsilon`` is the rollout's chance
    of a random card at a choice (None: 0.4 / players, about one random card per trick in 2.5;
    more hurt with many players); ``smart_lead`` and ``harmless_follow`` switch two refinements
    of ``rollout_card`` (kept as knobs for ``scripts/bench_bots.py``); ``distinct`` compares
    only one card of each run that plays alike (``order``).
    """

    def __init__(
        self,
        relative: float = 1.0,
        epsilon: float | None = None,
        smart_lead: bool = True,
        harmless_follow: bool = True,
        policy: str = "heuristic",
        rank: float = 0.0,
        shared: bool = True,
        distinct: bool = True,
    ) -> None:
        self.distinct = distinct
        self.policy = policy
        self.rank = rank
        self.shared = shared
        self.relative = relative
        self.epsilon = epsilon
        self.smart_lead = smart_lead
        self.harmless_follow = harmless_follow
        self._view: Mapping[str, Any] | None = None
        self._worlds: Determiniser | None = None

    def determinise(self, view: Mapping[str, Any], rng: Rng) -> JalapenoState:
        if view is not self._view or self._worlds is None:  # read each decision's view once
            self._view, self._worlds = view, Determiniser(view)
        return self._worlds.sample(rng)

    def order(self, view: Mapping[str, Any], legal: Sequence[Play]) -> list[Play]:
        """``legal`` from the heuristic's favourite down (``heuristic_order``), less the cards
        that play exactly like a more favoured one (``distinct_cards``, unless ``distinct`` is
        off): the race's candidates, and its shortlist when its budget cannot try every card
        in enough worlds."""
        cards = heuristic_order(Table(view), [a.card for a in legal])
        if self.distinct:
            cards = distinct_cards(view, cards)
        return [_action_for(c, legal) for c in cards]

    def rollout_action(self, state: JalapenoState, player: int, rng: Rng) -> Play:
        if self.policy == "heuristic":  # legal_cards, but unsorted: the heuristic needs no order
            hand, jal, trick = state.hands[player], state.jalapenos[player], state.trick
            legal = [*hand, *jal]
            if trick:
                lead = trick[0][1].colour
                legal = [c for c in legal if c.colour == lead] or legal
            return Play(heuristic_card(StateTable(state, player), legal))
        eps = self.epsilon if self.epsilon is not None else 0.4 / state.players
        return PLAYS[rollout_card(state, rng, eps, self.smart_lead, self.harmless_follow)]

    def rewards(self, start: JalapenoState, end: JalapenoState) -> list[float]:
        done = len(start.round_penalties) + 1
        out = round_rewards(end.round_penalties[done - 1], self.relative)
        if self.rank:
            out = [
                (1 - self.rank) * r + self.rank * w
                for r, w in zip(
                    out, first_places(end.round_penalties[:done], self.shared), strict=True
                )
            ]
        return out

    def stop(self, start: JalapenoState, state: JalapenoState, steps: int) -> bool:
        return len(state.round_penalties) > len(start.round_penalties)


# -- the bots -----------------------------------------------------------------------------


def heuristic_action(view: dict, legal: Sequence[Any]) -> Any:
    """The heuristic level's policy: trick avoidance by rules of thumb, a few hundred
    microseconds a move."""
    return _action_for(heuristic_card(Table(view), [a.card for a in legal]), legal)


def _action_for(card: Card, legal: Sequence[Any]) -> Any:
    for a in legal:
        if a.card == card:
            return a
    raise AssertionError(f"{card} is not among the legal actions")


def search_bot(
    seat: int,
    seed: int | str = 0,
    iterations: int | None = None,
    *,
    exploration: float = 0.7,
    method: str = "race",
    z: float = 1.5,
    z_prior: float | None = None,
    min_worlds: int = 4,
    **parts: Any,
) -> SearchBot:
    """The search level: ISMCTS over determinisations (``JalapenoParts(**parts)``), falling
    back to the heuristic's card when the budget cannot try every legal card once."""
    return SearchBot(
        seat,
        seed,
        iterations,
        parts=JalapenoParts(**parts),
        fallback=heuristic_action,
        exploration=exploration,
        method=method,
        z=z,
        z_prior=z_prior,
        min_worlds=min_worlds,
    )


# The player counts at which the app's Hard level plays the search: where it measurably beats
# the heuristic on the same deals (docs/rules-decisions.md, Jalape-NO! 19, the paired gains).
# At any other count Hard plays the heuristic (``engine.bots.make_bot(..., players=N)``).
SEARCH_COUNTS: frozenset[int] = frozenset({3, 4, 5, 6, 7, 8, 9})

# The levels this game offers (its declaration's ``bot_levels``): each a factory of
# ``(seat, seed, iterations)``, for ``engine.bots.make_bot``.
BOTS: dict[str, Callable[[int, int | str, int | None], Bot]] = {
    "random": RandomBot,
    "heuristic": heuristic_bot(heuristic_action),
    "search": search_bot,
}
