"""The dice on the table: where each die is, which can be placed, the sets they make, and what a
roll allows whatever the cards are (``Roll``).

A die can be placed while it is ``free`` (rolled this turn) or ``kept`` (kept from an earlier
turn); ``DIE_STATES`` names every state. Listing the placements is the engine's hottest path
(every step of play and of the search's rollouts), so what depends on the dice alone is worked
out once per (faces, statuses) seen and kept in a bounded cache, and the actions themselves are
made once and shared (they are frozen values).
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from typing import Any

from .actions import Assign, Bonus, Order, Reroll, Turn
from .cards import CARDS, PICKPOCKET, PREPAID
from .dice import BLANK, DICE, DIE_INDEX, DRINK, FOOD, MONEY, TURNABLE, Need, cover
from .restaurant import Restaurant

DIE_STATES: dict[str, str] = {
    "ready": "waiting for the next roll",
    "free": "rolled this turn, ready to place",
    "kept": "kept from an earlier turn, ready to place",
    "aside": "set aside this turn, kept for the next",
    "used": "placed this turn",
    "rest": "showed the rest face this turn",
    "room": "in the rest room",
    "busy": "captive on a task or bonus card",
    "locked": "locked in the fine zone",
    "wild": "Achilipú: waiting to be turned to a face",
}
USABLE = ("free", "kept")
IN_TRAY = ("free", "kept", "rest")  # what a paid re-roll may roll again
FACELESS = ("ready", "room", "busy", "locked", "wild")  # a die showing no face
IDS = tuple(d.id for d in DICE)

Dice = tuple[tuple[str, str], ...]  # (die id, face) pairs, in DICE order
Groups = tuple[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]], ...]

# Each action a placement can be, made once (a finite set) and shared by every list of them.
order = cache(Order)
assign = cache(Assign)
bonus = cache(Bonus)
turn = cache(Turn)
reroll = cache(Reroll)


def set_dice(s: Restaurant, dice: tuple[str, ...], status: str, face: str | None = None) -> None:
    """Put ``dice`` in ``status`` (showing ``face``, or nothing in a faceless status)."""
    if len(dice) == 1:  # most placements move one die
        i = DIE_INDEX[dice[0]]
        st = s.status
        s.status = (*st[:i], status, *st[i + 1 :])
        if face is not None or status in FACELESS:
            fa = s.faces
            s.faces = (*fa[:i], face or "", *fa[i + 1 :])
        return
    st, fa = list(s.status), list(s.faces)
    for d in dice:
        st[DIE_INDEX[d]] = status
        if face is not None:
            fa[DIE_INDEX[d]] = face
        elif status in FACELESS:
            fa[DIE_INDEX[d]] = ""
    s.status, s.faces = tuple(st), tuple(fa)


def faces_of(s: Restaurant, dice: tuple[str, ...]) -> tuple[str, ...]:
    """The faces these dice show, sorted (as ``cover`` takes them)."""
    return tuple(sorted(s.faces[DIE_INDEX[d]] for d in dice))


@cache
def subsets(dice: Dice) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """Every non-empty set of these (die, face) pairs: (ids in DICE order, faces sorted).
    (Unbounded: there are 2,500 ways the placeable dice can show.)

    >>> subsets((("M", "$"), ("T", "F")))
    ((('M',), ('$',)), (('T',), ('F',)), (('M', 'T'), ('$', 'F')))
    """
    out = []
    for k in range(1, len(dice) + 1):
        for combo in combinations(dice, k):
            out.append((tuple(d for d, _ in combo), tuple(sorted(f for _, f in combo))))
    return tuple(out)


@cache
def by_faces(dice: Dice) -> Groups:
    """The same sets grouped by what they show: (faces sorted, every ids tuple showing them),
    in the order each group first appears in ``subsets``."""
    groups: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for ids, faces in subsets(dice):
        groups.setdefault(faces, []).append(ids)
    return tuple((faces, tuple(idss)) for faces, idss in groups.items())


@cache
def order_needs(code: str, served: bool, paid: bool) -> tuple[tuple[str, Need], ...]:
    """What can be done for a guest now: serve in full, collect with one money die, or both.

    "If you serve a customer's order, it must be served in full, NEVER partially." The
    pickpocket: "you must serve them before collecting payment for their order." An order
    terminal (1 vs 1) "does not need a payment die … it is resolved directly with the action
    on the order."

    >>> order_needs("C13", True, False)  # a couple on a date, served: only the payment is left
    (('collect', (0, 0, 1, 0)),)
    """
    card = CARDS[code]
    serve: Need = (card.food, card.drink, 0, 0)
    if card.kind == PREPAID:
        return () if served else (("serve", serve),)
    out: list[tuple[str, Need]] = []
    if not served:
        out.append(("serve", serve))
    if not paid and (card.kind != PICKPOCKET or served):
        out.append(("collect", (0, 0, 1, 0)))
    if not served and not paid:
        out.append(("both", (card.food, card.drink, 1, 0)))
    return tuple(out)


@cache
def _rerolls(tray: tuple[str, ...]) -> tuple[Reroll, ...]:
    """A paid re-roll of every set of the dice in the tray."""
    return tuple(reroll(ids) for k in range(1, len(tray) + 1) for ids in combinations(tray, k))


@cache
def coverings(need: Need, convert: bool, variation: str) -> tuple[str, ...]:
    """Every way placeable dice may show to cover ``need`` exactly (their faces sorted, as one
    word): a handful, so that listing the placements looks them up among the sets the dice
    make instead of trying each set.

    >>> coverings((1, 1, 0, 0), True, "")  # one food and one drink; a blank beside either
    ('DF', 'BF', 'BD')
    """
    out = []
    for k in range(1, len(DICE) + 1):
        for shown in combinations_with_replacement((MONEY, FOOD, DRINK, BLANK), k):
            faces = tuple(sorted(shown))
            if cover(need, faces, convert, variation) >= 0:
                out.append("".join(faces))
    return tuple(out)


class Roll:
    """What these placeable dice allow, the cards aside: their sets grouped by the faces they
    show (``groups``, in the order ``subsets`` lists them; ``first``: one set of each group,
    the search's canonical moves) and keeping each die. One per way the dice can show (2,500
    at most, kept for good); ``memo`` remembers what was listed with them (``sets``, ``jobs``,
    ``orders``, the menu): the same dice come back again and again."""

    __slots__ = ("dice", "groups", "first", "rank", "keep", "memo")

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.groups = by_faces(dice)
        self.first: Groups = tuple((faces, idss[:1]) for faces, idss in self.groups)
        self.rank = {"".join(faces): i for i, (faces, _) in enumerate(self.groups)}
        self.keep = tuple(assign("keep", d) for d, _ in dice)
        self.memo: dict[tuple[Any, ...], tuple[Any, ...]] = {}

    def remember(self, key: tuple[Any, ...], found: tuple[Any, ...]) -> tuple[Any, ...]:
        if len(self.memo) >= MOST_REMEMBERED:
            self.memo.clear()
        self.memo[key] = found
        return found

    def sets(
        self, need: Need, convert: bool, var: str, canonical: bool
    ) -> tuple[tuple[str, ...], ...]:
        """Every set of these dice that covers ``need`` exactly (``cover``), in listing order."""
        key = (need, convert, var, canonical)
        found = self.memo.get(key)
        if found is None:
            rank = self.rank
            groups = self.first if canonical else self.groups
            at = sorted([rank[f] for f in coverings(need, convert, var) if f in rank])
            found = self.remember(key, tuple(ids for i in at for ids in groups[i][1]))
        return found

    def jobs(self, verb: str, faces: str, spot: str = "") -> tuple[Any, ...]:
        """A die showing one of ``faces`` to a job (``task``, ``key``, ``pinata``), or to the
        bonus card at ``spot`` (``bonus``)."""
        key = (verb, faces, spot)
        found = self.memo.get(key)
        if found is None:
            dice = [d for d, f in self.dice if f in faces]
            if verb == "bonus":
                found = self.remember(key, tuple(bonus(spot, d) for d in dice))
            else:
                found = self.remember(key, tuple(assign(verb, d) for d in dice))
        return found

    def orders(self, spot: str, slot: tuple[str, bool, bool], var: str, canonical: bool) -> Any:
        """The serve/collect/both placements for the guest at ``spot`` (``slot``: its card,
        served, paid): for each thing it needs (``order_needs``), every set of dice covering
        it exactly."""
        key = (spot, slot, var, canonical)
        found = self.memo.get(key)
        if found is None:
            found = self.remember(
                key,
                tuple(
                    order(verb, spot, ids)
                    for verb, need in order_needs(*slot)
                    for ids in self.sets(need, True, var, canonical)
                ),
            )
        return found


MOST_REMEMBERED = 256
"""Listings a roll remembers at once (then it starts again): a few hundred bytes each, for at
most 2,500 rolls."""


_ROLLS: dict[Dice, Roll] = {}  # one per way the placeable dice can show (2,500 at most)


@lru_cache(maxsize=4096)
def _roll(faces: tuple[str, ...], status: tuple[str, ...]) -> Roll:
    dice = tuple((IDS[i], faces[i]) for i, st in enumerate(status) if st in USABLE)
    found = _ROLLS.get(dice)
    if found is None:
        found = _ROLLS[dice] = Roll(dice)
    return found


def roll_of(s: Restaurant) -> Roll:
    """The ``Roll`` of the dice that can be placed in ``s``."""
    return _roll(s.faces, s.status)


def usable(s: Restaurant) -> Dice:
    """The dice that can be placed now, as (die id, face) pairs in DICE order."""
    return _roll(s.faces, s.status).dice


@lru_cache(maxsize=1024)
def rerolls(status: tuple[str, ...]) -> tuple[Reroll, ...]:
    """A paid re-roll of every set of the dice in the tray (rest faces too)."""
    return _rerolls(tuple(IDS[i] for i, st in enumerate(status) if st in IN_TRAY))


@lru_cache(maxsize=64)
def turns(status: tuple[str, ...]) -> tuple[Turn, ...]:
    """Achilipú: each of its dice waiting to be turned, to each face."""
    return tuple(turn(IDS[i], f) for i, st in enumerate(status) if st == "wild" for f in TURNABLE)
