"""The platform's sheets over a table: the game's Rules and the Log of what happened, and the
refusal toast that links a refused move to the rule that forbids it.

- Rules: the game's ``RULES`` (``ui/games/<id>/rules.py``, format in ``ui.rules``), every
  section in order; opened on one section (``focus``, a section key) when a refusal's toast
  is followed ("Why? — Following suit"). Sections are anchored ``rule-<key>`` inside the sheet.
- Log: one line per narrated event of the whole game, oldest first, grouped by the action that
  caused them (``GenericUI.narrate`` says each; a game may draw its own ``log_sheet``).

Pure: data -> HTML.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence

from .art import icon
from .html import Html, attrs, esc
from .rules import Paragraph, Section
from .tools import sheet_frame

LOG_SHOWN = 400  # lines: a long game's log keeps its latest ones (the sheet scrolls)


def game_rules(module: str) -> tuple[Section, ...]:
    """``RULES`` of a game's UI package (``<module>.rules``); () if it has none (the generic
    UI of a test game)."""
    try:
        found = importlib.import_module(f"{module}.rules")
    except ModuleNotFoundError:
        return ()
    return tuple(getattr(found, "RULES", ()))


def _paragraph(p: Paragraph) -> Html:
    if isinstance(p, tuple):
        return "<ul>" + "".join(f"<li>{esc(item)}</li>" for item in p) + "</ul>"
    return f"<p>{esc(p)}</p>"


def rules_sheet(title: str, sections: Sequence[Section], focus: str | None = None) -> Html:
    """The game's rules in a sheet; ``focus``: the key of the section to open on (it is
    marked, and ``ui.dom.scroll_into_view`` brings it up)."""
    if not sections:
        body = f"<p>{esc(title)} has no rules written in the app yet.</p>"
    else:
        toc = "".join(
            f'<li><a href="#rule-{esc(s.key)}" data-action="rules" data-move="{esc(s.key)}"'
            f' data-key="toc-{esc(s.key)}">{esc(s.title)}</a></li>'
            for s in sections
        )
        body = f'<nav class="pc-rules-toc" aria-label="Sections"><ol>{toc}</ol></nav>' + "".join(
            "<section"
            + attrs(
                class_="pc-rule" + (" focus" if s.key == focus else ""),
                id=f"rule-{s.key}",
                data_key=f"rule-{s.key}",
                data_rules=" ".join(s.rules) or None,
                tabindex="-1",
            )
            + ">"
            + (
                '<p class="pc-rule-why">'
                + icon("info")
                + " This is the rule that stopped your move.</p>"
                if s.key == focus
                else ""
            )
            + f"<h3>{esc(s.title)}</h3>"
            + "".join(_paragraph(p) for p in s.paragraphs)
            + "</section>"
            for s in sections
        )
    return sheet_frame(
        "rules",
        f"Rules of {title}",
        f'<div class="pc-rules" data-testid="rules">{body}</div>',
        heading=f"Rules of {title}",
        wide=True,
    )


def log_sheet(title: str, groups: Iterable[Sequence[str]]) -> Html:
    """What happened: each action's lines, oldest first (the latest at the bottom, in view)."""
    lines = [line for group in groups for line in group if line]
    shown = lines[-LOG_SHOWN:]
    cut = (
        f'<p class="sheet-note">The first {len(lines) - len(shown)} lines are left out.</p>'
        if len(shown) < len(lines)
        else ""
    )
    items = "".join(f"<li>{esc(line)}</li>" for line in shown)
    body = (
        cut + f'<ol class="pc-log" data-testid="log" data-scroll-key="log">{items}</ol>'
        if items
        else '<p class="sheet-note" data-testid="log">Nothing has happened yet.</p>'
    )
    return sheet_frame("log", f"{title}: what happened", body, heading="What happened")


def rule_link(section: Section) -> Html:
    """The toast's link to the rule: opens the Rules sheet on that section."""
    return (
        '<button type="button" class="toast-link" data-action="rules"'
        f' data-move="{esc(section.key)}" data-testid="toast-rule">'
        f"Rule: {esc(section.title)}</button>"
    )
