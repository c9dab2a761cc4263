"""Every choice of The Nacho Incident is one small action with a short text notation.

A turn is several taps, each its own action (so the UI offers each as taps and bots can search
each): pick a smuggler (``S17``), send him (``AB``), deliver a cube (``salsa``), steal one
(``salsa@2``: from seat 2's warehouse) or none (``none``); which Mountie arrests (``M07``), whom
a bored Mountie arrests (``arrest:S05``), where a wandering Mountie goes (``wander:ON``); pass
the gemstone on a tie (``gem:2``); discard (``discard:S17``), sell (``sell:salsa``), and ``done``
to end a discard or a sale.

Every choice but ``done`` is ``undoable`` by itself; ``engine.undo`` still refuses any whose
transition lets a secret or chance out (the last pick reveals them all, a draw, a new province
card). ``done`` commits a discard or a sale (cards and cubes are drawn after it).

>>> [str(a) for a in (Pick(16), Go(0), Deliver(7), Deliver(7, 2), NoCube(), Done())]
['S17', 'AB', 'salsa', 'salsa@2', 'none', 'done']
>>> all(parse_action(str(a)) == a for a in (Arrest(4), Wander(2), GiveGem(1), Sell(6)))
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from ..protocol import Action
from .components import (
    FOOD_INDEX,
    FOODS,
    MOUNTIE_INDEX,
    MOUNTIES,
    PROVINCE_INDEX,
    PROVINCES,
    SMUGGLER_INDEX,
    SMUGGLERS,
)

MAX_SEAT = 3  # 2 to 4 players


@dataclass(frozen=True)
class Pick(Action):
    """Step 1: put a smuggler from your hand face down. ``S17``."""

    smuggler: int
    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        return SMUGGLERS[self.smuggler].code


@dataclass(frozen=True)
class Go(Action):
    """Step 3: the smuggler's destination province. ``AB``, ``SK``, ``ON`` or ``QC``."""

    province: int
    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        return PROVINCES[self.province].code


@dataclass(frozen=True)
class Deliver(Action):
    """Step 3: deliver one cube of ``food`` to the destination: from your warehouse (``salsa``)
    or, first player only, stolen from seat ``victim``'s warehouse (``salsa@2``)."""

    food: int
    victim: int | None = None
    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        code = FOODS[self.food].code
        return code if self.victim is None else f"{code}@{self.victim}"


@dataclass(frozen=True)
class NoCube(Action):
    """Step 3: deliver nothing ("you simply indicate where the smuggler goes"). ``none``."""

    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        return "none"


@dataclass(frozen=True)
class ChooseMountie(Action):
    """Step 4: which of your Mounties on the cantina acts (arrests, or gets bored). ``M07``."""

    mountie: int
    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        return MOUNTIES[self.mountie].code


@dataclass(frozen=True)
class Arrest(Action):
    """Step 4: the keeper a bored Mountie arrests, among your tied highest. ``arrest:S05``."""

    smuggler: int
    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"arrest:{SMUGGLERS[self.smuggler].code}"


@dataclass(frozen=True)
class Wander(Action):
    """Step 4: the cantina a wandering Mountie goes to. ``wander:ON``."""

    province: int
    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"wander:{PROVINCES[self.province].code}"


@dataclass(frozen=True)
class GiveGem(Action):
    """Step 6: the gemstone holder passes the stone to one of the tied lowest. ``gem:2``."""

    seat: int
    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"gem:{self.seat}"


@dataclass(frozen=True)
class Discard(Action):
    """Step 6 (or the optional re-choice at the start): discard a smuggler. ``discard:S17``."""

    smuggler: int
    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"discard:{SMUGGLERS[self.smuggler].code}"


@dataclass(frozen=True)
class Sell(Action):
    """Step 6, new food: sell a warehouse cube at the Mexican market for 1 gold. ``sell:salsa``."""

    food: int
    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"sell:{FOODS[self.food].code}"


@dataclass(frozen=True)
class Done(Action):
    """End your discards (then draw to 8) or your sales (then refill to 2). ``done``."""

    def __str__(self) -> str:
        return "done"


_FOOD = "|".join(FOOD_INDEX)
_PROV = "|".join(PROVINCE_INDEX)
_PATTERNS: tuple[tuple[re.Pattern[str], object], ...] = (
    (re.compile(r"S\d\d"), lambda m: Pick(SMUGGLER_INDEX[m[0]])),
    (re.compile(_PROV), lambda m: Go(PROVINCE_INDEX[m[0]])),
    (re.compile(rf"({_FOOD})(?:@([0-{MAX_SEAT}]))?"), None),
    (re.compile(r"none"), lambda m: NoCube()),
    (re.compile(r"M\d\d"), lambda m: ChooseMountie(MOUNTIE_INDEX[m[0]])),
    (re.compile(r"arrest:(S\d\d)"), lambda m: Arrest(SMUGGLER_INDEX[m[1]])),
    (re.compile(rf"wander:({_PROV})"), lambda m: Wander(PROVINCE_INDEX[m[1]])),
    (re.compile(rf"gem:([0-{MAX_SEAT}])"), lambda m: GiveGem(int(m[1]))),
    (re.compile(r"discard:(S\d\d)"), lambda m: Discard(SMUGGLER_INDEX[m[1]])),
    (re.compile(rf"sell:({_FOOD})"), lambda m: Sell(FOOD_INDEX[m[1]])),
    (re.compile(r"done"), lambda m: Done()),
)


def parse_action(text: str) -> Action:
    """The action written as ``text`` (exactly as ``str`` writes it, surrounding spaces aside).

    >>> parse_action("salsa@2")
    Deliver(food=7, victim=2)
    >>> parse_action("S99")
    Traceback (most recent call last):
    ...
    ValueError: not a Nacho Incident action: 'S99' (try S17, AB, salsa, salsa@2, none, done...)
    """
    if not isinstance(text, str):
        raise ValueError(f"an action is written as text like 'S17', not {type(text).__name__}")
    clean = text.strip()
    for pattern, make in _PATTERNS:
        m = pattern.fullmatch(clean)
        if m is None:
            continue
        try:
            if make is None:  # a delivery: own cube or stolen from a seat
                return Deliver(FOOD_INDEX[m[1]], None if m[2] is None else int(m[2]))
            return make(m)  # type: ignore[operator]
        except KeyError:
            break  # a well-formed code of no card (S99, M13)
    raise ValueError(
        f"not a Nacho Incident action: {text!r} (try S17, AB, salsa, salsa@2, none, done...)"
    )


# Every action made once: legal_actions hands these out (making frozen dataclasses is slow, and
# the search asks for legal actions at every step it simulates).
PICK: tuple[Pick, ...] = tuple(Pick(i) for i in range(len(SMUGGLERS)))
DISCARD: tuple[Discard, ...] = tuple(Discard(i) for i in range(len(SMUGGLERS)))
ARREST: tuple[Arrest, ...] = tuple(Arrest(i) for i in range(len(SMUGGLERS)))
GO: tuple[Go, ...] = tuple(Go(q) for q in range(len(PROVINCES)))
WANDER: tuple[Wander, ...] = tuple(Wander(q) for q in range(len(PROVINCES)))
DELIVER: tuple[Deliver, ...] = tuple(Deliver(f) for f in range(len(FOODS)))
STEAL: tuple[tuple[Deliver, ...], ...] = tuple(
    tuple(Deliver(f, v) for f in range(len(FOODS))) for v in range(MAX_SEAT + 1)
)
SELL: tuple[Sell, ...] = tuple(Sell(f) for f in range(len(FOODS)))
CHOOSE: tuple[ChooseMountie, ...] = tuple(ChooseMountie(m) for m in range(len(MOUNTIES)))
GIVE_GEM: tuple[GiveGem, ...] = tuple(GiveGem(s) for s in range(MAX_SEAT + 1))
NO_CUBE = NoCube()
DONE = Done()
