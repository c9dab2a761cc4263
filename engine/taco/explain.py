"""Why a manager's action is refused now: one short sentence for the player and a stable
``rule`` key the UI and the tests match on (see docs/rules-decisions.md for the list)."""

from __future__ import annotations

from ..protocol import IllegalAction
from .actions import (
    Action,
    Assign,
    Bonus,
    Discard,
    End,
    Menu,
    Offer,
    Order,
    Play,
    Reroll,
    Spend,
    Turn,
    Voucher,
    malformed,
    well_formed,
)
from .board import (
    ADVERTISING_COST,
    BOARD,
    DICE_MENU,
    MENU_ITEM,
    OVERTIME_COSTS,
    PLATA_RECOVERS,
    SPOT_INDEX,
)
from .cards import CARDS, GUESTS, KEY, PICKPOCKET, PINATA_CARD, PREPAID, TASKS, VOUCHER
from .dice import DIE_INDEX, FACES, cover
from .flow import reroll_cost
from .placement import idle_bonus, variation
from .restaurant import Restaurant
from .roll import DIE_STATES, IN_TRAY, USABLE, faces_of, order_needs


def no(message: str, rule: str) -> IllegalAction:
    return IllegalAction(message, rule)


def _phase(s: Restaurant, a: Action) -> IllegalAction | None:
    if isinstance(a, (Play, Discard)):
        return no("Only the customer player plays cards, at the start of a turn.", "not-your-cards")
    if s.stage == "extra" and not isinstance(a, Offer):
        return no(
            f"First decide on the extra on offer ({CARDS[s.offer].name}): buy or pass.",
            "extra-pending",
        )
    if s.stage != "extra" and isinstance(a, Offer):
        return no("No extra card is on offer.", "no-offer")
    if s.stage == "management" and not isinstance(a, (Spend, End)):
        return no(
            "Placement is over this turn: pay for overtime, advertising or fines, or end the turn.",
            "not-now",
        )
    if s.stage == "management" and a == End("placement"):
        return no("Placement is already over: end the turn.", "not-now")
    if s.stage == "placement" and (isinstance(a, Spend) or a == End("turn")):
        return no("Money is managed in phase 3: end placement first.", "not-now")
    if s.stage == "placement" and "wild" in s.status and not isinstance(a, Turn):
        return no("Achilipú: turn its dice to the faces you want first.", "achilipu-turn-first")
    return None


def _dice(
    s: Restaurant, dice: tuple[str, ...], allowed: tuple[str, ...] = USABLE
) -> IllegalAction | None:
    order = sorted(dice, key=DIE_INDEX.get)
    for d in dice:
        st = s.status[DIE_INDEX[d]]
        if st not in allowed:
            return no(f"{d} cannot be placed: it is {DIE_STATES[st]}.", "die-not-available")
    if list(dice) != order:
        return no("List the dice in the order M, E1, E2, E3, T.", "dice-order")
    return None


def explain_placement(s: Restaurant, a: Action) -> IllegalAction:
    if not well_formed(a):  # every field is checked before any rule below reads it
        return malformed(a)
    found = _phase(s, a)
    if found:
        return found
    if isinstance(a, Order):
        return _order(s, a)
    if isinstance(a, Voucher):
        if not idle_bonus(s, VOUCHER):
            return no("You have no meal voucher in the bonus zone.", "no-voucher")
        return no("The meal voucher completes a customer's order: pick a customer.", "no-customer")
    if isinstance(a, Bonus):
        slot = s.line[SPOT_INDEX[a.spot]]
        if slot is None or CARDS[slot[0]].kind in GUESTS:
            return no("There is no bonus card there.", "not-a-bonus")
        if len(s.bonus) >= BOARD.bonus_zone:
            return no("There is no room in the bonus zone.", "bonus-zone-full")
        found = _dice(s, (a.die,))
        if found:
            return found
        need = " or ".join(FACES[f] for f in CARDS[slot[0]].faces)
        return no(f"{CARDS[slot[0]].name} needs a die showing {need}.", "bonus-die")
    if isinstance(a, Assign):
        found = _dice(s, (a.die,))
        if found:
            return found
        if a.verb == "task":
            if not s.door:
                return no("There is no task on the storeroom door.", "no-task")
            return no(f"This task needs a die showing {FACES[TASKS[s.door].face]}.", "task-die")
        if a.verb == "key":
            if not idle_bonus(s, KEY):
                return no("The staff-room key is not waiting in your bonus zone.", "no-key")
            return no("The staff-room key is activated with a die showing money.", "key-die")
        if a.verb == "pinata":
            if not any(c == PINATA_CARD and not d for c, d, _ in s.bonus):
                return no("The piñata is not waiting in your bonus zone.", "no-pinata")
            return no("The piñata is resolved with a die showing blank.", "pinata-die")
    if isinstance(a, Menu):
        return _menu(s, a)
    if isinstance(a, Turn):
        if s.status[DIE_INDEX[a.die]] != "wild":
            return no("Only Achilipú's dice may be turned to a face you choose.", "not-wild")
    if isinstance(a, Reroll):
        cost = reroll_cost(s)
        if s.cash < cost:
            return no(f"A re-roll costs ${cost}; you have ${s.cash}.", "reroll-cash")
        found = _dice(s, a.dice, IN_TRAY)
        if found:
            return found
    if isinstance(a, Spend):
        return _spend(s, a)
    if isinstance(a, Offer) and a.verb == "buy":
        return no(
            f"{CARDS[s.offer].name} costs ${CARDS[s.offer].price}; you have ${s.cash}.",
            "extra-cash",
        )
    return no("That is not allowed now.", "illegal")


def _order(s: Restaurant, a: Order) -> IllegalAction:
    slot = s.line[SPOT_INDEX[a.spot]]
    if slot is None:
        return no("There is no customer there.", "no-customer")
    code, served, paid = slot
    card = CARDS[code]
    if card.kind not in GUESTS:
        return no(f"{card.name} is a bonus card: take it with 'bonus'.", "not-a-customer")
    if a.verb in ("serve", "both") and served:
        return no("This order has already been served.", "already-served")
    if a.verb in ("collect", "both") and card.kind == PREPAID:
        return no("An order-terminal card is prepaid: serving it completes it.", "prepaid")
    if a.verb in ("collect", "both") and paid:
        return no("This order has already been paid.", "already-paid")
    if a.verb == "collect" and card.kind == PICKPOCKET and not served:
        return no(
            "The pickpocket must be served before you collect payment.", "pickpocket-serve-first"
        )
    found = _dice(s, a.dice)
    if found:
        return found
    need = dict(order_needs(code, served, paid)).get(a.verb)
    faces = faces_of(s, a.dice)
    if a.verb == "collect":
        return no("Collecting payment takes exactly one die showing money.", "collect-needs-money")
    if need and "B" in faces and not any(f in "FD" for f in faces):
        return no(
            "A blank face is worth nothing alone: it converts only beside a food or drink die.",
            "blank-needs-company",
        )
    if need and cover(need, faces, True, variation(s)) < 0:
        parts = [f"{card.food} food"] * bool(card.food) + [f"{card.drink} drink"] * bool(card.drink)
        money = " and one money die" if a.verb == "both" else ""
        return no(
            f"The order needs {' and '.join(parts)}{money},"
            " served in full with exactly those dice.",
            "serve-in-full",
        )
    return no("That is not allowed now.", "illegal")


def _menu(s: Restaurant, a: Menu) -> IllegalAction:
    item = MENU_ITEM[a.item] if a.item in DICE_MENU else None
    if item is None:
        return no("No such menu item.", "illegal")
    if a.item == "taco" and not any(x and CARDS[x[0]].kind in GUESTS for x in s.line):
        return no("Taco especial: there is no customer to serve.", "menu-no-customers")
    if a.item == "nachos" and s.popularity >= BOARD.popularity_start:
        return no("Your popularity is already at the top.", "popularity-max")
    found = _dice(s, tuple(sorted(a.dice, key=DIE_INDEX.get)))
    if found:
        return found
    faces = faces_of(s, a.dice)
    var = variation(s)
    fits = [n for n in item.needs if cover(n, faces, False, var) >= 0]
    if not fits:
        return no(
            f"{item.name} needs exactly its dice faces;"
            " blank-face variations are NOT valid on the menu.",
            "menu-dice",
        )
    if a.item == "plata":
        if not a.recover or any(d not in s.room for d in a.recover):
            return no("La Plata recovers dice that are in the rest room.", "not-resting")
        if len(a.recover) > PLATA_RECOVERS[fits[0]]:
            return no(
                "One money face recovers one die; three blanks recover two.", "plata-recovers"
            )
    elif a.recover:
        return no("Only La Plata recovers dice.", "illegal")
    return no("List the dice as the action list writes them.", "dice-order")


def _spend(s: Restaurant, a: Spend) -> IllegalAction:
    if a.verb == "advertise":
        if s.popularity >= BOARD.popularity_start:
            return no("Your popularity is already at the top.", "popularity-max")
        return no(
            f"An advertising campaign costs ${ADVERTISING_COST}; you have ${s.cash}.",
            "advertise-cash",
        )
    if a.verb == "pay":
        if not s.fines:
            return no("You have no fine to pay.", "no-fine")
        return no(f"Your fines come to ${s.fines}; you have ${s.cash}.", "fine-cash")
    if s.overtime >= len(OVERTIME_COSTS):
        return no("Extra hours may only be applied twice during the game.", "overtime-limit")
    if a.die not in s.room:
        return no(f"{a.die} is not in the rest room.", "not-resting")
    cost = OVERTIME_COSTS[s.overtime]
    return no(f"Extra hour {s.overtime + 1} costs ${cost}; you have ${s.cash}.", "overtime-cash")
