"""Action notation: every choice is one short text, parsed back exactly."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import IllegalAction, get_game
from engine.nacho.actions import (
    ARREST,
    CHOOSE,
    DELIVER,
    DISCARD,
    DONE,
    GIVE_GEM,
    GO,
    NO_CUBE,
    PICK,
    SELL,
    STEAL,
    WANDER,
    Deliver,
    Pick,
    parse_action,
)

EVERY_ACTION = [
    *PICK,
    *DISCARD,
    *ARREST,
    *GO,
    *WANDER,
    *DELIVER,
    *(a for row in STEAL for a in row),
    *SELL,
    *CHOOSE,
    *GIVE_GEM,
    NO_CUBE,
    DONE,
]


def test_every_action_has_its_own_short_notation_that_parses_back() -> None:
    texts = [str(a) for a in EVERY_ACTION]
    assert len(set(texts)) == len(texts)
    assert all(len(t) <= 14 and t == t.strip() for t in texts)
    for action in EVERY_ACTION:
        assert parse_action(str(action)) == action
        assert parse_action(f"  {action}  ") == action


def test_examples_of_the_notation() -> None:
    assert [str(a) for a in (PICK[21], GO[0], DELIVER[7], STEAL[2][7], NO_CUBE)] == [
        "S22",
        "AB",
        "salsa",
        "salsa@2",
        "none",
    ]
    assert [str(a) for a in (CHOOSE[8], ARREST[12], WANDER[2], GIVE_GEM[3], SELL[6], DONE)] == [
        "M09",
        "arrest:S13",
        "wander:ON",
        "gem:3",
        "sell:cream",
        "done",
    ]


@pytest.mark.parametrize(
    "text",
    ["", "S00", "S57", "s22", "S2", "ab", "Alberta", "salsa@4", "salsa@", "SALSA", "M00", "M13",
     "arrest", "arrest:S99", "wander", "wander:XX", "gem", "gem:4", "sell", "discard:S", "Done"],
)  # fmt: skip
def test_malformed_texts_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_action(text)
    state = get_game("nacho").new_game(4, seed=1)
    with pytest.raises(IllegalAction) as err:
        state.apply(0, text)
    assert err.value.rule == "malformed"


def test_an_action_of_the_wrong_step_says_what_is_expected() -> None:
    state = get_game("nacho").new_game(2, seed=1)
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "AB")
    assert err.value.rule == "wrong-step" and "pick a smuggler" in str(err.value)


def test_actions_with_impossible_fields_are_malformed() -> None:
    state = get_game("nacho").new_game(2, seed=1)
    for bad in (Pick(-1), Pick(56), Deliver(9), Deliver(2, 7)):
        with pytest.raises(IllegalAction) as err:
            state.apply(0, bad)
        assert err.value.rule == "malformed"


@given(st.text(max_size=12))
def test_property_any_text_parses_to_its_own_notation_or_is_refused(text: str) -> None:
    try:
        action = parse_action(text)
    except ValueError:
        return
    assert str(action) == text.strip()
