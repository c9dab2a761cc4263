"""What one seat may see of the Crazy Taco restaurant.

Hidden: the order of the customer, task and Extra decks (only their counts show; which
inspection card was shuffled in stays unseen until drawn), and in 1 vs 1 the customer player's
hand (the manager sees how many cards it holds). Everything else is on the table.

For a screen the view names every place on the board (counter positions, the patience zone,
the storeroom door, the task zone with timers, the bonus zone, the rest room, the fine zone,
cash, popularity, the extra in play, cards left) and every die's face and state; ``moves``
splits the seat's legal actions into verb, target and dice, so a screen can light the targets
a selection of dice could go to. ``table`` is the public part of the save, for bots and tools.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import (
    Action,
    Assign,
    Bonus,
    Discard,
    End,
    Menu,
    Offer,
    Order,
    Play,
    Reroll,
    Spend,
    Turn,
    Voucher,
)
from .board import BOARD, MENU, OVERTIME_COSTS, SPOTS
from .cards import CARDS, KEY, describe
from .dice import DICE, FACE_EMOJI, FACES
from .flow import reroll_cost
from .hand import is_banned
from .ledger import scores
from .restaurant import Restaurant
from .roll import DIE_STATES
from .save import save

VIEW_VERSION = 1
C = BOARD.counter


def _place(s: Restaurant, i: int) -> dict[str, Any]:
    slot = s.line[i]
    out: dict[str, Any] = {
        "spot": SPOTS[i],
        "zone": "counter" if i < C else "patience",
        "card": None,
    }
    if slot is not None:
        out["card"] = {**describe(slot[0]), "served": slot[1], "paid": slot[2]}
    return out


def _dice(s: Restaurant) -> list[dict[str, Any]]:
    where: dict[str, tuple[str, str, int]] = {}
    for code, die, left in s.task_zone:
        where[die] = ("task zone", code, left)
    for code, die, left in s.bonus:
        if die:
            where[die] = ("bonus zone", code, left)
    for i, die in enumerate(s.room):
        if die:
            where[die] = ("rest room", f"space {i + 1}", 0)
    out = []
    for i, die in enumerate(DICE):
        st = s.status[i]
        place, on, left = where.get(die.id, ("fine zone" if st == "locked" else "tray", "", 0))
        face = s.faces[i]
        out.append(
            {
                "id": die.id,
                "worker": die.worker,
                "label": die.label,
                "face": face or None,
                "face_name": FACES.get(face),
                "emoji": FACE_EMOJI.get(face),
                "state": st,
                "state_text": DIE_STATES[st],
                "usable": st in ("free", "kept"),
                "where": place,
                "on": on or None,
                "turns_left": left if place in ("task zone", "bonus zone") else None,
            }
        )
    return out


def move_parts(a: Any) -> dict[str, Any]:
    """A legal action as verb, target and dice (the notation is the ``text``)."""
    out: dict[str, Any] = {"text": str(a), "dice": []}
    if isinstance(a, Order):
        out.update(verb=a.verb, target=a.spot, dice=list(a.dice))
    elif isinstance(a, Voucher):
        out.update(verb="voucher", target=a.spot)
    elif isinstance(a, Bonus):
        out.update(verb="bonus", target=a.spot, dice=[a.die])
    elif isinstance(a, Assign):
        target = {"task": "door", "key": "key", "pinata": "pinata", "keep": "keep"}[a.verb]
        out.update(verb=a.verb, target=target, dice=[a.die])
    elif isinstance(a, Menu):
        out.update(verb="menu", target=a.item, dice=list(a.dice), recover=list(a.recover))
    elif isinstance(a, Turn):
        out.update(verb="turn", target=a.face, dice=[a.die])
    elif isinstance(a, Reroll):
        out.update(verb="reroll", target="reroll", dice=list(a.dice))
    elif isinstance(a, Spend):
        out.update(verb=a.verb, target=a.verb, dice=[a.die] if a.die else [])
    elif isinstance(a, Offer):
        out.update(verb=a.verb, target="offer")
    elif isinstance(a, End):
        out.update(verb="end", target=a.what)
    elif isinstance(a, Play):
        out.update(verb="play", target=a.card)
    elif isinstance(a, Discard):
        out.update(verb="discard", target="deck", cards=list(a.cards))
    return out


def view(s: Restaurant, player: int | None, legal: Sequence[Action]) -> dict[str, Any]:
    """The game's part of ``player``'s view (None: a spectator), ``legal`` being that seat's
    legal actions."""
    menu_ok = {a.item for a in legal if isinstance(a, Menu)}
    verbs = {a.verb for a in legal if isinstance(a, Spend)}
    if "overtime" in verbs:
        menu_ok.add(f"overtime{s.overtime + 1}")
    if "advertise" in verbs:
        menu_ok.add("advertise")
    if any(isinstance(a, Reroll) for a in legal):
        menu_ok.add("reroll")
    # The table's prices: 1 vs 1 has its own re-roll price (the option ``reroll_price``).
    cost_of = {m.id: m.cost for m in MENU} | {"reroll": reroll_cost(s)}
    overtime_next = OVERTIME_COSTS[s.overtime] if s.overtime < len(OVERTIME_COSTS) else None
    key_on = any(CARDS[c].kind == KEY and d for c, d, _ in s.bonus)
    public = save(s)["public"]
    out: dict[str, Any] = {
        "taco_view_version": VIEW_VERSION,
        "mode": "versus" if s.versus else "solo",
        "options": dict(s.options),
        "roles": ["manager", "customers"] if s.versus else ["manager"],
        "turn": s.turn_no,
        "stage": s.stage,
        "result": s.result or None,
        "reason": s.reason or None,
        "score": scores(s)[0] if not s.versus else None,
        "popularity": {
            "value": s.popularity,
            "max": BOARD.popularity_start,
            "lost_at": BOARD.popularity_lost,
        },
        "cash": s.cash,
        "fines": s.fines,
        "fine_zone": [describe(c) for c in s.fine_zone],
        "trainee_locked": s.status[-1] == "locked",
        "overtime": {"used": s.overtime, "max": len(OVERTIME_COSTS), "next_cost": overtime_next},
        "counter": [_place(s, i) for i in range(C)],
        "patience": [_place(s, i) for i in range(C, len(SPOTS))],
        "door": describe(s.door) if s.door else None,
        "task_zone": [{"task": describe(c), "die": d, "turns_left": n} for c, d, n in s.task_zone],
        "bonus_zone": {
            "capacity": BOARD.bonus_zone,
            "cards": [
                {
                    "card": describe(c),
                    "die": d or None,
                    "turns_left": n if d else None,
                    "state": "active" if d else "waiting",
                }
                for c, d, n in s.bonus
            ],
        },
        "rest_room": [{"space": i + 1, "die": d or None} for i, d in enumerate(s.room)],
        "rest_entrance": BOARD.rest_entrance,
        "key_active": key_on,
        "dice": _dice(s),
        "extra": describe(s.extra) if s.extra else None,
        "extra_used": s.extra_used,
        "offer": describe(s.offer) if s.offer else None,
        "deck": {
            "customers": len(s.deck),
            "tasks": len(s.task_deck),
            "extras": len(s.extra_deck),
        },
        "cards_left": len(s.deck) + len(s.hand),
        "hand_count": len(s.hand),
        "menu": [
            {
                "id": m.id,
                "name": m.name,
                "text": m.text.replace(f"${m.cost}", f"${cost_of[m.id]}"),
                "cost": cost_of[m.id],
                "needs": [
                    dict(zip(("food", "drink", "money", "blank"), n, strict=True)) for n in m.needs
                ],
                "available": m.id in menu_ok,
            }
            for m in MENU
        ],
        "moves": [move_parts(a) for a in legal],
        "table": public,
    }
    if s.versus:
        out["customer_player"] = {
            "banned": is_banned(s),
            "ban_until": s.ban_until,
            "must_follow": s.follow,
            "discards_left": BOARD.discards - s.discards,
        }
    if player == 1 and s.versus:
        out["hand"] = [describe(c) for c in s.hand]
    return out
