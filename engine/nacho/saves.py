"""A Nacho Incident table as a save (``save``), and back (``load``): every field checked, every
card accounted for.

A save that is not a consistent game raises ValueError naming the problem (``NachoGame.
from_dict`` adds "bad The Nacho Incident save: "). Consistent means (``check_table``): each of
the 56 smugglers, 12 Mounties and 12 province cards is in exactly one place; the 32 cubes are 4
of each food between the bag, the market, the warehouses and the province cards; each seat's
gold is what its ledger adds up to; and the phase's own fields (who is to act, the play order,
the chosen destination, the cantina where Mounties act) fit each other. ``checks.invariants``
holds every table of a game to the same.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any, TypeVar

from .. import fields
from ..protocol import UNDATED, Game, events_from_json, events_to_json
from . import rules
from .components import (
    CARDS_OF_PROVINCE,
    CUBES_PER_FOOD,
    FOOD_INDEX,
    FOODS,
    HAND_SIZE,
    MOUNTIE_INDEX,
    MOUNTIES,
    PROVINCE_CARD_INDEX,
    PROVINCE_CARDS,
    PROVINCE_INDEX,
    PROVINCES,
    ROUNDS,
    SMUGGLER_INDEX,
    SMUGGLERS,
    TURNS_PER_ROUND,
)
from .rules import PHASES, STEP_PHASES
from .summary import summary_from_json, summary_json
from .table import LEDGER, Table, opening, recount

GOLD_LIMIT = 10**6
T = TypeVar("T", bound=Table)


def save(s: Table, game: str, version: int) -> dict[str, Any]:
    """The whole table as new JSON-ready data (``NachoState.to_dict``)."""
    smugglers = lambda items: [SMUGGLERS[i].code for i in items]  # noqa: E731
    mounties = lambda items: [MOUNTIES[i].code for i in items]  # noqa: E731
    foods = lambda items: [FOODS[i].code for i in items]  # noqa: E731
    counts = lambda items: {FOODS[i].code: c for i, c in enumerate(items)}  # noqa: E731
    return {
        "game": game,
        "version": version,
        "players": s.players,
        "options": dict(s.options),
        "public": {
            "phase": s.stage,
            "round": s.round_no,
            "turn": s.turn_no,
            "gem": s.gem,
            "gold": list(s.gold),
            "ledger": [dict(zip(LEDGER, entry, strict=True)) for entry in s.ledger],
            "ready": list(s.ready),
            "revealed": [None if r is None else SMUGGLERS[r].code for r in s.revealed],
            "warehouses": [foods(w) for w in s.warehouses],
            "bag": counts(s.bag),
            "aside": counts(s.aside),
            "provinces": [
                {
                    "deck": [PROVINCE_CARDS[c].code for c in deck],
                    "filled": [bool(filled >> k & 1) for k in range(4)],
                }
                for deck, filled in zip(s.pdecks, s.filled, strict=True)
            ],
            "keepers": [[smugglers(here) for here in seat] for seat in s.keepers],
            "mounties": [[mounties(here) for here in seat] for seat in s.cmounties],
            "face_up": s.mface,
            "removed_mounties": mounties(s.removed_m),
            "removed_smugglers": smugglers(s.removed_s),
            "order": list(s.order),
            "pos": s.pos,
            "dest": None if s.dest is None else PROVINCES[s.dest].code,
            "resolved": s.resolved,
            "arrest_at": None if s.arrest_at is None else PROVINCES[s.arrest_at].code,
            "arrester": None if s.arrester is None else MOUNTIES[s.arrester].code,
            "seller": s.seller,
            "last_round": None if s.last_round is None else summary_json(s.last_round),
        },
        "players_private": [
            {
                "hand": smugglers(s.hands[p]),
                "pick": None if s.picks[p] is None else SMUGGLERS[s.picks[p]].code,
                "pending": smugglers(s.pending[p]),
            }
            for p in range(s.players)
        ],
        "secret": {
            "rng": f"{s.rng:016x}",
            "draw": smugglers(s.draw),
            "discards": smugglers(s.discards),
            "mdeck": mounties(s.mdeck),
            "mreserve": [mounties(d) for d in s.mreserve],
            "mpool": mounties(s.mpool),
        },
        "events": events_to_json(s.events),
    }


def _codes(value: Any, index: Mapping[str, int], what: str) -> tuple[int, ...]:
    out = []
    for code in fields.items(value, what):
        if not isinstance(code, str) or code not in index:
            raise ValueError(f"{what}: {code!r} is not a card of the game")
        out.append(index[code])
    return tuple(out)


def _code(value: Any, index: Mapping[str, int], what: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, str) or value not in index:
        raise ValueError(f"{what} must be one of {sorted(index)} or null, got {value!r}")
    return index[value]


def _counts(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, Mapping) or set(value) != set(FOOD_INDEX):
        raise ValueError(f"{what} must give a count for each food {list(FOOD_INDEX)}")
    return tuple(fields.whole(value[f.code], f"{what}.{f.code}", 0, CUBES_PER_FOOD) for f in FOODS)


def _grid(value: Any, players: int, index: Mapping[str, int], what: str) -> tuple:
    return tuple(
        tuple(_codes(here, index, what) for here in fields.items(seat, what, len(PROVINCES)))
        for seat in fields.per_seat(value, players, what)
    )


def _once(found: list[int], total: int, what: str) -> None:
    counts = Counter(found)
    twice = [i for i, c in counts.items() if c > 1]
    if twice or len(counts) != total:
        raise ValueError(f"every {what} must be in exactly one place ({len(counts)} of {total})")


def _ledger(value: Any, gold: tuple[int, ...]) -> tuple[Any, ...]:
    """Each seat's ledger; a save written before the ledger existed has none: its gold is then
    where the ledger opens (``table.opening``)."""
    if value is None:
        return tuple(opening(g) for g in gold)
    out = []
    for entry in fields.per_seat(value, len(gold), "ledger"):
        if not isinstance(entry, Mapping) or set(entry) != set(LEDGER):
            raise ValueError(f"a ledger entry must give {list(LEDGER)}, got {entry!r}")
        low = lambda k: -GOLD_LIMIT if k == "opening" else 0  # noqa: E731
        out.append(tuple(fields.whole(entry[k], f"ledger.{k}", low(k), GOLD_LIMIT) for k in LEDGER))
    return tuple(out)


def load(game: Game, data: Mapping[str, Any], make: type[T]) -> T:
    players, opts = game.check_setup(data["players"], data["options"], UNDATED)
    if opts["gemstone"] is not None and opts["gemstone"] >= players:
        raise ValueError(f"option 'gemstone' must be a seat 0..{players - 1} or None")
    pub, priv, sec = data["public"], data["players_private"], data["secret"]
    if not all(isinstance(x, Mapping) for x in (pub, sec)):
        raise ValueError("public and secret must be objects")
    stage = pub["phase"]
    if stage not in PHASES:
        raise ValueError(f"phase must be one of {list(PHASES)}, got {stage!r}")
    seat = lambda v, what: fields.whole(v, what, 0, players - 1)  # noqa: E731
    S, M = SMUGGLER_INDEX, MOUNTIE_INDEX

    privs = [p if isinstance(p, Mapping) else {} for p in fields.per_seat(priv, players, "private")]
    hands = tuple(tuple(sorted(_codes(p["hand"], S, "hand"))) for p in privs)
    picks = tuple(_code(p["pick"], S, "pick") for p in privs)
    pending = tuple(_codes(p["pending"], S, "pending") for p in privs)
    revealed = tuple(
        _code(r, S, "revealed") for r in fields.per_seat(pub["revealed"], players, "revealed")
    )
    gold = tuple(
        fields.whole(g, "gold", -GOLD_LIMIT, GOLD_LIMIT)
        for g in fields.per_seat(pub["gold"], players, "gold")
    )
    ready = tuple(fields.flag(r, "ready") for r in fields.per_seat(pub["ready"], players, "ready"))
    warehouses = tuple(
        tuple(sorted(_codes(w, FOOD_INDEX, "warehouse")))
        for w in fields.per_seat(pub["warehouses"], players, "warehouses")
    )
    keepers = _grid(pub["keepers"], players, S, "keepers")
    cmounties = _grid(pub["mounties"], players, M, "mounties")
    provinces = fields.items(pub["provinces"], "provinces", len(PROVINCES))
    pdecks, filled = [], []
    for prov, info in enumerate(provinces):
        deck = _codes(info["deck"], PROVINCE_CARD_INDEX, "province deck")
        if sorted(deck) != sorted(CARDS_OF_PROVINCE[prov]):
            raise ValueError(f"{PROVINCES[prov].name}'s deck must hold exactly its 3 cards")
        bits = [fields.flag(b, "filled") for b in fields.items(info["filled"], "filled", 4)]
        pdecks.append(deck)
        filled.append(sum(1 << k for k, b in enumerate(bits) if b))
    bag, aside = _counts(pub["bag"], "bag"), _counts(pub["aside"], "aside")
    mreserve = tuple(_codes(d, M, "mreserve") for d in fields.items(sec["mreserve"], "mreserve"))
    rng_text = sec["rng"]
    if not isinstance(rng_text, str) or not re.fullmatch(r"[0-9a-f]{1,16}", rng_text):
        raise ValueError("secret.rng must be the generator state as 1 to 16 hex digits")
    order = tuple(seat(x, "order") for x in fields.items(pub["order"], "order"))
    last_round = pub["last_round"]
    state = make(
        players=players,
        options=opts,
        rng=int(rng_text, 16),
        stage=stage,
        round_no=fields.whole(pub["round"], "round", 1, ROUNDS),
        turn_no=fields.whole(pub["turn"], "turn", 1, TURNS_PER_ROUND),
        gem=seat(pub["gem"], "gem"),
        gold=gold,
        ledger=_ledger(pub.get("ledger"), gold),
        hands=hands,
        draw=_codes(sec["draw"], S, "draw"),
        discards=_codes(sec["discards"], S, "discards"),
        pending=pending,
        ready=ready,
        picks=picks,
        revealed=revealed,
        warehouses=warehouses,
        bag=bag,
        aside=aside,
        pdecks=tuple(pdecks),
        filled=tuple(filled),
        keepers=keepers,
        cmounties=cmounties,
        mdeck=_codes(sec["mdeck"], M, "mdeck"),
        mface=fields.flag(pub["face_up"], "face_up"),
        mreserve=mreserve,
        mpool=_codes(sec["mpool"], M, "mpool"),
        removed_m=_codes(pub["removed_mounties"], M, "removed_mounties"),
        removed_s=_codes(pub["removed_smugglers"], S, "removed_smugglers"),
        order=order,
        pos=fields.whole(pub["pos"], "pos", 0, players),
        dest=_code(pub["dest"], PROVINCE_INDEX, "dest"),
        resolved=fields.whole(pub["resolved"], "resolved", 0, 15),
        arrest_at=_code(pub["arrest_at"], PROVINCE_INDEX, "arrest_at"),
        arrester=_code(pub["arrester"], M, "arrester"),
        seller=fields.whole(pub["seller"], "seller", 0, players - 1),
        last_round=None if last_round is None else summary_from_json(last_round, players),
        events=events_from_json(data.get("events"), players),
    )
    check_table(state)
    return state


def check_table(s: Table) -> None:
    """Raise ValueError naming the first way ``s`` is not a consistent table."""
    _check_cards(s)
    _check_gold(s)
    _check_phase(s)


def _check_gold(s: Table) -> None:
    for seat, (gold, entry) in enumerate(zip(s.gold, s.ledger, strict=True)):
        if gold != recount(entry):
            raise ValueError(f"seat {seat}'s gold ({gold}) is not what its ledger adds up to")


def _check_cards(s: Table) -> None:
    smugglers = [
        *(k for h in s.hands for k in h),
        *(k for k in s.picks if k is not None),
        *(k for p in s.pending for k in p),
        *s.draw,
        *s.discards,
        *(k for seat in s.keepers for here in seat for k in here),
        *s.removed_s,
    ]
    _once(smugglers, len(SMUGGLERS), "smuggler")
    mounties = [
        *s.mdeck,
        *(m for d in s.mreserve for m in d),
        *s.mpool,
        *(m for seat in s.cmounties for here in seat for m in here),
        *s.removed_m,
    ]
    _once(mounties, len(MOUNTIES), "Mountie")
    cubes = Counter(f for w in s.warehouses for f in w)
    for prov, deck in enumerate(s.pdecks):
        for k, (food, _price) in enumerate(PROVINCE_CARDS[deck[0]].spots):
            cubes[food] += s.filled[prov] >> k & 1
    for food in range(len(FOODS)):
        if cubes[food] + s.bag[food] + s.aside[food] != CUBES_PER_FOOD:
            raise ValueError(f"there must be {CUBES_PER_FOOD} {FOODS[food].name} cubes in all")
    if any(len(h) > HAND_SIZE for h in s.hands):
        raise ValueError(f"a hand holds at most {HAND_SIZE} smugglers")
    if any(r is not None and not 0 <= r < len(SMUGGLERS) for r in s.revealed):
        raise ValueError("revealed picks must be smugglers")
    if s.options["random_mounties"] and s.mreserve:
        raise ValueError("with random Mounties there are no reserve decks")
    if not s.options["random_mounties"] and s.mpool:
        raise ValueError("without random Mounties there is no face-down pool")
    if s.mface and not s.mdeck:
        raise ValueError("a face-up Mountie needs a Mountie deck")


def _check_phase(s: Table) -> None:
    n, stage = s.players, s.stage
    if stage in ("pick", "rechoose") and not s.mdeck:
        raise ValueError("a turn starts with a Mountie in the deck")
    if stage not in ("discard", "rechoose") and any(s.pending):
        raise ValueError("discards are pending only while players discard")
    if stage in STEP_PHASES:
        if sorted(s.order) != list(range(n)) or not s.pos < n:
            raise ValueError("steps 3 and 4 need a play order of every seat and a position in it")
        for k, seat in enumerate(s.order):
            placed = k < s.pos or (k == s.pos and stage in ("arrest", "bored", "wander"))
            if (s.picks[seat] is None) != placed or s.revealed[seat] is None:
                raise ValueError("each pick is in play until its player's step 4")
        if (s.dest is None) != (stage == "destination"):
            raise ValueError("a destination is chosen exactly when step 3 has begun")
        p = s.order[s.pos]
        if stage in ("arrest", "bored", "wander"):
            c = s.arrest_at
            if c is None or not s.cmounties[p][c]:
                raise ValueError("Mounties act on a cantina of the active player that has them")
            if (s.arrester is None) != (stage == "arrest"):
                raise ValueError("a Mountie is chosen to act except while choosing one")
            if stage == "arrest" and len(rules.mountie_choices(s.cmounties[p][c])) < 2:
                raise ValueError("choosing a Mountie needs two that differ")
            if s.arrester is not None and s.arrester not in s.cmounties[p][c]:
                raise ValueError("the acting Mountie must be on that cantina")
            if stage == "bored" and len(rules.highest_anywhere(s.keepers[p])) < 2:
                raise ValueError("a bored Mountie's choice needs keepers tied for highest")
            if stage == "wander" and any(k for here in s.keepers[p] for k in here):
                raise ValueError("a Mountie wanders only when you have no keepers")
        elif s.arrest_at is not None or s.arrester is not None:
            raise ValueError("no Mountie acts during step 3")
    else:
        if s.order or s.dest is not None or s.arrest_at is not None or s.arrester is not None:
            raise ValueError("play order, destination and arrests belong to steps 3 and 4")
        if stage != "pick" and any(k is not None for k in s.picks):
            raise ValueError("picks wait face down only in step 1")
    if stage == "gem" and len(rules.lowest_scores(s.gold)) < 2:
        raise ValueError("the gemstone holder chooses only on a tie for the lowest score")
    if stage == "sell" and not s.warehouses[(s.gem + s.seller) % n]:
        raise ValueError("the seller must have a cube to sell")
    if stage == "over" and s.round_no != ROUNDS:
        raise ValueError("the game ends after the last round")
