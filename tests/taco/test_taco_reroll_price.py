"""The re-roll's price in 1 vs 1 (docs/rules-decisions.md, Crazy Taco, "The re-roll's price in
1 vs 1"): the option ``reroll_price``, $8 for a new game, $3 as printed; solo always pays the
printed $3. Rules version 2 brought it; every record and link of version 1 replays at $3."""

from __future__ import annotations

import pytest
from taco_tables import legal, table

import engine
from engine import IllegalAction
from engine.packing import pack, unpack
from engine.record import Record, RecordError, ReplayError, replay

GAME = engine.get_game("taco")

# A 1 vs 1 game packed by the code before the option existed (commit 4d631bd, rules version
# 1), names included: random moves, and twice a re-roll with $3-7 in the register (which $8
# would refuse). It ends with the customer player's win.
V1_LINK = "AQR0YWNvAQABVgECA0FuYQJCbxkBRb6_bFzG4z9MvybnRtsMXhjLgBeO0I9GU6zFcA"


def test_the_1_vs_1_re_roll_costs_the_tables_price() -> None:
    """Rulebook: "Relanzamiento de dados (dice re-roll): Pay $3 to re-roll the dice you wish";
    in 1 vs 1 the table's price, $8 unless the setup chose the printed $3."""
    new = table(players=2, line={"1": "C03"}, dice="M=B E1=Z", cash=7)
    assert new.options["reroll_price"] == 8
    assert not [m for m in legal(new) if m.startswith("reroll")]
    with pytest.raises(IllegalAction) as err:
        new.apply(0, "reroll E1")
    assert err.value.rule == "reroll-cash" and "costs $8; you have $7" in str(err.value)
    after = table(players=2, line={"1": "C03"}, dice="M=B E1=Z", cash=9).apply(0, "reroll E1")
    assert after.cash == 1 and after.events[0].data["cost"] == 8
    printed = table(
        players=2, line={"1": "C03"}, dice="M=B E1=Z", cash=7, options={"reroll_price": 3}
    )
    assert printed.apply(0, "reroll E1").cash == 4


def test_solo_pays_the_printed_price_whatever_the_option() -> None:
    for price in (8, 3):
        solo = table(line={"1": "C03"}, dice="M=B E1=Z", cash=5, options={"reroll_price": price})
        assert solo.apply(0, "reroll E1").cash == 2


@pytest.mark.parametrize(("players", "price"), [(1, 3), (2, 8)])
def test_the_menu_line_says_the_tables_price(players: int, price: int) -> None:
    view = GAME.new_game(players, seed=1).view(0)
    (line,) = [m for m in view["menu"] if m["id"] == "reroll"]
    assert line["cost"] == price and line["text"] == f"Pay ${price}: re-roll the dice you wish."


def test_a_link_of_rules_version_1_replays_at_the_printed_price() -> None:
    record = unpack(V1_LINK)  # its check (a CRC of the record as saved then) still matches
    assert record.rules_version == 1 and record.options["reroll_price"] == 3
    assert [s.name for s in record.seats] == ["Ana", "Bo"]
    state = replay(record)
    assert state.is_over() and state.scores() == [0, 1]
    assert pack(record, names=True) == V1_LINK  # packed again: the very same link
    # The same moves as a new game ($8) do not replay: the cheap re-rolls are refused.
    with pytest.raises(ReplayError) as err:
        replay(Record.from_dict({**record.to_dict(), "rules_version": 2} | _price(8, record)))
    assert err.value.rule == "reroll-cash"


def test_a_save_of_rules_version_1_opens_at_the_printed_price() -> None:
    record = unpack(V1_LINK)
    saved = record.to_dict()
    del saved["options"]["reroll_price"]  # as version 1 saved it
    opened = Record.from_dict(saved)
    assert opened == record and replay(opened).scores() == [0, 1]
    # Version 1 had no such option: a record of it claiming $8 is refused, never replayed.
    with pytest.raises(RecordError, match="arrived in rules version 2") as err:
        Record.from_dict(saved | _price(8, record))
    assert err.value.field == "options"


def test_a_saved_state_without_the_option_is_one_of_version_1() -> None:
    """A checkpoint saved beside a version-1 record holds the state's options as they were."""
    state = GAME.new_game(2, seed=3, options={"reroll_price": 3})
    data = state.to_dict()
    del data["options"]["reroll_price"]
    assert GAME.from_dict(data) == state
    assert GAME.from_dict(GAME.new_game(2, seed=3).to_dict()).options["reroll_price"] == 8


def _price(price: int, record: Record) -> dict:
    return {"options": {**record.options, "reroll_price": price}}
