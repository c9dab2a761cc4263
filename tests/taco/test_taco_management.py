"""Phase 3, management (engine/taco/flow.end_placement and engine/taco/management.py): timers
on cards, the rest room, closing gaps, money (overtime, advertising, fines) — and how the game
ends."""

from __future__ import annotations

import pytest
from taco_tables import die, kinds, legal, table

from engine import IllegalAction, get_game
from engine.taco.board import BOARD
from engine.taco.cards import TASKS

GAME = get_game("taco")


def end_placement(state):
    return state.apply(0, "end placement")


# -- setup -----------------------------------------------------------------------------------------


def test_setup_puts_the_markers_at_their_start() -> None:
    """Rulebook: "Place the time marker (extra hours marker) with the 0 space visible in the rest
    room, and place the popularity marker (pencil marker) pointing at the top space of the
    popularity track." """
    state = GAME.new_game(1, seed=9)
    assert state.overtime == 0 and state.popularity == BOARD.popularity_start == 8
    view = state.view(0)
    assert view["overtime"] == {"used": 0, "max": 2, "next_cost": 3}


def test_setup_shuffles_both_decks_face_down() -> None:
    """Rulebook: "Shuffle the customer cards face down to form the customer deck, and shuffle the
    TASK cards face down to form the task deck." "Place both decks to the left, outside the
    board." Only their counts show."""
    decks = {GAME.new_game(1, seed=s).deck for s in range(5)}
    tasks = {GAME.new_game(1, seed=s).task_deck for s in range(5)}
    assert len(decks) == 5 and len(tasks) == 5
    view = GAME.new_game(1, seed=1).view(0)
    assert view["deck"] == {"customers": 49, "tasks": 9, "extras": 0}
    assert "deck" not in view["table"] and "task_deck" not in view["table"]


# -- timers ---------------------------------------------------------------------------------------


def test_a_task_keeps_its_die_for_its_turns_then_costs_its_price() -> None:
    """Rulebook: "In the task zone, both the die and the card remain for the number of turns
    shown on the card." "Once that is done, you must pay the cost of the order, if any, by
    removing the card and recovering the die." "The movement of turn dice on cards (tasks and
    bonuses), advancing one position or recovering the die, and managing the benefits and
    obligations of the card in question if its requirements have been met." """
    task = TASKS["T07"]  # blank, 2 turns, costs $2
    state = table(dice="T=B", door="T07", cash=5, deck=("C13", "C17", "C19", "C21"))
    state = state.apply(0, "task T")
    for turn in range(task.turns):  # it misses the next two rolls
        state = end_placement(state)
        if state.stage == "management":
            state = state.apply(0, "end turn")
        assert die(state, "T") == ("", "busy")
        assert state.task_zone == (("T07", "T", task.turns - 1 - turn),)
    state = end_placement(state)  # phase 3 of the second turn: back, and paid for
    assert state.task_zone == () and "T07" in state.tasks_gone and state.cash == 3
    assert "task-done" in kinds(state)


def test_a_task_cost_without_the_money_becomes_a_fine() -> None:
    state = table(dice="T:busy", tasks=(("T07", "T", 0),), cash=1)
    after = end_placement(state)
    assert after.fines == 2 and after.cash == 1
    assert die(after, "T")[1] == "locked"  # an unpaid fine locks the trainee


def test_a_cleaning_card_leaves_when_its_track_is_done() -> None:
    """Rulebook: "Bonus cards are single-use, so they are discarded from the game once
    resolved." """
    state = table(dice="E1:busy", bonus=(("C39", "E1", 0),))
    after = end_placement(state)
    assert after.bonus == () and "C39" in after.gone
    assert "E1" in [e for e in after.events if e.kind == "roll"][0].data["rolled"]


def test_the_pinata_pays_six_when_its_turns_are_done() -> None:
    """Rulebook: "After those turns, it leaves the bonus zone and the game, and you collect
    $6." """
    state = table(
        dice="T:busy",
        bonus=(("C57", "T", 0),),
        options={"pinata": True},
        pinata_seen=True,
        cash=1,
    )
    after = end_placement(state)
    assert after.cash == 7 and "C57" in after.gone


def test_the_staff_room_key_keeps_everyone_out_of_the_rest_room() -> None:
    """Rulebook: "Once activated, nobody may enter the rest room, so dice with a "rest" result
    are not used that round, but they can still be played in the following round." """
    state = table(dice="M:busy E1=Z", bonus=(("C45", "M", 2),), deck=("C13",))
    after = end_placement(state)
    assert after.room == ("", "", "")
    assert "E1" in [e for e in after.events if e.kind == "roll"][0].data["rolled"]
    without = end_placement(table(dice="E1=Z"))
    assert without.room == ("", "E1", "") and die(without, "E1") == ("", "room")


# -- the rest room --------------------------------------------------------------------------------


def test_dice_walk_through_the_rest_room_one_space_a_turn() -> None:
    """Rulebook: "The movement of dice in the rest room: introducing the die (if it came up this
    turn), or advancing it one position per turn until it comes out, when you recover it to be
    played." A resting die comes in at space 2 and goes out from space 1."""
    state = table(dice="E1=Z", deck=("C13", "C17", "C19"))
    state = end_placement(state)
    assert state.room == ("", "E1", "")
    state = end_placement(state)
    assert state.room[0] == "E1"
    state = end_placement(state)
    assert "E1" not in state.room and "rested" in kinds(state)


def test_two_dice_entering_the_rest_room_take_two_spaces() -> None:
    """Rulebook: "If more than one die enters the rest room, each die occupies one position,
    never two in the same space." """
    after = end_placement(table(dice="E1=Z E2=Z E3=Z"))
    assert after.room == ("E3", "E1", "E2")


# -- closing gaps ----------------------------------------------------------------------------------


def test_the_line_closes_up_toward_the_right() -> None:
    """Rulebook: "The movement of customers/orders/bonuses in the order zone toward the right to
    fill gaps in the line." """
    gap = table(line={"2": "C04", "4": "C09", "p1": "C12"}, dice="E1=D", deck=())
    after = end_placement(gap)
    assert [x and x[0] for x in after.line] == ["C04", "C09", None, None, None, "C12"]


# -- money -----------------------------------------------------------------------------------------


def test_phase_3_offers_what_the_money_can_buy() -> None:
    """Rulebook: "You manage money, and may invest it in paying overtime, an express advertising
    campaign to recover popularity, or fines you may have pending." """
    state = end_placement(
        table(
            dice="T:locked E2:room",
            room=("", "E2", ""),  # it moves to space 1 in this phase 3
            cash=16,
            fines=4,
            popularity=7,
            fine_zone=("C54",),
        )
    )
    assert state.stage == "management"
    assert legal(state) == ["pay fine", "advertise", "overtime E2", "end turn"]
    broke = end_placement(table(cash=2))
    assert broke.stage != "management"  # nothing to buy: the turn goes on


def test_advertising_buys_a_star() -> None:
    """Rulebook: "Campaña de publicidad (advertising campaign): Pay $10 and increase your
    popularity level by one star." """
    state = end_placement(table(cash=12, popularity=6)).apply(0, "advertise")
    assert state.cash == 2 and state.popularity == 7
    with pytest.raises(IllegalAction) as err:
        end_placement(table(cash=12, popularity=7)).apply(0, "advertise").apply(0, "advertise")
    assert err.value.rule in ("advertise-cash", "popularity-max")


def test_extra_hours_recover_a_die_twice_a_game() -> None:
    """Rulebook: "EXTRA HOURS: The company authorizes the payment of overtime to recover workers
    from the rest room." "Use the counter located at the top of the room to record the use of
    extra hours, which may only be applied twice during the game and in each case to a single
    worker/die." "The cost of the hours is shown at the bottom of the menu." "Move the hours
    indicator to its position "1"." "Move the hours indicator to its position "2"." """
    state = end_placement(table(dice="E1:room E2:room E3:room", room=("E1", "E2", "E3"), cash=20))
    first = state.apply(0, "overtime E2")
    assert first.overtime == 1 and first.cash == 17 and die(first, "E2") == ("", "ready")
    second = first.apply(0, "overtime E3")
    assert second.overtime == 2 and second.cash == 12
    assert not [m for m in legal(second) if m.startswith("overtime")]
    with pytest.raises(IllegalAction) as err:
        second.apply(0, "overtime E1")
    assert err.value.rule == "overtime-limit"


def test_paying_the_fine_frees_the_trainee() -> None:
    """The fine zone empties when the fine is paid ("until the fine is paid")."""
    state = end_placement(table(dice="T:locked", cash=7, fines=6, fine_zone=("C54",)))
    paid = state.apply(0, "pay fine")
    assert paid.cash == 1 and paid.fines == 0 and paid.fine_zone == ()
    assert die(paid, "T") == ("", "ready") and "C54" in paid.gone


# -- the end ---------------------------------------------------------------------------------------


def test_the_game_is_won_when_the_deck_is_exhausted_and_resolved() -> None:
    """Rulebook: "The deck of order cards has been exhausted and resolved." "You have
    succeeded!" "Once all 3 phases are complete, you start a new turn, repeating the phases of
    the game until all the cards in the customer deck are exhausted and resolved." "If you
    achieve this before reaching the last space on the popularity track, you have WON!" """
    state = table(line={"1": "C03 paid"}, dice="E1=D", deck=(), popularity=2, cash=4)
    assert not state.is_over()
    done = end_placement(state.apply(0, "serve 1 E1"))
    assert done.is_over() and done.result == "won" and done.winners() == [0]
    assert done.scores() == [10000 + 10 * 5 + 2]
    waiting = end_placement(table(line={"1": "C03"}, deck=()))
    assert not waiting.is_over() and waiting.stage == "placement"


def test_the_game_is_lost_at_the_last_popularity_space() -> None:
    """Rulebook: "Your popularity drops to the last space on the popularity track." "You have
    lost!" "Otherwise, you have lost your opportunity." """
    state = table(
        stage="management",
        line={"1": "C03", "2": "C04", "3": "C09", "4": "C12", "p1": "C13", "p2": "C17"},
        deck=("C19",),
        popularity=1,
    ).apply(0, "end turn")
    assert state.is_over() and state.result == "lost" and state.winners() == []
    assert state.legal_actions(0) == [] and state.popularity == 0
    assert kinds(state)[-1] == "game-over"


def test_closing_time_ends_a_stalled_game() -> None:
    """A guard so that every game ends (docs/rules-decisions.md): after the turn limit the
    restaurant closes, lost if it has not been resolved."""
    state = table(stage="management", line={"1": "C03"}, deck=(), turn=BOARD.turn_limit)
    after = state.apply(0, "end turn")
    assert after.result == "lost" and after.reason == "closing-time"
