"""Crazy Taco actions: every choice is one small frozen action with an exact text notation.

Placements (phase 2) name their dice and their target, so a screen can light the targets a
selection of dice could go to; they are deterministic (no roll, no draw), hence ``undoable``
for an undo within the current roll. Re-rolls, the end of placement, buying extras and the
customer player's plays draw or roll, so they are not.

>>> [str(a) for a in (Order("serve", "2", ("E1", "T")), Order("collect", "p1", ("M",)))]
['serve 2 E1 T', 'collect p1 M']
>>> parse_action("plata E1 E2 E3 for E2 T") == Menu("plata", ("E1", "E2", "E3"), ("E2", "T"))
True
>>> all(str(parse_action(t)) == t for t in ("end placement", "turn E1 $", "discard C03 C11 C20"))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..protocol import Action, IllegalAction, same_value
from .board import DICE_MENU, SPOT_INDEX
from .cards import CARDS
from .dice import DIE, TURNABLE


@dataclass(frozen=True)
class Order(Action):
    """Serve an order in full, collect its payment, or both at once: ``serve 2 E1 T``."""

    verb: str  # serve, collect, both
    spot: str  # counter position "1".."4" or patience space "p1", "p2"
    dice: tuple[str, ...]
    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"{self.verb} {self.spot} {' '.join(self.dice)}"


@dataclass(frozen=True)
class Voucher(Action):
    """Complete the order at a spot with the meal voucher (no die, no money): ``voucher 3``."""

    spot: str
    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"voucher {self.spot}"


@dataclass(frozen=True)
class Bonus(Action):
    """Take the bonus card at a counter position into the bonus zone with a die: ``bonus 1 M``."""

    spot: str
    die: str
    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"bonus {self.spot} {self.die}"


@dataclass(frozen=True)
class Assign(Action):
    """One die to a job: ``task E1`` (the task on the storeroom door), ``key M`` (activate the
    staff-room key), ``pinata T`` (resolve the piñata), ``keep E2`` (set it aside for a later
    turn)."""

    verb: str
    die: str
    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"{self.verb} {self.die}"


@dataclass(frozen=True)
class Menu(Action):
    """A menu combination paid with dice: ``vulcano E1 E2 T`` (the first die becomes money),
    ``plata M for E2`` (recover E2 from the rest room)."""

    item: str
    dice: tuple[str, ...]
    recover: tuple[str, ...] = ()
    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        text = f"{self.item} {' '.join(self.dice)}"
        return f"{text} for {' '.join(self.recover)}" if self.recover else text


@dataclass(frozen=True)
class Turn(Action):
    """Achilipú: turn one of its dice to the face you want: ``turn E1 $``."""

    die: str
    face: str
    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"turn {self.die} {self.face}"


@dataclass(frozen=True)
class Reroll(Action):
    """Pay $3 and roll these dice again (rest faces too): ``reroll E1 T``."""

    dice: tuple[str, ...]

    def __str__(self) -> str:
        return f"reroll {' '.join(self.dice)}"


@dataclass(frozen=True)
class Spend(Action):
    """Phase 3 money: ``advertise``, ``overtime E2`` (extra hours), ``pay fine``."""

    verb: str
    die: str = ""
    undoable: ClassVar[bool] = True

    def __str__(self) -> str:
        if self.verb == "pay":
            return "pay fine"
        return f"{self.verb} {self.die}" if self.die else self.verb


@dataclass(frozen=True)
class Offer(Action):
    """An extra card on offer: ``buy`` it (swapping the one in play) or ``pass``."""

    verb: str

    def __str__(self) -> str:
        return self.verb


@dataclass(frozen=True)
class End(Action):
    """``end placement`` (phase 3 follows) or ``end turn``."""

    what: str

    def __str__(self) -> str:
        return f"end {self.what}"


@dataclass(frozen=True)
class Play(Action):
    """1 vs 1, the customer player: play a card from hand: ``play C07``."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class Discard(Action):
    """1 vs 1: discard three cards to the bottom of the deck and draw three (a whole turn)."""

    cards: tuple[str, str, str]

    def __str__(self) -> str:
        return "discard " + " ".join(self.cards)


SINGLE = {"task", "key", "pinata", "keep"}
ORDER_VERBS = ("serve", "collect", "both")


def _dice(words: list[str], text: str) -> tuple[str, ...]:
    if not words or any(w not in DIE for w in words) or len(set(words)) != len(words):
        raise ValueError(f"not a Crazy Taco action: {text!r} (dice are M, E1, E2, E3, T, once)")
    return tuple(words)


def _spot(word: str, text: str) -> str:
    if word not in SPOT_INDEX:
        raise ValueError(f"not a Crazy Taco action: {text!r} (spots are 1-4, p1, p2)")
    return word


def parse_action(text: str) -> Action:
    """The action written as ``text`` (exactly as ``str`` writes it). Raises ValueError."""
    if not isinstance(text, str):
        raise ValueError(f"a Crazy Taco action is text like 'serve 2 E1 T', not {text!r}")
    words = text.split(" ")
    verb, rest = words[0], words[1:]
    bad = ValueError(f"not a Crazy Taco action: {text!r}")
    if text != text.strip() or "" in words:
        raise bad
    if verb in ORDER_VERBS and len(rest) >= 2:
        return Order(verb, _spot(rest[0], text), _dice(rest[1:], text))
    if verb == "voucher" and len(rest) == 1:
        return Voucher(_spot(rest[0], text))
    if verb == "bonus" and len(rest) == 2:
        return Bonus(_spot(rest[0], text), _dice(rest[1:], text)[0])
    if verb in SINGLE and len(rest) == 1:
        return Assign(verb, _dice(rest, text)[0])
    if verb in DICE_MENU and rest:
        if "for" in rest:
            at = rest.index("for")
            if verb != "plata":
                raise bad
            return Menu(verb, _dice(rest[:at], text), _dice(rest[at + 1 :], text))
        return Menu(verb, _dice(rest, text))
    if verb == "turn" and len(rest) == 2 and rest[1] in TURNABLE:
        return Turn(_dice(rest[:1], text)[0], rest[1])
    if verb == "reroll" and rest:
        return Reroll(_dice(rest, text))
    if verb == "advertise" and not rest:
        return Spend("advertise")
    if verb == "overtime" and len(rest) == 1:
        return Spend("overtime", _dice(rest, text)[0])
    if text == "pay fine":
        return Spend("pay")
    if verb in ("buy", "pass") and not rest:
        return Offer(verb)
    if verb == "end" and rest in (["placement"], ["turn"]):
        return End(rest[0])
    if verb == "play" and len(rest) == 1 and rest[0] in CARDS:
        return Play(rest[0])
    if verb == "discard" and len(rest) == 3 and all(c in CARDS for c in rest):
        if len(set(rest)) == 3:
            return Discard((rest[0], rest[1], rest[2]))
    raise bad


def well_formed(action: object) -> bool:
    """Is ``action`` a Crazy Taco action with every field as ``parse_action`` would make it (a
    spot that is a spot, dice that are dice, once each, of the right types)? Rules look at the
    fields of an action only after this: a hand-built ``Order("serve", 1, ("M", None))`` is
    refused as malformed, never a KeyError.

    >>> well_formed(Order("serve", "1", ("M",))), well_formed(Order("serve", 1, ("M",)))
    (True, False)
    >>> well_formed(Discard(None)), well_formed("serve 1 M")
    (False, False)
    """
    if not isinstance(action, Action):
        return False
    try:
        return same_value(parse_action(str(action)), action)
    except Exception:  # str() of foreign field values may raise anything: not ours either way
        return False


def malformed(action: object) -> IllegalAction:
    return IllegalAction(f"Not a Crazy Taco action: {action!r} (e.g. 'serve 2 E1 T').", "malformed")
