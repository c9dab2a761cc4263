"""The Nacho Incident's rules as small pure functions (the state applies them; tests pin them).

Seats are numbered clockwise (the next seat number is on your left), as in every Picante game.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..protocol import IllegalAction
from .components import (
    CANTINA_BONUS,
    FOODS,
    PENALTY,
    PRICE_OF,
    PROVINCE_CARDS,
    PROVINCES,
    RANK,
    REACH,
    SMUGGLERS,
    SPOT_OF,
)

Cantinas = tuple[tuple[int, ...], ...]  # one tuple of card indices per province

# What the game waits for (``state.phase()``), step by step.
PHASES = (
    "rechoose",  # optional rule: discards before the first Mountie is seen (simultaneous)
    "pick",  # step 1 (simultaneous, secret)
    "destination",  # step 3
    "deliver",  # step 3
    "arrest",  # step 4: which Mountie acts
    "bored",  # step 4: whom the bored Mountie arrests
    "wander",  # step 4: where the wandering Mountie goes
    "gem",  # step 6: the holder passes the gemstone on a tie
    "discard",  # step 6 (simultaneous, secret)
    "sell",  # step 6: new food
    "over",
)
STEP_PHASES = frozenset({"destination", "deliver", "arrest", "bored", "wander"})
DISCARD_PHASES = frozenset({"rechoose", "discard"})


def reachable(flag: int) -> tuple[int, ...]:
    """Rulebook: "Smugglers with the Alberta or Quebec flag have a choice of 2 destinations,
    while those with the flag of Ontario or Saskatchewan have three choices."

    >>> [len(reachable(p)) for p in range(4)], reachable(1)
    ([2, 3, 3, 2], (0, 1, 2))
    """
    return REACH[flag]


def priority(seat: int, gem: int, players: int) -> int:
    """0 for the gemstone holder, then 1, 2, ... going clockwise from them: "Going clockwise
    from the player with the stone, priority decreases the further away someone sits"."""
    return (seat - gem) % players


def turn_order(ranks: Sequence[int], gem: int) -> tuple[int, ...]:
    """Seats in playing order for steps 3 and 4: highest rank first, ties by the gemstone.

    The rulebook's example: Kamiel (seat 0) has the stone, Filip, Johan and Bart sit clockwise
    after him; Kamiel played a 3 and the others a 5.

    >>> turn_order([3, 5, 5, 5], gem=0)
    (1, 2, 3, 0)
    """
    n = len(ranks)
    return tuple(sorted(range(n), key=lambda s: (-ranks[s], priority(s, gem, n))))


def deliverable(warehouse: Sequence[int], card: int, filled: int) -> list[int]:
    """Foods of ``warehouse`` (each once, in food order) with an empty matching spot on
    ``card``: "When it is possible for the smuggler to bring food to an empty spot on a
    province card, you may bring the food to that spot and collect the money for it."

    >>> from engine.nacho.components import FOOD_INDEX as F, PROVINCE_CARD_INDEX as C
    >>> deliverable([F["salsa"], F["beans"], F["salsa"]], C["AB1"], 0) == [F["salsa"]]
    True
    >>> deliverable([F["salsa"]], C["AB1"], 0b0001)  # AB1's salsa spot is full
    []
    """
    spots = SPOT_OF[card]
    out = []
    for f in sorted(set(warehouse)):
        spot = spots[f]
        if spot >= 0 and not filled >> spot & 1:
            out.append(f)
    return out


def price(card: int, food: int) -> int:
    if SPOT_OF[card][food] < 0:
        raise ValueError(f"{PROVINCE_CARDS[card].code} does not want {FOODS[food].code}")
    return PRICE_OF[card][food]


def keeper_total(keepers: Sequence[int]) -> int:
    return sum(RANK[k] for k in keepers)


def majority(totals: Sequence[int]) -> int | None:
    """The seat with strictly more than every other, or None: "If one player has in total more
    than the other players in a province ... If there is a tie, no bonuses are awarded".

    >>> majority([5, 9, 0, 3]), majority([9, 9, 0, 3]), majority([0, 0])
    (1, None, None)
    """
    best = max(totals)
    if best <= 0 or list(totals).count(best) > 1:
        return None
    return list(totals).index(best)


def round_bonuses(keepers: Sequence[Cantinas]) -> list[tuple[int, int, int]]:
    """(province, seat, bonus) for every province with a best cantina this round."""
    out = []
    for prov, bonus in enumerate(CANTINA_BONUS):
        winner = majority([keeper_total(seat[prov]) for seat in keepers])
        if winner is not None:
            out.append((prov, winner, bonus))
    return out


def mountie_penalty(mounties: Cantinas) -> int:
    """ "For every Mountie a player has, he loses the number of points stated at the bottom of
    the Mountie card (3 or 4).\""""
    return sum(PENALTY[m] for here in mounties for m in here)


def trouble(keepers: Cantinas, mounties: Cantinas, resolved: int) -> int | None:
    """The next cantina of one player where Mounties act in step 4, or None.

    First every cantina where Mounties share the card with keepers ("Mountie(s) with 1 or more
    smugglers"), then every cantina with two or more Mounties and no keeper ("Only 2
    Mounties"), each in province order; each cantina acts at most once per step 4
    (``resolved`` is the bitmask of those that have).
    """
    for c in range(len(mounties)):
        if mounties[c] and keepers[c] and not resolved >> c & 1:
            return c
    for c in range(len(mounties)):
        if len(mounties[c]) >= 2 and not keepers[c] and not resolved >> c & 1:
            return c
    return None


def mountie_choices(mounties: Sequence[int]) -> list[int]:
    """The Mounties on a cantina that make a different choice: one per penalty (two Mounties of
    the same penalty are the same choice), lowest card first."""
    seen: dict[int, int] = {}
    for m in sorted(mounties):
        seen.setdefault(PENALTY[m], m)
    return sorted(seen.values())


def highest_here(keepers: Sequence[int]) -> int:
    """The keeper a Mountie on this cantina arrests: "the smuggler on the cantina card with the
    highest number" (two of the same rank are the same to the rules: the lowest card)."""
    return min(keepers, key=lambda k: (-RANK[k], k))


def highest_anywhere(keepers: Cantinas) -> list[int]:
    """Candidates for a bored Mountie: "the cantina keeper with the highest number that you have
    among all provinces! In case of a tie, you decide whom he arrests." One per province (ties
    within a cantina are the same choice), in province order; [] if you have no keepers."""
    ranks = [RANK[k] for here in keepers for k in here]
    if not ranks:
        return []
    top = max(ranks)
    return [
        min(k for k in here if RANK[k] == top) for here in keepers if top in (RANK[k] for k in here)
    ]


def lowest_scores(gold: Sequence[int]) -> list[int]:
    """Seats with the lowest score: the gemstone goes to one of them.

    >>> lowest_scores([12, 3, 7, 3])
    [1, 3]
    """
    low = min(gold)
    return [s for s, g in enumerate(gold) if g == low]


def final_winner(gold: Sequence[int], gem: int) -> int:
    """ "The player with the most money wins! In case of a tie, the tied player who holds the
    gemstone wins, or the one who sits closest, going counter-clockwise ... to the player
    holding the gemstone."

    >>> final_winner([20, 31, 31, 5], gem=3)  # seats 2 then 1 are counter-clockwise from 3
    2
    >>> final_winner([20, 31, 31, 5], gem=1)
    1
    """
    n = len(gold)
    best = max(gold)
    for step in range(n):
        seat = (gem - step) % n
        if gold[seat] == best:
            return seat
    raise AssertionError("unreachable")


# -- refusals -------------------------------------------------------------------------------


def not_in_hand(smuggler: int, what: str) -> IllegalAction:
    s = SMUGGLERS[smuggler]
    return IllegalAction(f"{s.name} ({s.code}) is not in your hand: {what}.", "not-in-hand")


def out_of_reach(smuggler: int, province: int) -> IllegalAction:
    s = SMUGGLERS[smuggler]
    names = [PROVINCES[q].name for q in REACH[s.flag]]
    options = ", ".join(names[:-1]) + " or " + names[-1]
    return IllegalAction(
        f"{s.name} has the {PROVINCES[s.flag].name} flag and may travel only to {options}"
        f" (the flag's province or an adjacent one), not to {PROVINCES[province].name}.",
        "reach",
    )


def no_spot(food: int, card: int) -> IllegalAction:
    code, name = PROVINCE_CARDS[card].code, FOODS[food].name
    return IllegalAction(
        f"There is no empty {name} spot on {PROVINCES[PROVINCE_CARDS[card].province].name}'s"
        f" card ({code}): deliver only to an empty spot that wants that food.",
        "no-spot",
    )
