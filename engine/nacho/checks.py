"""The Nacho Incident's conformance hooks (``engine.checks``): what the shared suite must know,
and ``invariants``, what every table of a game played from the start must satisfy."""

from __future__ import annotations

from typing import Any

from ..checks import Checks
from .components import (
    CANTINA_BONUS,
    FEE,
    HAND_SIZE,
    MOUNTIES_PER_DECK,
    PROVINCE_CARDS,
    ROUNDS,
    SMUGGLERS,
    START_GOLD,
    TURNS_PER_ROUND,
)
from .flow import acting as acting_seats
from .flow import legal_for
from .rules import DISCARD_PHASES, STEP_PHASES
from .saves import check_table
from .table import BONUSES, DELIVERIES, FEES, OPENING, Table

UPKEEP_PHASES = frozenset({"gem", "discard", "sell"})


def hidden(state: Any, seat: int) -> set[str]:
    """The seat's smugglers in hand and waiting, and its pick while the picks are face down."""
    cards = [*state.hands[seat], *state.pending[seat]]
    if state.stage == "pick" and state.picks[seat] is not None:
        cards.append(state.picks[seat])  # face down until everyone has picked
    return {token for i in cards for token in (SMUGGLERS[i].code, SMUGGLERS[i].name)}


def invariants(s: Table) -> None:
    """Raise AssertionError saying what broke if ``s`` (a table of a game played from
    ``new_game``) is not a consistent moment of the game:

    * what a save must be (``saves.check_table``): every smuggler, Mountie and province card in
      exactly one place, 4 cubes of each food between bag, market, warehouses and provinces,
      each seat's gold equal to its ledger's recount, the phase's fields fitting each other;
    * the ledger against the table: everyone opened with 10 gold; the fees paid add up to the
      fees of every smuggler ever placed (on a cantina, or removed from one), each seat's at
      least those of its own keepers; the deliveries at least the prices of the filled spots;
      the bonuses at most every province's bonus in every round scored;
    * the clock: one smuggler placed per player per turn so far, the Mountie deck in use down
      one card per turn, face up only while players pick, and the round last scored;
    * who acts: somebody with a choice until the game is over, and nobody after.
    """
    try:
        check_table(s)
    except ValueError as err:
        raise AssertionError(f"not a consistent table: {err}") from None
    stage, n = s.stage, s.players
    for seat in range(n):
        hand = s.hands[seat]
        _expect(list(hand) == sorted(hand), f"seat {seat}'s hand is not sorted")
        _expect(len(hand) + len(s.pending[seat]) <= HAND_SIZE, f"seat {seat} holds too many")
        entry = s.ledger[seat]
        _expect(entry[OPENING] == START_GOLD, f"seat {seat} opened with {entry[OPENING]} gold")
        _expect(min(entry[OPENING + 1 :]) >= 0, f"seat {seat}'s ledger has a negative entry")

    # The turn: whole turns played, and this one's placements so far.
    scored = 0 if s.last_round is None else s.last_round.round
    round_over = not s.mdeck and stage in (*UPKEEP_PHASES, "over")
    _expect(
        scored == s.round_no - 1 + round_over,
        f"round {s.round_no} ({stage}) but the last round scored is {scored}",
    )
    if stage in STEP_PHASES:
        placed_now = s.pos + (stage in ("arrest", "bored", "wander"))
    else:
        placed_now = n if stage in (*UPKEEP_PHASES, "over") else 0
    turns = (s.round_no - 1) * TURNS_PER_ROUND + s.turn_no - 1
    placed = [k for seat in s.keepers for here in seat for k in here] + list(s.removed_s)
    _expect(
        len(placed) == turns * n + placed_now,
        f"{len(placed)} smugglers placed by round {s.round_no} turn {s.turn_no} ({stage})",
    )
    revealed = stage not in ("pick", "rechoose")
    _expect(
        all((r is not None) == revealed for r in s.revealed),
        f"picks revealed or not, wrongly, in {stage}",
    )
    left = MOUNTIES_PER_DECK - s.turn_no + (not revealed)
    _expect(len(s.mdeck) == left, f"{len(s.mdeck)} Mounties in the deck in turn {s.turn_no}")
    face_up = stage == "pick" and not s.options["random_mounties"]
    _expect(s.mface == face_up, f"the Mountie deck face {'down' if face_up else 'up'} in {stage}")

    # The ledger against what the table shows.
    fees = [entry[FEES] for entry in s.ledger]
    _expect(sum(fees) == sum(FEE[k] for k in placed), "the fees paid are not every placed one's")
    for seat in range(n):
        own = sum(FEE[k] for here in s.keepers[seat] for k in here)
        _expect(fees[seat] >= own, f"seat {seat} paid less than its keepers' fees")
    on_cards = sum(
        price
        for deck, filled in zip(s.pdecks, s.filled, strict=True)
        for k, (_food, price) in enumerate(PROVINCE_CARDS[deck[0]].spots)
        if filled >> k & 1
    )
    _expect(
        sum(entry[DELIVERIES] for entry in s.ledger) >= on_cards,
        "deliveries earned less than the filled spots are worth",
    )
    _expect(
        sum(entry[BONUSES] for entry in s.ledger) <= scored * sum(CANTINA_BONUS),
        "more bonuses than the rounds scored hold",
    )

    # Who acts.
    acting = acting_seats(s)
    if stage == "over":
        _expect(acting == () and s.round_no == ROUNDS, "the game is over but someone acts")
    else:
        _expect(bool(acting), f"nobody acts in {stage}")
        for seat in acting:
            _expect(bool(legal_for(s, seat)), f"seat {seat} must act in {stage} but cannot")
    if stage in DISCARD_PHASES:
        _expect(
            set(acting) == {seat for seat in range(n) if not s.ready[seat]},
            "the seats still discarding are not the ones not done",
        )


def _expect(condition: bool, what: str) -> None:
    if not condition:
        raise AssertionError(what)


CHECKS = Checks(
    hidden=hidden,
    malformed=("S00", "S57", "s01", "S1", "ab", "XX", "salsa@", "salsa@9", "gem", "M13"),
    tie_break=True,
    invariants=invariants,
)
