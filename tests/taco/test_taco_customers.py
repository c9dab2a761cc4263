"""Phase 1, customers (engine/taco/flow.py): arrivals at the counter, pushes into the patience
zone and out of it, computer messages, tasks, free time, extras, the characters, the inspection
and the Fiesta Piñata. Each test ends a turn (``end turn`` from phase 3) with a known deck."""

from __future__ import annotations

import pytest
from taco_tables import kinds, legal, spot, table

from engine import IllegalAction, get_game
from engine.taco.board import SPOTS
from engine.taco.cards import TASKS, WELCOME_CARDS

GAME = get_game("taco")
FULL = {"1": "C03", "2": "C04", "3": "C09", "4": "C12"}


def next_turn(deck: tuple[str, ...], **kw):
    """A table at phase 3 (nothing left to place); ``end turn`` starts the next turn."""
    return table(stage="management", deck=deck, **kw).apply(0, "end turn")


# -- the initial phase ---------------------------------------------------------------------------


def test_the_welcome_customers_open_the_restaurant_at_random_in_positions_1_and_2() -> None:
    """Rulebook: "As soon as the restaurant opens, begin with an INITIAL PHASE that happens only
    once. Your first two customers, marked on their reverse with the "WELCOME" sign, enter.
    Place them face up at random in positions 1 and 2." """
    orders = set()
    for seed in range(12):
        state = GAME.new_game(1, seed=seed)
        first, second = spot(state, "1"), spot(state, "2")
        assert {first[0], second[0]} == set(WELCOME_CARDS)
        assert all(state.line[i] is None for i in range(2, len(SPOTS)))
        orders.add(first[0])
    assert orders == set(WELCOME_CARDS)  # either may be in position 1


def test_after_the_initial_phase_come_phases_2_and_3() -> None:
    """Rulebook: "(From the second round on, every card we reveal goes into the free space
    furthest to the right.) With this, the initial exit phase is complete, and you move on to
    Phases 2 and 3." "Review each phase to know how to act in each one." Turn 1 draws nothing:
    the dice are rolled at once."""
    state = GAME.new_game(1, seed=4)
    assert state.turn_no == 1 and state.stage == "placement"
    assert kinds(state) == ["turn", "welcome", "roll"] and len(state.deck) == 49


def test_customers_enter_from_the_left_into_the_free_space_furthest_right() -> None:
    """Rulebook: "Customers (customers and bonus cards) enter the restaurant from the left."
    "Reveal and place a CUSTOMER card in the corresponding zone of the available counter row,
    making sure there is no gap between the customer cards by moving them to the right along the
    counter." """
    state = next_turn(("C13", "C17"), line={"1": "C03"})
    assert spot(state, "2") == ("C13", False, False) and spot(state, "3") is None
    assert state.stage == "placement" and "roll" in kinds(state)


def test_a_full_counter_pushes_position_1_into_the_patience_zone() -> None:
    """Rulebook: "The customer in position 1 advances one position to the next patience level."
    "When a customer enters and there is no space, that customer enters the last position,
    forcing out the customer in position 1 or in the patience zone." """
    state = next_turn(("C13", "C17"), line=FULL)
    assert [x and x[0] for x in state.line] == ["C04", "C09", "C12", "C13", None, "C03"]
    waiting = [x[0] for x in state.line[4:] if x]
    assert waiting == ["C03"] and state.popularity == 8


def test_a_customer_forced_out_of_a_full_patience_zone_costs_one_star() -> None:
    """Rulebook: "If a customer leaves because the last available position was occupied, you
    suffer the corresponding loss of popularity (moving down one space on the Popularity
    track)." """
    state = next_turn(("C13", "C17"), line={**FULL, "p1": "C19", "p2": "C21 served"})
    assert state.popularity == 7 and "C21" in state.gone
    assert [spot(state, s)[0] for s in ("p1", "p2")] == ["C03", "C19"]
    assert "forced-out" in kinds(state)


def test_a_customer_cards_penalty_is_what_its_leaving_costs() -> None:
    """Rulebook: "Penalty: indicates the penalty for failing the card's objective." A guest who
    is forced out costs one star; a bonus card pushed out costs what it shows."""
    state = next_turn(("C13",), line={**FULL, "1": "C39"})  # a cleaning card in position 1
    assert state.popularity == 7 and "unattended" in kinds(state)


def test_bonus_cards_never_wait_in_the_patience_zone() -> None:
    """Rulebook: "Bonus cards do not advance to the patience zone. After position 1, they leave
    the restaurant and trigger their corresponding penalty." "BONUS cards appear in the customer
    area (except the "Fiesta Piñata" card), occupying the same position as a customer, with the
    exception of not using the patience zone." "If they are not attended before disappearing
    (through the push of cards), the penalty indicated on the card applies." """
    state = next_turn(("C13",), line={**FULL, "1": "C44"})  # the meal voucher in position 1
    assert all(x is None for x in state.line[4:]) and "C44" in state.gone
    assert state.popularity == 7
    arrived = next_turn(("C39",), line={"1": "C03"})
    assert spot(arrived, "2") == ("C39", False, False)  # a bonus card takes a place in line


# -- computer messages -----------------------------------------------------------------------------


def test_a_task_message_puts_a_task_card_on_the_storeroom_door() -> None:
    """Rulebook: "Task: draw a card from the task deck." "Task cards are activated by the
    computer message on customer cards." "Reveal a card from the task deck and place it face up
    on the storeroom door." "A customer's entry may coincide with a task, which will be shown by
    a "task" warning on the computer." "Reveal a task card and place it on the storeroom
    door." """
    state = next_turn(("C06", "C13"), task_deck=("T03", "T01"))
    assert state.door == "T03" and state.task_deck == ("T01",)
    assert spot(state, "1") == ("C06", False, False) and "task" in kinds(state)


def test_a_new_task_replaces_an_unresolved_one_and_its_penalty_applies() -> None:
    """Rulebook: "If you receive a new task while the task on the storeroom door has not been
    resolved, you are penalized according to the indication in the lower-right corner of the
    card already in play, whether by a fine, a loss of popularity, or both." "You then replace
    that task card with the new one on the storeroom door." "The unresolved task card is
    discarded from the game." "The storeroom door has room for only one task, so you must not be
    careless: if another customer comes in with a task warning, it will trigger the penalty of
    the card on the storeroom door, discarding it and replacing it with the new task." """
    old = TASKS["T09"]  # both a fine and a star
    state = next_turn(("C06",), door="T09", task_deck=("T03",), cash=10)
    assert state.door == "T03" and "T09" in state.tasks_gone
    assert state.popularity == 8 - old.stars and state.cash == 10 - old.fine
    fined = next_turn(("C06",), door="T05", task_deck=("T03",), cash=0)  # a fine, unpaid
    assert fined.fines == TASKS["T05"].fine and fined.popularity == 8


def test_an_open_message_brings_another_customer() -> None:
    """Rulebook: "Open: draw a new customer card." """
    state = next_turn(("C05", "C13", "C17"))
    assert [spot(state, s)[0] for s in ("1", "2")] == ["C05", "C13"] and state.deck == ("C17",)


def test_free_time_takes_no_space_and_ends_the_arrivals() -> None:
    """Rulebook: "Free time cards (2): These take NO space; discard them, since there is no one
    to serve." "That turn you may relax by moving on to Phase 2." """
    state = next_turn(("C42", "C13"), line={"1": "C03"})
    assert "C42" in state.gone and spot(state, "2") is None and state.deck == ("C13",)
    assert state.stage == "placement" and "free-time" in kinds(state)


def test_an_empty_deck_brings_nobody() -> None:
    state = next_turn((), line={"1": "C03"})
    assert state.stage == "placement" and spot(state, "2") is None


# -- extras ----------------------------------------------------------------------------------------


def test_an_extra_card_is_offered_then_a_new_customer_comes() -> None:
    """Rulebook: "Within the customer deck there are 3 cards with extra tools to increase your
    restaurant's production." "When one appears in play, you must decide whether to acquire it
    by paying its price (shown in the upper-right corner) and place it in the "EXTRA" area at the
    bottom right of the board, earning the bonus indicated, whenever you wish." "After an extra
    card appears, whether or not you decide to acquire it, a new customer card must be put into
    play." """
    state = next_turn(("C46", "C13"), cash=6)
    assert state.stage == "extra" and state.offer == "C46" and legal(state) == ["buy", "pass"]
    bought = state.apply(0, "buy")
    assert bought.extra == "C46" and bought.cash == 1 and spot(bought, "1")[0] == "C13"
    assert bought.stage == "placement"


def test_an_extra_not_bought_is_discarded() -> None:
    """Rulebook: "If you decide not to buy the extra accessory, discard the card." Without the
    price in the register, passing is the only choice."""
    state = next_turn(("C46", "C13"), cash=2)
    assert legal(state) == ["pass"]
    passed = state.apply(0, "pass")
    assert passed.extra == "" and "C46" in passed.gone and spot(passed, "1")[0] == "C13"


def test_one_extra_at_a_time_and_a_swap_refunds_the_old_one() -> None:
    """Rulebook: "Only one extra may be in play at a time." "During the game you may swap your
    accessory for a new one, receiving in exchange the amount of money stipulated for the extra
    being discarded." """
    state = next_turn(("C47", "C13"), extra="C48", cash=3)  # price 5, the tip jar refunds 2
    swapped = state.apply(0, "buy")
    assert swapped.extra == "C47" and "C48" in swapped.gone and swapped.cash == 0
    assert "extra-swapped" in kinds(swapped)


# -- characters ------------------------------------------------------------------------------------


def test_the_vip_leaves_unserved_at_the_patience_zone_and_costs_two_stars() -> None:
    """Rulebook: ""VIP" character: The VIP enters the restaurant and you serve them as an
    ordinary customer, but they have no patience, so they leave the restaurant if you do not
    serve them before they enter the patience zone (Paciencia)." "Serving them in time earns good
    reputation, gaining 1 popularity star; failing to do so carries a heavier penalty, and you
    lose 2 popularity stars." """
    state = next_turn(("C13",), line={**FULL, "1": "C49"})
    assert "C49" in state.gone and state.popularity == 6 and "vip-leaves" in kinds(state)
    served = next_turn(("C13",), line={**FULL, "1": "C49 served"}, popularity=7)
    assert [x[0] for x in served.line[4:] if x] == ["C49"] and served.popularity == 7
    table_ = table(line={"1": "C49"}, dice="E1=F E2=F E3=D T=D", popularity=6)
    assert table_.apply(0, "serve 1 E1 E2 E3 T").popularity == 7


def test_the_pickpocket_returns_to_the_deck_if_not_served_in_time() -> None:
    """Rulebook: ""The pickpocket" character: Their entrance coincides with the arrival of a task,
    so they take advantage of your workload to return to the customer deck if they are not served
    in time before reaching the patience zone." "Their mission is to leave without paying so that
    they can return later, generating one more customer in play and the corresponding loss of
    popularity as with any other customer who was not served." "Shuffle the customer deck when
    you put the card back into it." """
    state = next_turn(("C13", "C17", "C19"), line={**FULL, "1": "C50"})
    assert "C50" in state.deck and len(state.deck) == 3 and state.popularity == 7
    assert "C50" not in state.gone and "pickpocket-escapes" in kinds(state)


def test_the_pickpocket_comes_with_a_task() -> None:
    """The pickpocket's card carries a TASK message: "Their entrance coincides with the arrival
    of a task"."""
    state = next_turn(("C50",), task_deck=("T01",))
    assert spot(state, "1")[0] == "C50" and state.door == "T01"


def test_the_pickpocket_is_discarded_when_no_task_is_pending() -> None:
    """Rulebook: "This card cannot be used and is discarded if there are no "tasks" pending."
    (No task left in the task deck: it is discarded and another card comes instead.)"""
    state = next_turn(("C50", "C13"), task_deck=())
    assert "C50" in state.gone and spot(state, "1")[0] == "C13"


def test_served_in_time_the_pickpocket_leaves_the_game() -> None:
    """Rulebook: "Your task is to serve them so as to discard them from the game." """
    state = table(line={"1": "C50"}, dice="M=$ E1=F T=D")
    after = state.apply(0, "both 1 M E1 T")
    assert "C50" in after.gone and after.cash == 2 and "C50" not in after.deck


def test_the_characters_option_removes_the_vip_and_the_pickpocket() -> None:
    """Rulebook: "Remove the "VIP" and "the pickpocket" character cards from the customer deck to
    lower the challenge level of the game." """
    easy = GAME.new_game(1, seed=3, options={"characters": False})
    assert "C49" not in easy.deck and "C50" not in easy.deck and len(easy.deck) == 47
    normal = GAME.new_game(1, seed=3)
    assert "C49" in normal.deck and "C50" in normal.deck


# -- the inspection --------------------------------------------------------------------------------


def test_one_unseen_inspection_card_is_shuffled_into_the_deck() -> None:
    """Rulebook: "Before starting the game, randomly select one of the three inspection cards
    included in the game, and without looking at which one it is, add it to the customer deck
    (shuffle the deck)." """
    seen = set()
    for seed in range(20):
        state = GAME.new_game(1, seed=seed)
        inspections = [c for c in state.deck if c in ("C54", "C55", "C56")]
        assert len(inspections) == 1
        seen.add(inspections[0])
        assert inspections[0] not in str(state.view(0)["counter"])
    assert seen == {"C54", "C55", "C56"}


def test_the_franchise_inspection_fines_3_per_worker_in_the_rest_room() -> None:
    """Rulebook: "When the inspector appears, you must pay the established fine, if the condition
    printed on the card is met:" "-$3 per worker in the rest room." """
    state = next_turn(
        ("C56", "C13"), inspection="C56", dice="E1:room E2:room", room=("E1", "E2", ""), cash=10
    )
    assert state.cash == 4 and "C56" in state.gone


def test_the_labor_inspection_fines_6_if_no_worker_rests() -> None:
    """Rulebook: "-$6 if no workers are resting." """
    state = next_turn(("C54", "C13"), inspection="C54", cash=10)
    assert state.cash == 4
    resting = next_turn(
        ("C54", "C13"), inspection="C54", dice="E1:room", room=("E1", "", ""), cash=10
    )
    assert resting.cash == 10


def test_the_health_inspection_fines_5_per_cleaning_card_in_play() -> None:
    """Rulebook: "-$5 per trash/cleaning card in play." (At the counter or being cleaned in the
    bonus zone.)"""
    state = next_turn(
        ("C55", "C13"),
        inspection="C55",
        line={"1": "C39"},
        dice="E1:busy",
        bonus=(("C40", "E1", 1),),
        cash=12,
    )
    assert state.cash == 2


def test_an_unpaid_inspection_locks_the_trainee_in_the_fine_zone() -> None:
    """Rulebook: "If you do not have enough money to pay, the die corresponding to the trainee
    and the inspection card are locked in the FINE zone until the fine is paid." """
    state = next_turn(("C54", "C13"), inspection="C54", cash=2)
    assert state.fines == 6 and state.fine_zone == ("C54",) and state.cash == 2
    assert state.status[-1] == "locked" and state.faces[-1] == ""
    assert not [m for m in legal(state) if " T" in m and not m.startswith("reroll")]


def test_after_an_inspection_a_new_card_is_drawn() -> None:
    """Rulebook: "When an inspection card appears, you must draw a new card from the customer
    deck." """
    state = next_turn(("C56", "C13"), inspection="C56")
    assert spot(state, "1")[0] == "C13" and state.deck == ()


# -- the Fiesta Piñata -----------------------------------------------------------------------------

PINATA = {"pinata": True}


def test_two_open_cards_in_a_row_bring_the_pinata_instead_of_a_card() -> None:
    """Rulebook: "This card is out of the game and is activated when two "+OPEN" cards appear in
    a row." "The Fiesta Piñata card enters the bonus zone directly after the second "+OPEN" card,
    instead of a new card from the deck." """
    state = next_turn(("C05", "C08", "C13"), options=PINATA)
    assert [spot(state, s)[0] for s in ("1", "2")] == ["C05", "C08"]
    assert state.bonus == (("C57", "", 0),) and state.deck == ("C13",)
    plain = next_turn(("C05", "C08", "C13"))
    assert spot(plain, "3")[0] == "C13" and plain.bonus == ()


def test_the_pinata_appears_only_once() -> None:
    """Rulebook: "(It appears only once per game.)" """
    state = next_turn(("C05", "C08", "C13"), options=PINATA, gone=("C57",), pinata_seen=True)
    assert state.bonus == () and spot(state, "3")[0] == "C13"


def test_a_pinata_without_room_leaves_with_its_penalty() -> None:
    """Rulebook: "If there is no room in the Bonus zone, the card leaves the game, activating its
    penalty." """
    full = (("C44", "", 0), ("C45", "", 0), ("C39", "E1", 2))
    state = next_turn(("C05", "C08"), options=PINATA, bonus=full, dice="E1:busy")
    assert "C57" in state.gone and state.popularity == 6


def test_the_pinata_breaks_on_a_task_open_pair_before_it_is_attended() -> None:
    """Rulebook: "On the other hand, if once in play in the bonus zone it has not been attended
    before a combination of cards appears in the customer zone of "+TASK/+OPEN" or "+OPEN/+TASK",
    the card activates its penalty (-2 popularity stars), and leaves the bonus zone and therefore
    the game." """
    kw = dict(options=PINATA, pinata_seen=True, bonus=(("C57", "", 0),))
    state = next_turn(("C05", "C06", "C13"), **kw)  # +OPEN then +TASK in one phase 1
    assert "C57" in state.gone and state.bonus == () and state.popularity == 6
    first = next_turn(("C06", "C05", "C13"), **kw)  # +TASK this turn ...
    assert first.bonus and first.popularity == 8
    second = first.apply(0, "end placement")  # ... then +OPEN opens the next turn
    if second.stage == "management":
        second = second.apply(0, "end turn")
    assert "C57" in second.gone and second.popularity == 6
    attended = next_turn(
        ("C05", "C06", "C13"),
        options=PINATA,
        pinata_seen=True,
        bonus=(("C57", "T", 2),),
        dice="T:busy",
    )
    assert attended.bonus and attended.popularity == 8


def test_the_pickpocket_must_be_served_before_paying() -> None:
    """Rulebook: "As a special rule, you must serve them before collecting payment for their
    order." Serving and collecting at once is serving first."""
    state = table(line={"1": "C50"}, dice="M=$ E1=F T=D")
    moves = legal(state)
    assert "collect 1 M" not in moves and "both 1 M E1 T" in moves
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "collect 1 M")
    assert err.value.rule == "pickpocket-serve-first"
    served = state.apply(0, "serve 1 E1 T")
    assert "collect 1 M" in legal(served)
