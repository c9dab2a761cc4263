"""No garbage-collection pauses while a bot thinks in the page (``web/ui/bots.py``): the
collector is off during a decision, which is safe only because no bot leaves cyclic garbage
(reference counting frees all of it)."""

from __future__ import annotations

import asyncio
import gc
import sys
from collections.abc import Generator
from pathlib import Path

import pytest

from engine import get_game
from engine.bots import make_bot
from engine.registry import game_ids

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from ui.bots import decide  # noqa: E402


@pytest.mark.parametrize("game_id", game_ids())
def test_no_decision_of_any_bot_leaves_cyclic_garbage(game_id: str) -> None:
    game = get_game(game_id)
    for players in (min(game.player_counts), max(game.player_counts)):
        state = game.new_game(players, seed=players)
        bots = {
            s: make_bot(
                game_id, game.bot_levels[-1 - s % len(game.bot_levels)], s, s, iterations=20
            )
            for s in range(players)
        }
        decisions = 0
        while not state.is_over() and decisions < 12:
            for seat in state.current_players():
                if seat not in state.current_players():
                    continue
                view, legal = state.view(seat), state.legal_actions(seat)
                gc.collect()
                gc.disable()
                try:
                    action = bots[seat].choose(view, legal, 0)
                    cyclic = gc.collect()
                finally:
                    gc.enable()
                assert cyclic == 0, f"{bots[seat]} left {cyclic} objects in reference cycles"
                state = state.apply(seat, action)
                decisions += 1


class Slices:
    """A bot that thinks in three slices and notes whether the collector was on in each."""

    level, seat = "search", 0

    def __init__(self) -> None:
        self.collecting: list[bool] = []

    def thinking(self, view: dict, legal: list, budget_ms: float) -> Generator[None, None, str]:
        for _ in range(3):
            self.collecting.append(gc.isenabled())
            yield None
        self.collecting.append(gc.isenabled())
        return legal[0]


def test_the_collector_is_off_while_a_bot_thinks_and_on_again_after() -> None:
    bot = Slices()
    between: list[bool] = []

    async def page_turn() -> None:  # what the page runs between slices
        between.append(gc.isenabled())
        await asyncio.sleep(0)

    assert gc.isenabled()
    decision = asyncio.run(decide(bot, {}, ["a"], page_turn))
    assert decision.action == "a" and decision.slices == 3
    assert bot.collecting == [False] * 4 and between == [False] * 3
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0  # the start-up heap is out of every later collection


def test_a_bot_that_fails_turns_the_collector_back_on() -> None:
    class Broken(Slices):
        def thinking(self, view: dict, legal: list, budget_ms: float) -> Generator[None, None, str]:
            yield None
            raise RuntimeError("bot bug")

    async def page_turn() -> None:
        await asyncio.sleep(0)

    with pytest.raises(RuntimeError):
        asyncio.run(decide(Broken(), {}, ["a"], page_turn))
    assert gc.isenabled()
