"""Opening a saved game: as far as its record is good, and fast.

``resume(text, checkpoint)`` reads a saved record (``engine.record``) and replays it. A record
that is damaged — cut short, a malformed action, an action that does not replay — opens up to
its last good action, and says what is wrong (``Resumed.error``); only a record whose setup
cannot be read raises ``RecordError`` (nothing to open).

A whole game replays in the browser in about 0.3 ms an action (Pyodide), so the longest games
(a 9-player Jalape-NO! of 10 rounds: ~1,100 actions) would take a third of a second to resume.
A *checkpoint* saved with the record — the state after a multiple of ``CHECKPOINT_EVERY``
actions, as ``to_dict`` — leaves fewer than that to replay. It is taken only if it belongs to
this very record: the same rules and save versions, and a digest of the actions before it.
Anything else about it (damaged, from another record, an old save format) is ignored and the
record replays from the start: a checkpoint can make resuming faster, never different.

>>> from engine.record import Record, Seat, states
>>> record = Record.new("taco", [Seat("Ana")], seed=4)
>>> history = list(states(record))
>>> for _ in range(120):
...     state = history[-1]
...     if state.is_over():
...         break
...     action = state.legal_actions(0)[0]
...     record = record.with_move(0, action)
...     history.append(state.apply(0, action))
>>> saved = checkpoint(record, history)
>>> saved is None or saved["at"] % CHECKPOINT_EVERY == 0
True
>>> opened = resume(record.to_text(), saved)
>>> opened.error is None and opened.state == history[-1] and opened.record == record
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .protocol import State
from .record import (
    LIMITS,
    Limits,
    Move,
    Record,
    RecordError,
    ReplayError,
    parse_json,
    read_move,
    read_setup,
    replay_from,
)
from .undo import takeback

CHECKPOINT_EVERY = 100
"""Actions between checkpoints: at most this many replay when a saved game resumes."""


@dataclass(frozen=True)
class Resumed:
    """What could be read of a saved record: ``record`` (its good actions only) and
    ``history``, the states from action ``base`` on (the state before action ``base``, ...,
    then ``state``, where the good actions lead); undo reads them (``engine.undo.takeback``).
    ``error`` says why the rest could not be read (None: nothing was wrong)."""

    record: Record
    history: tuple[State, ...]
    base: int
    error: RecordError | None

    @property
    def state(self) -> State:
        return self.history[-1]


def prefix_digest(moves: Sequence[Move]) -> str:
    """A short digest of a record's first actions: ties a checkpoint to the record it came
    from."""
    text = json.dumps([[m.seat, m.action] for m in moves], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def checkpoint(record: Record, history: Sequence[State]) -> dict[str, Any] | None:
    """The checkpoint to save with ``record``: the state after its last multiple of
    ``CHECKPOINT_EVERY`` actions that comes before any action its last mover may still take
    back (a resumed game keeps its undo), from ``history`` (the states of the record's last
    ``len(history)`` positions, the last one after every action), as JSON-ready data. None
    when there is none (a short game, or a state before ``history``)."""
    keep = takeback(record, record.moves[-1].seat, history) if record.moves else 0
    at = (len(record.moves) - keep) // CHECKPOINT_EVERY * CHECKPOINT_EVERY
    index = at - (len(record.moves) + 1 - len(history))
    if at == 0 or index < 0:
        return None
    state = history[index]
    return {
        "at": at,
        "rules_version": record.rules_version,
        "save_version": state.game.save_version,
        "prefix": prefix_digest(record.moves[:at]),
        "state": state.to_dict(),
    }


def _from_checkpoint(record: Record, saved: Any) -> tuple[int, State] | None:
    """(actions before it, state) of a checkpoint that belongs to ``record``, else None."""
    if not isinstance(saved, Mapping):
        return None
    at = saved.get("at")
    game = record.game_object()
    if (
        type(at) is not int
        or not 0 < at <= len(record.moves)
        or saved.get("rules_version") != record.rules_version
        or saved.get("save_version") != game.save_version
        or saved.get("prefix") != prefix_digest(record.moves[:at])
    ):
        return None
    try:
        state = game.from_dict(saved.get("state"))
    except ValueError:
        return None
    if state.players != record.players:
        return None
    return at, state


def resume(text: Any, saved: Any = None, limits: Limits = LIMITS) -> Resumed:
    """Open a saved record (its JSON text) as far as it is good, from ``saved`` (a
    ``checkpoint``) when it belongs to it. Raises ``RecordError`` when not even the setup can
    be read."""
    cut: RecordError | None = None
    try:
        data = parse_json(text, limits)
    except RecordError as err:
        try:
            data = _cut_short(text, limits)
        except RecordError:
            raise err from None
        cut = err
    setup = read_setup(data, limits)
    game = setup.game_object()
    error: RecordError | None = None
    moves: list[Move] = []
    entries = data["actions"]
    if not isinstance(entries, list):
        error = RecordError("actions must be a list of [seat, action] pairs", "actions", 0)
        entries = []
    known: dict[str, str] = {}
    for i, entry in enumerate(entries):
        if i >= limits.actions:
            error = RecordError(f"more than {limits.actions} actions", "actions", i)
            break
        try:
            moves.append(read_move(game, setup.players, i, entry, limits, known))
        except RecordError as err:
            error = err
            break
    if error is None and cut is not None:
        error = RecordError(
            f"the saved record was cut short after {len(moves)} actions ({cut})",
            "actions",
            len(moves),
        )
    record = Record(setup.game, setup.rules_version, setup.seed, setup.options, setup.seats, moves)
    base, start = _from_checkpoint(record, saved) or (0, record.start())
    history: list[State] = [start]
    try:
        history.extend(replay_from(start, record.moves[base:], base))
    except ReplayError as err:  # every good action's state is in history
        record, error = record.truncated(err.index), err
    return Resumed(record, tuple(history), base, error)


def salvage(text: Any, limits: Limits = LIMITS) -> Resumed:
    """``resume`` with no checkpoint: every action replays from the start."""
    return resume(text, None, limits)


def _cut_short(text: Any, limits: Limits) -> Any:
    """The parseable part of a record's text that was cut short: its setup and the actions
    that are whole. Raises a RecordError when there is none."""
    if not isinstance(text, str) or len(text) > limits.text_chars:
        raise RecordError("the saved record is not JSON text of a readable size")
    key = text.find('"actions":')
    if key < 0:
        raise RecordError("the saved record is cut short before its actions")
    try:
        setup = json.loads(text[:key] + '"actions":[]}', parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise RecordError("the saved record's setup is not valid JSON") from None
    decoder = json.JSONDecoder(parse_constant=_no_constant)
    bracket = text.find("[", key)
    pos = bracket + 1 if bracket >= 0 else len(text)
    entries: list[Any] = []
    while pos < len(text) and len(entries) <= limits.actions:
        while pos < len(text) and text[pos] in " \n\r\t,":
            pos += 1
        try:
            entry, pos = decoder.raw_decode(text, pos)
        except (ValueError, RecursionError):
            break
        entries.append(entry)
    if isinstance(setup, dict):
        setup["actions"] = entries
    return setup


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")
