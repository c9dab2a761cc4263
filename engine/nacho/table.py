"""The Nacho Incident's table at one moment: every card, cube and coin, as immutable fields.

``Table`` is data only: the fields, a cheap copy for ``flow.apply`` to change, equality. The rule
modules (``flow``, ``steps``, ``upkeep``, ``views``, ``saves``) read and write tables; the
protocol's ``NachoState`` (``state.py``) is a ``Table`` that plays, and imports them -- never the
other way round, so the package has no import cycle.

All fields are ints, bools, strs and tuples, so tables share structure and an ``apply`` copies
only the few fields it changes (the search applies hundreds of actions a decision). Cards are
indices into ``components`` (smugglers 0..55, Mounties 0..11, province cards 0..11, foods 0..7);
a hand is sorted; piles and decks list their top first.

* ``keepers[seat][province]`` and ``cmounties[seat][province]`` are the cards on each player's
  cantinas.
* ``picks`` are the smugglers chosen in step 1 and not yet placed (secret until everyone has
  picked); ``revealed`` keeps this turn's picks once shown. ``pending`` are this refresh's
  discards, secret until everyone is ``ready``.
* ``mdeck`` is the Mountie deck in use (``mface``: its top card is face up), ``mreserve`` the
  decks still to come, ``mpool`` the face-down Mounties of the random-Mounties option.
* ``ledger[seat]`` is where that seat's gold came from (``LEDGER``): ``gold`` always equals its
  recount (``recount``), which ``checks.invariants`` verifies after every action.
* ``last_round`` is the latest end-of-round summary (``summary.RoundSummary``), for the UI.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..protocol import Event
from .components import START_GOLD
from .summary import RoundSummary, summary_from_json

FIELDS = (
    "players",
    "options",
    "rng",
    "stage",
    "round_no",
    "turn_no",
    "gem",
    "gold",
    "ledger",
    "hands",
    "draw",
    "discards",
    "pending",
    "ready",
    "picks",
    "revealed",
    "warehouses",
    "bag",
    "aside",
    "pdecks",
    "filled",
    "keepers",
    "cmounties",
    "mdeck",
    "mface",
    "mreserve",
    "mpool",
    "removed_m",
    "removed_s",
    "order",
    "pos",
    "dest",
    "resolved",
    "arrest_at",
    "arrester",
    "seller",
    "last_round",
    "events",
)

# -- the ledger: every coin a seat gained or paid, by reason --------------------------------

LEDGER = ("opening", "deliveries", "sales", "bonuses", "fees", "penalties")
OPENING, DELIVERIES, SALES, BONUSES, FEES, PENALTIES = range(len(LEDGER))
EARNINGS = (OPENING, DELIVERIES, SALES, BONUSES)  # added to the gold
COSTS = (FEES, PENALTIES)  # taken from it (the last columns: ``book`` relies on it)

Entry = tuple[int, int, int, int, int, int]  # one seat's ledger, in LEDGER's order


def opening(gold: int) -> Entry:
    """A ledger that starts at ``gold``: ``START_GOLD`` for a new game ("so that you start the
    game with 10 gold pieces"); whatever a table set up by hand, or a save written before the
    ledger existed, holds."""
    return (gold, 0, 0, 0, 0, 0)


OPENING_ENTRY = opening(START_GOLD)


def recount(entry: Entry) -> int:
    """The gold a ledger entry adds up to.

    >>> recount((10, 7, 1, 8, 2, 3))  # 10 + 7 delivered + 1 sold + 8 bonus - 2 fee - 3 penalty
    21
    """
    return sum(entry[k] for k in EARNINGS) - sum(entry[k] for k in COSTS)


def booked(entry: Entry, kind: int, amount: int) -> Entry:
    """``entry`` with ``amount`` more under ``kind``.

    >>> booked(OPENING_ENTRY, FEES, 2)
    (10, 0, 0, 0, 2, 0)
    """
    return (*entry[:kind], entry[kind] + amount, *entry[kind + 1 :])  # type: ignore[return-value]


# -- the table ------------------------------------------------------------------------------


class Table:
    """One snapshot of the table (see the module's docstring for the fields).

    A table is never changed once a caller has it: ``flow.apply`` changes a fresh ``_copy``
    before handing it out. ``_acting`` and ``_legal`` remember what ``flow.acting`` and
    ``flow.legal_for`` computed from this table's fields (a copy forgets them); ``events`` are
    made from their records when first read.
    """

    players: int
    options: dict[str, Any]
    rng: int
    stage: str
    round_no: int
    turn_no: int
    gem: int
    gold: tuple[int, ...]
    ledger: tuple[Entry, ...]
    hands: tuple[tuple[int, ...], ...]
    draw: tuple[int, ...]
    discards: tuple[int, ...]
    pending: tuple[tuple[int, ...], ...]
    ready: tuple[bool, ...]
    picks: tuple[int | None, ...]
    revealed: tuple[int | None, ...]
    warehouses: tuple[tuple[int, ...], ...]
    bag: tuple[int, ...]
    aside: tuple[int, ...]
    pdecks: tuple[tuple[int, ...], ...]
    filled: tuple[int, ...]
    keepers: tuple[tuple[tuple[int, ...], ...], ...]
    cmounties: tuple[tuple[tuple[int, ...], ...], ...]
    mdeck: tuple[int, ...]
    mface: bool
    mreserve: tuple[tuple[int, ...], ...]
    mpool: tuple[int, ...]
    removed_m: tuple[int, ...]
    removed_s: tuple[int, ...]
    order: tuple[int, ...]
    pos: int
    dest: int | None
    resolved: int
    arrest_at: int | None
    arrester: int | None
    seller: int
    last_round: RoundSummary | None
    _events: tuple[Event, ...] | None  # made from _records when first read
    _records: tuple[tuple[Any, ...], ...]

    def __init__(self, **fields: Any) -> None:
        if "ledger" not in fields:  # a table rebuilt from a view, or set up by hand
            fields["ledger"] = tuple([opening(g) for g in fields["gold"]])
        last = fields["last_round"]
        if isinstance(last, Mapping):  # as a view shows it (better converted once by the caller)
            fields["last_round"] = summary_from_json(last, fields["players"])
        mine = self.__dict__
        for name in FIELDS:
            if name != "events":
                mine[name] = fields[name]
        self.events = fields["events"]
        self._acting = self._legal = None

    def _copy(self) -> Any:
        """A copy to change (of the same class). A plain ``__dict__`` (no ``__slots__``): copying
        one dict is the cheapest way to copy ~40 fields."""
        new = object.__new__(type(self))
        new.__dict__ = fields = self.__dict__.copy()
        fields["_acting"] = fields["_legal"] = None
        return new

    @property
    def events(self) -> tuple[Event, ...]:
        """What the ``apply`` that made this table caused. ``flow.apply`` records each event's
        arguments; the ``Event`` values are made here, once, when first read: a replay of a
        whole game reads only its last table's."""
        made = self._events
        if made is None:
            self._events = made = tuple([Event(*record) for record in self._records])
        return made

    @events.setter
    def events(self, value: tuple[Event, ...]) -> None:
        self._events, self._records = tuple(value), ()

    def __eq__(self, other: object) -> bool:
        """The same table, and the same latest events (compared as their JSON, as a save has
        them)."""
        if not isinstance(other, Table):
            return NotImplemented
        if self is other:
            return True
        mine, theirs = self.__dict__, other.__dict__
        if any(mine[k] != theirs[k] for k in FIELDS if k != "events"):
            return False
        return [e.to_dict() for e in self.events] == [e.to_dict() for e in other.events]

    def __hash__(self) -> int:
        return hash((self.rng, self.stage, self.gold, self.hands, self.pos))


def book(t: Table, seat: int, kind: int, amount: int) -> None:
    """``seat`` gains (an earning) or pays (a cost) ``amount`` gold for reason ``kind``: its
    gold and its ledger change together. Only on a fresh copy (``flow.apply``)."""
    gold, ledger = list(t.gold), list(t.ledger)
    gold[seat] += -amount if kind >= FEES else amount
    ledger[seat] = booked(ledger[seat], kind, amount)
    t.gold, t.ledger = tuple(gold), tuple(ledger)
