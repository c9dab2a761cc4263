"""The pass-and-play privacy cover. While it is up it is the ONLY thing rendered in the game
root: no hand, no view of anyone's cards is anywhere in the DOM underneath it."""

from __future__ import annotations

from .art import icon
from .html import esc


def privacy_cover(name: str, game_title: str = "") -> str:
    """A full-screen button: tapping it (or Enter/Space) reveals ``name``'s hand."""
    label = f"Pass the device to {name} — tap when ready"
    return (
        '<section class="privacy" data-testid="privacy" aria-label="Privacy screen">'
        '<button type="button" class="pc-icon privacy-home" data-action="home" data-key="home"'
        ' aria-label="Back to home"><span aria-hidden="true">‹</span></button>'
        # The game's name sits outside the button: the button's visible words are then part of
        # its accessible name (axe: label-content-name-mismatch).
        f'<p class="pv-game">{esc(game_title)}</p>'
        '<button type="button" class="privacy-go" data-action="reveal" data-key="reveal"'
        f' data-testid="privacy-ready" aria-label="{esc(label)}" autofocus>'
        f'<span class="pv-icon" aria-hidden="true">{icon("hidden")}</span>'
        # (Spaces between the words' boxes: their text reads as words, not "toAnaTap".)
        '<span class="pv-title" aria-hidden="true">Pass the device to '
        f"<strong>{esc(name)}</strong></span> "
        '<span class="pv-sub" aria-hidden="true">Tap when ready</span>'
        "</button></section>"
    )
