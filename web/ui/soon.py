"""Friendly placeholders for the games that are not built yet: never a dead end."""

from __future__ import annotations

from .art import game_art
from .html import esc

GAMES = {
    "nacho": (
        "The Nacho Incident",
        "Smuggle food across four provinces, keep your cantinas stocked and stay one step"
        " ahead of the Mounties. 2–4 players.",
    ),
    "taco": (
        "Crazy Taco",
        "Run a taco stand with a crew of dice: serve every customer before their patience"
        " runs out. Solo, or one against one.",
    ),
}


def coming_soon(game_id: str) -> str:
    title, blurb = GAMES.get(game_id, ("This game", "We could not find this game in the app."))
    return (
        '<section class="pc-soon" data-testid="coming-soon" aria-labelledby="soon-title">'
        '<header class="pc-bar">'
        '<button type="button" class="pc-icon" data-action="home" data-key="home"'
        ' aria-label="Back to home"><span aria-hidden="true">‹</span></button>'
        f'<h1 class="pc-title" id="soon-title">{esc(title)}</h1><span class="pc-round"></span>'
        "</header>"
        '<div class="soon-body">'
        f'<div class="soon-art">{game_art(game_id)}</div>'
        "<h2>Coming soon</h2>"
        f"<p>{esc(blurb)}</p>"
        "<p>It is still in the kitchen. Meanwhile, Jalape-NO! is ready to play.</p>"
        "</div>"
        '<div class="actions">'
        '<button type="button" class="btn primary wide" data-action="home" data-key="back"'
        ' data-testid="back" autofocus>Back to the games</button>'
        "</div></section>"
    )
