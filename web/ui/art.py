"""Picante's own pictures, as inline SVG: the food symbols of the cards, the bot and human
markers, the trophy, the "hidden" eye, the toast and menu icons.

Emoji are empty boxes where no colour-emoji font is installed (Debian's Chromium, some phones),
so the UI draws none: every picture is a ``<symbol>`` in ``web/index.html`` (beside the game
icons, painted with the shell and cached offline with it), and this module writes references to
them. Pure Python; ``tests/test_art.py`` checks every name here has its symbol.

>>> icon("bot")  # doctest: +ELLIPSIS
'<svg class="art" viewBox="0 0 24 24" aria-hidden="true" ...><use href="#icon-bot"/></svg>'
>>> food("corn", "sym", label="Yellow")  # doctest: +ELLIPSIS
'<svg class="art sym" viewBox="0 0 24 24" role="img" ...><use href="#food-corn"/></svg>'
>>> food("tofu")  # not ours: nothing (the colour's name still shows)
''
"""

from __future__ import annotations

from .html import esc

# The food drawn for each colour's ``symbol`` (engine/jalapeno/cards.py: chili, avocado …).
FOODS = ("chili", "avocado", "corn", "bean", "cheese", "onion")
ICONS = (
    *("bot", "human", "trophy", "hidden", "warn", "info", "menu", "undo"),
    # the game bar's tools (ui.tools)
    *("back", "rules", "log", "sheet", "hint", "settings", "leave", "learn"),
)
GAMES = ("jalapeno", "nacho", "taco")  # the home cards' art, reused by in-app screens


def svg(symbol_id: str, cls: str = "", label: str | None = None, box: int = 24) -> str:
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


def food(symbol: str, cls: str = "", label: str | None = None) -> str:
    """A colour's food symbol; an unknown symbol draws nothing (the colour name still shows)."""
    return svg(f"food-{symbol}", cls, label) if symbol in FOODS else ""


def icon(name: str, cls: str = "", label: str | None = None) -> str:
    return svg(f"icon-{name}", cls, label)


def game_art(game_id: str, cls: str = "") -> str:
    """A game's icon from the home screen (96 × 96 drawing), or nothing for an unknown game."""
    return svg(f"art-{game_id}", cls, box=96) if game_id in GAMES else ""
