"""engine/jalapeno/cards.py: the deck, card anatomy, player numbers and the per-count table.

Rulebook sections "Components", "Card Anatomy" and the first part of "Game Setup".
"""

from __future__ import annotations

import pytest
from jalapeno_tables import card

from engine.jalapeno.cards import (
    COLOURS,
    DECK_BY_PLAYERS,
    HAND_SIZE,
    JALAPENO_VALUE,
    MAX_VALUE,
    Card,
    deck_for,
    parse_card,
    player_numbers,
    sort_key,
)

ALL_CARDS = [Card(c.key, v) for c in COLOURS for v in range(1, MAX_VALUE + 1)]


def test_components_108_cards_in_6_colors_with_values_from_1_to_18() -> None:
    """ "108 cards in 6 colors with values from 1 to 18" """
    assert len(COLOURS) == 6 and MAX_VALUE == 18
    assert len(ALL_CARDS) == len(set(ALL_CARDS)) == 108
    assert deck_for(9) == ALL_CARDS


def test_card_value_ranges_from_1_to_18() -> None:
    """ "Card value — Ranges from 1 to 18." """
    assert {c.value for c in ALL_CARDS} == set(range(1, 19))


def test_every_jalapeno_is_a_1() -> None:
    """ "The number always matches the type of food dish. For example, every Jalapeno is a 1." """
    assert JALAPENO_VALUE == 1
    assert [c for c in ALL_CARDS if c.is_jalapeno] == [Card(c.key, 1) for c in COLOURS]
    assert card("R1").label == "Red Jalapeño" and card("R7").label == "Red 7"


def test_card_suit_is_shown_with_both_a_color_and_a_symbol() -> None:
    """ "Card suit — Shown with both a color and a symbol. The symbol always matches the color."
    Our colours and food symbols (docs/rules-decisions.md): one symbol per colour, all different,
    so colour is never the only cue."""
    assert [(c.key, c.name, c.symbol) for c in COLOURS] == [
        ("R", "Red", "chili"),
        ("G", "Green", "avocado"),
        ("Y", "Yellow", "corn"),
        ("B", "Brown", "bean"),
        ("O", "Orange", "cheese"),
        ("P", "Purple", "onion"),
    ]
    assert len({c.symbol for c in COLOURS}) == len({c.emoji for c in COLOURS}) == 6
    assert len({c.key for c in COLOURS}) == 6


def test_player_numbers_show_whether_a_card_is_used_with_a_number_of_players() -> None:
    """ "Player numbers — Shows whether this card is used with a particular number of players or
    not." """
    for n in DECK_BY_PLAYERS:
        for c in ALL_CARDS:
            assert (n in player_numbers(c)) == (c in deck_for(n))
    assert player_numbers(card("R1")) == [3, 4, 5, 6, 7, 8, 9]
    assert player_numbers(card("R10")) == [4, 5, 6, 7, 8, 9]
    assert player_numbers(card("O2")) == [5, 6, 7, 8, 9]
    assert player_numbers(card("P12")) == [6, 7, 8, 9]
    assert player_numbers(card("G13")) == [7, 8, 9]
    assert player_numbers(card("Y16")) == [8, 9]
    assert player_numbers(card("B18")) == [9]


@pytest.mark.parametrize("players", range(3, 10))
def test_if_your_number_of_players_is_marked_on_the_card_put_it_in_the_active_pile(
    players: int,
) -> None:
    """ "To set up for the number of players in your game, go through the deck and look at the
    small numbers at the bottom of each card. If your number of players is marked on the card,
    put that card in the active pile of cards to use. If your number of players is not marked on
    the card, put it aside. You can quickly divide the cards into two piles this way. Put the
    unused cards back in the box." """
    active = [c for c in ALL_CARDS if players in player_numbers(c)]
    assert active == deck_for(players)
    assert len(active) == HAND_SIZE * players  # every player is dealt 12: no card left over


def test_example_5_players_keep_all_the_cards_that_have_a_5() -> None:
    """ "EXAMPLE: If you have 5 players in your game, keep all the cards that have a "5" in the
    player numbers, and leave out all the cards that do not have a "5"." """
    five = deck_for(5)
    assert five == [c for c in ALL_CARDS if 5 in player_numbers(c)]
    assert len(five) == 60 and {c.colour for c in five} == set("RGYBO")
    assert max(c.value for c in five) == 12


def test_all_the_cards_you_need_for_a_5_player_game_are_marked_with_a_5() -> None:
    """ "All the cards you need for a 5-player game are marked with a "5", so you don't need to
    think about any other numbers." Printed numbers are consistent: the table is nested, so a
    card used with N players is used with every larger N."""
    for small in range(3, 9):
        assert set(deck_for(small)) <= set(deck_for(small + 1))
    for c in ALL_CARDS:
        numbers = player_numbers(c)
        assert numbers == list(range(numbers[0], 10)) if numbers else True


def test_deck_by_players_table_is_the_recorded_one() -> None:
    """Per-count table (docs/rules-decisions.md): 12 x players cards, 4 to 6 colours, values 1-9
    up to 1-18; 3 players = 4 x 1..9 and 9 players = 6 x 1..18 are forced by the arithmetic."""
    assert DECK_BY_PLAYERS == {
        3: (4, 9),
        4: (4, 12),
        5: (5, 12),
        6: (6, 12),
        7: (6, 14),
        8: (6, 16),
        9: (6, 18),
    }
    for players, (colours, top) in DECK_BY_PLAYERS.items():
        assert colours * top == HAND_SIZE * players
        assert 4 <= colours <= 6 and 9 <= top <= 18
        assert {c.colour for c in deck_for(players)} == {c.key for c in COLOURS[:colours]}


@pytest.mark.parametrize("players", range(3, 10))
def test_each_deck_holds_one_jalapeno_per_colour_in_use(players: int) -> None:
    colours, _ = DECK_BY_PLAYERS[players]
    assert sum(c.is_jalapeno for c in deck_for(players)) == colours


def test_card_notation_is_colour_letter_then_value() -> None:
    for c in ALL_CARDS:
        assert parse_card(str(c)) == c
    assert str(Card("G", 12)) == "G12"


@pytest.mark.parametrize(
    "text", ["", "R", "R0", "R19", "R07", "r7", "X3", "7R", "R 7", "RR7", "R-1"]
)
def test_not_a_card(text: str) -> None:
    with pytest.raises(ValueError, match="not a Jalape-NO! card"):
        parse_card(text)


def test_hands_sort_by_colour_then_value() -> None:
    assert sorted([card("G2"), card("R9"), card("R10"), card("P1")], key=sort_key) == [
        card("R9"),
        card("R10"),
        card("G2"),
        card("P1"),
    ]


def test_the_table_is_the_only_one_the_public_facts_and_nesting_allow() -> None:
    """12 x players cards, 4 to 6 colours, top values from 9 to 18, and nested printed numbers
    leave exactly one table: ours. (The only free counts are 5 and 6 players; 5 x 12 then
    6 x 12 is the one choice that 7 players' 6 x 14 can still contain.)"""
    options = {
        n: [(c, t) for c in (4, 5, 6) for t in range(9, 19) if c * t == 12 * n]
        for n in range(3, 10)
    }

    def nested(small: tuple[int, int], big: tuple[int, int]) -> bool:
        return small[0] <= big[0] and small[1] <= big[1]

    tables = [[]]
    for n in range(3, 10):
        tables = [t + [o] for t in tables for o in options[n] if not t or nested(t[-1], o)]
    assert tables == [[DECK_BY_PLAYERS[n] for n in range(3, 10)]]
