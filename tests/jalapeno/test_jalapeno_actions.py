"""engine/jalapeno/actions.py: the one action, "play a card", and its notation."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass

import pytest
from jalapeno_tables import GAME, card, table

from engine import Action, IllegalAction
from engine.jalapeno import Card, Play


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
