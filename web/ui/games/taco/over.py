"""The end of a Crazy Taco game: won or lost (1 vs 1: which side), why, the score and how the
restaurant stood at closing, and the last turn as it happened. Pure: view -> HTML string.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...chrome import bar, over_actions
from ...html import esc
from .art import icon
from .text import REASON, ROLE

if TYPE_CHECKING:
    from ...session import Session


def headline(s: Session, view: Mapping[str, Any]) -> str:
    result = view["result"]
    if view["mode"] == "solo":
        if result == "won":
            return "Crazy Taco survived the day!" if s.you is None else "You kept Crazy Taco open!"
        return "Crazy Taco closed its doors"
    side = 0 if result == "manager" else 1
    return f"{s.subject(side)} ({ROLE[side]}) {s.verb(side, 'win')}!"


def over_status(s: Session, view: Mapping[str, Any]) -> str:
    text = headline(s, view)
    if view["mode"] == "solo":
        return f"{text} Score {view['score']}"
    return text


def score_parts(view: Mapping[str, Any]) -> str:
    """The solo score, written out (engine.taco.state.score: won, then cash, then popularity)."""
    won = "won" if view["result"] == "won" else "lost"
    net = max(view["cash"] - view["fines"], 0)
    return f"{won} · ${net} · {view['popularity']['value']} popularity"


def summary(view: Mapping[str, Any]) -> str:
    pop = view["popularity"]
    rows: list[tuple[str, str, str]] = []
    if view["mode"] == "solo":
        rows.append(("score", "Score", f"{view['score']} ({score_parts(view)})"))
    rows += [
        ("turns", "Turns played", str(view["turn"])),
        ("popularity", "Popularity", f"{pop['value']} of {pop['max']}"),
        ("cash", "Cash", f"${view['cash']}"),
    ]
    if view["fines"]:
        rows.append(("fines", "Unpaid fines", f"${view['fines']}"))
    rows.append(
        ("hours", "Extra hours", f"{view['overtime']['used']} of {view['overtime']['max']}")
    )
    rows.append(("left", "Customer cards left", str(view["cards_left"])))
    if view["extra"]:
        rows.append(("extra", "Extra in play", view["extra"]["name"]))
    return (
        '<dl class="tc-summary" data-testid="summary">'
        + "".join(
            f'<div data-row="{esc(key)}"><dt>{esc(name)}</dt><dd>{esc(value)}</dd></div>'
            for key, name, value in rows
        )
        + "</dl>"
    )


def game_over(s: Session, view: Mapping[str, Any], last_turn: Sequence[str]) -> str:
    good = view["result"] == "won" or (
        view["mode"] == "versus" and view["winners"] and view["winners"][0] == s.you
    )
    picture = icon("trophy" if good else "closed", cls="tc-over-art")
    reason = REASON.get(view["reason"] or "", "")
    lines = "".join(f"<li>{esc(line)}</li>" for line in last_turn if line)
    return (
        '<section class="pc-over tc-over" data-testid="game-over"'
        ' aria-labelledby="over-title">'
        + bar("Crazy Taco", "Game over")
        + '<div class="over-body">'
        + f'<div class="tc-over-pic" aria-hidden="true">{picture}</div>'
        + f'<h2 id="over-title" data-testid="winner">{esc(headline(s, view))}</h2>'
        + (
            f'<p class="sheet-note" data-testid="reason">{esc(reason.capitalize())}.</p>'
            if reason
            else ""
        )
        + summary(view)
        + (
            f'<h3>The last turn</h3><ol class="tc-log-list" data-testid="last-turn">{lines}</ol>'
            if lines
            else ""
        )
        + "</div>"
        + over_actions()
        + "</section>"
    )
