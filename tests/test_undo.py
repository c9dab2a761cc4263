"""engine/undo.py: one undo policy for every game. A human may take back their own latest
actions while no other seat has acted since, and no chance or hidden information has come out
since; undo is the record without its last actions."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from recorded import random_record

import engine
from engine.record import Move, Record, Seat, replay, states
from engine.rng import Rng
from engine.undo import takeback, undoable


def play(record: Record, state: engine.State, seat: int, action: Any):
    return record.with_move(seat, action), state.apply(seat, action)


def first(state: engine.State, seat: int, want: Callable[[Any], bool] = lambda a: True) -> Any:
    return next(a for a in state.legal_actions(seat) if want(a))


# -- the policy over a record ---------------------------------------------------------------


def test_takeback_counts_the_seats_own_trailing_undoable_actions() -> None:
    """Crazy Taco solo: every placement of the current roll, back to the roll."""
    record = Record.new("taco", [Seat("Ana")], seed=5)
    state = record.start()
    while state.phase() != "placement":
        record, state = play(record, state, 0, state.legal_actions(0)[0])
    base = len(record)
    placed = 0
    while placed < 3:
        action = first(state, 0, lambda a: getattr(type(a), "undoable", False))
        record, state = play(record, state, 0, action)
        placed += 1
        assert takeback(record, 0) == placed
    assert replay(record.truncated(base)).to_dict() == list(states(record))[base].to_dict()


def test_another_seats_action_ends_the_takeback() -> None:
    record = Record.new("jalapeno", [Seat("A"), Seat("B", "random"), Seat("C", "random")], seed=9)
    state = record.start()
    a = state.current_players()[0]
    record, state = play(record, state, a, state.legal_actions(a)[0])
    assert takeback(record, a) == 1
    b = state.current_players()[0]
    assert b != a and takeback(record, b) == 0
    record, state = play(record, state, b, state.legal_actions(b)[0])
    assert takeback(record, a) == 0 and takeback(record, b) == 1


def test_takeback_with_kept_states_needs_no_replay() -> None:
    record, live = random_record("jalapeno", 3, 4)
    for n in range(0, len(record), 17):
        part = record.truncated(n)
        for seat in range(3):
            assert takeback(part, seat, live[: n + 1]) == takeback(part, seat)
    with pytest.raises(ValueError):
        takeback(record.truncated(3), 0, live[:6])
    # A history that starts later (a checkpoint) takes nothing back from before it.
    seat = record.moves[-1].seat
    assert takeback(record, seat, live[-1:]) == 0
    assert takeback(record, seat, live[-2:]) == min(1, takeback(record, seat))


# -- per game --------------------------------------------------------------------------------


def test_jalapeno_a_play_may_be_taken_back_but_never_the_deal_or_the_end() -> None:
    record, live = random_record("jalapeno", 3, 6, options={"rounds": 2})
    deals = 0
    for i, move in enumerate(record.moves):
        before, after = live[i], live[i + 1]
        dealt = after.round_no != before.round_no
        over = after.is_over()
        assert undoable(before, move.seat, move.action, after) == (not dealt and not over)
        deals += dealt
    assert deals == 1 and live[-1].is_over()


def test_nacho_a_turns_steps_and_discards_before_done() -> None:
    """Picks may be taken back until the last one reveals them all; a destination and a
    delivery until a province card is turned up or someone else acts; discards until "done"."""
    record, live = random_record("nacho", 3, 8, options={"rechoose": True})
    seen: dict[tuple[str, bool], int] = {}
    for i, move in enumerate(record.moves):
        before, after = live[i], live[i + 1]
        kind = move.action.split(":")[0] if ":" in move.action else before.phase()
        ok = undoable(before, move.seat, move.action, after)
        seen[(kind, ok)] = seen.get((kind, ok), 0) + 1
        if move.action == "done":
            assert not ok
        elif before.phase() == "pick":
            assert ok == (after.phase() == "pick")  # the last pick turns them all over
        elif kind == "discard":
            assert ok
        elif before.phase() == "deliver" and after.pdecks != before.pdecks:
            assert not ok  # a filled province card: the next one is turned up
    assert seen.get(("pick", True)) and seen.get(("pick", False))
    assert seen.get(("destination", True)) and seen.get(("deliver", True))
    assert seen.get(("discard", True)) and seen.get(("rechoose", False))


def test_taco_placements_are_undoable_rolls_and_draws_are_not() -> None:
    record, live = random_record("taco", 2, 3)
    results = {True: set(), False: set()}
    for i, move in enumerate(record.moves):
        ok = undoable(live[i], move.seat, move.action, live[i + 1])
        results[ok].add(move.action.split()[0])
        if move.action.startswith("reroll") or live[i + 1].rng != live[i].rng:
            assert not ok
    assert {"serve", "both", "collect"} & results[True]
    assert "reroll" not in results[True] and "roll" not in results[True]


def test_an_action_that_ends_the_game_is_final() -> None:
    for game_id in ("jalapeno", "nacho", "taco"):
        record, live = random_record(game_id, engine.get_game(game_id).player_counts[0], 2)
        last = record.moves[-1]
        assert not undoable(live[-2], last.seat, last.action, live[-1]), game_id


def test_a_game_whose_actions_are_not_marked_offers_no_undo() -> None:
    """Rock-paper-scissors never marks its picks ``undoable``: nothing can be taken back."""
    record, live = random_record("rps", 3, 1)
    assert all(
        not undoable(live[i], m.seat, m.action, live[i + 1]) for i, m in enumerate(record.moves)
    )


def test_the_default_hidden_part_leaves_out_the_public_and_the_seats_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``State.hidden_from``'s default, on the test-only game: a pick is the picker's own, and
    the reveal clears the others' (so it changes what was hidden from the last picker)."""
    from games import rps

    monkeypatch.setattr(rps.Pick, "undoable", True, raising=False)
    state = engine.get_game("rps").new_game(players=2)
    after = state.apply(0, "R")
    assert undoable(state, 0, "R", after)
    revealed = after.apply(1, "P")
    assert not undoable(after, 1, "P", revealed)


# -- nothing hidden comes out of an undoable action: checked against the game's own worlds --


def worlds(game_id: str) -> Callable[[dict], Any]:
    """Each game's determiniser (its bots'): a whole state consistent with a seat's view."""
    if game_id == "jalapeno":
        from engine.jalapeno.unseen import Determiniser
    elif game_id == "nacho":
        from engine.nacho.worlds import Determiniser
    else:
        from engine.taco.bots import Determiniser
    return Determiniser


def real(state: engine.State, game_id: str) -> engine.State:
    if game_id == "taco":  # the search's subclass stops early; play the real rules
        from engine.taco.state import TacoState

        state.__class__ = TacoState
    return state


@pytest.mark.parametrize("game_id", ["jalapeno", "nacho", "taco"])
def test_an_undoable_action_shows_the_actor_nothing_it_could_not_know(game_id: str) -> None:
    """For every transition the policy lets a seat take back, the actor's view after it is the
    same in other worlds consistent with its view before (other hands, deck orders and the
    generator sampled afresh): the action taught it nothing it may then take back."""
    game = engine.get_game(game_id)
    tried = 0
    for n, players in enumerate(game.player_counts):
        record, live = random_record(game_id, players, 40 + n, chooser_seed=n)
        rng = Rng(n)
        for i, move in enumerate(record.moves):
            before, after = live[i], live[i + 1]
            if not undoable(before, move.seat, move.action, after):
                continue
            view = before.view(move.seat)
            shown = after.view(move.seat)
            sampler = worlds(game_id)(view)
            for _ in range(3):
                world = real(sampler.sample(rng), game_id)
                seen = world.view(move.seat)
                if {**seen, "events": []} != {**view, "events": []}:
                    continue  # the sample is not faithful to this view (a pick undone)
                other = world.apply(move.seat, move.action).view(move.seat)
                assert other == shown, f"{game_id} {players}p action {i} {move.action}"
                tried += 1
    assert tried >= 30, tried


def test_a_record_truncated_by_an_undo_is_the_state_before() -> None:
    record, live = random_record("nacho", 4, 12)
    for n in range(len(record) - 1, 0, -23):
        part = record.truncated(n + 1)
        seat = part.moves[-1].seat
        k = takeback(part, seat, live[: n + 2])
        assert replay(part.truncated(n + 1 - k)).to_dict() == live[n + 1 - k].to_dict()


def test_undoable_reads_the_notation_or_the_action() -> None:
    state = engine.get_game("jalapeno").new_game(players=3, seed=1)
    seat = state.current_players()[0]
    action = state.legal_actions(seat)[0]
    after = state.apply(seat, action)
    assert undoable(state, seat, action, after) and undoable(state, seat, str(action), after)


def test_moves_keep_their_seat_and_notation() -> None:
    record = Record.new("taco", [Seat("A")], seed=1)
    state = record.start()
    action = state.legal_actions(0)[0]
    assert record.with_move(0, action).moves == (Move(0, str(action)),)
    assert dataclasses.replace(record).moves == ()
