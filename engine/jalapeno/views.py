"""What one seat may see of a Jalape-NO! table.

``last_trick`` is the latest complete trick of the current round; ``last_round`` keeps the
round just scored (final Jalapeños, piles with leftover hand cards, final trick, penalties),
because the next deal happens in the same ``apply`` that ends a round.

Hidden: the other seats' hands, and their piles. "Place any other cards you won face-down in a
pile": a seat sees its own pile and its running ``penalty_so_far`` (computed from that pile);
of the others it sees only ``pile_size``, with ``pile`` and ``penalty_so_far`` set to None,
unless the table chose the learners' option ``open_piles`` (then every pile is public, as if
everyone had perfect memory; see docs/rules-decisions.md). The last complete trick stays on show
(it was just played face up), and the round-end summary ``last_round`` is public: scoring is
done face up. Face-up Jalapeños and the trick are public; voids (colours a seat failed to
follow) are public deductions, included so that bots and players need not remember them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from .cards import COLOURS, DECK_BY_PLAYERS, HAND_SIZE, Hand, LastRound, Trick
from .scoring import round_penalty

VIEW_VERSION = 2  # 2: piles closed by default (pile_size, pile and penalty_so_far may be None)


class Table(Protocol):
    """What a view reads of a state (``state.JalapenoState`` is one; named here as a protocol
    so that the state, which calls ``view``, and this module do not import each other)."""

    players: int
    options: Mapping[str, Any]
    round_no: int
    round_starter: int
    leader: int
    hands: tuple[Hand, ...]
    jalapenos: tuple[Hand, ...]
    piles: tuple[Hand, ...]
    trick: Trick
    voids: tuple[frozenset[str], ...]
    round_penalties: tuple[tuple[int, ...], ...]
    last_trick: tuple[int, Trick] | None
    last_round: LastRound | None

    @property
    def rounds(self) -> int: ...

    @property
    def lead_colour(self) -> str | None: ...

    def penalty_totals(self) -> list[int]: ...


def _cards(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def view(state: Table, player: int | None) -> dict[str, Any]:
    """The game's part of the view (``State.view`` puts the protocol's envelope around it:
    seat, players, to_act, over, winners, phase, scores, legal, events)."""
    n_colours, top = DECK_BY_PLAYERS[state.players]
    totals = state.penalty_totals()
    open_piles = state.options["open_piles"]
    out: dict[str, Any] = {
        "jalapeno_view_version": VIEW_VERSION,
        "round": state.round_no,
        "rounds": state.rounds,
        "round_starter": state.round_starter,
        "leader": state.leader,
        "lead_colour": state.lead_colour,
        "trick": [{"seat": s, "card": str(c)} for s, c in state.trick],
        "last_trick": None
        if state.last_trick is None
        else {
            "winner": state.last_trick[0],
            "cards": [{"seat": s, "card": str(c)} for s, c in state.last_trick[1]],
        },
        "open_piles": open_piles,
        "seats": [
            {
                "hand_size": len(state.hands[s]),
                "jalapenos": _cards(state.jalapenos[s]),
                "pile_size": len(state.piles[s]),
                "pile": _cards(state.piles[s]) if open_piles or s == player else None,
                "penalty_so_far": round_penalty(state.jalapenos[s], state.piles[s])
                if open_piles or s == player
                else None,
                "void": sorted(state.voids[s]),
                "total": totals[s],
            }
            for s in range(state.players)
        ],
        "last_round": None
        if state.last_round is None
        else {
            "round": len(state.round_penalties),
            "jalapenos": [_cards(j) for j in state.last_round[0]],
            "piles": [_cards(p) for p in state.last_round[1]],
            "penalties": list(state.round_penalties[-1]),
            "last_trick": {
                "winner": state.last_round[2][0],
                "cards": [{"seat": s, "card": str(c)} for s, c in state.last_round[2][1]],
            },
        },
        "round_penalties": [list(r) for r in state.round_penalties],
        "totals": totals,
        "deck": {"colours": n_colours, "top": top, "hand_size": HAND_SIZE},
        "colours": [
            {"key": c.key, "name": c.name, "symbol": c.symbol, "emoji": c.emoji}
            for c in COLOURS[:n_colours]
        ],
    }
    if player is not None:
        out["hand"] = _cards(state.hands[player])
    return out
