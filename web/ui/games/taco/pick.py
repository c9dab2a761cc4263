"""Placement by taps: the dice picked so far, which targets they may go to, and the action a tap
on a target sends.

Nothing here knows a rule: a target lights up when one of the engine's legal moves (the view's
``moves``: verb, target, dice) uses exactly the picked dice on it; it is marked "needs more"
when a legal move there uses the picked dice and others. A tap on a target that is not lit
still sends an action (the one the tap means), so the engine's refusal names the rule.

>>> moves = [{"text": "serve 1 E1 T", "verb": "serve", "target": "1", "dice": ["E1", "T"]},
...          {"text": "collect 2 M", "verb": "collect", "target": "2", "dice": ["M"]}]
>>> lit(moves, Pick(("T",)))
{'1': 'more'}
>>> lit(moves, Pick(("T", "E1")))
{'1': 'ready'}
>>> choose(moves, Pick(("T", "E1")), "1")
['serve 1 E1 T']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

DIE_ORDER = ("M", "E1", "E2", "E3", "T")
# Verbs whose target is a place a tap on the board (or the menu sheet) names.
PLACED = {"serve", "collect", "both", "bonus", "task", "key", "pinata", "keep", "menu", "reroll"}
TURNED_FIRST = {"vulcano": 1, "mole": 2, "achilipu": 3}  # dice listed first are the ones turned


@dataclass(frozen=True)
class Pick:
    """What the player has picked on the table: dice in the order tapped, the meal voucher,
    and (1 vs 1, customer player) cards chosen for a discard."""

    dice: tuple[str, ...] = ()
    voucher: bool = False
    discard: tuple[str, ...] | None = None  # None: not discarding

    def toggle_die(self, die: str) -> Pick:
        if die in self.dice:
            return replace(self, dice=tuple(d for d in self.dice if d != die), voucher=False)
        return replace(self, dice=(*self.dice, die), voucher=False)

    def toggle_voucher(self) -> Pick:
        return Pick((), not self.voucher)

    def toggle_card(self, code: str) -> Pick:
        chosen = self.discard or ()
        if code in chosen:
            return replace(self, discard=tuple(c for c in chosen if c != code))
        return replace(self, discard=(*chosen, code)[-3:])

    @property
    def empty(self) -> bool:
        return not self.dice and not self.voucher


def target_of(move: Mapping[str, Any]) -> str | None:
    """Where a legal move is tapped: a spot ("1".."4", "p1", "p2"), "door", "key", "pinata",
    "keep", "reroll", a menu item ("taco", "vulcano", …); None for the rest (end, spend…)."""
    verb = move.get("verb")
    if verb == "voucher":
        return str(move["target"])
    if verb in PLACED:
        return str(move["target"])
    return None


def _fits(move: Mapping[str, Any], pick: Pick) -> str | None:
    if move.get("verb") == "voucher":
        return "ready" if pick.voucher else None
    if pick.voucher or not pick.dice:
        return None
    dice, picked = set(move.get("dice", ())), set(pick.dice)
    if dice == picked:
        return "ready"
    if picked < dice:
        return "more"
    return None


def lit(moves: Sequence[Mapping[str, Any]], pick: Pick) -> dict[str, str]:
    """Target -> "ready" (a tap plays) or "more" (a legal move there needs more dice)."""
    out: dict[str, str] = {}
    for m in moves:
        target = target_of(m)
        if target is None:
            continue
        fit = _fits(m, pick)
        if fit == "ready" or (fit == "more" and target not in out):
            out[target] = fit
    return out


def usable_dice(moves: Sequence[Mapping[str, Any]]) -> set[str]:
    """Dice some legal placement uses (a die no move uses cannot be picked usefully)."""
    return {d for m in moves if target_of(m) is not None for d in m.get("dice", ())}


def choose(moves: Sequence[Mapping[str, Any]], pick: Pick, target: str) -> list[str]:
    """The legal actions a tap on ``target`` may mean with this pick, best first: for a menu
    line, the order of the taps says which dice are turned (the first picked becomes money in
    Vulcano…); La Plata lists one action per choice of dice to bring back."""
    found = [m for m in moves if target_of(m) == target and _fits(m, pick) == "ready"]
    if not found:
        return []
    turned = TURNED_FIRST.get(target, 0)
    if turned:
        first = set(pick.dice[:turned])
        found.sort(key=lambda m: set(m["dice"][:turned]) != first)
        return [str(found[0]["text"])]
    return [str(m["text"]) for m in found]


def sorted_dice(dice: Sequence[str]) -> list[str]:
    return sorted(dice, key=lambda d: DIE_ORDER.index(d) if d in DIE_ORDER else 9)


def meant(target: str, pick: Pick, faces: Mapping[str, str], kind: str) -> str | None:
    """The action a tap on a target that is not lit means, so the engine can say why not.
    ``kind``: "guest", "bonus-card", "door", "key", "pinata", "keep", "menu", "reroll".
    None when the tap cannot be written as one action (the screen says what to do instead)."""
    if pick.voucher:
        return f"voucher {target}" if kind == "guest" else None
    if not pick.dice:
        return None
    dice = " ".join(sorted_dice(pick.dice))
    if kind == "guest":
        money = [d for d in pick.dice if faces.get(d) == "$"]
        if money and len(pick.dice) == 1:
            verb = "collect"
        elif money:
            verb = "both"
        else:
            verb = "serve"
        return f"{verb} {target} {dice}"
    if kind == "menu":
        return f"{target} {' '.join(pick.dice)}"
    if kind == "reroll":
        return f"reroll {dice}"
    if len(pick.dice) != 1:
        return None
    if kind == "bonus-card":
        return f"bonus {target} {dice}"
    verb = {"door": "task", "key": "key", "pinata": "pinata", "keep": "keep"}.get(kind)
    return f"{verb} {dice}" if verb else None
