"""The words of the Jalape-NO! table: one-line statuses and result sentences.

Everything here reads the engine's view and events (and the session's names); nothing decides a
rule.
"""

from __future__ import annotations

from typing import Any

from engine.jalapeno.cards import parse_card

from ...html import join_words, plural
from ...session import Session
from .results import RoundResult, TrickResult


def colour_name(view: dict[str, Any], key: str | None) -> str:
    for c in view["colours"]:
        if c["key"] == key:
            return c["name"]
    return key or ""


def turn_status(session: Session, view: dict[str, Any], actor: int | None = None) -> str:
    """The status line while the game waits for ``actor`` (default: the seat to act) to play,
    human or bot."""
    if actor is None:
        actor = view["to_act"][0] if view["to_act"] else None
    if actor is None:
        return game_over_status(session, view)
    if session.is_bot(actor):
        return f"{session.name(actor)} is thinking…"
    if view["seat"] != actor:
        return f"Waiting for {session.name(actor)}"
    you = "Your turn" if session.you == actor else f"{session.name(actor)}, your turn"
    lead = view["lead_colour"]
    if lead is None:
        return f"{you} — lead any card"
    colour = colour_name(view, lead).lower()
    legal = view["legal"]
    if legal and all(parse_card(c).colour == lead for c in legal):
        return f"{you} — follow {colour}"
    return f"{you} — no {colour}, play any card"


def trick_sentence(session: Session, trick: TrickResult, *, jalapenos: bool = False) -> str:
    """ "Bart wins the trick and takes 4 cards" (the Jalapeños show on the banner and cards),
    or with ``jalapenos`` (the log, the live region) "..., with the Red Jalapeño"."""
    who = session.subject(trick.winner)
    text = (
        f"{who} {session.verb(trick.winner, 'win')} the trick and"
        f" {session.verb(trick.winner, 'take')} {plural(len(trick.cards), 'card')}"
    )
    hot = jalapenos_phrase(trick) if jalapenos else ""
    return f"{text}, with {hot}" if hot else text


def play_sentence(session: Session, seat: int, card: str) -> str:
    """ "Ana played Green 2" (a card in the trick is seen by everyone)."""
    return f"{session.subject(seat)} played {parse_card(card).label}"


def handoff_sentence(session: Session, seat: int, card: str, next_seat: int | None) -> str:
    """ "Ana played Green 2 — pass to Cy" (pass-and-play, between two humans' turns)."""
    text = play_sentence(session, seat, card)
    if next_seat is not None and not session.is_bot(next_seat):
        text += f" — pass to {session.name(next_seat)}"
    return text


def jalapenos_phrase(trick: TrickResult) -> str:
    """ "", "the Red Jalapeño" or "2 Jalapeños": what burns in a trick."""
    if len(trick.jalapenos) == 1:
        return f"the {parse_card(trick.jalapenos[0]).label}"
    if trick.jalapenos:
        return f"{len(trick.jalapenos)} Jalapeños"
    return ""


def round_sentence(session: Session, result: RoundResult) -> str:
    """Who starts the next round (the engine picked them: most penalty points this round)."""
    if result.next_starter is None:
        return "That was the last round."
    who = session.subject(result.next_starter)
    return (
        f"{who} {session.verb(result.next_starter, 'take', 'took')} the most penalty points and"
        f" {session.verb(result.next_starter, 'start')} round {result.round_no + 1}."
    )


def round_over_sentence(session: Session, event: dict[str, Any]) -> str:
    """ "Round 1 is over: Ana 3, Bart 0, ..." (penalty points this round, from the event)."""
    points = ", ".join(
        f"{session.subject(seat)} {pts}" for seat, pts in enumerate(event["penalties"])
    )
    return f"Round {event['round']} is over. Penalty points: {points}"


def deal_sentence(session: Session, event: dict[str, Any]) -> str:
    """ "Round 2 is dealt: Bart starts" (the most penalised player of the last round)."""
    who = session.subject(event["seat"])
    return f"Round {event['round']} is dealt: {who} {session.verb(event['seat'], 'start')}"


def winners_sentence(session: Session, view: dict[str, Any]) -> str:
    """ "Ana wins!" / "Ana and Bart share the win!" / "You win!"."""
    winners = view["winners"]
    if not winners:
        return "Game over"
    if len(winners) == 1:
        seat = winners[0]
        return f"{session.subject(seat)} {session.verb(seat, 'win')}!"
    names = [session.subject(s) for s in winners]
    return f"{join_words(names)} share the win!"


def game_over_status(session: Session, view: dict[str, Any]) -> str:
    winners = view["winners"]
    if not winners:
        return "Game over"
    points = plural(view["totals"][winners[0]], "penalty point")
    if len(winners) == 1:
        seat = winners[0]
        return f"{session.subject(seat)} {session.verb(seat, 'win')} with {points}"
    return f"{join_words([session.subject(s) for s in winners])} tie with {points} each"
