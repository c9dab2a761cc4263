"""The pieces every game's screens share, written once: the header bar with Back, the
tap-to-continue result banner, the game-over headline. (The pass-the-device cover is
``ui.privacy``, toasts ``ui.toast``, the setup form ``ui.setup``.) Pure: data -> HTML string.
"""

from __future__ import annotations

from .art import icon
from .html import Html, esc

BACK = (
    '<button type="button" class="pc-icon" data-action="home" data-key="home"'
    ' aria-label="Back to home"><span aria-hidden="true">‹</span></button>'
)


SHARE_TOOL = (
    '<button type="button" class="btn wide pc-share" data-action="share" data-key="share-tool"'
    f' data-testid="menu-share">{icon("share")} Share this game</button>'
)
SHEET_END = "</section></div>"


def with_share(sheet: Html) -> Html:
    """A game's own menu sheet (the score sheet, what just happened, the menu: games whose bar
    is not yet the platform's ``ui.tools.game_bar``, whose Menu has Share) with "Share this
    game" last in it. Such a sheet ends with its section and backdrop (``SHEET_END``); any
    other is left as it is."""
    if not sheet.endswith(SHEET_END):
        return sheet
    return sheet[: -len(SHEET_END)] + SHARE_TOOL + SHEET_END


def bar(title: str, right: str = "", *, right_testid: str | None = None, tools: Html = "") -> Html:
    """The header: Back, the game's title, a short note on the right ("Round 2 of 5"), and
    optional icon buttons (``tools``, e.g. the score sheet)."""
    testid = f' data-testid="{esc(right_testid)}"' if right_testid else ""
    return (
        '<header class="pc-bar">'
        + BACK
        + f'<h1 class="pc-title">{esc(title)}</h1>'
        + f'<span class="pc-round"{testid}>{esc(right)}</span>'
        + tools
        + "</header>"
    )


def result_banner(body: Html, *, testid: str, cls: str = "", hint: str = "Tap to continue") -> Html:
    """What just happened, over the table, until a tap (or its time is up). ``body`` is HTML,
    already escaped; the whole banner is one big button."""
    classes = " ".join(["pc-banner", *([cls] if cls else [])])
    return (
        f'<button type="button" class="{esc(classes)}" data-action="dismiss" data-key="dismiss"'
        f' data-testid="{esc(testid)}">' + body + f"<small>{esc(hint)}</small></button>"
    )


def winners_headline(sentence: str, note: str = "") -> str:
    """The top of a game-over screen: the trophy, who won, and how winning is counted."""
    return (
        f'<div class="trophy">{icon("trophy")}</div>'
        f'<h2 id="over-title" data-testid="winner">{esc(sentence)}</h2>'
        + (f'<p class="sheet-note">{esc(note)}</p>' if note else "")
    )


OVER_NOTE = '<p class="over-note" data-over-note hidden></p>'
"""Where an end screen says more about this game (a challenge's two results, ``ui.linking``)."""


def over_actions() -> str:
    """Play again (same seats, a fresh game) or back to the setup; watch the game again or
    share it (``ui.replay``, ``ui.share``)."""
    return (
        OVER_NOTE + '<div class="actions">'
        '<div class="over-more">'
        '<button type="button" class="btn" data-action="replay" data-key="replay"'
        ' data-testid="replay-open">Replay</button>'
        '<button type="button" class="btn" data-action="share" data-key="share"'
        ' data-testid="share-open">Share</button>'
        "</div>"
        '<button type="button" class="btn primary wide" data-action="play-again"'
        ' data-key="play-again" data-testid="play-again" autofocus>Play again</button>'
        '<button type="button" class="btn wide" data-action="setup" data-key="setup">'
        "Change players</button>"
        "</div>"
    )
