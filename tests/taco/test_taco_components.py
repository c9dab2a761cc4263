"""Crazy Taco components as data: the dice exactly as the rulebook gives them, the 50 customer
cards (kinds and counts), tasks, inspections, extras, the board and the menu's prices.
(engine/taco/dice.py, cards.py, board.py; the choices are in docs/rules-decisions.md.)"""

from __future__ import annotations

from collections import Counter

import pytest
from taco_tables import table

from engine import get_game
from engine.taco.board import BOARD, MENU_ITEM, OVERTIME_COSTS, REROLL_COST, SPOTS
from engine.taco.cards import (
    CARDS,
    CHARACTER_CARDS,
    CUSTOMER_DECK,
    EXTRA_CARDS,
    GUESTS,
    INSPECTION_CARDS,
    OPEN,
    PREPAID_CARDS,
    TASK,
    TASKS,
    WELCOME_CARDS,
    customer_deck,
    describe,
)
from engine.taco.dice import DICE, DIE

GAME = get_game("taco")


def faces(die: str) -> Counter[str]:
    return Counter(DIE[die].faces)


def test_the_manager_die() -> None:
    """Rulebook: "Manager (1): the main asset. Has 3 money faces, one food-service face, one
    drink-service face, and one blank face." """
    assert [d.id for d in DICE if d.worker == "manager"] == ["M"]
    assert faces("M") == Counter({"$": 3, "F": 1, "D": 1, "B": 1})


def test_the_three_employee_dice() -> None:
    """Rulebook: "Employee (3): each has one money face, two food-service faces, one
    drink-service face, one blank face, and one rest face." """
    employees = [d.id for d in DICE if d.worker == "employee"]
    assert employees == ["E1", "E2", "E3"]
    for die in employees:
        assert faces(die) == Counter({"$": 1, "F": 2, "D": 1, "B": 1, "Z": 1})


def test_the_trainee_die() -> None:
    """Rulebook: "Trainee (1): has 2 food-service faces, 2 drink-service faces, and 2 blank
    faces." """
    assert faces("T") == Counter({"F": 2, "D": 2, "B": 2})
    assert len(DICE) == 5 and all(len(d.faces) == 6 for d in DICE)


def test_the_box_holds_fifty_customer_cards_of_these_kinds() -> None:
    """The rulebook's counts: "Restaurant cleaning cards (3)", "Free time cards (2)", "Meal
    voucher card (1)", "Staff-room key card (1)", "3 cards with extra tools", the VIP and the
    pickpocket, the two WELCOME cards; the rest are ordinary customers."""
    assert len(CUSTOMER_DECK) == 50 == len(set(CUSTOMER_DECK))
    kinds = Counter(CARDS[c].kind for c in CUSTOMER_DECK)
    assert kinds == Counter(
        customer=36,
        welcome=2,
        cleaning=3,
        **{"free-time": 2},
        voucher=1,
        key=1,
        extra=3,
        vip=1,
        pickpocket=1,
    )
    assert len(TASKS) == 9 and len(INSPECTION_CARDS) == 3 and len(PREPAID_CARDS) == 3


def test_customer_cards_have_orders_money_and_messages() -> None:
    """Rulebook: "Orders to serve (food and drinks). Money we collect. Computer messages: Task,
    Open, Penalty." Every guest orders at least one item and pays at least $1; its penalty is
    at least one star; the messages are data."""
    for code in CUSTOMER_DECK + PREPAID_CARDS:
        card = CARDS[code]
        if card.kind in GUESTS:
            assert card.items >= 1 and card.pay >= 1 and card.stars >= 1, code
            assert card.message in ("", OPEN, TASK), code
    messages = Counter(CARDS[c].message for c in CUSTOMER_DECK if CARDS[c].kind in GUESTS)
    # A TASK message on every card can draw the 9 task cards once (pickpocket included).
    assert messages[TASK] == len(TASKS) and messages[OPEN] == 11


def test_payment_grows_with_the_order() -> None:
    """A bigger order never pays less than a smaller one (designed: $1 an item, the VIP $5)."""
    for code in CUSTOMER_DECK:
        card = CARDS[code]
        if card.kind in GUESTS and card.kind != "vip":
            assert card.pay == card.items, code
    assert CARDS["C49"].pay == 5


def test_three_cards_carry_the_two_player_mark_and_the_terminal_cards_replace_them() -> None:
    """Rulebook: "Remove the three order-terminal cards marked with the "terminal" icon (these
    cards are exclusive to the 2-player game mode)." and, for 1 vs 1, "remove from the game the
    three cards marked with the icon shown on page 16 of the manual, and add the three
    order-terminal cards marked with their own icon." """
    marked = [c for c in CUSTOMER_DECK if CARDS[c].duo]
    assert len(marked) == 3
    solo, versus = set(customer_deck(False, True)), set(customer_deck(True, True))
    assert not solo & set(PREPAID_CARDS) and set(PREPAID_CARDS) <= versus
    assert not versus & set(marked)
    # Each terminal card replaces a marked card with the same order and payment.
    assert sorted((CARDS[c].food, CARDS[c].drink, CARDS[c].pay) for c in marked) == sorted(
        (CARDS[c].food, CARDS[c].drink, CARDS[c].pay) for c in PREPAID_CARDS
    )


def test_the_marked_cards_leave_a_versus_hand_that_can_be_played_out() -> None:
    """The marked cards are three +OPEN customers (docs/rules-decisions.md, Crazy Taco § 15):
    after a +OPEN or TASK play the next turn may play neither, and a +OPEN card needs a plain
    card with it, so playing every card takes two plain cards per +OPEN card and one per TASK
    card (the last play needs none after it). The 1 vs 1 deck has that many, so a customer
    player who plans can play its whole hand; solo keeps its 11 +OPEN cards."""
    versus = customer_deck(True, False)
    n_open = sum(CARDS[c].message == OPEN for c in versus)
    n_task = sum(CARDS[c].message == TASK for c in versus)
    plain = len(versus) - n_open - n_task
    assert (n_open, n_task) == (8, 8)
    assert plain >= 2 * n_open + n_task - 1
    assert all(CARDS[c].message == OPEN for c in CUSTOMER_DECK if CARDS[c].duo)
    assert sum(CARDS[c].message == OPEN for c in customer_deck(False, True)) == 11


def test_the_inspection_cards_and_their_fines() -> None:
    """Rulebook: "-$3 per worker in the rest room. -$6 if no workers are resting. -$5 per
    trash/cleaning card in play." """
    rules = {CARDS[c].effect: CARDS[c].fine for c in INSPECTION_CARDS}
    assert rules == {"per-resting": 3, "none-resting": 6, "per-cleaning": 5}


def test_tasks_name_a_face_turns_a_cost_and_a_penalty() -> None:
    """Each task card: the die it needs (upper-left), turns in the task zone, a cost, and a
    penalty (lower-right) of a fine, stars, or both."""
    for task in TASKS.values():
        assert task.face in "$FDB" and 1 <= task.turns <= 3 and task.cost >= 0
        assert task.stars + task.fine > 0, task.code


def test_extras_have_a_price_a_swap_refund_and_a_variation() -> None:
    """Rulebook: extras are bought "by paying its price (shown in the upper-right corner)"; a
    swap returns "the amount of money stipulated for the extra being discarded"."""
    for code in EXTRA_CARDS:
        card = CARDS[code]
        assert 0 < card.refund < card.price and card.effect
    assert {CARDS[c].effect for c in EXTRA_CARDS} == {"double-food", "double-drink", "blank-money"}


def test_the_board_sizes() -> None:
    """The counter has 4 positions and the patience zone 2 spaces; the rest room 3; the bonus
    zone holds 3 cards; popularity starts at 8 and is lost at 0 (public facts)."""
    assert SPOTS == ("1", "2", "3", "4", "p1", "p2")
    assert (BOARD.rest_room, BOARD.bonus_zone) == (3, 3)
    assert (BOARD.popularity_start, BOARD.popularity_lost) == (8, 0)


def test_the_menu_prices() -> None:
    """Rulebook: "Campaña de publicidad (advertising campaign): Pay $10 and increase your
    popularity level by one star." "Hora extra 1 (extra hour 1): Pay $3 and recover one die from
    the rest room." "Hora extra 2 (extra hour 2): Pay $5 and recover one die from the rest
    room." "Relanzamiento de dados (dice re-roll): Pay $3 to re-roll the dice you wish
    (including "rest" results)." """
    assert MENU_ITEM["advertise"].cost == 10 and OVERTIME_COSTS == (3, 5) and REROLL_COST == 3
    assert MENU_ITEM["taco"].needs == ((2, 1, 1, 1),)
    assert MENU_ITEM["vulcano"].needs == ((3, 0, 0, 0), (0, 3, 0, 0))
    assert MENU_ITEM["plata"].needs == ((0, 0, 1, 0), (0, 0, 0, 3))
    assert MENU_ITEM["mole"].needs == ((4, 0, 0, 0),)
    assert MENU_ITEM["achilipu"].needs == ((0, 4, 0, 0),)
    assert MENU_ITEM["nachos"].needs == ((0, 0, 0, 4),)


def test_codes_are_distinctive_and_every_card_describes_itself() -> None:
    """Card codes are the notation and the tokens the hidden-information checks look for."""
    for code in CARDS:
        d = describe(code)
        assert d["code"] == code and d["name"]
    assert all(code.startswith("T0") for code in TASKS)
    assert set(WELCOME_CARDS) <= set(CUSTOMER_DECK) and set(CHARACTER_CARDS) <= set(CUSTOMER_DECK)


def test_the_other_components_are_places_in_the_view() -> None:
    """Rulebook: "Customer deck: the customer cards, placed face down." "Task deck: the task
    cards, placed face down." "Customer zone (counter), with customers arriving from the left."
    "Rest zone, where workers who are resting are placed." "Fine area (Multa)." "Popularity
    track." "Cash register." "Storeroom door (puerta del almacén), where the current task is
    placed." "Task zone (blue area), where assigned tasks and their dice are kept." "Bonus zone,
    where bonus cards are kept." """
    view = table(line={"1": "C03"}, dice="M=$", door="T01", cash=3).view(0)
    assert view["deck"] == {"customers": 50, "tasks": 8, "extras": 0}  # 49 + the inspection
    assert [p["spot"] for p in view["counter"]] == ["1", "2", "3", "4"]
    assert [r["space"] for r in view["rest_room"]] == [1, 2, 3]
    assert view["fine_zone"] == [] and view["popularity"]["value"] == 8 and view["cash"] == 3
    assert view["door"]["code"] == "T01" and view["task_zone"] == []
    assert view["bonus_zone"] == {"capacity": 3, "cards": []}


@pytest.mark.parametrize("players", [1, 2])
def test_the_game_declares_itself(players: int) -> None:
    described = GAME.describe()
    assert described["id"] == "taco" and described["player_counts"] == [1, 2]
    assert described["players_text"] == "Solo or 1 vs 1"
    options = {o["name"]: o for o in described["options"]}
    assert set(options) == {"characters", "pinata", "reroll_price"}
    # The setup shows an option only at the table sizes it changes anything at.
    assert options["characters"]["players"] == [1] and options["reroll_price"]["players"] == [2]
    assert options["pinata"]["players"] == []
    assert GAME.new_game(players, seed=1).players == players
