"""Picante's own pictures, as inline SVG: the platform's icons (bot and human markers, the
trophy, the "hidden" eye, the toast, menu and undo icons) and the ``<use>`` reference every
picture is drawn with.

Emoji are empty boxes where no colour-emoji font is installed (Debian's Chromium, some phones),
so the UI draws none: every picture is a ``<symbol>`` of the page's sprite, painted with the
shell and cached offline with it. The platform's are in ``web/index.html``; each game's are in
its own folder, ``web/ui/games/<id>/art.svg`` (its home card's ``art-<id>`` and its screens'
``<id>-...``), which the build writes into the sprite, and the game's own ``art`` module refers
to them through ``svg``. Pure Python; ``tests/test_art.py`` checks that every picture a screen
uses is drawn.

>>> icon("bot")  # doctest: +ELLIPSIS
'<svg class="art" viewBox="0 0 24 24" aria-hidden="true" ...><use href="#icon-bot"/></svg>'
>>> svg("art-taco", "big", label="Crazy Taco", box=96)  # doctest: +ELLIPSIS
'<svg class="art big" viewBox="0 0 96 96" role="img" aria-label="Crazy Taco"><use href=...'
"""

from __future__ import annotations

from .html import Html, esc

ICONS = (
    *("bot", "human", "trophy", "hidden", "warn", "info", "menu", "undo"),
    # the game bar's tools (ui.tools)
    *("back", "rules", "log", "sheet", "hint", "settings", "leave", "learn"),
)


def svg(symbol_id: str, cls: str = "", label: str | None = None, box: int = 24) -> Html:
    """``<svg><use href="#symbol_id"/></svg>``: decorative (hidden from screen readers) unless
    ``label`` names it. Size it in CSS (``.art`` is 1em square)."""
    classes = f"art {cls}".strip()
    a11y = (
        f' role="img" aria-label="{esc(label)}"'
        if label
        else ' aria-hidden="true" focusable="false"'
    )
    return (
        f'<svg class="{esc(classes)}" viewBox="0 0 {box} {box}"{a11y}>'
        f'<use href="#{esc(symbol_id)}"/></svg>'
    )


def icon(name: str, cls: str = "", label: str | None = None) -> Html:
    """One of the platform's icons (``ICONS``)."""
    return svg(f"icon-{name}", cls, label)
