"""Build exact Crazy Taco tables for tests: a readable spec in, a consistent ``TacoState`` out
(every card and task in exactly one place, so saves load and views render).

    table(line={"1": "C03", "2": "C12 served", "p1": "C20 paid"}, dice="M=$ E1=F E2=F T=D",
          cash=4, door="T01", room=("", "E3", ""))

``dice``: ``ID=FACE`` for a die to place this turn (status free), ``ID=FACE:kept`` (or any
other status showing a face), ``ID:room`` / ``ID:busy`` / ``ID:locked`` / ``ID:ready`` for a
die showing nothing. Dice not named are ``ready``. Busy dice must appear in ``tasks`` or
``bonus``; dice in ``room`` are put there.
"""

from __future__ import annotations

from typing import Any

from engine.taco.board import BOARD, SPOTS
from engine.taco.cards import EXTRA_CARDS, INSPECTION_CARDS, TASK_DECK, all_codes, customer_deck
from engine.taco.dice import DICE
from engine.taco.restaurant import FIELDS
from engine.taco.save import check_table
from engine.taco.state import TacoGame, TacoState

IDS = [d.id for d in DICE]


def parse_dice(spec: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    faces = {d: "" for d in IDS}
    status = {d: "ready" for d in IDS}
    for word in spec.split():
        if "=" in word:
            die, rest = word.split("=")
            face, _, st = rest.partition(":")
            faces[die], status[die] = face, st or ("rest" if face == "Z" else "free")
        else:
            die, st = word.split(":")
            status[die] = st
    return tuple(faces[d] for d in IDS), tuple(status[d] for d in IDS)


def table(
    *,
    players: int = 1,
    line: dict[str, str] | None = None,
    dice: str = "",
    stage: str = "placement",
    deck: tuple[str, ...] | None = None,
    hand: tuple[str, ...] = (),
    task_deck: tuple[str, ...] | None = None,
    door: str = "",
    tasks: tuple[tuple[str, str, int], ...] = (),
    bonus: tuple[tuple[str, str, int], ...] = (),
    room: tuple[str, ...] = ("", "", ""),
    cash: int = 0,
    fines: int = 0,
    fine_zone: tuple[str, ...] = (),
    popularity: int = BOARD.popularity_start,
    overtime: int = 0,
    extra: str = "",
    extra_used: bool = False,
    offer: str = "",
    extra_deck: tuple[str, ...] | None = None,
    inspection: str = "C54",
    options: dict[str, Any] | None = None,
    turn: int = 5,
    check: bool = True,
    **more: Any,
) -> TacoState:
    versus = players == 2
    opts = TacoGame().check_options(options)  # the defaults: characters in, no piñata
    slots: list[Any] = [None] * len(SPOTS)
    for spot, text in (line or {}).items():
        code, *marks = text.split()
        slots[SPOTS.index(spot)] = (code, "served" in marks, "paid" in marks)
    faces, status = parse_dice(dice)
    placed = {x[0] for x in slots if x} | {b[0] for b in bonus} | set(hand) | set(fine_zone)
    placed |= {c for c in (extra, offer) if c}
    gone = tuple(more.pop("gone", ()))
    placed |= set(gone)
    if versus:
        rest_extras = [c for c in EXTRA_CARDS if c not in placed]
        if extra_deck is None:
            extra_deck = tuple(rest_extras)
        placed |= set(extra_deck)
    everything = [
        c
        for c in all_codes(versus, opts["characters"], False)
        if c not in INSPECTION_CARDS or c == inspection
    ]
    if deck is None:
        deck = tuple(c for c in everything if c not in placed)
    else:
        placed |= set(deck)
        gone = gone + tuple(c for c in everything if c not in placed)
    used_tasks = {door, *(t[0] for t in tasks)}
    if task_deck is None:
        task_deck = tuple(t for t in TASK_DECK if t not in used_tasks)
    tasks_gone = tuple(t for t in TASK_DECK if t not in used_tasks and t not in task_deck)
    fields: dict[str, Any] = dict(
        players=players,
        options=opts,
        rng=12345,
        turn_no=turn,
        stage=stage,
        result="",
        reason="",
        deck=tuple(deck),
        hand=tuple(sorted(hand)),
        task_deck=tuple(task_deck),
        extra_deck=tuple(extra_deck or ()),
        line=tuple(slots),
        door=door,
        task_zone=tuple(tasks),
        bonus=tuple(bonus),
        room=tuple(room),
        faces=faces,
        status=status,
        cash=cash,
        fines=fines,
        fine_zone=tuple(fine_zone),
        popularity=popularity,
        overtime=overtime,
        extra=extra,
        extra_used=extra_used,
        offer=offer,
        to_reveal=0,
        reveals=0,
        prev_msg="",
        pinata_seen=False,
        follow=False,
        ban_until=0,
        discards=0,
        gone=gone,
        tasks_gone=tasks_gone,
        opening=(cash, fines, popularity),
        happened=(),
    )
    fields.update(more)
    s = TacoState()
    for name in FIELDS:
        setattr(s, name, fields[name])
    if check:
        check_table(s)
    return s


def spot(state: TacoState, name: str) -> tuple[str, bool, bool] | None:
    return state.line[SPOTS.index(name)]


def die(state: TacoState, name: str) -> tuple[str, str]:
    i = IDS.index(name)
    return state.faces[i], state.status[i]


def kinds(state: TacoState) -> list[str]:
    return [e.kind for e in state.events]


def legal(state: TacoState, seat: int = 0) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


__all__ = ["customer_deck", "die", "kinds", "legal", "spot", "table"]
