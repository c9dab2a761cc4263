"""Hint on request: on a human's turn, what the strongest bot of the game would play for that
seat, from that seat's own view, highlighted on the table, with one sentence saying why.

The bot is the engine's (``engine.bots.make_bot``), of the game's strongest level, thinking in
slices like a bot's turn (``ui.bots.decide``: the page stays live). It works on an *iteration*
budget, not a time budget, so that a hint is reproducible: the same position gives the same
hint on any device (``hint_bot``).

How a game takes part (``ui.generic.GenericUI``):

- ``move_text(s, view, action)``: the move in words ("play the Red 7"); default its notation;
- ``hint_reason(s, view, action)``: one sentence saying why ("it dodges the Jalapeño");
  default: a generic sentence;
- ``hint_targets(s, view, action)``: the ``data-move`` / ``data-card`` values of the elements
  that show the move (default: the move's notation). The table marks each such element
  ``data-hint="true"`` (``mark_moves``), which ``ui/frame.css`` rings and labels "Hint".

Whether hints are offered is the game's setup choice (default from Settings), kept in the
session's notes (``Session.meta["hints_allowed"]``); the hints used are counted there too, per
seat (``meta["hints"]``), and shown with the results (``hints_line``).

Pure Python apart from the bot (no ``js``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.bots import BOT_LEVELS, make_bot

from .html import Html, esc, plural

if TYPE_CHECKING:
    import engine

    from .session import Session

HINT_ITERATIONS = 100  # the search bot's work for a hint (~0.5-1.5 s in the page, in slices)
GENERIC_REASON = "It is what the strongest bot would play here."


@dataclass(frozen=True)
class Hint:
    """A hint for ``seat`` in ``state`` (shown only while that state is on the table):
    ``move`` is None while the bot is still thinking."""

    seat: int
    state: engine.State
    move: str | None = None
    text: str = ""  # "play the Red 7"
    reason: str = ""
    targets: tuple[str, ...] = ()

    @property
    def sentence(self) -> str:
        if self.move is None:
            return "Thinking of a hint…"
        reason = self.reason.rstrip(".")
        return f"Hint: {self.text}" + (f" — {reason[:1].lower()}{reason[1:]}." if reason else ".")


def strongest_level(levels: Iterable[str]) -> str:
    """The game's strongest bot level (the last of ``BOT_LEVELS`` it offers)."""
    offered = [lv for lv in BOT_LEVELS if lv in tuple(levels)]
    if not offered:
        raise ValueError("this game has no bots to ask for a hint")
    return offered[-1]


def hint_seed(session: Session, seat: int) -> str:
    """The hint bot's seed: the game's, the seat's, how far the game is (reproducible)."""
    return f"{session.bot_seed}:hint:{seat}"


def hint_bot(session: Session, seat: int) -> Any:
    """The bot whose choice is the hint for ``seat`` now."""
    level = strongest_level(session.game.bot_levels)
    return make_bot(
        session.game.id, level, seat, hint_seed(session, seat), iterations=HINT_ITERATIONS
    )


def hints_allowed(session: Session) -> bool:
    return session.meta.get("hints_allowed", True) is not False


def hints_used(meta: Mapping[str, Any], seat: int | None = None) -> int:
    """Hints used in a game (by ``seat``, or by everyone), from its notes."""
    used = meta.get("hints")
    if not isinstance(used, dict):
        return 0
    counts = [v for k, v in used.items() if isinstance(v, int) and (seat is None or k == str(seat))]
    return sum(counts)


def count_hint(session: Session, seat: int) -> None:
    used = session.meta.get("hints")
    used = dict(used) if isinstance(used, dict) else {}
    used[str(seat)] = int(used.get(str(seat), 0)) + 1
    session.meta["hints"] = used


def hints_line(session: Session) -> Html:
    """The results' line on hints ("" when none were used and hints were on)."""
    if not hints_allowed(session):
        return '<p class="pc-hints-used" data-testid="hints-used">Played without hints.</p>'
    total = hints_used(session.meta)
    if not total:
        return ""
    who = [
        f"{session.name(seat)} {hints_used(session.meta, seat)}"
        for seat in range(session.players)
        if hints_used(session.meta, seat)
    ]
    detail = f" ({', '.join(who)})" if len(who) > 1 else ""
    return (
        f'<p class="pc-hints-used" data-testid="hints-used">{esc(plural(total, "hint"))} used'
        f"{esc(detail)}.</p>"
    )


_TAG = re.compile(r"<[a-zA-Z][^>]*>")
_TAG_END = re.compile(r"/?>$")
_ATTR = re.compile(r'\sdata-(?:move|card)="([^"]*)"')


def mark_moves(html: Html, targets: Iterable[str]) -> Html:
    """``html`` with ``data-hint="true"`` on every element whose ``data-move`` or ``data-card``
    is one of ``targets`` (the move's elements, however a game draws them).

    >>> mark_moves('<button data-move="R7" data-card="R7">7</button><i data-card="G2">', ["R7"])
    '<button data-move="R7" data-card="R7" data-hint="true">7</button><i data-card="G2">'
    """
    wanted = {esc(t) for t in targets}
    if not wanted:
        return html

    def mark(tag: re.Match[str]) -> Html:
        text: Html = tag.group(0)  # a tag of ``html``: markup already
        if not any(m.group(1) in wanted for m in _ATTR.finditer(text)):
            return text
        return _TAG_END.sub(r' data-hint="true"\g<0>', text, count=1)

    return _TAG.sub(mark, html)
