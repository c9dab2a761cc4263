"""The Nacho Incident's bots: random, heuristic (``strategy.py``) and search (the shared search
of ``engine/search.py`` with this game's parts: the race by default, ``METHOD``; ISMCTS too).

Every bot starts from ``state.view(seat)`` and the legal actions only. The heuristic rebuilds a
state from the view (``worlds.Determiniser``; the hidden parts are random and never read) and
asks ``strategy.choose``.

The search samples many such states -- other hands, unrevealed picks, deck and bag orders all
dealt afresh each time -- and searches its own choices to a horizon: the race (Hard) plays
each choice out to the end of the round, the tree to the end of the turn's steps 3-4.
In each sampled world the *other* players act by the heuristic (with a little noise): an
opponent model. A tree that also branched on their choices would, at the few dozen iterations a
50 ms budget buys, mostly see them play at random, and judge picks against nonsense. The
others' secret picks are therefore re-made by the model in every sample (the view does not
show them), and the tree holds only the bot's own information sets.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any

from ..bots import Bot, RandomBot, heuristic_bot
from ..protocol import Action
from ..rng import Rng
from ..search import SearchBot as IsmctsBot
from . import flow, strategy
from .state import NachoState
from .worlds import Determiniser

SEARCHED_PHASES = frozenset({"pick", "destination", "deliver", "arrest", "bored", "wander"})
"""Where the search bot searches; elsewhere (passing the gemstone, discards, sales) it plays the
heuristic's choice, which a horizon at the end of the turn's steps 3-4 could not judge."""

HORIZON_PHASES = frozenset({"gem", "discard", "sell", "over"})


def heuristic_action(view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
    """The heuristic level's policy: greedy rules of thumb (``strategy.py``), a fraction of a
    millisecond a decision, on a state rebuilt from the view (its hidden parts are never read)."""
    state = Determiniser(view).sample(Rng(0))
    action = strategy.choose(state, view["seat"])
    for a in legal:
        if a == action:
            return a
    raise AssertionError(f"the heuristic chose {action}, not among {[str(a) for a in legal]}")


class ModelledWorld(NachoState):
    """A determinised state in which the other seats play the heuristic (a random legal action
    with probability ``epsilon``), and so does the observer once it has made the decision being
    searched: ``current_players()`` is the observer before that decision and nobody after it,
    by which time ``_apply`` has played on to the horizon.

    So the tree is one decision deep and every playout below it is the heuristic's: the search
    compares the observer's options in many sampled worlds (a bandit over them, UCB1). A deeper
    tree expands the observer's next choices at random first (which delivery, which cube), and
    at a few dozen iterations a decision those random follow-ups drag down every option that
    leads to a real choice -- measured: it judged worse than the heuristic alone.
    """

    observer: int
    epsilon: int  # per thousand
    mrng: int  # the model's own generator state (the game's ``rng`` stays the game's)
    horizon: str
    turn_key: tuple[int, int]  # (round, turn) where the search started
    decided: bool

    def current_players(self) -> tuple[int, ...]:
        if self.decided:
            return ()
        acting = NachoState.current_players(self)
        return (self.observer,) if self.observer in acting else ()

    def _apply(self, player: int, action: Action) -> ModelledWorld:
        state = flow.apply(self, player, action)
        state.decided = True
        state.run()
        return state

    def at_horizon(self, state: NachoState) -> bool:
        if state.stage == "over":
            return True
        if self.horizon == "turn":
            return state.stage in HORIZON_PHASES or (state.round_no, state.turn_no) != self.turn_key
        if self.horizon == "round":
            return state.round_no != self.turn_key[0]
        return False

    def run(self) -> None:
        """Let the modelled seats act (in place: this state is a fresh copy) until the observer
        must decide or the horizon is reached."""
        rng = Rng(self.mrng)
        state: NachoState = self
        observer = None if self.decided else self.observer
        while not self.at_horizon(state):
            acting = NachoState.current_players(state)
            movers = [p for p in acting if p != observer]
            if not movers:
                break
            p = movers[0]
            if self.epsilon and rng.below(1000) < self.epsilon:
                action = rng.choice(flow.legal(state, p))
            else:
                action = strategy.choose(state, p)
            state = flow.apply(state, p, action)
        if state is not self:
            self.__dict__ = state.__dict__
        self.mrng = rng.state


class NachoParts:
    """What the shared search needs from this game (``engine.search.SearchParts``)."""

    def __init__(
        self, epsilon: float = 0.0, scale: float = 10.0, horizon: str = "turn", worlds: int = 12
    ) -> None:
        self.epsilon = epsilon  # share of random actions in the modelled play
        self.scale = scale  # gold gained on the best rival that counts as a sure win
        self.horizon = horizon  # "turn": the end of the turn's steps 3-4; "round"; "game"
        self.worlds = worlds  # distinct worlds per decision (0: a fresh one every iteration)
        self._view: Mapping[str, Any] | None = None
        self._determiniser: Determiniser | None = None
        self._samples: list[NachoState] = []
        self._next = 0
        self._before: dict[int, list[float]] = {}
        self._before_of: dict[int, NachoState] = {}

    def determinise(self, view: Mapping[str, Any], rng: Rng) -> NachoState:
        """A world consistent with ``view``. The same ``worlds`` worlds come round in turn, so
        every option is judged in (nearly) the same worlds: the differences between options,
        not the luck of the deal, decide (common random numbers)."""
        if view is not self._view or self._determiniser is None:
            self._view, self._determiniser = view, Determiniser(view)
            self._samples, self._next = [], 0
            self._before, self._before_of = {}, {}
        if self.worlds and len(self._samples) >= self.worlds:
            world = self._samples[self._next % self.worlds]
            self._next += 1
            return world
        world = self._determiniser.sample(rng)
        world.__class__ = ModelledWorld
        world.observer = view["seat"]
        world.epsilon = int(self.epsilon * 1000)
        world.mrng = rng.next_u64()
        world.horizon = self.horizon
        world.turn_key = (world.round_no, world.turn_no)
        world.decided = False
        world.run()  # the others' secret picks, made afresh by the model
        if self.worlds:
            self._samples.append(world)
        return world

    def rollout_action(self, state: NachoState, player: int, rng: Rng) -> Action:
        """Not used by a one-decision tree (the world plays on by itself); kept for the
        protocol: the heuristic, with ``epsilon`` random choices."""
        if self.epsilon and rng.below(1000) < self.epsilon * 1000:
            return rng.choice(state.legal_actions(player))
        return strategy.choose(state, player)

    def rewards(self, start: NachoState, end: NachoState) -> list[float]:
        """What each seat gained on its best rival between the two states (worth in gold,
        ``strategy.evaluate``), scaled to [-1, 1]: winning is what counts, and a seat far
        ahead or behind still tells good choices from bad."""
        before = self._before.get(id(start))
        if before is None or self._before_of.get(id(start)) is not start:
            before = strategy.evaluate(start)
            if self.worlds:  # the same few worlds come back: remember their worth
                self._before[id(start)], self._before_of[id(start)] = before, start
        after = strategy.evaluate(end)
        out = []
        for seat in range(len(after)):
            lead_after = after[seat] - max(w for s, w in enumerate(after) if s != seat)
            lead_before = before[seat] - max(w for s, w in enumerate(before) if s != seat)
            out.append(max(-1.0, min(1.0, (lead_after - lead_before) / self.scale)))
        return out

    def stop(self, start: NachoState, state: NachoState, steps: int) -> bool:
        """The horizon (``ModelledWorld.at_horizon``); a decided world has played up to it."""
        return getattr(state, "decided", False) or state.stage == "over"


# How the search decides (docs/rules-decisions.md, N17): the race, since 2026-12-03. At a fixed
# 600 playouts a searched choice (what Hard's 400 ms reach in a desktop's Chromium), on the same
# deals, it won at least as often as the tree at every count (2 players 0.620 against 0.580, 3
# players 0.632 against 0.602 over 600 deals, 4 players 0.570 against 0.540) and stopped once
# its candidates were told apart: ~41 playouts a choice against the tree's ~320, a sixth of the
# time (a phone's battery, and a bot's turn that does not keep the table waiting).
METHOD = "race"

# How far a playout goes, by method (docs/rules-decisions.md, N17). The race plays every choice
# out to the end of the round (2026-12-03): the round's bonuses and penalties are then paid in
# gold rather than guessed (``strategy.win_chance``), and the others' later picks answer the
# choice. At 600 playouts, 3 players, on the same deals it won far more than the race to the
# end of the turn (figures in N17); a playout costs 8-9 times more, which the race's early
# stop affords. The tree keeps the end of the turn (to the round it measured no better).
HORIZONS = {"race": "round", "tree": "turn"}


class SearchBot(IsmctsBot):
    """The search over determinisations of its own view for the choices of steps 1-4; the
    heuristic elsewhere. ``method="race"`` (the app's Hard level, as in Jalape-NO!): every legal
    choice played in the same worlds, the heuristic's choice kept unless another measurably
    beats it; ``"tree"``: ISMCTS, which falls back to the heuristic when the budget is too small
    to try every legal action once."""

    def __init__(
        self,
        seat: int,
        seed: int | str = 0,
        iterations: int | None = None,
        *,
        exploration: float = 0.5,
        epsilon: float = 0.0,
        scale: float = 10.0,
        horizon: str | None = None,
        worlds: int = 12,
        method: str = METHOD,
        z: float = 1.5,
    ) -> None:
        if horizon is None:
            horizon = HORIZONS.get(method, "turn")
        super().__init__(
            seat,
            seed,
            iterations,
            parts=NachoParts(epsilon, scale, horizon, 0 if method == "race" else worlds),
            fallback=heuristic_action,
            exploration=exploration,
            method=method,
            z=z,
        )

    def _think(
        self, view: dict, legal: list[Action], budget_ms: float
    ) -> Generator[None, None, Action]:
        if view["phase"] not in SEARCHED_PHASES:
            self.last.iterations, self.last.seconds = 0, 0.0
            return heuristic_action(view, legal)
        return (yield from super()._think(view, legal, budget_ms))


# The player counts at which the app's Hard level plays the search: where it measurably beats
# the heuristic on the same deals (docs/rules-decisions.md, N17, the paired gains). At any other
# count Hard plays the heuristic (``engine.bots.make_bot(..., players=N)``).
SEARCH_COUNTS: frozenset[int] = frozenset({2, 3, 4})

# The levels this game offers (its declaration's ``bot_levels``): each a factory of
# ``(seat, seed, iterations)``, for ``engine.bots.make_bot``.
BOTS: dict[str, Callable[[int, int | str, int | None], Bot]] = {
    "random": RandomBot,
    "heuristic": heuristic_bot(heuristic_action),
    "search": SearchBot,
}
