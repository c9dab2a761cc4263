"""Steps 1 to 4 of a turn: the picks and their reveal, the first player's Mountie, the
destination and the delivery (or steal), the fee, the new keeper and the Mounties' arrests.

Each function changes a fresh copy of the table (see ``flow.apply``) and runs on through what
needs no choice; ``ev`` collects the events (None: nobody reads them, so none are made).
"""

from __future__ import annotations

from ..protocol import Action
from . import rules, upkeep
from .actions import DELIVER, NO_CUBE, STEAL, Deliver, Go, NoCube, Pick
from .components import (
    FOODS,
    M_FLAG,
    PRICE_OF,
    PROVINCES,
    RANK,
    ROUNDS,
    SMUGGLERS,
    SPOT_OF,
    mountie_data,
    smuggler_data,
)
from .table import DELIVERIES, FEES, Table, book
from .tuples import Ev, set_at, set_cantina, without


def _brief(smuggler: int, province: int) -> dict[str, object]:
    """A smuggler going to a province, in an event: code, name and rank (views carry the
    rest)."""
    s = SMUGGLERS[smuggler]
    return {
        "smuggler": s.code,
        "name": s.name,
        "rank": s.rank,
        "province": PROVINCES[province].code,
    }


def delivery_options(s: Table, p: int) -> list[Action]:
    """Step 3 after choosing the destination: deliver one of your cubes to an empty matching
    spot, or (first player only) one stolen from another player's warehouse, or none."""
    card, filled = s.pdecks[s.dest][0], s.filled[s.dest]
    out: list[Action] = [DELIVER[f] for f in rules.deliverable(s.warehouses[p], card, filled)]
    if s.pos == 0:  # "The player who comes first may smuggle a food cube from ... another player"
        for victim in range(s.players):
            if victim != p:
                for f in rules.deliverable(s.warehouses[victim], card, filled):
                    out.append(STEAL[victim][f])
    out.append(NO_CUBE)
    return out


def pick(s: Table, p: int, action: Pick, ev: Ev) -> None:
    """ "Each player chooses a smuggler card from their hand and places it face down"."""
    smuggler = action.smuggler
    s.hands = set_at(s.hands, p, without(s.hands[p], smuggler))
    s.picks = set_at(s.picks, p, smuggler)
    if ev is not None:
        info = {"smuggler": SMUGGLERS[smuggler].code, "name": SMUGGLERS[smuggler].name}
        ev.append(("pick", p, info, (p,)))
    if None not in s.picks:
        reveal(s, ev)


def reveal(s: Table, ev: Ev) -> None:
    """Step 2: turn the picks over, order by rank (ties: the gemstone), give the first player
    the face-up Mountie."""
    picks: tuple[int, ...] = s.picks  # type: ignore[assignment]
    order = rules.turn_order([RANK[x] for x in picks], s.gem)
    s.revealed, s.order, s.pos = picks, order, 0
    if ev is not None:
        ev.append(
            (
                "reveal",
                None,
                {
                    "picks": [{"seat": seat, **smuggler_data(x)} for seat, x in enumerate(picks)],
                    "order": list(order),
                    "gem": s.gem,
                },
            )
        )
    first, mountie = order[0], s.mdeck[0]
    prov = M_FLAG[mountie]
    s.mdeck, s.mface = s.mdeck[1:], False
    s.cmounties = set_cantina(s.cmounties, first, prov, (*s.cmounties[first][prov], mountie))
    if ev is not None:
        ev.append(
            (
                "mountie",
                first,
                {"mountie": mountie_data(mountie), "province": PROVINCES[prov].code},
            )
        )
    s.stage = "destination"


def go(s: Table, p: int, action: Go, ev: Ev) -> None:
    s.dest = prov = action.province
    if ev is not None:
        ev.append(("go", p, _brief(s.picks[p], prov)))
    options = delivery_options(s, p)
    if len(options) == 1:  # nothing can be delivered there: no choice to make
        deliver(s, p, NO_CUBE, ev)
    else:
        s.stage = "deliver"


def deliver(s: Table, p: int, action: Deliver | NoCube, ev: Ev) -> None:
    prov = s.dest
    card = s.pdecks[prov][0]
    if type(action) is NoCube:
        if ev is not None:
            ev.append(("deliver", p, {"province": PROVINCES[prov].code, "food": None}))
    else:
        food, victim = action.food, action.victim
        earned = PRICE_OF[card][food]
        s.filled = set_at(s.filled, prov, s.filled[prov] | 1 << SPOT_OF[card][food])
        book(s, p, DELIVERIES, earned)
        gave: tuple[int, ...] = ()
        if victim is None:
            s.warehouses = set_at(s.warehouses, p, without(s.warehouses[p], food))
        else:
            # "he must give "all" his own food cubes to the player he stole from"
            gave = s.warehouses[p]
            taken = without(s.warehouses[victim], food)
            s.warehouses = set_at(s.warehouses, victim, tuple(sorted((*taken, *gave))))
            s.warehouses = set_at(s.warehouses, p, ())
        if ev is not None:
            ev.append(
                (
                    "deliver",
                    p,
                    {
                        "province": PROVINCES[prov].code,
                        "food": FOODS[food].code,
                        "price": earned,
                        "from": victim,
                        "gave": [FOODS[f].code for f in gave],
                    },
                )
            )
    smuggler = s.picks[p]
    fee = SMUGGLERS[smuggler].fee
    book(s, p, FEES, fee)  # "regardless of what the smuggler has done"
    if ev is not None:
        ev.append(("fee", p, {"smuggler": SMUGGLERS[smuggler].code, "fee": fee, "gold": s.gold[p]}))
    # Step 4: "the smuggler you chose opens a cantina in the province to which you sent him".
    s.keepers = set_cantina(s.keepers, p, prov, (*s.keepers[p][prov], smuggler))
    s.picks = set_at(s.picks, p, None)
    if ev is not None:
        ev.append(("keeper", p, _brief(smuggler, prov)))
    s.resolved, s.arrest_at, s.arrester = 0, None, None
    resolve(s, ev)


def resolve(s: Table, ev: Ev) -> None:
    """Let the active player's Mounties act, cantina by cantina, stopping for each choice."""
    p = s.order[s.pos]
    while True:
        if s.arrest_at is None:
            c = rules.trouble(s.keepers[p], s.cmounties[p], s.resolved)
            if c is None:
                break
            s.arrest_at = c
            choices = rules.mountie_choices(s.cmounties[p][c])
            if len(choices) > 1:
                s.stage = "arrest"  # "If there are 2 Mounties, you choose who makes the arrest."
                return
            s.arrester = choices[0]
        c, m = s.arrest_at, s.arrester
        if s.keepers[p][c]:  # "The Mountie arrests the smuggler ... with the highest number"
            arrest(s, p, m, rules.highest_here(s.keepers[p][c]), False, ev)
        else:  # "Only 2 Mounties: One Mountie gets bored"
            candidates = rules.highest_anywhere(s.keepers[p])
            if not candidates:
                s.stage = "wander"
                return
            if len(candidates) > 1:
                s.stage = "bored"
                return
            arrest(s, p, m, candidates[0], True, ev)
    end_step(s, ev)


def arrest(s: Table, p: int, m: int, smuggler: int, bored: bool, ev: Ev) -> None:
    """ "Remove the Mountie and the prisoner from the game"."""
    c = s.arrest_at
    where = next(q for q, here in enumerate(s.keepers[p]) if smuggler in here)
    s.cmounties = set_cantina(s.cmounties, p, c, without(s.cmounties[p][c], m))
    s.keepers = set_cantina(s.keepers, p, where, without(s.keepers[p][where], smuggler))
    s.removed_m = (*s.removed_m, m)
    s.removed_s = (*s.removed_s, smuggler)
    if ev is not None:
        ev.append(
            (
                "arrest",
                p,
                {
                    "mountie": mountie_data(m),
                    "smuggler": smuggler_data(smuggler),
                    "cantina": PROVINCES[c].code,
                    "province": PROVINCES[where].code,
                    "bored": bored,
                },
            )
        )
    s.resolved |= 1 << c
    s.arrest_at = s.arrester = None


def wander(s: Table, p: int, prov: int, ev: Ev) -> None:
    """ "If you have no cantina keepers at all, simply place the wandering Mountie on a cantina
    card of your choice." It leaves for another cantina and acts no more this turn."""
    c, m = s.arrest_at, s.arrester
    s.cmounties = set_cantina(s.cmounties, p, c, without(s.cmounties[p][c], m))
    s.cmounties = set_cantina(s.cmounties, p, prov, (*s.cmounties[p][prov], m))
    if ev is not None:
        ev.append(
            (
                "wander",
                p,
                {"mountie": mountie_data(m), "from": PROVINCES[c].code, "to": PROVINCES[prov].code},
            )
        )
    s.resolved |= 1 << c | 1 << prov
    s.arrest_at = s.arrester = None


def end_step(s: Table, ev: Ev) -> None:
    s.pos += 1
    s.dest, s.resolved, s.arrest_at, s.arrester = None, 0, None, None
    if s.pos < len(s.order):
        s.stage = "destination"
        return
    if not s.mdeck:  # "When the Mountie deck in use is exhausted ..."
        upkeep.end_round(s, ev)
        if s.round_no >= ROUNDS:  # "When all Mountie decks are exhausted, the game is over!"
            upkeep.game_over(s, ev)
            return
    upkeep.upkeep(s, ev)
