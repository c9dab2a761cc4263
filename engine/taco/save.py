"""Saving and loading a Crazy Taco game: ``to_dict`` carries everything (the decks' order and
the generator included), and ``load`` accepts only what a real game could have produced — every
card and task exactly once, every die where its status says — or raises ValueError."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from .. import fields
from ..protocol import UNDATED, Game, events_from_json, events_to_json
from .board import BOARD, LINE, RESULTS, STAGES
from .cards import (
    CARDS,
    CLEANING,
    EXTRA,
    EXTRA_CARDS,
    GUESTS,
    IN_LINE,
    INSPECTION_CARDS,
    KEY,
    OPEN,
    PINATA,
    PINATA_CARD,
    TASK,
    TASK_DECK,
    TASKS,
    VOUCHER,
    customer_deck,
)
from .dice import DICE, REST, TURNABLE
from .ledger import opening_of
from .restaurant import Restaurant
from .roll import DIE_STATES

C = BOARD.counter


def save(s: Restaurant) -> dict[str, Any]:
    or_none = lambda x: x or None  # noqa: E731
    return {
        "game": "taco",
        "version": 1,
        "players": s.players,
        "options": dict(s.options),
        "public": {
            "turn": s.turn_no,
            "stage": s.stage,
            "result": s.result,
            "reason": s.reason,
            "line": [
                None if x is None else {"card": x[0], "served": x[1], "paid": x[2]} for x in s.line
            ],
            "door": or_none(s.door),
            "task_zone": [[c, d, n] for c, d, n in s.task_zone],
            "bonus": [[c, or_none(d), n] for c, d, n in s.bonus],
            "room": [or_none(d) for d in s.room],
            "dice": [[f, st] for f, st in zip(s.faces, s.status, strict=True)],
            "cash": s.cash,
            "fines": s.fines,
            "fine_zone": list(s.fine_zone),
            "popularity": s.popularity,
            "overtime": s.overtime,
            "extra": or_none(s.extra),
            "extra_used": s.extra_used,
            "offer": or_none(s.offer),
            "to_reveal": s.to_reveal,
            "reveals": s.reveals,
            "prev_msg": s.prev_msg,
            "pinata_seen": s.pinata_seen,
            "follow": s.follow,
            "ban_until": s.ban_until,
            "discards": s.discards,
            "gone": list(s.gone),
            "tasks_gone": list(s.tasks_gone),
        },
        "players_private": [{}] if s.players == 1 else [{}, {"hand": list(s.hand)}],
        "secret": {
            "deck": list(s.deck),
            "task_deck": list(s.task_deck),
            "extra_deck": list(s.extra_deck),
            "rng": f"{s.rng:016x}",
        },
        "events": events_to_json(s.events),
    }


def _code(value: Any, what: str, kinds: frozenset[str] | None = None) -> str:
    if not isinstance(value, str) or value not in CARDS:
        raise ValueError(f"{what} must be a card code, got {value!r}")
    if kinds is not None and CARDS[value].kind not in kinds:
        raise ValueError(f"{what}: {value} ({CARDS[value].kind}) cannot be there")
    return value


def _maybe(value: Any, what: str, kinds: frozenset[str]) -> str:
    return "" if value is None else _code(value, what, kinds)


def _task(value: Any, what: str) -> str:
    if not isinstance(value, str) or value not in TASKS:
        raise ValueError(f"{what} must be a task code, got {value!r}")
    return value


IDS = tuple(d.id for d in DICE)


def _die(value: Any, what: str) -> str:
    if not isinstance(value, str) or value not in IDS:
        raise ValueError(f"{what} must be a die (M, E1, E2, E3, T), got {value!r}")
    return value


def load(game: Game, data: Mapping[str, Any], cls: type[Restaurant]) -> Restaurant:
    players, opts = game.check_setup(data["players"], data["options"], UNDATED)
    versus = players == 2
    pub, secret = data["public"], data["secret"]
    if not isinstance(pub, Mapping) or not isinstance(secret, Mapping):
        raise ValueError("public and secret must be objects")
    private = fields.items(data["players_private"], "players_private", players)
    s = cls.__new__(cls)
    s.players, s.options = players, MappingProxyType(opts)
    read_public(s, pub)
    if versus:
        if not isinstance(private[1], Mapping):
            raise ValueError("players_private[1] must be an object")
        s.hand = tuple(_code(c, "hand") for c in fields.items(private[1]["hand"], "hand"))
        if list(s.hand) != sorted(s.hand) or len(s.hand) > BOARD.hand:
            raise ValueError(f"the hand is sorted and holds at most {BOARD.hand} cards")
    else:
        s.hand = ()
    s.deck = tuple(_code(c, "deck") for c in fields.items(secret["deck"], "deck"))
    s.task_deck = tuple(
        _task(c, "task deck") for c in fields.items(secret["task_deck"], "task_deck")
    )
    s.extra_deck = tuple(
        _code(c, "extra deck", frozenset({EXTRA}))
        for c in fields.items(secret["extra_deck"], "extra_deck")
    )
    rng = secret["rng"]
    if not isinstance(rng, str) or not re.fullmatch(r"[0-9a-f]{1,16}", rng):
        raise ValueError("secret.rng must be 1 to 16 hex digits")
    s.rng = int(rng, 16)
    s.events = events_from_json(data.get("events"), players)
    s.opening = opening_of(s)
    check_table(s)
    return s


def read_public(s: Restaurant, pub: Mapping[str, Any]) -> None:
    """The public part of a save (also a view's ``table``) into ``s``, checking each field."""
    versus = s.players == 2
    s.turn_no = fields.whole(pub["turn"], "turn", 1, BOARD.turn_limit + 1)
    s.stage = pub["stage"]
    if s.stage not in STAGES or (s.stage == "customers" and not versus):
        raise ValueError(f"stage must be one of {list(STAGES)} (customers: 1 vs 1 only)")
    s.result, s.reason = pub["result"], pub["reason"]
    outcomes = ("manager", "customers") if versus else ("won", "lost")
    if s.result not in RESULTS or (s.stage == "over") != (s.result in outcomes):
        raise ValueError(f"result must be one of {list(outcomes)} once the game is over, else ''")
    if not isinstance(s.reason, str) or len(s.reason) > 40:
        raise ValueError("reason must be a short text")
    line = []
    for i, x in enumerate(fields.items(pub["line"], "line", LINE)):
        if x is None:
            line.append(None)
            continue
        if not isinstance(x, Mapping):
            raise ValueError("a place in the line is null or {card, served, paid}")
        code = _code(x["card"], "line card", IN_LINE if i < C else GUESTS)
        line.append((code, fields.flag(x["served"], "served"), fields.flag(x["paid"], "paid")))
        if CARDS[code].kind not in GUESTS and (x["served"] or x["paid"]):
            raise ValueError("a bonus card is neither served nor paid")
    s.line = tuple(line)
    s.door = "" if pub["door"] is None else _task(pub["door"], "door")
    s.task_zone = tuple(
        (_task(t[0], "task zone"), _die(t[1], "task die"), fields.whole(t[2], "turns left", 0, 9))
        for t in (
            fields.items(t, "task zone entry", 3)
            for t in fields.items(pub["task_zone"], "task_zone")
        )
    )
    bonus = []
    for b in fields.items(pub["bonus"], "bonus"):
        b = fields.items(b, "bonus entry", 3)
        code = _code(b[0], "bonus zone", frozenset({CLEANING, VOUCHER, KEY, PINATA}))
        die = "" if b[1] is None else _die(b[1], "bonus die")
        left = fields.whole(b[2], "bonus turns", 0, 9)
        if CARDS[code].kind == CLEANING and not die:
            raise ValueError("a cleaning card in the bonus zone holds its die")
        if CARDS[code].kind == VOUCHER and die:
            raise ValueError("the meal voucher holds no die")
        if not die and left:
            raise ValueError("an idle bonus card has no turns left to count")
        bonus.append((code, die, left))
    if len(bonus) > BOARD.bonus_zone:
        raise ValueError(f"the bonus zone holds at most {BOARD.bonus_zone} cards")
    s.bonus = tuple(bonus)
    s.room = tuple(
        "" if d is None else _die(d, "rest room")
        for d in fields.items(pub["room"], "room", BOARD.rest_room)
    )
    dice = [fields.items(x, "die", 2) for x in fields.items(pub["dice"], "dice", len(DICE))]
    s.faces = tuple(x[0] for x in dice)
    s.status = tuple(x[1] for x in dice)
    s.cash = fields.whole(pub["cash"], "cash", 0, 10**6)
    s.fines = fields.whole(pub["fines"], "fines", 0, 10**6)
    s.fine_zone = tuple(
        _code(c, "fine zone", frozenset({"inspection"}))
        for c in fields.items(pub["fine_zone"], "fine_zone")
    )
    s.popularity = fields.whole(
        pub["popularity"], "popularity", BOARD.popularity_lost, BOARD.popularity_start
    )
    s.overtime = fields.whole(pub["overtime"], "overtime", 0, 2)
    s.extra = _maybe(pub["extra"], "extra", frozenset({EXTRA}))
    s.extra_used = fields.flag(pub["extra_used"], "extra_used")
    s.offer = _maybe(pub["offer"], "offer", frozenset({EXTRA}))
    s.to_reveal = fields.whole(pub["to_reveal"], "to_reveal", 0, 60)
    s.reveals = fields.whole(pub["reveals"], "reveals", 0, 10)
    s.prev_msg = pub["prev_msg"]
    if s.prev_msg not in ("", OPEN, TASK):
        raise ValueError("prev_msg must be '', 'open' or 'task'")
    s.pinata_seen = fields.flag(pub["pinata_seen"], "pinata_seen")
    s.follow = fields.flag(pub["follow"], "follow")
    s.ban_until = fields.whole(pub["ban_until"], "ban_until", 0, BOARD.turn_limit + 1)
    s.discards = fields.whole(pub["discards"], "discards", 0, BOARD.discards)
    s.gone = tuple(_code(c, "gone") for c in fields.items(pub["gone"], "gone"))
    s.tasks_gone = tuple(
        _task(c, "tasks_gone") for c in fields.items(pub["tasks_gone"], "tasks_gone")
    )
    s.opening = (s.cash, s.fines, s.popularity)  # a table without its events: nothing to recount


def check_table(s: Restaurant) -> None:
    """What a real game's table always is, or ValueError saying what is not: every customer
    card, task card and extra in exactly one place (deck, hand, line, bonus zone, fine zone, in
    play, on offer, out of the game), each die where its status says, stages and dice
    consistent. A save must pass it to load; the game's invariants (engine/taco/checks.py) hold
    every state of play to it."""
    versus = s.players == 2
    base = _cards_of(versus, s.options["characters"])
    found = [
        *s.deck,
        *s.hand,
        *(x[0] for x in s.line if x is not None),
        *(b[0] for b in s.bonus),
        *s.gone,
        *s.fine_zone,
        *(c for c in (s.extra, s.offer) if c),
        *s.extra_deck,
    ]
    where = set(found)
    if len(where) != len(found):
        counts = Counter(found)
        raise ValueError(f"cards in two places: {sorted(c for c, n in counts.items() if n > 1)}")
    inspections = where & INSPECTIONS
    if len(inspections) != 1:
        raise ValueError("exactly one inspection card is in the game")
    if (PINATA_CARD in where) != s.pinata_seen or (s.pinata_seen and not s.options["pinata"]):
        raise ValueError("the Fiesta Piñata is in play exactly when it has appeared")
    if where - inspections - {PINATA_CARD} != base:
        raise ValueError("the cards are not exactly this mode's customer deck")
    if not versus and (s.extra_deck or s.reveals or s.follow or s.ban_until or s.discards):
        raise ValueError("1 vs 1 fields in a solo game")
    tasks = [*s.task_deck, *(c for c in [s.door] if c), *(t[0] for t in s.task_zone), *s.tasks_gone]
    if sorted(tasks) != sorted(TASK_DECK):
        raise ValueError("the task cards are not each in exactly one place")
    if (s.stage == "extra") != bool(s.offer):
        raise ValueError("an extra is on offer exactly in the extra stage")
    if s.stage == "customers" and not s.hand:
        raise ValueError("the customer player plays from a hand")
    if s.follow and s.stage != "customers":
        raise ValueError("a follow-up play belongs to the customer stage")
    if s.to_reveal and s.stage != "extra":
        raise ValueError("cards are left to reveal only while an extra waits")
    if s.stage != "over" and s.popularity <= BOARD.popularity_lost:
        raise ValueError("popularity at its last space ends the game")
    if s.fine_zone and not s.fines:
        raise ValueError("a card in the fine zone waits for a fine")
    _check_dice(s)


INSPECTIONS = frozenset(INSPECTION_CARDS)


@cache
def _cards_of(versus: bool, characters: bool) -> frozenset[str]:
    """The customer deck of this mode (and the extras, in 1 vs 1)."""
    return frozenset(customer_deck(versus, characters)) | (
        frozenset(EXTRA_CARDS) if versus else frozenset()
    )


def _check_dice(s: Restaurant) -> None:
    captive = [t[1] for t in s.task_zone] + [b[1] for b in s.bonus if b[1]]
    resting = [d for d in s.room if d]
    if len(set(captive)) != len(captive) or len(set(resting)) != len(resting):
        raise ValueError("a die is in two places")
    for i, die in enumerate(DICE):
        face, st = s.faces[i], s.status[i]
        if st not in DIE_STATES or not isinstance(face, str):
            raise ValueError(f"die {die.id}: unknown status {st!r}")
        if (st == "busy") != (die.id in captive) or (st == "room") != (die.id in resting):
            raise ValueError(f"die {die.id}: its status {st!r} does not match where it is")
        if st in ("ready", "room", "busy", "locked", "wild"):
            if face:
                raise ValueError(f"die {die.id} shows no face while {st}")
        elif st == "rest":
            if face != REST or REST not in die.faces:
                raise ValueError(f"die {die.id}: only a rolled rest face rests")
        elif face not in TURNABLE:
            raise ValueError(f"die {die.id}: face {face!r} is not a face")
        if st == "locked" and (die.id != "T" or not s.fines):
            raise ValueError("only the trainee is locked, and only while a fine is unpaid")
        if s.stage in ("customers", "extra") and st in ("free", "used", "rest", "wild", "aside"):
            raise ValueError(f"die {die.id} is {st} before the roll")
        if s.stage == "management" and st in ("rest", "wild"):
            raise ValueError(f"die {die.id} cannot be {st} in phase 3")
    if any(d not in ("E1", "E2", "E3") for d in resting):
        raise ValueError("only employees rest")
