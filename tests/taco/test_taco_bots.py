"""Crazy Taco bots (engine/taco/bots.py, policy.py): legal and reproducible at every level for
both seats, deciding from their own view only, and sensible where the answer is plain."""

from __future__ import annotations

import json

import pytest
from taco_tables import table

from engine import get_game
from engine.bots import make_bot
from engine.cli import selfplay
from engine.rng import Rng
from engine.taco.bots import Determiniser, canonical
from engine.taco.state import TacoState

GAME = get_game("taco")


def some_states(players: int, seed: int, count: int) -> list[TacoState]:
    state = GAME.new_game(players, seed=seed)
    chooser = Rng(seed)
    out = []
    while not state.is_over() and len(out) < count:
        out.append(state)
        seat = state.current_players()[0]
        state = state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return out


@pytest.mark.parametrize("level", ["random", "heuristic", "search"])
@pytest.mark.parametrize("players", [1, 2])
def test_every_level_plays_legal_reproducible_moves_for_both_seats(
    level: str, players: int
) -> None:
    for state in some_states(players, seed=3, count=25):
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        first = make_bot("taco", level, seat, seed=1, iterations=30).choose(view, legal, 50)
        again = make_bot("taco", level, seat, seed=1, iterations=30).choose(view, legal, 50)
        assert first in legal and first == again


def test_a_determinisation_matches_the_view_and_deals_only_unseen_cards() -> None:
    for players in (1, 2):
        for state in some_states(players, seed=6, count=40)[::7]:
            seat = state.current_players()[0]
            view = state.view(seat)
            sample = Determiniser(view).sample(Rng(2))
            assert sample.view(seat)["table"] == view["table"]
            assert len(sample.deck) == len(state.deck) and len(sample.hand) == len(state.hand)
            assert sorted(sample.task_deck) == sorted(state.task_deck)
            if players == 1 or seat == 1:
                assert sample.hand == state.hand

            # The same cards, but which inspection is unseen is a guess.
            def norm(cards: tuple[str, ...]) -> list[str]:
                return sorted("inspection" if c in ("C54", "C55", "C56") else c for c in cards)

            assert norm((*sample.deck, *sample.hand)) == norm((*state.deck, *state.hand))


def test_bots_decide_from_the_view_only() -> None:
    """Two games that look the same to the manager (same table, decks in another order) get the
    same decision: the bot cannot peek at the deck."""
    state = table(line={"1": "C23", "2": "C03"}, dice="M=$ E1=F E2=F E3=D T=B")
    other = table(
        line={"1": "C23", "2": "C03"},
        dice="M=$ E1=F E2=F E3=D T=B",
        deck=tuple(reversed(state.deck)),
        task_deck=tuple(reversed(state.task_deck)),
    )
    other.rng = 999
    assert state.view(0) == other.view(0)
    for level in ("heuristic", "search"):
        a = make_bot("taco", level, 0, seed=5, iterations=60)
        b = make_bot("taco", level, 0, seed=5, iterations=60)
        legal = state.legal_actions(0)
        assert a.choose(state.view(0), legal, 50) == b.choose(other.view(0), legal, 50)


def test_canonical_actions_keep_one_of_each_interchangeable_placement() -> None:
    state = table(line={"1": "C04"}, dice="E1=F E2=F E3=F T=B", cash=9)
    full = state.legal_actions(0)
    reduced = canonical(state, full)
    texts = [str(a) for a in reduced]
    assert "serve 1 E1" in texts and "serve 1 E2" not in texts
    assert len([t for t in texts if t.startswith("reroll")]) <= 3
    assert set(reduced) <= set(full) and "end placement" in texts


def test_the_bots_finish_the_customer_about_to_be_lost() -> None:
    """With one money die and food for only one order, the customer in the last patience space
    (next to be forced out) is the one to finish."""
    state = table(
        line={"1": "C04", "2": "C09", "3": "C12", "4": "C13", "p1": "C17", "p2": "C04 served"},
        dice="M=$ E1=F",
        check=False,
    )
    state = table(
        line={"1": "C05", "2": "C09", "3": "C12", "4": "C13", "p1": "C17", "p2": "C04 served"},
        dice="M=$ E1=F",
    )
    for level in ("heuristic", "search"):
        bot = make_bot("taco", level, 0, seed=2, iterations=200)
        choice = bot.choose(state.view(0), state.legal_actions(0), 50)
        assert str(choice) == "collect p2 M", level


def test_the_customer_bot_keeps_a_card_it_can_play_next_turn() -> None:
    """After a +OPEN or TASK play the next turn is banned for both: the heuristic does not play
    its last plain card into a hand that could then not be played (the manager would win)."""
    state = table(players=2, stage="customers", hand=("C11", "C06", "C10", "C03", "C08"))
    bot = make_bot("taco", "heuristic", 1, seed=1)
    choice = bot.choose(state.view(1), state.legal_actions(1), 50)
    assert str(choice) in ("play C03", "discard C03 C06 C11") or "C03" not in str(choice)
    after = state.apply(1, choice)
    if not after.is_over() and after.stage == "customers":
        after = after.apply(1, bot.choose(after.view(1), after.legal_actions(1), 50))
    assert after.result != "manager"


def test_thinking_yields_so_a_page_keeps_drawing() -> None:
    state = GAME.new_game(1, seed=2)
    bot = make_bot("taco", "search", 0, seed=1, iterations=400)  # a fixed, sizeable amount
    thinking = bot.thinking(state.view(0), state.legal_actions(0), budget_ms=60)
    slices = 0
    try:
        while True:
            next(thinking)
            slices += 1
    except StopIteration as done:
        assert done.value in state.legal_actions(0)
    assert slices >= 2


def test_selfplay_reports_solo_wins_and_versus_seats() -> None:
    solo = selfplay("taco", 1, 3, ["heuristic"], 5, seed=1)
    assert solo["games"] == 3 and 0 <= solo["win_rate"][0] <= 1
    duel = selfplay("taco", 2, 2, ["heuristic", "heuristic"], 5, seed=1)
    assert sum(duel["wins"]) == 2
    json.dumps(solo)
