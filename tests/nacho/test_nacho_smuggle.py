"""Step 3: the destination (flag or adjacent), deliveries to empty spots, the first player's
steal, and the fee. Seat 0 Kamiel holds the gemstone; clockwise Filip, Johan, Bart."""

from __future__ import annotations

import pytest
from nacho_tables import C, F, M, P, S, event, food_names, legal, play, table

from engine import IllegalAction
from engine.nacho.components import PROVINCES, REACH, SMUGGLERS
from engine.nacho.rules import reachable

KAMIEL, FILIP, JOHAN, BART = range(4)


def filips_turn(warehouses=None, **kw):
    """The rulebook's example: Filip plays Jen (Saskatchewan, fee 2) and goes first; the
    face-up Mountie has the Ontario flag; Alberta's card wants salsa for 7; Johan has salsa."""
    state = table(
        hands={KAMIEL: "Dolores Abe", FILIP: "Jen Blanca", JOHAN: "Hector Bea", BART: "Ursula"},
        warehouses={
            KAMIEL: "grain grain",
            FILIP: "beans tortillas",
            JOHAN: "salsa pepper",
            BART: "beans cream",
            **(warehouses or {}),
        },
        top=("AB1", "SK2", "ON1", "QC1"),
        face_up="M07",
        **kw,
    )
    return play(state, (0, "S04"), (1, "S22"), (2, "S23"), (3, "S36"))


def test_filips_example_turn() -> None:
    """Rulebook: "Example: Filip is first, so he takes the face-up Mountie card as a penalty
    card and places it on his Ontario cantina card." "He chooses to pick a salsa cube from
    Johan and gives him the 2 food cubes from his own warehouse in exchange." "His smuggler,
    Jen, has a Saskatchewan flag." "He decides to send her to the adjacent province Alberta and
    receives 7 gold pieces for the salsa delivery." "He pays Jen 2 gold pieces, leaving him 5
    gold pieces from this operation." "He then goes on to step 4." """
    state = filips_turn()
    assert state.cmounties[FILIP][P("ON")] == (M("M07"),)
    jen = SMUGGLERS[S("Jen")]
    assert (PROVINCES[jen.flag].name, jen.fee) == ("Saskatchewan", 2)
    assert legal(state, FILIP) == ["AB", "SK", "ON"]
    state = state.apply(FILIP, "AB")
    assert "salsa@2" in legal(state, FILIP)
    gold_before = state.gold[FILIP]
    state = state.apply(FILIP, "salsa@2")
    assert event(state, "deliver") == {
        "seat": FILIP,
        "province": "AB",
        "food": "salsa",
        "price": 7,
        "from": JOHAN,
        "gave": ["beans", "tortillas"],
    }
    assert event(state, "fee")["fee"] == 2
    assert state.gold[FILIP] - gold_before == 5  # 7 for the salsa, 2 for Jen
    assert food_names(state.warehouses[FILIP]) == []
    assert food_names(state.warehouses[JOHAN]) == ["beans", "pepper", "tortillas"]
    assert state.keepers[FILIP][P("AB")] == (S("Jen"),)  # step 4: Jen opens a cantina
    assert state.current_players() == (JOHAN,)  # Filip's steps 3 and 4 are done


def test_the_other_players_choose_food_from_their_own_warehouse() -> None:
    """Rulebook: "When the other players get their turn in this step, they must choose food
    from their "own" warehouse." """
    state = play(filips_turn(), (FILIP, "SK"), (FILIP, "none"))  # Filip takes nothing
    assert state.current_players() == (JOHAN,)
    state = state.apply(JOHAN, "AB")  # Hector (SK) to Alberta: Johan's own salsa only
    assert legal(state, JOHAN) == ["salsa", "none"]
    with pytest.raises(IllegalAction) as err:
        state.apply(JOHAN, "grain@0")
    assert err.value.rule == "steal-first-only"


def test_the_first_player_may_take_a_cube_from_another_warehouse_and_must_deliver_it() -> None:
    """Rulebook: "Important "first player" rule: The player who comes first may smuggle a food
    cube from the warehouse of another player instead of a cube from their own warehouse."
    "When he does this, he must deliver this food to a province and he must give "all" his own
    food cubes to the player he stole from." A steal exists only as a delivery."""
    state = filips_turn().apply(FILIP, "AB")
    # Alberta (AB1) wants salsa, grain, olive, onion: Kamiel's grain and Johan's salsa.
    assert legal(state, FILIP) == ["grain@0", "salsa@2", "none"]
    after = state.apply(FILIP, "grain@0")
    assert food_names(after.warehouses[KAMIEL]) == ["grain", "beans", "tortillas"]
    assert food_names(after.warehouses[FILIP]) == []
    assert event(after, "deliver")["price"] == 4


def test_a_smuggler_travels_to_his_flag_or_an_adjacent_province() -> None:
    """Rulebook: "The flag indicates where the smuggler may travel." "He may travel directly to
    the place the card indicates or to a province immediately adjacent to it." "Refer to the
    province cards lying on the table to determine "adjacency"." "Smugglers with the Alberta or
    Quebec flag have a choice of 2 destinations, while those with the flag of Ontario or
    Saskatchewan have three choices." Provinces lie in a row, Alberta to Quebec."""
    assert [p.code for p in PROVINCES] == ["AB", "SK", "ON", "QC"]
    assert [[PROVINCES[q].code for q in reachable(f)] for f in range(4)] == [
        ["AB", "SK"],
        ["AB", "SK", "ON"],
        ["SK", "ON", "QC"],
        ["ON", "QC"],
    ]
    assert REACH == tuple(reachable(f) for f in range(4))
    state = filips_turn()
    with pytest.raises(IllegalAction) as err:
        state.apply(FILIP, "QC")
    assert err.value.rule == "reach" and "Saskatchewan" in str(err.value)


def test_a_spot_pays_its_price_for_the_first_cube_only() -> None:
    """Rulebook: "The province cards show food icons and prices that indicate which food is in
    demand." "For example, a red "salsa 7" on the Alberta province card means that Alberta is
    willing to pay 7 gold pieces for the "first" red salsa delivered." "Once that salsa has been
    delivered, however, the spot is full and no more salsa can be delivered to Alberta." """
    state = filips_turn(warehouses={FILIP: "salsa beans", JOHAN: "salsa pepper"}).apply(FILIP, "AB")
    state = state.apply(FILIP, "salsa")
    assert event(state, "deliver")["price"] == 7
    assert state.filled[P("AB")] == 0b0001  # AB1's first spot: salsa
    state = state.apply(JOHAN, "AB")  # Hector to Alberta: the salsa spot is full now
    assert "salsa" not in legal(state, JOHAN)
    assert state.phase() != "deliver" or legal(state, JOHAN) == ["none"]


def test_a_cube_goes_only_to_an_empty_spot_wanting_its_food() -> None:
    """Rulebook: "The smuggler now acts in your place." "You must choose his destination
    province and what he will bring there (if anything)." "He may smuggle any food cube from
    your warehouse." "When it is possible for the smuggler to bring food to an empty spot on a
    province card, you may bring the food to that spot and collect the money for it." """
    state = filips_turn(warehouses={FILIP: "olive onion"}).apply(FILIP, "AB")
    assert legal(state, FILIP) == ["olive", "onion", "grain@0", "salsa@2", "none"]
    with pytest.raises(IllegalAction) as err:
        state.apply(FILIP, "beans")
    assert err.value.rule == "not-in-warehouse"
    with pytest.raises(IllegalAction) as err:
        state.apply(FILIP, "salsa")
    assert err.value.rule == "not-in-warehouse"
    full = filips_turn(warehouses={FILIP: "olive onion"}, filled={"AB": ["olive"]})
    full = full.apply(FILIP, "AB")
    with pytest.raises(IllegalAction) as err:
        full.apply(FILIP, "olive")
    assert err.value.rule == "no-spot"
    assert full.apply(FILIP, "onion").gold[FILIP] == full.gold[FILIP] + 5 - 2


def test_no_delivery_the_smuggler_just_goes_and_earns_nothing() -> None:
    """Rulebook: "If you are not able to deliver food, or you choose not to, you simply
    indicate where the smuggler goes and receive no money." With nothing deliverable there is no
    second tap: going there is the whole of step 3."""
    state = filips_turn(warehouses={FILIP: "olive onion"}).apply(FILIP, "AB")
    after = state.apply(FILIP, "none")
    assert event(after, "deliver")["food"] is None and after.gold[FILIP] == state.gold[FILIP] - 2
    nothing = filips_turn(warehouses={FILIP: "beans beans", JOHAN: "pepper cream"})
    after = nothing.apply(FILIP, "SK")  # SK2 wants grain, salsa, pepper, cream: Johan's only
    assert after.phase() == "deliver"
    lonely = filips_turn(
        warehouses={KAMIEL: "beans", FILIP: "beans", JOHAN: "beans", BART: "beans"}
    )
    after = lonely.apply(FILIP, "AB")
    assert after.current_players() == (JOHAN,) and event(after, "deliver")["food"] is None


def test_the_fee_is_paid_whatever_happened_even_below_zero() -> None:
    """Rulebook: "Smugglers have a province flag, a number, and a gold coin fee that you must
    pay to hire them." "Smugglers ask payment for their services, indicated by a number of gold
    pieces on their card." "Pay the cost by subtracting the points on your score card,
    regardless of what the smuggler has done for you." "If you go above 100 or below zero, just
    remember it." """
    state = table(
        hands={0: "Zorro", 1: "Abe", 2: "Bea", 3: "Coco"},
        warehouses={0: "beans beans", 1: "beans", 2: "beans", 3: "beans"},
        gold=(2, 10, 10, 10),
    )
    state = play(state, (0, "S14"), (1, "S01"), (2, "S16"), (3, "S43"))
    state = state.apply(0, "AB")  # Zorro, rank 9, fee 5; nothing to deliver
    assert state.gold[0] == 2 - 5 == -3
    assert state.view(None)["seats"][0]["gold"] == -3 and state.scores()[0] == -3
    assert event(state, "fee") == {"seat": 0, "smuggler": "S14", "fee": 5, "gold": -3}


def test_alberta_card_one_is_the_rulebooks_salsa_seven() -> None:
    assert C("AB1") == 0 and F("salsa") == 7
