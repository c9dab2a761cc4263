"""The saved games as the app lists them, without opening any: one small *row* per game, kept
beside its record (``ui.dom``'s database), written after every action.

A row says what the home screen and the history show — which game, in progress or over, the
game's own words for where it stands ("Round 3 of 5"), who sits at it, when it started and was
last played, and once it is over its result — plus the app's own notes on the game (``meta``:
hints used, ...). The record itself (``engine.record``) is the game; a row can always be
written again from it.

Pure Python (no ``js``): rows are JSON-ready dicts on the way out and are checked on the way in
(a row is user-reachable storage: anything may be there). A row that cannot be read is
``Damaged``, listed with its message, and never stops the others from being read.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .html import join_words, plural

if TYPE_CHECKING:
    from .generic import GenericUI
    from .session import Session

PLAYING, OVER = "playing", "over"
MAX_TEXT = 200  # a row's texts (progress, result) are cut to this: the home shows one line


@dataclass(frozen=True)
class Result:
    """How a finished game ended, for the history: the game's own sentence ("You win with 12
    points"), whether a human won (None: only bots played) and the best human score."""

    text: str
    won: bool | None
    score: int | None
    score_text: str = ""  # the score in the game's words ("3 penalty points")


@dataclass(frozen=True)
class Row:
    id: str
    game: str
    status: str  # PLAYING or OVER
    created: float  # ms since the epoch
    updated: float
    progress: str  # the game's own words: "Round 3 of 5 · turn 2"
    names: tuple[str, ...]
    humans: tuple[int, ...]
    actions: int
    result: Result | None = None
    meta: Mapping[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.names)


@dataclass(frozen=True)
class Damaged:
    """A saved game that cannot be opened as it is: ``message`` says why; ``good`` is how many
    of its actions still replay (None: unknown yet, or nothing can be opened)."""

    id: str
    game: str | None
    message: str
    good: int | None = None
    row: Row | None = None  # its row, when that could be read (the record is what is damaged)


def new_id() -> str:
    """A saved game's key: random, so that two games never share one."""
    return secrets.token_hex(6)


def row_of(session: Session, ui: GenericUI, created: float, now: float) -> dict[str, Any]:
    """The row to write for ``session`` (JSON-ready)."""
    state = session.state
    view = state.view(None)
    humans = session.humans
    out: dict[str, Any] = {
        "game": session.game.id,
        "status": OVER if state.is_over() else PLAYING,
        "created": created,
        "updated": now,
        "progress": _cut(ui.progress(view)),
        "names": [c.name for c in session.seats],
        "humans": humans,
        "actions": len(session.record),
        "meta": dict(session.meta),
        "result": None,
    }
    if state.is_over():
        scores = view["scores"]
        best = max(scores[h] for h in humans) if humans else None
        out["result"] = {
            "text": _cut(ui.over_status(session, view)),
            "won": any(h in view["winners"] for h in humans) if humans else None,
            "score": best,
            "score_text": "" if best is None else _cut(ui.score_text(best)),
        }
    return out


def _cut(text: Any) -> str:
    text = str(text)
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def read_row(key: str, data: Any, known: Iterable[str]) -> Row | Damaged:
    """The row stored under ``key`` (parsed JSON, or None when it was not JSON at all), checked
    field by field; ``known`` are the games this app has."""
    game = data.get("game") if isinstance(data, dict) else None
    game = game if isinstance(game, str) and game in set(known) else None
    try:
        if not isinstance(data, dict):
            raise ValueError("not an object")
        if data.get("game") != game or game is None:
            return Damaged(key, None, "A saved game of a game this app does not have.")
        status = data.get("status")
        if status not in (PLAYING, OVER):
            raise ValueError("status")
        names = data.get("names")
        if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
            raise ValueError("names")
        humans = data.get("humans")
        if not isinstance(humans, list) or not all(
            type(h) is int and 0 <= h < len(names) for h in humans
        ):
            raise ValueError("humans")
        meta = data.get("meta", {})
        return Row(
            id=key,
            game=game,
            status=status,
            created=_time(data.get("created")),
            updated=_time(data.get("updated")),
            progress=_cut(_text(data.get("progress"))),
            names=tuple(_cut(n) for n in names),
            humans=tuple(humans),
            actions=_count(data.get("actions")),
            result=_result(data.get("result")) if status == OVER else None,
            meta=meta if isinstance(meta, dict) else {},
        )
    except (ValueError, TypeError) as err:
        return Damaged(key, game, f"Its details are unreadable ({err}).")


def _time(value: Any) -> float:
    if type(value) not in (int, float) or not 0 <= value < 1e14:
        raise ValueError("time")
    return float(value)


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError("text")
    return value


def _count(value: Any) -> int:
    if type(value) is not int or value < 0:
        raise ValueError("actions")
    return value


def _result(data: Any) -> Result:
    if not isinstance(data, dict):
        raise ValueError("result")
    won, score = data.get("won"), data.get("score")
    if won is not None and type(won) is not bool:
        raise ValueError("result")
    if score is not None and type(score) is not int:
        raise ValueError("result")
    score_text = data.get("score_text", "")
    return Result(_cut(_text(data.get("text"))), won, score, _cut(_text(score_text)))


def ago(now: float, then: float) -> str:
    """ "just now", "12 minutes ago", "3 hours ago", "yesterday", "5 days ago".

    >>> ago(10 * 60_000, 0), ago(60_000, 0), ago(26 * 3_600_000, 0)
    ('10 minutes ago', '1 minute ago', 'yesterday')
    """
    minutes = int(max(0.0, now - then) // 60_000)
    if minutes < 1:
        return "just now"
    if minutes < 60:
        return f"{plural(minutes, 'minute')} ago"
    hours = minutes // 60
    if hours < 24:
        return f"{plural(hours, 'hour')} ago"
    days = hours // 24
    return "yesterday" if days == 1 else f"{days} days ago"


def describe(row: Row, now: float) -> str:
    """The line under a saved game: "Round 3 of 5 · 4 players · 12 minutes ago"."""
    parts = [row.progress] if row.progress else []
    parts.append(plural(row.players, "player"))
    parts.append(ago(now, row.updated))
    return " · ".join(parts)


def who(row: Row) -> str:
    """ "Ana against 3 bots", "Ana, Bart and Cy", "3 bots"."""
    humans = [row.names[h] for h in row.humans]
    bots = row.players - len(humans)
    if not humans:
        return plural(bots, "bot")
    return join_words(humans) + (f" against {plural(bots, 'bot')}" if bots else "")


@dataclass
class Stats:
    """One game's history: finished games with a human at the table, those a human won, and
    the best human score (None: none yet) in the game's words."""

    played: int = 0
    won: int = 0
    best: int | None = None
    best_text: str = ""


def stats(rows: Iterable[Row]) -> dict[str, Stats]:
    out: dict[str, Stats] = {}
    for row in rows:
        if row.status != OVER or row.result is None or row.result.won is None:
            continue
        entry = out.setdefault(row.game, Stats())
        entry.played += 1
        entry.won += bool(row.result.won)
        score = row.result.score
        if score is not None and (entry.best is None or score > entry.best):
            entry.best, entry.best_text = score, row.result.score_text or str(score)
    return out
