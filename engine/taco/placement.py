"""Phase 2 of Crazy Taco, dice placement: every placement the manager has now, as legal
actions, and applying one. (Phase 3 and the extras on offer: engine/taco/management.py; why a
placement is refused: engine/taco/explain.py.)

Rulebook, "(F2) Dice Placement": "Analyze the resulting roll and decide, using EACH die only
ONCE, which of your priorities to pursue". A die can be placed while it is ``free`` (rolled
this turn) or ``kept`` (kept from an earlier turn); see ``roll.DIE_STATES``. What the dice
alone allow is worked out once per roll (engine/taco/roll.py), the menu's lines in
engine/taco/menu.py.
"""

from __future__ import annotations

from functools import cache

from . import flow
from .actions import Action, Assign, Bonus, End, Menu, Order, Reroll, Turn, Voucher
from .board import BOARD, CONVERTS_TO, MENU_ITEM, SPOT_INDEX, SPOTS
from .cards import CARDS, CLEANING, GUESTS, KEY, PINATA_CARD, PREPAID, TASKS, VIP, VOUCHER
from .dice import DIE_INDEX, MONEY, cover
from .ledger import gain_stars
from .menu import menu_placements
from .restaurant import Entry, Restaurant
from .roll import IDS, faces_of, order_needs, rerolls, roll_of, set_dice, subsets, turns, usable

__all__ = [  # the rules of thumb (engine/taco/policy.py) read these from here too
    "IDS",
    "apply",
    "idle_bonus",
    "legal_placements",
    "order_needs",
    "subsets",
    "usable",
    "variation",
]


def variation(s: Restaurant) -> str:
    """The extra in play's variation, if not yet used this turn ("" otherwise)."""
    return CARDS[s.extra].effect if s.extra and not s.extra_used else ""


def idle_bonus(s: Restaurant, kind: str) -> str:
    for code, die, _ in s.bonus:
        if not die and (CARDS[code].kind == kind):
            return code
    return ""


# -- legal actions --------------------------------------------------------------------------


def legal_placements(s: Restaurant, canonical: bool = False) -> list[Action]:
    """Every placement now. ``canonical`` (for the search): of the dice sets showing the same
    faces, only the first (they are the same move: every placed die comes back at the end of
    the turn)."""
    return list(placements(s, canonical))


def placements(s: Restaurant, canonical: bool = False) -> tuple[Action, ...]:
    """``legal_placements`` as a tuple, remembered by what it depends on (``LISTED``): the
    search lists the placements of the same tables again and again."""
    key = (
        s.faces,
        s.status,
        s.line,
        s.bonus,
        s.door,
        s.room,
        s.extra,
        s.extra_used,
        s.popularity >= BOARD.popularity_start,
        s.cash >= flow.reroll_cost(s),
        canonical,
    )
    found = LISTED.get(key)
    if found is None:
        if len(LISTED) >= MOST_LISTED:
            LISTED.clear()
        found = LISTED[key] = tuple(_work_out(s, canonical))
    return found


LISTED: dict[tuple[object, ...], tuple[Action, ...]] = {}
MOST_LISTED = 16384
"""Placement lists remembered at once, about 3 MB at most (then the memory starts again; a
search's decision visits a few thousand tables). Every field ``_work_out`` reads is in the key."""


def _work_out(s: Restaurant, canonical: bool) -> list[Action]:
    """Every placement now, worked out: what depends on the dice alone comes from their
    ``Roll`` (engine/taco/roll.py)."""
    if "wild" in s.status:  # Achilipú's dice wait to be turned before anything else
        return list(turns(s.status))
    roll = roll_of(s)
    var = variation(s)
    voucher = s.bonus and idle_bonus(s, VOUCHER)
    room_for_bonus = len(s.bonus) < BOARD.bonus_zone
    out: list[Action] = []
    guests = False
    for i, slot in enumerate(s.line):
        if slot is None:
            continue
        card = CARDS[slot[0]]
        if card.kind in GUESTS:
            guests = True
            out += roll.orders(SPOTS[i], slot, var, canonical)
            if voucher:
                out.append(VOUCHERS[i])
        elif room_for_bonus:
            out += roll.jobs("bonus", card.faces, SPOTS[i])
    if s.door:
        out += roll.jobs("task", TASKS[s.door].face)
    if s.bonus:
        key = idle_bonus(s, KEY)
        if key:
            out += roll.jobs("key", CARDS[key].faces)
        if any(c == PINATA_CARD and not d for c, d, _ in s.bonus):
            out += roll.jobs("pinata", CARDS[PINATA_CARD].faces)
    resting = _resting(s.room)
    top = s.popularity >= BOARD.popularity_start
    out += menu_placements(roll, var, canonical, guests, resting, top)
    out += roll.keep
    if s.cash >= flow.reroll_cost(s):
        out += rerolls(s.status)
    out.append(END_PLACEMENT)
    return out


VOUCHERS = tuple(Voucher(spot) for spot in SPOTS)
END_PLACEMENT = End("placement")


@cache
def _resting(room: tuple[str, ...]) -> tuple[str, ...]:
    """The dice in the rest room, in DICE order (La Plata's choices)."""
    return tuple(sorted((d for d in room if d), key=DIE_INDEX.get))


# -- applying ---------------------------------------------------------------------------------


def _leaves(s: Restaurant, ev: list[Entry], i: int, paid: bool, how: str) -> None:
    """A guest leaves satisfied. "Money is received in the cash register only once the order
    has been served and collected and the customer leaves the game"."""
    slot = s.line[i]
    assert slot is not None
    code = slot[0]
    s.line = (*s.line[:i], None, *s.line[i + 1 :])
    s.gone = (*s.gone, code)
    money = CARDS[code].pay if paid else 0
    s.cash += money
    ev.append(
        (
            "leaves",
            0,
            {"card": code, "spot": SPOTS[i], "money": money, "how": how, "cash": s.cash},
        )
    )


def _vip_served(s: Restaurant, ev: list[Entry], code: str, served_before: bool) -> None:
    # "Serving them in time earns good reputation, gaining 1 popularity star"
    if CARDS[code].kind == VIP and not served_before:
        gain_stars(s, ev, 1, "vip", code)


def apply(s: Restaurant, ev: list[Entry], a: Action) -> None:
    """Apply a placement (or the end of placement) that is legal now."""
    PLACE[type(a)](s, ev, a)


def _apply_order(s: Restaurant, ev: list[Entry], a: Order) -> None:
    i = SPOT_INDEX[a.spot]
    code, served, paid = s.line[i]  # type: ignore[misc]
    var = variation(s)
    if var:  # did these dice need the extra's variation (once a turn)?
        need = next(need for verb, need in order_needs(code, served, paid) if verb == a.verb)
        if cover(need, faces_of(s, a.dice), True, var) == 1:
            s.extra_used = True
    set_dice(s, a.dice, "used")
    ev.append((a.verb, 0, {"card": code, "spot": a.spot, "dice": list(a.dice)}))
    now_served = served or a.verb != "collect"
    now_paid = paid or a.verb != "serve"
    if a.verb != "collect":
        _vip_served(s, ev, code, served)
    if now_served and (now_paid or CARDS[code].kind == PREPAID):
        _leaves(s, ev, i, True, a.verb)
    else:
        s.line = (*s.line[:i], (code, now_served, now_paid), *s.line[i + 1 :])


def _apply_voucher(s: Restaurant, ev: list[Entry], a: Voucher) -> None:
    i = SPOT_INDEX[a.spot]
    code, served, _ = s.line[i]  # type: ignore[misc]
    voucher = idle_bonus(s, VOUCHER)
    s.bonus = tuple(b for b in s.bonus if b[0] != voucher)
    s.gone = (*s.gone, voucher)
    ev.append(("voucher", 0, {"card": code, "spot": a.spot}))
    _vip_served(s, ev, code, served)
    # "Do not collect payment; you receive no money."
    _leaves(s, ev, i, False, "voucher")


def _apply_bonus(s: Restaurant, ev: list[Entry], a: Bonus) -> None:
    i = SPOT_INDEX[a.spot]
    code = s.line[i][0]  # type: ignore[index]
    card = CARDS[code]
    s.line = (*s.line[:i], None, *s.line[i + 1 :])
    if card.kind == CLEANING:  # "it must remain for the number of turns shown"
        s.bonus = (*s.bonus, (code, a.die, card.track))
        set_dice(s, (a.die,), "busy")
    else:
        s.bonus = (*s.bonus, (code, "", 0))
        set_dice(s, (a.die,), "used")
    ev.append(("bonus", 0, {"card": code, "spot": a.spot, "die": a.die}))


def _apply_turn(s: Restaurant, ev: list[Entry], a: Turn) -> None:
    set_dice(s, (a.die,), "free", a.face)
    ev.append(("turn-die", 0, {"die": a.die, "face": a.face}))


def _apply_reroll(s: Restaurant, ev: list[Entry], a: Reroll) -> None:
    flow.reroll(s, ev, a.dice)


def _apply_end(s: Restaurant, ev: list[Entry], a: End) -> None:
    ev.append(("end-placement", 0, {}))
    flow.end_placement(s, ev)


def _apply_assign(s: Restaurant, ev: list[Entry], a: Assign) -> None:
    if a.verb == "keep":
        # "You may decide to keep the dice results, not using them and reserving them for use
        # on a later turn."
        set_dice(s, (a.die,), "aside")
    elif a.verb == "task":
        task = TASKS[s.door]
        s.task_zone = (*s.task_zone, (s.door, a.die, task.turns))
        ev.append(("task-assigned", 0, {"task": s.door, "die": a.die}))
        s.door = ""
        set_dice(s, (a.die,), "busy")
        return
    else:
        code = idle_bonus(s, KEY) if a.verb == "key" else PINATA_CARD
        s.bonus = tuple(
            (c, a.die, CARDS[c].track) if c == code else (c, d, n) for c, d, n in s.bonus
        )
        set_dice(s, (a.die,), "busy")
    ev.append((a.verb, 0, {"die": a.die}))


def _apply_menu(s: Restaurant, ev: list[Entry], a: Menu) -> None:
    item = a.item
    needs = MENU_ITEM[item].needs
    var = variation(s)
    if var:  # did these dice need the extra's variation (once a turn)?
        faces = faces_of(s, a.dice)
        fits = [cover(n, faces, False, var) for n in needs]
        if min(f for f in fits if f >= 0) == 1:
            s.extra_used = True
    ev.append(("menu", 0, {"item": item, "dice": list(a.dice), "recover": list(a.recover)}))
    if item in ("vulcano", "mole"):
        # "Convert three food faces or three drink faces into one money face" / "four food
        # faces into two money faces": the first die (two dice) listed turn to money and stay
        # in the tray; the others are spent.
        turned = len(CONVERTS_TO[item])
        set_dice(s, a.dice[turned:], "used")
        faces_now = list(s.faces)
        for d in a.dice[:turned]:
            faces_now[DIE_INDEX[d]] = MONEY
        s.faces = tuple(faces_now)
    elif item == "achilipu":
        set_dice(s, a.dice[3:], "used")
        set_dice(s, a.dice[:3], "wild", "")
    elif item == "taco":
        set_dice(s, a.dice, "used")
        # "Remove from the customer area the customer cards (except bonus cards) and receive
        # the money corresponding to them."
        for i, slot in enumerate(s.line):
            if slot is not None and CARDS[slot[0]].kind in GUESTS:
                _vip_served(s, ev, slot[0], slot[1])
                _leaves(s, ev, i, True, "taco")
    elif item == "nachos":
        set_dice(s, a.dice, "used")
        gain_stars(s, ev, 1, "nachos")
    elif item == "plata":
        set_dice(s, a.dice, "used")
        set_dice(s, a.recover, "ready")
        s.room = tuple("" if d in a.recover else d for d in s.room)


PLACE = {
    Order: _apply_order,
    Voucher: _apply_voucher,
    Bonus: _apply_bonus,
    Assign: _apply_assign,
    Menu: _apply_menu,
    Turn: _apply_turn,
    Reroll: _apply_reroll,
    End: _apply_end,
}
"""How each kind of placement is applied."""
