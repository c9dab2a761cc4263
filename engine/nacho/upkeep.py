"""Steps 5 and 6: the end of a round (bonuses, penalties, the end of the game) and the upkeep
after every turn (the gemstone, discards and draws, full provinces, new food, the next Mountie),
then on to the next turn's step 1.

Each function changes a fresh copy of the table (see ``flow.apply``) and runs on through what
needs no choice; ``ev`` collects the events (None: nobody reads them, so none are made).
"""

from __future__ import annotations

from ..rng import Rng
from . import rules
from .actions import Discard, Sell
from .components import (
    FOODS,
    FULL,
    HAND_SIZE,
    MOUNTIES_PER_DECK,
    PENALTY,
    PROVINCE_CARDS,
    PROVINCES,
    SALE_PRICE,
    SMUGGLERS,
    WAREHOUSE_CUBES,
    mountie_data,
)
from .summary import Bonus, Penalty, RoundSummary, summary_json
from .table import BONUSES, PENALTIES, SALES, Table, book
from .tuples import Ev, set_at, set_cantina, without


def start_turn(s: Table, ev: Ev) -> None:
    s.stage = "pick"
    s.picks = (None,) * s.players
    s.revealed = (None,) * s.players
    s.order, s.pos, s.dest = (), 0, None


def end_round(s: Table, ev: Ev) -> None:
    """Bonuses for the best cantinas (whose keepers retire), then the Mounties' penalties."""
    bonuses = []
    for prov, seat, bonus in rules.round_bonuses(s.keepers):
        retired = s.keepers[seat][prov]
        book(s, seat, BONUSES, bonus)
        s.removed_s = (*s.removed_s, *retired)
        s.keepers = set_cantina(s.keepers, seat, prov, ())
        bonuses.append(Bonus(prov, seat, bonus, rules.keeper_total(retired), retired))
    penalties = []
    for seat in range(s.players):
        held = tuple(m for here in s.cmounties[seat] for m in here)
        penalty = sum(PENALTY[m] for m in held)
        book(s, seat, PENALTIES, penalty)
        penalties.append(Penalty(seat, penalty, held))
    s.last_round = RoundSummary(s.round_no, tuple(bonuses), tuple(penalties), s.gold)
    if ev is not None:
        ev.append(("round", None, summary_json(s.last_round)))


def game_over(s: Table, ev: Ev) -> None:
    s.stage = "over"
    s.order, s.pos = (), 0
    if ev is not None:
        winner = rules.final_winner(s.gold, s.gem)
        tied = [seat for seat, g in enumerate(s.gold) if g == s.gold[winner]]
        ev.append(
            (
                "game-over",
                None,
                {"winners": [winner], "scores": list(s.gold), "tied": tied, "gem": s.gem},
            )
        )


def upkeep(s: Table, ev: Ev) -> None:
    """ "The player with the gemstone passes it to the player with the lowest score (possibly to
    himself). In case of a tie, the player with the gemstone chooses to whom he passes it.\""""
    s.order, s.pos = (), 0
    lowest = rules.lowest_scores(s.gold)
    if len(lowest) > 1:
        s.stage = "gem"
        return
    pass_gem(s, lowest[0], ev)
    start_discards(s, "discard")


def pass_gem(s: Table, to: int, ev: Ev) -> None:
    if ev is not None:
        ev.append(("gemstone", s.gem, {"to": to}))
    s.gem = to


def start_discards(s: Table, phase: str) -> None:
    s.stage = phase
    s.ready = (False,) * s.players
    s.pending = ((),) * s.players


def discard(s: Table, p: int, action: Discard, ev: Ev) -> None:
    """Discards go face down (the rulebook does not say; see docs/rules-decisions.md), so only
    their number is public."""
    smuggler = action.smuggler
    s.hands = set_at(s.hands, p, without(s.hands[p], smuggler))
    s.pending = set_at(s.pending, p, (*s.pending[p], smuggler))
    if ev is not None:
        ev.append(
            (
                "discard",
                p,
                {"smuggler": SMUGGLERS[smuggler].code, "name": SMUGGLERS[smuggler].name},
                (p,),
            )
        )


def ready(s: Table, p: int, ev: Ev) -> None:
    s.ready = set_at(s.ready, p, True)
    if ev is not None:
        ev.append(("ready", p, {"discarded": len(s.pending[p])}))
    if not all(s.ready):
        return
    for seat in range(s.players):
        s.discards = (*s.discards, *s.pending[seat])
    s.pending = ((),) * s.players
    draw_hands(s, ev)
    if s.stage == "rechoose":  # "before the first Mountie is seen"
        s.mface = not s.options["random_mounties"]
        announce_mountie(s, ev)
        start_turn(s, ev)
        return
    replace_full_provinces(s, ev)
    s.seller = 0
    next_seller(s, ev)


def draw_hands(s: Table, ev: Ev) -> None:
    """ "Afterwards they draw new smuggler cards until their hand is back to 8. If there are not
    enough smuggler cards in the smuggler deck, shuffle the discarded smuggler cards and make a
    new draw pile." Each card goes to the player holding the fewest (ties: from the gemstone
    holder clockwise), so that when cards run short near the end everyone still has some."""
    sizes = [len(h) for h in s.hands]
    wanted = sum(HAND_SIZE - k for k in sizes if k < HAND_SIZE)
    pile, discards = s.draw, s.discards
    if len(pile) < wanted and discards:  # the pile runs out while someone still needs cards
        rng = Rng(s.rng)
        pile, discards = (*pile, *rng.shuffled(discards)), ()
        s.rng = rng.state
        if ev is not None:
            ev.append(("reshuffle", None, {"cards": len(pile) - len(s.draw)}))
    n, gem = s.players, s.gem
    by_priority = [(gem + k) % n for k in range(n)]
    drawn: list[list[int]] = [[] for _ in range(n)]
    dealt = min(wanted, len(pile))
    # Card by card to the fewest, ties by priority, is level by level: every seat holding
    # ``level`` cards (the fewest) takes one in priority order, then the next level.
    cards = iter(pile[:dealt])
    for level in range(min(sizes), HAND_SIZE):
        for seat in by_priority:
            if sizes[seat] == level:
                card = next(cards, None)
                if card is None:
                    break
                drawn[seat].append(card)
                sizes[seat] += 1
    s.hands = tuple(
        tuple(sorted((*hand, *cards))) if cards else hand
        for hand, cards in zip(s.hands, drawn, strict=True)
    )
    s.draw, s.discards = pile[dealt:], discards
    if ev is None:
        return
    for seat, cards in enumerate(drawn):
        if cards:
            ev.append(
                (
                    "draw",
                    seat,
                    {"smugglers": [SMUGGLERS[i].code for i in cards]},
                    (seat,),
                    {"count": len(cards)},
                )
            )


def replace_full_provinces(s: Table, ev: Ev) -> None:
    """ "When all 4 food spaces on a province card are full, put those food cubes back in the
    bag. Place that province card at the bottom of the province card deck and draw a
    replacement province card.\""""
    for prov in range(len(PROVINCES)):
        if s.filled[prov] != FULL:
            continue
        old, *rest = s.pdecks[prov]
        bag = list(s.bag)
        for food, _price in PROVINCE_CARDS[old].spots:
            bag[food] += 1
        s.bag = tuple(bag)
        s.pdecks = set_at(s.pdecks, prov, (*rest, old))
        s.filled = set_at(s.filled, prov, 0)
        if ev is not None:
            ev.append(
                (
                    "province",
                    None,
                    {
                        "province": PROVINCES[prov].code,
                        "old": PROVINCE_CARDS[old].code,
                        "new": PROVINCE_CARDS[rest[0]].code,
                    },
                )
            )


def next_seller(s: Table, ev: Ev) -> None:
    """ "Players place new stock in their warehouse, starting with the player who holds the
    gemstone." A player with no cube has nothing to sell: they simply refill."""
    while s.seller < s.players:
        seat = (s.gem + s.seller) % s.players
        if s.warehouses[seat]:
            s.stage = "sell"
            return
        refill(s, seat, ev)
        s.seller += 1
    # "Afterwards, put any cubes that were placed aside back in the bag."
    s.bag = tuple([b + a for b, a in zip(s.bag, s.aside, strict=True)])
    s.aside = (0,) * len(FOODS)
    s.seller = 0
    new_mountie(s, ev)
    start_turn(s, ev)


def sell(s: Table, p: int, action: Sell, ev: Ev) -> None:
    food = action.food
    s.warehouses = set_at(s.warehouses, p, without(s.warehouses[p], food))
    s.aside = set_at(s.aside, food, s.aside[food] + 1)
    book(s, p, SALES, SALE_PRICE)
    if ev is not None:
        ev.append(("sell", p, {"food": FOODS[food].code, "gold": s.gold[p]}))
    if not s.warehouses[p]:  # nothing left to sell: on to the refill
        refill(s, p, ev)
        s.seller += 1
        next_seller(s, ev)


def refill(s: Table, p: int, ev: Ev) -> None:
    """ "If you have fewer than 2, draw cube(s) from the bag until you again have 2 food cubes"
    (an empty bag gives what it has)."""
    warehouse = s.warehouses[p]
    if len(warehouse) >= WAREHOUSE_CUBES:
        if ev is not None:
            ev.append(("stock", p, {"drew": []}))
        return
    bag = list(s.bag)
    rng = Rng(s.rng)
    drew = []
    while len(warehouse) + len(drew) < WAREHOUSE_CUBES and sum(bag):
        food = draw_cube(bag, rng)
        drew.append(food)
    s.rng = rng.state
    s.bag = tuple(bag)
    s.warehouses = set_at(s.warehouses, p, tuple(sorted((*warehouse, *drew))))
    if ev is not None:
        ev.append(("stock", p, {"drew": [FOODS[f].code for f in drew]}))


def draw_cube(bag: list[int], rng: Rng) -> int:
    """One cube at random from the bag (counts per food; changed in place)."""
    pick = rng.below(sum(bag))
    for food, count in enumerate(bag):
        if pick < count:
            bag[food] -= 1
            return food
        pick -= count
    raise AssertionError("unreachable")


def new_mountie(s: Table, ev: Ev) -> None:
    """ "Turn the next Mountie card of the Mountie deck in use face up. If that deck has just been
    exhausted, start with any new Mountie deck and place the end-of-round card at the bottom"."""
    random_mounties = s.options["random_mounties"]
    if s.mdeck:
        s.turn_no += 1
    else:
        s.round_no, s.turn_no = s.round_no + 1, 1
        if random_mounties:
            # "shuffle the Mounties removed from the game back into the Mountie deck and lay
            # out new Mounties for the next round"
            rng = Rng(s.rng)
            pool = rng.shuffled((*s.mpool, *s.removed_m))
            s.rng = rng.state
            s.mdeck, s.mpool = (
                tuple(pool[:MOUNTIES_PER_DECK]),
                tuple(sorted(pool[MOUNTIES_PER_DECK:])),
            )
            s.removed_m = ()
        else:
            s.mdeck, s.mreserve = s.mreserve[0], s.mreserve[1:]
    s.mface = not random_mounties  # "Do not flip the Mountie card face up" (random Mounties)
    announce_mountie(s, ev)


def announce_mountie(s: Table, ev: Ev) -> None:
    if ev is None:
        return
    data = {"round": s.round_no, "turn": s.turn_no, "left": len(s.mdeck)}
    if s.mface:
        data["mountie"] = mountie_data(s.mdeck[0])
    ev.append(("turn", None, data))
