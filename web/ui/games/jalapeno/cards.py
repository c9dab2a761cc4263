"""Jalape-NO! cards as HTML: a big numeral, the colour's food symbol and the colour itself, so
colour is never the only cue (the food tells the colour as well: chili red, avocado green...).
A Jalapeño also has its stripes and its ribbon. Names come from the engine (``Card.label``);
colour names and food symbols from the view's ``colours`` list, drawn as our own SVG
(``ui.art``), never as emoji.

A card's accessible name holds the words it shows, in the order it shows them (a speech user
says what they see: "7", "1 Jalapeño"): "Red 7", "Red 1, Jalapeño".

>>> colours = {"R": {"key": "R", "name": "Red", "symbol": "chili"}}
>>> card_name(info("R7", colours)), card_name(info("R1", colours))
('Red 7', 'Red 1, Jalapeño')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.jalapeno.cards import parse_card, sort_key

from ...html import Html, attrs, esc
from .art import food


@dataclass(frozen=True)
class CardInfo:
    code: str  # "R7"
    colour: str  # "R"
    value: int
    colour_name: str  # "Red"
    symbol: str  # "chili": the food drawn (ui.art)
    jalapeno: bool
    label: str  # the engine's name: "Red 7" / "Red Jalapeño"


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


def card_name(c: CardInfo) -> str:
    """The accessible name: the colour, then what the card shows (its numeral, and for a
    Jalapeño its ribbon's word)."""
    return f"{c.colour_name} {c.value}, Jalapeño" if c.jalapeno else f"{c.colour_name} {c.value}"


def sorted_codes(codes: list[str]) -> list[str]:
    """Colour then value, the engine's own order (the view already sends hands sorted)."""
    return sorted(codes, key=lambda c: sort_key(parse_card(c)))


def _face(c: CardInfo) -> Html:
    """Inside of a card: an index (numeral over the food) plus, in a fanned hand, a big pip at
    the far corner; the index alone must identify the card, since only a card's left edge
    shows in the fan (``data-peek``: the part a fanned card never covers of the one before
    it). A Jalapeño's ribbon says so in words where the card is wide enough (jalapeno.css)."""
    tag = (
        '<span class="jp-jal-tag" aria-hidden="true"><span>Jalapeño</span></span>'
        if c.jalapeno
        else food(c.symbol, "jp-pip")
    )
    return (
        '<span class="jp-idx" aria-hidden="true" data-peek>'
        f'<span class="jp-num">{esc(c.value)}</span>'
        f"{food(c.symbol, 'jp-sym')}"
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
) -> Html:
    """A tappable card. ``legal``: True/False on your turn, None when it is not your turn.

    Illegal cards stay tappable (a tap explains the rule) and are never ``disabled``; they are
    dimmed *and* not lifted, and say so to screen readers.
    """
    c = info(code, colours)
    state = "" if legal is None else ("legal" if legal else "illegal")
    fan = "fan" if where == "hand" else "face"
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
            aria_label=card_name(c),
            aria_description="can't be played now" if legal is False else None,
        )
        + f">{_face(c)}</button>"
    )


def card_face(code: str, colours: dict[str, dict[str, str]], *, extra: str = "") -> Html:
    """A card that is only looked at (in the trick, in results): an image with a name."""
    c = info(code, colours)
    return (
        "<span"
        + attrs(
            class_=_classes(c, "face", extra),
            role="img",
            data_card=code,
            aria_label=card_name(c),
        )
        + f">{_face(c)}</span>"
    )


def mini_card(code: str, colours: dict[str, dict[str, str]], *, extra: bool = False) -> Html:
    """A small face-up Jalapeño in front of another seat: its food on its stripes, named for
    readers. ``extra``: one that a phone's crowded seat leaves out (it counts it instead)."""
    c = info(code, colours)
    return (
        "<span"
        + attrs(
            class_=" ".join(
                ["jp-mini", f"jp-suit-{c.colour}"]
                + (["jal"] if c.jalapeno else [])
                + (["jp-extra"] if extra else [])
            ),
            role="img",
            data_card=code,
            aria_label=c.label,
            title=c.label,
        )
        + f">{food(c.symbol)}</span>"
    )
