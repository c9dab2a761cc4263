"""The customer player's odds of winning a 1 vs 1 game from a table, as a logistic model of a few
things both players can see (and the customer player's own hand): the popularity left to take
and the cards left to take it with, the work waiting in line against the manager's dice at the
next roll, the storeroom door, money and fines, and how many plain cards are left to go between
the +OPEN and TASK cards.

The weights are data: fitted by ``scripts/fit_taco_customer_value.py`` (logistic regression on
every customer phase of seeded games between the heuristic bots; the command, the games and the
fit's quality are in docs/rules-decisions.md, Crazy Taco § 17). They are a judgement of a
table, used by the customer player's rules of thumb and its search; no rule reads them.

>>> from engine import get_game
>>> start = get_game("taco").new_game(2, seed=1)
>>> 0.05 < win_odds(start) < 0.95
True
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .board import BOARD, OVERTIME_COSTS
from .cards import CARDS, GUESTS, PREPAID
from .dice import DICE, MONEY
from .hand import is_banned
from .hand_odds import counts

if TYPE_CHECKING:
    from .state import TacoState

C = BOARD.counter
# Expected faces of a die rolled afresh: money, then food/drink/blank ("work").
ROLL_MONEY = {d.id: d.faces.count(MONEY) / 6 for d in DICE}
ROLL_WORK = {d.id: sum(f in "FDB" for f in d.faces) / 6 for d in DICE}

FEATURES: tuple[str, ...] = (
    "bias",
    "popularity",
    "popularity_squared",  # / 8
    "cards_left",  # deck and hand, / 10
    "popularity_per_card",  # popularity / (cards left + 1)
    "counter",  # guests at the counter
    "patience",  # guests in the patience zone
    "work",  # food and drink still to serve in line, / 4
    "money",  # guests still to pay (not order terminals)
    "bonus",  # bonus cards in line
    "door",  # a task waits on the storeroom door
    "dice_money",  # the manager's expected money faces at the next roll
    "dice_work",  # ... and food, drink or blank faces
    "cash",  # / 10
    "fines",  # unpaid, / 10
    "resting",  # dice in the rest room
    "busy",  # dice captive on tasks and bonus cards
    "extra",  # an extra in play
    "slack",  # plain cards beyond what the +OPEN and TASK cards need, capped at 6, / 6
    "banned",  # no +OPEN or TASK this turn
    "overtime_left",
    "extras_left",  # Extra cards the manager may still reveal
    "money_short",  # guests to pay beyond the expected money faces
    "work_short",  # work beyond the expected work faces, / 4
    "crowd",  # cards in line beyond four
)

WEIGHTS: dict[str, float] = {
    "bias": 1.2445,
    "popularity": -0.3979,
    "popularity_squared": 0.0928,
    "cards_left": 0.6851,
    "popularity_per_card": -8.1230,
    "counter": -0.0434,
    "patience": 0.0741,
    "work": 0.2257,
    "money": -0.0217,
    "bonus": 0.4103,
    "door": 0.3445,
    "dice_money": -0.3444,
    "dice_work": -0.1770,
    "cash": -0.5960,
    "fines": 1.7089,
    "resting": 0.0827,
    "busy": 0.0311,
    "extra": -0.4173,
    "slack": 0.4487,
    "banned": -0.1295,
    "overtime_left": -0.0029,
    "extras_left": -0.1217,
    "money_short": 0.2058,
    "work_short": 0.0731,
    "crowd": 0.2618,
}


def capacity(s: TacoState) -> tuple[float, float]:
    """The manager's expected (money, work) faces at the next roll: dice that will roll
    (waiting, not locked by an unpaid fine) by their odds, kept dice by the face they show."""
    money = work = 0.0
    for i, die in enumerate(DICE):
        st = s.status[i]
        if st in ("ready", "free", "used", "rest"):
            if die.id == "T" and s.fines > 0:
                continue  # the trainee is locked in the fine zone at the roll
            money += ROLL_MONEY[die.id]
            work += ROLL_WORK[die.id]
        elif st in ("kept", "aside"):
            face = s.faces[i]
            money += face == MONEY
            work += face in "FDB"
    return money, work


def features(s: TacoState) -> list[float]:
    """The table as the model's inputs, in ``FEATURES`` order."""
    pop = s.popularity
    left = len(s.deck) + len(s.hand)
    counter = patience = work = money = bonus = 0
    for i, slot in enumerate(s.line):
        if slot is None:
            continue
        code, served, paid = slot
        card = CARDS[code]
        if card.kind in GUESTS:
            if i < C:
                counter += 1
            else:
                patience += 1
            work += 0 if served else card.items
            money += 0 if paid or card.kind == PREPAID else 1
        else:
            bonus += 1
    dice_money, dice_work = capacity(s)
    plain, n_open, n_task, _ = counts((*s.hand, *s.deck))
    slack = plain - (2 * n_open + n_task - 1)
    return [
        1.0,
        pop,
        pop * pop / 8,
        left / 10,
        pop / (left + 1),
        counter,
        patience,
        work / 4,
        money,
        bonus,
        float(bool(s.door)),
        dice_money,
        dice_work,
        s.cash / 10,
        s.fines / 10,
        sum(1 for d in s.room if d),
        sum(1 for st in s.status if st == "busy"),
        float(bool(s.extra)),
        min(slack, 6) / 6,
        float(is_banned(s)),
        len(OVERTIME_COSTS) - s.overtime,
        len(s.extra_deck),
        max(0.0, money - dice_money),
        max(0.0, work - dice_work) / 4,
        max(0, counter + patience + bonus - 4),
    ]


W = tuple(WEIGHTS[name] for name in FEATURES)


def win_odds(s: TacoState) -> float:
    """The customer player's odds of winning from ``s`` (1 or 0 once the game is over)."""
    if s.stage == "over":
        return 1.0 if s.result == "customers" else 0.0
    z = sum(w * x for w, x in zip(W, features(s), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
