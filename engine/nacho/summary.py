"""The end-of-round summary (step 5): who took each province's bonus with which keepers, what
each player's Mounties cost, and everyone's gold after it.

A table keeps it as immutable tuples (``RoundSummary``); views, saves and the "round" event get
a fresh JSON copy each (``summary_json``), so nothing a caller is handed is the table's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from .components import (
    CANTINA_BONUS,
    MOUNTIE_INDEX,
    MOUNTIES,
    PROVINCE_INDEX,
    PROVINCES,
    ROUNDS,
    SMUGGLER_INDEX,
    SMUGGLERS,
)


class Bonus(NamedTuple):
    province: int
    seat: int
    bonus: int
    total: int  # the ranks of the cantina's keepers, added up
    retired: tuple[int, ...]  # the keepers that retire with the bonus


class Penalty(NamedTuple):
    seat: int
    penalty: int
    mounties: tuple[int, ...]


class RoundSummary(NamedTuple):
    round: int
    bonuses: tuple[Bonus, ...]
    penalties: tuple[Penalty, ...]
    gold: tuple[int, ...]  # everyone's gold after the round's bonuses and penalties


def summary_json(summary: RoundSummary) -> dict[str, Any]:
    """A new JSON copy of ``summary``, in the words of views and saves."""
    return {
        "round": summary.round,
        "bonuses": [
            {
                "province": PROVINCES[b.province].code,
                "seat": b.seat,
                "bonus": b.bonus,
                "total": b.total,
                "retired": [SMUGGLERS[k].code for k in b.retired],
            }
            for b in summary.bonuses
        ],
        "penalties": [
            {
                "seat": p.seat,
                "penalty": p.penalty,
                "mounties": [MOUNTIES[m].code for m in p.mounties],
            }
            for p in summary.penalties
        ],
        "gold": list(summary.gold),
    }


def _int(value: Any, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"last_round.{what} must be a whole number {low}..{high}, got {value!r}")
    return value


def _codes(value: Any, index: Mapping[str, int], what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) and c in index for c in value):
        raise ValueError(f"last_round.{what} must list cards of the game, got {value!r}")
    return tuple(index[c] for c in value)


def _object(value: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ValueError(f"last_round.{what} must be an object, got {value!r}")
    return value


def _objects(value: Any, what: str) -> list[Mapping[str, Any]]:
    if not isinstance(value, list):
        raise ValueError(f"last_round.{what} must be a list, got {value!r}")
    return [_object(x, what) for x in value]


def summary_from_json(value: Any, players: int = 4) -> RoundSummary:
    """``summary_json``'s inverse; a ValueError names what is wrong."""
    data = _object(value, "")
    missing = [key for key in RoundSummary._fields if key not in data]
    if missing:
        raise ValueError(f"last_round must give {list(RoundSummary._fields)}, missing {missing}")
    gold = 10**6
    seat = lambda v, what: _int(v, what, 0, players - 1)  # noqa: E731
    bonuses = []
    for b in _objects(data["bonuses"], "bonuses"):
        code = b["province"]
        if not isinstance(code, str) or code not in PROVINCE_INDEX:
            raise ValueError(f"last_round.bonuses.province must be a province, got {code!r}")
        prov = PROVINCE_INDEX[code]
        bonus = _int(b["bonus"], "bonuses.bonus", CANTINA_BONUS[prov], CANTINA_BONUS[prov])
        retired = _codes(b["retired"], SMUGGLER_INDEX, "bonuses.retired")
        total = _int(b["total"], "bonuses.total", 0, 9 * len(SMUGGLERS))
        bonuses.append(Bonus(prov, seat(b["seat"], "bonuses.seat"), bonus, total, retired))
    penalties = tuple(
        Penalty(
            seat(p["seat"], "penalties.seat"),
            _int(p["penalty"], "penalties.penalty", 0, 4 * len(MOUNTIES)),
            _codes(p["mounties"], MOUNTIE_INDEX, "penalties.mounties"),
        )
        for p in _objects(data["penalties"], "penalties")
    )
    golds = data["gold"]
    if not isinstance(golds, list) or len(golds) != players:
        raise ValueError(f"last_round.gold must list each seat's gold, got {golds!r}")
    return RoundSummary(
        _int(data["round"], "round", 1, ROUNDS),
        tuple(bonuses),
        penalties,
        tuple(_int(g, "gold", -gold, gold) for g in golds),
    )
