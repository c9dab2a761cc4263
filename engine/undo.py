"""Undo, one policy for every game (docs/rules-decisions.md, "Platform"):

    A human may take back their own latest actions while no other seat has acted since, and
    no chance or hidden information has come out since (a die, a draw, a reveal).

Undo is the record without its last actions (``record.truncated``). What may be taken back is
engine data, decided per transition (``undoable``):

* the action's type says it draws and shows nothing by itself (``Action.undoable``, False
  unless a game says so: a new game offers no undo until it marks its actions);
* nothing hidden from the actor came out in the transition, whatever the action set off (a
  trick that ends a round and deals, a last secret pick that reveals them all, a province card
  turned up): ``State.hidden_from(seat)`` is the same before and after — the generator moved
  for any die or shuffle, and a draw or a reveal changes what is hidden;
* the game is not over (its end is final: the result has been shown and recorded).

``takeback(record, seat)`` counts the trailing actions ``seat`` may take back now. Whether the
seat is a human is the app's question (bots never undo).

>>> from engine.record import Record, Seat, replay
>>> record = Record.new("jalapeno", [Seat("Ana"), Seat("Bo"), Seat("Cy")], seed=3)
>>> state = record.start()
>>> seat = state.current_players()[0]
>>> record = record.with_move(seat, state.legal_actions(seat)[0])
>>> takeback(record, seat), takeback(record, (seat + 1) % 3)
(1, 0)
>>> replay(record.truncated(len(record) - 1)) == state
True
"""

from __future__ import annotations

from collections.abc import Sequence

from .protocol import Action, State
from .record import Record, states


def undoable(before: State, seat: int, action: Action | str, after: State) -> bool:
    """May ``seat``, having taken ``action`` from ``before`` to ``after``, take it back (if no
    other seat acts meanwhile)? See the module's docstring."""
    if isinstance(action, str):
        action = before.game.parse_action(action)
    if not getattr(type(action), "undoable", False) or after.is_over():
        return False
    return before.hidden_from(seat) == after.hidden_from(seat)


def takeback(record: Record, seat: int, history: Sequence[State] | None = None) -> int:
    """How many of the record's last actions ``seat`` may take back now: its own trailing
    actions, each ``undoable``, stopping at the first action of another seat or one that let
    chance or a secret out. ``history`` (the states of the record's last ``len(history)``
    positions, the last one after every action: what ``engine.record.states`` and
    ``engine.resume`` give) saves a replay; no action before it is taken back."""
    if history is None:
        history = list(states(record))
    moves = record.moves
    if not 0 < len(history) <= len(moves) + 1:
        raise ValueError(f"{len(history)} states for a record of {len(moves)} actions")
    base = len(moves) + 1 - len(history)  # the action history[0] comes before
    count = 0
    for i in range(len(moves) - 1, base - 1, -1):
        move = moves[i]
        if move.seat != seat or not undoable(
            history[i - base], seat, move.action, history[i - base + 1]
        ):
            break
        count += 1
    return count
