"""Whole states consistent with one seat's view: what bots reason about.

A seat sees the whole table but not: the other hands, picks not yet revealed, discards not yet
done, the order of the face-down decks (smugglers, discards, Mounties, province cards) and of
the cubes in the bag. ``Determiniser(view).sample(rng)`` deals all of that at random, consistent
with every count the view shows, and returns a real ``NachoState`` -- so bots apply the engine's
own rules to it. Only the view is read: a bot built on this cannot peek.

Other seats' secret choices in progress are undone rather than guessed: a seat that has picked
but is not yet revealed, or has discarded but not everyone is done, is shown as still to choose
(its cards back in its hand), so a search lets that seat choose for itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rng import Rng
from .components import (
    CARDS_OF_PROVINCE,
    FOOD_INDEX,
    MOUNTIE_INDEX,
    MOUNTIES,
    PROVINCE_CARD_INDEX,
    PROVINCE_INDEX,
    SMUGGLER_INDEX,
    SMUGGLERS,
)
from .rules import STEP_PHASES
from .state import GAME, NachoState
from .summary import summary_from_json


def _ids(items: Any) -> tuple[int, ...]:
    return tuple(SMUGGLER_INDEX[s["id"]] for s in items)


def _mids(items: Any) -> tuple[int, ...]:
    return tuple(MOUNTIE_INDEX[m["id"]] for m in items)


class Determiniser:
    """Reads a view once; each ``sample(rng)`` is a fresh full state consistent with it."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        me = view["seat"]
        if me is None:
            raise ValueError("a spectator view has no hand to determinise from")
        n = view["players"]
        phase = view["phase"]
        seats = view["seats"]
        self.me, self.players, self.phase = me, n, phase
        hand = _ids(view["hand"])
        own_pick = SMUGGLER_INDEX[view["pick"]["id"]] if view["pick"] else None
        own_pending = _ids(view["discarding"])
        revealed = tuple(
            None if seat["played"] is None else SMUGGLER_INDEX[seat["played"]["id"]]
            for seat in seats
        )
        keepers = tuple(tuple(_ids(c["keepers"]) for c in seat["cantinas"]) for seat in seats)
        cmounties = tuple(tuple(_mids(c["mounties"]) for c in seat["cantinas"]) for seat in seats)
        removed_s = _ids(view["smugglers"]["removed"])
        order = tuple(view["order"])
        pos = 0
        in_play: list[int | None] = [None] * n  # revealed picks not yet placed
        if phase in STEP_PHASES:
            active = view["active"]
            pos = order.index(active)
            for k, seat in enumerate(order):
                placed = k < pos or (k == pos and phase in ("arrest", "bored", "wander"))
                if not placed:
                    in_play[seat] = revealed[seat]
        # Smugglers this seat cannot see, and the hidden places they fill.
        seen = {*hand, *own_pending, *removed_s, *(k for k in in_play if k is not None)}
        if own_pick is not None:
            seen.add(own_pick)
        for seat in keepers:
            for here in seat:
                seen.update(here)
        self.unseen_smugglers = tuple(k for k in range(len(SMUGGLERS)) if k not in seen)
        sizes = []
        for s, seat in enumerate(seats):
            if s == me:
                sizes.append(0)
                continue
            size = seat["hand_size"] + seat["discarding"]  # undo secret discards
            if phase == "pick" and seat["picked"]:
                size += 1  # undo a secret pick
            sizes.append(size)
        self.hand_sizes = sizes
        self.draw_size = view["smugglers"]["draw"]
        self.discard_size = view["smugglers"]["discards"]
        # Mounties.
        mounties = view["mounties"]
        face = mounties["face_up"]
        self.face_up = MOUNTIE_INDEX[face["id"]] if face else None
        seen_m = {*_mids(mounties["removed"]), *(m for seat in cmounties for h in seat for m in h)}
        if self.face_up is not None:
            seen_m.add(self.face_up)
        self.unseen_mounties = tuple(m for m in range(len(MOUNTIES)) if m not in seen_m)
        self.mdeck_size = mounties["deck"]
        self.reserve_sizes = list(mounties["decks"])
        self.pool_size = mounties["pool"]
        # Everything public, as constructor fields; hidden ones are filled per sample.
        options = GAME.check_options(view["options"])
        provinces = view["provinces"]
        self.top_cards = tuple(PROVINCE_CARD_INDEX[p["card"]] for p in provinces)
        filled = tuple(
            sum(1 << k for k, spot in enumerate(p["spots"]) if spot["filled"]) for p in provinces
        )
        ready = (True,) * n  # only the discard phases wait for seats to be ready
        if phase in ("discard", "rechoose"):  # the others' discards are undone: all still to go
            ready = tuple(bool(seats[me]["ready"]) if s == me else False for s in range(n))
        picks: list[int | None] = list(in_play)
        if phase == "pick":
            picks = [own_pick if s == me else None for s in range(n)]
        pending = tuple(own_pending if s == me else () for s in range(n))
        bored = view["bored_mountie"]
        last = view["last_round"]
        self.fields: dict[str, Any] = {
            "players": n,
            "options": options,
            "stage": phase,
            "round_no": view["round"],
            "turn_no": view["turn"],
            "gem": view["gemstone"],
            "gold": tuple(seat["gold"] for seat in seats),
            "pending": pending,
            "ready": ready,
            "picks": tuple(picks),
            "revealed": revealed,
            "warehouses": tuple(
                tuple(sorted(FOOD_INDEX[f] for f in seat["cubes"])) for seat in seats
            ),
            "bag": tuple(view["bag"][f] for f in FOOD_INDEX),
            "aside": tuple(view["aside"][f] for f in FOOD_INDEX),
            "filled": filled,
            "keepers": keepers,
            "cmounties": cmounties,
            "mface": self.face_up is not None,
            "removed_m": _mids(mounties["removed"]),
            "removed_s": removed_s,
            "order": order,
            "pos": pos,
            "dest": None if view["destination"] is None else PROVINCE_INDEX[view["destination"]],
            "resolved": sum(1 << PROVINCE_INDEX[c] for c in view["acted"]),
            "arrest_at": None if view["cantina"] is None else PROVINCE_INDEX[view["cantina"]],
            "arrester": None if bored is None else MOUNTIE_INDEX[bored["id"]],
            "seller": 0 if view["seller"] is None else (view["seller"] - view["gemstone"]) % n,
            "last_round": None if last is None else summary_from_json(last, n),
            "events": (),
        }
        self.own_hand = tuple(sorted(hand))

    def sample(self, rng: Rng) -> NachoState:
        me, n = self.me, self.players
        smugglers = rng.shuffled(self.unseen_smugglers)
        hands, at = [], 0
        for s in range(n):
            if s == me:
                hands.append(self.own_hand)
                continue
            hands.append(tuple(sorted(smugglers[at : at + self.hand_sizes[s]])))
            at += self.hand_sizes[s]
        draw = tuple(smugglers[at : at + self.draw_size])
        discards = tuple(smugglers[at + self.draw_size :])
        mounties = rng.shuffled(self.unseen_mounties)
        deck_rest = self.mdeck_size - (1 if self.face_up is not None else 0)
        mdeck = tuple(mounties[:deck_rest])
        if self.face_up is not None:
            mdeck = (self.face_up, *mdeck)
        at = deck_rest
        reserve = []
        for size in self.reserve_sizes:
            reserve.append(tuple(mounties[at : at + size]))
            at += size
        mpool = tuple(sorted(mounties[at:]))
        pdecks = []
        for prov, top in enumerate(self.top_cards):
            rest = [c for c in CARDS_OF_PROVINCE[prov] if c != top]
            pdecks.append((top, *rng.shuffled(rest)))
        return NachoState(
            rng=rng.next_u64(),
            hands=tuple(hands),
            draw=draw,
            discards=discards,
            mdeck=mdeck,
            mreserve=tuple(reserve),
            mpool=mpool,
            pdecks=tuple(pdecks),
            **self.fields,
        )


def determinise(view: Mapping[str, Any], rng: Rng) -> NachoState:
    """One random full state consistent with ``view`` (see ``Determiniser``)."""
    return Determiniser(view).sample(rng)
