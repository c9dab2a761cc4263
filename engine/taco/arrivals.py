"""Phase 1 of Crazy Taco, customers arriving: the counter and the patience zone, pushes, the
computer messages (tasks, +OPEN), free time, extras on offer, the characters, the inspection and
the Fiesta Piñata. Functions work on the fresh copy ``s`` made inside one ``apply`` and add what
happens to ``ev`` (event entries, as in engine/taco/flow.py); rulebook quotes explain each step.
"""

from __future__ import annotations

from functools import lru_cache

from ..rng import Rng
from .board import BOARD, SPOTS
from .cards import (
    CARDS,
    CLEANING,
    EXTRA,
    FREE_TIME,
    GUESTS,
    INSPECTION,
    OPEN,
    PICKPOCKET,
    PINATA_CARD,
    TASK,
    TASKS,
    VIP,
)
from .ledger import fine, lose_stars
from .restaurant import Entry, Restaurant, Slot

C, P = BOARD.counter, BOARD.patience
FORCED_OUT_STARS = 1


# -- the line: counter and patience zone --------------------------------------------------------


def enter(s: Restaurant, ev: list[Entry], code: str) -> None:
    """A card takes its place at the counter. "From the second round on, every card we reveal
    goes into the free space furthest to the right." With the counter full, "that customer
    enters the last position, forcing out the customer in position 1 or in the patience zone"."""
    line = list(s.line)
    if None in line[:C]:
        i = line.index(None)
        line[i] = (code, False, False)
        s.line = tuple(line)
        ev.append(("arrive", None, {"card": code, "spot": SPOTS[i]}))
        return
    first = line[0]
    assert first is not None
    line[: C - 1] = line[1:C]
    line[C - 1] = (code, False, False)
    s.line = tuple(line)
    ev.append(("arrive", None, {"card": code, "spot": SPOTS[C - 1], "pushed": first[0]}))
    _leave_position_1(s, ev, first)


def _leave_position_1(s: Restaurant, ev: list[Entry], slot: tuple[str, bool, bool]) -> None:
    code, served, _paid = slot
    card = CARDS[code]
    if card.kind not in GUESTS:
        # "Bonus cards do not advance to the patience zone. After position 1, they leave the
        # restaurant and trigger their corresponding penalty."
        s.gone = (*s.gone, code)
        ev.append(("unattended", None, {"card": code}))
        fine(s, ev, card.fine, "unattended", code)
        lose_stars(s, ev, card.stars, "unattended", code)
        return
    if card.kind == VIP and not served:
        # "they leave the restaurant if you do not serve them before they enter the patience
        # zone … failing to do so carries a heavier penalty, and you lose 2 popularity stars."
        s.gone = (*s.gone, code)
        ev.append(("vip-leaves", None, {"card": code}))
        lose_stars(s, ev, card.stars, "vip", code)
        return
    if card.kind == PICKPOCKET and not served:
        # "return to the customer deck if they are not served in time before reaching the
        # patience zone … generating one more customer in play and the corresponding loss of
        # popularity"; "Shuffle the customer deck when you put the card back into it."
        rng = Rng(s.rng)
        s.deck = tuple(rng.shuffled([*s.deck, code]))
        s.rng = rng.state
        ev.append(("pickpocket-escapes", None, {"card": code}))
        lose_stars(s, ev, card.stars, "pickpocket", code)
        return
    waiting = [x for x in s.line[C:] if x is not None]
    waiting.insert(0, slot)
    ev.append(("patience", None, {"card": code}))
    if len(waiting) > P:
        out = waiting.pop()
        s.gone = (*s.gone, out[0])
        # "you suffer the corresponding loss of popularity (moving down one space on the
        # Popularity track)"
        ev.append(("forced-out", None, {"card": out[0]}))
        lose_stars(s, ev, FORCED_OUT_STARS, "forced-out", out[0])
    s.line = (*s.line[:C], *(None,) * (P - len(waiting)), *waiting)


def close_gaps(s: Restaurant) -> None:
    """F3: "The movement of customers/orders/bonuses in the order zone toward the right to fill
    gaps in the line." Counter cards close up toward position 1, patience cards toward the exit
    (the counter and the patience zone stay apart: only a push moves a customer into patience)."""
    s.line = _closed(s.line)


@lru_cache(maxsize=4096)
def _closed(line: tuple[Slot, ...]) -> tuple[Slot, ...]:
    counter = [x for x in line[:C] if x is not None]
    waiting = [x for x in line[C:] if x is not None]
    return (*counter, *(None,) * (C - len(counter)), *(None,) * (P - len(waiting)), *waiting)


EMPTY_LINE = (None,) * (C + P)


def line_empty(s: Restaurant) -> bool:
    return s.line == EMPTY_LINE


# -- F1: customers ------------------------------------------------------------------------------


def reveal_task(s: Restaurant, ev: list[Entry]) -> None:
    """ "Task: draw a card from the task deck." If the storeroom door still holds one, "you are
    penalized according to the indication in the lower-right corner of the card already in
    play … The unresolved task card is discarded from the game.\""""
    if not s.task_deck:
        ev.append(("no-task", None, {}))
        return
    code, s.task_deck = s.task_deck[0], s.task_deck[1:]
    if s.door:
        old = TASKS[s.door]
        s.tasks_gone = (*s.tasks_gone, s.door)
        ev.append(("task-replaced", None, {"task": s.door}))
        fine(s, ev, old.fine, "task", s.door)
        lose_stars(s, ev, old.stars, "task", s.door)
    s.door = code
    ev.append(("task", None, {"task": code}))


def _pinata_checks(s: Restaurant, ev: list[Entry], message: str) -> bool:
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
        ev.append(("pinata-breaks", None, {"card": PINATA_CARD}))
        lose_stars(s, ev, CARDS[PINATA_CARD].stars, "pinata", PINATA_CARD)
        return False
    if message == OPEN and before == OPEN and not s.pinata_seen:
        s.pinata_seen = True
        s.prev_msg = ""
        if len(s.bonus) < BOARD.bonus_zone:
            s.bonus = (*s.bonus, (PINATA_CARD, "", 0))
            ev.append(("pinata", None, {"card": PINATA_CARD}))
        else:
            # "If there is no room in the Bonus zone, the card leaves the game, activating its
            # penalty."
            s.gone = (*s.gone, PINATA_CARD)
            ev.append(("pinata-breaks", None, {"card": PINATA_CARD}))
            lose_stars(s, ev, CARDS[PINATA_CARD].stars, "pinata", PINATA_CARD)
        return True
    return False


def inspection(s: Restaurant, ev: list[Entry], code: str) -> None:
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
    ev.append(("inspection", None, {"card": code, "amount": amount}))
    if fine(s, ev, amount, "inspection", code):
        s.gone = (*s.gone, code)
    else:
        s.fine_zone = (*s.fine_zone, code)


def reveal(s: Restaurant, ev: list[Entry], code: str) -> None:
    """One customer card comes into play (drawn in solo, played from hand in 1 vs 1). Sets
    ``s.to_reveal`` (solo) / ``s.follow`` (1 vs 1) for the cards it brings after it."""
    card = CARDS[code]
    kind = card.kind
    more = 0  # cards this one brings after it
    if kind == FREE_TIME:
        # "These take NO space; discard them, since there is no one to serve. That turn you
        # may relax by moving on to Phase 2."
        s.gone = (*s.gone, code)
        ev.append(("free-time", None, {"card": code}))
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
        ev.append(("extra-offer", None, {"card": code}))
        _pinata_checks(s, ev, "")
        more = 1
    elif kind == PICKPOCKET and not s.task_deck:
        # "This card cannot be used and is discarded if there are no "tasks" pending."
        s.gone = (*s.gone, code)
        ev.append(("pickpocket-discarded", None, {"card": code}))
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


def run_reveals(s: Restaurant, ev: list[Entry]) -> bool:
    """Solo F1: reveal cards until none is owed; pause when an extra waits for a decision.
    True when phase 1's cards are all in (then ``flow.after_customers``)."""
    while s.stage != "over" and s.to_reveal > 0 and not s.offer:
        if not s.deck:
            s.to_reveal = 0
            break
        code, s.deck = s.deck[0], s.deck[1:]
        s.to_reveal -= 1
        ev.append(("reveal", None, {"card": code}))
        reveal(s, ev, code)
    if s.stage == "over":
        return False
    if s.offer:
        s.stage = "extra"
        return False
    return True
