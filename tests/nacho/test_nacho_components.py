"""The components as data (engine/nacho/components.py): what the rulebook fixes, and the
designed parts it leaves open (see docs/rules-decisions.md, The Nacho Incident)."""

from __future__ import annotations

import re
from collections import Counter

from engine.nacho.components import (
    CANTINA_BONUS,
    CARDS_OF_PROVINCE,
    CUBES_PER_FOOD,
    FOODS,
    MOUNTIES,
    PROVINCE_CARDS,
    PROVINCES,
    RANK_FEES,
    SMUGGLERS,
)


def test_the_component_list() -> None:
    """Rulebook: "Full component list: 56 smuggler cards, 12 Mountie cards, 12 province cards, 16
    cantina cards, 1 rules card, 40 coloured cubes, 8 score cards, 4 warehouse cards, 1
    gemstone, 1 end-of-round card." (Cantinas: 4 per player; 8 of the 40 cubes keep score.)"""
    assert len(SMUGGLERS) == 56 and len(MOUNTIES) == 12 and len(PROVINCE_CARDS) == 12
    assert len(PROVINCES) * 4 == 16 and len(CANTINA_BONUS) == 4
    assert len(FOODS) * CUBES_PER_FOOD == 32 == 40 - 8


def test_food_cubes_have_a_colour_and_a_name() -> None:
    """Rulebook: "Province cards: front: flag; back: 4 food elements with a number Cantina
    cards: with the name of the province and a + number Food cubes: yellow = grain, brown =
    beans, green = pepper, black = olive, blue = tortillas, purple = onion, white = sour cream,
    red = salsa" """
    assert [(f.colour, f.name) for f in FOODS] == [
        ("yellow", "grain"),
        ("brown", "beans"),
        ("green", "pepper"),
        ("black", "olive"),
        ("blue", "tortillas"),
        ("purple", "onion"),
        ("white", "sour cream"),
        ("red", "salsa"),
    ]
    assert len({f.code for f in FOODS}) == 8 and all(f.emoji for f in FOODS)
    assert all(re.fullmatch("[a-z]+", f.code) for f in FOODS)


def test_province_cards_three_per_province_four_foods_priced_3_to_9() -> None:
    """Every province card shows 4 different foods, each with a price 3..9; every food is wanted
    on 6 cards (48 spots / 8 foods) at an average price near 6."""
    assert [len(c) for c in CARDS_OF_PROVINCE] == [3, 3, 3, 3]
    wanted: Counter[int] = Counter()
    prices: dict[int, list[int]] = {}
    for card in PROVINCE_CARDS:
        foods = [f for f, _ in card.spots]
        assert len(set(foods)) == 4, card.code
        assert all(3 <= p <= 9 for _, p in card.spots), card.code
        assert 23 <= sum(p for _, p in card.spots) <= 26, card.code
        assert card.code[:2] == PROVINCES[card.province].code
        for f, p in card.spots:
            wanted[f] += 1
            prices.setdefault(f, []).append(p)
    assert set(wanted.values()) == {6}
    assert all(5.5 <= sum(p) / len(p) <= 6.5 for p in prices.values())


def test_smugglers_have_a_flag_a_rank_1_to_9_and_a_fee() -> None:
    """Rulebook: "The number indicates the smuggler's rank on a scale of 1 to 9." "High numbers
    indicate fast smugglers who are also good cantina keepers, but they charge high fees and
    tend to attract the men of the law." "Low numbers indicate slow, foolish smugglers, who
    charge little and are usually not noticed by the Mounties." Fees never fall as the rank
    rises; every flag has the same 14 cards."""
    assert Counter(s.flag for s in SMUGGLERS) == {0: 14, 1: 14, 2: 14, 3: 14}
    assert {s.rank for s in SMUGGLERS} == set(range(1, 10))
    for (r1, f1), (r2, f2) in zip(RANK_FEES, RANK_FEES[1:], strict=False):
        assert r1 <= r2 and f1 <= f2
    for flag in range(4):
        assert sorted((s.rank, s.fee) for s in SMUGGLERS if s.flag == flag) == list(RANK_FEES)
    assert max(s.fee for s in SMUGGLERS if s.rank == 9) > max(
        s.fee for s in SMUGGLERS if s.rank <= 3
    )


def test_jen_has_a_saskatchewan_flag_and_a_fee_of_2() -> None:
    """The rulebook's example smuggler: "His smuggler, Jen, has a Saskatchewan flag." and "He
    pays Jen 2 gold pieces"."""
    jen = next(s for s in SMUGGLERS if s.name == "Jen")
    assert (PROVINCES[jen.flag].name, jen.fee) == ("Saskatchewan", 2)


def test_names_and_codes_are_distinct_words() -> None:
    """Hidden cards must be recognisable in any text: codes S01..S56 and one-word names that are
    no other word of the game (so a name in a view always means that card)."""
    assert [s.code for s in SMUGGLERS] == [f"S{i:02d}" for i in range(1, 57)]
    assert [m.code for m in MOUNTIES] == [f"M{i:02d}" for i in range(1, 13)]
    names = [s.name for s in SMUGGLERS]
    assert len(set(names)) == 56 and all(re.fullmatch("[A-Z][a-z]+", n) for n in names)
    other_words = {w for m in MOUNTIES for w in m.name.split()}
    other_words |= {p.name for p in PROVINCES} | {p.code for p in PROVINCES}
    other_words |= {f.code for f in FOODS} | {w.capitalize() for f in FOODS for w in f.name.split()}
    assert not set(names) & other_words


def test_mounties_three_per_province_penalty_3_or_4() -> None:
    assert Counter(m.flag for m in MOUNTIES) == {0: 3, 1: 3, 2: 3, 3: 3}
    assert Counter(m.penalty for m in MOUNTIES) == {3: 6, 4: 6}
    for flag in range(4):
        assert {m.penalty for m in MOUNTIES if m.flag == flag} == {3, 4}


def test_cantina_bonuses_one_per_province() -> None:
    """The middle provinces are reachable from three flags, the ends from two: more smugglers
    compete there, so their cantinas pay more."""
    assert [p.bonus for p in PROVINCES] == list(CANTINA_BONUS) == [6, 8, 8, 6]
