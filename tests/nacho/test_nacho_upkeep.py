"""Step 6, after every turn: the gemstone, discards and draws, full provinces, new food (sales
and refills from the gemstone holder clockwise) and the next Mountie."""

from __future__ import annotations

import pytest
from nacho_tables import C, F, M, P, S, event, food_names, kinds, legal, play, table

from engine import IllegalAction
from engine.nacho.components import FULL, HAND_SIZE, PROVINCE_CARDS

KAMIEL, FILIP, JOHAN = 0, 1, 2
CHEAP = ("Abe", "Amos", "Nachito", "Coco")  # rank 1, fee 0: nothing changes the gold


def end_of_turn(players: int = 2, **kw):
    """Every seat plays a free rank-1 smuggler to its own province, delivering nothing (no one
    holds a wanted cube): the turn's steps 3-4 are done and step 6 begins."""
    spec = {
        "hands": {s: CHEAP[s] for s in range(players)},
        "warehouses": {s: "beans" for s in range(players)},
        "top": ("AB1", "SK2", "ON1", "QC2"),  # nobody wants beans
        "face_up": "M10",  # Quebec: lands on the gemstone holder's empty Quebec cantina
    }
    for key in ("hands", "warehouses"):
        spec[key].update(kw.pop(key, {}))
    state = table(players, **spec, **kw)
    for s in range(players):
        state = state.apply(s, str(state.legal_actions(s)[0]))
    while state.phase() == "destination":
        seat = state.current_players()[0]
        state = state.apply(seat, state.legal_actions(seat)[0])
    return state


def test_the_gemstone_goes_to_the_lowest_score() -> None:
    """Rulebook: "The player with the gemstone passes it to the player with the lowest score
    (possibly to himself)." """
    state = end_of_turn(gold=(12, 7))
    assert state.gem == FILIP and event(state, "gemstone") == {"seat": KAMIEL, "to": FILIP}
    keep = end_of_turn(gold=(7, 12))
    assert keep.gem == KAMIEL


def test_on_a_tie_for_lowest_the_holder_chooses() -> None:
    """Rulebook: "In case of a tie, the player with the gemstone chooses to whom he passes it." """
    state = end_of_turn(gold=(10, 10))
    assert state.phase() == "gem" and state.current_players() == (KAMIEL,)
    assert legal(state, KAMIEL) == ["gem:0", "gem:1"]
    assert state.apply(KAMIEL, "gem:1").gem == FILIP
    three = end_of_turn(3, gold=(12, 5, 5))
    assert legal(three, KAMIEL) == ["gem:1", "gem:2"]
    with pytest.raises(IllegalAction) as err:
        three.apply(KAMIEL, "gem:0")
    assert err.value.rule == "gem-lowest"


def test_each_player_may_discard_then_draws_back_to_8() -> None:
    """Rulebook: "Each player may now discard smugglers they no longer want." "Afterwards they
    draw new smuggler cards until their hand is back to 8." Everyone discards at once and in
    secret (face down), each card a tap, then says done; the draws follow when all are done."""
    state = end_of_turn(hands={KAMIEL: "Abe Bart Zorro", FILIP: "Amos Jen"}, gold=(12, 7))
    assert state.phase() == "discard" and state.current_players() == (KAMIEL, FILIP)
    assert legal(state, FILIP) == ["discard:S22", "done"]
    state = state.apply(KAMIEL, "discard:S13")
    assert state.view(FILIP)["events"] == [{"kind": "discard", "seat": KAMIEL, "secret": True}]
    assert "Bart" not in str(state.view(FILIP)) and state.view(FILIP)["seats"][0]["discarding"] == 1
    assert [s["name"] for s in state.view(KAMIEL)["discarding"]] == ["Bart"]
    state = state.apply(KAMIEL, "done")
    assert state.current_players() == (FILIP,) and len(state.hands[KAMIEL]) == 1
    state = state.apply(FILIP, "done")
    assert [len(h) for h in state.hands] == [HAND_SIZE, HAND_SIZE]
    assert S("Bart") in state.discards  # face down on the discard pile
    draws = [e for e in state.events if e.kind == "draw"]
    assert [(e.seat, e.public["count"]) for e in draws] == [(KAMIEL, 7), (FILIP, 7)]
    assert all(e.to == (e.seat,) for e in draws)


def test_when_the_deck_runs_out_the_discards_are_shuffled_into_a_new_draw_pile() -> None:
    """Rulebook: "If there are not enough smuggler cards in the smuggler deck, shuffle the
    discarded smuggler cards and make a new draw pile." """
    state = end_of_turn(
        hands={KAMIEL: "Abe Bart", FILIP: "Amos Jen"},
        draw=(S("Zorro"), S("Mabel")),
        discards=tuple(S(n) for n in ("Clem Dolores Ezra Flora Gus Hilda Ike Juana Kurt".split())),
        gold=(12, 7),
    )
    state = play(state, (KAMIEL, "done"), (FILIP, "done"))
    assert "reshuffle" in kinds(state)
    # One card left in each hand, 2 + 9 to draw for 14 places: shared out, fewest first.
    assert sorted(len(h) for h in state.hands) == [6, 7]
    assert state.draw == () or len(state.draw) + len(state.discards) == 0


def test_short_of_cards_the_player_holding_fewest_draws_first() -> None:
    state = end_of_turn(
        hands={KAMIEL: "Abe Bart Zorro Lupita", FILIP: "Amos"},
        draw=(S("Mabel"), S("Lalo")),
        discards=(),
        gold=(12, 7),
    )
    state = play(state, (KAMIEL, "done"), (FILIP, "done"))
    assert [len(h) for h in state.hands] == [3, 2]  # Filip (0 left) gets both
    assert {S("Mabel"), S("Lalo")} <= set(state.hands[FILIP])


def test_a_full_province_card_goes_under_its_deck_and_its_cubes_back_to_the_bag() -> None:
    """Rulebook: "When all 4 food spaces on a province card are full, put those food cubes back
    in the bag." "Place that province card at the bottom of the province card deck and draw a
    replacement province card." """
    state = end_of_turn(filled={"ON": ["grain", "pepper", "cream", "salsa"]}, gold=(12, 7))
    assert state.filled[P("ON")] == FULL
    deck = state.pdecks[P("ON")]
    bag = state.bag
    state = play(state, (KAMIEL, "done"), (FILIP, "done"))
    assert state.pdecks[P("ON")] == (*deck[1:], C("ON1")) and state.filled[P("ON")] == 0
    for food, _price in PROVINCE_CARDS[C("ON1")].spots:
        assert state.bag[food] >= bag[food] + 1 - 2  # back in the bag (2 refills may draw them)
    assert event(state, "province") == {
        "province": "ON",
        "old": "ON1",
        "new": PROVINCE_CARDS[deck[1]].code,
        "seat": None,
    }


def test_new_food_starts_with_the_gemstone_holder_and_goes_clockwise() -> None:
    """Rulebook: "Players place new stock in their warehouse, starting with the player who
    holds the gemstone." "Pass the bag to the player on your left and continue like this until
    every player has supplied their warehouse with new stock." """
    state = end_of_turn(3, gold=(12, 5, 9))  # the stone goes to Filip (5)
    state = play(state, (0, "done"), (1, "done"), (2, "done"))
    order = []
    while state.phase() == "sell":
        seat = state.current_players()[0]
        order.append(seat)
        state = state.apply(seat, "done")
    assert order == [FILIP, JOHAN, KAMIEL]


def test_selling_leftover_cubes_for_1_gold_then_refilling_to_2() -> None:
    """Rulebook: "You may sell the food cube that remained in your warehouse at the Mexican
    market." "To do so, place your food cube aside and receive 1 gold piece for each." "After
    selling as desired, look at how many food cubes you have in your warehouse." "If you have
    fewer than 2, draw cube(s) from the bag until you again have 2 food cubes in your
    warehouse." "Afterwards, put any cubes that were placed aside back in the bag." """
    state = end_of_turn(warehouses={KAMIEL: "beans tortillas", FILIP: "beans"}, gold=(7, 12))
    state = play(state, (KAMIEL, "done"), (FILIP, "done"))
    assert state.phase() == "sell" and state.current_players() == (KAMIEL,)
    assert legal(state, KAMIEL) == ["sell:beans", "sell:tortillas", "done"]
    bag = sum(state.bag)
    state = state.apply(KAMIEL, "sell:beans")
    assert state.gold[KAMIEL] == 8 and state.aside[F("beans")] == 1
    assert food_names(state.warehouses[KAMIEL]) == ["tortillas"]
    assert state.current_players() == (KAMIEL,)  # may sell more, or be done
    state = state.apply(KAMIEL, "done")
    assert len(state.warehouses[KAMIEL]) == 2 and sum(state.bag) == bag - 1
    assert event(state, "stock")["seat"] == KAMIEL
    state = state.apply(FILIP, "sell:beans")  # his last cube: nothing more to sell, so refill
    assert len(state.warehouses[FILIP]) == 2 and state.phase() == "pick"
    assert state.aside == (0,) * 8 and sum(state.bag) == bag - 1 - 2 + 2


def test_a_seat_without_cubes_simply_refills_and_one_with_three_may_keep_them() -> None:
    state = end_of_turn(warehouses={KAMIEL: "", FILIP: "beans beans tortillas"}, gold=(7, 12))
    state = play(state, (KAMIEL, "done"), (FILIP, "done"))
    assert len(state.warehouses[KAMIEL]) == 2 and state.current_players() == (FILIP,)
    state = state.apply(FILIP, "done")
    assert food_names(state.warehouses[FILIP]) == ["beans", "beans", "tortillas"]


def test_an_empty_bag_gives_what_it_has() -> None:
    empty = (0,) * 8
    state = end_of_turn(warehouses={KAMIEL: "", FILIP: ""}, bag=empty, gold=(7, 12))
    state = play(state, (KAMIEL, "done"), (FILIP, "done"))
    assert state.warehouses == ((), ()) and state.phase() == "pick"


def test_the_next_mountie_turns_face_up_and_a_new_deck_starts_each_round() -> None:
    """Rulebook: "Turn the next Mountie card of the Mountie deck in use face up." "If that deck
    has just been exhausted, start with any new Mountie deck and place the end-of-round card at
    the bottom of this newly chosen Mountie deck." "On to the new round with step 1." """
    state = end_of_turn(gold=(12, 7))
    deck = state.mdeck
    # Discards (both done), then new food from the new gemstone holder, Filip.
    state = play(state, (KAMIEL, "done"), (FILIP, "done"), (FILIP, "done"), (KAMIEL, "done"))
    assert state.phase() == "pick" and state.turn_no == 2 and state.mdeck == deck
    assert state.view(FILIP)["mounties"]["face_up"]["id"] == f"M{deck[0] + 1:02d}"
    assert event(state, "turn")["mountie"]["id"] == f"M{deck[0] + 1:02d}"
    # At the end of a round the next deck comes into use.
    decks = (M("M01"), M("M02"), M("M03"), M("M04")), (M("M05"), M("M06"), M("M07"), M("M08"))
    last = end_of_turn(gold=(12, 7), mdeck=(M("M10"),), mreserve=decks, turn_no=4)
    assert "round" in kinds(last)
    last = play(last, (KAMIEL, "done"), (FILIP, "done"))
    while last.phase() == "sell":
        last = last.apply(last.current_players()[0], "done")
    assert (last.round_no, last.turn_no) == (2, 1)
    assert last.mdeck == decks[0] and last.mreserve == (decks[1],) and last.mface
    assert last.view(0)["mounties"] == {
        "face_up": {"id": "M01", "name": "Constable Dudley", "flag": "AB", "penalty": 3},
        "deck": 4,
        "decks": [4],
        "pool": 0,
        "removed": [],
        "random": False,
    }
