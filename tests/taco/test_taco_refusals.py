"""Refused actions name their rule (engine/taco/explain.py, versus.explain): a short sentence
for the player and a stable key for the UI's toast."""

from __future__ import annotations

import pytest
from taco_tables import table

from engine import IllegalAction

PLACEMENT = dict(
    line={"1": "C23", "2": "C39", "3": "C03 served", "4": "C09 paid"},
    dice="M=$ E1=F E2=B E3:room T:busy",
    room=("", "E3", ""),
    tasks=(("T02", "T", 1),),
    door="T05",
    cash=1,
)

CASES = [
    (PLACEMENT, "serve 1 E1", "serve-in-full"),
    (PLACEMENT, "serve 1 E2", "blank-needs-company"),
    (PLACEMENT, "collect 1 E1", "collect-needs-money"),
    (PLACEMENT, "serve 3 E1", "already-served"),
    (PLACEMENT, "collect 4 M", "already-paid"),
    (PLACEMENT, "serve p1 E1", "no-customer"),
    (PLACEMENT, "serve 2 E1", "not-a-customer"),
    (PLACEMENT, "serve 1 T", "die-not-available"),
    (PLACEMENT, "both 1 E1 M E2", "dice-order"),
    (PLACEMENT, "bonus 1 M", "not-a-bonus"),
    (PLACEMENT, "bonus 2 E1", "bonus-die"),
    (PLACEMENT, "task E1", "task-die"),
    (PLACEMENT, "key M", "no-key"),
    (PLACEMENT, "pinata E2", "no-pinata"),
    (PLACEMENT, "voucher 1", "no-voucher"),
    (PLACEMENT, "vulcano M E1 E2", "menu-dice"),
    (PLACEMENT, "plata M for E1", "not-resting"),
    (PLACEMENT, "turn M $", "not-wild"),
    (PLACEMENT, "reroll M", "reroll-cash"),
    (PLACEMENT, "advertise", "not-now"),
    (PLACEMENT, "end turn", "not-now"),
    (PLACEMENT, "buy", "no-offer"),
    (PLACEMENT, "play C07", "not-your-cards"),
    (dict(PLACEMENT, line={"1": "C50"}), "collect 1 M", "pickpocket-serve-first"),
    (dict(stage="management", cash=2, popularity=7), "advertise", "advertise-cash"),
    (dict(stage="management", cash=20), "pay fine", "no-fine"),
    (
        dict(stage="management", cash=2, fines=5, fine_zone=("C54",), dice="T:locked"),
        "pay fine",
        "fine-cash",
    ),
    (
        dict(stage="management", cash=20, overtime=2, dice="E1:room", room=("E1", "", "")),
        "overtime E1",
        "overtime-limit",
    ),
    (
        dict(stage="management", cash=2, dice="E1:room", room=("E1", "", "")),
        "overtime E1",
        "overtime-cash",
    ),
    (dict(stage="management", cash=20), "serve 1 M", "not-now"),
    (dict(stage="extra", offer="C46", cash=1, to_reveal=1), "buy", "extra-cash"),
    (dict(stage="extra", offer="C46", cash=9, to_reveal=1), "end placement", "extra-pending"),
    (
        dict(line={"1": "C03"}, dice="M=F E1=F E2=F E3=F T=B", popularity=7),
        "nachos M E1 E2 E3",
        "menu-dice",
    ),
    (dict(dice="M=B E1=B E2=B E3=B"), "nachos M E1 E2 E3", "popularity-max"),
    (dict(dice="M=$ E1=F E2=F E3=D T=B"), "taco M E1 E2 E3 T", "menu-no-customers"),
]


@pytest.mark.parametrize(("spec", "text", "rule"), CASES, ids=[c[1] + " " + c[2] for c in CASES])
def test_a_refused_placement_names_its_rule(spec: dict, text: str, rule: str) -> None:
    state = table(**spec)
    with pytest.raises(IllegalAction) as err:
        state.apply(0, text)
    assert err.value.rule == rule and str(err.value)


HAND = ("C06", "C09", "C11", "C12", "C13")
VERSUS = [
    (dict(), "play C03", "not-in-hand"),
    (dict(ban_until=5), "play C11", "open-task-repeat"),
    (dict(hand=("C06", "C08", "C10", "C11", "C13"), discards=3), "play C13", None),
    (dict(hand=("C06", "C08", "C10", "C11", "C14")), "play C11", "needs-follow-up"),
    (dict(discards=3), "discard C06 C09 C11", "discard-limit"),
    (dict(deck=("C19", "C21")), "discard C06 C09 C11", "deck-too-small"),
    (dict(), "discard C09 C06 C11", "card-order"),
    (dict(), "discard C03 C06 C11", "not-in-hand"),
    (dict(), "end placement", "customer-turn"),
]


@pytest.mark.parametrize(("spec", "text", "rule"), VERSUS, ids=[v[1] for v in VERSUS])
def test_a_refused_customer_play_names_its_rule(spec: dict, text: str, rule: str | None) -> None:
    spec = {"hand": HAND, "deck": ("C19", "C21", "C23"), **spec}
    state = table(players=2, stage="customers", **spec)
    if rule is None:  # a legal play, for contrast
        assert state.apply(1, text).line[0][0] == text.split()[1]
        return
    with pytest.raises(IllegalAction) as err:
        state.apply(1, text)
    assert err.value.rule == rule and str(err.value)
