"""engine/jalapeno/rules.py (with the state that applies it): leading, following, tricks.

Rulebook sections "How to Play", "Game Play Examples" and "Taking Tricks". In the tables below
seat 0 leads and seat 1 is "you".
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jalapeno_tables import card, names, play_all, table

from engine import IllegalAction
from engine.jalapeno.cards import COLOURS, Card, deck_for
from engine.jalapeno.rules import legal_cards, trick_winner

# -- How to Play -------------------------------------------------------------------------


def test_the_starting_player_begins_by_choosing_one_card_from_their_hand_or_jalapenos() -> None:
    """Rulebook: "The starting player begins by choosing one card from their hand or one of their
    Jalapeno cards, then playing their choice face-up in the center of the table." """
    state = table(hands=["R5 G4 Y9", "G7", "Y3", "B2"], jalapenos=["B1 R1", "", "", ""])
    assert names(c.card for c in state.legal_actions(0)) == ["R1", "R5", "G4", "Y9", "B1"]
    after = state.apply(0, "B1")
    assert after.view(None)["trick"] == [{"seat": 0, "card": "B1"}]
    assert names(after.jalapenos[0]) == ["R1"]


def test_the_card_played_by_the_starting_player_determines_the_lead_color() -> None:
    """Rulebook: "The card played by the starting player determines the lead color, which all
    other players must use, provided they have at least one card of that color in their hand or
    in their Jalapenos." """
    state = table(hands=["Y9 R5", "Y2 R7", "R8 Y3", "B2 Y4"])
    after = state.apply(0, "Y9")
    assert after.lead_colour == "Y" and after.view(1)["lead_colour"] == "Y"
    for seat in (1, 2, 3):
        assert {c.colour for c in legal_cards(after.hands[seat], (), "Y")} == {"Y"}


def test_a_led_jalapeno_sets_the_lead_color_too() -> None:
    state = table(hands=["G4", "R7 G9", "G3", "B2"], jalapenos=["R1", "", "", ""])
    after = state.apply(0, "R1")
    assert after.lead_colour == "R" and names(c.card for c in after.legal_actions(1)) == ["R7"]


def test_in_clockwise_order_the_other_players_play_one_card() -> None:
    """Rulebook: "In clockwise order, the other players play one card from their hand or from
    their Jalapenos." Clockwise is the next seat number, wrapping round."""
    state = table(hands=["R2 G2", "R3 G3", "R4 G4", "R5 G5"], leader=2)
    order = []
    while len(state.trick) < 3:
        seat = state.current_players()[0]
        order.append(seat)
        state = state.apply(seat, state.legal_actions(seat)[0])
    assert order == [2, 3, 0]
    assert state.current_players() == (1,)


def test_those_who_do_not_have_the_lead_color_can_play_any_other_color() -> None:
    """Rulebook: "Those who do not have the lead color can play a card of any other color from
    their hand or from their Jalapenos." """
    state = table(hands=["R9", "G4 Y2 B7", "R3", "R4"], jalapenos=["", "G1", "", ""])
    after = state.apply(0, "R9")
    assert names(c.card for c in after.legal_actions(1)) == ["G1", "G4", "Y2", "B7"]


# -- Game Play Examples: the four worked cases, word for word ---------------------------

LEAD_RED = [(0, "R10")]


def test_the_starting_player_chooses_to_lead_a_red_card_you_must_also_play_the_lead_color() -> None:
    """Rulebook: "The starting player chooses to lead a RED card. On your turn, you must also play
    the lead color if possible. These are the possibilities:" """
    state = table(hands=["G2", "R5 G4", "Y3", "B2"], trick=LEAD_RED)
    assert state.lead_colour == "R" and state.current_players() == (1,)
    assert names(c.card for c in state.legal_actions(1)) == ["R5"]


def test_case_1_red_in_hand_and_a_red_and_another_jalapeno_any_red_card_or_red_jalapeno() -> None:
    """Rulebook: "You have RED and other colors in hand, and you have a RED and another Jalapeno on
    the table. You can play any RED card from your hand or your RED Jalapeno." """
    state = table(
        hands=["G2", "R5 R9 G4", "Y3", "B2"], jalapenos=["", "R1 G1", "", ""], trick=LEAD_RED
    )
    assert names(c.card for c in state.legal_actions(1)) == ["R1", "R5", "R9"]
    for choice in ("R1", "R5", "R9"):
        state.apply(1, choice)  # each is allowed
    for wrong in ("G1", "G4"):
        with pytest.raises(IllegalAction, match="You must follow red: you hold red cards."):
            state.apply(1, wrong)


def test_case_2_red_in_hand_but_only_another_colors_jalapeno_must_play_red_from_hand() -> None:
    """Rulebook: "You have RED and other colors in hand, but only a Jalapeno of another color on the
    table. You must play a RED card from your hand." """
    state = table(
        hands=["G2", "R5 R9 G4", "Y3", "B2"], jalapenos=["", "G1", "", ""], trick=LEAD_RED
    )
    assert names(c.card for c in state.legal_actions(1)) == ["R5", "R9"]
    for wrong in ("G1", "G4"):
        with pytest.raises(IllegalAction) as err:
            state.apply(1, wrong)
        assert str(err.value) == "You must follow red: you hold red cards."
        assert err.value.rule == "follow-colour"


def test_case_3_no_red_in_hand_but_a_red_and_another_jalapeno_must_play_red_jalapeno() -> None:
    """Rulebook: "You have no red cards in hand, but you have a RED and another color Jalapeno on
    the table. You must play your RED Jalapeno." """
    state = table(
        hands=["G2", "G4 Y2", "Y3", "B2"], jalapenos=["", "R1 G1", "", ""], trick=LEAD_RED
    )
    assert names(c.card for c in state.legal_actions(1)) == ["R1"]
    for wrong in ("G1", "G4", "Y2"):
        with pytest.raises(IllegalAction) as err:
            state.apply(1, wrong)
        assert str(err.value) == "You must follow red: play your Red Jalapeño."
        assert err.value.rule == "follow-colour"


def test_case_4_no_red_in_hand_and_no_red_jalapeno_play_any_card_from_hand_or_jalapenos() -> None:
    """Rulebook: "You have no red cards in hand, and no red Jalapeno on the table. You can play any
    card from your hand or your Jalapenos." """
    state = table(hands=["G2", "G4 Y2", "Y3", "B2"], jalapenos=["", "G1", "", ""], trick=LEAD_RED)
    assert names(c.card for c in state.legal_actions(1)) == ["G1", "G4", "Y2"]
    for choice in ("G1", "G4", "Y2"):
        state.apply(1, choice)


def test_follow_with_the_led_jalapeno_is_always_allowed() -> None:
    """Pepper's rule (docs/rules-decisions.md): a player holding the Jalapeño of the led colour may
    always follow with it, even with that colour in hand (the rulebook's first case)."""
    state = table(hands=["G2", "R5", "Y3", "B2"], jalapenos=["", "R1", "", ""], trick=LEAD_RED)
    assert card("R1") in [a.card for a in state.legal_actions(1)]


def test_playing_a_card_you_do_not_hold_is_refused_naming_the_rule() -> None:
    state = table(hands=["G2", "R5 G4", "Y3", "B2"], jalapenos=["", "G1", "", ""], trick=LEAD_RED)
    with pytest.raises(IllegalAction, match="Red 7 is not in your hand.") as err:
        state.apply(1, "R7")
    assert err.value.rule == "not-held"
    with pytest.raises(IllegalAction, match="You do not have the Red Jalapeño face up."):
        state.apply(1, "R1")


def test_playing_out_of_turn_is_refused() -> None:
    state = table(hands=["G2", "R5 G4", "Y3", "B2"], trick=LEAD_RED)
    with pytest.raises(IllegalAction, match="It is not your turn: waiting for seat 1.") as err:
        state.apply(2, "Y3")
    assert err.value.rule == "not-your-turn"


@settings(max_examples=150, deadline=None)
@given(
    held=st.lists(st.sampled_from(deck_for(9)), min_size=1, max_size=14, unique=True),
    lead=st.sampled_from([c.key for c in COLOURS]),
)
def test_property_follow_the_lead_colour_from_hand_or_jalapenos_when_able(
    held: list[Card], lead: str
) -> None:
    """For any hand, Jalapeños and lead colour: if you hold the lead colour (hand or Jalapeños)
    you may play exactly those cards, otherwise anything you hold."""
    hand = [c for c in held if not c.is_jalapeno] or [Card("R", 5)]
    jalapenos = [c for c in held if c.is_jalapeno]
    legal = legal_cards(hand, jalapenos, lead)
    following = {c for c in [*hand, *jalapenos] if c.colour == lead}
    assert set(legal) == (following or {*hand, *jalapenos})
    assert len(legal) == len(set(legal))
    if Card(lead, 1) in jalapenos:
        assert Card(lead, 1) in legal
    assert set(legal_cards(hand, jalapenos, None)) == {*hand, *jalapenos}


# -- Taking Tricks ------------------------------------------------------------------------


def test_one_turn_of_each_player_choosing_and_playing_a_card_is_called_a_trick() -> None:
    """Rulebook: "One turn of each player choosing and playing a card is called a trick." """
    state = table(hands=["R2 G2", "R3 G3", "R4 G4", "R5 G5"])
    state = play_all(state, "R2", "R3", "R4")
    assert len(state.trick) == 3 and state.last_trick is None
    state = play_all(state, "R5")
    assert state.trick == () and len(state.last_trick[1]) == 4


def test_the_highest_value_card_that_matches_the_lead_color_wins_the_trick() -> None:
    """Rulebook: "The player who played the highest value card that matches the lead color wins the
    trick." """
    state = table(hands=["R7 G2", "R12 G3", "R3 G4", "R9 G5"])
    state = play_all(state, "R7", "R12", "R3", "R9")
    assert state.last_trick[0] == 1


def test_cards_that_do_not_match_the_lead_color_cannot_win_no_matter_how_high() -> None:
    """Rulebook: "Cards that do not match the lead color cannot win the trick, no matter how high
    their value." """
    state = table(hands=["R2 G2", "G18 G3", "Y17 G4", "B16 G5"])
    state = play_all(state, "R2", "G18", "Y17", "B16")
    assert state.last_trick[0] == 0


def test_a_led_jalapeno_wins_when_no_one_follows() -> None:
    assert trick_winner([(0, card("R1")), (1, card("G9")), (2, card("Y9"))]) == 0
    assert trick_winner([(0, card("R1")), (1, card("R2")), (2, card("Y9"))]) == 1


def test_if_you_win_the_trick_you_take_those_cards() -> None:
    """Rulebook: "If you win the trick, you take those cards." """
    state = table(hands=["R7 G2", "R12 G3", "R3 G4", "R9 G5"])
    state = play_all(state, "R7", "R12", "R3", "R9")
    assert sorted(names(state.piles[1])) == ["R12", "R3", "R7", "R9"]
    assert all(state.piles[s] == () for s in (0, 2, 3))


def test_won_jalapenos_join_your_jalapenos_face_up_and_you_can_play_them() -> None:
    """Rulebook: "If any Jalapeno cards are included, immediately add them to your collection of
    Jalapenos, face-up on the table, which you can play in future tricks." """
    state = table(
        hands=["R7 G2", "R12 G3", "Y4 G4", "R9 G5"], jalapenos=["", "", "Y1", ""], leader=0
    )
    state = play_all(state, "R7", "R12", "Y1", "R9")
    assert names(state.jalapenos[1]) == ["Y1"] and state.jalapenos[2] == ()
    assert "Y1" not in names(state.piles[1])
    assert state.view(0)["seats"][1]["jalapenos"] == ["Y1"]  # face up: everyone sees it
    assert card("Y1") in [a.card for a in state.legal_actions(1)]  # playable next trick
    state = play_all(state, "Y1")
    assert state.lead_colour == "Y"


def test_other_won_cards_go_face_down_in_a_pile_not_used_again_this_round() -> None:
    """Rulebook: "Place any other cards you won face-down in a pile. They are not used again until
    the end of the round." """
    state = table(hands=["R7 G2", "R12 G3", "R3 G4", "R9 G5"])
    state = play_all(state, "R7", "R12", "R3", "R9")
    assert names(state.piles[1]) == ["R7", "R12", "R3", "R9"]
    legal = {str(a) for seat in range(4) for a in state.legal_actions(seat)}
    assert not legal & {"R7", "R12", "R3", "R9"}
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.apply(1, "R12")


def test_as_the_winner_of_the_trick_you_become_the_new_starting_player() -> None:
    """Rulebook: "As the winner of the trick, you become the new starting player." """
    state = table(hands=["R7 G2", "R12 G3", "R3 G4", "R9 G5"])
    state = play_all(state, "R7", "R12", "R3", "R9")
    assert state.leader == 1 and state.current_players() == (1,)
    assert state.lead_colour is None  # seat 1 may lead anything
    assert names(a.card for a in state.legal_actions(1)) == ["G3"]


def test_a_seat_that_cannot_follow_is_publicly_void_in_that_colour() -> None:
    """Voids are public (docs/rules-decisions.md): everyone saw the failure to follow."""
    state = table(hands=["R7 G2", "G3 Y5", "R3 G4", "R9 G5"], jalapenos=["", "R1", "", ""])
    state = play_all(state, "R7", "R1")  # following with the red Jalapeño reveals nothing
    assert state.voids[1] == frozenset()
    state = table(hands=["R7 G2", "G3 Y5", "R3 G4", "R9 G5"])
    state = play_all(state, "R7", "Y5")
    assert state.voids[1] == {"R"} and state.view(3)["seats"][1]["void"] == ["R"]
