"""Rules of thumb for The Nacho Incident: how much a choice is worth to the seat making it.

Every function reads a ``NachoState`` but only what ``seat`` may see -- the table and its own
hand -- so the heuristic bot can run it on a state rebuilt from its view (``worlds.py``) and
the search can run it for every seat as its rollout policy (so it is written to be cheap).

Values are in gold: money earned now, plus the expected worth of cantina majorities (the bonus
times a rough chance of holding the best cantina when the round is scored), minus the fee and
the Mounties a choice will probably cost.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from . import rules
from .actions import (
    ARREST,
    CHOOSE,
    DELIVER,
    DISCARD,
    DONE,
    GIVE_GEM,
    GO,
    NO_CUBE,
    PICK,
    SELL,
    STEAL,
    WANDER,
)
from .components import (
    CANTINA_BONUS,
    FEE,
    FLAG,
    M_FLAG,
    PENALTY,
    PRICE_OF,
    RANK,
    REACH,
    ROUNDS,
    SMUGGLERS,
    SPOT_OF,
    TURNS_PER_ROUND,
)

if TYPE_CHECKING:
    from ..protocol import Action
    from .state import NachoState

N_PROV = 4
CUBE_WORTH = 2.0  # a cube kept in the warehouse: a likely delivery later, or 1 gold at market
MOUNTIE_STAY = 0.8  # a Mountie's penalty is usually paid: he seldom gets to arrest soon
KEEP_HIGH = 0.15  # per rank: a high smuggler played now is not there for a better turn
ANY_MOUNTIE = 3.5  # the penalty of a Mountie not seen yet (3 or 4)
UPKEEP = frozenset({"gem", "discard", "sell", "over"})


# Chance of the best cantina: a logistic curve in the margin over the best rival, flatter with
# more of the round to play, fitted to 10 750 (total, rival, turns, won?) samples from 60 seeded
# 4-player heuristic games (log-loss 0.57; the base rate alone gives 0.63).
WIN_BIAS, WIN_SLOPE, WIN_SPREAD = -0.70, 0.324, 0.273


def win_chance(mine: int, rival: int, turns: float) -> float:
    """Rough chance that a cantina total of ``mine`` beats the best other, ``rival``, when the
    round is scored, with ``turns`` turns to go (others may still add keepers).

    >>> round(win_chance(9, 3, 1.0), 2), round(win_chance(3, 3, 2.0), 2), win_chance(0, 0, 1.0)
    (0.7, 0.33, 0.0)
    """
    if mine <= 0:
        return 0.0
    z = WIN_BIAS + WIN_SLOPE * (mine - rival) / (1.0 + WIN_SPREAD * turns)
    return 1.0 / (1.0 + math.exp(-z))


def totals(s: NachoState) -> list[list[int]]:
    """Keeper totals (sum of ranks) per seat and province."""
    return [[sum([RANK[k] for k in here]) if here else 0 for here in row] for row in s.keepers]


class Seat:
    """What one decision of ``seat`` needs, worked out once."""

    def __init__(self, s: NachoState, seat: int, tot: list[list[int]] | None = None) -> None:
        self.s, self.seat = s, seat
        if tot is None:
            tot = totals(s)
        self.tot = tot
        rivals = [0] * N_PROV
        for other, row in enumerate(tot):
            if other != seat:
                for prov in range(N_PROV):
                    if row[prov] > rivals[prov]:
                        rivals[prov] = row[prov]
        self.rivals = rivals
        # How much of the round is still to be played once this decision is made: later turns,
        # and the seats still to place a keeper this turn.
        stage = s.stage
        scored = not s.mdeck and stage in UPKEEP  # this round's bonuses are paid already
        if scored:
            self.turns = float(TURNS_PER_ROUND)
        elif stage == "pick":
            self.turns = len(s.mdeck) - 0.5
        elif s.order:
            self.turns = len(s.mdeck) + (len(s.order) - 1 - s.pos) / s.players
        else:
            self.turns = float(len(s.mdeck))
        self.ends = ROUNDS - s.round_no + (0 if scored else 1)  # round scorings still to come

    def cantina(self, prov: int, mine: int) -> float:
        return CANTINA_BONUS[prov] * win_chance(mine, self.rivals[prov], self.turns)

    def keeper_gain(self, prov: int, rank: int) -> float:
        """Worth of a new keeper of ``rank`` on cantina ``prov``, Mounties there included: one of
        them arrests the highest keeper (maybe this one) and leaves the game."""
        s, seat = self.s, self.seat
        mine = self.tot[seat][prov]
        before = self.cantina(prov, mine)
        mounties = s.cmounties[seat][prov]
        if not mounties:
            return self.cantina(prov, mine + rank) - before + 0.03 * rank
        top = max([rank, *(RANK[k] for k in s.keepers[seat][prov])])
        saved = max(PENALTY[m] for m in mounties) * self.ends * MOUNTIE_STAY
        return self.cantina(prov, mine + rank - top) - before + saved - 0.2 * top

    def deliveries(self, prov: int) -> tuple[float, float]:
        """(best delivery from my warehouse, best if I may also steal) at ``prov``, in gold:
        the price less what the cubes used or given away were worth."""
        s, seat = self.s, self.seat
        card, filled = s.pdecks[prov][0], s.filled[prov]
        spots, prices = SPOT_OF[card], PRICE_OF[card]
        own = s.warehouses[seat]
        mine = 0.0
        for f in own:
            spot = spots[f]
            if spot >= 0 and not filled >> spot & 1 and prices[f] - CUBE_WORTH > mine:
                mine = prices[f] - CUBE_WORTH
        stolen, give = mine, len(own) * CUBE_WORTH
        for victim in range(s.players):
            if victim != seat:
                for f in s.warehouses[victim]:
                    spot = spots[f]
                    if spot >= 0 and not filled >> spot & 1 and prices[f] - give > stolen:
                        stolen = prices[f] - give
        return mine, stolen

    def mountie_cost(self) -> float:
        """What taking this turn's Mountie would likely cost."""
        s, seat = self.s, self.seat
        if not s.mface or not s.mdeck:
            return ANY_MOUNTIE * self.ends * MOUNTIE_STAY
        m = s.mdeck[0]
        prov = M_FLAG[m]
        keepers = s.keepers[seat][prov]
        if keepers:  # he arrests my highest keeper there at once, and leaves
            mine = self.tot[seat][prov]
            top = RANK[rules.highest_here(keepers)]
            return self.cantina(prov, mine) - self.cantina(prov, mine - top) + 0.03 * top
        return PENALTY[m] * self.ends * MOUNTIE_STAY


def first_chances(s: NachoState, seat: int) -> list[float]:
    """Chance, for each rank 0..9, that a pick of that rank goes first, if each other seat
    picked like a random smuggler ``seat`` cannot see (ties go by the gemstone)."""
    seen = set(s.hands[seat])
    seen.update(s.removed_s)
    for cantinas in s.keepers:
        for here in cantinas:
            seen.update(here)
    if s.stage != "pick":
        seen.update(k for k in s.picks if k is not None)
    elif s.picks[seat] is not None:
        seen.add(s.picks[seat])
    counts = [0] * 10
    for k in range(len(SMUGGLERS)):
        if k not in seen:
            counts[RANK[k]] += 1
    total = sum(counts)
    out = [1.0] * 10
    if not total:
        return out
    mine = rules.priority(seat, s.gem, s.players)
    aheads = [mine < rules.priority(o, s.gem, s.players) for o in range(s.players) if o != seat]
    below = 0
    for rank in range(10):
        p = 1.0
        for ahead in aheads:
            p *= (below + (counts[rank] if ahead else 0)) / total
        out[rank] = p
        below += counts[rank]
    return out


def choose_pick(s: NachoState, seat: int) -> Action:
    """The smuggler worth most: his best destination (delivery, with the steal if he is likely
    to go first, plus what his rank adds to that cantina) minus his fee and, if he is likely to
    go first, the Mountie he brings."""
    c = Seat(s, seat)
    first = first_chances(s, seat)
    cost = c.mountie_cost()
    deliveries = [c.deliveries(q) for q in range(N_PROV)]
    gains: dict[int, float] = {}
    best, best_value = s.hands[seat][0], -1e9
    for k in s.hands[seat]:
        rank = RANK[k]
        p = first[rank]
        value = -1e9
        for prov in REACH[FLAG[k]]:
            key = prov * 10 + rank
            gain = gains.get(key)
            if gain is None:
                gain = gains[key] = c.keeper_gain(prov, rank)
            mine, stolen = deliveries[prov]
            v = p * stolen + (1 - p) * mine + gain
            if v > value:
                value = v
        value -= FEE[k] + p * cost + KEEP_HIGH * rank
        if value > best_value:
            best, best_value = k, value
    return PICK[best]


def best_delivery(c: Seat, prov: int, steal: bool) -> tuple[float, Action]:
    """The delivery ``choose_delivery`` would make at ``prov``: (worth, action)."""
    s, seat = c.s, c.seat
    card, filled = s.pdecks[prov][0], s.filled[prov]
    spots, prices = SPOT_OF[card], PRICE_OF[card]
    best: tuple[float, Action] = (0.0, NO_CUBE)
    for f in s.warehouses[seat]:
        spot = spots[f]
        if spot >= 0 and not filled >> spot & 1 and prices[f] - CUBE_WORTH > best[0]:
            best = (prices[f] - CUBE_WORTH, DELIVER[f])
    if steal:
        give = len(s.warehouses[seat]) * CUBE_WORTH
        for victim in range(s.players):
            if victim != seat:
                for f in s.warehouses[victim]:
                    spot = spots[f]
                    if spot >= 0 and not filled >> spot & 1 and prices[f] - give > best[0]:
                        best = (prices[f] - give, STEAL[victim][f])
    return best


def choose_destination(s: NachoState, seat: int) -> Action:
    c = Seat(s, seat)
    rank = RANK[s.picks[seat]]
    steal = s.pos == 0

    def worth(prov: int) -> tuple[float, int]:
        return best_delivery(c, prov, steal)[0] + c.keeper_gain(prov, rank), -prov

    return GO[max(REACH[FLAG[s.picks[seat]]], key=worth)]


def choose_delivery(s: NachoState, seat: int) -> Action:
    return best_delivery(Seat(s, seat), s.dest, s.pos == 0)[1]


def choose_mountie(s: NachoState, seat: int) -> Action:
    """The Mountie with the higher penalty acts (and leaves the game)."""
    options = rules.mountie_choices(s.cmounties[seat][s.arrest_at])
    return CHOOSE[max(options, key=lambda m: (PENALTY[m], -m))]


def choose_arrest(s: NachoState, seat: int) -> Action:
    """Give up the tied keeper whose cantina loses least."""
    c = Seat(s, seat)

    def loss(k: int) -> tuple[float, int]:
        prov = next(q for q in range(N_PROV) if k in s.keepers[seat][q])
        mine = c.tot[seat][prov]
        return c.cantina(prov, mine) - c.cantina(prov, mine - RANK[k]), k

    return ARREST[min(rules.highest_anywhere(s.keepers[seat]), key=loss)]


def choose_wander(s: NachoState, seat: int) -> Action:
    """Send him where my hand goes least (he would arrest whoever I send there)."""
    reach = [0] * N_PROV
    for k in s.hands[seat]:
        for q in REACH[FLAG[k]]:
            reach[q] += 1
    options = [q for q in range(N_PROV) if q != s.arrest_at]
    return WANDER[min(options, key=lambda q: (reach[q], q))]


def choose_gem(s: NachoState, seat: int) -> Action:
    """Keep the stone when tied for lowest (it wins ties), else give it to the first tied."""
    tied = rules.lowest_scores(s.gold)
    return GIVE_GEM[seat if seat in tied else tied[0]]


def open_prices(s: NachoState) -> list[int]:
    """The best price on offer now for each food (0: no empty spot wants it)."""
    best = [0] * 8
    for prov in range(N_PROV):
        card, filled = s.pdecks[prov][0], s.filled[prov]
        for f, spot in enumerate(SPOT_OF[card]):
            if spot >= 0 and not filled >> spot & 1 and PRICE_OF[card][f] > best[f]:
                best[f] = PRICE_OF[card][f]
    return best


def choose_sale(s: NachoState, seat: int) -> Action:
    """Sell a cube no province wants now (1 gold, and the refill may bring a wanted one)."""
    prices = open_prices(s)
    for f in s.warehouses[seat]:
        if not prices[f]:
            return SELL[f]
    return DONE


def choose_discard(s: NachoState, seat: int) -> Action:
    """Keep a hand that can go anywhere: discard the dearest smuggler of a flag held 3 times
    or more (down to 2 of a flag), and nothing else."""
    by_flag: dict[int, list[int]] = {}
    for k in s.hands[seat]:
        by_flag.setdefault(FLAG[k], []).append(k)
    for cards in by_flag.values():
        if len(cards) >= 3:
            return DISCARD[max(cards, key=lambda k: (FEE[k] - 0.5 * RANK[k], k))]
    return DONE


CHOOSERS = {
    "pick": choose_pick,
    "destination": choose_destination,
    "deliver": choose_delivery,
    "arrest": choose_mountie,
    "bored": choose_arrest,
    "wander": choose_wander,
    "gem": choose_gem,
    "sell": choose_sale,
    "discard": choose_discard,
    "rechoose": choose_discard,
}


def choose(s: NachoState, seat: int) -> Action:
    """The rule-of-thumb action for ``seat`` now (one of its legal actions)."""
    return CHOOSERS[s.stage](s, seat)


def evaluate(s: NachoState) -> list[float]:
    """Each seat's worth in gold: gold, cubes, likely cantina bonuses and Mountie penalties."""
    if s.stage == "over":
        return [float(g) for g in s.gold]
    prices = open_prices(s)
    tot = totals(s)
    out = []
    for seat in range(s.players):
        c = Seat(s, seat, tot)
        value = float(s.gold[seat])
        value += sum(max(1.0, 0.5 * prices[f]) for f in s.warehouses[seat])
        for prov in range(N_PROV):
            value += c.cantina(prov, c.tot[seat][prov])
        held = sum(PENALTY[m] for here in s.cmounties[seat] for m in here)
        value -= held * c.ends * MOUNTIE_STAY
        value += KEEP_HIGH * sum(RANK[k] for k in s.hands[seat])  # as choose_pick reckons
        out.append(value)
    return out


__all__ = ["Seat", "choose", "evaluate", "first_chances", "win_chance"]
