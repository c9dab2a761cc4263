"""The Nacho Incident's pieces as HTML: food cubes, smuggler cards, Mountie badges, province
flags. Each shows its picture, its colour *and* its words (a food's name, a flag's code), and
carries an accessible name. Pure: view data -> HTML string.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...html import attrs, esc, move_button
from .art import food_icon, icon
from .text import food_name, province_name

# Short words where a column is narrow (a spot on a province card): "sour cream" -> "cream".
SHORT_FOOD = {"tortillas": "tortilla", "cream": "cream"}


def short_food(code: str) -> str:
    return SHORT_FOOD.get(code, food_name(code))


def flag(code: str, *, long: bool = False) -> str:
    """A province flag: its code in the province's colour (and its name for readers)."""
    text = province_name(code) if long else code
    return (
        f'<span class="nc-flag nc-p-{esc(code)}" title="{esc(province_name(code))}">'
        f"{esc(text)}</span>"
    )


def cube(food: str, *, label: bool = False, cls: str = "") -> str:
    """A food cube: the food's picture in its cube colour, named (visibly with ``label``)."""
    name = food_name(food)
    words = f'<span class="nc-cube-name">{esc(name)}</span>' if label else ""
    return (
        "<span"
        + attrs(
            class_=" ".join(["nc-cube", f"nc-f-{food}", *([cls] if cls else [])]),
            role=None if label else "img",
            aria_label=None if label else name,
            title=name,
            data_food=food,
        )
        + ">"
        + food_icon(food)
        + words
        + "</span>"
    )


def cubes(foods: Sequence[str], *, label: bool = False, empty: str = "none") -> str:
    if not foods:
        return f'<span class="nc-none">{esc(empty)}</span>'
    return "".join(cube(f, label=label) for f in foods)


def smuggler_label(s: Mapping[str, Any]) -> str:
    """The accessible name of a smuggler card: everything printed on it."""
    reach = ", ".join(province_name(p) for p in s["reach"])
    return (
        f"{s['name']}, rank {s['rank']}, {province_name(s['flag'])} flag, fee {s['fee']} gold;"
        f" may go to {reach}"
    )


def smuggler_face(s: Mapping[str, Any]) -> str:
    """What is printed on a smuggler card: rank, flag, name, fee, reachable provinces."""
    reach = "".join(f'<span class="nc-reach-p nc-p-{esc(p)}">{esc(p)}</span>' for p in s["reach"])
    return (
        '<span class="nc-card-top" aria-hidden="true">'
        f'<span class="nc-rank">{esc(s["rank"])}</span>{flag(s["flag"])}</span>'
        f'<span class="nc-card-name" aria-hidden="true">{esc(s["name"])}</span>'
        f'<span class="nc-fee" aria-hidden="true">{icon("coin")}'
        f"<span>fee {esc(s['fee'])}</span></span>"
        f'<span class="nc-reach" aria-hidden="true">{reach}</span>'
    )


def smuggler_card(
    s: Mapping[str, Any],
    *,
    move: str | None = None,
    legal: bool | None = None,
    extra: str = "",
) -> str:
    """A smuggler card. With ``move`` it is a button that sends that action (``legal``: lit or
    not; an unlit one stays tappable so that the engine can say why not)."""
    classes = " ".join(
        ["nc-card", f"nc-p-{s['flag']}"]
        + (["legal"] if legal else [])
        + (["illegal"] if legal is False else [])
        + ([extra] if extra else [])
    )
    label = smuggler_label(s)
    if move is None:
        return (
            "<span"
            + attrs(class_=classes, role="img", aria_label=label, data_smuggler=s["id"])
            + f">{smuggler_face(s)}</span>"
        )
    return move_button(
        move,
        smuggler_face(s),
        legal=legal,
        key=f"card-{s['id']}",
        class_=classes,
        data_smuggler=s["id"],
        aria_label=label,
    )


def mini_smuggler(s: Mapping[str, Any]) -> str:
    """A small revealed smuggler next to a player: rank and flag, named for readers."""
    return (
        "<span"
        + attrs(
            class_=f"nc-mini nc-p-{s['flag']}",
            role="img",
            aria_label=smuggler_label(s),
            title=f"{s['name']} ({s['rank']})",
            data_smuggler=s["id"],
        )
        + f"><b>{esc(s['rank'])}</b><span>{esc(s['name'])}</span></span>"
    )


def keeper_chip(k: Mapping[str, Any]) -> str:
    return (
        "<span"
        + attrs(
            class_=f"nc-keeper nc-p-{k['flag']}",
            title=f"{k['name']} ({k['rank']})",
            data_smuggler=k["id"],
        )
        + f">{esc(k['rank'])}</span>"
    )


def mountie_badge(m: Mapping[str, Any], *, big: bool = False) -> str:
    """A Mountie: the hat, the penalty he costs each round end, his flag."""
    label = f"Mountie {m['name']}, {province_name(m['flag'])}, penalty {m['penalty']}"
    inner = icon("mountie") + f"<b>−{esc(m['penalty'])}</b>"
    if big:
        inner += f'<span class="nc-m-name">{esc(m["name"])}</span>' + flag(m["flag"], long=True)
    return (
        "<span"
        + attrs(
            class_="nc-mountie" + (" big" if big else ""),
            role="img",
            aria_label=label,
            title=label,
            data_mountie=m["id"],
        )
        + f">{inner}</span>"
    )


def gold(amount: int) -> str:
    return (
        f'<span class="nc-gold" data-gold="{amount}">{icon("coin")}'
        f'<b>{amount}</b><span class="sr"> gold</span></span>'
    )
