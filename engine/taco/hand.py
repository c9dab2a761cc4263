"""1 vs 1: which cards the customer player may play (pure rules, no state changes).

"after playing a "+OPEN" or "TASK" card together with its corresponding card, in that turn or
the following turn you may not repeat the play of either one": ``ban_until`` is the last turn
of that ban. A card is playable only if the whole phase 1 can then be completed: a +OPEN card
needs a partner that is neither +OPEN nor TASK, an inspection needs any playable card after it.
"""

from __future__ import annotations

from functools import lru_cache

from .cards import CARDS, INSPECTION, OPEN, TASK
from .restaurant import Restaurant


def playable(code: str, rest: tuple[str, ...], banned: bool) -> bool:
    """May ``code`` be played now, ``rest`` being the other cards in hand?

    >>> playable("C05", ("C03",), banned=True)  # a +OPEN card in a banned turn
    False
    >>> playable("C05", ("C06",), banned=False)  # +OPEN whose only partner is a TASK card
    False
    >>> playable("C05", ("C03",), banned=False)
    True
    """
    card = CARDS[code]
    if card.message in (OPEN, TASK) and banned:
        return False
    if card.message == OPEN:
        return can_complete(rest, banned=True)
    if card.kind == INSPECTION:
        return can_complete(rest, banned)
    return True


@lru_cache(maxsize=4096)
def can_complete(hand: tuple[str, ...], banned: bool) -> bool:
    """Can some card of ``hand`` be played with the whole phase 1 completed (remembered: the
    same hands come back turn after turn)?"""
    return any(playable(c, tuple(x for x in hand if x != c), banned) for c in hand)


def is_banned(s: Restaurant) -> bool:
    return s.turn_no <= s.ban_until
