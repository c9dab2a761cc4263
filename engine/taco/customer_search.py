"""The customer player's search (1 vs 1, seat 1): paired playouts.

The customer player's choice is one card (or a discard) a turn, and what it does is decided by
the manager's dice in the turns that follow: a tree search spends its playouts telling apart
plays whose difference is mostly luck of the roll. Here every candidate play is tried in the
*same* worlds — the same deal of the unseen cards and the same dice (common random numbers) —
so that each comparison is between plays, not between rolls:

* ``parts.determinise(view, rng)`` deals a world (the deck's order, the future dice) consistent
  with the customer player's view;
* in that world, each candidate is applied, then both seats play their rules of thumb
  (``parts.rollout_action``) up to the customer player's next turn: the manager's whole turn
  (placement, then phase 3's spending) answers the play;
* the playout is scored by ``customer_value`` (the odds of winning from there, times the odds
  that the hand does not get stuck), and the candidate with the best mean over the worlds is
  played. The odds model was fitted on tables at that very moment of the turn.

A world's playouts all run before the next world is dealt, so the budget ends on whole worlds
(at least one). ``iterations`` counts playouts, like the tree search's.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any

from ..bots import SliceClock
from ..protocol import Action
from ..rng import Rng
from ..search import SearchStats


def paired_playouts(
    parts: Any,
    view: Mapping[str, Any],
    candidates: Sequence[Action],
    rng: Rng,
    value: Callable[[Any], float],
    *,
    budget_ms: float,
    iterations: int | None = None,
    stats: SearchStats | None = None,
) -> Generator[None, None, Action]:
    """The candidate with the best mean ``value(end) - value(start)`` over worlds dealt from
    ``view`` (see the module docstring)."""
    totals = [0.0] * len(candidates)
    worlds = 0
    done = 0
    clock = SliceClock(budget_ms)
    while True:
        if iterations is not None:
            if done + len(candidates) > iterations and worlds > 0:
                break
        elif clock.out_of_time() and worlds > 0:
            break
        world = parts.determinise(view, rng)
        before = value(world)
        for i, action in enumerate(candidates):
            totals[i] += value(playout(parts, world, action, rng)) - before
            done += 1
            if clock.slice_over():
                yield None
                clock.resume()
        worlds += 1
    if stats is not None:
        stats.iterations, stats.seconds = done, clock.spent()
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]


def playout(parts: Any, world: Any, action: Action, rng: Rng) -> Any:
    """``action`` by the customer player in ``world``, then the rules of thumb to the horizon:
    the customer player's next turn (or the end of the game)."""
    state = world.advance(1, action)
    steps = 1
    turn = world.turn_no
    while True:
        players = state.current_players()
        if not players or (players == (1,) and state.turn_no > turn) or steps > 200:
            return state
        player = players[0]
        state = state.advance(player, parts.rollout_action(state, player, rng))
        steps += 1
