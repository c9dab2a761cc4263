"""Crazy Taco's accounts: the popularity track, the cash register and its fines, and the end of
the game. Functions work on the fresh copy ``s`` made inside one ``apply`` and add what happens
to ``ev``, like the rest of the turn (engine/taco/arrivals.py, flow.py).

Every change to the accounts is told by an event that says by how much (``recount``): a state's
cash, fines and popularity are its ``opening`` accounts plus the recount of its events.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..protocol import Event
from .board import BOARD
from .restaurant import Accounts, Entry, Restaurant


def lose_stars(s: Restaurant, ev: list[Entry], n: int, why: str, card: str = "") -> None:
    """Move down the popularity track; at its last space the game is lost. In 1 vs 1 each star
    lost lets the manager reveal the top Extra card ("When a popularity star is lost, the
    manager player may reveal the top card of the Extra deck")."""
    if n <= 0 or s.stage == "over":
        return
    lost = min(n, s.popularity - BOARD.popularity_lost)
    s.popularity -= lost
    ev.append(
        (
            "popularity",
            None,
            {"change": -lost, "popularity": s.popularity, "why": why, "card": card},
        )
    )
    if s.versus:
        s.reveals += lost
    if s.popularity <= BOARD.popularity_lost:
        finish(s, ev, "customers" if s.versus else "lost", "popularity")


def gain_stars(s: Restaurant, ev: list[Entry], n: int, why: str, card: str = "") -> None:
    gained = min(n, BOARD.popularity_start - s.popularity)
    if gained > 0:
        s.popularity += gained
        ev.append(
            (
                "popularity",
                None,
                {"change": gained, "popularity": s.popularity, "why": why, "card": card},
            )
        )


def fine(s: Restaurant, ev: list[Entry], amount: int, why: str, card: str = "") -> bool:
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
        (
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


def finish(s: Restaurant, ev: list[Entry], result: str, reason: str) -> None:
    s.stage, s.result, s.reason = "over", result, reason
    s.to_reveal, s.reveals, s.follow = 0, 0, False  # nothing is owed once the game is over
    if s.offer:
        s.gone, s.offer = (*s.gone, s.offer), ""
    ev.append(("game-over", None, {"result": result, "reason": reason, "score": scores(s)}))


def scores(s: Restaurant) -> list[int]:
    """Solo: the shareable score (won first, then cash, then popularity; see ``score``).
    1 vs 1: 1 for the winner once the game is over, 0 otherwise."""
    if s.versus:
        return [int(s.result == "manager"), int(s.result == "customers")]
    return [score(s.result == "won", s.cash - s.fines, s.popularity)]


def score(won: bool, net_cash: int, popularity: int) -> int:
    """The solo score, for sharing a result: a won game beats any lost one, then cash (less
    unpaid fines), then popularity. Written out it reads won · cash · popularity:

    >>> score(True, 23, 6), score(False, 40, 0)
    (10236, 400)
    """
    return (10000 if won else 0) + 10 * min(max(net_cash, 0), 999) + popularity


def recount(events: Iterable[Event]) -> Accounts:
    """The change in (cash, unpaid fines, popularity) that these events tell of, read from the
    events alone.

    >>> served = Event("leaves", 0, {"money": 3})
    >>> recount([served, Event("fine", None, {"amount": 4, "paid": False})])
    (3, 4, 0)
    """
    cash = fines = popularity = 0
    for e in events:
        kind, data = e.kind, e.data
        if kind == "popularity":
            popularity += data["change"]
        elif kind == "leaves":
            cash += data["money"]
        elif kind == "cash":
            cash += data["change"]
        elif kind == "extra-swapped":
            cash += data["refund"]
        elif kind == "extra-bought":
            cash -= data["price"]
        elif kind in ("advertise", "overtime", "reroll"):
            cash -= data["cost"]
        elif kind == "fine" and data["paid"]:
            cash -= data["amount"]
        elif kind == "fine":
            fines += data["amount"]
        elif kind == "fine-paid":
            cash -= data["amount"]
            fines -= data["amount"]
    return cash, fines, popularity


def opening_of(s: Restaurant) -> Accounts:
    """The accounts before the events of ``s`` (a loaded state: its accounts less their
    recount)."""
    cash, fines, popularity = recount(s.events)
    return s.cash - cash, s.fines - fines, s.popularity - popularity
