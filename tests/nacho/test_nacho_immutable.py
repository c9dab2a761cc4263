"""A state shares nothing with its callers: whatever ``view``, ``to_dict``, ``legal_actions`` and
the events hand out may be changed at will, and neither the state nor any state derived from it
changes (issue 13: the end-of-round summary and the reveal's order and picks were the state's
own)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import get_game
from engine.nacho.state import NachoState
from engine.protocol import Event
from engine.rng import Rng

GAME = get_game("nacho")


def snapshot(state: NachoState) -> str:
    """Everything a state tells, as text: its save and every seat's view."""
    views = [state.view(seat) for seat in (None, *range(state.players))]
    return json.dumps([state.to_dict(), views], sort_keys=True)


def vandalise(data: Any) -> None:
    """Change every mutable thing in ``data``, all the way down."""
    if isinstance(data, dict):
        for key in list(data):
            vandalise(data[key])
            if not isinstance(data[key], dict | list):
                data[key] = "vandalised"
        data["vandal"] = True
    elif isinstance(data, list):
        for item in data:
            vandalise(item)
        for i, item in enumerate(data):
            if not isinstance(item, dict | list):
                data[i] = "vandalised"
        data.append("vandal")


def states_with_a_scored_round() -> list[NachoState]:
    """States of a 4-player game: the reveal, the end of round 1 and the turns after it."""
    chooser = Rng(5)
    state = GAME.new_game(players=4, seed=5)
    found: dict[str, NachoState] = {}
    while not state.is_over() and len(found) < 3:
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        state = state.apply(seat, legal[chooser.below(len(legal))])
        kinds = [e.kind for e in state.events]
        if "reveal" in kinds:
            found.setdefault("reveal", state)
        if "round" in kinds:
            found.setdefault("round", state)
        if state.last_round is not None and state.stage == "destination":
            found.setdefault("after", state)
    assert set(found) == {"reveal", "round", "after"}
    return list(found.values())


def follow(state: NachoState, steps: int = 12) -> str:
    """The states a fixed line of play derives from ``state``, as text."""
    out = []
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.current_players()[0]
        state = state.apply(seat, state.legal_actions(seat)[-1])
        out.append(snapshot(state))
    return "".join(out)


@pytest.mark.parametrize("which", ["reveal", "round", "after"])
def test_views_saves_and_legal_actions_are_copies(which: str) -> None:
    state = states_with_a_scored_round()[["reveal", "round", "after"].index(which)]
    twin = GAME.from_dict(json.loads(json.dumps(state.to_dict())))
    before, later = snapshot(state), follow(twin)
    for seat in (None, *range(state.players)):
        view = state.view(seat)
        if which != "reveal":
            assert view["last_round"] is not None
        del view["events"]  # the events' own test is below
        vandalise(view)
    saved = state.to_dict()
    del saved["events"]
    vandalise(saved)
    for seat in range(state.players):
        state.legal_actions(seat).clear()
    assert snapshot(state) == before
    assert follow(state) == later


def test_the_end_of_round_summary_is_the_states_own_no_more() -> None:
    """The summary in a view, in a save and in the state after it are three different things,
    and changing one changes neither the others nor the next views."""
    _, scored, after = states_with_a_scored_round()
    for state in (scored, after):
        a, b = state.view(0)["last_round"], state.to_dict()["public"]["last_round"]
        assert a == b and a is not b
        a["bonuses"].append("x")
        b["penalties"].clear()
        a["gold"][0] = 10**6
        assert state.view(0)["last_round"] == state.to_dict()["public"]["last_round"] != a


def _events_hand_out_copies() -> bool:
    event = Event("probe", None, {"order": [1, 2]})
    event.for_seat(None)["order"].append(3)
    return event.for_seat(None)["order"] == [1, 2]


@pytest.mark.xfail(
    not _events_hand_out_copies(),
    reason="engine.protocol.Event still hands out its own lists (the jalapeno-engine branch"
    " makes every event copy its data on the way out)",
    strict=True,
)
def test_the_reveals_order_and_picks_in_events_are_copies() -> None:
    reveal = states_with_a_scored_round()[0]
    before = snapshot(reveal)
    for seat in (None, *range(reveal.players)):
        events = reveal.view(seat)["events"]
        shown = next(e for e in events if e["kind"] == "reveal")
        shown["order"].reverse()
        shown["picks"][0]["rank"] = 99
        vandalise(events)
    vandalise(reveal.to_dict()["events"])
    for event in reveal.events:
        vandalise(event.to_dict())
        vandalise(event.for_seat(None))
    assert snapshot(reveal) == before
