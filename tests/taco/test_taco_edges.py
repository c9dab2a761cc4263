"""Every way a Crazy Taco game ends, tested from both sides of its edge (issue 13): the state one
step before the end still plays on, and the step that ends it ends it, in solo and in 1 vs 1.

The ends (engine/taco/ledger.py ``lose_stars``/``finish``, flow.py ``end_turn``/``open_customers``):
popularity at the last space of its track; the customer deck exhausted and resolved; closing time
(our guard, docs/rules-decisions.md); in 1 vs 1 a customer player who cannot play."""

from __future__ import annotations

from taco_tables import kinds, spot, table

from engine.taco.board import BOARD
from engine.taco.checks import invariants

FULL = {"1": "C03", "2": "C04", "3": "C09", "4": "C12", "p1": "C13", "p2": "C17"}
"""A full line: the next arrival pushes position 1 into patience and forces p2 out (one star)."""
PLAIN = "C19"  # Yoga class: no computer message, brings no card after it


def ended(state, result: str, reason: str) -> None:
    assert state.is_over() and state.result == result and state.reason == reason
    assert state.current_players() == () and kinds(state)[-1] == "game-over"
    invariants(state)


def plays_on(state, stage: str) -> None:
    assert not state.is_over() and state.result == "" and state.stage == stage
    assert "game-over" not in kinds(state) and state.legal_actions(state.current_players()[0])
    invariants(state)


# -- popularity: "Your popularity drops to the last space on the popularity track" -----------------


def test_a_star_lost_at_popularity_2_plays_on_at_1() -> None:
    state = table(stage="management", line=FULL, deck=(PLAIN,), popularity=2)
    after = state.apply(0, "end turn")
    assert after.popularity == 1 and "forced-out" in kinds(after)
    plays_on(after, "placement")


def test_a_star_lost_at_popularity_1_ends_the_game() -> None:
    state = table(stage="management", line=FULL, deck=(PLAIN,), popularity=1)
    after = state.apply(0, "end turn")
    assert after.popularity == BOARD.popularity_lost == 0
    ended(after, "lost", "popularity")


def test_popularity_1_plays_on_while_no_star_is_lost() -> None:
    state = table(stage="management", line={"1": "C03"}, deck=(PLAIN, "C21"), popularity=1)
    after = state.apply(0, "end turn")
    assert after.popularity == 1 and spot(after, "2") == (PLAIN, False, False)
    plays_on(after, "placement")
    again = after.apply(0, "end placement")  # position 1 still holds: nobody pushed out
    again = again.apply(0, "end turn") if again.stage == "management" else again
    assert again.popularity == 1
    plays_on(again, "placement")


def test_1_vs_1_popularity_2_plays_on_and_1_is_the_customer_players_win() -> None:
    hand = (PLAIN, "C21", "C23", "C25", "C27")
    state = table(players=2, stage="customers", hand=hand, line=FULL, popularity=2)
    after = state.apply(1, f"play {PLAIN}")
    assert after.popularity == 1 and after.winners() == []
    plays_on(after, "extra")  # the star lost lets the manager reveal an extra first
    last = table(players=2, stage="customers", hand=hand, line=FULL, popularity=1)
    ended(last.apply(1, f"play {PLAIN}"), "customers", "popularity")


# -- the deck: "exhausted and resolved" --------------------------------------------------------


def test_one_card_left_in_the_deck_plays_on() -> None:
    state = table(stage="management", deck=(PLAIN,))
    after = state.apply(0, "end turn")
    assert after.deck == () and spot(after, "1") == (PLAIN, False, False)
    plays_on(after, "placement")


def test_an_exhausted_deck_with_a_customer_waiting_plays_on_until_served() -> None:
    state = table(line={"1": "C03"}, dice="E1=D", deck=(), cash=4)
    unserved = state.apply(0, "end placement")
    plays_on(unserved, "placement")
    assert spot(unserved, "1") == ("C03", False, False)
    served = state.apply(0, "serve 1 E1")
    assert spot(served, "1") == ("C03", True, False)
    plays_on(served.apply(0, "end placement"), "placement")  # served, not yet paid: still here


def test_the_last_customer_leaving_ends_the_game_at_the_end_of_the_turn() -> None:
    state = table(line={"1": "C03 served"}, dice="M=$", deck=())
    paid = state.apply(0, "collect 1 M")
    assert all(x is None for x in paid.line)
    plays_on(paid, "placement")  # the turn is not over yet
    ended(paid.apply(0, "end placement"), "won", "deck-resolved")


def test_1_vs_1_the_manager_survives_the_deck_only_when_the_hand_is_empty_too() -> None:
    empty = table(players=2, stage="management", deck=(), hand=())
    ended(empty.apply(0, "end turn"), "manager", "deck-resolved")
    holding = table(players=2, stage="management", deck=(), hand=(PLAIN,))
    plays_on(holding.apply(0, "end turn"), "customers")


# -- closing time (our guard: every game ends) -----------------------------------------------------


def test_the_turn_before_closing_time_plays_on() -> None:
    state = table(stage="management", line={"1": "C03"}, deck=(), turn=BOARD.turn_limit - 1)
    after = state.apply(0, "end turn")
    assert after.turn_no == BOARD.turn_limit
    plays_on(after, "placement")


def test_closing_time_ends_the_game_in_solo_and_in_1_vs_1() -> None:
    solo = table(stage="management", line={"1": "C03"}, deck=(), turn=BOARD.turn_limit)
    ended(solo.apply(0, "end turn"), "lost", "closing-time")
    duo = table(players=2, stage="management", line={"1": "C03"}, deck=(), turn=BOARD.turn_limit)
    ended(duo.apply(0, "end turn"), "customers", "closing-time")


# -- 1 vs 1: "if the other player cannot play one of the cards in their hand" ---------------------


def test_a_hand_that_can_complete_its_phase_plays_on() -> None:
    state = table(players=2, stage="management", hand=("C08", "C06", PLAIN), deck=(), ban_until=6)
    after = state.apply(0, "end turn")  # turn 6 is banned: only the plain card may be played
    assert after.legal_actions(1) and all(str(a) == f"play {PLAIN}" for a in after.legal_actions(1))
    plays_on(after, "customers")


def test_a_hand_that_cannot_complete_its_phase_ends_the_game() -> None:
    state = table(players=2, stage="management", hand=("C08", "C06"), deck=(), ban_until=6)
    ended(state.apply(0, "end turn"), "manager", "cannot-play")
