"""Crazy Taco in words for a terminal (``python -m engine play taco --players 1``): the
restaurant as one seat sees it, and each event as a line. Reads views and events only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

FACE = {"$": "$", "F": "food", "D": "drink", "B": "blank", "Z": "zzz"}


def card_text(card: Mapping[str, Any] | None) -> str:
    if card is None:
        return "-"
    kind = card["kind"]
    if "food" in card:
        order = " ".join(
            part
            for part in (
                f"{card['food']}F" if card["food"] else "",
                f"{card['drink']}D" if card["drink"] else "",
            )
            if part
        )
        marks = ("served " if card.get("served") else "") + ("paid " if card.get("paid") else "")
        msg = f" +{card['message'].upper()}" if card.get("message") else ""
        tag = "" if kind == "customer" else f" [{kind}]"
        return f"{card['code']} {order} ${card['pay']}{msg}{tag} {marks}".rstrip()
    if kind == "task":
        return f"{card['code']} {card['name']} (needs {FACE[card['face']]}, {card['turns']} turns)"
    extra = f" needs {'/'.join(FACE[f] for f in card['faces'])}" if card.get("faces") else ""
    return f"{card['code']} {card['name']}{extra}"


def table_text(view: Mapping[str, Any], names: Sequence[str]) -> str:
    pop = view["popularity"]
    lines = [
        f"-- Turn {view['turn']} ({view['stage']}) -- popularity {pop['value']}/{pop['max']}"
        f"  cash ${view['cash']}"
        + (f"  fines ${view['fines']}" if view["fines"] else "")
        + f"  deck {view['deck']['customers']}  extra hours {view['overtime']['used']}/2",
    ]
    counter = "  ".join(f"{p['spot']}: {card_text(p['card'])}" for p in reversed(view["counter"]))
    patience = "  ".join(f"{p['spot']}: {card_text(p['card'])}" for p in view["patience"])
    lines.append(f"Counter (enter left)  {counter}")
    lines.append(f"Patience (exit right) {patience}")
    lines.append(f"Storeroom door: {card_text(view['door']) if view['door'] else '-'}")
    if view["task_zone"]:
        tasks = ", ".join(
            f"{t['task']['code']} with {t['die']} ({t['turns_left']} left)"
            for t in view["task_zone"]
        )
        lines.append(f"Task zone: {tasks}")
    if view["bonus_zone"]["cards"]:
        bonus = ", ".join(
            card_text(b["card"])
            + (f" with {b['die']} ({b['turns_left']} left)" if b["die"] else "")
            for b in view["bonus_zone"]["cards"]
        )
        lines.append(f"Bonus zone: {bonus}")
    room = " ".join(r["die"] or "." for r in view["rest_room"])
    lines.append(
        f"Rest room (exit left): {room}" + ("  [key: nobody rests]" if view["key_active"] else "")
    )
    if view["extra"]:
        lines.append(f"Extra: {view['extra']['name']}" + (" (used)" if view["extra_used"] else ""))
    if view["offer"]:
        o = view["offer"]
        lines.append(f"On offer: {o['name']} for ${o['price']}")
    dice = "  ".join(
        f"{d['id']}:{FACE.get(d['face'], '') if d['face'] else ''}({d['state']})"
        for d in view["dice"]
    )
    lines.append(f"Dice: {dice}")
    if view.get("hand") is not None:
        lines.append("Your hand: " + "; ".join(card_text(c) for c in view["hand"]))
    elif view["mode"] == "versus":
        lines.append(f"Customer player's hand: {view['hand_count']} cards")
    return "\n".join(lines)


def event_text(event: Mapping[str, Any], names: Sequence[str], you: int | None) -> str | None:
    """One line for an event, or None for one a terminal player need not read."""
    kind = event["kind"]
    if event.get("secret"):
        if kind == "draw":
            return f"  The customer player draws {event['count']} card(s)."
        if kind == "discard":
            return "  The customer player discards three cards and draws three."
        return None
    simple = {
        "arrive": lambda e: (
            f"  {e['card']} arrives at {e['spot']}"
            + (f", pushing {e['pushed']} on" if e.get("pushed") else "")
        ),
        "patience": lambda e: f"  {e['card']} waits in the patience zone",
        "forced-out": lambda e: f"  {e['card']} is forced out",
        "unattended": lambda e: f"  bonus card {e['card']} leaves unattended",
        "vip-leaves": lambda e: "  the VIP leaves unserved",
        "pickpocket-escapes": lambda e: "  the pickpocket slips back into the deck",
        "popularity": lambda e: f"  popularity {e['change']:+d} -> {e['popularity']} ({e['why']})",
        "fine": lambda e: (
            f"  fine ${e['amount']} ({e['why']})"
            + ("" if e["paid"] else " — unpaid: the fine zone")
        ),
        "task": lambda e: f"  task {e['task']} on the storeroom door",
        "task-replaced": lambda e: f"  task {e['task']} left unresolved",
        "inspection": lambda e: f"  INSPECTION {e['card']}: ${e['amount']}",
        "free-time": lambda e: "  free time: nobody new this turn",
        "extra-offer": lambda e: f"  extra {e['card']} on offer",
        "roll": lambda e: "  roll: " + " ".join(f"{d}={FACE[e['faces'][d]]}" for d in e["rolled"]),
        "reroll": lambda e: (
            "  re-roll: " + " ".join(f"{d}={FACE[f]}" for d, f in e["faces"].items())
        ),
        "leaves": lambda e: (
            f"  {e['card']} leaves happy" + (f": +${e['money']}" if e["money"] else "")
        ),
        "rest": lambda e: f"  {e['die']} goes to the rest room",
        "rested": lambda e: f"  {e['die']} is back from the rest room",
        "task-done": lambda e: f"  task {e['task']} done, {e['die']} is back",
        "bonus-done": lambda e: f"  {e['card']} done, {e['die']} is back",
        "play": lambda e: f"  {names[1] if len(names) > 1 else 'Customers'} play {e['card']}",
        "cannot-play": lambda e: "  the customer player cannot play a card",
        "game-over": lambda e: f"Game over: {e['result']} ({e['reason']})",
        "turn": lambda e: f"Turn {e['turn']}",
    }
    if kind in simple:
        return simple[kind](event)
    return None
