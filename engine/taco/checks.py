"""Crazy Taco's conformance hooks (``engine.checks``): what the shared suite must know.

``invariants`` runs after every action of the suite's random games (``tests/test_invariants.py``,
100,000 actions a run), so it reads the state's fields directly.
"""

from __future__ import annotations

from typing import Any

from ..checks import Checks
from .board import BOARD, LINE, STAGES
from .cards import CARDS, GUESTS, PREPAID
from .ledger import recount
from .save import check_table


def hidden(state: Any, seat: int) -> set[str]:
    """1 vs 1: the customer player's hand (seat 1); solo hides nothing from the one seat."""
    return set(state.hand) if seat == 1 else set()


def invariants(state: Any) -> None:
    """Raise AssertionError saying what broke, if ``state`` breaks one of these:

    * every customer card, task card and extra is in exactly one place (the decks, the hand,
      the line, the bonus and fine zones, in play or on offer, out of the game): the deck, the
      discards and the table are conserved; each die is in exactly one zone, the one its status
      says (the tray, a task or bonus card, the rest room, the fine zone): ``save.check_table``;
    * cash, unpaid fines and popularity are the accounts before the last action plus a recount
      of its events (``ledger.recount``): nothing changes the accounts untold; popularity stays
      on its track, money never below zero;
    * nobody waits at the counter served and paid (they leave), an order terminal is never paid;
      the customer player's hand is sorted and within its size (empty in solo);
    * the game is over exactly when it has a result, which it announces in that action's events.
    """
    try:
        check_table(state)
    except ValueError as err:
        raise AssertionError(str(err)) from None

    cash, fines, popularity = state.opening
    d_cash, d_fines, d_popularity = recount(state.events)
    told = (cash + d_cash, fines + d_fines, popularity + d_popularity)
    assert told == (state.cash, state.fines, state.popularity), (
        f"cash, fines, popularity {state.cash, state.fines, state.popularity} are not the"
        f" {state.opening} before plus the events' {d_cash, d_fines, d_popularity}"
    )
    assert BOARD.popularity_lost <= state.popularity <= BOARD.popularity_start, "popularity"
    assert state.cash >= 0 and state.fines >= 0, f"cash {state.cash}, fines {state.fines}"

    assert len(state.line) == LINE, "the line has a place per counter and patience space"
    for slot in state.line:
        if slot is not None:
            code, served, paid = slot
            kind = CARDS[code].kind
            assert kind in GUESTS or not (served or paid), f"{code} is no guest, yet served/paid"
            assert not (served and paid), f"{code} served and paid but still waiting"
            assert not (kind == PREPAID and paid), f"{code}, an order terminal, was paid"
    hand = state.hand
    assert list(hand) == sorted(hand), "the hand is not sorted"
    assert len(hand) <= (BOARD.hand if state.players == 2 else 0), f"{len(hand)} cards in hand"

    assert state.stage in STAGES, f"stage {state.stage!r}"
    over = state.stage == "over"
    assert over == bool(state.result), f"stage {state.stage} with result {state.result!r}"
    assert over == (state.current_players() == ()), "nobody acts exactly when the game is over"
    if over:
        ended = [e for e in state.events if e.kind == "game-over"]
        assert ended or state.events == (), "the game ended without saying so"
    assert 1 <= state.turn_no <= BOARD.turn_limit, f"turn {state.turn_no}"


CHECKS = Checks(
    hidden=hidden,
    malformed=("serve 9 M", "serve 2 X", "keep", "play", "SERVE 2 M", "end", "plata M for"),
    invariants=invariants,
)
