"""Friendly placeholders for the games that are not built yet: never a dead end. What they say
is the announcement in ``ui.games`` (the same data as their home card)."""

from __future__ import annotations

from .chrome import bar
from .games import Announcement
from .html import esc


def coming_soon(soon: Announcement | None) -> str:
    title = soon.title if soon else "This game"
    blurb = soon.blurb if soon else "We could not find this game in the app."
    art = (
        f'<svg class="soon-art" viewBox="0 0 96 96"><use href="#{esc(soon.art)}"/></svg>'
        if soon and soon.art
        else ""
    )
    return (
        '<section class="pc-soon" data-testid="coming-soon" aria-label="'
        + esc(title)
        + '">'
        + bar(title)
        + '<div class="soon-body">'
        f'<div class="soon-emoji" aria-hidden="true">{art}</div>'
        "<h2>Coming soon</h2>"
        f"<p>{esc(blurb)}</p>"
        "<p>It is still in the kitchen — meanwhile, pick another game.</p>"
        "</div>"
        '<div class="actions">'
        '<button type="button" class="btn primary wide" data-action="home" data-key="back"'
        ' data-testid="back" autofocus>Back to the games</button>'
        "</div></section>"
    )
