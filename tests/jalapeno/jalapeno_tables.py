"""Small hand-built Jalape-NO! tables for rule tests: say who holds what, get a state.

>>> state = table(hands=["R5 R9 G4", "G7", "Y3", "B2"], jalapenos=["", "R1", "", ""])
>>> state.turn, [str(c) for c in state.jalapenos[1]]
(0, ['R1'])
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.jalapeno import JalapenoState
from engine.jalapeno.cards import Card, parse_card, sort_key
from engine.jalapeno.game import GAME


def card(text: str) -> Card:
    return parse_card(text)


def cards(text: str) -> tuple[Card, ...]:
    """``"R5 R9 G4"`` -> the three cards, in that order."""
    return tuple(parse_card(t) for t in text.split())


def names(items: Sequence[Card]) -> list[str]:
    return [str(c) for c in items]


def table(
    *,
    hands: Sequence[str],
    jalapenos: Sequence[str] | None = None,
    piles: Sequence[str] | None = None,
    trick: Sequence[tuple[int, str]] = (),
    leader: int = 0,
    turn: int | None = None,
    round_no: int = 1,
    round_starter: int | None = None,
    round_penalties: Sequence[Sequence[int]] = (),
    rounds: int = 5,
    rng: int = 12345,
    over: bool = False,
    open_piles: bool = False,
) -> JalapenoState:
    """A state with exactly these cards (not necessarily a whole deck): one hand per seat.

    ``turn`` defaults to the next seat clockwise after the trick so far; ``over`` makes it a
    finished game (no one to act).
    """
    players = len(hands)
    trick_cards = tuple((seat, parse_card(c)) for seat, c in trick)
    return JalapenoState(
        players=players,
        options={"rounds": rounds, "first_player": None, "open_piles": open_piles},
        rng=rng,
        round_no=round_no,
        round_starter=leader if round_starter is None else round_starter,
        leader=leader,
        turn=None if over else (leader + len(trick_cards)) % players if turn is None else turn,
        hands=tuple(tuple(sorted(cards(h), key=sort_key)) for h in hands),
        jalapenos=tuple(cards(j) for j in (jalapenos or [""] * players)),
        piles=tuple(cards(p) for p in (piles or [""] * players)),
        trick=trick_cards,
        voids=tuple(frozenset() for _ in range(players)),
        round_penalties=tuple(tuple(r) for r in round_penalties),
        last_trick=None,
    )


def play_all(state: JalapenoState, *moves: str) -> JalapenoState:
    """Let the seats to act play these cards in turn."""
    for move in moves:
        state = state.apply(state.current_players()[0], move)
    return state


__all__ = ["GAME", "card", "cards", "names", "play_all", "table"]
