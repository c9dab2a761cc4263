"""The odds that the customer player's hand gets stuck (1 vs 1): "They also win if the other
player cannot play one of the cards in their hand on their corresponding turn."

What can be played depends only on each card's class: **plain** (no computer message), **+OPEN**
(needs a plain card after it), **TASK**, and the **inspection** (needs any card after it); and
on the ban ("if a "+OPEN" card was played with its additional card, on the next turn you may not
play another "+OPEN" card or a "TASK" card"). So the risk is a small calculation on counts: the
hand's and the deck's cards of each class, whether the next turn is banned, the discards left,
and the exact (hypergeometric) odds of each draw back to five. ``stuck`` looks a few turns ahead
and plays each of them the safest way; the customer player's rules of thumb weigh a play's
harm against it.

>>> stuck((1, 0, 0, 0), (0, 0, 0, 0), banned=True, discards=0, turns=1)  # one plain card
0.0
>>> stuck((0, 2, 0, 0), (0, 0, 0, 0), banned=False, discards=0, turns=1)  # two +OPEN, no partner
1.0

Three +OPEN and a TASK, two plain and two +OPEN in the deck: the TASK must go, the ban follows,
and the two cards drawn must not both be +OPEN (1 chance in 6):

>>> round(stuck((0, 3, 1, 0), (2, 2, 0, 0), banned=False, discards=0, turns=2), 3)
0.167
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from math import comb

from .board import BOARD
from .cards import CARDS, INSPECTION, OPEN, TASK

Counts = tuple[int, int, int, int]  # plain, +OPEN, TASK, inspection
PLAIN, OPEN_CARD, TASK_CARD, INSPECTION_CARD = range(4)


def _class(code: str) -> int:
    card = CARDS[code]
    if card.message == OPEN:
        return OPEN_CARD
    if card.message == TASK:
        return TASK_CARD
    return INSPECTION_CARD if card.kind == INSPECTION else PLAIN


CLASS: dict[str, int] = {code: _class(code) for code in CARDS}


def card_class(code: str) -> int:
    return CLASS[code]


def counts(codes: tuple[str, ...] | list[str]) -> Counts:
    """How many cards of each class: (plain, +OPEN, TASK, inspection)."""
    n = [0, 0, 0, 0]
    cls = CLASS
    for c in codes:
        n[cls[c]] += 1
    return (n[0], n[1], n[2], n[3])


def _minus(a: Counts, *classes: int) -> Counts | None:
    n = list(a)
    for k in classes:
        n[k] -= 1
        if n[k] < 0:
            return None
    return (n[0], n[1], n[2], n[3])


# Plays by class: (classes played, whether they bring the ban, allowed while banned).
PLAYS: tuple[tuple[tuple[int, ...], bool, bool], ...] = (
    ((PLAIN,), False, True),
    ((TASK_CARD,), True, False),
    ((OPEN_CARD, PLAIN), True, False),
    ((INSPECTION_CARD, PLAIN), False, True),
    ((INSPECTION_CARD, TASK_CARD), True, False),
    ((INSPECTION_CARD, OPEN_CARD, PLAIN), True, False),
)


def plain_slack(cards: Counts, banned: bool) -> int:
    """The plain cards of ``cards`` (what is left to play: the hand and the deck) beyond those
    their +OPEN and TASK cards need to be played out, the next play being in a banned turn or
    not. Each +OPEN card takes a plain card with it, and the turn after each +OPEN or TASK play
    is banned, so a plain card must go then (not after the last one): 2 × +OPEN + TASK − 1, one
    more if the next play is banned. Below zero, some +OPEN or TASK card can never be played:
    the hand gets stuck before the cards run out, however they are drawn. (Discards change
    nothing here: the cards go back under the deck.)

    >>> plain_slack((3, 1, 1, 0), banned=False)  # +OPEN with a plain card, a plain card, TASK
    1
    >>> plain_slack((3, 1, 1, 0), banned=True)  # a plain card first
    0
    >>> plain_slack((2, 1, 1, 0), banned=True)  # one plain card short
    -1
    >>> plain_slack((2, 0, 0, 0), banned=True)  # nothing needs a plain card
    2
    """
    plain, n_open, n_task, _ = cards
    if not n_open + n_task:
        return plain
    return plain - (2 * n_open + n_task - 1 + banned)


@lru_cache(maxsize=1 << 16)
def draws(deck: Counts, k: int) -> tuple[tuple[Counts, float], ...]:
    """Every class count ``k`` cards drawn from ``deck`` can show, with its probability (all
    of the deck when it holds ``k`` cards or fewer)."""
    total = sum(deck)
    if k >= total:
        return ((deck, 1.0),)
    out = []
    whole = comb(total, k)
    for a in range(min(k, deck[0]) + 1):
        for b in range(min(k - a, deck[1]) + 1):
            for c in range(min(k - a - b, deck[2]) + 1):
                d = k - a - b - c
                if d > deck[3]:
                    continue
                ways = comb(deck[0], a) * comb(deck[1], b) * comb(deck[2], c) * comb(deck[3], d)
                out.append(((a, b, c, d), ways / whole))
    return tuple(out)


def after_draw(hand: Counts, deck: Counts) -> tuple[tuple[Counts, Counts, float], ...]:
    """The hand refilled to five from ``deck``: (hand, deck left, probability) for each draw."""
    k = BOARD.hand - sum(hand)
    if k <= 0:
        return ((hand, deck, 1.0),)
    out = []
    for drawn, p in draws(deck, k):
        h = (hand[0] + drawn[0], hand[1] + drawn[1], hand[2] + drawn[2], hand[3] + drawn[3])
        d = (deck[0] - drawn[0], deck[1] - drawn[1], deck[2] - drawn[2], deck[3] - drawn[3])
        out.append((h, d, p))
    return tuple(out)


@lru_cache(maxsize=1 << 18)
def stuck(hand: Counts, deck: Counts, banned: bool, discards: int, turns: int) -> float:
    """The probability that, from the start of a customer phase with ``hand`` and ``deck``
    (class counts), some hand within ``turns`` turns cannot be played, each turn played the
    safest way (a discard included, while any are left and the deck has three cards)."""
    if not any(hand):
        return 0.0  # nothing left to play: the manager finishes the line
    best, playable = 1.0, False
    for classes, bans, while_banned in PLAYS:
        if banned and not while_banned:
            continue
        left = _minus(hand, *classes)
        if left is None:
            continue
        if turns <= 1:
            return 0.0
        playable = True
        p = sum(q * stuck(h, d, bans, discards, turns - 1) for h, d, q in after_draw(left, deck))
        best = min(best, p)
        if best == 0.0:
            return 0.0
    if not playable:
        return 1.0  # "cannot play one of the cards in their hand": a discard does not save it
    if discards > 0 and sum(deck) >= 3 and sum(hand) >= 3:
        best = min(best, safest_discard(hand, deck, discards, turns - 1)[1])
    return best


@lru_cache(maxsize=1 << 14)
def safest_discard(
    hand: Counts, deck: Counts, discards: int, turns: int
) -> tuple[tuple[int, ...], float]:
    """The classes of the three cards to discard now that leave the best odds (the cards go
    under the deck, so they are not drawn again soon; the next turn is free of the ban), and
    the odds that a hand within ``turns`` turns after it cannot be played."""
    best: tuple[tuple[int, ...], float] = ((), 1.0)
    for out in trios(hand):
        p = 0.0
        for h, d, q in _after_discard(hand, deck, out):
            p += q * stuck(h, d, False, discards - 1, turns)
        if not best[0] or p < best[1]:
            best = (out, p)
    return best


def safest_discard_work(hand: Counts, deck: Counts, discards: int, turns: int) -> Iterator[None]:
    """``safest_discard``'s work in pieces, one ``stuck`` a step, for a caller that must not
    block (the first time a hand is judged, the whole of it can take tens of milliseconds, a
    hundred in the browser): stepped through, it leaves every odds ``safest_discard`` reads in
    the caches, and its own answer, the same as ever, then comes at once."""
    for out in trios(hand):
        for h, d, _ in _after_discard(hand, deck, out):
            stuck(h, d, False, discards - 1, turns)
            yield None


def _after_discard(
    hand: Counts, deck: Counts, out: tuple[int, ...]
) -> Iterator[tuple[Counts, Counts, float]]:
    """The hand after discarding the classes ``out`` and drawing three, the deck then (the
    discarded cards under it) and the draw's probability, for each draw."""
    left = _minus(hand, *out)
    assert left is not None
    for drawn, q in draws(deck, 3):
        h = (left[0] + drawn[0], left[1] + drawn[1], left[2] + drawn[2], left[3] + drawn[3])
        d = tuple(x - y + out.count(k) for k, (x, y) in enumerate(zip(deck, drawn, strict=True)))
        yield h, d, q  # type: ignore[misc]


@lru_cache(maxsize=256)
def trios(hand: Counts) -> tuple[tuple[int, ...], ...]:
    out = set()
    cards = [k for k in range(4) for _ in range(hand[k])]
    for i in range(len(cards)):
        for j in range(i + 1, len(cards)):
            for m in range(j + 1, len(cards)):
                out.add((cards[i], cards[j], cards[m]))
    return tuple(sorted(out))
