"""How a Nacho Incident turn moves on: who acts, the legal choices of each phase, why others are
refused, and ``apply``, which hands each action to the step that does it.

``apply`` copies the table once; the functions of ``steps.py`` (steps 1-4) and ``upkeep.py``
(steps 5-6) change that copy's fields (always by replacing a tuple, never by changing one), then
run on by themselves through everything that needs no choice -- the reveal, the first player's
Mountie, fees, keepers, arrests with only one outcome, the end of a round, draws, province cards,
refills, the next Mountie -- until someone has a choice again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..protocol import Action, IllegalAction
from . import rules, steps, upkeep
from .actions import (
    ARREST,
    CHOOSE,
    DISCARD,
    DONE,
    GIVE_GEM,
    GO,
    PICK,
    SELL,
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
from .components import FLAG, FOODS, PROVINCES
from .rules import DISCARD_PHASES, STEP_PHASES
from .table import Table
from .tuples import Ev


def acting(s: Table) -> tuple[int, ...]:
    """The seats that must choose now (``current_players()``), computed once per table."""
    memo = s._acting
    if memo is None:
        s._acting = memo = _acting(s)
    return memo


def _acting(s: Table) -> tuple[int, ...]:
    phase = s.stage
    if phase in STEP_PHASES:
        return (s.order[s.pos],)
    if phase == "pick":
        return tuple([seat for seat, x in enumerate(s.picks) if x is None])
    if phase in DISCARD_PHASES:
        return tuple([seat for seat, r in enumerate(s.ready) if not r])
    if phase == "gem":
        return (s.gem,)
    if phase == "sell":
        return ((s.gem + s.seller) % s.players,)
    return ()


def legal_for(s: Table, p: object) -> list[Action]:
    """``legal(s, p)`` if ``p`` is a seat that acts now, else []. The table remembers the latest
    seat's list: a player (or a rollout) asks for its choices, then ``apply`` checks the one it
    took against the same list. Callers get the list itself: copy it before handing it out."""
    if type(p) is not int:
        return []
    memo = s._legal
    if memo is not None and memo[0] == p:
        return memo[1]
    seats = s._acting
    if seats is None:
        s._acting = seats = _acting(s)
    actions = legal(s, p) if p in seats else []
    s._legal = (p, actions)
    return actions


def legal(s: Table, p: int) -> list[Action]:
    """Every action seat ``p`` (one of ``acting(s)``) may take, in a fixed order."""
    phase = s.stage
    if phase == "pick":
        return [PICK[i] for i in s.hands[p]]
    if phase in DISCARD_PHASES:
        out = [DISCARD[i] for i in s.hands[p]]
        out.append(DONE)
        return out
    if phase == "destination":
        return [GO[q] for q in rules.reachable(FLAG[s.picks[p]])]
    if phase == "deliver":
        return steps.delivery_options(s, p)
    if phase == "arrest":
        return [CHOOSE[m] for m in rules.mountie_choices(s.cmounties[p][s.arrest_at])]
    if phase == "bored":
        return [ARREST[k] for k in rules.highest_anywhere(s.keepers[p])]
    if phase == "wander":
        return [WANDER[q] for q in range(len(PROVINCES)) if q != s.arrest_at]
    if phase == "gem":
        return [GIVE_GEM[t] for t in rules.lowest_scores(s.gold)]
    if phase == "sell":
        out = [SELL[f] for f in sorted(set(s.warehouses[p]))]
        out.append(DONE)
        return out
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


def why_illegal(s: Table, p: int, action: Action) -> IllegalAction:
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


def apply(state: Table, p: int, action: Action, record: bool = True) -> Table:
    """The table after seat ``p`` takes ``action``, one of ``legal(state, p)`` (unchecked).
    ``record=False`` leaves out the events (``()``): what a search's rollouts never read costs
    a quarter of a step."""
    s = state._copy()
    if record:
        ev: list[tuple[Any, ...]] = []
        _STEP[type(action)](s, p, action, ev)
        s._events, s._records = None, tuple(ev)
    else:
        _STEP[type(action)](s, p, action, None)
        s._events, s._records = (), ()
    return s


def _done(s: Table, p: int, action: Done, ev: Ev) -> None:
    if s.stage == "sell":
        upkeep.refill(s, p, ev)
        s.seller += 1
        upkeep.next_seller(s, ev)
    else:
        upkeep.ready(s, p, ev)


def _choose_mountie(s: Table, p: int, action: ChooseMountie, ev: Ev) -> None:
    s.arrester = action.mountie
    steps.resolve(s, ev)


def _arrest(s: Table, p: int, action: Arrest, ev: Ev) -> None:
    steps.arrest(s, p, s.arrester, action.smuggler, True, ev)
    steps.resolve(s, ev)


def _wander(s: Table, p: int, action: Wander, ev: Ev) -> None:
    steps.wander(s, p, action.province, ev)
    steps.resolve(s, ev)


def _give_gem(s: Table, p: int, action: GiveGem, ev: Ev) -> None:
    upkeep.pass_gem(s, action.seat, ev)
    upkeep.start_discards(s, "discard")


# What each kind of action does (``apply``).
_STEP: dict[type, Callable[[Table, int, Any, Ev], None]] = {
    Pick: steps.pick,
    Go: steps.go,
    Deliver: steps.deliver,
    NoCube: steps.deliver,
    ChooseMountie: _choose_mountie,
    Arrest: _arrest,
    Wander: _wander,
    GiveGem: _give_gem,
    Discard: upkeep.discard,
    Sell: upkeep.sell,
    Done: _done,
}
