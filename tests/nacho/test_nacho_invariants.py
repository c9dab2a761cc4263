"""The Nacho Incident's invariants (``engine.nacho.checks.invariants``): they hold after every
action of random games, each one catches the corruption it is about, and the game ends exactly
where the rules end it, not a step before or after."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

import pytest
from nacho_tables import M, S, kinds, play, table

from engine import get_game
from engine.checks import checks_of
from engine.nacho.checks import invariants
from engine.nacho.components import FEE, ROUNDS, TURNS_PER_ROUND
from engine.nacho.state import NachoState
from engine.nacho.table import DELIVERIES, FEES, OPENING, booked
from engine.rng import Rng

GAME = get_game("nacho")
OPTIONS = (
    {},
    {"rechoose": True},
    {"random_mounties": True},
    {"rechoose": True, "random_mounties": True},
)


def random_game(players: int, seed: int, options: dict | None = None) -> list[NachoState]:
    """Every state of one random legal game; any seat that must act may be the next."""
    chooser = Rng(seed * 7919 + players)
    state = GAME.new_game(players=players, seed=seed, options=options)
    states = [state]
    while not state.is_over():
        acting = state.current_players()
        seat = acting[chooser.below(len(acting))]
        legal = state.legal_actions(seat)
        state = state.apply(seat, legal[chooser.below(len(legal))])
        states.append(state)
    return states


def test_the_game_declares_its_invariants() -> None:
    assert checks_of(GAME).invariants is invariants


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_state_of_random_games_keeps_the_invariants(players: int) -> None:
    checked = 0
    for k, options in enumerate(OPTIONS):
        for state in random_game(players, seed=100 + k, options=options):
            invariants(state)
            checked += 1
    assert checked > 150 * players


# -- each invariant catches what it is about -------------------------------------------------


def mid_game() -> NachoState:
    """A 3-player game in round 2, some smugglers placed, some spots filled, a round scored."""
    for state in random_game(3, seed=7):
        if state.round_no == 2 and state.stage == "destination" and state.pos == 1:
            assert any(state.filled), "the chosen state should have delivered cubes"
            return state
    raise AssertionError("no such state in the game")


def changed(state: NachoState, **fields: object) -> NachoState:
    out = state._copy()
    for name, value in fields.items():
        setattr(out, name, value)
    return out


def _steal_gold(s: NachoState) -> NachoState:
    return changed(s, gold=(s.gold[0] + 1, *s.gold[1:]))


def _fee_forgotten(s: NachoState) -> NachoState:
    """Seat 0 paid one less fee than it did, in gold and in the ledger alike."""
    entry = booked(s.ledger[0], FEES, -1)
    return changed(s, gold=(s.gold[0] + 1, *s.gold[1:]), ledger=(entry, *s.ledger[1:]))


def _rich_start(s: NachoState) -> NachoState:
    entry = booked(s.ledger[0], OPENING, 5)
    return changed(s, gold=(s.gold[0] + 5, *s.gold[1:]), ledger=(entry, *s.ledger[1:]))


def _deliveries_forgotten(s: NachoState) -> NachoState:
    """Seat by seat, no delivery was ever paid (and the gold says so too)."""
    earned = [e[DELIVERIES] for e in s.ledger]
    return changed(
        s,
        gold=tuple(g - d for g, d in zip(s.gold, earned, strict=True)),
        ledger=tuple(booked(e, DELIVERIES, -d) for e, d in zip(s.ledger, earned, strict=True)),
    )


def _card_twice(s: NachoState) -> NachoState:
    return changed(s, draw=(*s.draw, s.hands[0][0]))


def _card_lost(s: NachoState) -> NachoState:
    return changed(s, hands=(s.hands[0][1:], *s.hands[1:]))


def _cube_lost(s: NachoState) -> NachoState:
    food = next(f for f, c in enumerate(s.bag) if c)
    return changed(s, bag=tuple(c - (f == food) for f, c in enumerate(s.bag)))


def _keeper_from_a_hand(s: NachoState) -> NachoState:
    """A smuggler goes from seat 0's hand straight onto its Alberta cantina: every card is still
    in one place, but one more smuggler was placed than the turns allow."""
    card, *rest = s.hands[0]
    cantinas = ((*s.keepers[0][0], card), *s.keepers[0][1:])
    return changed(s, hands=(tuple(rest), *s.hands[1:]), keepers=(cantinas, *s.keepers[1:]))


def _a_turn_skipped(s: NachoState) -> NachoState:
    return changed(s, turn_no=s.turn_no + 1)


def _mountie_face_up(s: NachoState) -> NachoState:
    return changed(s, mface=True)


def _round_not_scored(s: NachoState) -> NachoState:
    return changed(s, last_round=None)


def _unsorted_hand(s: NachoState) -> NachoState:
    hand = s.hands[0]
    return changed(s, hands=((*hand[1:], hand[0]), *s.hands[1:]))


CORRUPTIONS: dict[str, tuple[Callable[[NachoState], NachoState], str]] = {
    "gold changed, not its ledger": (_steal_gold, "ledger adds up"),
    "a fee forgotten in gold and ledger": (_fee_forgotten, "fees"),
    "a richer start": (_rich_start, "opened with"),
    "deliveries forgotten in gold and ledger": (_deliveries_forgotten, "deliveries"),
    "a card in two places": (_card_twice, "exactly one place"),
    "a card lost": (_card_lost, "exactly one place"),
    "a cube lost": (_cube_lost, "cubes"),
    "a keeper out of turn": (_keeper_from_a_hand, "placed"),
    "a turn skipped": (_a_turn_skipped, "turn"),
    "the Mountie face up while players go": (_mountie_face_up, "Mountie"),
    "the last round unscored": (_round_not_scored, "round"),
    "a hand out of order": (_unsorted_hand, "sorted"),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_the_invariants_catch(name: str) -> None:
    corrupt, words = CORRUPTIONS[name]
    state = mid_game()
    invariants(state)
    with pytest.raises(AssertionError, match=words):
        invariants(corrupt(state))
    invariants(state)  # the corruption was a copy


def test_the_fees_paid_are_those_of_every_smuggler_placed() -> None:
    """The recount the ledger makes possible, on a finished game: every smuggler that ever
    opened a cantina was paid for once."""
    final = random_game(4, seed=3)[-1]
    placed = [k for seat in final.keepers for here in seat for k in here] + list(final.removed_s)
    assert len(placed) == 4 * ROUNDS * TURNS_PER_ROUND
    assert sum(e[FEES] for e in final.ledger) == sum(FEE[k] for k in placed)


# -- the end of the game, from both sides ------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTIONS, ids=["plain", "rechoose", "random", "both"])
def test_the_game_ends_with_the_last_step_of_the_last_turn_and_not_before(
    players: int, options: dict
) -> None:
    """Rulebook: "When all Mountie decks are exhausted, the game is over!" The state before the
    last action is round 3, turn 4, the last player of the turn order in step 3 or 4, with a
    choice to make; that action ends the game. Every earlier state goes on."""
    states = random_game(players, seed=players, options=options)
    *before, last = states
    assert last.is_over() and last.phase() == "over" and kinds(last)[-1] == "game-over"
    edge = before[-1]
    assert not edge.is_over() and edge.current_players() == (edge.order[-1],)
    assert (edge.round_no, edge.turn_no) == (ROUNDS, TURNS_PER_ROUND)
    assert edge.phase() in ("destination", "deliver", "arrest", "bored", "wander")
    assert edge.pos == players - 1 and not edge.mdeck and not edge.mreserve
    assert edge.legal_actions(edge.current_players()[0])
    assert not any(s.is_over() for s in before)


def test_the_end_of_round_two_is_not_the_end_of_the_game() -> None:
    """The same last step, one round earlier, scores the round and goes on to the upkeep."""
    for state in random_game(3, seed=11):
        if "round" in kinds(state) and state.round_no == 2:
            assert not state.is_over() and state.phase() in ("gem", "discard")
            assert state.mreserve or state.options["random_mounties"]
            return
    raise AssertionError("round 2 never ended")


def test_the_last_turn_ends_the_game_only_after_every_player_has_placed() -> None:
    """Round 3, turn 4, two players: after the first player's step 4 the game goes on (the
    second still places); after the second's, it is over."""
    state = table(
        2,
        hands={0: "Zorro", 1: "Abe"},
        warehouses={0: "beans", 1: "beans"},
        top=("AB1", "SK2", "ON1", "QC2"),  # nobody wants beans: no delivery to choose
        face_up="M10",
        mdeck=(M("M10"),),
        mreserve=(),
        round_no=ROUNDS,
        turn_no=TURNS_PER_ROUND,
    )
    state = play(state, (0, "S14"), (1, "S01"), (0, "SK"))
    assert not state.is_over() and state.current_players() == (1,)
    assert S("Zorro") in state.keepers[0][1]
    state = state.apply(1, "SK")
    assert state.is_over() and state.winners() and state.current_players() == ()


def test_gold_below_zero_ends_nothing() -> None:
    """Gold may go below zero ("It may be below zero", the score): a player at -1 goes on
    playing, and at the end still has a score."""
    state = table(2, gold=(-1, 0))
    assert not state.is_over() and state.current_players() == (0, 1)
    state = play(state, (0, str(state.legal_actions(0)[0])), (1, str(state.legal_actions(1)[0])))
    assert not state.is_over() and state.gold[0] <= -1


# -- the same games as before ----------------------------------------------------------------

# Pinned with the engine as it was before the speed work (commit 4b1e3d2) and unchanged since:
# whatever makes the engine faster must play every seeded game the same, action by action,
# event by event.
PINNED = {
    (2, ()): (197, [65, 43], [0], "929332cb0aa1bc26"),
    (3, ("rechoose",)): (302, [47, 68, 32], [1], "45a705e1a617123b"),
    (4, ("random_mounties",)): (359, [36, 39, 35, 48], [3], "4100049cd0f6fcd1"),
    (4, ("random_mounties", "rechoose")): (365, [30, 29, 33, 56], [3], "23b3a601dd5ddace"),
}


@pytest.mark.parametrize(("players", "options"), sorted(PINNED))
def test_a_seeded_game_is_played_as_it_always_was(players: int, options: tuple[str, ...]) -> None:
    chooser = Rng(2024 + players)
    state = GAME.new_game(
        players=players, seed=f"pin{players}", options=dict.fromkeys(options, True)
    )
    digest = hashlib.sha256()
    steps = 0
    while not state.is_over():
        acting = state.current_players()
        seat = acting[chooser.below(len(acting))]
        legal = state.legal_actions(seat)
        action = legal[chooser.below(len(legal))]
        digest.update(f"{seat}:{action};".encode())
        state = state.apply(seat, action)
        for event in state.events:
            digest.update(json.dumps(event.to_dict(), sort_keys=True).encode())
        steps += 1
    got = (steps, list(state.gold), state.winners(), digest.hexdigest()[:16])
    assert got == PINNED[(players, options)]
