"""engine/jalapeno/actions.py: the one action, "play a card", and its notation."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jalapeno_tables import GAME, card, table

from engine import Action, IllegalAction
from engine.jalapeno import Card, Play
from engine.jalapeno.cards import deck_for


@dataclass(frozen=True)
class Shout(Action):
    """Some other game's action."""

    def __str__(self) -> str:
        return "NO!"


@pytest.mark.parametrize(
    "action",
    [
        Play("R7"),
        Play(Card("X", 3)),
        Play(Card("R", "7")),
        Play(Card("R", 99)),
        Play(None),
        Shout(),
    ],
    ids=["text-card", "no-such-colour", "text-value", "no-such-value", "no-card", "foreign"],
)
def test_a_malformed_play_is_refused_as_malformed(action: Action) -> None:
    """Malformed actions raise IllegalAction (rule "malformed"), never another exception."""
    state = table(hands=["R5 G4", "G7", "Y3"])
    with pytest.raises(IllegalAction) as err:
        state.apply(0, action)
    assert err.value.rule == "malformed"


def test_play_is_a_frozen_value() -> None:
    play = Play(card("R7"))
    assert play == Play(Card("R", 7)) and hash(play) == hash(Play(Card("R", 7)))
    with pytest.raises(FrozenInstanceError):
        play.card = card("R8")  # type: ignore[misc]


@pytest.mark.parametrize("text", ["R²", "R١", "R٧", "G１２", "R7\u0301"])
def test_card_notation_is_ascii_digits_only(text: str) -> None:
    """Only R7-style notation parses: other Unicode digits are refused with the usual message."""
    with pytest.raises(ValueError, match="not a Jalape-NO! card"):
        GAME.parse_action(text)


def test_notation_is_the_card_r7_or_g1() -> None:
    assert str(Play(card("R7"))) == "R7" and str(Play(card("G1"))) == "G1"
    assert GAME.parse_action("R7") == Play(Card("R", 7))
    assert GAME.parse_action("  P18\n") == Play(Card("P", 18))  # surrounding space is ignored


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(deck_for(9)))
def test_property_notation_round_trips_for_every_card(c: Card) -> None:
    assert GAME.parse_action(str(Play(c))) == Play(c)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=6))
def test_property_parse_action_is_the_inverse_of_str_or_a_value_error(text: str) -> None:
    """Any text either parses to the action whose notation it is, or raises ValueError."""
    try:
        action = GAME.parse_action(text)
    except ValueError as err:
        assert "not a Jalape-NO! card" in str(err)
        return
    assert str(action) == text.strip()


@pytest.mark.parametrize("thing", [None, 7, b"R7", ["R7"]])
def test_parse_action_wants_text(thing: object) -> None:
    with pytest.raises(ValueError, match="written as text"):
        GAME.parse_action(thing)  # type: ignore[arg-type]


def test_apply_takes_the_notation_as_well_as_the_action() -> None:
    state = table(hands=["R5 G4", "G7", "Y3"])
    assert state.apply(0, "R5") == state.apply(0, Play(card("R5")))


def test_a_malformed_text_action_is_refused_naming_the_notation() -> None:
    state = table(hands=["R5 G4", "G7", "Y3"])
    with pytest.raises(IllegalAction, match="colour letter R/G/Y/B/O/P then 1-18") as err:
        state.apply(0, "R 5")
    assert err.value.rule == "malformed"


def test_a_play_may_be_undone_until_chance_comes_out() -> None:
    """A play by itself draws nothing and shows nothing the player did not know, so it may be
    taken back (``engine.undo``: until another seat acts, or the deal after a round)."""
    assert Play.undoable is True
