"""Short messages over the table: why a card can't be played, a save that couldn't load.

The toast lives in its own container outside the re-rendered screen, so a re-render never eats
it; ``ui.dom`` shows and hides it."""

from __future__ import annotations

from .art import icon
from .html import esc

TOAST_MS = 3200  # long enough to read a one-line rule


def toast_html(message: str, kind: str = "warn") -> str:
    return (
        f'<div class="toast {esc(kind)}" data-testid="toast" data-action="dismiss-toast">'
        f'<span class="toast-icon">{icon("warn" if kind == "warn" else "info")}</span>'
        f'<span class="toast-text">{esc(message)}</span></div>'
    )
