"""engine/jalapeno/scoring.py: penalty points at the end of a round, with worked numbers.

Rulebook section "Scoring". Penalty points are counted as positive numbers; ``scores()`` reports
them negated, so that higher is better in every Picante game (docs/rules-decisions.md).
"""

from __future__ import annotations

from jalapeno_tables import cards, play_all, table

from engine.jalapeno.scoring import JALAPENO_PENALTY, MATCHING_PILE_CARD_PENALTY, round_penalty


def test_each_jalapeno_card_is_worth_minus_2_points() -> None:
    """Rulebook: "Each Jalapeno card is worth -2 points." """
    assert JALAPENO_PENALTY == 2
    assert round_penalty(cards("R1"), ()) == 2
    assert round_penalty(cards("R1 G1 Y1"), ()) == 6


def test_each_pile_card_matching_the_color_of_one_of_your_jalapenos_is_worth_minus_1() -> None:
    """Rulebook: "Each card in your pile that matches the color of one of your Jalapenos is worth
    -1 point." """
    assert MATCHING_PILE_CARD_PENALTY == 1
    assert round_penalty(cards("R1"), cards("R4 R9 R12")) == 2 + 3
    assert round_penalty(cards("R1 G1"), cards("R4 G9")) == 4 + 2


def test_all_other_cards_in_your_face_down_pile_score_0_points() -> None:
    """Rulebook: "All other cards in your face-down pile score 0 points." """
    assert round_penalty(cards("R1"), cards("G4 Y9 B18 O2 P7")) == 2


def test_if_you_dont_have_a_jalapeno_card_you_dont_get_any_penalty_points() -> None:
    """Rulebook: "If you don't have a Jalapeno card, you don't get any penalty points." """
    assert round_penalty((), cards("R4 R9 G2 G3 Y7 B3")) == 0


def test_worked_example_two_jalapenos_and_a_mixed_pile_is_7_penalty_points() -> None:
    """Red and Green Jalapeños (2 x 2) and a pile R4 R9 G2 Y7 B3: three cards match (3 x 1) = 7."""
    assert round_penalty(cards("R1 G1"), cards("R4 R9 G2 Y7 B3")) == 7


def round_end_table(rounds: int, open_piles: bool = False):  # type: ignore[no-untyped-def]
    """3 players; seat 0 leads its last hand card, so the round ends after this trick."""
    return table(
        hands=["R9", "R3 G5 Y2", "R4 G6 G7"],
        jalapenos=["", "G1", "Y1"],
        piles=["G2 G3", "G8 Y5", "R5"],
        rounds=rounds,
        open_piles=open_piles,
    )


def test_jalapeno_cards_score_a_penalty_if_you_still_have_them_at_game_end() -> None:
    """Rulebook: "Jalapeno cards score a penalty if you still have them at game end."

    Worked numbers: seat 0 wins R9 R3 R4 and holds no Jalapeño: 0. Seat 1 holds G1 (2) and its
    pile G8 Y5 plus its left-over hand G5 Y2 has two greens (2): 4. Seat 2 holds Y1 (2) and its
    pile R5 G6 G7 has no yellow: 2."""
    state = play_all(round_end_table(rounds=1), "R9", "R3", "R4")
    assert state.is_over()
    assert state.round_penalties == ((0, 4, 2),)
    assert state.scores() == [0, -4, -2] and state.penalty_totals() == [0, 4, 2]
    assert state.winners() == [0]


def test_scores_add_up_over_rounds_as_negative_penalty_points() -> None:
    state = table(
        hands=["", "", ""], round_penalties=[(3, 0, 5), (1, 4, 0), (2, 2, 2)], rounds=3, turn=0
    )
    assert state.scores() == [-6, -6, -7]
    assert state.penalty_totals() == [6, 6, 7]


def test_penalty_so_far_in_the_view_scores_the_table_as_it_lies() -> None:
    """Each seat sees its own running penalty; the others' only with open piles (it is computed
    from the face-down pile)."""
    state = round_end_table(rounds=1, open_piles=True)
    assert [s["penalty_so_far"] for s in state.view(None)["seats"]] == [0, 2 + 1, 2]
    closed = round_end_table(rounds=1)
    assert [s["penalty_so_far"] for s in closed.view(None)["seats"]] == [None, None, None]
    for seat, own in enumerate([0, 2 + 1, 2]):
        seen = [s["penalty_so_far"] for s in closed.view(seat)["seats"]]
        assert seen == [own if s == seat else None for s in range(3)]
