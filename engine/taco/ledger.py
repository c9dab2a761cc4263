"""Crazy Taco's accounts: the popularity track, the cash register and its fines, and the end of
the game. Functions work on the fresh copy ``s`` made inside one ``apply`` and add what happens
to ``ev``, like the rest of the turn (engine/taco/arrivals.py, flow.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..protocol import Event
from .board import BOARD

if TYPE_CHECKING:
    from .state import TacoState


def lose_stars(s: TacoState, ev: list[Event], n: int, why: str, card: str = "") -> None:
    """Move down the popularity track; at its last space the game is lost. In 1 vs 1 each star
    lost lets the manager reveal the top Extra card ("When a popularity star is lost, the
    manager player may reveal the top card of the Extra deck")."""
    if n <= 0 or s.stage == "over":
        return
    lost = min(n, s.popularity - BOARD.popularity_lost)
    s.popularity -= lost
    ev.append(
        Event(
            "popularity",
            None,
            {"change": -lost, "popularity": s.popularity, "why": why, "card": card},
        )
    )
    if s.versus:
        s.reveals += lost
    if s.popularity <= BOARD.popularity_lost:
        finish(s, ev, "customers" if s.versus else "lost", "popularity")


def gain_stars(s: TacoState, ev: list[Event], n: int, why: str, card: str = "") -> None:
    gained = min(n, BOARD.popularity_start - s.popularity)
    if gained > 0:
        s.popularity += gained
        ev.append(
            Event(
                "popularity",
                None,
                {"change": gained, "popularity": s.popularity, "why": why, "card": card},
            )
        )


def fine(s: TacoState, ev: list[Event], amount: int, why: str, card: str = "") -> bool:
    """Pay a fine from the register, or (not enough money) put it in the fine zone, where it
    stays until paid in phase 3 and locks the trainee meanwhile. True if paid at once."""
    if amount <= 0:
        return True
    paid = s.cash >= amount
    if paid:
        s.cash -= amount
    else:
        s.fines += amount
    ev.append(
        Event(
            "fine",
            None,
            {
                "amount": amount,
                "paid": paid,
                "why": why,
                "card": card,
                "cash": s.cash,
                "fines": s.fines,
            },
        )
    )
    return paid


def finish(s: TacoState, ev: list[Event], result: str, reason: str) -> None:
    s.stage, s.result, s.reason = "over", result, reason
    s.to_reveal, s.reveals, s.follow = 0, 0, False  # nothing is owed once the game is over
    if s.offer:
        s.gone, s.offer = (*s.gone, s.offer), ""
    ev.append(Event("game-over", None, {"result": result, "reason": reason, "score": s.scores()}))
