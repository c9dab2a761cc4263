"""What a Jalape-NO! move does, in one sentence: the reason a hint gives (``ui.hints``: "Hint:
play the Red 7 — it stays under the Red 10, so you dodge the Red Jalapeño.").

Read from the seat's own view and the move alone (what anyone at the table could say of it);
the rules themselves are the engine's (the move is one of ``view["legal"]``, the winner of a
trick is the highest card of the lead colour: ``engine/jalapeno/rules.py``).

>>> view = example(hand=["R5", "R12", "G4"], trick=["R10", "R1"], legal=["R5", "R12"])
>>> move_text(view, "R5"), reason(view, "R5")
('play the Red 5', 'It stays under the Red 10, so you dodge the Red Jalapeño.')
>>> reason(view, "R12")
'It beats the Red 10: you take the trick and the Red Jalapeño unless a higher red follows.'
>>> reason(example(hand=["R12"], trick=["R10", "R1", "G3"], legal=["R12", "G4"]), "R12")
'It beats the Red 10: you take the trick, and the Red Jalapeño with it.'
>>> reason(example(hand=["G4", "Y2"], trick=["R10", "R1"], legal=["G4", "Y2"]), "G4")
'A card of another colour never wins: it dodges the Red Jalapeño.'
>>> reason(example(hand=["G4"], mine=["R1"], trick=["R10"], legal=["R1"]), "R1")
'It is your only legal card: with no red in your hand you must follow with your Red Jalapeño.'
>>> reason(example(hand=["R3", "G4"], mine=["G1"], legal=["R3", "G4", "G1"]), "G1")
'Led, your Green Jalapeño is a 1: any green card beats it, so it will likely go to someone else.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.jalapeno.cards import Card, parse_card


def _name(view: dict[str, Any], card: Card) -> str:
    colour = next((c["name"] for c in view["colours"] if c["key"] == card.colour), card.colour)
    return f"{colour} Jalapeño" if card.is_jalapeno else f"{colour} {card.value}"


def _colour(view: dict[str, Any], key: str) -> str:
    return next((c["name"] for c in view["colours"] if c["key"] == key), key).lower()


def move_text(view: dict[str, Any], code: str) -> str:
    """The move in words: "play the Red 7", "lead your Red Jalapeño"."""
    card = parse_card(code)
    verb = "lead" if not view["trick"] else "play"
    whose = "your" if card.is_jalapeno else "the"
    return f"{verb} {whose} {_name(view, card)}"


def _burning(view: dict[str, Any], trick: list[Card]) -> str:
    """The Jalapeños already in the trick, in words ("" if none)."""
    hot = [c for c in trick if c.is_jalapeno]
    if len(hot) == 1:
        return f"the {_name(view, hot[0])}"
    return f"{len(hot)} Jalapeños" if hot else ""


def reason(view: dict[str, Any], code: str) -> str:
    """Why the move is worth playing, as what it does."""
    card = parse_card(code)
    name = _name(view, card)
    trick = [parse_card(t["card"]) for t in view["trick"]]
    seat = view["seat"]
    mine = [parse_card(c) for c in view["seats"][seat]["jalapenos"]] if seat is not None else []
    held_colours = {c.colour for c in mine}
    if not trick:
        colour = _colour(view, card.colour)
        if card.is_jalapeno:
            return (
                f"Led, your {name} is a 1: any {colour} card beats it, so it will likely go to"
                " someone else."
            )
        top = view["deck"]["top"]
        if card.value <= top // 3:
            return f"A low lead: the others' higher {colour} cards will take this trick."
        if card.value > 2 * top // 3:
            return f"A high {colour} card wins the tricks that hold no Jalapeño yet."
        return f"It sets the lead colour: everyone who holds {colour} must follow it."
    lead = trick[0].colour
    lead_name = _colour(view, lead)
    best = max((c for c in trick if c.colour == lead), key=lambda c: c.value)
    hot = _burning(view, trick)
    if len(view["legal"]) == 1:
        if card.is_jalapeno and card.colour == lead:
            return (
                f"It is your only legal card: with no {lead_name} in your hand you must follow"
                f" with your {name}."
            )
        if card.colour == lead:
            return f"It is your only {lead_name} card, and you must follow {lead_name}."
        return "It is the only card you have."
    if card.is_jalapeno:
        return (
            f"A Jalapeño never wins here: your {name} goes to whoever takes the trick, with its"
            " 2 penalty points."
        )
    if card.colour != lead:
        if hot:
            return f"A card of another colour never wins: it dodges {hot}."
        if card.colour in held_colours:
            colour = _colour(view, card.colour)
            return (
                f"It sheds a {colour} card: while you hold the {colour.capitalize()} Jalapeño,"
                f" each {colour} card left in your hand costs you a point at the round's end."
            )
        return "A card of another colour never wins: you stay out of this trick."
    if card.value < best.value:
        if hot:
            return f"It stays under the {_name(view, best)}, so you dodge {hot}."
        return f"It stays under the {_name(view, best)}: someone else takes this trick."
    last = len(trick) == view["players"] - 1
    if hot and last:
        return f"It beats the {_name(view, best)}: you take the trick, and {hot} with it."
    if hot:  # others play after you: only a higher card of the lead colour saves you
        return (
            f"It beats the {_name(view, best)}: you take the trick and {hot} unless a higher"
            f" {lead_name} follows."
        )
    if last:
        return "You play last and no Jalapeño is in the trick: taking it is safe."
    return f"It beats the {_name(view, best)} while no Jalapeño is in the trick."


def example(
    *,
    hand: list[str],
    trick: Sequence[str] = (),
    legal: list[str],
    mine: Sequence[str] = (),
    players: int = 4,
) -> dict[str, Any]:
    """A seat's view with just what ``reason`` reads (for the doctests): seat 0 plays after
    the ``trick`` so far, led by the seat ``len(trick)`` places before it."""
    names = (("R", "Red"), ("G", "Green"), ("Y", "Yellow"), ("B", "Brown"))
    return {
        "seat": 0,
        "players": players,
        "hand": list(hand),
        "legal": list(legal),
        "trick": [{"seat": (i - len(trick)) % players, "card": c} for i, c in enumerate(trick)],
        "seats": [{"jalapenos": list(mine)}] + [{"jalapenos": []}] * (players - 1),
        "colours": [{"key": k, "name": n, "symbol": ""} for k, n in names],
        "deck": {"colours": 4, "top": 12, "hand_size": 12},
    }
