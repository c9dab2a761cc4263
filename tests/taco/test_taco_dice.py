"""What dice can do: faces, blank conversion, serving in full (engine/taco/dice.py ``cover``,
applied by engine/taco/placement.py)."""

from __future__ import annotations

import pytest
from taco_tables import die, legal, spot, table

from engine import IllegalAction
from engine.taco.dice import cover


def test_the_food_face_serves_food_and_the_drink_face_serves_drinks() -> None:
    """Rulebook: "The food face lets you serve food orders." "The drink face lets you serve
    drink orders." """
    state = table(line={"1": "C03", "2": "C04"}, dice="E1=D E2=F")  # C03 1 drink, C04 1 food
    assert "serve 1 E1" in legal(state) and "serve 2 E2" in legal(state)
    assert "serve 1 E2" not in legal(state) and "serve 2 E1" not in legal(state)


def test_the_money_face_collects_and_acquires_and_activates_bonuses_and_cleans() -> None:
    """Rulebook: "When the money face comes up, you can use it to collect payment for orders and
    to serve the delivery drivers. It can also be used to serve bonus cards, both to acquire
    them and to activate them, and for cleaning the restaurant." """
    state = table(line={"1": "C03", "2": "C39", "3": "C45"}, dice="M=$ E1=$ E2=$")
    moves = legal(state)
    assert "collect 1 M" in moves  # payment
    assert "bonus 2 M" in moves  # cleaning the restaurant
    assert "bonus 3 M" in moves  # acquiring the staff-room key
    keyed = state.apply(0, "bonus 3 M")
    assert "key E1" in legal(keyed)  # activating it


def test_a_blank_converts_into_food_or_drink_beside_a_real_die() -> None:
    """Rulebook: "The blank face can be converted into food or drink." """
    state = table(line={"1": "C15"}, dice="E1=F E2=B")  # C15: 1 food 1 drink
    after = state.apply(0, "serve 1 E1 E2")
    assert spot(after, "1") == ("C15", True, False)


def test_a_blank_is_worth_nothing_alone() -> None:
    """Rulebook: "It has NO value on its own, and in a conversion it ALWAYS must be accompanied by
    a die (or several dice) showing the drink or food icon." """
    state = table(line={"1": "C09", "2": "C04"}, dice="E1=B E2=B T=B")  # 2 food; 1 food
    assert not [m for m in legal(state) if m.startswith("serve")]
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "serve 2 E1")
    assert err.value.rule == "blank-needs-company"
    assert cover((2, 0, 0, 0), ("B", "B"), True, "") == -1


def test_a_blank_beside_a_food_die_may_be_a_drink() -> None:
    """Rulebook: "The blank face does not replicate the food or drink result of the die it
    accompanies; you decide what you need that turn." """
    state = table(line={"1": "C15"}, dice="E1=F E2=B")  # 1 food + 1 drink: the blank is a drink
    assert "serve 1 E1 E2" in legal(state)
    drink_order = table(line={"1": "C21"}, dice="E1=F E2=B")  # C21: 2 drinks
    assert "serve 1 E1 E2" not in legal(drink_order)  # the food die is food, not a drink
    two_drinks = table(line={"1": "C21"}, dice="E1=D E2=B")
    assert "serve 1 E1 E2" in legal(two_drinks)


def test_a_blank_has_its_own_value_elsewhere() -> None:
    """Rulebook: "The blank face has independent value for use in other tasks." A blank die
    takes a cleaning card, a meal voucher, the piñata, a blank task, and pays for Nachos
    Pico-Pica and La Plata."""
    state = table(
        line={"1": "C39", "2": "C44"}, dice="M=B E1=B E2=B E3=B", door="T08", popularity=7
    )
    moves = legal(state)
    for move in ("bonus 1 M", "bonus 2 M", "task M", "nachos M E1 E2 E3"):
        assert move in moves, move


def test_the_rest_face_means_the_worker_rests() -> None:
    """Rulebook: "The rest face indicates that the worker is going to rest." A die showing it
    cannot be placed, and goes to the rest room in phase 3."""
    state = table(line={"1": "C04"}, dice="E1=Z")
    assert not [m for m in legal(state) if "E1" in m and not m.startswith("reroll")]
    after = state.apply(0, "end placement")
    assert die(after, "E1")[1] in ("room",) and after.room[1] == "E1"


def test_serving_uses_exactly_the_dice_the_order_needs() -> None:
    """Rulebook: "Analyze the resulting roll and decide, using EACH die only ONCE, which of your
    priorities to pursue, being able to:" A placement names its dice; each is used once, and a
    die more than the order needs is refused (serve in full, with exactly those dice)."""
    state = table(line={"1": "C04"}, dice="E1=F E2=F")
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "serve 1 E1 E2")
    assert err.value.rule == "serve-in-full"
    after = state.apply(0, "serve 1 E1")
    assert die(after, "E1") == ("F", "used") and "serve 1 E2" not in legal(after)
