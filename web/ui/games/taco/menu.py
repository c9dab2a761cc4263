"""The menu card as a sheet: what each combination needs (faces as pictures and numbers), what
it does, and whether the dice on the table allow it now (the view's ``available``, from the
engine's legal actions). With dice picked, the dishes those exact dice can pay light up and a tap
orders one; La Plata then asks which resting dice come back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...html import attrs, esc
from .art import icon
from .board import light_attrs
from .pick import Pick, choose, lit
from .text import die_text

NEED_ORDER = (("food", "food"), ("drink", "drink"), ("money", "money"), ("blank", "blank"))
WHERE = {
    "advertise": "phase 3",
    "overtime1": "phase 3, first time",
    "overtime2": "phase 3, second time",
    "reroll": "before placing",
}
TURN_HINT = {
    "vulcano": "The first die you picked becomes money.",
    "mole": "The first two dice you picked become money.",
    "achilipu": "The first three dice you picked are the ones turned.",
}


def needs_html(needs: Sequence[Mapping[str, int]]) -> str:
    """Alternatives of faces ("3 food or 3 drink"), as pictures with numbers."""
    options = []
    for need in needs:
        parts = [
            f'<span class="tc-need">{icon(pic)}{esc(need[key])}'
            f'<span class="sr"> {esc(key)}</span></span>'
            for key, pic in NEED_ORDER
            if need.get(key)
        ]
        options.append('<span class="tc-needs-row">' + "".join(parts) + "</span>")
    return '<span class="tc-or">or</span>'.join(options)


def dish(item: Mapping[str, Any], view: Mapping[str, Any], pick: Pick, interactive: bool) -> str:
    item_id = item["id"]
    dice_item = not item["cost"]
    state = lit(view["moves"], pick).get(item_id) if dice_item else None
    if item["available"]:
        words = "Your dice allow it now" if dice_item else "You can pay for it now"
    else:
        words = "Not with the dice on the table" if dice_item else "Not now"
    if state == "ready":
        words = "Tap to order it with the picked dice"
    elif state == "more":
        words = "Pick more dice for it"
    cost = f'<span class="tc-cost">${esc(item["cost"])}</span>' if item["cost"] else ""
    where = f" · {WHERE[item_id]}" if item_id in WHERE else ""
    hint = f" {TURN_HINT[item_id]}" if item_id in TURN_HINT else ""
    body = (
        f'<span class="tc-dish-name">{esc(item["name"])}</span>'
        + (f'<span class="tc-dish-needs">{needs_html(item["needs"])}</span>' if dice_item else cost)
        + f'<span class="tc-dish-text">{esc(item["text"])}{esc(hint)}</span>'
        + f'<span class="tc-dish-state">{esc(words + where)}</span>'
    )
    classes = ["tc-dish", "avail" if item["available"] else "no"]
    if state:
        classes.append(f"lit-{state}")
    choices = ""
    if state == "ready" and item_id == "plata":
        options = choose(view["moves"], pick, "plata")
        choices = (
            '<div class="tc-choices">'
            + "".join(
                "<button"
                + attrs(
                    type="button",
                    class_="btn tc-act primary",
                    data_action="order",
                    data_move=text,
                    data_key=f"order-{text}",
                )
                + f">Bring back {esc(recovered(text))}</button>"
                for text in options
            )
            + "</div>"
        )
    if not dice_item:
        return (
            f'<li class="{esc(" ".join(classes))}" data-item="{esc(item_id)}">'
            f'<div class="tc-dish-body">{body}</div></li>'
        )
    button = (
        "<button"
        + attrs(
            type="button",
            class_="tc-dish-body",
            data_action="dish",
            data_move=item_id,
            data_key=f"dish-{item_id}",
            data_available="true" if item["available"] else "false",
            **light_attrs(state, interactive),
        )
        + f">{body}</button>"
    )
    return f'<li class="{esc(" ".join(classes))}" data-item="{esc(item_id)}">{button}{choices}</li>'


def recovered(text: str) -> str:
    """ "plata E2 E3 T for E1 M" -> "Employee 1 and Manager"."""
    back = text.split(" for ", 1)[1].split()
    return " and ".join(die_text(d) for d in back)


def menu_sheet(view: Mapping[str, Any], pick: Pick, interactive: bool) -> str:
    picked = ", ".join(pick.dice) if pick.dice else "none"
    items = "".join(dish(item, view, pick, interactive) for item in view["menu"])
    return (
        '<div class="sheet-backdrop" data-action="close-dialog">'
        '<section class="sheet tc-menu" role="dialog" aria-modal="true"'
        ' aria-labelledby="tc-menu-title" data-action="sheet" data-testid="menu">'
        f'<h2 id="tc-menu-title">{icon("menu")} Menu</h2>'
        '<p class="sheet-note">Pick dice on the table, then order a dish. Blank faces do not'
        " stand for food or drink here; an extra's variation does."
        f" Picked: {esc(picked)}.</p>"
        f'<ul class="tc-dishes">{items}</ul>'
        '<button type="button" class="btn primary wide" data-action="close-dialog"'
        ' data-key="close-menu" data-testid="menu-close" autofocus>Back to the table</button>'
        "</section></div>"
    )
