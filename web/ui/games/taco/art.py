"""Crazy Taco's pictures as inline SVG ``<symbol>``s: the five dice faces, the bonus cards, the
characters, the board's places. No emoji anywhere (Debian's Chromium and some phones have no
colour-emoji font). Each picture has its own shape, so colour is never the only difference, and
every use of one beside a number also says it in words for screen readers.

The sprite is written once at the top of each Crazy Taco screen (``SPRITE``); ``icon`` refers
to it. Pure: strings only.

>>> icon("food")  # doctest: +ELLIPSIS
'<svg class="tc-ico tc-i-food" ... aria-hidden="true" ...><use href="#tc-food"/></svg>'
>>> face_icon("$", label="money")  # doctest: +ELLIPSIS
'<svg class="tc-ico tc-i-money" ... role="img" aria-label="money"><use href="#tc-money"/></svg>'
"""

from __future__ import annotations

from ...html import esc

# Dice faces (engine notation) -> picture.
FACE_ICON = {"$": "money", "F": "food", "D": "drink", "B": "blank", "Z": "rest"}

_SYMBOLS = {
    # Money: a banknote with a coin in the middle.
    "money": (
        '<rect x="1.5" y="5.5" width="21" height="13" rx="2.5" fill="#2f7d32" stroke="#1b4d1d"/>'
        '<rect x="4" y="8" width="16" height="8" rx="1.5" fill="none" stroke="#cfe8c4"'
        ' stroke-width="1"/>'
        '<circle cx="12" cy="12" r="3.4" fill="#e6f4da"/>'
        '<path d="M12 9.6v4.8M13.3 10.6c-.5-.6-2.6-.7-2.6.4s2.6.6 2.6 1.8-2.1 1-2.6.4" fill="none"'
        ' stroke="#1b4d1d" stroke-width="1" stroke-linecap="round"/>'
    ),
    # Food: a taco (shell, lettuce, tomato).
    "food": (
        '<path d="M4 14.5c1-2.3 2.8-2.2 3.6-3.6 1.3 1.2 2.4-1 4-.4 1.3-1.3 2.9.3 4.2-.6 1.3 1.2'
        ' 2.6.1 3.9 1.4.9.2 1.5 1.4 2.1 3.2z" fill="#5c9e2e"/>'
        '<circle cx="8.5" cy="11.6" r="1.3" fill="#d63a2f"/><circle cx="13.6" cy="10.8" r="1.3"'
        ' fill="#d63a2f"/>'
        '<path d="M2 14h20a10 7 0 0 1-20 0z" fill="#f2b705" stroke="#a8760a" stroke-width="1.2"'
        ' stroke-linejoin="round"/>'
    ),
    # Drink: a cup with a lid and a straw.
    "drink": (
        '<path d="M13.5 2.5l-1.2 5" stroke="#c62828" stroke-width="1.6" stroke-linecap="round"/>'
        '<rect x="5" y="6.6" width="14" height="2.6" rx="1.2" fill="#e9eef5" stroke="#3d5a80"/>'
        '<path d="M6.3 9.2h11.4l-1.4 12.3H7.7z" fill="#3a86c8" stroke="#224e7a"'
        ' stroke-linejoin="round"/>'
        '<path d="M7.6 13.5h8.8" stroke="#bfe0f7" stroke-width="1.3"/>'
    ),
    # Blank: an empty face with a dashed edge.
    "blank": (
        '<rect x="4" y="4" width="16" height="16" rx="3.5" fill="none" stroke="#7a6a5c"'
        ' stroke-width="2" stroke-dasharray="3.2 2.4"/>'
    ),
    # Rest: Z z.
    "rest": (
        '<path d="M3.5 8.5h8l-8 9h8" fill="none" stroke="#6a4c9c" stroke-width="2.2"'
        ' stroke-linecap="round" stroke-linejoin="round"/>'
        '<path d="M14 5h6l-6 6.5h6" fill="none" stroke="#6a4c9c" stroke-width="1.8"'
        ' stroke-linecap="round" stroke-linejoin="round"/>'
    ),
    "star": (
        '<path d="M12 2.6l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"'
        ' fill="currentColor" stroke="currentColor" stroke-width="1" stroke-linejoin="round"/>'
    ),
    "star-empty": (
        '<path d="M12 2.6l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"'
        ' fill="none" stroke="currentColor" stroke-width="1.4" stroke-linejoin="round"/>'
    ),
    # Task: a clipboard with a tick.
    "task": (
        '<rect x="5" y="4" width="14" height="18" rx="2" fill="#f6ead0" stroke="#6b4226"'
        ' stroke-width="1.5"/><rect x="9" y="2.5" width="6" height="3.5" rx="1" fill="#6b4226"/>'
        '<path d="M8 13l2.6 2.6L16 10" fill="none" stroke="#2f7d32" stroke-width="2"'
        ' stroke-linecap="round" stroke-linejoin="round"/>'
    ),
    # Restaurant cleaning: a broom.
    "cleaning": (
        '<path d="M17.5 2.5l-6 9" stroke="#8a5a2b" stroke-width="2" stroke-linecap="round"/>'
        '<path d="M9 10.5l5 3.2-3.6 7.8-7.4-4.6z" fill="#e0b84c" stroke="#8a6a1c"'
        ' stroke-linejoin="round"/><path d="M6 17.5l2.2-3M8.4 19l2.2-3.2" stroke="#8a6a1c"/>'
    ),
    # Free time: a sun lounger sun.
    "free-time": (
        '<circle cx="12" cy="12" r="4.2" fill="#f2b705" stroke="#a8760a"/>'
        '<path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1'
        'M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" stroke="#a8760a" stroke-width="1.6"'
        ' stroke-linecap="round"/>'
    ),
    # Meal voucher: a ticket.
    "voucher": (
        '<path d="M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z" fill="#fbe3a1" stroke="#a8760a"'
        ' stroke-linejoin="round"/><path d="M9 7.5v9" stroke="#a8760a" stroke-dasharray="1.5 1.5"/>'
        '<path d="M12 10.5h6M12 13.5h4" stroke="#6b4226" stroke-width="1.3"/>'
    ),
    # Staff-room key.
    "key": (
        '<circle cx="7.5" cy="12" r="4.3" fill="none" stroke="#8a6a1c" stroke-width="2.2"/>'
        '<path d="M11.8 12h9.2M17 12v3.2M20 12v2.4" fill="none" stroke="#8a6a1c"'
        ' stroke-width="2.2" stroke-linecap="round"/>'
    ),
    # Fiesta Piñata: a striped star.
    "pinata": (
        '<path d="M12 2l2.5 6 6.5.4-5 4.2 1.7 6.4L12 15.5 6.3 19l1.7-6.4-5-4.2 6.5-.4z"'
        ' fill="#e0483e" stroke="#8c1d16" stroke-linejoin="round"/>'
        '<path d="M5.5 9.5h13M7.5 13.5h9" stroke="#f5c542" stroke-width="1.6"/>'
        '<path d="M12 15.5v6" stroke="#8c1d16" stroke-width="1.2"/>'
    ),
    # VIP: a crown.
    "vip": (
        '<path d="M3 18l-1-10 5.5 4L12 5l4.5 7L22 8l-1 10z" fill="#f5c542" stroke="#8a6a1c"'
        ' stroke-linejoin="round"/><rect x="3" y="18" width="18" height="2.6" rx="1"'
        ' fill="#8a6a1c"/>'
    ),
    # The pickpocket: a bandit mask.
    "pickpocket": (
        '<path d="M2 10c3-2.4 7-2 10 0 3-2 7-2.4 10 0-.4 3.6-2.6 5.4-5 5.4-2 0-3.6-1.6-5-1.6'
        's-3 1.6-5 1.6c-2.4 0-4.6-1.8-5-5.4z" fill="#2a1c12"/>'
        '<ellipse cx="7.6" cy="11.6" rx="2" ry="1.4" fill="#fff8ec"/>'
        '<ellipse cx="16.4" cy="11.6" rx="2" ry="1.4" fill="#fff8ec"/>'
    ),
    # Order terminal (prepaid, 1 vs 1): a card reader.
    "terminal": (
        '<rect x="6" y="2.5" width="12" height="19" rx="2.2" fill="#3d5a80" stroke="#1e2f45"/>'
        '<rect x="8" y="5" width="8" height="5" rx="1" fill="#bfe0f7"/>'
        '<path d="M8.5 13h2M11 13h2M13.5 13h2M8.5 16h2M11 16h2M13.5 16h2" stroke="#e9eef5"'
        ' stroke-width="1.4"/>'
    ),
    # WELCOME: a door sign.
    "welcome": (
        '<path d="M12 3l3 4H9z" fill="#6b4226"/><rect x="3" y="7" width="18" height="10" rx="2"'
        ' fill="#4f7a1f" stroke="#2d4a10"/><path d="M6 10.5h12M6 13.5h8" stroke="#e6f4da"'
        ' stroke-width="1.5" stroke-linecap="round"/>'
    ),
    # A customer: a head and shoulders.
    "customer": (
        '<circle cx="12" cy="8" r="4" fill="#c98a5b" stroke="#6b4226"/>'
        '<path d="M4 21c0-4.5 3.6-7.5 8-7.5s8 3 8 7.5z" fill="#c62828" stroke="#7f1a1a"/>'
    ),
    # Extra (an accessory): a gear.
    "extra": (
        '<path d="M10.3 2.5h3.4l.5 2.6 2 .9 2.2-1.5 2.4 2.4-1.5 2.2.9 2 2.6.5v3.4l-2.6.5-.9 2'
        " 1.5 2.2-2.4 2.4-2.2-1.5-2 .9-.5 2.6h-3.4l-.5-2.6-2-.9-2.2 1.5-2.4-2.4 1.5-2.2-.9-2"
        '-2.6-.5v-3.4l2.6-.5.9-2-1.5-2.2 2.4-2.4 2.2 1.5 2-.9z" fill="#8d99ae" stroke="#3d4a5c"'
        ' stroke-linejoin="round"/><circle cx="12" cy="12" r="3" fill="#fff8ec"'
        ' stroke="#3d4a5c"/>'
    ),
    # Inspection: a magnifying glass.
    "inspection": (
        '<circle cx="10" cy="10" r="6" fill="#e9eef5" stroke="#3d4a5c" stroke-width="2.2"/>'
        '<path d="M14.5 14.5l6 6" stroke="#3d4a5c" stroke-width="3" stroke-linecap="round"/>'
    ),
    # The storeroom door.
    "door": (
        '<rect x="5" y="2.5" width="14" height="19" rx="1.5" fill="#8a5a2b" stroke="#4a2e14"/>'
        '<rect x="7.5" y="5" width="9" height="6" rx="1" fill="#a8733f"/>'
        '<circle cx="15.5" cy="13.5" r="1.2" fill="#f5c542"/>'
    ),
    # Rest room: a bed.
    "bed": (
        '<path d="M2.5 7v12M2.5 15h19v4M21.5 15v-3a2 2 0 0 0-2-2H10v5" fill="none"'
        ' stroke="#6a4c9c" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>'
        '<circle cx="6.3" cy="12" r="2" fill="#6a4c9c"/>'
    ),
    # Fine zone: a stamped ticket.
    "fine": (
        '<rect x="4" y="3" width="16" height="18" rx="2" fill="#fde2df" stroke="#c62828"'
        ' stroke-width="1.5"/><path d="M7.5 8h9M7.5 11.5h9M7.5 15h5" stroke="#c62828"'
        ' stroke-width="1.4" stroke-linecap="round"/>'
    ),
    # Cash register: a coin stack.
    "cash": (
        '<ellipse cx="12" cy="17" rx="7" ry="2.6" fill="#c9a227" stroke="#7a5f0f"/>'
        '<ellipse cx="12" cy="13" rx="7" ry="2.6" fill="#e0b84c" stroke="#7a5f0f"/>'
        '<ellipse cx="12" cy="9" rx="7" ry="2.6" fill="#f5c542" stroke="#7a5f0f"/>'
    ),
    # Cards left in the deck.
    "deck": (
        '<rect x="7" y="3" width="12" height="16" rx="2" fill="#c62828" stroke="#7f1a1a"/>'
        '<rect x="4.5" y="5.5" width="12" height="16" rx="2" fill="#e0483e" stroke="#7f1a1a"/>'
        '<path d="M7.5 10.5h6M7.5 14h6" stroke="#fff8ec" stroke-width="1.3"/>'
    ),
    # Extra hours: a clock.
    "clock": (
        '<circle cx="12" cy="12" r="9" fill="#fff8ec" stroke="#3d4a5c" stroke-width="2"/>'
        '<path d="M12 7v5l3.5 2" fill="none" stroke="#3d4a5c" stroke-width="2"'
        ' stroke-linecap="round"/>'
    ),
    # Served (a plate) and paid (a receipt): the two halves of an order.
    "served": (
        '<ellipse cx="12" cy="14" rx="9.5" ry="4.5" fill="#e9eef5" stroke="#3d4a5c"/>'
        '<path d="M7.5 12.5l3 3 6-6" fill="none" stroke="#2f7d32" stroke-width="2.2"'
        ' stroke-linecap="round" stroke-linejoin="round"/>'
    ),
    "paid": (
        '<circle cx="12" cy="12" r="9" fill="#2f7d32"/><path d="M7.5 12.3l3 3 6-6" fill="none"'
        ' stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>'
    ),
    "menu": (
        '<rect x="4" y="2.5" width="16" height="19" rx="2" fill="#f6ead0" stroke="#6b4226"'
        ' stroke-width="1.5"/><path d="M7.5 7.5h9M7.5 11h9M7.5 14.5h9M7.5 18h5" stroke="#6b4226"'
        ' stroke-width="1.4" stroke-linecap="round"/>'
    ),
    "bot": (
        '<rect x="4" y="7" width="16" height="12" rx="3" fill="#8d99ae" stroke="#3d4a5c"/>'
        '<circle cx="9" cy="13" r="1.8" fill="#fff8ec"/><circle cx="15" cy="13" r="1.8"'
        ' fill="#fff8ec"/><path d="M12 7V3.5" stroke="#3d4a5c" stroke-width="1.6"/>'
        '<circle cx="12" cy="3" r="1.4" fill="#c62828"/>'
    ),
    "trophy": (
        '<path d="M7 3h10v5a5 5 0 0 1-10 0z" fill="#f5c542" stroke="#8a6a1c"/>'
        '<path d="M7 5H3.5c0 3 1.5 4.5 3.8 4.8M17 5h3.5c0 3-1.5 4.5-3.8 4.8" fill="none"'
        ' stroke="#8a6a1c" stroke-width="1.5"/><path d="M12 13v4" stroke="#8a6a1c"'
        ' stroke-width="2"/><rect x="7.5" y="17" width="9" height="3.5" rx="1" fill="#6b4226"/>'
    ),
    "closed": (
        '<rect x="3" y="6" width="18" height="12" rx="2" fill="#6d5a4a" stroke="#2a1c12"/>'
        '<path d="M7 10.5l10 3M17 10.5l-10 3" stroke="#fff8ec" stroke-width="2"'
        ' stroke-linecap="round"/><path d="M12 2.5L8 6h8z" fill="#2a1c12"/>'
    ),
}

SPRITE = (
    '<svg class="tc-sprite" width="0" height="0" aria-hidden="true" focusable="false"'
    ' style="position:absolute"><defs>'
    + "".join(
        f'<symbol id="tc-{name}" viewBox="0 0 24 24">{body}</symbol>'
        for name, body in _SYMBOLS.items()
    )
    + "</defs></svg>"
)
NAMES = tuple(_SYMBOLS)


def icon(name: str, label: str | None = None, cls: str = "") -> str:
    """A picture from the sprite: decorative unless ``label`` names it."""
    a11y = (
        f' role="img" aria-label="{esc(label)}"'
        if label
        else ' aria-hidden="true" focusable="false"'
    )
    classes = " ".join(["tc-ico", f"tc-i-{name}", *([cls] if cls else [])])
    return f'<svg class="{classes}" viewBox="0 0 24 24"{a11y}><use href="#tc-{name}"/></svg>'


def face_icon(face: str, label: str | None = None, cls: str = "") -> str:
    """A die face's picture ("" for a die showing nothing)."""
    name = FACE_ICON.get(face)
    return icon(name, label, cls) if name else ""
