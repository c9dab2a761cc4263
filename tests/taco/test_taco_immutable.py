"""A Crazy Taco state shares nothing with its callers (issue 13, "An immutable state shares
nothing"): whatever ``view``, ``to_dict``, ``events`` and ``legal_actions`` hand out may be
changed at will, all the way down, without changing the state or any state made from it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import get_game
from engine.rng import Rng

GAME = get_game("taco")
SPOILT = "spoilt"


def spoil(value: Any) -> None:
    """Change everything mutable inside ``value``, all the way down."""
    if isinstance(value, dict):
        for key in list(value):
            spoil(value[key])
            value[key] = SPOILT
        value[SPOILT] = SPOILT
    elif isinstance(value, list):
        for item in value:
            spoil(item)
        value[:] = [SPOILT] * len(value)
        value.append(SPOILT)
    elif isinstance(value, tuple):
        for item in value:
            spoil(item)


def handed_out(state: Any) -> dict[str, str]:
    """Everything the state hands out, as text."""
    seats = [None, *range(state.players)]
    parts: dict[str, Any] = {f"view({seat})": state.view(seat) for seat in seats}
    parts["to_dict"] = state.to_dict()
    parts["events"] = [
        [e.to_dict(), e.data, e.public, *(e.for_seat(seat) for seat in seats)] for e in state.events
    ]
    parts["legal"] = [[repr(a) for a in state.legal_actions(seat)] for seat in range(2)]
    parts["scores"] = [state.scores(), state.winners()]
    return {k: json.dumps(v, sort_keys=True, default=repr) for k, v in parts.items()}


def spoil_all(state: Any, events: bool = True) -> None:
    """Spoil everything the state hands out (``events``: its events too, in views and saves
    and as ``Event``s)."""
    seats = [None, *range(state.players)]
    for out in [*(state.view(seat) for seat in seats), state.to_dict()]:
        if not events:
            del out["events"]
        spoil(out)
    if events:
        for e in state.events:
            for out in (e.data, e.public, e.to_dict(), *(e.for_seat(seat) for seat in seats)):
                spoil(out)
    for seat in range(state.players):
        spoil(state.legal_actions(seat))
    spoil(state.scores())
    spoil(state.winners())


def states(every: int = 9) -> list[Any]:
    """States of random games of both modes (options on and off), every few steps, and the last."""
    out = []
    for seed in range(4):
        players = 1 + seed % 2
        options = {"pinata": seed >= 2, "characters": seed % 3 != 1}
        state = GAME.new_game(players=players, seed=seed, options=options)
        chooser = Rng(seed + 500)
        step = 0
        while not state.is_over():
            if step % every == 0:
                out.append(state)
            seat = state.current_players()[0]
            legal = state.legal_actions(seat)
            state = state.apply(seat, legal[chooser.below(len(legal))])
            step += 1
        out.append(state)
    return out


def check_nothing_shared(state: Any, events: bool) -> None:
    child = None
    if not state.is_over():
        seat = state.current_players()[0]
        child = state.apply(seat, state.legal_actions(seat)[0])
    seen_child = handed_out(child) if child is not None else None
    before = handed_out(state)
    spoil_all(state, events)
    after = handed_out(state)
    assert after == before, [k for k in before if before[k] != after[k]]
    if child is not None:
        assert handed_out(child) == seen_child


@pytest.mark.parametrize("state", states(), ids=repr)
def test_what_a_state_hands_out_is_its_callers_to_change(state: Any) -> None:
    check_nothing_shared(state, events=False)  # the game's own parts


def test_the_events_a_state_hands_out_are_copies_too() -> None:
    """The events' data, nested lists included (the protocol's ``Event`` copies them out)."""
    for state in states(every=23):
        check_nothing_shared(state, events=True)


def test_the_options_a_game_shares_are_read_only() -> None:
    state = GAME.new_game(players=1, seed=1)
    with pytest.raises(TypeError):
        state.options["pinata"] = True  # type: ignore[index]
    loaded = GAME.from_dict(json.loads(json.dumps(state.to_dict())))
    with pytest.raises(TypeError):
        loaded.options["pinata"] = True  # type: ignore[index]
    assert loaded == state
    assert dict(loaded.options) == {"characters": True, "pinata": False, "reroll_price": 8}


def test_the_spoiler_spoils() -> None:
    """The checks above can fail: a view that handed out the state's own list, or a dict in a
    tuple, would be caught."""
    own, deep = ["C01"], {"cards": ["C02"]}
    spoil({"gone": own, "line": (deep,)})
    assert own == [SPOILT, SPOILT] and deep == {"cards": SPOILT, SPOILT: SPOILT}
