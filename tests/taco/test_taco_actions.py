"""Crazy Taco action notation (engine/taco/actions.py): exact text round trips, refusals of
malformed text, and which actions an undo may step back over."""

from __future__ import annotations

import pytest
from taco_tables import table

from engine import IllegalAction, get_game
from engine.taco.actions import (
    Assign,
    Bonus,
    Discard,
    End,
    Menu,
    Offer,
    Order,
    Play,
    Reroll,
    Spend,
    Turn,
    Voucher,
    parse_action,
)

GAME = get_game("taco")

EXAMPLES = {
    "serve 2 E1 T": Order("serve", "2", ("E1", "T")),
    "collect p1 M": Order("collect", "p1", ("M",)),
    "both 4 M E2 E3": Order("both", "4", ("M", "E2", "E3")),
    "voucher p2": Voucher("p2"),
    "bonus 1 T": Bonus("1", "T"),
    "task E1": Assign("task", "E1"),
    "key M": Assign("key", "M"),
    "pinata T": Assign("pinata", "T"),
    "keep E3": Assign("keep", "E3"),
    "taco M E1 E2 E3 T": Menu("taco", ("M", "E1", "E2", "E3", "T")),
    "vulcano E2 E1 T": Menu("vulcano", ("E2", "E1", "T")),
    "plata M for E2": Menu("plata", ("M",), ("E2",)),
    "plata E1 E3 T for E2 M": Menu("plata", ("E1", "E3", "T"), ("E2", "M")),
    "mole M E1 E2 T": Menu("mole", ("M", "E1", "E2", "T")),
    "achilipu M E1 T E2": Menu("achilipu", ("M", "E1", "T", "E2")),
    "nachos M E1 E2 T": Menu("nachos", ("M", "E1", "E2", "T")),
    "turn E1 $": Turn("E1", "$"),
    "reroll M E1": Reroll(("M", "E1")),
    "advertise": Spend("advertise"),
    "overtime E2": Spend("overtime", "E2"),
    "pay fine": Spend("pay"),
    "buy": Offer("buy"),
    "pass": Offer("pass"),
    "end placement": End("placement"),
    "end turn": End("turn"),
    "play C07": Play("C07"),
    "discard C03 C11 C20": Discard(("C03", "C11", "C20")),
}


@pytest.mark.parametrize("text", sorted(EXAMPLES))
def test_every_action_writes_and_reads_back_exactly(text: str) -> None:
    action = EXAMPLES[text]
    assert str(action) == text and parse_action(text) == action
    assert GAME.parse_action(text) == action and len(text) <= 40


@pytest.mark.parametrize(
    "text",
    [
        "",
        "serve",
        "serve 2",
        "serve 9 M",
        "serve 2 X",
        "serve 2 M M",
        "Serve 2 M",
        "serve  2 M",
        " serve 2 M",
        "keep",
        "keep M E1",
        "turn E1 Z",
        "plata M for",
        "vulcano E1 for E2",
        "pay",
        "end",
        "end game",
        "play",
        "play C99",
        "discard C03 C03 C11",
        "discard C03 C11",
    ],
)
def test_malformed_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_action(text)
    with pytest.raises(IllegalAction) as err:
        GAME.new_game(1, seed=1).apply(0, text)
    assert err.value.rule == "malformed"


def test_placements_are_undoable_and_draws_and_rolls_are_not() -> None:
    """Undo within the current roll: placements are deterministic; re-rolls, the end of
    placement (phase 3 leads to the next draws), extras and the customer player's plays
    (draws) are not undoable."""
    undoable = {type(a).__name__ for a in EXAMPLES.values() if a.undoable}
    assert undoable == {"Order", "Voucher", "Bonus", "Assign", "Menu", "Turn", "Spend"}
    for action in (Reroll(("M",)), End("placement"), Offer("buy"), Play("C07")):
        assert not action.undoable


def test_an_undoable_placement_changes_nothing_but_its_own_effect() -> None:
    """Applying an undoable action draws and rolls nothing: the generator and decks stay."""
    state = table(line={"1": "C03"}, dice="M=$ E1=D")
    for action in state.legal_actions(0):
        if action.undoable:
            after = state.apply(0, action)
            assert (after.rng, after.deck, after.task_deck) == (
                state.rng,
                state.deck,
                state.task_deck,
            ), action
