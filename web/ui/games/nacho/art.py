"""The Nacho Incident's pictures: the eight foods in their cube colours, the Mountie, the
gemstone, a gold coin and a smuggler card's back. No emoji anywhere (Debian's Chromium and some
phones have no colour-emoji font: they would be empty boxes): each picture is a ``<symbol
id="nacho-…">`` in this folder's art.svg, which the build writes into the page's sprite
(painted with the shell and cached offline with it); the platform's own (``ui.art``: bot,
trophy, menu) are reused.

A food's picture has its cube's colour *and* a shape of its own, and the food is also named in
words wherever it is shown (or in the accessible name): colour is never the only cue. Pictures
are decorative (``aria-hidden``) unless given a label.

>>> icon("gem")  # doctest: +ELLIPSIS
'<svg class="art nc-ico nc-ico-gem" viewBox="0 0 24 24" aria-hidden="true" ...#nacho-gem"/></svg>'
>>> food_icon("salsa")  # doctest: +ELLIPSIS
'<svg class="art nc-ico nc-ico-food-salsa" ...><use href="#nacho-food-salsa"/></svg>'
>>> icon("trophy")  # doctest: +ELLIPSIS
'<svg class="art nc-ico nc-ico-trophy" ...><use href="#icon-trophy"/></svg>'
"""

from __future__ import annotations

from ... import art

FOOD_CODES = ("grain", "beans", "pepper", "olive", "tortillas", "onion", "cream", "salsa")
NAMES = (*(f"food-{f}" for f in FOOD_CODES), "mountie", "gem", "coin", "back")
"""Drawn in art.svg as ``nacho-<name>`` (tests/test_ui_nacho.py checks each one)."""
SHARED = {"bot", "trophy", "menu"}  # the platform's ``icon-<name>``


def icon(name: str, cls: str = "", label: str | None = None) -> str:
    """A picture from the sprite: decorative unless ``label`` names it."""
    symbol = f"icon-{name}" if name in SHARED else f"nacho-{name}"
    classes = " ".join(["nc-ico", f"nc-ico-{name}", *([cls] if cls else [])])
    return art.svg(symbol, classes, label)


def food_icon(food: str, cls: str = "") -> str:
    """A food's picture (an unknown food: a card back, never an empty box)."""
    return icon(f"food-{food}" if food in FOOD_CODES else "back", cls)
