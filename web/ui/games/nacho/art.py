"""The Nacho Incident's pictures as our own inline SVG ``<symbol>``s: the eight foods, the
Mountie's hat, the gemstone, a gold coin, a bot and a face-down card. No emoji anywhere (some
phones and Debian's Chromium have no colour-emoji font: they would be empty boxes).

Every screen carries the sprite once (``sprite()``) and refers to it with ``<use>``
(``icon()``); a picture is always next to a word or inside an element with an accessible name,
so it is ``aria-hidden``. Food pictures have their cube's colour *and* a shape of their own, and
a food is also named in words wherever it is shown: colour is never the only cue.
"""

from __future__ import annotations

from ...html import esc

# One symbol per food (the engine's food codes), 24 x 24. The cube colours are the rulebook's:
# "yellow = grain, brown = beans, green = pepper, black = olive, blue = tortillas,
# purple = onion, white = sour cream, red = salsa".
_FOODS = {
    "grain": (
        '<path fill="#5f9a2c" d="M6 21c1-6 2-9 6-10-1 4-2 7-6 10zM18 21c-1-6-2-9-6-10 1 4 2 7 6'
        ' 10z"/>'
        '<ellipse cx="12" cy="10" rx="4.6" ry="8" fill="#f2c418" stroke="#a67c00"'
        ' stroke-width="1.2"/>'
        '<path stroke="#a67c00" stroke-width="1" d="M8 7h8M7.6 10h8.8M8 13h8M10 3.5v13M14 3.5v13"/>'
    ),
    "beans": (
        '<path fill="#7a4a24" stroke="#3e220e" stroke-width="1.2" d="M4 10c0-5 8-6 9-2 1 3 6 1 6 5'
        ' 0 5-9 6-10 3-1-2-5-1-5-6z"/>'
        '<path fill="none" stroke="#c9956a" stroke-width="1.3" stroke-linecap="round"'
        ' d="M7 9c1-1 3-1 4 0"/>'
    ),
    "pepper": (
        '<path fill="#3f8a2a" stroke="#1f4d12" stroke-width="1.2" d="M12 7c-4-2-8 0-8 5 0 6 3 9 5'
        ' 9 1.5 0 2-1 3-1s1.5 1 3 1c2 0 5-3 5-9 0-5-4-7-8-5z"/>'
        '<path fill="none" stroke="#1f4d12" stroke-width="2" stroke-linecap="round" d="M12 7c0-2'
        ' 1-4 3-4"/>'
        '<path fill="none" stroke="#9fd27a" stroke-width="1.2" stroke-linecap="round" d="M7 11c0 3'
        ' 1 5 2 6"/>'
    ),
    "olive": (
        '<ellipse cx="12" cy="13" rx="6.5" ry="8" fill="#26221f" stroke="#000" stroke-width="1"/>'
        '<ellipse cx="12" cy="9.5" rx="2.4" ry="2" fill="#d6423a"/>'
        '<path fill="none" stroke="#8a8580" stroke-width="1.2" stroke-linecap="round" d="M8.5 14c0'
        ' 2 1 4 2.5 5"/>'
    ),
    "tortillas": (
        '<ellipse cx="12" cy="15" rx="9.5" ry="4.5" fill="#244f9e" stroke="#12295a"'
        ' stroke-width="1"/>'
        '<ellipse cx="12" cy="12" rx="9.5" ry="4.5" fill="#2f62c4" stroke="#12295a"'
        ' stroke-width="1"/>'
        '<circle cx="9" cy="11.5" r=".9" fill="#9db8ef"/><circle cx="14" cy="10.5" r=".9"'
        ' fill="#9db8ef"/>'
        '<circle cx="15" cy="13.5" r=".9" fill="#9db8ef"/>'
    ),
    "onion": (
        '<path fill="#7b3fa0" stroke="#3f1c57" stroke-width="1.2" d="M12 4c1 3 7 5 7 11 0 4-3 6-7'
        ' 6s-7-2-7-6c0-6 6-8 7-11z"/>'
        '<path fill="none" stroke="#c8a2de" stroke-width="1.1" d="M12 7c-2 3-3 7-2 13M12 7c2 3 3 7'
        ' 2 13"/>'
        '<path stroke="#3f1c57" stroke-width="1.4" stroke-linecap="round" d="M10.5 21.5h3"/>'
    ),
    "cream": (
        '<path fill="#ffffff" stroke="#8c8373" stroke-width="1.2" d="M5 11h14l-1.5 9h-11z"/>'
        '<path fill="#f7f4ec" stroke="#8c8373" stroke-width="1.2" d="M6 11c0-3 2-4 4-4 0-2 2-3 3-2'
        ' 2 0 3 2 2 3 2 0 3 1 3 3z"/>'
        '<path stroke="#8c8373" stroke-width="1" d="M7 14h10"/>'
    ),
    "salsa": (
        '<path fill="#c62828" stroke="#6e1010" stroke-width="1.2" d="M3 11h18c0 6-4 9-9'
        ' 9s-9-3-9-9z"/>'
        '<path fill="#e8574a" d="M5 11c1-2 3-3 5-2 2-2 4-2 6 0 2-1 3 0 3 2z"/>'
        '<circle cx="9" cy="15" r="1" fill="#ffd2cc"/><circle cx="14" cy="16" r="1"'
        ' fill="#ffd2cc"/>'
    ),
}

_OTHERS = {
    # The Mountie's campaign hat over a red tunic collar: a Mountie at any size.
    "mountie": (
        '<path fill="#c62828" d="M5 22c0-4 3-6 7-6s7 2 7 6z"/>'
        '<path fill="#6b4226" stroke="#3b2314" stroke-width="1" d="M2 12.5c0-1 4-1.6 10-1.6s10 .6'
        ' 10 1.6-4 1.7-10 1.7-10-.7-10-1.7z"/>'
        '<path fill="#8a5a34" stroke="#3b2314" stroke-width="1" d="M7.5 11.5c0-5 2-8 4.5-8s4.5 3'
        ' 4.5 8z"/>'
        '<path fill="none" stroke="#3b2314" stroke-width="1" d="M10 4.5l2 3 2-3"/>'
        '<path fill="#f3c9a0" d="M9 14h6v2.5a3 3 0 0 1-6 0z"/>'
    ),
    "gem": (
        '<path fill="#19a3a3" stroke="#0b5c5c" stroke-width="1.2" stroke-linejoin="round"'
        ' d="M7 4h10l4 5-9 12L3 9z"/>'
        '<path fill="none" stroke="#0b5c5c" stroke-width="1" stroke-linejoin="round"'
        ' d="M3 9h18M7 4l2 5 3 12 3-12 2-5M9 9l3-5 3 5"/>'
        '<path fill="#bff3f0" d="M8 5h3l-2 3.5z"/>'
    ),
    "coin": (
        '<circle cx="12" cy="12" r="9.5" fill="#f2b705" stroke="#9a6b00" stroke-width="1.4"/>'
        '<circle cx="12" cy="12" r="6.5" fill="none" stroke="#9a6b00" stroke-width="1"/>'
        '<path fill="#9a6b00" d="M11 8h2v8h-2z"/>'
    ),
    "bot": (
        '<rect x="4" y="7" width="16" height="12" rx="3" fill="currentColor"/>'
        '<circle cx="9" cy="13" r="1.8" fill="var(--surface, #fff)"/>'
        '<circle cx="15" cy="13" r="1.8" fill="var(--surface, #fff)"/>'
        '<path stroke="currentColor" stroke-width="2" stroke-linecap="round" d="M12 7V3.5"/>'
        '<circle cx="12" cy="3" r="1.6" fill="currentColor"/>'
    ),
    "back": (
        '<rect x="5" y="2.5" width="14" height="19" rx="2.5" fill="#c62828" stroke="#5b3a24"'
        ' stroke-width="1.2"/>'
        '<path fill="none" stroke="#f6ead0" stroke-width="1.2" d="M8 6l8 12M16 6 8 18"/>'
    ),
    "trophy": (
        '<path fill="#f2b705" stroke="#9a6b00" stroke-width="1.2" stroke-linejoin="round"'
        ' d="M7 3h10v5a5 5 0 0 1-10 0zM10.5 13h3v4h-3zM7 20c0-2 2-3 5-3s5 1 5 3z"/>'
        '<path fill="none" stroke="#9a6b00" stroke-width="1.5" d="M7 5H4c0 3 1 5 3.5 5.5M17 5h3'
        'c0 3-1 5-3.5 5.5"/>'
    ),
    "log": (
        '<path stroke="currentColor" stroke-width="2.2" stroke-linecap="round"'
        ' d="M5 6h14M5 12h14M5 18h9"/>'
    ),
}

FOOD_CODES = tuple(_FOODS)


def symbol_id(name: str) -> str:
    return f"nc-{name}"


def sprite() -> str:
    """Every symbol, once per screen (a screen is replaced whole, so it carries its own)."""
    symbols = {**{f"food-{k}": v for k, v in _FOODS.items()}, **_OTHERS}
    body = "".join(
        f'<symbol id="{symbol_id(name)}" viewBox="0 0 24 24">{paths}</symbol>'
        for name, paths in symbols.items()
    )
    return (
        '<svg class="nc-sprite" width="0" height="0" aria-hidden="true" focusable="false">'
        f"<defs>{body}</defs></svg>"
    )


def icon(name: str, cls: str = "") -> str:
    """A picture from the sprite; decorative (the words next to it say what it is)."""
    classes = " ".join(["nc-ico", f"nc-ico-{name}", *([cls] if cls else [])])
    return (
        f'<svg class="{esc(classes)}" aria-hidden="true" focusable="false">'
        f'<use href="#{symbol_id(name)}"></use></svg>'
    )


def food_icon(food: str, cls: str = "") -> str:
    return icon(f"food-{food}" if food in _FOODS else "back", cls)
