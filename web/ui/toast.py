"""Short messages over the table: why a card can't be played, a save that couldn't load.

The toast lives in its own container outside the re-rendered screen, so a re-render never eats
it; ``ui.dom`` shows and hides it. A refused move's toast carries a link to the rule that
forbids it (``ui.sheets.rule_link``) and stays up longer, so that there is time to follow it."""

from __future__ import annotations

from .art import icon
from .html import Html, esc

TOAST_MS = 3200  # long enough to read a one-line rule
TOAST_LINK_MS = 6000  # with a link to follow


def toast_html(message: str, kind: str = "warn", link: Html = "") -> Html:
    return (
        f'<div class="toast {esc(kind)}" data-testid="toast" data-action="dismiss-toast">'
        f'<span class="toast-icon">{icon("warn" if kind == "warn" else "info")}</span>'
        f'<span class="toast-text">{esc(message)}</span>{link}</div>'
    )
