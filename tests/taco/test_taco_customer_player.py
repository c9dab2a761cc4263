"""The customer player's bots (1 vs 1): the odds that a hand gets stuck (engine/taco/hand_odds.py),
the odds of winning from a table (customer_value.py), the rules of thumb (customer_player.py)
and the paired playouts of its search (customer_search.py)."""

from __future__ import annotations

import itertools
from math import comb

import pytest
from taco_tables import table

from engine.bots import make_bot
from engine.rng import Rng
from engine.search import SearchStats
from engine.taco import bots as taco_bots
from engine.taco.actions import Discard, Play
from engine.taco.bots import TacoParts, canonical
from engine.taco.customer_player import customer_action, customer_value, keep_plain, slack_after
from engine.taco.customer_search import paired_playouts
from engine.taco.customer_value import FEATURES, WEIGHTS, features, win_odds
from engine.taco.hand_odds import (
    after_draw,
    counts,
    draws,
    plain_slack,
    safest_discard,
    safest_discard_work,
    stuck,
)

PLAIN, PLAIN2, TASK, TASK2, OPEN = "C03", "C04", "C06", "C10", "C11"


def versus(hand: tuple[str, ...], **kw):
    return table(players=2, stage="customers", hand=hand, **kw)


# -- the odds of a stuck hand ------------------------------------------------------------------


def test_draws_are_the_hypergeometric_odds() -> None:
    deck = (3, 2, 1, 0)
    for k in range(4):
        outcomes = draws(deck, k)
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        for drawn, p in outcomes:
            ways = 1
            for have, take in zip(deck, drawn, strict=True):
                ways *= comb(have, take)
            assert p == pytest.approx(ways / comb(sum(deck), k))
    assert draws((1, 1, 0, 0), 5) == (((1, 1, 0, 0), 1.0),)  # the whole deck
    for hand, left, p in after_draw((1, 0, 1, 0), (3, 2, 1, 0)):
        assert sum(hand) == 5 and sum(left) == 3 and 0 < p <= 1


def test_a_plain_card_never_makes_a_hand_riskier() -> None:
    """More plain cards can only help: they may be played in any turn and follow a +OPEN."""
    for hand in itertools.product(range(3), range(3), range(3), range(2)):
        if not 0 < sum(hand) <= 4:
            continue
        for deck, banned in itertools.product(((2, 2, 1, 0), (0, 3, 2, 0), (1, 0, 0, 0)), (0, 1)):
            before = stuck(hand, deck, bool(banned), 1, 3)
            more = (hand[0] + 1, *hand[1:])
            assert stuck(more, deck, bool(banned), 1, 3) <= before + 1e-12  # type: ignore[arg-type]


def test_a_hand_of_tasks_while_the_ban_lasts_is_stuck() -> None:
    assert stuck((0, 0, 2, 0), (0, 0, 0, 0), True, 3, 1) == 1.0
    assert stuck((0, 0, 2, 0), (0, 0, 0, 0), False, 3, 1) == 0.0
    # Two TASK cards and an empty deck: one now, then nothing to play while the ban lasts.
    assert stuck((0, 0, 2, 0), (0, 0, 0, 0), False, 0, 2) == 1.0
    assert counts((PLAIN, OPEN, TASK, "C54")) == (1, 1, 1, 1)


def test_plain_slack_is_whether_the_cards_can_be_played_out() -> None:
    """With every card left in hand (nothing to draw), a hand can be played to its last card
    exactly when its plain cards are enough for its +OPEN and TASK cards: ``stuck`` plays every
    order of it, ``plain_slack`` only counts."""
    for hand in itertools.product(range(5), range(3), range(3)):
        for banned in (False, True):
            cards = (*hand, 0)
            if not sum(cards):
                continue
            exact = stuck(cards, (0, 0, 0, 0), banned, 0, sum(cards))  # type: ignore[arg-type]
            assert (exact == 0.0) == (plain_slack(cards, banned) >= 0), (cards, banned)  # type: ignore[arg-type]


def test_slack_after_counts_the_partner_and_the_ban() -> None:
    """Three plain cards, a +OPEN and a TASK to play (nothing to draw): slack 1 in a free turn.
    A plain card now uses it up; the +OPEN takes its partner and bans the next turn, as the
    TASK bans it: both leave it as it is."""
    state = versus((PLAIN, PLAIN2, "C07", OPEN, TASK), deck=())
    assert plain_slack(counts(state.hand), banned=False) == 1
    assert slack_after(state, Play(PLAIN)) == 0
    assert slack_after(state, Play(OPEN)) == 1 and slack_after(state, Play(TASK)) == 1
    banned = versus((PLAIN, PLAIN2, "C07", OPEN, TASK), deck=(), ban_until=5)  # turn 5
    assert slack_after(banned, Play(PLAIN)) == 0  # the ban's plain card
    two = versus((PLAIN, PLAIN2, "C07", OPEN, TASK), deck=("C08", "C14"))  # slack -2
    assert slack_after(two, Play(PLAIN)) == -3 and slack_after(two, Play(OPEN)) == -2
    assert slack_after(two, Discard((PLAIN, PLAIN2, OPEN))) == -2  # the deck keeps them


# Turn 15 of a seeded game between the heuristic bots: five plain cards in hand, nothing banned,
# and the 25 cards of the deck hold 8 +OPEN and TASK cards between them, whose plain cards are
# exactly those left: every plain card played now is one a +OPEN or TASK card lacks at the end.
SHORT_HAND = (PLAIN, "C42", "C43", "C51", "C52")
SHORT_DECK = (
    *("C07", "C12", "C20", "C37", "C33", "C11", "C30", "C14", "C16", "C10", "C36", "C04"),
    *("C08", "C53", "C40", "C31", "C38", "C17", "C22", "C44", "C39", "C34", "C06", "C28", "C45"),
)
SHORT_LINE = {"1": "C13", "2": "C09", "3": "C18", "4": "C21", "p1": "C23 paid", "p2": "C27 paid"}


def test_the_search_keeps_the_plain_cards_its_last_cards_need() -> None:
    """Without the guard, the search plays a plain card here (its odds of a stuck hand look
    three turns ahead, and the deck is long): the hand would then get stuck before the cards
    run out, whatever is drawn. With it, it discards three (nothing is spent) instead."""
    state = versus(SHORT_HAND, deck=SHORT_DECK, line=SHORT_LINE, turn=15, ban_until=14)
    legal = state.legal_actions(1)
    assert plain_slack(counts((*state.hand, *state.deck)), banned=False) == 0
    assert all(slack_after(state, a) == -1 for a in legal if isinstance(a, Play))
    assert keep_plain(state, legal) == [a for a in legal if isinstance(a, Discard)]
    for seed in (1, 2, 3):
        bot = make_bot("taco", "search", 1, seed=seed, iterations=100)
        choice = bot.choose(state.view(1), legal, 50)
        assert isinstance(choice, Discard) and slack_after(state, choice) == 0


def test_the_discards_odds_worked_out_in_steps_are_the_same_and_leave_nothing_to_work_out() -> None:
    """The browser's bot works out a discard's odds a step at a time (a page turn between the
    steps) before its search asks for them: every odds the answer reads is then in the cache,
    and the answer is the one worked out at once."""
    hand, deck, discards, turns = (2, 2, 1, 0), (12, 4, 5, 1), 3, 3
    stuck.cache_clear()
    safest_discard.cache_clear()
    at_once = safest_discard(hand, deck, discards, turns)
    stuck.cache_clear()
    safest_discard.cache_clear()
    steps = sum(1 for _ in safest_discard_work(hand, deck, discards, turns))
    assert steps > 1
    misses = stuck.cache_info().misses
    assert safest_discard(hand, deck, discards, turns) == at_once
    assert stuck.cache_info().misses == misses  # nothing left to work out


def test_the_customer_players_search_yields_before_it_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its set-up (the discard's odds above) is a slice of its own, not the first slice of the
    search's work: with the page's turn between them, no slice holds both. (How many pauses
    the set-up itself takes depends on the machine's speed: the order of what happens is
    checked, not a count of pauses.)"""
    deck = tuple(c for c in SHORT_DECK if c not in (PLAIN2, TASK, OPEN))
    state = versus((PLAIN, PLAIN2, TASK, OPEN, "C42"), deck=deck, line=SHORT_LINE, turn=9)
    legal = state.legal_actions(1)
    assert any(isinstance(a, Discard) for a in legal) and len(keep_plain(state, legal)) > 1
    happened: list[str] = []
    set_up = taco_bots.discard_work

    def discard_work(dealt):  # type: ignore[no-untyped-def]
        yield from set_up(dealt)
        happened.append("set-up done")

    monkeypatch.setattr(taco_bots, "discard_work", discard_work)
    bot = make_bot("taco", "search", 1, seed=1, iterations=100)
    rollout = bot.parts.rollout_action
    bot.parts.rollout_action = lambda *a: happened.append("playout") or rollout(*a)  # type: ignore[method-assign]
    thinking = bot.thinking(state.view(1), legal, 50)
    while "playout" not in happened:
        next(thinking)
        happened.append("pause")
    set_up_done, first_playout = happened.index("set-up done"), happened.index("playout")
    assert "pause" in happened[set_up_done:first_playout]


def test_once_every_play_is_short_the_guard_leaves_the_choice_to_the_search() -> None:
    state = versus(SHORT_HAND, deck=(*SHORT_DECK, "C18"), line={}, turn=15, discards=3)
    legal = state.legal_actions(1)
    assert all(slack_after(state, a) < 0 for a in legal)
    assert keep_plain(state, legal) == legal


# -- the odds of winning -----------------------------------------------------------------------


def test_the_odds_model_reads_every_feature_it_weighs() -> None:
    state = versus((PLAIN, TASK, OPEN))
    assert set(WEIGHTS) == set(FEATURES) and len(features(state)) == len(FEATURES)
    assert 0.0 < win_odds(state) < 1.0


def test_fewer_stars_left_mean_better_odds_for_the_customer_player() -> None:
    odds = [win_odds(versus((PLAIN, TASK, OPEN), popularity=p)) for p in range(8, 0, -1)]
    assert odds == sorted(odds) and odds[-1] > odds[0]
    over = versus((PLAIN,), popularity=1)
    over.stage, over.result = "over", "customers"
    assert win_odds(over) == 1.0 and customer_value(over) == 1.0


# -- the rules of thumb and the search ---------------------------------------------------------


def test_the_customer_bot_keeps_a_plain_card_for_the_banned_turn() -> None:
    """Two TASK cards and one plain card, nothing left to draw: a TASK now, the plain card while
    the ban lasts, the other TASK after it. The plain card now would leave two TASK cards for a
    banned turn: the manager would win."""
    state = versus((TASK, TASK2, PLAIN), deck=())
    assert str(customer_action(state)) in (f"play {TASK}", f"play {TASK2}")
    bot = make_bot("taco", "search", 1, seed=3, iterations=40)
    assert str(bot.choose(state.view(1), state.legal_actions(1), 50)) != f"play {PLAIN}"


@pytest.mark.parametrize("level", ["heuristic", "search"])
def test_the_customer_bot_takes_the_last_star_when_it_can(level: str) -> None:
    """One star left and a task still on the storeroom door: a TASK card replaces it, and its
    penalty (a star) wins the game at once; a plain card would not."""
    state = versus((PLAIN, PLAIN2, TASK), popularity=1, door="T01")
    bot = make_bot("taco", level, 1, seed=1, iterations=30)
    choice = bot.choose(state.view(1), state.legal_actions(1), 50)
    assert str(choice) == f"play {TASK}"
    assert state.apply(1, choice).result == "customers"


def test_paired_playouts_try_every_play_in_the_same_worlds() -> None:
    state = versus((PLAIN, PLAIN2, TASK, OPEN, "C09"), deck=("C12", "C13", "C17", "C19"))
    view = state.view(1)
    parts = TacoParts()
    plays = canonical(parts.determinise(view, Rng(0)), state.legal_actions(1))
    stats = SearchStats()
    seen: list[int] = []

    def value(s) -> float:
        seen.append(s.rng)
        return customer_value(s)

    gen = paired_playouts(
        parts, view, plays, Rng(7), value, budget_ms=0, iterations=3 * len(plays), stats=stats
    )
    try:
        while True:
            next(gen)
    except StopIteration as done:
        assert done.value in plays
    assert stats.iterations == 3 * len(plays)
    # Per world: the world itself, then one playout per play.
    assert len(seen) == 3 * (1 + len(plays))
