"""Crazy Taco in words: card and die names, what an order wants, each engine event as one
sentence, and the status line. Pure: views and events in, text out.

Card names come from the engine's card list (``engine.taco.cards.describe``: what is printed on
a card is public); what happened comes only from the events.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.taco.cards import describe

from ...html import join_words, plural

if TYPE_CHECKING:
    from ...session import Session

FACE_WORD = {"$": "money", "F": "food", "D": "drink", "B": "blank", "Z": "rest"}
DIE_NAME = {"M": "Manager", "E1": "Employee 1", "E2": "Employee 2", "E3": "Employee 3"}
DIE_NAME["T"] = "Trainee"
ROLE = ("manager", "customer player")
KIND_WORD = {
    "welcome": "WELCOME customer",
    "customer": "customer",
    "vip": "VIP",
    "pickpocket": "the pickpocket",
    "prepaid": "order terminal (prepaid)",
    "cleaning": "restaurant cleaning",
    "free-time": "free time",
    "voucher": "meal voucher",
    "key": "staff-room key",
    "extra": "extra",
    "inspection": "inspection",
    "pinata": "Fiesta Piñata",
}
WHY = {
    "forced-out": "a customer was forced out",
    "unattended": "a bonus card left unattended",
    "vip": "the VIP",
    "pickpocket": "the pickpocket got away",
    "task": "a task left undone",
    "task-cost": "a task's cost",
    "inspection": "the inspection",
    "advertise": "advertising",
    "nachos": "Nachos Pico-Pica",
    "pinata": "the piñata",
    "popularity": "popularity fell to nothing",
}
REASON = {
    "deck-resolved": "every customer card was played and resolved",
    "popularity": "popularity fell to the last space",
    "closing-time": "closing time: the turn limit was reached",
    "cannot-play": "the customer player could not play a card",
}


def card_name(code: str | None) -> str:
    if not code:
        return "—"
    try:
        name = str(describe(code)["name"])
    except KeyError:
        return str(code)
    if name.startswith(("WELCOME: ", "Extra: ")):
        rest = name.split(": ", 1)[1]
        return rest[:1].upper() + rest[1:]
    return name


def short_name(card: Mapping[str, Any]) -> str:
    """A word or two that fits a 56 px card: "Grandma", "Cleaning", "Key"."""
    kind = card["kind"]
    short = {
        "cleaning": "Clean",
        "voucher": "Voucher",
        "key": "Key",
        "free-time": "Free time",
        "vip": "VIP",
        "pickpocket": "Pickpocket",
        "pinata": "Piñata",
        "inspection": "Inspection",
    }
    name = short.get(kind, card_name(card["code"]))
    if kind == "prepaid" and ": " in name:  # "Order terminal: app order": the terminal is drawn
        rest = name.split(": ", 1)[1]
        name = rest[:1].upper() + rest[1:]
    return name


def die_text(die: str) -> str:
    return DIE_NAME.get(die, die)


def faces_text(faces: str) -> str:
    return " or ".join(FACE_WORD.get(f, f) for f in faces)


def order_text(card: Mapping[str, Any]) -> str:
    """ "2 food and 1 drink" (what the order needs, served in full)."""
    parts = [f"{card['food']} food"] * bool(card.get("food")) + [f"{card['drink']} drink"] * bool(
        card.get("drink")
    )
    return join_words(parts) or "nothing"


def penalty_text(p: Mapping[str, Any] | None) -> str:
    if not p:
        return ""
    parts = []
    if p.get("stars"):
        parts.append(plural(p["stars"], "star"))
    if p.get("fine"):
        parts.append(f"${p['fine']} fine")
    return " and ".join(parts)


def card_text(card: Mapping[str, Any]) -> str:
    """A card in one sentence, for its accessible name and the details toast."""
    kind = card["kind"]
    name = card_name(card["code"])
    if "food" in card:
        text = f"{name}: wants {order_text(card)}, pays ${card['pay']}"
        if kind == "prepaid":
            text = f"{name} (prepaid): wants {order_text(card)}; serving it completes it"
        if card.get("message"):
            text += f", +{card['message'].upper()}"
        if kind == "vip":
            text += "; serve before the patience zone: +1 star, or lose 2"
        if kind == "pickpocket":
            text += "; serve before collecting, or they slip back into the deck"
        return text
    if kind == "task":
        text = f"Task {name}: needs a {FACE_WORD[card['face']]} die for {card['turns']} turns"
        if card.get("cost"):
            text += f", then costs ${card['cost']}"
        pen = penalty_text(card.get("penalty"))
        return text + (f"; left undone: {pen}" if pen else "")
    if kind in ("cleaning", "voucher", "key", "pinata"):
        text = f"{KIND_WORD[kind].capitalize()}: take it with a {faces_text(card['faces'])} die"
        if card.get("track"):
            text += f", held {plural(card['track'], 'turn')}"
        if kind == "key":
            text = (
                "Staff-room key: take it with a money die; activate it with another money die"
                f" (held {plural(card.get('track', 3), 'turn')}): nobody rests meanwhile"
            )
        if kind == "voucher":
            text += "; later it completes one order, no dice, no money"
        if kind == "pinata":
            text += f", then +${card.get('reward', 6)}"
        pen = penalty_text(card.get("penalty"))
        return text + (f"; unattended: {pen}" if pen else "")
    if kind == "extra":
        return f"{name}: ${card['price']}; {EFFECT.get(card['effect'], card['effect'])}"
    if kind == "inspection":
        return f"{name}: {INSPECTION.get(card['rule'], '')}"
    return name


EFFECT = {
    "double-food": "once a turn one food die counts as two food",
    "double-drink": "once a turn one drink die counts as two drinks",
    "blank-money": "once a turn one blank die counts as money",
}
INSPECTION = {
    "per-resting": "$3 per worker in the rest room",
    "none-resting": "$6 if no worker is resting",
    "per-cleaning": "$5 per cleaning card in play",
}


def dice_list(dice: list[str] | tuple[str, ...]) -> str:
    return join_words([die_text(d) for d in dice])


def faces_list(faces: Mapping[str, str], dice: list[str] | None = None) -> str:
    order = dice if dice is not None else list(faces)
    return ", ".join(f"{d} {FACE_WORD.get(faces[d], faces[d])}" for d in order if d in faces)


def who(s: Session, seat: Any) -> str:
    return s.subject(seat) if isinstance(seat, int) and 0 <= seat < s.players else "The crew"


def event_sentence(s: Session, e: Mapping[str, Any]) -> str | None:
    """One line for one event ("" for bookkeeping nobody needs to read; None for an event this
    UI does not know, which the generic narration then words)."""
    k = e["kind"]
    seat = e.get("seat")
    you = who(s, seat)
    card = card_name(e.get("card"))
    verb = lambda base, third=None: s.verb(seat, base, third) if isinstance(seat, int) else base  # noqa: E731
    if e.get("secret"):
        if k == "draw":
            return f"{you} {verb('draw')} {plural(e.get('count', 0), 'card')}"
        if k == "discard":
            return f"{you} {verb('discard')} three cards and {verb('draw')} three"
        return ""
    simple: dict[str, Any] = {
        "turn": lambda: f"Turn {e['turn']} begins",
        "welcome": lambda: (
            "Doors open: " + join_words([card_name(c) for c in e.get("cards", [])]) + " come in"
        ),
        "arrive": lambda: (
            f"{card} arrives at position {e['spot']}"
            + (f", pushing {card_name(e['pushed'])} on" if e.get("pushed") else "")
        ),
        "patience": lambda: f"{card} waits in the patience zone",
        "forced-out": lambda: f"{card} is forced out",
        "unattended": lambda: f"{card} leaves unattended",
        "vip-leaves": lambda: "The VIP leaves unserved",
        "pickpocket-escapes": lambda: "The pickpocket slips back into the deck",
        "pickpocket-discarded": lambda: "The pickpocket is discarded: no tasks left",
        "popularity": lambda: (
            f"Popularity {e['change']:+d} to {e['popularity']}"
            + (f" ({WHY[e['why']]})" if e.get("why") in WHY else "")
        ),
        "fine": lambda: (
            f"Fine ${e['amount']}"
            + (f" ({WHY[e['why']]})" if e.get("why") in WHY else "")
            + ("" if e.get("paid") else ": not enough cash, into the fine zone")
        ),
        "task": lambda: f"New task on the storeroom door: {card_name(e['task'])}",
        "task-replaced": lambda: f"Task {card_name(e['task'])} was left undone",
        "no-task": lambda: "No task cards left",
        "inspection": lambda: f"Inspection! {card}: ${e['amount']}",
        "free-time": lambda: "Free time: nobody new this turn",
        "extra-offer": lambda: f"Extra on offer: {card}",
        "extra-bought": lambda: f"{you} {verb('buy', 'buys')} {card} for ${e['price']}",
        "extra-passed": lambda: f"{you} {verb('pass', 'passes')} on {card}",
        "extra-swapped": lambda: f"{card} swapped out: +${e['refund']}",
        "roll": lambda: "Roll: " + faces_list(e["faces"], e.get("rolled")),
        "reroll": lambda: f"{you} {verb('re-roll')} (${e['cost']}): " + faces_list(e["faces"]),
        "serve": lambda: f"{you} {verb('serve')} {card}",
        "collect": lambda: f"{you} {verb('collect')} from {card}",
        "both": lambda: f"{you} {verb('serve')} {card} and {verb('collect')}",
        "leaves": lambda: (
            f"{card} leaves happy" + (f": +${e['money']}" if e.get("money") else ": no money")
        ),
        "voucher": lambda: f"{you} {verb('use')} the meal voucher for {card}",
        "bonus": lambda: f"{you} {verb('take')} {card} into the bonus zone",
        "task-assigned": lambda: f"{die_text(e['die'])} takes on {card_name(e['task'])}",
        "key": lambda: f"{die_text(e['die'])} activates the staff-room key",
        "pinata": lambda: (
            f"{die_text(e['die'])} works on the piñata"
            if e.get("die")
            else "The Fiesta Piñata enters the bonus zone"
        ),
        "keep": lambda: f"{die_text(e['die'])} is set aside for a later turn",
        "menu": lambda: (
            f"{you} {verb('order')} {MENU_NAME.get(e['item'], e['item'])}"
            + (f": {dice_list(e['recover'])} back from the rest room" if e.get("recover") else "")
        ),
        "turn-die": lambda: f"{die_text(e['die'])} turned to {FACE_WORD[e['face']]}",
        "end-placement": lambda: "Placement over: phase 3",
        "turn-end": lambda: "",
        "rest": lambda: f"{die_text(e['die'])} goes to the rest room",
        "rested": lambda: f"{die_text(e['die'])} is back from the rest room",
        "task-done": lambda: f"{card_name(e['task'])} done: {die_text(e['die'])} is back",
        "bonus-done": lambda: f"{card} done: {die_text(e['die'])} is back",
        "cash": lambda: f"+${e['change']} from {card}",
        "fine-paid": lambda: f"{you} {verb('pay')} the fines: ${e['amount']}",
        "advertise": lambda: f"{you} {verb('run')} an advertising campaign: ${e['cost']}",
        "overtime": lambda: (
            f"Extra hour {e['hours']}: {die_text(e['die'])} back from the rest"
            f" room for ${e['cost']}"
        ),
        "play": lambda: f"{you} {verb('play')} {card}",
        "cannot-play": lambda: f"{you} cannot play any card",
        "pinata-breaks": lambda: "The piñata breaks unattended",
        "reveal": lambda: "",
        "game-over": lambda: "Game over: " + REASON.get(e.get("reason", ""), ""),
    }
    make = simple.get(k)
    return make() if make else None


# The menu's Spanish names (the rulebook's, as the engine lists them) and what they mean.
MENU_MEANS = {
    "taco": "the special taco",
    "vulcano": "volcano: ice and fire",
    "plata": "silver: the triple burrito",
    "mole": "Loreto's mole sauce",
    "achilipu": "a cheer: hooray!",
    "nachos": "spicy nachos",
    "advertise": "advertising campaign",
    "overtime1": "extra hour, the first",
    "overtime2": "extra hour, the second",
    "reroll": "re-rolling the dice",
}

# What each die's state means, in the UI's words (the view gives the state).
DIE_STATE = {
    "ready": "waiting for the next roll",
    "free": "rolled this turn, ready to place",
    "kept": "kept from an earlier turn, ready to place",
    "aside": "set aside, kept for the next turn",
    "used": "placed this turn",
    "rest": "resting: it rolled the rest face",
    "room": "in the rest room",
    "busy": "busy on a task or bonus card",
    "locked": "locked in the fine zone",
    "wild": "Achilipú: waiting to be turned to a face",
}


def reroll_price(view: Mapping[str, Any]) -> int:
    """The table's re-roll price (1 vs 1 has its own: the option ``reroll_price``)."""
    return next(m["cost"] for m in view["menu"] if m["id"] == "reroll")


def rest_explained(die: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    """What a resting die is, said at the first tap on it."""
    name = DIE_NAME.get(die["id"], die["id"])
    return (
        f"{name} rolled the rest face: it cannot serve or collect this turn and goes to the"
        f" rest room at the end of the turn. Only a paid re-roll (${reroll_price(view)}) can"
        " change its face."
    )


MENU_NAME = {
    "taco": "Taco especial",
    "vulcano": "Vulcano",
    "plata": "La Plata",
    "mole": "Loreto's Mole",
    "achilipu": "Achilipú",
    "nachos": "Nachos Pico-Pica",
}
MENU_GLOSS = {k: f"{v} ({MENU_MEANS[k]})" for k, v in MENU_NAME.items()}
