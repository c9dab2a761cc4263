"""engine/protocol.py and engine/registry.py: the parts every game shares."""

from __future__ import annotations

import pytest

import engine
from engine import IllegalAction


@pytest.fixture
def state() -> engine.State:
    return engine.get_game("jalapeno").new_game(players=4, seed=3, options={"first_player": 1})


@pytest.mark.parametrize("seat", [1.0, True, "1", None, [1]])
def test_a_seat_that_is_not_an_int_is_refused(state: engine.State, seat: object) -> None:
    """Out-of-turn or malformed: IllegalAction, never a TypeError, and True is not seat 1."""
    action = state.legal_actions(1)[0]
    with pytest.raises(IllegalAction):
        state.apply(seat, action)  # type: ignore[arg-type]
    assert state.legal_actions(seat) == []  # type: ignore[arg-type]
    if seat is not None:  # view(None) is the public view
        with pytest.raises(ValueError):
            state.view(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("key", "value"), [("rounds", 5.0), ("rounds", True), ("first_player", 1.0)]
)
def test_an_option_value_must_have_the_type_of_its_choices(key: str, value: object) -> None:
    """5.0 == 5, but a float is not one of the allowed values (it would be saved as 5.0)."""
    game = engine.get_game("jalapeno")
    with pytest.raises(ValueError, match=key):
        game.new_game(players=4, seed=1, options={key: value})
