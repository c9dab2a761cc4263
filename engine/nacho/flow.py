"""How a Nacho Incident turn moves on: the legal choices of each phase, and what each does.

``apply`` copies the state once and the step functions below change that copy's fields
(always by replacing a tuple, never by changing one), then run on by themselves through
everything that needs no choice -- the reveal, the first player's Mountie, fees, keepers,
arrests with only one outcome, the end of a round, draws, province cards, refills, the next
Mountie -- until someone has a choice again. ``ev`` collects the events of the apply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..protocol import Action, Event, IllegalAction
from ..rng import Rng
from . import rules
from .actions import (
    ARREST,
    CHOOSE,
    DELIVER,
    DISCARD,
    DONE,
    GIVE_GEM,
    GO,
    NO_CUBE,
    PICK,
    SELL,
    STEAL,
    WANDER,
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
    parse_action,
)
from .components import (
    FLAG,
    FOODS,
    FULL,
    HAND_SIZE,
    M_FLAG,
    MOUNTIES,
    MOUNTIES_PER_DECK,
    PENALTY,
    PROVINCE_CARDS,
    PROVINCES,
    RANK,
    ROUNDS,
    SALE_PRICE,
    SMUGGLERS,
    WAREHOUSE_CUBES,
    mountie_data,
    smuggler_data,
)

if TYPE_CHECKING:
    from .state import NachoState

Ev = list[Event]


def _set(items: tuple, i: int, value: object) -> tuple:
    return (*items[:i], value, *items[i + 1 :])


def _without(items: tuple[int, ...], x: int) -> tuple[int, ...]:
    """``items`` less one copy of ``x``."""
    i = items.index(x)
    return items[:i] + items[i + 1 :]


def _brief(smuggler: int) -> dict[str, object]:
    """A smuggler in an event: code, name and rank (views carry the rest)."""
    s = SMUGGLERS[smuggler]
    return {"smuggler": s.code, "name": s.name, "rank": s.rank}


def _cantina(grid: tuple, seat: int, prov: int, cards: tuple[int, ...]) -> tuple:
    return _set(grid, seat, _set(grid[seat], prov, cards))


# -- legal choices --------------------------------------------------------------------------


def delivery_options(s: NachoState, p: int) -> list[Action]:
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


def legal(s: NachoState, p: int) -> list[Action]:
    """Every action seat ``p`` (one of ``current_players()``) may take, in a fixed order."""
    phase = s.stage
    if phase == "pick":
        return [PICK[i] for i in s.hands[p]]
    if phase == "destination":
        return [GO[q] for q in rules.reachable(FLAG[s.picks[p]])]
    if phase == "deliver":
        return delivery_options(s, p)
    if phase == "arrest":
        return [CHOOSE[m] for m in rules.mountie_choices(s.cmounties[p][s.arrest_at])]
    if phase == "bored":
        return [ARREST[k] for k in rules.highest_anywhere(s.keepers[p])]
    if phase == "wander":
        return [WANDER[q] for q in range(len(PROVINCES)) if q != s.arrest_at]
    if phase == "gem":
        return [GIVE_GEM[t] for t in rules.lowest_scores(s.gold)]
    if phase in ("discard", "rechoose"):
        return [*(DISCARD[i] for i in s.hands[p]), DONE]
    if phase == "sell":
        return [*(SELL[f] for f in sorted(set(s.warehouses[p]))), DONE]
    return []


ACTION_TYPES = (
    Pick,
    Go,
    Deliver,
    NoCube,
    ChooseMountie,
    Arrest,
    Wander,
    GiveGem,
    Discard,
    Sell,
    Done,
)


def well_formed(action: object) -> bool:
    """An action of this game whose fields are real cards, provinces, foods and seats: what
    ``parse_action`` could have made."""
    if type(action) not in ACTION_TYPES:
        return False
    try:
        return parse_action(str(action)) == action
    except (ValueError, IndexError, TypeError, KeyError):
        return False


def why_illegal(s: NachoState, p: int, action: Action) -> IllegalAction:
    """The rule ``action`` breaks now, in words for players (``rule`` is a stable key)."""
    if not well_formed(action):
        return IllegalAction(
            f"Not a Nacho Incident action: {action!r} (write it like S17, AB, salsa, done).",
            "malformed",
        )
    phase = s.stage
    expected = {
        "pick": (Pick, "pick a smuggler from your hand (step 1)"),
        "destination": (Go, "choose where your smuggler goes (step 3)"),
        "deliver": ((Deliver, NoCube), "choose a cube to deliver, or none (step 3)"),
        "arrest": (ChooseMountie, "choose which of your Mounties acts (step 4)"),
        "bored": (Arrest, "choose whom the bored Mountie arrests (step 4)"),
        "wander": (Wander, "choose where the wandering Mountie goes (step 4)"),
        "gem": (GiveGem, "pass the gemstone (step 6)"),
        "discard": ((Discard, Done), "discard smugglers, then done (step 6)"),
        "rechoose": ((Discard, Done), "discard unwanted smugglers, then done"),
        "sell": ((Sell, Done), "sell cubes, then done (step 6)"),
    }
    kinds, what = expected[phase]
    if not isinstance(action, kinds):
        return IllegalAction(f"Not now: {what}.", "wrong-step")
    if isinstance(action, (Pick, Discard)):
        return rules.not_in_hand(action.smuggler, "choose one of the smugglers you hold")
    if isinstance(action, Go):
        return rules.out_of_reach(s.picks[p], action.province)
    if isinstance(action, Deliver):
        card = s.pdecks[s.dest][0]
        if action.victim is not None:
            if s.pos != 0:
                return IllegalAction(
                    "Only the player who comes first may take a cube from another player's"
                    " warehouse; choose food from your own warehouse.",
                    "steal-first-only",
                )
            if action.victim == p or action.victim >= s.players:
                return IllegalAction("Steal from another player's warehouse.", "steal-whom")
            if action.food not in s.warehouses[action.victim]:
                return IllegalAction(
                    f"Seat {action.victim} has no {FOODS[action.food].name} in their warehouse.",
                    "not-in-warehouse",
                )
            return rules.no_spot(action.food, card)
        if action.food not in s.warehouses[p]:
            return IllegalAction(
                f"You have no {FOODS[action.food].name} in your warehouse.", "not-in-warehouse"
            )
        return rules.no_spot(action.food, card)
    if isinstance(action, ChooseMountie):
        return IllegalAction(
            f"Choose one of your Mounties on your {PROVINCES[s.arrest_at].name} cantina.",
            "arrest-mountie",
        )
    if isinstance(action, Arrest):
        return IllegalAction(
            "The bored Mountie arrests your highest cantina keeper among all provinces;"
            " you choose only between keepers tied for highest.",
            "bored-highest",
        )
    if isinstance(action, Wander):
        return IllegalAction(
            "The wandering Mountie leaves this cantina for another of your cantinas.",
            "wander-elsewhere",
        )
    if isinstance(action, GiveGem):
        return IllegalAction(
            "The gemstone goes to a player with the lowest score (possibly yourself).",
            "gem-lowest",
        )
    if isinstance(action, Sell):
        return IllegalAction(
            f"You have no {FOODS[action.food].name} in your warehouse to sell.", "sell-own-cube"
        )
    return IllegalAction("That is not a choice you have now.", "wrong-step")


# -- apply ------------------------------------------------------------------------------------


def apply(state: NachoState, p: int, action: Action) -> NachoState:
    s = state._copy()
    ev: Ev = []
    kind = type(action)
    if kind is Pick:
        pick(s, p, action.smuggler, ev)
    elif kind is Go:
        go(s, p, action.province, ev)
    elif kind is Deliver or kind is NoCube:
        deliver(s, p, action if kind is Deliver else None, ev)
    elif kind is ChooseMountie:
        s.arrester = action.mountie
        resolve(s, ev)
    elif kind is Arrest:
        arrest(s, p, s.arrester, action.smuggler, True, ev)
        resolve(s, ev)
    elif kind is Wander:
        wander(s, p, action.province, ev)
        resolve(s, ev)
    elif kind is GiveGem:
        pass_gem(s, action.seat, ev)
        start_discards(s, "discard")
    elif kind is Discard:
        discard(s, p, action.smuggler, ev)
    elif kind is Sell:
        sell(s, p, action.food, ev)
    elif kind is Done:
        if s.stage == "sell":
            refill(s, p, ev)
            s.seller += 1
            next_seller(s, ev)
        else:
            ready(s, p, ev)
    else:  # pragma: no cover - apply() only passes legal actions
        raise AssertionError(f"unexpected action {action!r}")
    s.events = tuple(ev)
    return s


# -- step 1 and 2 -----------------------------------------------------------------------------


def start_turn(s: NachoState, ev: Ev) -> None:
    s.stage = "pick"
    s.picks = (None,) * s.players
    s.revealed = (None,) * s.players
    s.order, s.pos, s.dest = (), 0, None


def pick(s: NachoState, p: int, smuggler: int, ev: Ev) -> None:
    """ "Each player chooses a smuggler card from their hand and places it face down"."""
    s.hands = _set(s.hands, p, _without(s.hands[p], smuggler))
    s.picks = _set(s.picks, p, smuggler)
    info = {"smuggler": SMUGGLERS[smuggler].code, "name": SMUGGLERS[smuggler].name}
    ev.append(Event("pick", p, info, to=(p,)))
    if all(x is not None for x in s.picks):
        reveal(s, ev)


def reveal(s: NachoState, ev: Ev) -> None:
    """Step 2: turn the picks over, order by rank (ties: the gemstone), give the first player
    the face-up Mountie."""
    picks: tuple[int, ...] = s.picks  # type: ignore[assignment]
    order = rules.turn_order([RANK[x] for x in picks], s.gem)
    s.revealed, s.order, s.pos = picks, order, 0
    ev.append(
        Event(
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
    s.cmounties = _cantina(s.cmounties, first, prov, (*s.cmounties[first][prov], mountie))
    ev.append(
        Event(
            "mountie", first, {"mountie": mountie_data(mountie), "province": PROVINCES[prov].code}
        )
    )
    s.stage = "destination"


# -- step 3 -------------------------------------------------------------------------------------


def go(s: NachoState, p: int, prov: int, ev: Ev) -> None:
    s.dest = prov
    ev.append(Event("go", p, {**_brief(s.picks[p]), "province": PROVINCES[prov].code}))
    options = delivery_options(s, p)
    if len(options) == 1:  # nothing can be delivered there: no choice to make
        deliver(s, p, None, ev)
    else:
        s.stage = "deliver"


def deliver(s: NachoState, p: int, action: Deliver | None, ev: Ev) -> None:
    prov = s.dest
    card = s.pdecks[prov][0]
    if action is None:
        ev.append(Event("deliver", p, {"province": PROVINCES[prov].code, "food": None}))
    else:
        food, victim = action.food, action.victim
        spot = rules.open_spot(card, s.filled[prov], food)
        earned = PROVINCE_CARDS[card].spots[spot][1]
        s.filled = _set(s.filled, prov, s.filled[prov] | 1 << spot)
        s.gold = _set(s.gold, p, s.gold[p] + earned)
        gave: tuple[int, ...] = ()
        if victim is None:
            s.warehouses = _set(s.warehouses, p, _without(s.warehouses[p], food))
        else:
            # "he must give "all" his own food cubes to the player he stole from"
            gave = s.warehouses[p]
            taken = _without(s.warehouses[victim], food)
            s.warehouses = _set(s.warehouses, victim, tuple(sorted((*taken, *gave))))
            s.warehouses = _set(s.warehouses, p, ())
        ev.append(
            Event(
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
    s.gold = _set(s.gold, p, s.gold[p] - fee)  # "regardless of what the smuggler has done"
    ev.append(
        Event("fee", p, {"smuggler": SMUGGLERS[smuggler].code, "fee": fee, "gold": s.gold[p]})
    )
    # Step 4: "the smuggler you chose opens a cantina in the province to which you sent him".
    s.keepers = _cantina(s.keepers, p, prov, (*s.keepers[p][prov], smuggler))
    s.picks = _set(s.picks, p, None)
    ev.append(Event("keeper", p, {**_brief(smuggler), "province": PROVINCES[prov].code}))
    s.resolved, s.arrest_at, s.arrester = 0, None, None
    resolve(s, ev)


# -- step 4 -------------------------------------------------------------------------------------


def resolve(s: NachoState, ev: Ev) -> None:
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


def arrest(s: NachoState, p: int, m: int, smuggler: int, bored: bool, ev: Ev) -> None:
    """ "Remove the Mountie and the prisoner from the game"."""
    c = s.arrest_at
    where = next(q for q, here in enumerate(s.keepers[p]) if smuggler in here)
    s.cmounties = _cantina(s.cmounties, p, c, _without(s.cmounties[p][c], m))
    s.keepers = _cantina(s.keepers, p, where, _without(s.keepers[p][where], smuggler))
    s.removed_m = (*s.removed_m, m)
    s.removed_s = (*s.removed_s, smuggler)
    ev.append(
        Event(
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


def wander(s: NachoState, p: int, prov: int, ev: Ev) -> None:
    """ "If you have no cantina keepers at all, simply place the wandering Mountie on a cantina
    card of your choice." It leaves for another cantina and acts no more this turn."""
    c, m = s.arrest_at, s.arrester
    s.cmounties = _cantina(s.cmounties, p, c, _without(s.cmounties[p][c], m))
    s.cmounties = _cantina(s.cmounties, p, prov, (*s.cmounties[p][prov], m))
    ev.append(
        Event(
            "wander",
            p,
            {"mountie": mountie_data(m), "from": PROVINCES[c].code, "to": PROVINCES[prov].code},
        )
    )
    s.resolved |= 1 << c | 1 << prov
    s.arrest_at = s.arrester = None


def end_step(s: NachoState, ev: Ev) -> None:
    s.pos += 1
    s.dest, s.resolved, s.arrest_at, s.arrester = None, 0, None, None
    if s.pos < len(s.order):
        s.stage = "destination"
        return
    if not s.mdeck:  # "When the Mountie deck in use is exhausted ..."
        end_round(s, ev)
        if s.round_no >= ROUNDS:  # "When all Mountie decks are exhausted, the game is over!"
            game_over(s, ev)
            return
    upkeep(s, ev)


# -- step 5 -------------------------------------------------------------------------------------


def end_round(s: NachoState, ev: Ev) -> None:
    """Bonuses for the best cantinas (whose keepers retire), then the Mounties' penalties."""
    bonuses = []
    gold = list(s.gold)
    keepers = s.keepers
    for prov, seat, bonus in rules.round_bonuses(s.keepers):
        retired = keepers[seat][prov]
        gold[seat] += bonus
        s.removed_s = (*s.removed_s, *retired)
        keepers = _cantina(keepers, seat, prov, ())
        bonuses.append(
            {
                "province": PROVINCES[prov].code,
                "seat": seat,
                "bonus": bonus,
                "total": sum(RANK[k] for k in retired),
                "retired": [SMUGGLERS[k].code for k in retired],
            }
        )
    s.keepers = keepers
    penalties = []
    for seat in range(s.players):
        held = [m for here in s.cmounties[seat] for m in here]
        penalty = sum(PENALTY[m] for m in held)
        gold[seat] -= penalty
        penalties.append(
            {"seat": seat, "penalty": penalty, "mounties": [MOUNTIES[m].code for m in held]}
        )
    s.gold = tuple(gold)
    summary = {"round": s.round_no, "bonuses": bonuses, "penalties": penalties, "gold": list(gold)}
    s.last_round = summary
    ev.append(Event("round", None, summary))


def game_over(s: NachoState, ev: Ev) -> None:
    s.stage = "over"
    s.order, s.pos = (), 0
    winner = rules.final_winner(s.gold, s.gem)
    tied = [seat for seat, g in enumerate(s.gold) if g == s.gold[winner]]
    ev.append(
        Event(
            "game-over",
            None,
            {"winners": [winner], "scores": list(s.gold), "tied": tied, "gem": s.gem},
        )
    )


# -- step 6 -------------------------------------------------------------------------------------


def upkeep(s: NachoState, ev: Ev) -> None:
    """ "The player with the gemstone passes it to the player with the lowest score (possibly to
    himself). In case of a tie, the player with the gemstone chooses to whom he passes it.\""""
    s.order, s.pos = (), 0
    lowest = rules.lowest_scores(s.gold)
    if len(lowest) > 1:
        s.stage = "gem"
        return
    pass_gem(s, lowest[0], ev)
    start_discards(s, "discard")


def pass_gem(s: NachoState, to: int, ev: Ev) -> None:
    ev.append(Event("gemstone", s.gem, {"to": to}))
    s.gem = to


def start_discards(s: NachoState, phase: str) -> None:
    s.stage = phase
    s.ready = (False,) * s.players
    s.pending = ((),) * s.players


def discard(s: NachoState, p: int, smuggler: int, ev: Ev) -> None:
    """Discards go face down (the rulebook does not say; see docs/rules-decisions.md), so only
    their number is public."""
    s.hands = _set(s.hands, p, _without(s.hands[p], smuggler))
    s.pending = _set(s.pending, p, (*s.pending[p], smuggler))
    ev.append(
        Event(
            "discard",
            p,
            {"smuggler": SMUGGLERS[smuggler].code, "name": SMUGGLERS[smuggler].name},
            to=(p,),
        )
    )


def ready(s: NachoState, p: int, ev: Ev) -> None:
    s.ready = _set(s.ready, p, True)
    ev.append(Event("ready", p, {"discarded": len(s.pending[p])}))
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


def draw_hands(s: NachoState, ev: Ev) -> None:
    """ "Afterwards they draw new smuggler cards until their hand is back to 8. If there are not
    enough smuggler cards in the smuggler deck, shuffle the discarded smuggler cards and make a
    new draw pile." Each card goes to the player holding the fewest (ties: from the gemstone
    holder clockwise), so that when cards run short near the end everyone still has some."""
    hands = list(s.hands)
    drawn: list[list[int]] = [[] for _ in hands]
    draw, discards = s.draw, s.discards
    n, gem = s.players, s.gem
    while True:
        needy = [seat for seat in range(n) if len(hands[seat]) < HAND_SIZE]
        if not needy:
            break
        if not draw:
            if not discards:
                break
            rng = Rng(s.rng)
            draw, discards = tuple(rng.shuffled(discards)), ()
            s.rng = rng.state
            ev.append(Event("reshuffle", None, {"cards": len(draw)}))
        seat = min(needy, key=lambda t: (len(hands[t]), (t - gem) % n))
        hands[seat] = (*hands[seat], draw[0])
        drawn[seat].append(draw[0])
        draw = draw[1:]
    s.hands = tuple(tuple(sorted(h)) for h in hands)
    s.draw, s.discards = draw, discards
    for seat, cards in enumerate(drawn):
        if cards:
            ev.append(
                Event(
                    "draw",
                    seat,
                    {"smugglers": [SMUGGLERS[i].code for i in cards]},
                    to=(seat,),
                    public={"count": len(cards)},
                )
            )


def replace_full_provinces(s: NachoState, ev: Ev) -> None:
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
        s.pdecks = _set(s.pdecks, prov, (*rest, old))
        s.filled = _set(s.filled, prov, 0)
        ev.append(
            Event(
                "province",
                None,
                {
                    "province": PROVINCES[prov].code,
                    "old": PROVINCE_CARDS[old].code,
                    "new": PROVINCE_CARDS[rest[0]].code,
                },
            )
        )


def next_seller(s: NachoState, ev: Ev) -> None:
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
    s.bag = tuple(b + a for b, a in zip(s.bag, s.aside, strict=True))
    s.aside = (0,) * len(FOODS)
    s.seller = 0
    new_mountie(s, ev)
    start_turn(s, ev)


def sell(s: NachoState, p: int, food: int, ev: Ev) -> None:
    s.warehouses = _set(s.warehouses, p, _without(s.warehouses[p], food))
    s.aside = _set(s.aside, food, s.aside[food] + 1)
    s.gold = _set(s.gold, p, s.gold[p] + SALE_PRICE)
    ev.append(Event("sell", p, {"food": FOODS[food].code, "gold": s.gold[p]}))
    if not s.warehouses[p]:  # nothing left to sell: on to the refill
        refill(s, p, ev)
        s.seller += 1
        next_seller(s, ev)


def refill(s: NachoState, p: int, ev: Ev) -> None:
    """ "If you have fewer than 2, draw cube(s) from the bag until you again have 2 food cubes"
    (an empty bag gives what it has)."""
    warehouse = s.warehouses[p]
    if len(warehouse) >= WAREHOUSE_CUBES:
        ev.append(Event("stock", p, {"drew": []}))
        return
    bag = list(s.bag)
    rng = Rng(s.rng)
    drew = []
    while len(warehouse) + len(drew) < WAREHOUSE_CUBES and sum(bag):
        food = draw_cube(bag, rng)
        drew.append(food)
    s.rng = rng.state
    s.bag = tuple(bag)
    s.warehouses = _set(s.warehouses, p, tuple(sorted((*warehouse, *drew))))
    ev.append(Event("stock", p, {"drew": [FOODS[f].code for f in drew]}))


def draw_cube(bag: list[int], rng: Rng) -> int:
    """One cube at random from the bag (counts per food; changed in place)."""
    pick = rng.below(sum(bag))
    for food, count in enumerate(bag):
        if pick < count:
            bag[food] -= 1
            return food
        pick -= count
    raise AssertionError("unreachable")


def new_mountie(s: NachoState, ev: Ev) -> None:
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


def announce_mountie(s: NachoState, ev: Ev) -> None:
    data = {"round": s.round_no, "turn": s.turn_no, "left": len(s.mdeck)}
    if s.mface:
        data["mountie"] = mountie_data(s.mdeck[0])
    ev.append(Event("turn", None, data))
