"""The turn of Crazy Taco around the players' choices: the end of phase 1, the roll (F2),
management (F3), the end of a turn and the start of the next. Phase 1's arrivals are
engine/taco/arrivals.py; popularity, money and the end of the game engine/taco/ledger.py.

Every function here works on a fresh copy ``s`` made inside one ``apply`` and appends what
happens to ``ev``: that apply's events, as entries (``restaurant.Entry``) that become ``Event``s
when someone reads them. Rulebook quotes explain each step.
"""

from __future__ import annotations

from ..rng import Rng
from .arrivals import close_gaps, line_empty, run_reveals
from .board import ADVERTISING_COST, BOARD, OVERTIME_COSTS, REROLL_COST
from .cards import CARDS, KEY, PINATA_CARD, TASKS
from .dice import DICE, DIE_INDEX, REST, TRAINEE
from .hand import can_complete, is_banned
from .ledger import fine, finish
from .restaurant import Entry, Restaurant
from .roll import IDS


def continue_customers(s: Restaurant, ev: list[Entry]) -> None:
    """Solo: phase 1's reveals go on (after an extra was bought or passed), then the roll."""
    s.stage = "customers-solo"
    if run_reveals(s, ev):
        after_customers(s, ev)


def after_customers(s: Restaurant, ev: list[Entry]) -> None:
    """End of F1: in 1 vs 1 the manager may first reveal Extra cards for the stars lost; then
    the roll."""
    if s.versus and s.reveals > 0 and s.extra_deck:
        s.reveals -= 1
        s.offer, s.extra_deck = s.extra_deck[0], s.extra_deck[1:]
        ev.append(("extra-offer", None, {"card": s.offer}))
        s.stage = "extra"
        return
    s.reveals = 0
    roll(s, ev)


# -- F2: the roll -------------------------------------------------------------------------------


def roll(s: Restaurant, ev: list[Entry]) -> None:
    """ "It is time to work, and to do so you must roll the available dice. You may not have
    all the dice to roll because: They are busy doing tasks. They are in the rest room (zzz).
    You kept a die result from the previous turn." A locked trainee does not roll either."""
    rng = Rng(s.rng)
    faces, status = list(s.faces), list(s.status)
    if s.fines > 0 and status[TRAINEE] in ("ready", "kept"):
        faces[TRAINEE], status[TRAINEE] = "", "locked"
    rolled = []
    for i, st in enumerate(status):
        if st == "ready":
            face = DICE[i].faces[rng.below(6)]
            faces[i], status[i] = face, ("rest" if face == REST else "free")
            rolled.append(IDS[i])
    s.rng = rng.state
    s.faces, s.status = tuple(faces), tuple(status)
    # Captive dice: one more turn spent on their card ("remain for the number of turns shown").
    if s.task_zone:
        s.task_zone = tuple([(c, d, left - 1) for c, d, left in s.task_zone])
    if s.bonus:
        s.bonus = tuple([(c, d, left - 1) if d else (c, d, left) for c, d, left in s.bonus])
    s.extra_used = False
    s.stage = "placement"
    ev.append(
        (
            "roll",
            None,
            {"turn": s.turn_no, "rolled": rolled, "faces": dict(zip(IDS, faces, strict=True))},
        )
    )


def reroll_cost(s: Restaurant) -> int:
    """ "Relanzamiento de dados … Pay $3": in 1 vs 1 the table's price (option
    ``reroll_price``, $8 for a new game; docs/rules-decisions.md)."""
    return s.options["reroll_price"] if s.players == 2 else REROLL_COST


def reroll(s: Restaurant, ev: list[Entry], dice: tuple[str, ...]) -> None:
    """ "Relanzamiento de dados": pay the price and roll the dice you wish again."""
    cost = reroll_cost(s)
    s.cash -= cost
    rng = Rng(s.rng)
    faces, status = list(s.faces), list(s.status)
    for i, die in enumerate(DICE):
        if die.id in dice:
            face = die.faces[rng.below(6)]
            faces[i], status[i] = face, ("rest" if face == REST else "free")
    s.rng = rng.state
    s.faces, s.status = tuple(faces), tuple(status)
    shown = {die.id: faces[i] for i, die in enumerate(DICE) if die.id in dice}
    ev.append(("reroll", 0, {"dice": list(dice), "faces": shown, "cost": cost}))


# -- F3: management -----------------------------------------------------------------------------


def end_placement(s: Restaurant, ev: list[Entry], hold: bool = False) -> None:
    """F3, in the rulebook's order: timers on cards, the rest room, closing gaps; then money.
    ``hold`` (the search's look-ahead) stops in the management stage even with nothing to buy,
    before the next turn's draws and roll."""
    status = list(s.status)
    # "In the task zone, both the die and the card remain for the number of turns shown on the
    # card. Once that is done, you must pay the cost of the order, if any, by removing the card
    # and recovering the die."
    if s.task_zone:
        keep_tasks = []
        for code, die, left in s.task_zone:
            if left > 0:
                keep_tasks.append((code, die, left))
                continue
            status[DIE_INDEX[die]] = "ready"
            s.tasks_gone = (*s.tasks_gone, code)
            ev.append(("task-done", None, {"task": code, "die": die}))
            fine(s, ev, TASKS[code].cost, "task-cost", code)
        s.task_zone = tuple(keep_tasks)
    if s.bonus:
        _bonus_timers(s, ev, status)
    # "The movement of dice in the rest room: introducing the die (if it came up this turn), or
    # advancing it one position per turn until it comes out … each die occupies one position,
    # never two in the same space."
    room = s.room
    if room[0]:
        status[DIE_INDEX[room[0]]] = "ready"
        ev.append(("rested", None, {"die": room[0]}))
    room = [*room[1:], ""]
    if "rest" in status:
        key_on = any(CARDS[c].kind == KEY and d for c, d, _ in s.bonus)
        for i, st in enumerate(status):
            if st != "rest":
                continue
            if key_on:
                # "nobody may enter the rest room, so dice with a "rest" result are not used
                # that round, but they can still be played in the following round."
                status[i] = "ready"
                continue
            space = _rest_space(room)
            room[space] = IDS[i]
            status[i] = "room"
            ev.append(("rest", None, {"die": IDS[i], "space": space + 1}))
    s.room = tuple(room)
    s.status = tuple(status)
    s.faces = tuple(
        ["" if st in FACELESS_NOW else f for f, st in zip(s.faces, status, strict=True)]
    )
    close_gaps(s)
    if hold or management_options(s):
        s.stage = "management"
    else:
        end_turn(s, ev)


FACELESS_NOW = ("ready", "room")  # statuses end_placement leaves without a face


def _bonus_timers(s: Restaurant, ev: list[Entry], status: list[str]) -> None:
    """Captive dice come back from bonus cards whose turns are done (the card leaves)."""
    keep_bonus = []
    for code, die, left in s.bonus:
        if not die or left > 0:
            keep_bonus.append((code, die, left))
            continue
        status[DIE_INDEX[die]] = "ready"
        s.gone = (*s.gone, code)
        ev.append(("bonus-done", None, {"card": code, "die": die}))
        if code == PINATA_CARD:  # "After those turns, it leaves … and you collect $6."
            s.cash += CARDS[PINATA_CARD].pay
            ev.append(
                ("cash", None, {"change": CARDS[PINATA_CARD].pay, "cash": s.cash, "card": code})
            )
    s.bonus = tuple(keep_bonus)


def _rest_space(room: list[str]) -> int:
    """The free space a resting die takes: the entrance, or the next free one behind it."""
    entrance = BOARD.rest_entrance - 1
    for i in [*range(entrance, len(room)), *range(entrance - 1, -1, -1)]:
        if not room[i]:
            return i
    raise AssertionError("the rest room holds every employee at once")


def management_options(s: Restaurant) -> bool:
    """ "You manage money, and may invest it in paying overtime, an express advertising
    campaign to recover popularity, or fines you may have pending." """
    if s.fines and s.cash >= s.fines:
        return True
    if s.cash >= ADVERTISING_COST and s.popularity < BOARD.popularity_start:
        return True
    return s.overtime < len(OVERTIME_COSTS) and any(s.room) and s.cash >= OVERTIME_COSTS[s.overtime]


def end_turn(s: Restaurant, ev: list[Entry]) -> None:
    """Dice come back from the counter; kept dice keep their faces; then the end checks and
    the next turn. "Once all 3 phases are complete, you start a new turn, repeating the phases
    of the game until all the cards in the customer deck are exhausted and resolved.\""""
    faces, status = list(s.faces), list(s.status)
    for i, st in enumerate(status):
        if st in BACK_TO_READY:
            faces[i], status[i] = "", "ready"
        elif st == "aside":
            status[i] = "kept"
    s.faces, s.status = tuple(faces), tuple(status)
    ev.append(("turn-end", None, {"turn": s.turn_no}))
    if not s.deck and not s.hand and line_empty(s):
        # "The deck of order cards has been exhausted and resolved. You have succeeded!"
        finish(s, ev, "manager" if s.versus else "won", "deck-resolved")
        return
    if s.turn_no >= BOARD.turn_limit:
        finish(s, ev, "customers" if s.versus else "lost", "closing-time")
        return
    start_turn(s, ev)


BACK_TO_READY = ("free", "kept", "used")  # dice that come back from the counter at the turn's end


def start_turn(s: Restaurant, ev: list[Entry]) -> None:
    s.turn_no += 1
    ev.append(("turn", None, {"turn": s.turn_no}))
    if s.versus:
        open_customers(s, ev)
        return
    s.to_reveal = 1
    continue_customers(s, ev)


def open_solo(s: Restaurant, ev: list[Entry]) -> None:
    """ "With this, the initial exit phase is complete, and you move on to Phases 2 and 3.\""""
    ev.append(("turn", None, {"turn": s.turn_no}))
    ev.append(("welcome", None, {"cards": [x[0] for x in s.line if x is not None]}))
    roll(s, ev)


def open_versus(s: Restaurant, ev: list[Entry]) -> None:
    ev.append(("turn", None, {"turn": s.turn_no}))
    open_customers(s, ev)


def open_customers(s: Restaurant, ev: list[Entry]) -> None:
    """The customer player's phase 1 begins (or is skipped with nothing left to play)."""
    s.follow = False
    if not s.hand:
        after_customers(s, ev)
        return
    if not can_complete(s.hand, is_banned(s)):
        ev.append(("cannot-play", 1, {}))
        finish(s, ev, "manager", "cannot-play")
        return
    s.stage = "customers"
