"""The restaurant as one seat sees it (the part to read, top of the screen): the popularity
track, cash, cards left and extra hours; the counter and the patience zone with their customers;
the storeroom door, the task zone, the rest room, the bonus zone, the fine zone and the extra in
play. Pure: view dict (+ what the picked dice may reach) -> HTML string.

Customers arrive from the left and move right: position 4, 3, 2, 1, then the patience zone
(p1, p2) next to the exit, as on the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...html import attrs, esc, plural
from .art import face_icon, icon
from .text import (
    EFFECT,
    card_text,
    die_text,
    penalty_text,
    short_name,
)

KIND_ICON = {
    "welcome": "welcome",
    "customer": "customer",
    "vip": "vip",
    "pickpocket": "pickpocket",
    "prepaid": "terminal",
    "cleaning": "cleaning",
    "voucher": "voucher",
    "key": "key",
    "pinata": "pinata",
    "free-time": "free-time",
    "extra": "extra",
    "inspection": "inspection",
}
GUESTS = {"welcome", "customer", "vip", "pickpocket", "prepaid"}


def light_attrs(state: str | None, interactive: bool) -> dict[str, Any]:
    """``data-legal`` and the lit class of a target: "ready" (a tap plays), "more" (needs more
    dice). Only on the acting seat's turn."""
    if not interactive:
        return {}
    return {"data_legal": "true" if state == "ready" else "false", "data_lit": state or None}


# -- the strip at the top -----------------------------------------------------------------


def stats(view: Mapping[str, Any], hand_owner: str | None) -> str:
    pop = view["popularity"]
    stars = "".join(
        icon("star" if i < pop["value"] else "star-empty", cls="tc-pip") for i in range(pop["max"])
    )
    hours = view["overtime"]
    cells = [
        (
            '<div class="tc-stat tc-pop" data-testid="popularity"'
            f' data-popularity="{esc(pop["value"])}" role="img"'
            f' aria-label="Popularity {esc(pop["value"])} of {esc(pop["max"])}; the game is lost at'
            f' {esc(pop["lost_at"])}"><span class="tc-stars">{stars}</span>'
            f'<b class="tc-num">{esc(pop["value"])}</b></div>'
        ),
        (
            f'<div class="tc-stat tc-cash" data-testid="cash" data-cash="{esc(view["cash"])}">'
            f'{icon("cash")}<span class="sr">Cash </span><b>${esc(view["cash"])}</b></div>'
        ),
        (
            '<div class="tc-stat tc-deck" data-testid="deck"'
            f' data-left="{esc(view["cards_left"])}">'
            f'{icon("deck")}<b>{esc(view["cards_left"])}</b><span class="sr"> customer cards'
            " left</span></div>"
        ),
        (
            f'<div class="tc-stat tc-hours" data-hours="{esc(hours["used"])}">{icon("clock")}'
            f"<b>{esc(hours['used'])}/{esc(hours['max'])}</b>"
            '<span class="sr"> extra hours used</span>'
            "</div>"
        ),
    ]
    if hand_owner is not None:
        cells.append(
            f'<div class="tc-stat tc-hand-count" data-hand-count="{esc(view["hand_count"])}">'
            f"{icon('customer')}<b>{esc(view['hand_count'])}</b>"
            f'<span class="sr"> cards in {esc(hand_owner)}\'s hand</span></div>'
        )
    return '<div class="tc-stats" aria-label="Restaurant">' + "".join(cells) + "</div>"


# -- cards ------------------------------------------------------------------------------------


def need_rows(card: Mapping[str, Any]) -> str:
    """What a guest's order needs, as pictures and numbers (the words are in its label)."""
    rows = []
    served = " done" if card.get("served") else ""
    if card.get("food"):
        rows.append(f'<span class="tc-need{served}">{icon("food")}{esc(card["food"])}</span>')
    if card.get("drink"):
        rows.append(f'<span class="tc-need{served}">{icon("drink")}{esc(card["drink"])}</span>')
    paid = " done" if card.get("paid") else ""
    if card["kind"] == "prepaid":
        rows.append(f'<span class="tc-pay prepaid">{icon("terminal")}${esc(card["pay"])}</span>')
    else:
        rows.append(f'<span class="tc-pay{paid}">${esc(card["pay"])}</span>')
    return "".join(rows)


def card_face(card: Mapping[str, Any]) -> str:
    """The inside of a card at the counter, in the patience zone or in a hand."""
    kind = card["kind"]
    body = f'<span class="tc-kind">{icon(KIND_ICON.get(kind, "customer"))}</span>'
    if kind in GUESTS:
        body += f'<span class="tc-needs">{need_rows(card)}</span>'
        marks = ""
        if card.get("served"):
            marks += f'<span class="tc-mark">{icon("served")}served</span>'
        if card.get("paid"):
            marks += f'<span class="tc-mark">{icon("paid")}paid</span>'
        if card.get("message"):
            body += (
                f'<span class="tc-msg msg-{esc(card["message"])}">'
                f"+{esc(card['message'].upper())}</span>"
            )
        if marks:
            body += f'<span class="tc-marks">{marks}</span>'
        body += f'<span class="tc-name" aria-hidden="true">{esc(short_name(card))}</span>'
    else:
        body += f'<span class="tc-short">{esc(short_name(card))}</span>'
        if card.get("faces"):
            body += (
                '<span class="tc-takes">' + "".join(face_icon(f) for f in card["faces"]) + "</span>"
            )
        pen = card.get("penalty") or {}
        if pen.get("stars"):
            body += (
                f'<span class="tc-pen">-{esc(pen["stars"])}{icon("star", cls="tc-pen-star")}</span>'
            )
        if kind == "extra":
            body += f'<span class="tc-pay">${esc(card["price"])}</span>'
    return body


def spot_label(spot: str) -> str:
    return f"Patience {spot[1:]}" if spot.startswith("p") else f"Position {spot}"


def slot(
    place: Mapping[str, Any], lit: Mapping[str, str], interactive: bool, testid: str = ""
) -> str:
    spot = place["spot"]
    card = place["card"]
    zone = "tc-patience" if place["zone"] == "patience" else "tc-counter"
    if card is None:
        return (
            f'<li class="tc-slot {zone} empty" data-spot="{esc(spot)}">'
            f'<span class="tc-pos" aria-hidden="true">{esc(spot)}</span>'
            f'<span class="sr">{esc(spot_label(spot))}: empty</span></li>'
        )
    guest = card["kind"] in GUESTS
    state = []
    if card.get("served"):
        state.append("served, waiting to pay")
    if card.get("paid"):
        state.append("paid, waiting to be served")
    label = f"{spot_label(spot)}: {card_text(card)}" + (f" ({'; '.join(state)})" if state else "")
    classes = ["tc-card", f"kind-{card['kind']}"]
    classes += [c for c in ("served", "paid") if card.get(c)]
    if interactive and lit.get(spot):
        classes.append(f"lit-{lit[spot]}")
    button = (
        "<button"
        + attrs(
            type="button",
            class_=" ".join(classes),
            data_action="target",
            data_move=spot,
            data_kind="guest" if guest else "bonus-card",
            data_card=card["code"],
            data_key=f"spot-{spot}",
            aria_label=label,
            **light_attrs(lit.get(spot), interactive),
        )
        + f'><span class="tc-pos" aria-hidden="true">{esc(spot)}</span>'
        + card_face(card)
        + "</button>"
    )
    return (
        f'<li class="tc-slot {zone}" data-spot="{esc(spot)}"'
        + attrs(data_testid=testid or None)
        + f">{button}</li>"
    )


def line(view: Mapping[str, Any], lit: Mapping[str, str], interactive: bool) -> str:
    counter = list(reversed(view["counter"]))  # 4 3 2 1: customers come in from the left
    cells = "".join(slot(p, lit, interactive) for p in counter)
    cells += "".join(slot(p, lit, interactive) for p in view["patience"])
    return (
        '<section class="tc-line" aria-label="The counter, customers arrive from the left;'
        ' then the patience zone, next to the exit" data-testid="line">'
        '<div class="tc-line-head" aria-hidden="true"><span class="tc-counter-h">'
        'Counter &rarr;</span><span class="tc-patience-h">Patience &rarr;</span></div>'
        f'<ol class="tc-slots">{cells}</ol></section>'
    )


# -- zones --------------------------------------------------------------------------------


def door(view: Mapping[str, Any], lit: Mapping[str, str], interactive: bool) -> str:
    task = view["door"]
    if task is None:
        return (
            '<div class="tc-zone tc-door empty" data-testid="door">'
            f'{icon("door")}<span class="tc-zone-h">Storeroom</span>'
            '<span class="tc-none">no task</span></div>'
        )
    classes = "tc-zone tc-door" + (f" lit-{lit['door']}" if interactive and lit.get("door") else "")
    pen = penalty_text(task.get("penalty"))
    return (
        "<button"
        + attrs(
            type="button",
            class_=classes,
            data_action="target",
            data_move="door",
            data_kind="door",
            data_task=task["code"],
            data_key="door",
            data_testid="door",
            aria_label=f"Storeroom door: {card_text(task)}",
            **light_attrs(lit.get("door"), interactive),
        )
        + f'>{icon("door")}<span class="tc-zone-h">Storeroom</span>'
        + f'<span class="tc-task-need">{face_icon(task["face"])}'
        + f"<b>{esc(task['turns'])}</b><small>turn{'s' if task['turns'] != 1 else ''}</small>"
        + (f'<small class="tc-cost">${esc(task["cost"])}</small>' if task.get("cost") else "")
        + "</span>"
        + (f'<span class="sr">Left undone: {esc(pen)}</span>' if pen else "")
        + "</button>"
    )


def task_zone(view: Mapping[str, Any]) -> str:
    items = "".join(
        f'<li data-task="{esc(t["task"]["code"])}">'
        f'<span class="tc-die-chip">{esc(t["die"])}</span>'
        f'<span class="tc-left">{esc(t["turns_left"])}<small> left</small></span>'
        f'<span class="sr"> {esc(die_text(t["die"]))} on {esc(t["task"]["name"])},'
        f" {esc(plural(t['turns_left'], 'more turn'))}</span></li>"
        for t in view["task_zone"]
    )
    body = f'<ul class="tc-chips">{items}</ul>' if items else '<span class="tc-none">empty</span>'
    return (
        '<div class="tc-zone tc-tasks" data-testid="task-zone">'
        f'{icon("task")}<span class="tc-zone-h">Tasks</span>{body}</div>'
    )


def rest_room(view: Mapping[str, Any]) -> str:
    spaces = "".join(
        f'<li class="tc-bed{" full" if r["die"] else ""}" data-space="{esc(r["space"])}">'
        + (
            f'<span class="tc-die-chip">{esc(r["die"])}</span>'
            f'<span class="sr">{esc(die_text(r["die"]))} in space {esc(r["space"])}</span>'
            if r["die"]
            else f'<span class="sr">space {esc(r["space"])} free</span>'
        )
        + "</li>"
        for r in view["rest_room"]
    )
    key = '<small class="tc-keyon">key: closed</small>' if view["key_active"] else ""
    return (
        '<div class="tc-zone tc-room" data-testid="rest-room"'
        ' aria-label="Rest room, the exit is space 1">'
        f'{icon("bed")}<span class="tc-zone-h">Rest room</span>'
        f'<ol class="tc-beds">{spaces}</ol>{key}</div>'
    )


def _bonus(b: Mapping[str, Any], lit: Mapping[str, str], voucher: bool, interactive: bool) -> str:
    """One card of the bonus zone: captive with its die and timer, or waiting (the meal voucher
    is picked like a die; the staff-room key and the piñata are targets for one)."""
    card = b["card"]
    kind = card["kind"]
    name = f'<span class="tc-short">{esc(short_name(card))}</span>'
    inside = icon(KIND_ICON.get(kind, "extra")) + name
    if b["die"]:
        left = plural(b["turns_left"], "more turn")
        return (
            f'<li class="tc-bonus active" data-card="{esc(card["code"])}">{inside}'
            f'<span class="tc-die-chip">{esc(b["die"])}</span>'
            f'<span class="tc-left">{esc(b["turns_left"])}<small> left</small></span>'
            f'<span class="sr">: {esc(card_text(card))}; {esc(die_text(b["die"]))} on it,'
            f" {esc(left)}</span></li>"
        )
    if kind == "voucher":
        return (
            "<li><button"
            + attrs(
                type="button",
                class_="tc-bonus waiting" + (" picked" if voucher else ""),
                data_action="voucher",
                data_key="voucher",
                data_testid="voucher",
                aria_pressed="true" if voucher else "false",
                aria_label=f"{card_text(card)}. Tap, then a customer",
            )
            + f">{inside}</button></li>"
        )
    target = {"key": "key", "pinata": "pinata"}.get(kind)
    if target is None:
        return (
            f'<li class="tc-bonus waiting">{inside}'
            f'<span class="sr">: {esc(card_text(card))}</span></li>'
        )
    faces = "".join(face_icon(f) for f in card.get("faces", ""))
    return (
        "<li><button"
        + attrs(
            type="button",
            class_="tc-bonus waiting"
            + (f" lit-{lit[target]}" if interactive and lit.get(target) else ""),
            data_action="target",
            data_move=target,
            data_kind=target,
            data_key=f"bonus-{target}",
            aria_label=card_text(card),
            **light_attrs(lit.get(target), interactive),
        )
        + f">{inside}{faces}</button></li>"
    )


def bonus_zone(
    view: Mapping[str, Any], lit: Mapping[str, str], voucher: bool, interactive: bool
) -> str:
    zone = view["bonus_zone"]
    items = [_bonus(b, lit, voucher, interactive) for b in zone["cards"]]
    free = zone["capacity"] - len(zone["cards"])
    items += ['<li class="tc-bonus free" aria-hidden="true"></li>'] * max(free, 0)
    used = f"{len(zone['cards'])} of {zone['capacity']} places used"
    return (
        f'<div class="tc-zone tc-bonuses" data-testid="bonus-zone">'
        f'<span class="tc-zone-h">Bonus zone<span class="sr">, {esc(used)}</span></span>'
        f'<ul class="tc-bonus-list">{"".join(items)}</ul></div>'
    )


def fines_and_extra(view: Mapping[str, Any]) -> str:
    extra = view["extra"]
    if extra:
        used = " (used this turn)" if view["extra_used"] else ""
        effect = EFFECT.get(extra["effect"], "")
        parts = [
            f'<div class="tc-extra{" used" if used else ""}" data-testid="extra">{icon("extra")}'
            f'<span class="tc-short">{esc(short_name(extra))}</span>'
            f'<span class="sr">: extra in play, {esc(effect)}{used}</span></div>'
        ]
    else:
        parts = [
            f'<div class="tc-extra empty">{icon("extra")}'
            '<span class="tc-none">no extra</span></div>'
        ]
    if view["fines"] or view["fine_zone"] or view["trainee_locked"]:
        what = [f"${view['fines']} to pay"] if view["fines"] else []
        if view["trainee_locked"]:
            what.append("the trainee is locked here")
        what += [c["name"] for c in view["fine_zone"]]
        parts.append(
            f'<div class="tc-fine" data-testid="fine-zone" data-fines="{esc(view["fines"])}">'
            f"{icon('fine')}<b>${esc(view['fines'])}</b>"
            + ('<span class="tc-die-chip">T</span>' if view["trainee_locked"] else "")
            + f'<span class="sr">Fine zone: {esc(", ".join(what))}</span></div>'
        )
    else:
        parts.append(
            f'<div class="tc-fine empty">{icon("fine")}<span class="tc-none">no fines</span></div>'
        )
    return '<div class="tc-zone tc-side">' + "".join(parts) + "</div>"


def zones(
    view: Mapping[str, Any], lit: Mapping[str, str], pick_voucher: bool, interactive: bool
) -> str:
    return (
        '<section class="tc-zones" aria-label="Storeroom, tasks, rest room, bonus zone, fines">'
        + door(view, lit, interactive)
        + task_zone(view)
        + rest_room(view)
        + bonus_zone(view, lit, pick_voucher, interactive)
        + fines_and_extra(view)
        + "</section>"
    )
