"""Phase 2, the roll and the placement (engine/taco/placement.py, flow.roll): serving, collecting,
both, keeping dice, tasks, bonus cards, the menu, re-rolls and the extras' variations."""

from __future__ import annotations

import pytest
from taco_tables import die, kinds, legal, spot, table

from engine import IllegalAction
from engine.taco.actions import Order

# -- the roll ------------------------------------------------------------------------------------


def test_only_the_available_dice_roll() -> None:
    """Rulebook: "It is time to work, and to do so you must roll the available dice." "You may
    not have all the dice to roll because:" "They are busy doing tasks." "They are in the rest
    room (zzz)." "You kept a die result from the previous turn." """
    state = table(
        stage="management",
        dice="M=$:aside E1:busy E2:room",
        tasks=(("T01", "E1", 2),),
        room=("", "E2", ""),
        deck=("C13",),
    ).apply(0, "end turn")
    roll = [e for e in state.events if e.kind == "roll"][0]
    assert roll.data["rolled"] == ["E3", "T"]
    assert die(state, "M") == ("$", "kept") and die(state, "E1") == ("", "busy")
    assert die(state, "E2") == ("", "room")


def test_a_paid_re_roll_rolls_the_chosen_dice_rest_faces_included() -> None:
    """Rulebook: "Remember that you can pay the amount indicated on the menu to re-roll as many
    dice as you wish." "Relanzamiento de dados (dice re-roll): Pay $3 to re-roll the dice you wish
    (including "rest" results)." """
    state = table(line={"1": "C03"}, dice="M=B E1=Z E2=F", cash=5)
    assert "reroll E1" in legal(state) and "reroll M E1 E2" in legal(state)
    after = state.apply(0, "reroll M E1")
    assert after.cash == 2 and die(after, "E2") == ("F", "free")
    assert [e.kind for e in after.events] == ["reroll"]
    assert not [m for m in legal(table(dice="M=B", cash=2)) if m.startswith("reroll")]
    with pytest.raises(IllegalAction) as err:
        table(dice="M=B", cash=2).apply(0, "reroll M")
    assert err.value.rule == "reroll-cash"


# -- serving and collecting ------------------------------------------------------------------------


def test_serving_an_order_in_full() -> None:
    """Rulebook: "Serve a complete order (food/drinks)." "If you serve a customer's order, it
    must be served in full, NEVER partially." "Place the dice used on it and turn the card to a
    VERTICAL position, leaving the side with the drawing at the bottom, which will help you
    identify that the order is only pending payment." """
    state = table(line={"1": "C23"}, dice="E1=F E2=F E3=D")  # 2 food 1 drink
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "serve 1 E1 E2")
    assert err.value.rule == "serve-in-full"
    after = state.apply(0, "serve 1 E1 E2 E3")
    assert spot(after, "1") == ("C23", True, False) and after.cash == 0
    assert [die(after, d)[1] for d in ("E1", "E2", "E3")] == ["used"] * 3


def test_collecting_an_order_first() -> None:
    """Rulebook: "Collect an order." "If you decide to collect the order, place the corresponding
    die on the card and turn the card to a vertical position, leaving the side with the banknote
    drawing at the bottom to mark that this action has been performed, leaving the order pending
    service." """
    state = table(line={"1": "C23"}, dice="M=$ E1=$")
    after = state.apply(0, "collect 1 M")
    assert spot(after, "1") == ("C23", False, True) and after.cash == 0
    assert "collect 1 E1" not in legal(after)  # already paid
    with pytest.raises(IllegalAction) as err:
        after.apply(0, "collect 1 E1")
    assert err.value.rule == "already-paid"


def test_serving_a_paid_order_sends_the_customer_off_with_the_money() -> None:
    """Rulebook: "If the order had already been collected, the customer leaves the restaurant
    (remove the card)." "Add the indicated amount of money to the cash register." """
    state = table(line={"1": "C23 paid"}, dice="E1=F E2=F E3=D", cash=1)
    after = state.apply(0, "serve 1 E1 E2 E3")
    assert spot(after, "1") is None and after.cash == 4 and "C23" in after.gone


def test_collecting_a_served_order_sends_the_customer_off_with_the_money() -> None:
    """Rulebook: "If the order had already been served, the customer leaves the restaurant
    (remove the card)." """
    state = table(line={"p2": "C23 served"}, dice="M=$")
    after = state.apply(0, "collect p2 M")
    assert after.line[-1] is None and after.cash == 3


def test_serving_and_collecting_at_once() -> None:
    """Rulebook: "Both of the above." "If the dice roll allows it and you decide it is a good
    option, you can complete a customer's service by serving the order and collecting payment at
    the same time." "In this case, remove the card from play and add the amount marked on the
    order to the cash register." """
    state = table(line={"2": "C15"}, dice="M=$ E1=F T=B")  # 1 food 1 drink, $2
    assert "both 2 M E1 T" in legal(state)
    after = state.apply(0, "both 2 M E1 T")
    assert spot(after, "2") is None and after.cash == 2
    assert [e.kind for e in after.events] == ["both", "leaves"]


def test_collecting_takes_one_money_die() -> None:
    state = table(line={"1": "C23"}, dice="E1=F E2=B")
    assert not [m for m in legal(state) if m.startswith(("collect", "both"))]
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "collect 1 E1")
    assert err.value.rule == "collect-needs-money"


def test_money_comes_only_when_the_customer_leaves() -> None:
    """Rulebook: "Note: Money is received in the cash register only once the order has been
    served and collected and the customer leaves the game, NEVER by collecting it separately." """
    state = table(line={"1": "C23"}, dice="M=$ E1=F E2=F E3=D")
    paid = state.apply(0, "collect 1 M")
    assert paid.cash == 0
    assert paid.apply(0, "serve 1 E1 E2 E3").cash == 3


# -- keeping dice ----------------------------------------------------------------------------------


def test_keeping_dice_for_a_later_turn() -> None:
    """Rulebook: "You may decide to keep the dice results, not using them and reserving them for
    use on a later turn." "You may reserve as many dice as you wish." """
    state = table(line={"1": "C23"}, dice="M=$ E1=$ E2=F", deck=("C13",))
    kept = state.apply(0, "keep M").apply(0, "keep E1")
    assert die(kept, "M") == ("$", "aside") and "collect 1 M" not in legal(kept)
    later = kept.apply(0, "end placement")
    later = later.apply(0, "end turn") if later.stage == "management" else later
    assert die(later, "M") == ("$", "kept") and die(later, "E1") == ("$", "kept")
    assert "collect 1 M" in legal(later)
    assert "M" not in [e for e in later.events if e.kind == "roll"][0].data["rolled"]


# -- tasks -----------------------------------------------------------------------------------------


def test_attending_a_task_moves_it_with_its_die_to_the_task_zone() -> None:
    """Rulebook: "Attend a task." "The task is resolved by assigning the die indicated in the
    upper-left corner of the card." "The card is then moved, together with the die, to the task
    zone (blue), freeing up the storeroom door space." """
    state = table(dice="M=$ E1=F E2=D", door="T02")  # T02 needs food, 2 turns
    assert [m for m in legal(state) if m.startswith("task")] == ["task E1"]
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "task E2")
    assert err.value.rule == "task-die"
    after = state.apply(0, "task E1")
    assert after.door == "" and after.task_zone == (("T02", "E1", 2),)
    assert die(after, "E1") == ("", "busy")


# -- bonus cards -----------------------------------------------------------------------------------


def test_taking_a_cleaning_card_keeps_its_die_for_its_track() -> None:
    """Rulebook: "Restaurant cleaning cards (3): You must use a die showing a "blank" or "money"
    face to remove the card from the order line and move it to the bonus zone, where it must
    remain for the number of turns shown on the card's die track." "Collect/resolve bonus."
    "Obtain the bonus by collecting it from the customer zone, assigning the indicated die, and
    moving the card to the bonus zone." """
    state = table(line={"1": "C03", "2": "C40"}, dice="M=$ E1=F T=B")  # C40: track 2
    assert {m for m in legal(state) if m.startswith("bonus")} == {"bonus 2 M", "bonus 2 T"}
    after = state.apply(0, "bonus 2 T")
    assert spot(after, "2") is None and after.bonus == (("C40", "T", 2),)
    assert die(after, "T") == ("", "busy")


def test_the_meal_voucher_is_taken_with_a_blank() -> None:
    """Rulebook: "Meal voucher card (1): Once acquired by using a die showing a "blank" face, it
    moves to the bonus zone and can be used whenever you wish without any extra die cost." """
    state = table(line={"1": "C44", "2": "C23"}, dice="M=$ T=B")
    assert [m for m in legal(state) if m.startswith("bonus")] == ["bonus 1 T"]
    after = state.apply(0, "bonus 1 T")
    assert after.bonus == (("C44", "", 0),) and die(after, "T") == ("B", "used")
    assert "voucher 2" in legal(after)


def test_the_meal_voucher_completes_an_order_without_money() -> None:
    """Rulebook: "You can complete an order by serving it in exchange for this single-use card."
    "Do not collect payment; you receive no money." "Bonus cards are single-use, so they are
    discarded from the game once resolved." """
    state = table(line={"p1": "C33 paid"}, bonus=(("C44", "", 0),), cash=1)
    after = state.apply(0, "voucher p1")
    assert after.line[4] is None and after.cash == 1 and after.bonus == ()
    assert {"C33", "C44"} <= set(after.gone)


def test_the_staff_room_key_is_taken_with_money_then_activated_with_money() -> None:
    """Rulebook: "Staff-room key card (1): Once acquired with a "money" face, it moves to the
    bonus zone." "To activate it you must use a new die showing a "money" face, which stays
    captive for three turns." "Some bonuses are activated by assigning a die, while others
    activate directly without assigning a die." """
    state = table(line={"1": "C45"}, dice="M=$ E1=$ T=B")
    assert [m for m in legal(state) if m.startswith("bonus")] == ["bonus 1 M", "bonus 1 E1"]
    taken = state.apply(0, "bonus 1 M")
    assert taken.bonus == (("C45", "", 0),) and die(taken, "M") == ("$", "used")
    assert [m for m in legal(taken) if m.startswith("key")] == ["key E1"]
    active = taken.apply(0, "key E1")
    assert active.bonus == (("C45", "E1", 3),) and die(active, "E1") == ("", "busy")


def test_no_room_in_the_bonus_zone_means_no_bonus() -> None:
    """Rulebook: "Note: If there is no room in the Bonus zone, you cannot add cards to the BONUS
    zone." """
    full = (("C44", "", 0), ("C45", "", 0), ("C40", "E2", 2))
    state = table(line={"1": "C39"}, dice="M=$ E2:busy T=B", bonus=full)
    assert not [m for m in legal(state) if m.startswith("bonus")]
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "bonus 1 T")
    assert err.value.rule == "bonus-zone-full"


def test_the_pinata_is_resolved_with_a_blank_die() -> None:
    """Rulebook: "To resolve it, use a blank die that remains captive for 2 turns." """
    state = table(
        dice="M=$ T=B", bonus=(("C57", "", 0),), options={"pinata": True}, pinata_seen=True
    )
    assert [m for m in legal(state) if m.startswith("pinata")] == ["pinata T"]
    after = state.apply(0, "pinata T")
    assert after.bonus == (("C57", "T", 2),) and die(after, "T") == ("", "busy")


# -- the menu --------------------------------------------------------------------------------------


def test_the_menu_is_paid_with_the_rolled_faces_not_blank_variations() -> None:
    """Rulebook: "To use the menu, you must use the result of the dice roll." "Blank-face
    variations are NOT valid, but variations from the "Extra" cards ARE valid." "It is important
    to keep the menu card in mind, since there may be interesting combinations that help you in
    the game." """
    state = table(line={"1": "C03"}, dice="E1=F E2=F T=B")
    assert not [m for m in legal(state) if m.startswith("vulcano")]
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "vulcano E1 E2 T")
    assert err.value.rule == "menu-dice"
    griddle = table(line={"1": "C03"}, dice="E1=F E2=F", extra="C46")  # a food die counts 2
    assert "vulcano E1 E2" in legal(griddle)
    after = griddle.apply(0, "vulcano E1 E2")
    assert after.extra_used and die(after, "E1") == ("$", "free")


def test_taco_especial_sends_every_customer_off_paid() -> None:
    """Rulebook: "Taco especial: Remove from the customer area the customer cards (except bonus
    cards) and receive the money corresponding to them." "Dice cost (as shown by the menu icons):
    2 food faces, 1 money face, 1 drink face and 1 blank face." """
    state = table(
        line={"1": "C23", "2": "C39", "3": "C03 served", "p2": "C33"},
        dice="M=$ E1=F E2=F E3=D T=B",
    )
    assert "taco M E1 E2 E3 T" in legal(state)
    after = state.apply(0, "taco M E1 E2 E3 T")
    assert [x and x[0] for x in after.line] == [None, "C39", None, None, None, None]
    assert after.cash == 3 + 1 + 4


def test_vulcano_turns_three_food_or_drink_faces_into_money() -> None:
    """Rulebook: "Vulcano / Ice and fire: Convert three food faces or three drink faces into one
    money face." The first die listed turns to money; the other two are spent."""
    state = table(line={"1": "C23"}, dice="E1=D E2=D E3=D T=F")
    assert {m for m in legal(state) if m.startswith("vulcano")} == {
        "vulcano E1 E2 E3",
        "vulcano E2 E1 E3",
        "vulcano E3 E1 E2",
    }
    after = state.apply(0, "vulcano E2 E1 E3")
    assert die(after, "E2") == ("$", "free") and die(after, "E1")[1] == "used"
    assert "collect 1 E2" in legal(after)


def test_la_plata_recovers_dice_from_the_rest_room() -> None:
    """Rulebook: "La Plata / Triple burrito: Use one money face to recover one die from the rest
    room, or three blank faces to recover two dice from the rest room." """
    state = table(dice="M=$ E1=B T=B E2:room E3:room", room=("E2", "E3", ""), line={"1": "C13"})
    moves = [m for m in legal(state) if m.startswith("plata")]
    assert "plata M for E2" in moves and "plata M for E2 E3" not in moves
    assert "plata M E1 T for E2 E3" not in moves  # a money face is not a blank
    after = state.apply(0, "plata M for E3")
    assert after.room == ("E2", "", "") and die(after, "E3") == ("", "ready")
    blanks = table(dice="M=B E1=B T=B E2:room E3:room", room=("E2", "E3", ""))
    assert "plata M E1 T for E2 E3" in legal(blanks)
    assert blanks.apply(0, "plata M E1 T for E2 E3").room == ("", "", "")


def test_loretos_mole_turns_four_food_into_two_money() -> None:
    """Rulebook: "Loreto's Mole: Convert four food faces into two money faces." """
    state = table(dice="M=F E1=F E2=F T=F", line={"1": "C03"})
    assert "mole M E1 E2 T" in legal(state)
    after = state.apply(0, "mole E1 T M E2")
    assert [die(after, d) for d in ("E1", "T")] == [("$", "free"), ("$", "free")]
    assert [die(after, d)[1] for d in ("M", "E2")] == ["used", "used"]


def test_achilipu_turns_three_dice_to_the_faces_you_want_for_four_drinks() -> None:
    """Rulebook: "Achilipú: You may turn three dice to the desired faces, in exchange for four
    drink faces." The first three dice listed turn; the fourth is spent."""
    state = table(dice="M=D E1=D E2=D T=D", line={"1": "C15"})  # 1 food 1 drink
    after = state.apply(0, "achilipu M E1 T E2")
    assert (
        die(after, "E2")[1] == "used"
        and [die(after, d)[1] for d in ("M", "E1", "T")] == ["wild"] * 3
    )
    assert legal(after)[:4] == ["turn M $", "turn M F", "turn M D", "turn M B"]
    with pytest.raises(IllegalAction) as err:
        after.apply(0, "end placement")
    assert err.value.rule == "achilipu-turn-first"
    done = after.apply(0, "turn M $").apply(0, "turn E1 F").apply(0, "turn T D")
    assert "both 1 M E1 T" in legal(done)


def test_nachos_pico_pica_buys_a_star_for_four_blanks() -> None:
    """Rulebook: "Nachos Pico-Pica: Increase your popularity by one star in exchange for four
    BLANK faces." """
    state = table(dice="M=B E1=B E2=B T=B", popularity=6)
    after = state.apply(0, "nachos M E1 E2 T")
    assert after.popularity == 7
    assert not [m for m in legal(table(dice="M=B E1=B E2=B T=B")) if m.startswith("nachos")]


# -- extras' variations ----------------------------------------------------------------------------


def test_the_extras_variations_are_once_a_turn() -> None:
    """Extras earn "the bonus indicated": the second griddle makes one food die count as two,
    the agua fresca fountain one drink die as two, the tip jar one blank as money — once a
    turn, and only when the placement needs it."""
    fountain = table(line={"1": "C21", "2": "C19"}, dice="E1=D E2=D", extra="C47")
    assert "serve 1 E1" in legal(fountain) and "serve 1 E1 E2" in legal(fountain)
    used = fountain.apply(0, "serve 1 E1")
    assert used.extra_used and "serve 2 E2" not in legal(used)
    plain = fountain.apply(0, "serve 1 E1 E2")
    assert not plain.extra_used
    jar = table(line={"1": "C23 served"}, dice="T=B", extra="C48")
    assert legal(jar)[0] == "collect 1 T" and jar.apply(0, "collect 1 T").cash == 3


def test_legal_placements_name_their_dice_and_target() -> None:
    """Every placement is written verb, target, dice: what a screen needs to light targets."""
    state = table(line={"1": "C04"}, dice="E1=F E2=F")
    orders = [a for a in state.legal_actions(0) if isinstance(a, Order)]
    assert [str(a) for a in orders] == ["serve 1 E1", "serve 1 E2"]
    assert all(a.undoable for a in orders)
    assert kinds(state.apply(0, "serve 1 E2")) == ["serve"]
