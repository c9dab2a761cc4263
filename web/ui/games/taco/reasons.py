"""A hinted move in Crazy Taco's words: what it is ("serve Grandma at position 2 with E1 and
T"), the one sentence saying what it does ("serves the VIP before he leaves"), and which elements
of the table show it (its dice and its target, marked ``data-hint``).

Read only from the view on screen: the move's parts are the view's ``moves`` entry with that
notation (verb, target, dice), the customer and the cards are the view's. Pure: no ``js``.

>>> view = {"counter": [{"spot": "1", "card": {"code": "C49", "kind": "vip", "food": 2,
...     "drink": 0, "pay": 6}}], "patience": [], "moves": [{"text": "serve 1 E1 E2",
...     "verb": "serve", "target": "1", "dice": ["E1", "E2"]}], "dice": [], "door": None,
...     "bonus_zone": {"cards": []}, "menu": []}
>>> reason(view, "serve 1 E1 E2")
'It serves the VIP before he leaves: +1 star, where letting him go costs 2.'
>>> hint_targets(view, "serve 1 E1 E2")
('E1', 'E2', '1')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .text import (
    DIE_NAME,
    FACE_WORD,
    MENU_GLOSS,
    card_name,
    dice_list,
    order_text,
    penalty_text,
    reroll_price,
)

SPOT_WORD = {"p1": "patience 1", "p2": "patience 2"}
GENERIC = "It is what the strongest bot would play here."


def move_of(view: Mapping[str, Any], text: str) -> dict[str, Any]:
    for m in view.get("moves", ()):
        if m["text"] == text:
            return dict(m)
    verb, _, rest = text.partition(" ")
    return {"text": text, "verb": verb, "target": rest, "dice": []}


def place_of(view: Mapping[str, Any], spot: str) -> Mapping[str, Any] | None:
    for place in (*view.get("counter", ()), *view.get("patience", ())):
        if place["spot"] == spot:
            return place
    return None


def where(spot: str) -> str:
    return SPOT_WORD.get(spot, f"position {spot}")


def guest_name(view: Mapping[str, Any], spot: str) -> str:
    place = place_of(view, spot)
    card = place and place["card"]
    return card_name(card["code"]) if card else f"the customer at {where(spot)}"


def move_text(view: Mapping[str, Any], text: str) -> str:
    """The move as a hint says it: "serve Grandma (position 2) with Employee 1 and Trainee"."""
    m = move_of(view, text)
    verb, target, dice = m["verb"], str(m.get("target", "")), m.get("dice", [])
    with_dice = f" with {dice_list(dice)}" if dice else ""
    if verb in ("serve", "collect", "both"):
        words = {"serve": "serve", "collect": "collect from", "both": "serve and collect from"}
        return f"{words[verb]} {guest_name(view, target)} ({where(target)}){with_dice}"
    if verb == "voucher":
        return f"use the meal voucher on {guest_name(view, target)}"
    if verb == "bonus":
        return f"take {guest_name(view, target)} into the bonus zone{with_dice}"
    if verb == "task":
        return f"put {dice_list(dice)} on the storeroom task"
    if verb == "key":
        return f"activate the staff-room key with {dice_list(dice)}"
    if verb == "pinata":
        return f"work on the piñata with {dice_list(dice)}"
    if verb == "keep":
        return f"keep {dice_list(dice)} for a later turn"
    if verb == "reroll":
        return f"re-roll {dice_list(dice)} for ${reroll_price(view)}"
    if verb == "menu":
        return f"order {MENU_GLOSS.get(target, target)}{with_dice}"
    if verb == "turn":
        return f"turn {DIE_NAME.get(dice[0], dice[0])} to {FACE_WORD.get(target, target)}"
    if verb == "end":
        return "end the turn" if target == "turn" else "end placement"
    if verb == "overtime":
        return f"pay for an extra hour: {dice_list(dice)} back from the rest room"
    if verb == "advertise":
        return "advertise for $10"
    if verb == "pay":
        return "pay the fines"
    if verb in ("buy", "pass"):
        return f"{verb} the extra on offer"
    if verb == "play":
        return f"play {card_name(target)}"
    if verb == "discard":
        return "discard three cards and draw three"
    return text


def reason(view: Mapping[str, Any], text: str) -> str:
    """One sentence: what the move does for the restaurant, in the game's terms."""
    m = move_of(view, text)
    verb, target = m["verb"], str(m.get("target", ""))
    place = place_of(view, target) if verb in ("serve", "collect", "both", "voucher") else None
    card = place["card"] if place else None
    if card is not None:
        name = card_name(card["code"])
        if card["kind"] == "vip" and verb in ("serve", "both", "voucher"):
            return "It serves the VIP before he leaves: +1 star, where letting him go costs 2."
        if card["kind"] == "pickpocket" and verb in ("serve", "both"):
            return "It serves the pickpocket before anyone collects, so he cannot slip away."
        if verb == "both" or (verb == "serve" and card.get("paid")):
            pay = f" ${card['pay']}" if card["kind"] != "prepaid" else ""
            return f"{name} is served and paid at once: they leave and{pay} goes in the register."
        if verb == "voucher":
            return f"The voucher serves {name} in full, no dice and no money needed."
        if verb == "collect" and card.get("served"):
            return f"{name} is already served: collecting sends ${card['pay']} to the register."
        if verb == "collect":
            return f"It takes {name}'s ${card['pay']} now; they leave once served."
        if place["zone"] == "patience":
            return f"It serves {name} ({order_text(card)}) before the line pushes them out."
        return f"It serves {name}'s whole order ({order_text(card)}) while it is in reach."
    if verb == "bonus":
        bonus = place_of(view, target)
        pen = penalty_text((bonus["card"] or {}).get("penalty")) if bonus else ""
        got = guest_name(view, target)
        return f"It takes {got} before it leaves unattended" + (f" ({pen})." if pen else ".")
    if verb == "task":
        task = view.get("door") or {}
        pen = penalty_text(task.get("penalty"))
        return "It starts the storeroom task" + (
            f" before it is left undone ({pen})." if pen else " before it is left undone."
        )
    if verb == "key":
        return "It activates the key: nobody goes to the rest room while it runs."
    if verb == "pinata":
        return "It works on the piñata, which pays out once it breaks."
    if verb == "keep":
        face = next((d["face"] for d in view.get("dice", ()) if d["id"] in m["dice"]), "")
        word = FACE_WORD.get(face or "", "its")
        return f"Nothing needs that {word} face now: it waits, face up, for a later turn."
    if verb == "reroll":
        return "Those dice cannot serve anyone as they lie; a new roll may."
    if verb == "menu":
        item = next((i for i in view.get("menu", ()) if i["id"] == target), None)
        does = item["text"].rstrip(".") if item else "the dish's effect"
        return f"{MENU_GLOSS.get(target, target)}: {does[:1].lower()}{does[1:]}."
    if verb == "turn":
        return f"Achilipú lets you choose: {FACE_WORD.get(target, target)} is what the line needs."
    if verb == "end":
        if target == "turn":
            return "Nothing left worth paying for: the next customers come in."
        return "No die left can serve, collect or help: time for phase 3."
    if verb == "overtime":
        return "A die back from the rest room works next turn instead of resting."
    if verb == "advertise":
        return "Popularity is your life: $10 buys a star back."
    if verb == "pay":
        return "Unpaid fines come off your cash at the end: pay them while you can."
    if verb == "buy":
        return "The extra's variation helps every turn from now on."
    if verb == "pass":
        return "The extra is not worth its price to you now."
    if verb == "play":
        return f"{card_name(target)} is the customer the manager can least afford to meet."
    if verb == "discard":
        return "A fresh hand gives you harder customers to send."
    return GENERIC


def hint_targets(view: Mapping[str, Any], text: str) -> tuple[str, ...]:
    """The ``data-move`` values that show the move: its dice, then where they go (a menu
    line: the Dish menu button; a button of the action bar: its notation)."""
    m = move_of(view, text)
    verb, target = m["verb"], str(m.get("target", ""))
    dice = tuple(m.get("dice", ()))
    if verb == "menu":
        return (*dice, "dish-menu", target)
    if verb in ("serve", "collect", "both", "voucher", "bonus"):
        return (*dice, target) if verb != "voucher" else ("voucher", target)
    if verb in ("task", "key", "pinata", "keep", "reroll"):
        return (*dice, target)
    if verb == "play":
        return (target,)
    return (text,)
