"""What a Jalape-NO! play caused, read from the engine's events (never by comparing views): a
trick won ("trick"), a round scored ("round", then "deal" for the next one, or "game-over")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TrickResult:
    """A finished trick: who took it and what was in it."""

    winner: int
    cards: tuple[tuple[int, str], ...]  # (seat, card) in play order
    jalapenos: tuple[str, ...]  # the Jalapeños in it: they go face up in front of the winner


@dataclass(frozen=True)
class RoundResult:
    round_no: int
    rounds: int
    penalties: tuple[int, ...]  # this round, per seat
    totals: tuple[int, ...]  # running totals after this round
    next_starter: int | None  # who leads the next round; None when the game is over
    jalapenos: tuple[tuple[str, ...], ...] = ()  # each seat's Jalapeños when it was scored


def trick_of(event: dict[str, Any]) -> TrickResult:
    """A "trick" event as a TrickResult."""
    return TrickResult(
        winner=event["seat"],
        cards=tuple((seat, card) for seat, card in event["cards"]),
        jalapenos=tuple(event["jalapenos"]),
    )


def last_trick(events: Iterable[dict[str, Any]]) -> TrickResult | None:
    tricks = [e for e in events if e["kind"] == "trick"]
    return trick_of(tricks[-1]) if tricks else None


def round_of(events: Iterable[dict[str, Any]]) -> RoundResult | None:
    """The round scored by these events (one apply's), with who leads the next one."""
    events = list(events)
    scored = next((e for e in events if e["kind"] == "round"), None)
    if scored is None:
        return None
    deal = next((e for e in events if e["kind"] == "deal"), None)
    return RoundResult(
        round_no=scored["round"],
        rounds=scored["rounds"],
        penalties=tuple(scored["penalties"]),
        totals=tuple(scored["totals"]),
        next_starter=None if deal is None else deal["seat"],
        jalapenos=tuple(tuple(j) for j in scored["jalapenos"]),
    )


def played_card(events: Iterable[dict[str, Any]]) -> str | None:
    """The card the latest "play" event put in the trick (it slides in once)."""
    plays = [e for e in events if e["kind"] == "play"]
    return plays[-1]["card"] if plays else None
