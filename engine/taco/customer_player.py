"""Rules of thumb for the customer player (1 vs 1, seat 1), reading the table and its own hand
only: the heuristic bot, and the customer's moves inside every search's rollouts.

The customer player wins only by bringing the restaurant to its last popularity space before
the cards run out, and loses at once if a hand cannot be played ("They also win if the other
player cannot play one of the cards in their hand on their corresponding turn"). So a play is
judged by two things:

* **harm**: what the card does to the restaurant now and in the coming turn — customers forced
  out, a task left on the storeroom door replaced (its penalty), an inspection's fine — and
  how much work waits in line against the dice the manager will have at the next roll (dice
  resting, captive on tasks and bonus cards, or locked in the fine zone do not roll; dice kept
  from the last turn show their faces);
* **the hand's plan**: after a +OPEN or TASK play the next turn may play neither, so a card
  with no computer message ("plain") must be in hand then. +OPEN and TASK cards outnumber the
  plain cards that can go between them, so every turn free of the ban should play one of them,
  and a plain card is kept for the banned turn after it, above all once the deck runs dry.

The VIP and the pickpocket are never in a 1 vs 1 deck (rulebook: "may not be used").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..protocol import Event
from .actions import Action, Discard, Play
from .arrivals import reveal
from .board import BOARD
from .cards import CARDS, CLEANING, FREE_TIME, GUESTS, INSPECTION, OPEN, PREPAID, TASK, VOUCHER
from .dice import DICE, MONEY
from .hand import is_banned, playable
from .hand_odds import after_draw, card_class, counts, safest_discard, stuck

if TYPE_CHECKING:
    from .state import TacoState

C, P = BOARD.counter, BOARD.patience
STAR = 10.0  # a popularity star, in the units of ``harm``
# Expected faces of a die rolled afresh: money, then food/drink/blank ("work").
ROLL_MONEY = {d.id: d.faces.count(MONEY) / 6 for d in DICE}
ROLL_WORK = {d.id: sum(f in "FDB" for f in d.faces) / 6 for d in DICE}
LOST_PLAY = 120.0  # a hand that cannot be played: the manager wins
OFF_BEAT = 6.0  # a plain card played in a turn free of the ban while a +OPEN or TASK could go
RISK_TO_DISCARD = 0.02  # odds of a stuck hand above which a discard is weighed
PLAN_TURNS = 3  # how far ahead the hand's odds look (turns after this one)


def is_plain(code: str) -> bool:
    """A card with no computer message (it may follow a +OPEN card, and be played while the
    ban lasts). An inspection is not: it brings another card with it."""
    card = CARDS[code]
    return card.message not in (OPEN, TASK) and card.kind != INSPECTION


def capacity(s: TacoState) -> tuple[float, float]:
    """The manager's expected (money, work) faces at the next roll: dice that will roll
    (waiting, not locked by an unpaid fine) by their odds, kept dice by the face they show."""
    money = work = 0.0
    for i, die in enumerate(DICE):
        st = s.status[i]
        if st == "ready" or st in ("free", "used", "rest"):
            if die.id == "T" and s.fines > 0:
                continue  # the trainee is locked in the fine zone at the roll
            money += ROLL_MONEY[die.id]
            work += ROLL_WORK[die.id]
        elif st in ("kept", "aside"):
            face = s.faces[i]
            money += face == MONEY
            work += face in "FDB"
    return money, work


def harm(s: TacoState) -> float:
    """How badly the restaurant stands, from the customer player's side (a star is ``STAR``):
    stars lost, fines and cash (cash buys stars back), the work waiting in line against the
    manager's dice at the next roll, the task on the door, dice out of play."""
    if s.stage == "over":
        return 1000.0 if s.result == "customers" else -1000.0
    h = STAR * (BOARD.popularity_start - s.popularity) - 0.5 * (s.cash - s.fines)
    if s.fines:
        h += 3.0  # the trainee will be locked
    money, work = capacity(s)
    need_money = need_work = 0.0
    n = 0
    for i, slot in enumerate(s.line):
        if slot is None:
            continue
        n += 1
        code, served, paid = slot
        card = CARDS[code]
        if card.kind in GUESTS:
            need_work += 0 if served else card.items
            need_money += 0 if paid or card.kind == PREPAID else 1
            if i >= C:
                h += 1.5 * (i - C + 1)  # closer to being forced out
        elif card.kind == CLEANING:
            need_work += 1
            h += 1.0
        elif card.kind == VOUCHER:
            h -= 2.0  # a free order for the manager, once taken
        else:
            need_work += 1
    # Work the next roll cannot do stays in line, where the next arrivals push it out.
    h += 2.0 * max(0.0, need_money - money) + 1.0 * max(0.0, need_work - work)
    h += 1.0 * need_money + 0.5 * need_work
    if n > 4:
        h += 3.0 * (n - 4) ** 2
    if s.door:
        h += 4.0
    for i, st in enumerate(s.status):
        if st == "room":
            h += 1.5 * (s.room.index(DICE[i].id) + 1)
    return h


def _after(s: TacoState, cards: tuple[str, ...]) -> TacoState:
    """The table once ``cards`` have come in (the rules' own arrivals; a TASK's new task is a
    guess from the searcher's deal, and only whether the door is taken is read)."""
    t = s._copy()
    ev: list[Event] = []
    for code in cards:
        t.hand = tuple(c for c in t.hand if c != code)
        reveal(t, ev, code)
        if t.stage == "over":
            break
    return t


def plan_risk(s: TacoState, played: tuple[str, ...], banned_next: bool) -> float:
    """The odds that a hand within the next ``PLAN_TURNS`` turns cannot be played, once
    ``played`` is out of the hand and the hand refilled from the deck (the unseen cards: the
    customer player knows what is in the deck, not its order)."""
    hand = counts(tuple(c for c in s.hand if c not in played))
    deck = counts(s.deck)
    left = BOARD.discards - s.discards
    return sum(q * stuck(h, d, banned_next, left, PLAN_TURNS) for h, d, q in after_draw(hand, deck))


def hand_risk(s: TacoState) -> float:
    """The odds that a hand within ``PLAN_TURNS`` turns cannot be played, from the next
    customer phase (the hand already refilled)."""
    banned_next = s.ban_until >= s.turn_no + 1
    left = BOARD.discards - s.discards
    return stuck(counts(s.hand), counts(s.deck), banned_next, left, PLAN_TURNS)


def customer_action(s: TacoState) -> Action:
    """The customer player's greedy choice: the play (with the card a +OPEN card brings along)
    that harms the restaurant most, less the odds of a hand that cannot be played in the next
    turns; in a turn free of the ban, a +OPEN or TASK card before a plain one; a discard when it
    is the safer way through."""
    banned = is_banned(s)
    hand = tuple(sorted(s.hand))
    base = harm(s)
    best: Action | None = None
    best_score, best_risk = -1e9, 0.0
    can_beat = (
        not banned
        and not s.follow
        and any(
            CARDS[c].message in (OPEN, TASK) and playable(c, _without(hand, c), banned)
            for c in hand
        )
    )
    for code in hand:
        rest = _without(hand, code)
        if not playable(code, rest, banned):
            continue
        card = CARDS[code]
        beat = card.message in (OPEN, TASK)
        banned_next = beat or s.ban_until >= s.turn_no + 1
        if card.message == OPEN or card.kind == INSPECTION:
            # Judge it with the best card that can follow it.
            after_ban = banned or beat
            score, risk = max(
                _judge(s, base, (code, p), banned_next or CARDS[p].message in (OPEN, TASK))
                for p in rest
                if playable(p, _without(rest, p), after_ban)
            )
        else:
            score, risk = _judge(s, base, (code,), banned_next)
        if can_beat and not beat:
            score -= OFF_BEAT
        if card.kind == FREE_TIME:
            score -= 2.0  # nobody arrives: the longest relief, keep it for last
        if score > best_score:
            best, best_score, best_risk = Play(code), score, risk
    if best_risk > RISK_TO_DISCARD and may_discard(s):
        trio, risk = discard(s)
        if -LOST_PLAY * risk > best_score:
            return trio
    assert best is not None, "the customer phase opens only with a playable card"
    return best


def _without(hand: tuple[str, ...], code: str) -> tuple[str, ...]:
    return tuple(c for c in hand if c != code)


def _judge(
    s: TacoState, base: float, cards: tuple[str, ...], banned_next: bool
) -> tuple[float, float]:
    """(score, odds of a stuck hand) of playing ``cards`` now."""
    t = _after(s, cards)
    if t.stage == "over":
        return harm(t), 0.0
    risk = plan_risk(s, cards, banned_next)
    return harm(t) - base - LOST_PLAY * risk, risk


def may_discard(s: TacoState) -> bool:
    return not s.follow and s.discards < BOARD.discards and len(s.deck) >= 3 and len(s.hand) >= 3


def discard(s: TacoState) -> tuple[Discard, float]:
    """The safest discard of three (``hand_odds.safest_discard``) and the odds it leaves; of
    the cards of one class, the ones that matter least go first (``WEIGHT``)."""
    left = BOARD.discards - s.discards
    classes, risk = safest_discard(counts(s.hand), counts(s.deck), left, PLAN_TURNS)
    pool = sorted(s.hand, key=weight)
    trio = []
    for k in classes:
        pick = next(c for c in pool if card_class(c) == k)
        pool.remove(pick)
        trio.append(pick)
    return Discard(tuple(sorted(trio))), risk  # type: ignore[arg-type]


def weight(code: str) -> float:
    """How much a card weighs on the manager, roughly: the work it brings."""
    card = CARDS[code]
    if card.kind in GUESTS:
        return card.items + (0.5 if card.kind == PREPAID else 1.5)
    return {FREE_TIME: 0.0, VOUCHER: 0.5, CLEANING: 2.0}.get(card.kind, 1.0)


def weakest_three(s: TacoState) -> Discard:
    """The discard the search tries (see ``discard``)."""
    return discard(s)[0]
