"""Computer players for every Picante game: one protocol, three levels, one factory.

>>> from engine import get_game
>>> state = get_game("jalapeno").new_game(players=4, seed=3)
>>> seat = state.current_players()[0]
>>> bot = make_bot("jalapeno", "heuristic", seat, seed=1)
>>> legal = state.legal_actions(seat)
>>> bot.choose(state.view(seat), legal, budget_ms=50) in legal
True

A bot sees only what its seat sees: ``state.view(seat)`` and the legal actions, never the state.
Bots are deterministic: the same seed, view and legal list give the same action (a search bot
on a *time* budget may do more or less work on a faster machine; set an *iteration* budget,
``make_bot(..., iterations=N)`` or ``bot.iterations = N``, to make it exactly reproducible).

``thinking()`` is a generator so that a browser (Pyodide, no threads) can keep its event loop
running: it yields ``None`` at least every ~10 ms of work and returns the action through
``StopIteration.value``. ``choose()`` simply drains it.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import time
from collections.abc import Callable, Collection, Generator, Iterable, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from .protocol import Action
from .registry import get_game
from .rng import MASK64, Rng

BOT_LEVELS: tuple[str, ...] = ("random", "heuristic", "search")

SLICE_MS = 8.0  # yield to the caller this often (the promise is "at least every ~10 ms")

A = TypeVar("A", bound=Action)


@runtime_checkable
class Bot(Protocol):
    """What every bot offers. ``level`` is one of ``BOT_LEVELS``. (The bots made here also
    carry ``seat`` and ``iterations``; the protocol asks only for what callers rely on.)"""

    level: str

    def thinking(
        self, view: dict, legal: list[Action], budget_ms: float
    ) -> Generator[None, None, Action]:
        """Cooperative: yields None at least every ~10 ms of work so a browser UI can run its
        event loop between slices; returns the chosen action via StopIteration.value."""
        ...

    def choose(self, view: dict, legal: list[Action], budget_ms: float) -> Action:
        """Drain thinking() (CLI/tests)."""
        ...


class BaseBot:
    """Shared plumbing: seeding per decision, draining the generator, legality guard."""

    level: str = "base"

    def __init__(self, seat: int, seed: int | str = 0, iterations: int | None = None) -> None:
        self.seat = seat
        self.seed = seed
        # None: spend the time budget. An int: do exactly that much work (reproducible tests).
        self.iterations = iterations

    def decision_rng(self, view: dict, legal: Sequence[Action]) -> Rng:
        """A generator that depends only on (seed, view, legal): never on earlier decisions, so a
        decision can be replayed alone and cannot leak anything the view does not show."""
        return Rng(decision_seed(self.seed, view, legal))

    def thinking(
        self, view: dict, legal: list[Action], budget_ms: float
    ) -> Generator[None, None, Action]:
        if not legal:
            raise ValueError(f"{self.level} bot at seat {self.seat} was asked to act with no legal")
        if len(legal) == 1:  # nothing to think about
            return legal[0]
        choice = yield from self._think(view, legal, budget_ms)
        if choice not in legal:  # a bot bug must never become an illegal move
            raise AssertionError(f"{self.level} bot chose {choice}, not in {legal}")
        return choice

    def _think(
        self, view: dict, legal: list[Action], budget_ms: float
    ) -> Generator[None, None, Action]:
        raise NotImplementedError
        yield  # pragma: no cover  (makes this a generator)

    def choose(self, view: dict, legal: list[Action], budget_ms: float) -> Action:
        return drain(self.thinking(view, legal, budget_ms))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} level={self.level} seat={self.seat} seed={self.seed!r}>"


class RandomBot(BaseBot):
    """Uniformly random legal action; works for every game."""

    level = "random"

    def _think(
        self, view: dict, legal: list[Action], budget_ms: float
    ) -> Generator[None, None, Action]:
        return self.decision_rng(view, legal).choice(legal)
        yield  # pragma: no cover


Policy = Callable[[dict, list[Action]], Action]
"""A game's rules of thumb: ``policy(view, legal)`` is one of ``legal``, read from the view."""


class HeuristicBot(BaseBot):
    """The heuristic level of any game: the game's ``policy(view, legal)``, a fraction of a
    millisecond a decision. A game declares it as ``heuristic_bot(its_policy)`` in ``BOTS``."""

    level = "heuristic"

    def __init__(
        self, seat: int, seed: int | str = 0, iterations: int | None = None, *, policy: Policy
    ) -> None:
        super().__init__(seat, seed, iterations)
        self.policy = policy

    def _think(
        self, view: dict, legal: list[Action], budget_ms: float
    ) -> Generator[None, None, Action]:
        return self.policy(view, legal)
        yield  # pragma: no cover


def heuristic_bot(policy: Policy) -> Callable[[int, int | str, int | None], HeuristicBot]:
    """The factory of a game's heuristic level, for its ``BOTS``: ``(seat, seed, iterations)``
    -> a ``HeuristicBot`` playing ``policy``."""

    def factory(seat: int, seed: int | str = 0, iterations: int | None = None) -> HeuristicBot:
        return HeuristicBot(seat, seed, iterations, policy=policy)

    return factory


def drain(gen: Generator[None, None, A]) -> A:
    """Run a ``thinking()`` generator to the end and return its action."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


class SliceClock:
    """A bot's own thinking time, kept in slices of ``SLICE_MS``: the one clock of every search
    that yields to a page (``engine.search``, ``taco.customer_search``, ``in_slices``).

    After each step of work, ``slice_over()`` says whether the slice is used up (its time is
    then counted); the caller yields, and ``resume()`` starts the next slice when it is called
    again. ``spent()`` is the work so far, the pauses between slices left out: a budget is the
    bot's own work, however long the page keeps it waiting.

    >>> clock = SliceClock(budget_ms=0.0)
    >>> clock.out_of_time(), clock.spent() >= 0.0
    (True, True)
    """

    __slots__ = ("_budget", "_slice", "_spent", "_start")

    def __init__(self, budget_ms: float = math.inf) -> None:
        self._budget = budget_ms / 1000.0
        self._slice = SLICE_MS / 1000.0
        self._spent = 0.0
        self._start = time.perf_counter()

    def slice_over(self) -> bool:
        """Whether this slice is used up; if it is, its time is counted, and the caller yields
        before it calls ``resume()``."""
        now = time.perf_counter()
        if now - self._start >= self._slice:
            self._spent += now - self._start
            self._start = now  # so that a caller that stops here counts nothing twice
            return True
        return False

    def resume(self) -> None:
        """Start the next slice (after the pause)."""
        self._start = time.perf_counter()

    def spent(self) -> float:
        """Seconds of work so far, the current slice included."""
        return self._spent + (time.perf_counter() - self._start)

    def out_of_time(self) -> bool:
        return self.spent() >= self._budget

    def left(self) -> float:
        """Seconds of the budget left (``inf`` without one)."""
        return self._budget - self.spent()


def in_slices(work: Iterable[object]) -> Generator[None, None, None]:
    """Step through ``work`` (an iterator of small steps: a bot's set-up before its search),
    yielding once each ``SLICE_MS`` of it, as a search does."""
    clock = SliceClock()
    for _ in work:
        if clock.slice_over():
            yield None
            clock.resume()


def decision_seed(seed: int | str, view: Any, legal: Sequence[Action]) -> int:
    """64-bit seed from the bot's seed and what it is shown (sha256: stable in every Python)."""
    text = json.dumps([str(seed), view, [str(a) for a in legal]], sort_keys=True)
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "little") & MASK64


def make_bot(
    game_id: str,
    level: str,
    seat: int,
    seed: int | str = 0,
    *,
    iterations: int | None = None,
    players: int | None = None,
) -> Bot:
    """A bot of ``level`` for ``seat`` of game ``game_id``, from the game's own bots module
    (its declaration names it, so this module names no game).

    ``iterations`` (search only; also settable later as ``bot.iterations``) replaces the time
    budget by a fixed amount of work, so results are reproducible on any machine.

    ``players``: the table's size, for the app's levels. A game's bots module may declare
    ``SEARCH_COUNTS``, the player counts at which its search measurably beats its heuristic;
    at any other count the search level plays the heuristic, so that Hard is never weaker than
    Medium. Without ``players`` (self-play, benchmarks) the search level is the search.
    Unknown games or levels raise ValueError.
    """
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {list(BOT_LEVELS)}")
    game = get_game(game_id)  # raises ValueError naming the known games if the id is unknown
    if level not in game.bot_levels:
        raise ValueError(f"no {level!r} bot for {game_id!r}; levels: {list(game.bot_levels)}")
    if game.bots is None:
        return RandomBot(seat, seed, iterations)
    module = importlib.import_module(game.bots)
    if level == "search" and players is not None:
        level = search_level(getattr(module, "SEARCH_COUNTS", None), players)
    return module.BOTS[level](seat, seed, iterations)


def search_level(search_counts: Collection[int] | None, players: int) -> str:
    """The level that plays the app's search level at ``players``: "search" at the counts a
    game declares its search for (every count if it declares none), else "heuristic".

    >>> search_level(frozenset({3, 4}), 4), search_level(frozenset({3, 4}), 9)
    ('search', 'heuristic')
    >>> search_level(None, 9)
    'search'
    """
    return "search" if search_counts is None or players in search_counts else "heuristic"
