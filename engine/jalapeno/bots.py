"""Jalape-NO! bots: random, heuristic (trick avoidance) and search (ISMCTS).

Everything here starts from ``state.view(seat)`` and the legal actions. What a seat knows:

* its own hand;
* every face-up Jalapeño, every pile (the app plays "perfect memory") and the current trick;
* so the *unseen* cards, the deck minus all of that, are exactly the other seats' hands, and
  each seat's ``hand_size`` and public ``void`` colours (failed to follow) constrain who can
  hold which of them.

The search bot samples *determinisations* (a deal of the unseen cards to the other seats
consistent with sizes and voids, see ``determinise``), builds a real ``JalapenoState`` from
each, and runs single-observer ISMCTS on them with the engine's own rules, with rollouts to
the end of the current round under a cheap trick-avoidance policy.
"""

from __future__ import annotations

import math
import time
from collections.abc import Generator, Iterable, Mapping, Sequence
from typing import Any

from ..bots import SLICE_MS, BaseBot, Bot, RandomBot
from ..rng import Rng
from .actions import Play
from .cards import Card, deck_for, parse_card, sort_key
from .scoring import JALAPENO_PENALTY
from .state import GAME, JalapenoState

# -- reading a view -----------------------------------------------------------------------


def _cards(items: Iterable[str]) -> list[Card]:
    return [parse_card(s) for s in items]


def unseen_cards(view: Mapping[str, Any]) -> list[Card]:
    """Cards the viewing seat cannot see: exactly the union of the other seats' hands.

    The deck for this player count minus the own hand, every face-up Jalapeño, every pile and
    the current trick. (Jalapeños are never hidden, so none are unseen.)
    """
    seen = set(_cards(view["hand"]))
    for s in view["seats"]:
        seen.update(_cards(s["jalapenos"]))
        seen.update(_cards(s["pile"]))
    seen.update(parse_card(t["card"]) for t in view["trick"])
    return [c for c in deck_for(view["players"]) if c not in seen]


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
    the viewer's hand as shown, the unseen cards dealt to the other seats by ``hand_size`` and
    public voids. Only the view is read.

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
        self.sizes = {s: seats[s]["hand_size"] for s in range(players) if s != me}
        self.voids = {s: seats[s]["void"] for s in range(players) if s != me}
        self.own_hand = tuple(sorted(_cards(view["hand"]), key=sort_key))
        last = view["last_trick"]
        to_act = view["to_act"]
        # Everything public, as constructor arguments; only hands and rng change per sample.
        self.fields: dict[str, Any] = {
            "players": players,
            "options": GAME.check_options({"rounds": view["rounds"]}),
            "round_no": view["round"],
            "round_starter": view["round_starter"],
            "leader": view["leader"],
            "turn": to_act[0] if to_act else None,
            "jalapenos": tuple(tuple(_cards(s["jalapenos"])) for s in seats),
            "piles": tuple(tuple(_cards(s["pile"])) for s in seats),
            "trick": tuple((t["seat"], parse_card(t["card"])) for t in view["trick"]),
            "voids": tuple(frozenset(s["void"]) for s in seats),
            "round_penalties": tuple(tuple(r) for r in view["round_penalties"]),
            "last_trick": None
            if last is None
            else (
                last["winner"],
                tuple((t["seat"], parse_card(t["card"])) for t in last["cards"]),
            ),
        }

    def sample(self, rng: Rng) -> JalapenoState:
        dealt = deal_unseen(self.unseen, self.sizes, self.voids, rng)
        hands = tuple(
            self.own_hand if s == self.me else tuple(sorted(dealt[s], key=sort_key))
            for s in range(self.players)
        )
        return JalapenoState(hands=hands, rng=rng.next_u64(), **self.fields)


def determinise(view: Mapping[str, Any], rng: Rng) -> JalapenoState:
    """One random full state consistent with ``view`` (see ``Determiniser``)."""
    return Determiniser(view).sample(rng)


# -- heuristic play -------------------------------------------------------------------------


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
        self.unseen = unseen_cards(view)
        pile = _cards(seats[self.me]["pile"])
        self.pile_count = _count(pile)
        self.hand_count = _count(self.hand)
        self.hot = {j.colour for j in self.jalapenos[self.me]}
        # Seats still to play after me in this trick, clockwise.
        played = len(self.trick)
        self.later = [(self.me + k) % self.players for k in range(1, self.players - played)]

    def unseen_in(self, colour: str) -> list[int]:
        return [c.value for c in self.unseen if c.colour == colour]


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
    my_jal = [c for c in legal if c.is_jalapeno]
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
    below = sum(1 for v in values if v < card.value)
    above = len(values) - below
    score = below - above + card.value / 20
    if card.colour in t.hot:
        score += 2
    return score


def _lead(t: Table, legal: Sequence[Card]) -> Card:
    # A Jalapeño led in a colour someone else still holds is certain to be taken by them
    # (unseen cards are exactly the other hands, and they must follow).
    jal = [c for c in legal if c.is_jalapeno and t.unseen_in(c.colour)]
    if jal:
        return max(jal, key=lambda j: (_exposure(t, j.colour), sort_key(j)))

    def risk(card: Card) -> tuple[float, float, tuple[int, int]]:
        values = t.unseen_in(card.colour)
        below = sum(1 for v in values if v < card.value)
        above = len(values) - below
        if above == 0:  # nobody can beat it: I take the trick
            return (1.0 + win_cost(t, [card]) / 4, -card.value, sort_key(card))
        # Others duck with lower cards if they have them; fewer below and more above is safer.
        voids = sum(1 for s in range(t.players) if s != t.me and card.colour in t.voids[s])
        return (below / (below + above) + 0.05 * voids, card.value / 20, sort_key(card))

    return min((c for c in legal if not c.is_jalapeno), key=risk, default=legal[0])


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


# -- ISMCTS -------------------------------------------------------------------------------


class Node:
    """A node of the single-observer ISMCTS tree: an information set reached by a sequence of
    actions. ``reward`` is summed for ``mover``, the seat whose action led here."""

    __slots__ = ("mover", "children", "visits", "reward", "avail")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Play, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


class SearchStats:
    """What the last decision cost, for benchmarks."""

    def __init__(self) -> None:
        self.iterations = 0
        self.seconds = 0.0


def round_rewards(penalties: Sequence[int], relative: float) -> list[float]:
    """Reward per seat for one finished round: minus its penalty, plus ``relative`` times the
    others' mean penalty (only being lower than the others wins the game), scaled to ~[-1, 1]."""
    n = len(penalties)
    total = sum(penalties)
    return [(-p + relative * (total - p) / (n - 1)) / 10.0 for p in penalties]


class HeuristicBot(BaseBot):
    """Trick avoidance by rules of thumb; a few hundred microseconds a move."""

    level = "heuristic"

    def _think(self, view: dict, legal: list[Any], budget_ms: float) -> Generator[None, None, Any]:
        card = heuristic_card(Table(view), [a.card for a in legal])
        return _action_for(card, legal)
        yield  # pragma: no cover


class SearchBot(BaseBot):
    """Single-observer information-set MCTS over determinisations of its own view.

    Budget: ``budget_ms`` of its own work time (time spent suspended at a ``yield`` does not
    count, so a busy browser does not starve it), or exactly ``iterations`` iterations when that
    is set (reproducible). A budget too small to try every legal card once falls back to the
    heuristic's choice.

    Each iteration deals a fresh determinisation, walks the tree with UCB1 over the actions
    legal in that deal (counting availability, as ISMCTS does), expands one node, plays the
    round out with ``rollout_card`` and credits every node with its mover's ``round_rewards``.
    The card finally chosen is the most visited root child.
    """

    level = "search"

    def __init__(
        self,
        seat: int,
        seed: int | str = 0,
        iterations: int | None = None,
        *,
        exploration: float = 0.7,
        relative: float = 1.0,
        epsilon: float | None = None,
    ) -> None:
        super().__init__(seat, seed, iterations)
        self.exploration = exploration
        self.relative = relative
        self.epsilon = epsilon
        self.smart_lead = True
        self.harmless_follow = True
        self.last = SearchStats()

    def _think(self, view: dict, legal: list[Any], budget_ms: float) -> Generator[None, None, Any]:
        rng = self.decision_rng(view, legal)
        root = Node(mover=-1)
        rounds_done = len(view["round_penalties"])
        worlds = Determiniser(view)
        c = self.exploration
        spent = 0.0
        budget = budget_ms / 1000.0
        slice_start = time.perf_counter()
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif spent + (time.perf_counter() - slice_start) >= budget and done > 0:
                break
            self._iterate(root, worlds.sample(rng), rng, rounds_done, c)
            done += 1
            now = time.perf_counter()
            if now - slice_start >= SLICE_MS / 1000.0:
                spent += now - slice_start
                yield None
                slice_start = time.perf_counter()
        spent += time.perf_counter() - slice_start
        self.last.iterations, self.last.seconds = done, spent
        if len(root.children) < len(legal):  # too little time to try every card even once
            return _action_for(heuristic_card(Table(view), [a.card for a in legal]), legal)
        best = max(
            root.children.items(),
            key=lambda kv: (kv[1].visits, kv[1].reward / max(kv[1].visits, 1)),
        )[0]
        return _action_for(best.card, legal)

    def _iterate(
        self, root: Node, state: JalapenoState, rng: Rng, rounds_done: int, c: float
    ) -> None:
        node = root
        path = [root]
        # Selection and expansion, in the tree of action sequences this observer sees.
        while state.turn is not None and len(state.round_penalties) == rounds_done:
            player = state.turn
            legal = state.legal_actions(player)
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[rng.below(len(untried))]
                child = Node(player)
                node.children[action] = child
                for a in legal:
                    other = node.children[a] if a in node.children else None
                    if other is not None:
                        other.avail += 1
                state = state._apply(player, action)  # action came from legal_actions
                node = child
                path.append(node)
                break
            best_action, best_score = None, -math.inf
            for a in legal:
                ch = node.children[a]
                ch.avail += 1
                score = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best_action, best_score = a, score
            assert best_action is not None
            state = state._apply(player, best_action)
            node = node.children[best_action]
            path.append(node)
        # Rollout to the end of this round with the cheap policy.
        eps, smart, harmless = self.epsilon, self.smart_lead, self.harmless_follow
        if eps is None:  # about one random card per trick in 2.5 (more hurt with many players)
            eps = 0.4 / state.players
        while state.turn is not None and len(state.round_penalties) == rounds_done:
            state = state._apply(state.turn, Play(rollout_card(state, rng, eps, smart, harmless)))
        rewards = round_rewards(state.round_penalties[rounds_done], self.relative)
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.reward += rewards[n.mover]


def _action_for(card: Card, legal: Sequence[Any]) -> Any:
    for a in legal:
        if a.card == card:
            return a
    raise AssertionError(f"{card} is not among the legal actions")


def make_bot(level: str, seat: int, seed: int | str = 0, *, iterations: int | None = None) -> Bot:
    if level == "random":
        return RandomBot(seat, seed, iterations)
    if level == "heuristic":
        return HeuristicBot(seat, seed, iterations)
    if level == "search":
        return SearchBot(seat, seed, iterations)
    raise ValueError(f"unknown bot level {level!r}")
