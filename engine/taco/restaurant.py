"""The Crazy Taco restaurant as data: every field of a game in progress, and nothing else.

The rules (engine/taco/arrivals.py, flow.py, placement.py, ledger.py, versus.py) read a
``Restaurant`` and change only the fresh copy made inside one ``apply``; engine/taco/state.py
makes it a protocol state (``TacoState``). This module imports no rule, so that the rules and
the state never import each other.

Fields are plain tuples, strings and ints: a new state is a shallow copy with a few fields
replaced (``_copy``), and the parts it does not change (the decks, the line, the dice) are
shared with the state it came from, which is safe because nothing ever changes them in place.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..protocol import Event

Slot = tuple[str, bool, bool] | None  # (card code, served, paid) or an empty place
Captive = tuple[str, str, int]  # (card code, die id or "", turns left)
Accounts = tuple[int, int, int]  # (cash, unpaid fines, popularity)
Entry = tuple[Any, ...]
"""An event as the rules record it: ``(kind, seat, data)`` or ``(kind, seat, data, to, public)``,
the arguments of the ``Event`` it becomes when read (``Restaurant.events``)."""

FIELDS = (
    "players",
    "options",
    "rng",
    "turn_no",
    "stage",
    "result",
    "reason",
    "deck",
    "hand",
    "task_deck",
    "extra_deck",
    "line",
    "door",
    "task_zone",
    "bonus",
    "room",
    "faces",
    "status",
    "cash",
    "fines",
    "fine_zone",
    "popularity",
    "overtime",
    "extra",
    "extra_used",
    "offer",
    "to_reveal",
    "reveals",
    "prev_msg",
    "pinata_seen",
    "follow",
    "ban_until",
    "discards",
    "gone",
    "tasks_gone",
    "opening",
    "happened",
)
"""Every field of the game, in the order ``_copy`` copies them."""


def _make_copy() -> Any:
    """``_copy()``: a new object of the same class with the same fields, written out field by
    field (several times faster than a loop of getattr/setattr; ``apply`` starts with one). The
    memo of legal actions is not copied: it belongs to the state that computed it."""
    body = "".join(f"    new.{name} = self.{name}\n" for name in FIELDS)
    code = (
        "def _copy(self):\n    new = object.__new__(type(self))\n"
        f"{body}    new._legal = None\n    return new\n"
    )
    namespace: dict[str, Any] = {}
    exec(code, namespace)  # noqa: S102 - generated from the constant FIELDS above
    return namespace["_copy"]


class Restaurant:
    """One moment of the game. Field meanings:

    ``line``: the counter positions 1..4 then the patience spaces p1, p2, each ``None`` or
    ``(code, served, paid)``. ``bonus``/``task_zone``: ``(code, die, turns left)``, die "" while
    a bonus card waits in the zone unused. ``room``: the rest room, space 1 first, die ids or
    "". ``faces``/``status``: per die in ``DICE`` order (``placement.USABLE`` lists the statuses
    a die can be placed from). ``deck``/``task_deck``/``extra_deck``: top first (hidden).
    ``hand``: the customer player's hand (1 vs 1). ``gone``/``tasks_gone``: cards out of the
    game, in order (public). ``to_reveal``: customer cards still to reveal this phase 1 (solo);
    ``reveals``: Extra cards the manager may still reveal for stars lost (1 vs 1).
    ``opening``: the accounts (cash, fines, popularity) before the ``apply`` that made this
    state, so that its ``events`` can be recounted against them (``ledger.recount``).
    ``happened``: what that ``apply`` caused, as the rules recorded it (``Entry``s); ``events``
    is the same as ``Event``s.

    ``_legal`` is a memo, not a field: the current seat's legal actions once computed (a tuple,
    never changed), or None.
    """

    __slots__ = (*FIELDS, "_legal")

    players: int
    options: Mapping[str, Any]  # read-only (a MappingProxyType): every state shares it
    rng: int
    turn_no: int
    stage: str
    result: str
    reason: str
    deck: tuple[str, ...]
    hand: tuple[str, ...]
    task_deck: tuple[str, ...]
    extra_deck: tuple[str, ...]
    line: tuple[Slot, ...]
    door: str
    task_zone: tuple[Captive, ...]
    bonus: tuple[Captive, ...]
    room: tuple[str, ...]
    faces: tuple[str, ...]
    status: tuple[str, ...]
    cash: int
    fines: int
    fine_zone: tuple[str, ...]
    popularity: int
    overtime: int
    extra: str
    extra_used: bool
    offer: str
    to_reveal: int
    reveals: int
    prev_msg: str
    pinata_seen: bool
    follow: bool
    ban_until: int
    discards: int
    gone: tuple[str, ...]
    tasks_gone: tuple[str, ...]
    opening: Accounts
    happened: tuple[Entry | Event, ...]
    _legal: tuple[Any, ...] | None

    def __new__(cls, *args: Any, **kwargs: Any) -> Restaurant:
        new = object.__new__(cls)
        new._legal = None
        return new

    _copy = _make_copy()

    @property
    def versus(self) -> bool:
        """1 vs 1 (a customer player at seat 1) rather than solo."""
        return self.players == 2

    @property
    def accounts(self) -> Accounts:
        return (self.cash, self.fines, self.popularity)

    @property
    def events(self) -> tuple[Event, ...]:
        """What the ``apply`` that made this state caused, as the protocol's ``Event``s. They are
        made from the rules' entries when first read (then kept): a search's rollout, which never
        reads them, never pays for them."""
        happened = self.happened
        if happened and type(happened[-1]) is tuple:
            happened = self.happened = tuple(
                e if isinstance(e, Event) else Event(*e) for e in happened
            )
        return happened  # type: ignore[return-value]

    @events.setter
    def events(self, value: tuple[Event, ...]) -> None:
        self.happened = tuple(value)
