"""Phase 2 of Crazy Taco, dice placement: every placement the manager has now, as legal
actions, and applying one. (Phase 3 and the extras on offer: engine/taco/management.py; why a
placement is refused: engine/taco/explain.py.)

Rulebook, "(F2) Dice Placement": "Analyze the resulting roll and decide, using EACH die only
ONCE, which of your priorities to pursue". A die can be placed while it is ``free`` (rolled
this turn) or ``kept`` (kept from an earlier turn); see ``DIE_STATES``.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..protocol import Event
from . import flow
from .actions import Action, Assign, Bonus, End, Menu, Order, Reroll, Turn, Voucher
from .board import (
    BOARD,
    CONVERTS_TO,
    MENU_ITEM,
    PLATA_RECOVERS,
    REROLL_COST,
    SPOT_INDEX,
    SPOTS,
)
from .cards import (
    CARDS,
    CLEANING,
    GUESTS,
    KEY,
    PICKPOCKET,
    PINATA_CARD,
    PREPAID,
    TASKS,
    VIP,
    VOUCHER,
)
from .dice import DICE, DIE_INDEX, MONEY, TURNABLE, Need, cover
from .ledger import gain_stars
from .restaurant import Restaurant

DIE_STATES: dict[str, str] = {
    "ready": "waiting for the next roll",
    "free": "rolled this turn, ready to place",
    "kept": "kept from an earlier turn, ready to place",
    "aside": "set aside this turn, kept for the next",
    "used": "placed this turn",
    "rest": "showed the rest face this turn",
    "room": "in the rest room",
    "busy": "captive on a task or bonus card",
    "locked": "locked in the fine zone",
    "wild": "Achilipú: waiting to be turned to a face",
}
USABLE = ("free", "kept")
IN_TRAY = ("free", "kept", "rest")  # what a paid re-roll may roll again
IDS = tuple(d.id for d in DICE)
TURNS = {"vulcano": 1, "mole": 2, "achilipu": 3}  # dice a menu line turns rather than spends


def variation(s: Restaurant) -> str:
    """The extra in play's variation, if not yet used this turn ("" otherwise)."""
    return CARDS[s.extra].effect if s.extra and not s.extra_used else ""


def usable(s: Restaurant) -> tuple[tuple[str, str], ...]:
    return tuple((IDS[i], s.faces[i]) for i in range(len(IDS)) if s.status[i] in USABLE)


@lru_cache(maxsize=2048)
def subsets(
    dice: tuple[tuple[str, str], ...],
) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """Every non-empty set of these (die, face) pairs: (ids in DICE order, faces sorted)."""
    out = []
    for k in range(1, len(dice) + 1):
        for combo in combinations(dice, k):
            out.append((tuple(d for d, _ in combo), tuple(sorted(f for _, f in combo))))
    return tuple(out)


@lru_cache(maxsize=2048)
def by_faces(
    dice: tuple[tuple[str, str], ...],
) -> tuple[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]], ...]:
    """The same sets grouped by what they show: (faces sorted, every ids tuple showing them)."""
    groups: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for ids, faces in subsets(dice):
        groups.setdefault(faces, []).append(ids)
    return tuple((faces, tuple(idss)) for faces, idss in groups.items())


def order_needs(code: str, served: bool, paid: bool) -> list[tuple[str, Need]]:
    """What can be done for a guest now: serve in full, collect with one money die, or both.

    "If you serve a customer's order, it must be served in full, NEVER partially." The
    pickpocket: "you must serve them before collecting payment for their order." An order
    terminal (1 vs 1) "does not need a payment die … it is resolved directly with the action
    on the order."
    """
    card = CARDS[code]
    serve: Need = (card.food, card.drink, 0, 0)
    if card.kind == PREPAID:
        return [] if served else [("serve", serve)]
    out: list[tuple[str, Need]] = []
    if not served:
        out.append(("serve", serve))
    if not paid and (card.kind != PICKPOCKET or served):
        out.append(("collect", (0, 0, 1, 0)))
    if not served and not paid:
        out.append(("both", (card.food, card.drink, 1, 0)))
    return out


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
    wild = [IDS[i] for i, st in enumerate(s.status) if st == "wild"]
    if wild:
        return [Turn(d, f) for d in wild for f in TURNABLE]
    dice = usable(s)
    var = variation(s)
    out: list[Action] = []
    voucher = bool(idle_bonus(s, VOUCHER))
    room_for_bonus = len(s.bonus) < BOARD.bonus_zone
    for i, slot in enumerate(s.line):
        if slot is None:
            continue
        code, served, paid = slot
        card = CARDS[code]
        spot = SPOTS[i]
        if card.kind in GUESTS:
            out += _orders(spot, code, served, paid, dice, var, canonical)
            if voucher:
                out.append(Voucher(spot))
        elif room_for_bonus:
            out += [Bonus(spot, d) for d, f in dice if f in card.faces]
    if s.door:
        face = TASKS[s.door].face
        out += [Assign("task", d) for d, f in dice if f == face]
    if idle_bonus(s, KEY):
        out += [Assign("key", d) for d, f in dice if f in CARDS[idle_bonus(s, KEY)].faces]
    if any(c == PINATA_CARD and not d for c, d, _ in s.bonus):
        out += [Assign("pinata", d) for d, f in dice if f in CARDS[PINATA_CARD].faces]
    guests = any(x is not None and CARDS[x[0]].kind in GUESTS for x in s.line)
    resting = tuple(sorted((d for d in s.room if d), key=DIE_INDEX.get))
    top = s.popularity >= BOARD.popularity_start
    out += _menu(dice, var, canonical, guests, resting, top)
    out += [Assign("keep", d) for d, _ in dice]
    if s.cash >= REROLL_COST:
        tray = tuple((IDS[i], s.faces[i]) for i in range(len(IDS)) if s.status[i] in IN_TRAY)
        out += [Reroll(ids) for ids, _ in subsets(tray)]
    out.append(End("placement"))
    return out


@lru_cache(maxsize=8192)
def _orders(
    spot: str,
    code: str,
    served: bool,
    paid: bool,
    dice: tuple[tuple[str, str], ...],
    var: str,
    canonical: bool,
) -> tuple[Order, ...]:
    """The serve/collect/both placements for one guest (cached: the search asks again and
    again about the same dice)."""
    groups = _groups(dice, canonical)
    out: list[Order] = []
    for verb, need in order_needs(code, served, paid):
        for faces, idss in groups:
            if cover(need, faces, True, var) >= 0:
                out += [Order(verb, spot, ids) for ids in idss]
    return tuple(out)


def _groups(dice: tuple[tuple[str, str], ...], canonical: bool):
    groups = by_faces(dice)
    return tuple((faces, idss[:1]) for faces, idss in groups) if canonical else groups


@lru_cache(maxsize=8192)
def _menu(
    dice: tuple[tuple[str, str], ...],
    var: str,
    canonical: bool,
    guests: bool,
    resting: tuple[str, ...],
    top: bool,
) -> tuple[Action, ...]:
    groups = _groups(dice, canonical)
    out: list[Action] = []
    for item in ("taco", "vulcano", "plata", "mole", "achilipu", "nachos"):
        if item == "taco" and not guests:
            continue  # nobody to serve: nothing to gain
        if item == "nachos" and top:
            continue
        if item == "plata" and not resting:
            continue
        for need in MENU_ITEM[item].needs:
            for faces, idss in groups:
                if cover(need, faces, False, var) < 0:
                    continue
                for ids in idss:
                    out += _menu_actions(item, need, ids, resting, canonical)
    return tuple(out)


def _menu_actions(item: str, need: Need, ids: tuple[str, ...], resting, canonical: bool):
    out: list[Action] = []
    if item == "plata":
        most = PLATA_RECOVERS[need]
        for k in range(1, min(most, len(resting)) + 1):
            for back in combinations(resting, k):
                out.append(Menu("plata", ids, back))
    elif item in TURNS:
        # The dice listed first are the ones turned (to money, or to faces chosen after).
        for first in combinations(ids, min(TURNS[item], len(ids))):
            rest = tuple(d for d in ids if d not in first)
            out.append(Menu(item, (*first, *rest)))
            if canonical:
                break
    else:
        out.append(Menu(item, ids))
    return out


# -- applying ---------------------------------------------------------------------------------


def _faces(s: Restaurant, dice: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(s.faces[DIE_INDEX[d]] for d in dice))


FACELESS = ("ready", "room", "busy", "locked", "wild")  # a die showing no face


def set_dice(s: Restaurant, dice: tuple[str, ...], status: str, face: str | None = None) -> None:
    st, fa = list(s.status), list(s.faces)
    for d in dice:
        st[DIE_INDEX[d]] = status
        if face is not None:
            fa[DIE_INDEX[d]] = face
        elif status in FACELESS:
            fa[DIE_INDEX[d]] = ""
    s.status, s.faces = tuple(st), tuple(fa)


def _leaves(s: Restaurant, ev: list[Event], i: int, paid: bool, how: str) -> None:
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
        Event(
            "leaves",
            0,
            {"card": code, "spot": SPOTS[i], "money": money, "how": how, "cash": s.cash},
        )
    )


def _vip_served(s: Restaurant, ev: list[Event], code: str, served_before: bool) -> None:
    # "Serving them in time earns good reputation, gaining 1 popularity star"
    if CARDS[code].kind == VIP and not served_before:
        gain_stars(s, ev, 1, "vip", code)


def apply(s: Restaurant, ev: list[Event], a: Action) -> None:
    if isinstance(a, Order):
        _apply_order(s, ev, a)
    elif isinstance(a, Voucher):
        i = SPOT_INDEX[a.spot]
        code, served, _ = s.line[i]  # type: ignore[misc]
        voucher = idle_bonus(s, VOUCHER)
        s.bonus = tuple(b for b in s.bonus if b[0] != voucher)
        s.gone = (*s.gone, voucher)
        ev.append(Event("voucher", 0, {"card": code, "spot": a.spot}))
        _vip_served(s, ev, code, served)
        # "Do not collect payment; you receive no money."
        _leaves(s, ev, i, False, "voucher")
    elif isinstance(a, Bonus):
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
        ev.append(Event("bonus", 0, {"card": code, "spot": a.spot, "die": a.die}))
    elif isinstance(a, Assign):
        _apply_assign(s, ev, a)
    elif isinstance(a, Menu):
        _apply_menu(s, ev, a)
    elif isinstance(a, Turn):
        set_dice(s, (a.die,), "free", a.face)
        ev.append(Event("turn-die", 0, {"die": a.die, "face": a.face}))
    elif isinstance(a, Reroll):
        flow.reroll(s, ev, a.dice)
    elif isinstance(a, End):
        ev.append(Event("end-placement", 0, {}))
        flow.end_placement(s, ev)
    else:  # pragma: no cover - apply only receives legal actions
        raise AssertionError(a)


def _apply_order(s: Restaurant, ev: list[Event], a: Order) -> None:
    i = SPOT_INDEX[a.spot]
    code, served, paid = s.line[i]  # type: ignore[misc]
    need = dict(order_needs(code, served, paid))[a.verb]
    if cover(need, _faces(s, a.dice), True, variation(s)) == 1:
        s.extra_used = True
    set_dice(s, a.dice, "used")
    ev.append(Event(a.verb, 0, {"card": code, "spot": a.spot, "dice": list(a.dice)}))
    now_served = served or a.verb in ("serve", "both")
    now_paid = paid or a.verb in ("collect", "both")
    if a.verb != "collect":
        _vip_served(s, ev, code, served)
    if CARDS[code].kind == PREPAID or (now_served and now_paid):
        _leaves(s, ev, i, True, a.verb)
    else:
        s.line = (*s.line[:i], (code, now_served, now_paid), *s.line[i + 1 :])


def _apply_assign(s: Restaurant, ev: list[Event], a: Assign) -> None:
    if a.verb == "keep":
        # "You may decide to keep the dice results, not using them and reserving them for use
        # on a later turn."
        set_dice(s, (a.die,), "aside")
    elif a.verb == "task":
        task = TASKS[s.door]
        s.task_zone = (*s.task_zone, (s.door, a.die, task.turns))
        ev.append(Event("task-assigned", 0, {"task": s.door, "die": a.die}))
        s.door = ""
        set_dice(s, (a.die,), "busy")
        return
    else:
        code = idle_bonus(s, KEY) if a.verb == "key" else PINATA_CARD
        s.bonus = tuple(
            (c, a.die, CARDS[c].track) if c == code else (c, d, n) for c, d, n in s.bonus
        )
        set_dice(s, (a.die,), "busy")
    ev.append(Event(a.verb, 0, {"die": a.die}))


def _apply_menu(s: Restaurant, ev: list[Event], a: Menu) -> None:
    item = a.item
    needs = MENU_ITEM[item].needs
    faces = _faces(s, a.dice)
    var = variation(s)
    used_extra = min(cover(n, faces, False, var) for n in needs if cover(n, faces, False, var) >= 0)
    if used_extra == 1:
        s.extra_used = True
    ev.append(Event("menu", 0, {"item": item, "dice": list(a.dice), "recover": list(a.recover)}))
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
