"""The Log: what happened in the whole game, in the game's own sentences, for every game.

Each action's events, as the screen's viewer may see them (a spectator's in pass-and-play with
nobody's hand showing, so that a secret pick reads "Ana has picked"), narrated by the game's UI
(``GenericUI.narrate``; a game refines its log by narrating better, or draws its own sheet with
``GenericUI.log_sheet``).

Where the events come from: a game that is its record (``Session.record``) is replayed from it
(``engine.record.states``: the whole game, also after a reload); otherwise the actions the table
saw since it opened (``Table.seen``).

Pure Python (no ``js``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .generic import GenericUI
    from .session import Happened, Session

_cache: dict[int, tuple[Any, int | None, list[list[str]]]] = {}  # id(session) -> (record, ...)


def _lines(ui: GenericUI, s: Session, events: Iterable[dict[str, Any]]) -> list[str]:
    return [line for line in (ui.narrate(s, e) for e in events) if line]


def game_log(ui: GenericUI, s: Session, seen: Sequence[Happened]) -> list[list[str]]:
    """One list of lines per action, oldest first."""
    viewer = s.viewer
    record = getattr(s, "record", None)
    if record is not None and getattr(s, "savable", False) and len(record) >= len(seen):
        known = _cache.get(id(s))
        if known is not None and known[0] is record and known[1] == viewer:
            return known[2]
        from engine.record import states

        groups = [
            _lines(ui, s, state.view(viewer)["events"])
            for i, state in enumerate(states(record))
            if i > 0
        ]
        _cache.clear()  # one game's log at a time
        _cache[id(s)] = (record, viewer, groups)
        return groups
    return [_lines(ui, s, h.for_seat(viewer)) for h in seen]
