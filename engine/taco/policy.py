"""Rules of thumb for Crazy Taco bots: a fast greedy policy for the manager and an evaluation of
a restaurant, both reading a state's public parts only (the determinised states of the search
bot, or a state rebuilt from a view). They build their actions exactly as ``legal_actions``
writes them, so rollouts can ``_apply`` them without a legality check.

Greedy manager, in order: finish the most urgent customer (patience zone first, then position
1 onward; the VIP before it must go), attend the task on the door, take a bonus card before it
is pushed out, convert food/drinks to money when money is missing, serve or collect halfway,
keep money dice for the next turn, end placement. Phase 3: pay fines, buy back popularity,
recover rested dice with spare cash. The customer player's rules of thumb (1 vs 1) are
``engine/taco/customer_player.py``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .actions import Action, Assign, Bonus, End, Menu, Offer, Order, Spend, Turn
from .board import ADVERTISING_COST, BOARD, OVERTIME_COSTS, SPOTS
from .cards import (
    CARDS,
    CLEANING,
    GUESTS,
    KEY,
    PINATA_CARD,
    PREPAID,
    TASKS,
    VIP,
)
from .dice import DICE, DIE_INDEX, cover
from .placement import IDS, idle_bonus, order_needs, subsets, usable, variation

if TYPE_CHECKING:
    from .state import TacoState

C, P = BOARD.counter, BOARD.patience
# The order in which customers are looked after: the last patience space first, then the
# patience zone, then the counter from position 1 (the next to be pushed) leftwards.
URGENCY = (*range(C + P - 1, C - 1, -1), *range(C))
# What a die showing each face is worth keeping unspent (money is the scarce face).
SPEND = {"B": 0.4, "F": 1.0, "D": 1.1, "$": 3.0}
DIE_WORTH = {"M": 0.3, "E1": 0.1, "E2": 0.1, "E3": 0.1, "T": 0.0}


@lru_cache(maxsize=8192)
def cheapest(need, dice, var: str, convert: bool = True) -> tuple[str, ...] | None:
    """The set of dice covering ``need`` exactly that spends the least (None if none)."""
    best, best_cost = None, 1e9
    for ids, faces in subsets(dice):
        if len(ids) > sum(need) + 1 or cover(need, faces, convert, var) < 0:
            continue
        cost = sum(SPEND[f] for f in faces) + sum(DIE_WORTH[d] for d in ids)
        if cost < best_cost:
            best, best_cost = ids, cost
    return best


def _spare_die(dice, faces: str) -> str:
    """The least valuable die showing one of ``faces`` ("" if none)."""
    best = ""
    for d, f in dice:
        if f in faces and (not best or DIE_WORTH[d] < DIE_WORTH[best]):
            best = d
    return best


def manager_action(s: TacoState) -> Action:
    if s.stage == "extra":
        refund = CARDS[s.extra].refund if s.extra else 0
        if not s.extra and s.cash + refund >= CARDS[s.offer].price:
            return Offer("buy")
        return Offer("pass")
    if s.stage == "management":
        return _management(s)
    return _placement(s)


def _management(s: TacoState) -> Action:
    if s.fines and s.cash >= s.fines:
        return Spend("pay")
    if s.cash >= ADVERTISING_COST and s.popularity < BOARD.popularity_start:
        return Spend("advertise")
    if s.overtime < len(OVERTIME_COSTS) and s.cash >= OVERTIME_COSTS[s.overtime] + 2:
        resting = sorted((d for d in s.room if d), key=DIE_INDEX.get)
        if resting:
            return Spend("overtime", resting[0])
    return End("turn")


def _placement(s: TacoState) -> Action:
    wild = [IDS[i] for i, st in enumerate(s.status) if st == "wild"]
    if wild:
        return Turn(wild[0], "$" if _money_short(s) else "F")
    dice = usable(s)
    if not dice:
        return End("placement")
    var = variation(s)
    line = s.line
    counter_used = sum(1 for x in line[:C] if x is not None)
    # 1. Finish customers, most urgent first.
    for i in URGENCY:
        slot = line[i]
        if slot is None or CARDS[slot[0]].kind not in GUESTS:
            continue
        needs = order_needs(*slot)
        finish = [
            (v, n)
            for v, n in needs
            if v == "both" or slot[1] or slot[2] or v == "serve" and CARDS[slot[0]].kind == PREPAID
        ]
        for verb, need in finish:
            ids = cheapest(need, dice, var)
            if ids:
                return Order(verb, SPOTS[i], ids)
    # The VIP leaves for two stars if it is pushed out unserved: serve it first.
    for i in range(C):
        slot = line[i]
        if slot is not None and CARDS[slot[0]].kind == VIP and not slot[1]:
            ids = cheapest(order_needs(*slot)[0][1], dice, var)
            if ids:
                return Order("serve", SPOTS[i], ids)
    # 2. The task on the storeroom door.
    if s.door:
        die = _spare_die(dice, TASKS[s.door].face)
        if die:
            return Assign("task", die)
    # 3. A bonus card before it is pushed out.
    if len(s.bonus) < BOARD.bonus_zone:
        for i in range(C):
            slot = line[i]
            if slot is None or CARDS[slot[0]].kind in GUESTS:
                continue
            if i == 0 or counter_used >= C - 1:
                die = _spare_die(dice, CARDS[slot[0]].faces)
                if die:
                    return Bonus(SPOTS[i], die)
    if any(c == PINATA_CARD and not d for c, d, _ in s.bonus):
        die = _spare_die(dice, "B")
        if die:
            return Assign("pinata", die)
    # 4. Money from food or drinks when a customer waits to pay and no money die shows.
    if _money_short(s) and not any(f == "$" for _, f in dice):
        for need in ((3, 0, 0, 0), (0, 3, 0, 0)):
            ids = cheapest(need, dice, var, convert=False)
            if ids:
                return Menu("vulcano", ids)
    # 5. Halfway: serve the most urgent customer, else collect from one.
    for want in ("serve", "collect"):
        for i in URGENCY:
            slot = line[i]
            if slot is None or CARDS[slot[0]].kind not in GUESTS:
                continue
            for verb, need in order_needs(*slot):
                if verb == want:
                    ids = cheapest(need, dice, var)
                    if ids:
                        return Order(verb, SPOTS[i], ids)
    if idle_bonus(s, KEY):
        die = _spare_die(dice, "$")
        if die:
            return Assign("key", die)
    if s.popularity < BOARD.popularity_start:
        ids = cheapest((0, 0, 0, 4), dice, var, convert=False)
        if ids:
            return Menu("nachos", ids)
    # 6. Keep money for the next turn (up to what unpaid customers need); the rest rolls again.
    kept = sum(1 for st in s.status if st == "aside")
    if kept < min(2, _unpaid(s)):
        for d, f in dice:
            if f == "$":
                return Assign("keep", d)
    return End("placement")


def _unpaid(s: TacoState) -> int:
    return sum(
        1
        for x in s.line
        if x is not None and CARDS[x[0]].kind in GUESTS and CARDS[x[0]].kind != PREPAID and not x[2]
    )


def _money_short(s: TacoState) -> bool:
    return _unpaid(s) > 0


# -- evaluation ----------------------------------------------------------------------------------

RISK = (1.5, 1.0, 0.6, 0.3, 3.0, 5.0)  # positions 1..4, p1, p2: how close to being pushed out
WORK = 2.0  # points per die of work a customer still needs
# What a face is worth on a die kept for the next turn, against rolling that die again.
FACE_VALUE = {"$": 1.0, "F": 0.6, "D": 0.6, "B": 0.15, "Z": -1.0}
ROLL_VALUE = {d.id: sum(FACE_VALUE[f] for f in d.faces) / 6 for d in DICE}


def evaluate(s: TacoState) -> float:
    """The manager's position in points (a popularity star is worth 10)."""
    if s.stage == "over":
        won = s.result in ("won", "manager")
        return (300.0 if won else -300.0) + s.popularity * 10 + 0.3 * s.cash
    v = 10.0 * s.popularity + 0.6 * (s.cash - s.fines)
    n = 0
    for i, slot in enumerate(s.line):
        if slot is None:
            continue
        n += 1
        code, served, paid = slot
        card = CARDS[code]
        if card.kind in GUESTS:
            work = (0 if served else card.items) + (0 if paid or card.kind == PREPAID else 1)
            v -= WORK * work + RISK[i]
            if card.kind == VIP and not served:
                v -= 6.0 / (i + 1)
        else:
            v -= 3.0 + 4.0 * RISK[i] * (card.stars or 0.5) / 3
            if card.kind == CLEANING:
                v -= 1.0
    over = n - 3
    if over > 0:
        v -= 3.0 * over * over
    if s.door:
        v -= 5.0
    for i, st in enumerate(s.status):
        if st == "room":
            v -= 1.5 * (s.room.index(IDS[i]) + 1)
        elif st == "kept" or st == "aside":
            v += WORK * (FACE_VALUE[s.faces[i]] - ROLL_VALUE[IDS[i]])
        elif st == "locked":
            v -= 3.0
    for _c, _d, left in s.task_zone:
        v -= 1.0 * left
    for code, die, left in s.bonus:
        if not die:
            v += 4.0 if CARDS[code].kind in ("voucher", "pinata") else 2.0
        else:
            v -= 0.8 * left
    if s.extra:
        v += 4.0
    v += 0.4 * len(s.gone)
    return v
