"""Rules of thumb for the customer player (1 vs 1, seat 1), reading the table and its own hand
only: the heuristic bot, and the customer's moves inside every search's rollouts.

The customer player wins only by bringing the restaurant to its last popularity space before
the cards run out, and loses at once if a hand cannot be played ("They also win if the other
player cannot play one of the cards in their hand on their corresponding turn"). So a play is
judged by two things:

* **the odds** it leaves the customer player (``customer_value.win_odds``, a model fitted on
  seeded games): what the cards do to the restaurant now — customers forced out, a task left on
  the storeroom door replaced (its penalty), an inspection's fine — and the work waiting in line
  against the dice the manager will have at the next roll, against the cards left to play;
* **the hand's plan**: after a +OPEN or TASK play the next turn may play neither, so a card
  with no computer message ("plain") must be in hand then, and a +OPEN card takes a plain card
  with it. ``hand_odds.stuck`` gives the odds that a hand in the coming turns cannot be played
  (the game lost at once), a discard of three included.

The VIP and the pickpocket are never in a 1 vs 1 deck (rulebook: "may not be used").
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..protocol import Event
from .actions import Action, Discard, Play
from .arrivals import reveal
from .board import BOARD
from .cards import CARDS, CLEANING, FREE_TIME, GUESTS, INSPECTION, OPEN, PREPAID, TASK, VOUCHER
from .customer_value import win_odds
from .hand import is_banned, playable
from .hand_odds import (
    OPEN_CARD,
    after_draw,
    card_class,
    counts,
    plain_slack,
    safest_discard,
    safest_discard_work,
    stuck,
)

if TYPE_CHECKING:
    from .state import TacoState

RISK_TO_DISCARD = 0.02  # odds of a stuck hand above which a discard is weighed
PLAN_TURNS = 3  # how far ahead the hand's odds look (turns after this one)...
ENDGAME = 6  # ...or to the last card once the deck holds this many (few draws left to weigh)


def is_plain(code: str) -> bool:
    """A card with no computer message (it may follow a +OPEN card, and be played while the
    ban lasts). An inspection is not: it brings another card with it."""
    card = CARDS[code]
    return card.message not in (OPEN, TASK) and card.kind != INSPECTION


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
    turns = plan_turns(s)
    return sum(q * stuck(h, d, banned_next, left, turns) for h, d, q in after_draw(hand, deck))


def plan_turns(s: TacoState) -> int:
    """``PLAN_TURNS``, or every turn left once the deck runs low (the end is then near and
    cheap to see whole)."""
    if len(s.deck) <= ENDGAME:
        return max(PLAN_TURNS, len(s.deck) + len(s.hand))
    return PLAN_TURNS


def hand_risk(s: TacoState) -> float:
    """The odds that a hand within ``PLAN_TURNS`` turns cannot be played, from the next
    customer phase (the hand already refilled)."""
    banned_next = s.ban_until >= s.turn_no + 1
    left = BOARD.discards - s.discards
    return stuck(counts(s.hand), counts(s.deck), banned_next, left, plan_turns(s))


def customer_action(s: TacoState) -> Action:
    """The customer player's greedy choice: the play (with the best card a +OPEN card can bring
    along) that leaves it the best odds of winning, a stuck hand counted as a lost game; a
    discard when that is better still."""
    banned = is_banned(s)
    hand = tuple(sorted(s.hand))
    best: Action | None = None
    best_score, best_risk = -1.0, 0.0
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
                _judge(s, (code, p), banned_next or CARDS[p].message in (OPEN, TASK))
                for p in rest
                if playable(p, _without(rest, p), after_ban)
            )
        else:
            score, risk = _judge(s, (code,), banned_next)
        if score > best_score:
            best, best_score, best_risk = Play(code), score, risk
    if best_risk > RISK_TO_DISCARD and may_discard(s):
        trio, risk = discard(s)
        if win_odds(s) * (1.0 - risk) > best_score:
            return trio
    assert best is not None, "the customer phase opens only with a playable card"
    return best


def _without(hand: tuple[str, ...], code: str) -> tuple[str, ...]:
    return tuple(c for c in hand if c != code)


def _judge(s: TacoState, cards: tuple[str, ...], banned_next: bool) -> tuple[float, float]:
    """(odds of winning, odds of a stuck hand) once ``cards`` are played."""
    t = _after(s, cards)
    if t.stage == "over":
        return win_odds(t), 0.0
    risk = plan_risk(s, cards, banned_next)
    return win_odds(t) * (1.0 - risk), risk


def customer_value(s: TacoState) -> float:
    """The customer player's judgement of a table in a search's playout: its odds of winning,
    times the odds that its hand does not get stuck in the coming turns."""
    odds = win_odds(s)
    if s.stage == "over" or s.follow:
        return odds
    left = BOARD.discards - s.discards
    if s.stage == "customers":  # its turn: the hand as it is
        risk = stuck(counts(s.hand), counts(s.deck), is_banned(s), left, plan_turns(s))
    else:  # the phase is over: the hand was refilled for the next turn
        risk = hand_risk(s)
    return odds * (1.0 - risk)


def slack_after(s: TacoState, action: Action) -> int:
    """``hand_odds.plain_slack`` of the cards left to play (hand and deck: the customer player
    knows what the deck holds, not its order) once ``action`` is taken in ``s``: a +OPEN card
    takes a plain partner now and bans the next turn, a TASK card bans it, an inspection's
    partner is played in this turn (its ban as it is), a plain card or a discard leaves the next
    turn banned only if an earlier play banned it."""
    left = [*counts((*s.hand, *s.deck))]
    banned = s.ban_until >= s.turn_no + 1
    partner = 0
    if isinstance(action, Play):
        kind = card_class(action.card)
        left[kind] -= 1
        if CARDS[action.card].message in (OPEN, TASK):
            banned = True
            partner = kind == OPEN_CARD
        elif CARDS[action.card].kind == INSPECTION:
            banned = is_banned(s)
    return plain_slack((left[0], left[1], left[2], left[3]), banned) - partner


def keep_plain(s: TacoState, candidates: Sequence[Action]) -> list[Action]:
    """The search's guard on the hand's last cards: of ``candidates`` (plays and a discard),
    those that keep the plain cards every +OPEN and TASK card left still needs (``slack_after``
    not below zero), when any does. Below zero the hand gets stuck before the cards run out,
    whatever is drawn: a lost game unless the last star falls first, and a search that reads
    only the next few turns (its odds of a stuck hand look ``PLAN_TURNS`` ahead) does not see
    it coming while the deck is long. Once every candidate is below zero, all are kept: the end
    is then lost anyway, and the search plays for the stars. (Measured, docs/rules-decisions.md
    Crazy Taco § 17: fewer games end stuck; no winner changed.)"""
    kept = [a for a in candidates if slack_after(s, a) >= 0]
    return kept or list(candidates)


def may_discard(s: TacoState) -> bool:
    return not s.follow and s.discards < BOARD.discards and len(s.deck) >= 3 and len(s.hand) >= 3


def discard(s: TacoState) -> tuple[Discard, float]:
    """The safest discard of three (``hand_odds.safest_discard``) and the odds it leaves; of
    the cards of one class, the ones that matter least go first (``WEIGHT``)."""
    left = BOARD.discards - s.discards
    classes, risk = safest_discard(counts(s.hand), counts(s.deck), left, plan_turns(s))
    pool = sorted(s.hand, key=weight)
    trio = []
    for k in classes:
        pick = next(c for c in pool if card_class(c) == k)
        pool.remove(pick)
        trio.append(pick)
    return Discard(tuple(sorted(trio))), risk  # type: ignore[arg-type]


def discard_work(s: TacoState) -> Iterator[None]:
    """``discard``'s odds worked out step by step beforehand (``hand_odds.safest_discard_work``),
    so that a bot in the browser can yield between the steps."""
    left = BOARD.discards - s.discards
    return safest_discard_work(counts(s.hand), counts(s.deck), left, plan_turns(s))


def weight(code: str) -> float:
    """How much a card weighs on the manager, roughly: the work it brings."""
    card = CARDS[code]
    if card.kind in GUESTS:
        return card.items + (0.5 if card.kind == PREPAID else 1.5)
    return {FREE_TIME: 0.0, VOUCHER: 0.5, CLEANING: 2.0}.get(card.kind, 1.0)


def weakest_three(s: TacoState) -> Discard:
    """The discard the search tries (see ``discard``)."""
    return discard(s)[0]
