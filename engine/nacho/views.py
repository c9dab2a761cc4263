"""What one seat sees of The Nacho Incident's table, as plain JSON.

Everything on the table is public: province cards and their filled spots, every warehouse,
every cantina with its keepers and Mounties, gold, the gemstone, the face-up Mountie, how many
cards are left in each deck, the last round's summary, and the bag's contents (32 cubes minus
every cube in sight). Hidden:
other players' hands, picks before the reveal, this refresh's discards before everyone is done,
the order of every face-down deck and the face-down discard pile.

A view is new JSON each time: nothing in it is the table's own.

``choice`` describes the viewing seat's legal actions for a UI (what each tap means), and
``hand`` gives each smuggler's reachable provinces.
"""

from __future__ import annotations

from typing import Any

from . import flow, rules
from .actions import (
    Arrest,
    ChooseMountie,
    Deliver,
    Discard,
    Done,
    GiveGem,
    Go,
    NoCube,
    Pick,
    Sell,
    Wander,
)
from .components import (
    CANTINA_BONUS,
    FOODS,
    HAND_SIZE,
    PROVINCE_CARDS,
    PROVINCES,
    ROUNDS,
    SALE_PRICE,
    TURNS_PER_ROUND,
    WAREHOUSE_CUBES,
    food_data,
    mountie_data,
    smuggler_data,
)
from .rules import STEP_PHASES
from .summary import summary_json
from .table import Table

VIEW_VERSION = 1


def _foods(items: Any) -> list[str]:
    return [FOODS[f].code for f in items]


def province_view(s: Table, prov: int) -> dict[str, Any]:
    card = s.pdecks[prov][0]
    filled = s.filled[prov]
    return {
        "id": PROVINCES[prov].code,
        "name": PROVINCES[prov].name,
        "bonus": CANTINA_BONUS[prov],
        "card": PROVINCE_CARDS[card].code,
        "cards": len(s.pdecks[prov]),
        "spots": [
            {**food_data(food), "price": price, "filled": bool(filled >> k & 1)}
            for k, (food, price) in enumerate(PROVINCE_CARDS[card].spots)
        ],
        "full": filled == 15,
    }


def seat_view(s: Table, seat: int) -> dict[str, Any]:
    revealed = s.revealed[seat]
    done_step = seat in s.order[: s.pos] if s.stage in STEP_PHASES else s.stage not in ("pick",)
    return {
        "seat": seat,
        "gold": s.gold[seat],
        "cubes": _foods(s.warehouses[seat]),
        "hand_size": len(s.hands[seat]),
        "gem": s.gem == seat,
        "picked": s.picks[seat] is not None if s.stage == "pick" else revealed is not None,
        "played": None if revealed is None else smuggler_data(revealed),
        "placed": revealed is not None and done_step,
        "ready": bool(s.ready[seat]) if s.stage in ("discard", "rechoose") else None,
        "discarding": len(s.pending[seat]),
        "cantinas": [
            {
                "province": PROVINCES[prov].code,
                "bonus": CANTINA_BONUS[prov],
                "keepers": [smuggler_data(k) for k in s.keepers[seat][prov]],
                "total": rules.keeper_total(s.keepers[seat][prov]),
                "mounties": [mountie_data(m) for m in s.cmounties[seat][prov]],
            }
            for prov in range(len(PROVINCES))
        ],
        "mountie_penalty": rules.mountie_penalty(s.cmounties[seat]),
    }


def view(s: Table, player: int | None) -> dict[str, Any]:
    """The game's part of the view (``State.view`` adds the envelope)."""
    stage = s.stage
    active = s.order[s.pos] if stage in STEP_PHASES else None
    out: dict[str, Any] = {
        "nacho_view_version": VIEW_VERSION,
        "round": s.round_no,
        "rounds": ROUNDS,
        "turn": s.turn_no,
        "turns_per_round": TURNS_PER_ROUND,
        "gemstone": s.gem,
        "provinces": [province_view(s, prov) for prov in range(len(PROVINCES))],
        "mounties": {
            "face_up": mountie_data(s.mdeck[0]) if s.mface and s.mdeck else None,
            "deck": len(s.mdeck),
            "decks": [len(d) for d in s.mreserve],
            "pool": len(s.mpool),
            "removed": [mountie_data(m) for m in s.removed_m],
            "random": s.options["random_mounties"],
        },
        "bag": {FOODS[f].code: c for f, c in enumerate(s.bag)},
        "aside": {FOODS[f].code: c for f, c in enumerate(s.aside)},
        "smugglers": {
            "draw": len(s.draw),
            "discards": len(s.discards),
            "removed": [smuggler_data(k) for k in s.removed_s],
        },
        "seats": [seat_view(s, seat) for seat in range(s.players)],
        "order": list(s.order),
        "active": active,
        "destination": None if s.dest is None else PROVINCES[s.dest].code,
        "cantina": None if s.arrest_at is None else PROVINCES[s.arrest_at].code,
        "acted": [PROVINCES[c].code for c in range(len(PROVINCES)) if s.resolved >> c & 1],
        "bored_mountie": None if s.arrester is None else mountie_data(s.arrester),
        "seller": (s.gem + s.seller) % s.players if stage == "sell" else None,
        "last_round": None if s.last_round is None else summary_json(s.last_round),
        "limits": {"hand": HAND_SIZE, "warehouse": WAREHOUSE_CUBES, "sale_price": SALE_PRICE},
        "options": dict(s.options),
    }
    if player is not None:
        own_pick = s.picks[player] if stage == "pick" else None
        out["hand"] = [smuggler_data(k) for k in s.hands[player]]
        out["pick"] = None if own_pick is None else smuggler_data(own_pick)
        out["discarding"] = [smuggler_data(k) for k in s.pending[player]]
        out["choice"] = choice(s, player)
    return out


def choice(s: Table, player: int) -> dict[str, Any] | None:
    """What the seat may do now, one entry per legal action with what the tap means."""
    legal = flow.legal_for(s, player)
    if not legal:
        return None
    return {"kind": s.stage, "options": [describe(s, player, a) for a in legal]}


def describe(s: Table, player: int, action: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"action": str(action)}
    if isinstance(action, Pick | Discard):
        out["smuggler"] = smuggler_data(action.smuggler)
    elif isinstance(action, Go):
        card, filled = s.pdecks[action.province][0], s.filled[action.province]
        out["province"] = PROVINCES[action.province].code
        out["deliverable"] = [
            {"food": FOODS[f].code, "price": rules.price(card, f)}
            for f in rules.deliverable(s.warehouses[player], card, filled)
        ]
    elif isinstance(action, Deliver):
        out["food"] = FOODS[action.food].code
        out["price"] = rules.price(s.pdecks[s.dest][0], action.food)
        out["from"] = action.victim
        if action.victim is not None:
            out["give"] = _foods(s.warehouses[player])
    elif isinstance(action, NoCube):
        out["food"] = None
    elif isinstance(action, ChooseMountie):
        out["mountie"] = mountie_data(action.mountie)
    elif isinstance(action, Arrest):
        where = next(q for q, here in enumerate(s.keepers[player]) if action.smuggler in here)
        out["smuggler"] = smuggler_data(action.smuggler)
        out["province"] = PROVINCES[where].code
    elif isinstance(action, Wander):
        out["province"] = PROVINCES[action.province].code
    elif isinstance(action, GiveGem):
        out["seat"] = action.seat
    elif isinstance(action, Sell):
        out["food"] = FOODS[action.food].code
        out["gold"] = SALE_PRICE
    elif isinstance(action, Done):
        if s.stage == "sell":
            out["refill"] = max(0, WAREHOUSE_CUBES - len(s.warehouses[player]))
        else:
            out["draw"] = max(0, HAND_SIZE - len(s.hands[player]))
    return out
