"""Hand-built Nacho Incident tables for rule tests: name the cards, get a state.

Cards are named as players see them: smugglers by name (``"Jen"``) or code (``"S22"``),
Mounties and province cards by code (``"M07"``, ``"AB1"``), foods and provinces by their codes
(``"salsa"``, ``"AB"``). ``table`` starts from a real seeded game and replaces what a test
names; it does not re-balance the rest (tests of one rule need not account for every card).

>>> state = table(hands={1: "Jen Bart"}, warehouses={1: "beans tortillas"})
>>> [SMUGGLERS[k].name for k in state.hands[1]], [FOODS[f].code for f in state.warehouses[1]]
(['Bart', 'Jen'], ['beans', 'tortillas'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.nacho.components import (
    FOOD_INDEX,
    FOODS,
    MOUNTIE_INDEX,
    PROVINCE_CARD_INDEX,
    PROVINCE_INDEX,
    SMUGGLER_INDEX,
    SMUGGLERS,
)
from engine.nacho.state import GAME, NachoState
from engine.nacho.table import FIELDS, opening

BY_NAME = {s.name: i for i, s in enumerate(SMUGGLERS)}


def S(name: str) -> int:
    """A smuggler by name or code."""
    return BY_NAME[name] if name in BY_NAME else SMUGGLER_INDEX[name]


def M(code: str) -> int:
    return MOUNTIE_INDEX[code]


def F(code: str) -> int:
    return FOOD_INDEX[code]


def P(code: str) -> int:
    return PROVINCE_INDEX[code]


def C(code: str) -> int:
    return PROVINCE_CARD_INDEX[code]


def smugglers(text: str) -> tuple[int, ...]:
    return tuple(S(t) for t in text.split())


def foods(text: str) -> tuple[int, ...]:
    return tuple(sorted(F(t) for t in text.split()))


def names(cards: Iterable[int]) -> list[str]:
    return [SMUGGLERS[k].name for k in cards]


def food_names(cubes: Iterable[int]) -> list[str]:
    return [FOODS[f].code for f in cubes]


def _per_seat(players: int, given: Mapping[int, Any], default: Any, make: Any) -> tuple:
    return tuple(make(given[s]) if s in given else default[s] for s in range(players))


def cantinas(
    players: int, spec: Mapping[int, Mapping[str, str]], default: tuple, make: Any
) -> tuple:
    """``{1: {"AB": "Jen Bart"}}`` -> the per-seat, per-province grid (others as ``default``)."""
    out = []
    for seat in range(players):
        row = list(default[seat])
        for prov, text in spec.get(seat, {}).items():
            row[P(prov)] = make(text)
        out.append(tuple(row))
    return tuple(out)


def table(
    players: int = 4,
    *,
    seed: int = 1,
    options: Mapping[str, Any] | None = None,
    hands: Mapping[int, str] | None = None,
    warehouses: Mapping[int, str] | None = None,
    keepers: Mapping[int, Mapping[str, str]] | None = None,
    mounties: Mapping[int, Mapping[str, str]] | None = None,
    top: Iterable[str] = (),
    filled: Mapping[str, Iterable[str]] | None = None,
    face_up: str | None = None,
    **fields: Any,
) -> NachoState:
    """A state of a real seeded game with the named parts replaced.

    ``top``: province cards to put face up (each on its own province's deck); ``filled``: foods
    already delivered on a province's face-up card; ``face_up``: the Mountie on top of the deck
    in use (shown face up). Any other keyword replaces that state field as given (``gold``
    without ``ledger``: each seat's ledger opens at its gold, so the table stays consistent).
    """
    state = GAME.new_game(players, seed=seed, options={"gemstone": 0, **(options or {})})
    s = state._copy()
    if hands:
        s.hands = _per_seat(players, hands, s.hands, lambda t: tuple(sorted(smugglers(t))))
    if warehouses:
        s.warehouses = _per_seat(players, warehouses, s.warehouses, foods)
    if keepers:
        s.keepers = cantinas(players, keepers, s.keepers, smugglers)
    if mounties:
        s.cmounties = cantinas(
            players, mounties, s.cmounties, lambda t: tuple(M(x) for x in t.split())
        )
    for code in top:
        card = C(code)
        prov = P(code[:2])
        s.pdecks = tuple(
            (card, *(c for c in deck if c != card)) if q == prov else deck
            for q, deck in enumerate(s.pdecks)
        )
    if filled:
        bits = list(s.filled)
        for prov, foods_in in filled.items():
            card = s.pdecks[P(prov)][0]
            from engine.nacho.components import SPOT_OF

            for f in foods_in:
                bits[P(prov)] |= 1 << SPOT_OF[card][F(f)]
        s.filled = tuple(bits)
    if face_up is not None:
        m = M(face_up)
        s.mdeck = (m, *(x for x in s.mdeck if x != m))
        s.mface = True
    for name, value in fields.items():
        if name not in FIELDS:
            raise AttributeError(f"NachoState has no field {name!r}")
        setattr(s, name, value)
    if "gold" in fields and "ledger" not in fields:  # gold set by hand: the ledger opens there
        s.ledger = tuple(opening(g) for g in s.gold)
    return s


def play(state: NachoState, *moves: tuple[int, str]) -> NachoState:
    """Apply ``(seat, "notation")`` moves in order, through the checked ``apply``."""
    for seat, text in moves:
        state = state.apply(seat, text)
    return state


def legal(state: NachoState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def kinds(state: NachoState) -> list[str]:
    return [e.kind for e in state.events]


def event(state: NachoState, kind: str) -> dict[str, Any]:
    found = [e for e in state.events if e.kind == kind]
    assert found, f"no {kind!r} event among {kinds(state)}"
    return {"seat": found[0].seat, **found[0].data}
