"""Hand-built Crazy Taco actions with wrong-typed or unknown fields are refused as malformed,
never a crash (issue 13, "Bad input"): through ``apply`` (the protocol's guarantee) and through
the rules' own ``explain_illegal`` (engine/taco/explain.py, versus.py), which never read a field
they have not checked. And every well-formed action that is not legal, in states from every
stage, gets a named rule, never an exception."""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any

import pytest
from taco_tables import table

from engine import IllegalAction, get_game
from engine.rng import Rng
from engine.taco.actions import (
    Action,
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
    well_formed,
)
from engine.taco.board import DICE_MENU, SPOTS
from engine.taco.cards import CARDS
from engine.taco.dice import DICE, TURNABLE

GAME = get_game("taco")
IDS = [d.id for d in DICE]

# The examples of issue 13, and more of the same kind: each field of the wrong type or unknown.
SOLO_EXAMPLES: list[Any] = [
    Assign("keep", ("M",)),  # type: ignore[arg-type]
    Bonus(1, "T"),  # type: ignore[arg-type]
    Order("serve", "1", ("M", None)),  # type: ignore[arg-type]
    Order("serve", None, ("M",)),  # type: ignore[arg-type]
    Order("serve", 1, ("M",)),  # type: ignore[arg-type]
    Order("serve", True, ("M",)),  # type: ignore[arg-type]
    Order("serve", 1.0, ("M",)),  # type: ignore[arg-type]
    Order("serve", ["2"], ("M",)),  # type: ignore[arg-type]
    Order(["serve"], "1", ("M",)),  # type: ignore[arg-type]
    Order("serve", "1", ("X",)),
    Order("serve", "1", ("E9",)),
    Order("serve", "1", "M"),  # type: ignore[arg-type]
    Order("serve", "1", None),  # type: ignore[arg-type]
    Reroll((1.0,)),  # type: ignore[arg-type]
    Reroll(1.0),  # type: ignore[arg-type]
    Reroll(("M", "M")),
    Menu("taco", ("X",)),
    Menu(None, ("M",)),  # type: ignore[arg-type]
    Menu("plata", ("M",), ("X",)),
    Menu("plata", ("M",), None),  # type: ignore[arg-type]
    Voucher(None),  # type: ignore[arg-type]
    Turn("X", "F"),
    Turn("M", "Z"),
    Spend("overtime", "X"),
    Spend(None),  # type: ignore[arg-type]
    End(None),  # type: ignore[arg-type]
    Offer(None),  # type: ignore[arg-type]
    Assign(None, "M"),  # type: ignore[arg-type]
    Bonus("1", None),  # type: ignore[arg-type]
]
VERSUS_EXAMPLES: list[Any] = [
    Discard(None),  # type: ignore[arg-type]
    Discard((1, 2, 3)),  # type: ignore[arg-type]
    Discard(("C01",)),  # type: ignore[arg-type]
    Discard(("C05", "C05", "C06")),
    Play(None),  # type: ignore[arg-type]
    Play(1),  # type: ignore[arg-type]
    Play(["C05"]),  # type: ignore[arg-type]
    Play("C99"),
]

# A placement where every check of explain.py is reachable: dice to place, cash for a re-roll,
# customers and a bonus card at the counter, a die resting.
RICH = dict(
    line={"1": "C23", "2": "C39", "3": "C03 served", "p1": "C09 paid"},
    dice="M=$ E1=F E2=B E3:room T=D",
    room=("", "E3", ""),
    door="T05",
    cash=9,
)


def refused_as_malformed(state: Any, seat: int, action: Any) -> None:
    before = state.to_dict()
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert err.value.rule == "malformed", (action, err.value.rule)
    # The rules' own explanation is reached without the protocol's filter too.
    explained = state.explain_illegal(seat, action)
    assert isinstance(explained, IllegalAction) and explained.rule == "malformed", action
    assert state.to_dict() == before


@pytest.mark.parametrize("action", SOLO_EXAMPLES, ids=repr)
def test_a_hand_built_placement_with_bad_fields_is_malformed(action: Any) -> None:
    refused_as_malformed(GAME.new_game(players=1, seed=1), 0, action)
    refused_as_malformed(table(**RICH), 0, action)
    refused_as_malformed(table(stage="management", cash=20), 0, action)


@pytest.mark.parametrize("action", VERSUS_EXAMPLES, ids=repr)
def test_a_hand_built_customer_play_with_bad_fields_is_malformed(action: Any) -> None:
    hand = ("C07", "C06", "C09", "C12", "C13")
    state = table(players=2, stage="customers", hand=hand, deck=("C19", "C21", "C23"))
    refused_as_malformed(state, 1, action)
    refused_as_malformed(GAME.new_game(players=2, seed=1), 1, action)


def test_well_formed_is_the_text_notation_read_back() -> None:
    assert well_formed(Order("both", "p2", ("M", "T")))
    assert well_formed(Menu("plata", ("M",), ("E2",)))
    assert not any(well_formed(a) for a in (*SOLO_EXAMPLES, *VERSUS_EXAMPLES))
    assert not well_formed("serve 1 M") and not well_formed(None)


def universe() -> list[Action]:
    """Every well-formed action shape, dice in order and out of order: the placements with
    each set of dice (and a reversed listing), every menu line, re-roll, phase 3 spend, offer,
    end, and some customer plays."""
    sets = [c for k in range(1, 6) for c in combinations(IDS, k)]
    listed = sets + [tuple(reversed(c)) for c in sets if len(c) > 1]
    out: list[Action] = []
    for spot in SPOTS:
        out += [Order(verb, spot, dice) for verb in ("serve", "collect", "both") for dice in listed]
        out += [Voucher(spot)] + [Bonus(spot, d) for d in IDS]
    out += [Assign(verb, d) for verb in ("task", "key", "pinata", "keep") for d in IDS]
    out += [Menu(item, dice) for item in DICE_MENU for dice in listed]
    out += [Menu("plata", dice, back) for dice in sets[:8] for back in sets[:8]]
    out += [Turn(d, f) for d in IDS for f in TURNABLE]
    out += [Reroll(dice) for dice in listed]
    out += [Spend("advertise"), Spend("pay")] + [Spend("overtime", d) for d in IDS]
    out += [Offer("buy"), Offer("pass"), End("placement"), End("turn")]
    out += [Play(c) for c in sorted(CARDS)]
    out += [Discard(trio) for trio in permutations(("C05", "C06", "C09", "C20"), 3)]
    assert all(well_formed(a) for a in out)
    return out


def sampled_states(games: int = 8, every: int = 15) -> list[Any]:
    """States from random legal games of both modes, with and without the options: every
    ``every``-th placement and every few of the rarer stages."""
    states = []
    for seed in range(games):
        players = 1 + seed % 2
        options = {"pinata": seed % 3 == 0, "characters": seed % 4 != 1}
        state = GAME.new_game(players=players, seed=seed, options=options)
        chooser = Rng(seed + 1000)
        step = 0
        while not state.is_over():
            seat = state.current_players()[0]
            legal = state.legal_actions(seat)
            if step % (every if state.stage == "placement" else 3) == 0:
                states.append(state)
            state = state.apply(seat, legal[chooser.below(len(legal))])
            step += 1
    return states


def test_every_well_formed_action_that_is_not_legal_names_a_rule() -> None:
    actions = universe()
    stages = set()
    for state in sampled_states():
        seat = state.current_players()[0]
        legal = set(map(str, state.legal_actions(seat)))
        stages.add(state.stage)
        for action in actions:
            if str(action) in legal:
                continue
            found = state.explain_illegal(seat, action)
            assert isinstance(found, IllegalAction) and found.rule and str(found), action
            assert found.rule != "malformed", (action, state)
    assert stages >= {"placement", "management", "customers", "extra"}


def test_parse_action_reads_what_str_writes_for_the_whole_universe() -> None:
    for action in universe():
        assert parse_action(str(action)) == action
