"""engine/resume.py: a saved game opens as far as its record is good (damaged records keep
their good part), and fast (a checkpoint that belongs to the record leaves little to replay,
and one that does not is ignored)."""

from __future__ import annotations

import json

import pytest
from recorded import random_record

from engine.record import RecordError, ReplayError
from engine.resume import CHECKPOINT_EVERY, checkpoint, resume, salvage
from engine.undo import takeback

# -- damaged records -------------------------------------------------------------------------


def test_a_record_cut_short_opens_up_to_its_last_whole_action() -> None:
    record, live = random_record("jalapeno", 3, 30)
    text = record.to_text()
    start = text.index('"actions":') + len('"actions":')
    for cut in range(start, len(text) - 1, 97):
        opened = salvage(text[:cut])
        n = len(opened.record)
        assert opened.record.moves == record.moves[:n]
        assert opened.state.to_dict() == live[n].to_dict()
        assert opened.error is not None and opened.error.index == n
        assert "cut short" in str(opened.error)
    assert salvage(text).error is None and len(salvage(text).record) == len(record)


def test_a_record_with_a_bad_action_opens_up_to_it() -> None:
    record, live = random_record("nacho", 2, 31)
    data = record.to_dict()
    data["actions"][40] = [data["actions"][40][0], "done"]  # not legal there
    opened = salvage(json.dumps(data))
    assert len(opened.record) == 40 and opened.state.to_dict() == live[40].to_dict()
    assert isinstance(opened.error, ReplayError) and opened.error.index == 40
    data["actions"][20] = [0, {"x": 1}]
    opened = salvage(json.dumps(data))
    assert len(opened.record) == 20 and opened.error.field == "actions[20]"


@pytest.mark.parametrize(
    "text", ["", "garbage", "{}", '{"version": 1, "game": "nacho"', "[1, 2]", "x" * 100]
)
def test_a_record_without_a_readable_setup_does_not_open(text: str) -> None:
    with pytest.raises(RecordError):
        salvage(text)


# -- checkpoints ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def long_game():
    record, live = random_record("jalapeno", 5, 77, options={"rounds": 4})
    assert len(record) > 2 * CHECKPOINT_EVERY
    return record, live


def test_a_checkpoint_leaves_fewer_than_its_interval_to_replay(long_game) -> None:
    record, live = long_game
    for n in (CHECKPOINT_EVERY, CHECKPOINT_EVERY + 1, len(record) - 1, len(record)):
        part = record.truncated(n)
        saved = json.loads(json.dumps(checkpoint(part, live[: n + 1])))
        seat = part.moves[-1].seat
        keep = takeback(part, seat, live[: n + 1])
        at = (n - keep) // CHECKPOINT_EVERY * CHECKPOINT_EVERY
        assert saved is None if at == 0 else saved["at"] == at
        opened = resume(part.to_text(), saved)
        assert opened.error is None and opened.record == part
        assert opened.base == at and len(opened.history) == n - opened.base + 1
        assert [s.to_dict() for s in opened.history] == [
            s.to_dict() for s in live[opened.base : n + 1]
        ]
        assert takeback(part, seat, opened.history) == keep


def test_no_checkpoint_before_the_first_interval_or_before_the_kept_states(long_game) -> None:
    record, live = long_game
    assert checkpoint(record.truncated(CHECKPOINT_EVERY - 1), live[:CHECKPOINT_EVERY]) is None
    assert checkpoint(record, live[-5:]) is None


def test_a_checkpoint_that_does_not_belong_to_the_record_is_ignored(long_game) -> None:
    record, live = long_game
    n = CHECKPOINT_EVERY + 30
    while takeback(record.truncated(n), record.moves[n - 1].seat, live[: n + 1]) > 25:
        n += 1
    part = record.truncated(n)
    saved = checkpoint(part, live[: n + 1])
    other, other_live = random_record("jalapeno", 5, 78, options={"rounds": 4})
    foreign = checkpoint(other.truncated(n), other_live[: n + 1])
    broken_state = {**saved, "state": {**saved["state"], "players_private": []}}
    for bad in (
        foreign,
        broken_state,
        {**saved, "rules_version": 2},
        {**saved, "save_version": 7},
        {**saved, "at": True},
        {**saved, "at": n + 1},
        {**saved, "prefix": "0" * 24},
        "not a checkpoint",
        [saved],
    ):
        opened = resume(part.to_text(), bad)
        assert opened.base == 0 and opened.error is None
        assert opened.state.to_dict() == live[n].to_dict()
    # Undone below the checkpoint: the shorter record no longer matches it.
    short = record.truncated(CHECKPOINT_EVERY - 1)
    opened = resume(short.to_text(), saved)
    assert opened.base == 0 and opened.state.to_dict() == live[CHECKPOINT_EVERY - 1].to_dict()


def test_a_damaged_record_after_its_checkpoint_opens_up_to_its_last_good_action(long_game) -> None:
    record, live = long_game
    saved = checkpoint(record, live)
    data = record.to_dict()
    bad = saved["at"] + 10
    data["actions"][bad][0] = (data["actions"][bad][0] + 1) % 5
    opened = resume(json.dumps(data), saved)
    assert opened.base == saved["at"] and isinstance(opened.error, ReplayError)
    assert opened.error.index == bad and len(opened.record) == bad
    assert opened.state.to_dict() == live[bad].to_dict()
    with pytest.raises(RecordError):
        resume("{}", saved)
