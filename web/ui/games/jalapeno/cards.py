"""Jalape-NO! cards as HTML: a big numeral, the colour's food symbol and the colour's name, so
colour is never the only cue. Names come from the engine (``Card.label``: "Red 7",
"Red Jalapeño"); colour names and food symbols from the view's ``colours`` list, drawn as our
own SVG (``ui.art``), never as emoji."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.jalapeno.cards import parse_card, sort_key

from ...html import attrs, esc
from .art import food


@dataclass(frozen=True)
class CardInfo:
    code: str  # "R7"
    colour: str  # "R"
    value: int
    colour_name: str  # "Red"
    symbol: str  # "chili": the food drawn (ui.art)
    jalapeno: bool
    label: str  # accessible name: "Red 7" / "Red Jalapeño"


def colours_of(view: dict[str, Any]) -> dict[str, dict[str, str]]:
    return {c["key"]: c for c in view["colours"]}


def info(code: str, colours: dict[str, dict[str, str]]) -> CardInfo:
    card = parse_card(code)
    colour = colours.get(card.colour, {"name": card.colour, "symbol": ""})
    return CardInfo(
        code=code,
        colour=card.colour,
        value=card.value,
        colour_name=colour["name"],
        symbol=colour["symbol"],
        jalapeno=card.is_jalapeno,
        label=card.label,
    )


def sorted_codes(codes: list[str]) -> list[str]:
    """Colour then value, the engine's own order (the view already sends hands sorted)."""
    return sorted(codes, key=lambda c: sort_key(parse_card(c)))


def _face(c: CardInfo) -> str:
    """Inside of a card: an index (numeral, symbol, colour name) plus, in a fanned hand, a big
    pip at the far corner; the index alone must identify the card, since only a card's left
    edge shows in the fan (``data-peek``: the part a fanned card never covers of the one
    before it). Jalapeños get a ribbon."""
    tag = (
        '<span class="jp-jal-tag" aria-hidden="true">Jalapeño</span>'
        if c.jalapeno
        else food(c.symbol, "jp-pip")
    )
    return (
        '<span class="jp-idx" aria-hidden="true" data-peek>'
        f'<span class="jp-num">{esc(c.value)}</span>'
        f"{food(c.symbol, 'jp-sym')}"
        f'<span class="jp-cname">{esc(c.colour_name)}</span>'
        "</span>"
        f"{tag}"
    )


def _classes(c: CardInfo, *extra: str) -> str:
    return " ".join(["jp-card", f"jp-suit-{c.colour}", *(["jal"] if c.jalapeno else []), *extra])


def card_button(
    code: str,
    colours: dict[str, dict[str, str]],
    *,
    legal: bool | None,
    where: str = "hand",
) -> str:
    """A tappable card. ``legal``: True/False on your turn, None when it is not your turn.

    Illegal cards stay tappable (a tap explains the rule) and are never ``disabled``.
    """
    c = info(code, colours)
    state = "" if legal is None else ("legal" if legal else "illegal")
    fan = "fan" if where == "hand" else "face"
    described = " — can't be played now" if legal is False else ""
    return (
        "<button"
        + attrs(
            type="button",
            class_=_classes(c, fan, state),
            data_action="play",
            data_card=code,
            data_legal="true" if legal else "false",
            data_where=where,
            data_key=f"card-{code}",
            aria_label=c.label,
            aria_description=described.strip(" —") or None,
        )
        + f">{_face(c)}</button>"
    )


def card_face(code: str, colours: dict[str, dict[str, str]], *, extra: str = "") -> str:
    """A card that is only looked at (in the trick, in results): an image with a name."""
    c = info(code, colours)
    return (
        "<span"
        + attrs(
            class_=_classes(c, "face", extra),
            role="img",
            data_card=code,
            aria_label=c.label,
        )
        + f">{_face(c)}</span>"
    )


def mini_card(code: str, colours: dict[str, dict[str, str]]) -> str:
    """A small face-up Jalapeño in front of another seat: numeral + symbol, named for readers."""
    c = info(code, colours)
    return (
        "<span"
        + attrs(
            class_=" ".join(["jp-mini", f"jp-suit-{c.colour}", *(["jal"] if c.jalapeno else [])]),
            role="img",
            data_card=code,
            aria_label=c.label,
            title=c.label,
        )
        + f">{food(c.symbol)}</span>"
    )
