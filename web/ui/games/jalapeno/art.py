"""Jalape-NO!'s pictures: the food of each card colour (``engine/jalapeno/cards.py``: chili,
avocado, ...), drawn in its own colours as ``<symbol id="jalapeno-food-…">`` in this folder's
art.svg (the build writes it into the page's sprite). A card also says its colour in words, so
colour is never the only cue.

>>> food("corn", "jp-sym", label="Yellow")  # doctest: +ELLIPSIS
'<svg class="art jp-sym" viewBox="0 0 24 24" role="img" ...><use href="#jalapeno-food-corn"/></svg>'
>>> food("tofu")  # not ours: nothing (the colour's name still shows)
''
"""

from __future__ import annotations

from ...art import svg
from ...html import Html

FOODS = ("chili", "avocado", "corn", "bean", "cheese", "onion")


def food(symbol: str, cls: str = "", label: str | None = None) -> Html:
    """A colour's food; an unknown one draws nothing (the colour's name still shows)."""
    return svg(f"jalapeno-food-{symbol}", cls, label) if symbol in FOODS else ""
