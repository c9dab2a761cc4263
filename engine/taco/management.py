"""Phase 3 (management) of Crazy Taco, and the decision on an extra card on offer: the legal
actions and applying them.

Rulebook, "(F3) Management": "You manage money, and may invest it in paying overtime, an
express advertising campaign to recover popularity, or fines you may have pending."
"""

from __future__ import annotations

from . import flow
from .actions import Action, End, Offer, Spend
from .board import ADVERTISING_COST, BOARD, OVERTIME_COSTS
from .cards import CARDS
from .dice import DIE_INDEX
from .ledger import gain_stars
from .restaurant import Entry, Restaurant
from .roll import set_dice


def legal_management(s: Restaurant) -> list[Action]:
    out: list[Action] = []
    if s.fines and s.cash >= s.fines:
        out.append(Spend("pay"))
    if s.cash >= ADVERTISING_COST and s.popularity < BOARD.popularity_start:
        out.append(Spend("advertise"))
    if s.overtime < len(OVERTIME_COSTS) and s.cash >= OVERTIME_COSTS[s.overtime]:
        out += [Spend("overtime", d) for d in sorted((d for d in s.room if d), key=DIE_INDEX.get)]
    out.append(End("turn"))
    return out


def legal_offer(s: Restaurant) -> list[Action]:
    refund = CARDS[s.extra].refund if s.extra else 0
    buy = s.cash + refund >= CARDS[s.offer].price
    return [Offer("buy"), Offer("pass")] if buy else [Offer("pass")]


def apply(s: Restaurant, ev: list[Entry], a: Action) -> None:
    """A phase 3 choice (``Spend``, ``End("turn")``) or the decision on an extra (``Offer``)."""
    if isinstance(a, Spend):
        _spend(s, ev, a)
    elif isinstance(a, Offer):
        _offer(s, ev, a)
    elif isinstance(a, End):
        flow.end_turn(s, ev)
    else:  # pragma: no cover - apply only receives legal actions
        raise AssertionError(a)


def _spend(s: Restaurant, ev: list[Entry], a: Spend) -> None:
    if a.verb == "pay":
        ev.append(("fine-paid", 0, {"amount": s.fines, "cards": list(s.fine_zone)}))
        s.cash -= s.fines
        s.fines = 0
        s.gone = (*s.gone, *s.fine_zone)
        s.fine_zone = ()
        if s.status[DIE_INDEX["T"]] == "locked":
            set_dice(s, ("T",), "ready")
    elif a.verb == "advertise":
        s.cash -= ADVERTISING_COST
        ev.append(("advertise", 0, {"cost": ADVERTISING_COST}))
        gain_stars(s, ev, 1, "advertise")
    else:
        # "Pay $3 and recover one die from the rest room. Move the hours indicator to its
        # position "1"." / "Pay $5 … position "2"."
        cost = OVERTIME_COSTS[s.overtime]
        s.cash -= cost
        s.overtime += 1
        s.room = tuple("" if d == a.die else d for d in s.room)
        set_dice(s, (a.die,), "ready")
        ev.append(("overtime", 0, {"die": a.die, "cost": cost, "hours": s.overtime}))


def _offer(s: Restaurant, ev: list[Entry], a: Offer) -> None:
    code, s.offer = s.offer, ""
    if a.verb == "buy":
        if s.extra:
            # "you may swap your accessory for a new one, receiving in exchange the amount of
            # money stipulated for the extra being discarded."
            refund = CARDS[s.extra].refund
            s.cash += refund
            s.gone = (*s.gone, s.extra)
            ev.append(("extra-swapped", 0, {"card": s.extra, "refund": refund}))
        s.cash -= CARDS[code].price
        s.extra = code
        ev.append(("extra-bought", 0, {"card": code, "price": CARDS[code].price, "cash": s.cash}))
    else:
        s.gone = (*s.gone, code)
        ev.append(("extra-passed", 0, {"card": code}))
    if s.versus:
        flow.after_customers(s, ev)
    else:
        flow.continue_customers(s, ev)
