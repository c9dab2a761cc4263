"""The turn of Crazy Taco outside the players' choices: customers arriving (F1), the roll,
management (F3), popularity, fines and the end of the game.

Every function here works on a fresh copy ``s`` made inside one ``apply`` and appends what
happens to ``ev`` (the events of that apply). Rulebook quotes explain each step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..protocol import Event
from ..rng import Rng
from .board import ADVERTISING_COST, BOARD, OVERTIME_COSTS, SPOTS
from .cards import (
    CARDS,
    CLEANING,
    EXTRA,
    FREE_TIME,
    GUESTS,
    INSPECTION,
    KEY,
    OPEN,
    PICKPOCKET,
    PINATA_CARD,
    TASK,
    TASKS,
    VIP,
)
from .dice import DICE, REST, TRAINEE
from .hand import can_complete, is_banned

if TYPE_CHECKING:
    from .state import TacoState

C, P = BOARD.counter, BOARD.patience
FORCED_OUT_STARS = 1


# -- popularity, money ------------------------------------------------------------------------


def lose_stars(s: TacoState, ev: list[Event], n: int, why: str, card: str = "") -> None:
    """Move down the popularity track; at its last space the game is lost. In 1 vs 1 each star
    lost lets the manager reveal the top Extra card ("When a popularity star is lost, the
    manager player may reveal the top card of the Extra deck")."""
    if n <= 0 or s.stage == "over":
        return
    lost = min(n, s.popularity - BOARD.popularity_lost)
    s.popularity -= lost
    ev.append(
        Event(
            "popularity",
            None,
            {"change": -lost, "popularity": s.popularity, "why": why, "card": card},
        )
    )
    if s.versus:
        s.reveals += lost
    if s.popularity <= BOARD.popularity_lost:
        finish(s, ev, "customers" if s.versus else "lost", "popularity")


def gain_stars(s: TacoState, ev: list[Event], n: int, why: str, card: str = "") -> None:
    gained = min(n, BOARD.popularity_start - s.popularity)
    if gained > 0:
        s.popularity += gained
        ev.append(
            Event(
                "popularity",
                None,
                {"change": gained, "popularity": s.popularity, "why": why, "card": card},
            )
        )


def fine(s: TacoState, ev: list[Event], amount: int, why: str, card: str = "") -> bool:
    """Pay a fine from the register, or (not enough money) put it in the fine zone, where it
    stays until paid in phase 3 and locks the trainee meanwhile. True if paid at once."""
    if amount <= 0:
        return True
    paid = s.cash >= amount
    if paid:
        s.cash -= amount
    else:
        s.fines += amount
    ev.append(
        Event(
            "fine",
            None,
            {
                "amount": amount,
                "paid": paid,
                "why": why,
                "card": card,
                "cash": s.cash,
                "fines": s.fines,
            },
        )
    )
    return paid


def finish(s: TacoState, ev: list[Event], result: str, reason: str) -> None:
    s.stage, s.result, s.reason = "over", result, reason
    s.to_reveal, s.reveals, s.follow = 0, 0, False  # nothing is owed once the game is over
    if s.offer:
        s.gone, s.offer = (*s.gone, s.offer), ""
    ev.append(Event("game-over", None, {"result": result, "reason": reason, "score": s.scores()}))


# -- the line: counter and patience zone --------------------------------------------------------


def enter(s: TacoState, ev: list[Event], code: str) -> None:
    """A card takes its place at the counter. "From the second round on, every card we reveal
    goes into the free space furthest to the right." With the counter full, "that customer
    enters the last position, forcing out the customer in position 1 or in the patience zone"."""
    line = list(s.line)
    for i in range(C):
        if line[i] is None:
            line[i] = (code, False, False)
            s.line = tuple(line)
            ev.append(Event("arrive", None, {"card": code, "spot": SPOTS[i]}))
            return
    first = line[0]
    assert first is not None
    line[: C - 1] = line[1:C]
    line[C - 1] = (code, False, False)
    s.line = tuple(line)
    ev.append(Event("arrive", None, {"card": code, "spot": SPOTS[C - 1], "pushed": first[0]}))
    _leave_position_1(s, ev, first)


def _leave_position_1(s: TacoState, ev: list[Event], slot: tuple[str, bool, bool]) -> None:
    code, served, _paid = slot
    card = CARDS[code]
    if card.kind not in GUESTS:
        # "Bonus cards do not advance to the patience zone. After position 1, they leave the
        # restaurant and trigger their corresponding penalty."
        s.gone = (*s.gone, code)
        ev.append(Event("unattended", None, {"card": code}))
        fine(s, ev, card.fine, "unattended", code)
        lose_stars(s, ev, card.stars, "unattended", code)
        return
    if card.kind == VIP and not served:
        # "they leave the restaurant if you do not serve them before they enter the patience
        # zone … failing to do so carries a heavier penalty, and you lose 2 popularity stars."
        s.gone = (*s.gone, code)
        ev.append(Event("vip-leaves", None, {"card": code}))
        lose_stars(s, ev, card.stars, "vip", code)
        return
    if card.kind == PICKPOCKET and not served:
        # "return to the customer deck if they are not served in time before reaching the
        # patience zone … generating one more customer in play and the corresponding loss of
        # popularity"; "Shuffle the customer deck when you put the card back into it."
        rng = Rng(s.rng)
        s.deck = tuple(rng.shuffled([*s.deck, code]))
        s.rng = rng.state
        ev.append(Event("pickpocket-escapes", None, {"card": code}))
        lose_stars(s, ev, card.stars, "pickpocket", code)
        return
    waiting = [x for x in s.line[C:] if x is not None]
    waiting.insert(0, slot)
    ev.append(Event("patience", None, {"card": code}))
    if len(waiting) > P:
        out = waiting.pop()
        s.gone = (*s.gone, out[0])
        # "you suffer the corresponding loss of popularity (moving down one space on the
        # Popularity track)"
        ev.append(Event("forced-out", None, {"card": out[0]}))
        lose_stars(s, ev, FORCED_OUT_STARS, "forced-out", out[0])
    s.line = (*s.line[:C], *(None,) * (P - len(waiting)), *waiting)


def close_gaps(s: TacoState) -> None:
    """F3: "The movement of customers/orders/bonuses in the order zone toward the right to fill
    gaps in the line." Counter cards close up toward position 1, patience cards toward the exit
    (the counter and the patience zone stay apart: only a push moves a customer into patience)."""
    counter = [x for x in s.line[:C] if x is not None]
    waiting = [x for x in s.line[C:] if x is not None]
    s.line = (*counter, *(None,) * (C - len(counter)), *(None,) * (P - len(waiting)), *waiting)


def line_empty(s: TacoState) -> bool:
    return all(x is None for x in s.line)


# -- F1: customers ------------------------------------------------------------------------------


def reveal_task(s: TacoState, ev: list[Event]) -> None:
    """ "Task: draw a card from the task deck." If the storeroom door still holds one, "you are
    penalized according to the indication in the lower-right corner of the card already in
    play … The unresolved task card is discarded from the game.\""""
    if not s.task_deck:
        ev.append(Event("no-task", None, {}))
        return
    code, s.task_deck = s.task_deck[0], s.task_deck[1:]
    if s.door:
        old = TASKS[s.door]
        s.tasks_gone = (*s.tasks_gone, s.door)
        ev.append(Event("task-replaced", None, {"task": s.door}))
        fine(s, ev, old.fine, "task", s.door)
        lose_stars(s, ev, old.stars, "task", s.door)
    s.door = code
    ev.append(Event("task", None, {"task": code}))


def _pinata_checks(s: TacoState, ev: list[Event], message: str) -> bool:
    """The Fiesta Piñata (option). Returns True when this card's +OPEN brings the piñata
    instead of a new customer ("activated when two "+OPEN" cards appear in a row")."""
    if not s.options["pinata"]:
        return False
    before, s.prev_msg = s.prev_msg, message
    idle = any(code == PINATA_CARD and not die for code, die, _ in s.bonus)
    if idle and {before, message} == {OPEN, TASK}:
        # "if … it has not been attended before a combination of cards appears in the customer
        # zone of "+TASK/+OPEN" or "+OPEN/+TASK", the card activates its penalty"
        s.bonus = tuple(b for b in s.bonus if b[0] != PINATA_CARD)
        s.gone = (*s.gone, PINATA_CARD)
        ev.append(Event("pinata-breaks", None, {"card": PINATA_CARD}))
        lose_stars(s, ev, CARDS[PINATA_CARD].stars, "pinata", PINATA_CARD)
        return False
    if message == OPEN and before == OPEN and not s.pinata_seen:
        s.pinata_seen = True
        s.prev_msg = ""
        if len(s.bonus) < BOARD.bonus_zone:
            s.bonus = (*s.bonus, (PINATA_CARD, "", 0))
            ev.append(Event("pinata", None, {"card": PINATA_CARD}))
        else:
            # "If there is no room in the Bonus zone, the card leaves the game, activating its
            # penalty."
            s.gone = (*s.gone, PINATA_CARD)
            ev.append(Event("pinata-breaks", None, {"card": PINATA_CARD}))
            lose_stars(s, ev, CARDS[PINATA_CARD].stars, "pinata", PINATA_CARD)
        return True
    return False


def inspection(s: TacoState, ev: list[Event], code: str) -> None:
    """ "When the inspector appears, you must pay the established fine, if the condition
    printed on the card is met" (engine/taco/cards.py: C54 labor, C55 health, C56 franchise).
    Unpaid: "the die corresponding to the trainee and the inspection card are locked in the
    FINE zone until the fine is paid.\""""
    card = CARDS[code]
    resting = sum(1 for d in s.room if d)
    if card.effect == "per-resting":
        amount = card.fine * resting
    elif card.effect == "none-resting":
        amount = card.fine if resting == 0 else 0
    else:  # per-cleaning: "per trash/cleaning card in play" (at the counter or being cleaned)
        in_play = [x[0] for x in s.line if x is not None] + [b[0] for b in s.bonus]
        amount = card.fine * sum(1 for c in in_play if CARDS[c].kind == CLEANING)
    ev.append(Event("inspection", None, {"card": code, "amount": amount}))
    if fine(s, ev, amount, "inspection", code):
        s.gone = (*s.gone, code)
    else:
        s.fine_zone = (*s.fine_zone, code)


def reveal(s: TacoState, ev: list[Event], code: str) -> None:
    """One customer card comes into play (drawn in solo, played from hand in 1 vs 1). Sets
    ``s.to_reveal`` (solo) / ``s.follow`` (1 vs 1) for the cards it brings after it."""
    card = CARDS[code]
    kind = card.kind
    more = 0  # cards this one brings after it
    if kind == FREE_TIME:
        # "These take NO space; discard them, since there is no one to serve. That turn you
        # may relax by moving on to Phase 2."
        s.gone = (*s.gone, code)
        ev.append(Event("free-time", None, {"card": code}))
        _pinata_checks(s, ev, "")
        s.to_reveal = 0
        s.follow = False
        return
    if kind == INSPECTION:
        inspection(s, ev, code)
        _pinata_checks(s, ev, "")
        more = 1  # "When an inspection card appears, you must draw a new card"
    elif kind == EXTRA:
        # "you must decide whether to acquire it by paying its price … After an extra card
        # appears, whether or not you decide to acquire it, a new customer card must be put
        # into play."
        s.offer = code
        ev.append(Event("extra-offer", None, {"card": code}))
        _pinata_checks(s, ev, "")
        more = 1
    elif kind == PICKPOCKET and not s.task_deck:
        # "This card cannot be used and is discarded if there are no "tasks" pending."
        s.gone = (*s.gone, code)
        ev.append(Event("pickpocket-discarded", None, {"card": code}))
        more = 1
    else:
        enter(s, ev, code)
        if s.stage == "over":
            return
        pinata = _pinata_checks(s, ev, card.message)
        if s.stage == "over":
            return
        if card.message == TASK:
            reveal_task(s, ev)
        elif card.message == OPEN and not pinata:
            more = 1  # "Open: draw a new customer card."
    if s.versus:
        s.follow = more > 0
    else:
        s.to_reveal += more


def run_reveals(s: TacoState, ev: list[Event]) -> None:
    """Solo F1: reveal cards until none is owed; pause when an extra waits for a decision."""
    while s.stage != "over" and s.to_reveal > 0 and not s.offer:
        if not s.deck:
            s.to_reveal = 0
            break
        code, s.deck = s.deck[0], s.deck[1:]
        s.to_reveal -= 1
        ev.append(Event("reveal", None, {"card": code}))
        reveal(s, ev, code)
    if s.stage == "over":
        return
    if s.offer:
        s.stage = "extra"
        return
    after_customers(s, ev)


def after_customers(s: TacoState, ev: list[Event]) -> None:
    """End of F1: in 1 vs 1 the manager may first reveal Extra cards for the stars lost; then
    the roll."""
    if s.versus and s.reveals > 0 and s.extra_deck:
        s.reveals -= 1
        s.offer, s.extra_deck = s.extra_deck[0], s.extra_deck[1:]
        ev.append(Event("extra-offer", None, {"card": s.offer}))
        s.stage = "extra"
        return
    s.reveals = 0
    roll(s, ev)


# -- F2: the roll -------------------------------------------------------------------------------


def roll(s: TacoState, ev: list[Event]) -> None:
    """ "It is time to work, and to do so you must roll the available dice. You may not have
    all the dice to roll because: They are busy doing tasks. They are in the rest room (zzz).
    You kept a die result from the previous turn." A locked trainee does not roll either."""
    rng = Rng(s.rng)
    faces, status = list(s.faces), list(s.status)
    rolled = []
    for i, die in enumerate(DICE):
        if i == TRAINEE and s.fines > 0 and status[i] in ("ready", "kept"):
            faces[i], status[i] = "", "locked"
            continue
        if status[i] == "ready":
            face = die.faces[rng.below(6)]
            faces[i], status[i] = face, ("rest" if face == REST else "free")
            rolled.append(die.id)
    s.rng = rng.state
    s.faces, s.status = tuple(faces), tuple(status)
    # Captive dice: one more turn spent on their card ("remain for the number of turns shown").
    s.task_zone = tuple((c, d, left - 1) for c, d, left in s.task_zone)
    s.bonus = tuple((c, d, left - 1) if d else (c, d, left) for c, d, left in s.bonus)
    s.extra_used = False
    s.stage = "placement"
    ev.append(
        Event(
            "roll",
            None,
            {
                "turn": s.turn_no,
                "rolled": rolled,
                "faces": {d.id: f for d, f in zip(DICE, faces, strict=True)},
            },
        )
    )


def reroll(s: TacoState, ev: list[Event], dice: tuple[str, ...]) -> None:
    rng = Rng(s.rng)
    faces, status = list(s.faces), list(s.status)
    for i, die in enumerate(DICE):
        if die.id in dice:
            face = die.faces[rng.below(6)]
            faces[i], status[i] = face, ("rest" if face == REST else "free")
    s.rng = rng.state
    s.faces, s.status = tuple(faces), tuple(status)
    shown = {die.id: faces[i] for i, die in enumerate(DICE) if die.id in dice}
    ev.append(Event("reroll", 0, {"dice": list(dice), "faces": shown}))


# -- F3: management -----------------------------------------------------------------------------


def end_placement(s: TacoState, ev: list[Event], hold: bool = False) -> None:
    """F3, in the rulebook's order: timers on cards, the rest room, closing gaps; then money.
    ``hold`` (the search's look-ahead) stops in the management stage even with nothing to buy,
    before the next turn's draws and roll."""
    status = list(s.status)
    index = {d.id: i for i, d in enumerate(DICE)}
    # "In the task zone, both the die and the card remain for the number of turns shown on the
    # card. Once that is done, you must pay the cost of the order, if any, by removing the card
    # and recovering the die."
    keep_tasks = []
    for code, die, left in s.task_zone:
        if left > 0:
            keep_tasks.append((code, die, left))
            continue
        status[index[die]] = "ready"
        s.tasks_gone = (*s.tasks_gone, code)
        ev.append(Event("task-done", None, {"task": code, "die": die}))
        fine(s, ev, TASKS[code].cost, "task-cost", code)
    s.task_zone = tuple(keep_tasks)
    keep_bonus = []
    for code, die, left in s.bonus:
        if not die or left > 0:
            keep_bonus.append((code, die, left))
            continue
        status[index[die]] = "ready"
        s.gone = (*s.gone, code)
        ev.append(Event("bonus-done", None, {"card": code, "die": die}))
        if code == PINATA_CARD:  # "After those turns, it leaves … and you collect $6."
            s.cash += CARDS[PINATA_CARD].pay
            ev.append(
                Event(
                    "cash", None, {"change": CARDS[PINATA_CARD].pay, "cash": s.cash, "card": code}
                )
            )
    s.bonus = tuple(keep_bonus)
    # "The movement of dice in the rest room: introducing the die (if it came up this turn), or
    # advancing it one position per turn until it comes out … each die occupies one position,
    # never two in the same space."
    room = list(s.room)
    if room[0]:
        status[index[room[0]]] = "ready"
        ev.append(Event("rested", None, {"die": room[0]}))
    room = [*room[1:], ""]
    key_on = any(CARDS[c].kind == KEY and d for c, d, _ in s.bonus)
    for i, die in enumerate(DICE):
        if status[i] != "rest":
            continue
        if key_on:
            # "nobody may enter the rest room, so dice with a "rest" result are not used that
            # round, but they can still be played in the following round."
            status[i] = "ready"
            continue
        space = _rest_space(room)
        room[space] = die.id
        status[i] = "room"
        ev.append(Event("rest", None, {"die": die.id, "space": space + 1}))
    s.room = tuple(room)
    s.status = tuple(status)
    s.faces = tuple(
        "" if st in ("ready", "room") else f for f, st in zip(s.faces, status, strict=True)
    )
    close_gaps(s)
    if hold or management_options(s):
        s.stage = "management"
    else:
        end_turn(s, ev)


def _rest_space(room: list[str]) -> int:
    """The free space a resting die takes: the entrance, or the next free one behind it."""
    entrance = BOARD.rest_entrance - 1
    for i in [*range(entrance, len(room)), *range(entrance - 1, -1, -1)]:
        if not room[i]:
            return i
    raise AssertionError("the rest room holds every employee at once")


def management_options(s: TacoState) -> bool:
    """ "You manage money, and may invest it in paying overtime, an express advertising
    campaign to recover popularity, or fines you may have pending." """
    if s.fines and s.cash >= s.fines:
        return True
    if s.cash >= ADVERTISING_COST and s.popularity < BOARD.popularity_start:
        return True
    return s.overtime < len(OVERTIME_COSTS) and any(s.room) and s.cash >= OVERTIME_COSTS[s.overtime]


def end_turn(s: TacoState, ev: list[Event]) -> None:
    """Dice come back from the counter; kept dice keep their faces; then the end checks and
    the next turn. "Once all 3 phases are complete, you start a new turn, repeating the phases
    of the game until all the cards in the customer deck are exhausted and resolved.\""""
    faces, status = list(s.faces), list(s.status)
    for i in range(len(DICE)):
        if status[i] in ("free", "kept", "used"):
            faces[i], status[i] = "", "ready"
        elif status[i] == "aside":
            status[i] = "kept"
    s.faces, s.status = tuple(faces), tuple(status)
    ev.append(Event("turn-end", None, {"turn": s.turn_no}))
    if not s.deck and not s.hand and line_empty(s):
        # "The deck of order cards has been exhausted and resolved. You have succeeded!"
        finish(s, ev, "manager" if s.versus else "won", "deck-resolved")
        return
    if s.turn_no >= BOARD.turn_limit:
        finish(s, ev, "customers" if s.versus else "lost", "closing-time")
        return
    start_turn(s, ev)


def start_turn(s: TacoState, ev: list[Event]) -> None:
    s.turn_no += 1
    ev.append(Event("turn", None, {"turn": s.turn_no}))
    if s.versus:
        open_customers(s, ev)
        return
    s.stage = "customers-solo"
    s.to_reveal = 1
    run_reveals(s, ev)


def open_solo(s: TacoState, ev: list[Event]) -> None:
    """ "With this, the initial exit phase is complete, and you move on to Phases 2 and 3.\""""
    ev.append(Event("turn", None, {"turn": s.turn_no}))
    ev.append(Event("welcome", None, {"cards": [x[0] for x in s.line if x is not None]}))
    roll(s, ev)


def open_versus(s: TacoState, ev: list[Event]) -> None:
    ev.append(Event("turn", None, {"turn": s.turn_no}))
    open_customers(s, ev)


def open_customers(s: TacoState, ev: list[Event]) -> None:
    """The customer player's phase 1 begins (or is skipped with nothing left to play)."""
    s.follow = False
    if not s.hand:
        after_customers(s, ev)
        return
    if not can_complete(s.hand, is_banned(s)):
        ev.append(Event("cannot-play", 1, {}))
        finish(s, ev, "manager", "cannot-play")
        return
    s.stage = "customers"
