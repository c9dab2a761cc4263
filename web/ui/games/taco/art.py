"""Crazy Taco's pictures: the five dice faces, the cards, the board's places. No emoji anywhere
(Debian's Chromium and some phones have no colour-emoji font): each picture is a ``<symbol
id="taco-…">`` in this folder's art.svg, which the build writes into the page's sprite (painted
with the shell and cached offline with it); the platform's own (``ui.art``: menu, bot, trophy)
are reused. Each picture has its own shape, so colour is never the only difference, and every
use beside a number also says it in words for screen readers. Pure: strings only.

>>> icon("food")  # doctest: +ELLIPSIS
'<svg class="art tc-ico tc-i-food" ... aria-hidden="true" ...><use href="#taco-food"/></svg>'
>>> face_icon("$", label="money")  # doctest: +ELLIPSIS
'<svg ... role="img" aria-label="money"><use href="#taco-money"/></svg>'
>>> icon("trophy")  # doctest: +ELLIPSIS
'<svg class="art tc-ico tc-i-trophy" ...><use href="#icon-trophy"/></svg>'
"""

from __future__ import annotations

from ... import art

# Dice faces (engine notation) -> picture.
FACE_ICON = {"$": "money", "F": "food", "D": "drink", "B": "blank", "Z": "rest"}

NAMES = (
    *FACE_ICON.values(),
    "star",
    "star-empty",
    "task",
    "cleaning",
    "free-time",
    "voucher",
    "key",
    "pinata",
    "vip",
    "pickpocket",
    "terminal",
    "welcome",
    "customer",
    "extra",
    "inspection",
    "door",
    "bed",
    "fine",
    "cash",
    "deck",
    "clock",
    "served",
    "paid",
    "closed",
)
"""Drawn in art.svg as ``taco-<name>`` (tests/test_taco_ui.py checks each one)."""
SHARED = {"menu", "bot", "trophy"}  # the platform's ``icon-<name>``


def icon(name: str, label: str | None = None, cls: str = "") -> str:
    """A picture from the sprite: decorative unless ``label`` names it."""
    symbol = f"icon-{name}" if name in SHARED else f"taco-{name}"
    classes = " ".join(["tc-ico", f"tc-i-{name}", *([cls] if cls else [])])
    return art.svg(symbol, classes, label)


def face_icon(face: str, label: str | None = None, cls: str = "") -> str:
    """A die face's picture ("" for a die showing nothing)."""
    name = FACE_ICON.get(face)
    return icon(name, label, cls) if name else ""
