"""The game bar and its menu: every control of a table is a labelled tool with one meaning.

A table's header is ``GenericUI.game_bar(s, scene, progress)``: Back (leave: the game stays
saved), the game's title and where it stands, then the tools of the moment, each an icon *and*
a word (its accessible name is the word it shows):

- **Undo** while the engine's undo policy allows it (``Scene.undo``);
- **Hint** on a human's turn, when this game allows hints (``Scene.can_hint``);
- **Rules**, one tap from every table (the game's ``rules.py``: ``ui.sheets.rules_sheet``);
- **Menu**, which opens the menu sheet: Rules, **Log** (what happened, the whole game), the
  game's own sheets under their own names (``GenericUI.sheets``: "Score sheet", "Dish menu"),
  **Settings**, the tools other parts of the app add (``APP_TOOLS``: Share), and **Leave**.

On a wide screen (a tablet) the game's sheets and Log also sit in the bar itself, labelled; on
a phone they are one tap away in the menu. The actions the platform handles itself (the table
loop, ``ui.table.Table.on_tap``) are ``PLATFORM_ACTIONS``; a game's own sheet is a ``Tool``
with its ``dialog`` name, drawn by the game's ``GenericUI.dialog``.

A game declares its sheets as tools::

    class JalapenoUI(GenericUI):
        sheets = (Tool("scores", "Score sheet", "sheet", dialog="scores"),)

Pure: data -> HTML.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .art import icon
from .html import Html, attrs, esc


@dataclass(frozen=True)
class Tool:
    """One labelled control: ``action`` is its ``data-action``; ``label`` the word it shows
    (and its accessible name); ``icon`` a ``ui.art`` icon; ``dialog`` the sheet it opens (a
    game's own: drawn by ``GenericUI.dialog(s, scene, dialog)``), "" for a plain action."""

    action: str
    label: str
    icon: str = ""
    dialog: str = ""


# The platform's own tools (handled by ui.table.Table before any game sees the tap).
UNDO = Tool("undo", "Undo", "undo")
HINT = Tool("hint", "Hint", "hint")
RULES = Tool("rules", "Rules", "rules")
LOG = Tool("log", "Log", "log")
SETTINGS = Tool("settings", "Settings", "settings")
MENU = Tool("game-menu", "Menu", "menu")
LEAVE = Tool("home", "Leave", "leave")
PLATFORM_ACTIONS = frozenset({"game-menu", "rules", "log", "settings", "hint", "close-dialog"})

# Tools other parts of the app add to every game's menu, in order (the replay-share work adds
# Share here: ``APP_TOOLS.append(Tool("share", "Share", "share"))`` and handles its action in
# ``ui.table.Table.on_tap``). Empty today.
APP_TOOLS: list[Tool] = []


def game_sheets(sheets: Mapping[str, str] | Sequence[Tool]) -> tuple[Tool, ...]:
    """A game's sheets as tools. (A mapping action -> dialog, the older form, gets its action
    as its label until the game names it.)"""
    if isinstance(sheets, Mapping):
        return tuple(Tool(a, a.replace("-", " ").capitalize(), "", d) for a, d in sheets.items())
    return tuple(sheets)


def tool_button(tool: Tool, *, cls: str = "", testid: str | None = None) -> Html:
    """A tool as a button: its icon above its word. The word is the accessible name."""
    return (
        "<button"
        + attrs(
            type="button",
            class_=" ".join(["pc-tool", *([cls] if cls else [])]),
            data_action=tool.action,
            data_key=f"tool-{tool.action}" + (f"-{cls}" if cls else ""),
            data_testid=testid or f"tool-{tool.action}",
        )
        + ">"
        + (icon(tool.icon) if tool.icon else "")
        + f'<span class="pc-tool-label">{esc(tool.label)}</span></button>'
    )


def bar_tools(
    sheets: Iterable[Tool], *, undo: bool = False, hint: bool = False, extra: Html = ""
) -> Html:
    """The tools in a table's header: Undo and Hint when they apply, the game's sheets and Log
    on wide screens only (``pc-wide-only``), Rules, then Menu. ``extra``: a game's own
    controls, already labelled."""
    out = []
    if undo:
        out.append(tool_button(UNDO, testid="undo"))
    if hint:
        out.append(tool_button(HINT, testid="hint"))
    out.append(extra)
    for tool in (*sheets, LOG):
        out.append(tool_button(tool, cls="pc-wide-only", testid=f"bar-{tool.action}"))
    out.append(tool_button(RULES))
    out.append(tool_button(MENU))
    return f'<div class="pc-tools" role="group" aria-label="Game tools">{"".join(out)}</div>'


def game_bar(
    title: str,
    right: str = "",
    *,
    sheets: Iterable[Tool] = (),
    undo: bool = False,
    hint: bool = False,
    right_testid: str | None = "round",
    extra: Html = "",
) -> Html:
    """A table's header: Back, the title, a short note ("Round 2 of 5"), the tools."""
    testid = attrs(data_testid=right_testid) if right_testid else ""
    return (
        '<header class="pc-bar pc-game-bar" data-area="bar">'
        '<button type="button" class="pc-icon pc-back" data-action="home" data-key="home"'
        f' aria-label="Leave the game">{icon("back")}</button>'
        '<div class="pc-heading">'
        f'<h1 class="pc-title">{esc(title)}</h1>'
        f'<span class="pc-round"{testid}>{esc(right)}</span>'
        "</div>" + bar_tools(sheets, undo=undo, hint=hint, extra=extra) + "</header>"
    )


def menu_sheet(title: str, sheets: Iterable[Tool]) -> Html:
    """The menu: every tool of the table, labelled, one per row."""
    rows = [RULES, LOG, *sheets, SETTINGS, *APP_TOOLS, LEAVE]
    items = "".join(
        "<li>" + tool_button(t, cls="pc-menu-item", testid=f"menu-{t.action}") + "</li>"
        for t in rows
    )
    return sheet_frame(
        "game-menu",
        f"{title}: menu",
        f'<ul class="pc-menu" data-testid="game-menu">{items}</ul>',
        heading="Menu",
    )


def sheet_frame(
    name: str, label: str, body: Html, *, heading: str = "", wide: bool = False
) -> Html:
    """A sheet over the table (a fixed layer, ``role=dialog``), closed by its Close button, a
    tap on the backdrop or Escape: the one frame of the platform's sheets (menu, rules, log)
    and of any game's own. ``name`` gives its test id (``sheet-<name>``)."""
    head = heading or label
    return (
        '<div class="sheet-backdrop pc-sheet-backdrop" data-action="close-dialog"'
        f' data-key="sheet-backdrop-{esc(name)}"></div>'
        "<section"
        + attrs(
            class_="sheet pc-sheet" + (" wide" if wide else ""),
            role="dialog",
            aria_modal="true",
            aria_label=label,
            data_testid=f"sheet-{name}",
            data_key=f"sheet-{name}",
        )
        + ">"
        + '<div class="pc-sheet-head">'
        + f"<h2>{esc(head)}</h2>"
        + '<button type="button" class="btn pc-close" data-action="close-dialog"'
        ' data-key="close-dialog" data-testid="close-sheet" autofocus>Close</button>'
        + "</div>"
        + body
        + "</section>"
    )
