"""The menu card's placements: every combination the dice showing now can pay for (the dishes are
data in engine/taco/board.py ``MENU``; applying one is ``placement.apply``).

"Blank-face variations are NOT valid" on the menu, "variations from the Extra cards ARE valid":
a menu line takes exactly its faces (``cover`` with ``convert=False``), once per turn helped by
the extra in play.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from .actions import Action, Menu
from .board import MENU_ITEM, PLATA_RECOVERS
from .dice import Need
from .roll import Roll

TURNS = {"vulcano": 1, "mole": 2, "achilipu": 3}  # dice a menu line turns rather than spends
ORDER = ("taco", "vulcano", "plata", "mole", "achilipu", "nachos")  # as the menu lists them

menu = cache(Menu)  # each menu placement made once, shared by every list of them


def menu_placements(
    roll: Roll, var: str, canonical: bool, guests: bool, resting: tuple[str, ...], top: bool
) -> tuple[Any, ...]:
    """Every menu line these dice pay for now. ``guests``: someone at the counter to serve
    (the taco especial feeds them all); ``resting``: dice in the rest room (La Plata brings
    them back); ``top``: popularity at the top (the nachos would gain nothing)."""
    key = ("menu", var, canonical, guests, resting, top)
    found = roll.memo.get(key)
    if found is not None:
        return found
    out: list[Action] = []
    for item in ORDER:
        if item == "taco" and not guests:
            continue  # nobody to serve: nothing to gain
        if item == "nachos" and top:
            continue
        if item == "plata" and not resting:
            continue
        for need in MENU_ITEM[item].needs:
            for ids in roll.sets(need, False, var, canonical):
                out += _ways(item, need, ids, resting, canonical)
    return roll.remember(key, tuple(out))


def _ways(
    item: str, need: Need, ids: tuple[str, ...], resting: tuple[str, ...], canonical: bool
) -> list[Action]:
    """The menu placements of ``item`` paid with the dice ``ids``: which dice La Plata brings
    back, which dice Vulcano, Mole and Achilipú turn (listed first)."""
    out: list[Action] = []
    if item == "plata":
        most = PLATA_RECOVERS[need]
        for k in range(1, min(most, len(resting)) + 1):
            for back in combinations(resting, k):
                out.append(menu("plata", ids, back))
    elif item in TURNS:
        for first in combinations(ids, min(TURNS[item], len(ids))):
            rest = tuple(d for d in ids if d not in first)
            out.append(menu(item, (*first, *rest)))
            if canonical:
                break
    else:
        out.append(menu(item, ids))
    return out
