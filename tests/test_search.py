"""engine/search.py on tiny games defined here, where the right answer is known.

The games are bare classes with only what the search may use (``current_players``,
``legal_actions``, ``advance``) plus a ``view``: if the search touched anything else, these
tests would fail with an AttributeError.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import pytest

from engine.bots import SLICE_MS, drain
from engine.protocol import Action
from engine.rng import Rng
from engine.search import SearchBot, SearchStats, ismcts, race, random_rollout


@dataclass(frozen=True)
class Take(Action):
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


@dataclass(frozen=True)
class Pick(Action):
    what: str

    def __str__(self) -> str:
        return self.what


# -- take-away: 2 players take 1-3 stones in turn; whoever takes the last stone wins ----------


class TakeAway:
    def __init__(self, stones: int, to_move: int = 0, winner: int | None = None) -> None:
        self.stones, self.to_move, self.winner = stones, to_move, winner

    def current_players(self) -> tuple[int, ...]:
        return () if self.winner is not None else (self.to_move,)

    def legal_actions(self, player: int) -> list[Take]:
        if player != self.to_move or self.winner is not None:
            return []
        return [Take(n) for n in range(1, min(3, self.stones) + 1)]

    def advance(self, player: int, action: Take) -> TakeAway:
        left = self.stones - action.n
        return TakeAway(left, 1 - player, player if left == 0 else None)

    def view(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "stones": self.stones, "to_move": self.to_move}


class TakeAwayParts:
    """Perfect information: the view is the whole state. Plays to the end of the game."""

    def __init__(self, horizon: int | None = None) -> None:
        self.horizon = horizon
        self.playout_lengths: list[int] = []

    def determinise(self, view: dict[str, Any], rng: Rng) -> TakeAway:
        return TakeAway(view["stones"], view["to_move"])

    def rollout_action(self, state: TakeAway, player: int, rng: Rng) -> Action:
        return random_rollout(state, player, rng)

    def rewards(self, start: TakeAway, end: TakeAway) -> list[float]:
        self.playout_lengths.append(start.stones - end.stones)
        if end.winner is None:  # horizon reached: no one has won yet
            return [0.0, 0.0]
        return [1.0 if seat == end.winner else -1.0 for seat in (0, 1)]

    def stop(self, start: TakeAway, state: TakeAway, steps: int) -> bool:
        return self.horizon is not None and steps >= self.horizon


def decide(parts: Any, state: Any, seat: int, iterations: int = 600, seed: str = "t") -> Action:
    bot = SearchBot(seat, seed=seed, iterations=iterations, parts=parts)
    return bot.choose(state.view(seat), state.legal_actions(seat), budget_ms=0)


@pytest.mark.parametrize("stones", [5, 6, 7, 9, 10])
@pytest.mark.parametrize("seed", ["t", "u"])
def test_take_away_finds_the_winning_move(stones: int, seed: str) -> None:
    """Leave the opponent a multiple of 4 stones: the only winning move."""
    assert decide(TakeAwayParts(), TakeAway(stones), 0, seed=seed) == Take(stones % 4)


def test_take_away_as_the_second_seat() -> None:
    assert decide(TakeAwayParts(), TakeAway(7, to_move=1), 1) == Take(3)


def test_the_horizon_counts_every_action_of_a_playout() -> None:
    """``stop(start, state, steps)`` sees the actions applied so far, tree and rollout together:
    a horizon of 3 actions from 20 stones ends every playout after exactly 3 takes."""
    parts = TakeAwayParts(horizon=3)
    decide(parts, TakeAway(20), 0, iterations=50)
    assert len(parts.playout_lengths) == 50
    assert all(3 <= n <= 9 for n in parts.playout_lengths)  # 3 takes of 1 to 3 stones
    full = TakeAwayParts()
    decide(full, TakeAway(20), 0, iterations=50)
    assert all(n == 20 for n in full.playout_lengths)  # no horizon: to the end of the game


# -- hidden information: guess the token seat 1 drew from a bag you know ----------------------


class Guess:
    """Seat 1 drew ``token`` from ``bag`` (the bag is public, the token is not); seat 0 guesses."""

    def __init__(self, bag: tuple[int, ...], token: int, guess: int | None = None) -> None:
        self.bag, self.token, self.guess = bag, token, guess

    def current_players(self) -> tuple[int, ...]:
        return (0,) if self.guess is None else ()

    def legal_actions(self, player: int) -> list[Take]:
        return (
            [Take(n) for n in sorted(set(self.bag))] if player == 0 and self.guess is None else []
        )

    def advance(self, player: int, action: Take) -> Guess:
        return Guess(self.bag, self.token, action.n)

    def view(self, seat: int) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": seat, "bag": list(self.bag), "guessed": self.guess}
        if seat == 1:
            out["token"] = self.token
        return out


class GuessParts:
    def __init__(self) -> None:
        self.given: list[Any] = []

    def determinise(self, view: dict[str, Any], rng: Rng) -> Guess:
        self.given.append(view)
        return Guess(tuple(view["bag"]), rng.choice(view["bag"]))

    def rollout_action(self, state: Guess, player: int, rng: Rng) -> Action:
        return random_rollout(state, player, rng)

    def rewards(self, start: Guess, end: Guess) -> list[float]:
        right = 1.0 if end.guess == end.token else -1.0
        return [right, -right]

    def stop(self, start: Guess, state: Guess, steps: int) -> bool:
        return False


def test_the_search_never_peeks() -> None:
    """Token 1 was drawn from a bag of 0, 0, 0, 1. A search that peeked would guess 1; one that
    only reads the view guesses 0 (right 3 times in 4), whatever was really drawn. And the
    determiniser is handed the bot's view itself, every time, and nothing else."""
    for token in (1, 0):
        state = Guess((0, 0, 0, 1), token)
        parts = GuessParts()
        view = state.view(0)
        bot = SearchBot(0, seed="g", iterations=200, parts=parts)
        assert bot.choose(view, state.legal_actions(0), budget_ms=0) == Take(0)
        assert len(parts.given) == 200 and all(v is view for v in parts.given)
        assert "token" not in view


# -- simultaneous picks: matching pennies, with a safe pass for one seat -----------------------


class Pennies:
    """Both seats pick at once, secretly. ``chooser`` may pick H, T or P(ass); the other seat,
    the matcher, H or T. The chooser scores 1 if the coins differ, 0 if they match, 0.2 for a
    pass; the matcher scores the rest of 1. Against a matcher who cannot see its coin the
    chooser expects 0.5 from H or T, better than passing; against one who sees it, 0."""

    def __init__(self, chooser: int, picks: tuple[str | None, str | None] = (None, None)) -> None:
        self.chooser, self.picks = chooser, picks

    def current_players(self) -> tuple[int, ...]:
        return tuple(s for s in (0, 1) if self.picks[s] is None)

    def legal_actions(self, player: int) -> list[Pick]:
        if self.picks[player] is not None:
            return []
        return [Pick(x) for x in ("HTP" if player == self.chooser else "HT")]

    def advance(self, player: int, action: Pick) -> Pennies:
        picks = list(self.picks)
        picks[player] = action.what
        return Pennies(self.chooser, (picks[0], picks[1]))

    def view(self, seat: int) -> dict[str, Any]:
        """A pick stays secret until both are made (then the game is over)."""
        return {"seat": seat, "chooser": self.chooser, "mine": self.picks[seat]}


class PenniesParts:
    def determinise(self, view: dict[str, Any], rng: Rng) -> Pennies:
        # The other seat's pick is unseen: a determinisation has it still to pick.
        picks: list[str | None] = [None, None]
        picks[view["seat"]] = view["mine"]
        return Pennies(view["chooser"], (picks[0], picks[1]))

    def rollout_action(self, state: Pennies, player: int, rng: Rng) -> Action:
        return random_rollout(state, player, rng)

    def rewards(self, start: Pennies, end: Pennies) -> list[float]:
        mine = end.picks[end.chooser]
        other = end.picks[1 - end.chooser]
        score = 0.2 if mine == "P" else (1.0 if mine != other else 0.0)
        out = [0.0, 0.0]
        out[end.chooser], out[1 - end.chooser] = score, 1.0 - score
        return out

    def stop(self, start: Pennies, state: Pennies, steps: int) -> bool:
        return False


@pytest.mark.parametrize("chooser", [0, 1])
@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_a_simultaneous_pick_is_not_seen_by_the_others(chooser: int, seed: str) -> None:
    """Both seats are in ``current_players()``. Decoupled: the matcher's choice inside the tree
    cannot depend on the chooser's secret coin, so the chooser plays a coin (worth 0.5), not
    the pass (0.2). Sequential, as if the matcher saw the coin, the pass looks best: the test
    tells the two apart. Whether the chooser is seat 0 or 1, it picks first in the tree."""
    state = Pennies(chooser)
    assert state.current_players() == (0, 1)

    def choose(decoupled: bool) -> Action:
        bot = SearchBot(chooser, seed=seed, iterations=1500, parts=PenniesParts())
        bot.decoupled = decoupled
        return bot.choose(state.view(chooser), state.legal_actions(chooser), budget_ms=0)

    assert choose(decoupled=True) in (Pick("H"), Pick("T"))
    assert choose(decoupled=False) == Pick("P")


def test_an_earlier_secret_pick_does_not_change_the_answer() -> None:
    """The matcher already picked (secretly): the chooser's view, and so its answer, is the same
    whatever the coin, and the determinisation has the matcher still to pick."""
    answers = set()
    for coin in ("H", "T"):
        state = Pennies(0, (None, coin))
        assert state.current_players() == (0,)
        view = state.view(0)
        assert PenniesParts().determinise(view, Rng(0)).current_players() == (0, 1)
        answers.add(decide(PenniesParts(), state, 0, iterations=300))
    assert len(answers) == 1


# -- budgets, determinism, cooperation ----------------------------------------------------------


def test_fixed_iterations_are_reproducible_and_counted() -> None:
    stats = SearchStats()
    state = TakeAway(21)
    view, legal = state.view(0), state.legal_actions(0)
    first = drain(
        ismcts(TakeAwayParts(), view, legal, 0, Rng(5), budget_ms=0, iterations=77, stats=stats)
    )
    assert stats.iterations == 77 and stats.seconds > 0
    again = drain(ismcts(TakeAwayParts(), view, legal, 0, Rng(5), budget_ms=0, iterations=77))
    assert first == again and first in legal


class WorkClock:
    """A stand-in for ``time.perf_counter`` that moves only when it is read (a step of work,
    ``tick`` seconds) or when the caller ``pause``s: a budget test that no machine's load can
    change."""

    def __init__(self, tick: float = 0.0005) -> None:
        self.now, self.tick, self.paused = 0.0, tick, 0.0

    def __call__(self) -> float:
        self.now += self.tick
        return self.now

    def pause(self, seconds: float) -> None:
        self.now += seconds
        self.paused += seconds


def run_in_slices(gen: Any, clock: WorkClock, stats: SearchStats, budget: float) -> Any:
    """Drain a thinking generator as a page does, pausing 20 ms at every yield (the page is
    busy: that time must not count against the budget), and check that it yielded every slice
    (``SLICE_MS`` of work) and worked its whole ``budget`` (seconds) between the pauses: were
    they counted, it would have stopped after about ``budget`` of the clock, most of it paused.
    Its answer."""
    slices = 0
    while True:
        try:
            assert next(gen) is None
        except StopIteration as stop:
            choice = stop.value
            break
        slices += 1
        clock.pause(0.020)
    assert stats.iterations > 0 and slices >= budget * 1000 / SLICE_MS - 1
    assert budget <= stats.seconds < budget + 2 * SLICE_MS / 1000
    assert clock.paused == pytest.approx(0.020 * slices)
    assert clock.now > stats.seconds + clock.paused
    return choice


def test_a_time_budget_is_own_work_time_and_yields_in_slices(monkeypatch) -> None:
    clock = WorkClock()
    monkeypatch.setattr(time, "perf_counter", clock)
    state = TakeAway(40)
    view, legal = state.view(0), state.legal_actions(0)
    stats = SearchStats()
    gen = ismcts(TakeAwayParts(), view, legal, 0, Rng(1), budget_ms=60, stats=stats)
    assert run_in_slices(gen, clock, stats, budget=0.060) in legal


def test_too_small_a_budget_falls_back() -> None:
    """One iteration cannot try all three takes: the search answers None and the bot's fallback
    decides (a random legal action when the game gives none)."""
    state = TakeAway(9)
    view, legal = state.view(0), state.legal_actions(0)
    assert drain(ismcts(TakeAwayParts(), view, legal, 0, Rng(1), budget_ms=0, iterations=1)) is None
    calls = []

    def fallback(v: dict, lg: list[Action]) -> Action:
        calls.append(v)
        return lg[-1]

    bot = SearchBot(0, iterations=1, parts=TakeAwayParts(), fallback=fallback)
    assert bot.choose(view, legal, budget_ms=0) == Take(3) and calls == [view]
    assert SearchBot(0, iterations=1, parts=TakeAwayParts()).choose(view, legal, 0) in legal


# -- the race: paired playouts, racing, the heuristic's move as the default ---------------------


class Levers:
    """Seat 0 pulls one lever. The payout is the lever's ``means`` plus luck: ``shared`` luck
    the same for every lever (the deal), and ``own`` luck of each lever (noise). Both are
    hidden: a determinisation draws them."""

    def __init__(self, means: tuple[float, ...], luck: tuple[float, ...] = (), pulled=None):
        self.means, self.luck, self.pulled = means, luck, pulled

    def current_players(self) -> tuple[int, ...]:
        return (0,) if self.pulled is None else ()

    def legal_actions(self, player: int) -> list[Take]:
        return [Take(n) for n in range(len(self.means))] if self.pulled is None else []

    def advance(self, player: int, action: Take) -> Levers:
        return Levers(self.means, self.luck, action.n)

    def view(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "means": list(self.means)}


class LeversParts:
    def __init__(self, shared: float, own: float) -> None:
        self.shared, self.own = shared, own
        self.worlds: list[Levers] = []
        self.starts: list[Levers] = []

    def determinise(self, view: dict[str, Any], rng: Rng) -> Levers:
        base = self.shared * (rng.below(2001) - 1000) / 1000
        luck = tuple(base + self.own * (rng.below(2001) - 1000) / 1000 for _ in view["means"])
        self.worlds.append(Levers(tuple(view["means"]), luck))
        return self.worlds[-1]

    def rollout_action(self, state: Levers, player: int, rng: Rng) -> Action:
        raise AssertionError("a pulled lever is the end: no rollout")

    def rewards(self, start: Levers, end: Levers) -> list[float]:
        self.starts.append(start)
        return [end.means[end.pulled] + end.luck[end.pulled]]

    def stop(self, start: Levers, state: Levers, steps: int) -> bool:
        return False


def run_race(parts: LeversParts, iterations: int, prior: Action | None, seed: int = 1):
    state = Levers((0.5, 0.6, 0.4))
    stats = SearchStats()
    view, legal = state.view(0), state.legal_actions(0)
    choice = drain(
        race(
            parts,
            view,
            legal,
            0,
            Rng(seed),
            budget_ms=0,
            iterations=iterations,
            prior=prior,
            stats=stats,
        )
    )
    return choice, stats


def test_the_race_compares_every_lever_in_the_same_worlds_and_drops_the_losers() -> None:
    """Luck of the deal, however large, is the same for every lever of a world, so it cancels
    out of their paired differences: after the first four worlds the differences are exact
    (no spread), the two worse levers are dropped, and the budget is left unspent."""
    parts = LeversParts(shared=5.0, own=0.0)
    choice, stats = run_race(parts, iterations=300, prior=Take(0))
    assert choice == Take(1)  # over the heuristic's default, by a measured difference
    assert stats.iterations == 3 * 4 and len(parts.worlds) == 4
    assert parts.starts == [w for w in parts.worlds for _ in range(3)]  # one world, 3 levers


def test_noise_alone_does_not_override_the_default() -> None:
    """Each lever's own luck (±2) dwarfs the 0.1 between the levers: four worlds cannot tell
    them apart, and the heuristic's move (the worst lever) stands; 2,000 worlds measure the
    difference. (Ten seeds each: without the default, four worlds would pick at random.)"""
    few = [run_race(LeversParts(0.0, 2.0), 12, prior=Take(2), seed=s)[0] for s in range(10)]
    many = [run_race(LeversParts(0.0, 2.0), 6000, prior=Take(2), seed=s)[0] for s in range(10)]
    assert few.count(Take(2)) >= 8
    assert many.count(Take(1)) >= 8


def test_a_race_counts_whole_worlds_and_is_reproducible() -> None:
    a = run_race(LeversParts(0.0, 2.0), iterations=10, prior=None, seed=3)
    b = run_race(LeversParts(0.0, 2.0), iterations=10, prior=None, seed=3)
    assert a[0] == b[0] and a[1].iterations == b[1].iterations == 12  # 4 worlds of 3 levers


def test_a_race_s_time_budget_is_own_work_time_and_yields_in_slices(monkeypatch) -> None:
    """Three levers worth the same: no difference ever shows, so the race runs to its time."""
    clock = WorkClock()
    monkeypatch.setattr(time, "perf_counter", clock)
    state = Levers((0.5, 0.5, 0.5))
    view, legal = state.view(0), state.legal_actions(0)
    stats = SearchStats()
    gen = race(LeversParts(1.0, 0.0), view, legal, 0, Rng(1), budget_ms=60, stats=stats)
    assert run_in_slices(gen, clock, stats, budget=0.060) in legal


def test_a_race_too_short_for_every_lever_goes_on_with_the_games_shortlist() -> None:
    """Eight levers and 24 playouts: after the first world (8), the 16 left cannot play eight
    levers in eight more worlds each, so only the first two of the game's order go on (the best
    lever, 5, first after the default), and the best of those is found; a budget that can
    afford them all is not cut."""
    state = Levers((0.1, 0.2, 0.3, 0.4, 0.5, 0.9, 0.7, 0.6))
    view, legal = state.view(0), state.legal_actions(0)
    order = [Take(0), Take(5), *(Take(n) for n in (1, 2, 3, 4, 6, 7))]

    def pulled(parts: LeversParts, iterations: int) -> tuple[Action | None, list[int]]:
        gen = race(parts, view, legal, 0, Rng(1), budget_ms=0, iterations=iterations, order=order)
        choice = drain(gen)
        return choice, [w.pulled for w in parts.played]

    choice, played = pulled(PullsParts(shared=5.0, own=0.0), 24)
    assert choice == Take(5)
    # world 1: all eight, in the game's order; worlds 2-4: the two (then the default is
    # measurably worse: done)
    assert played[:8] == [a.n for a in order] and played[8:] == [0, 5] * 3
    choice, played = pulled(PullsParts(shared=5.0, own=0.0), 300)
    assert choice == Take(5) and set(played[8:]) > {0, 5}  # all eight raced on


def test_the_race_compares_only_the_games_candidates() -> None:
    """A game's ``order`` may leave out actions that play exactly like one it keeps: the race
    plays only those it holds, and answers with one of them."""
    state = Levers((0.1, 0.2, 0.9, 0.9))
    view, legal = state.view(0), state.legal_actions(0)
    parts = PullsParts(shared=1.0, own=0.0)
    gen = race(parts, view, legal, 0, Rng(1), budget_ms=0, iterations=60, order=[Take(0), Take(2)])
    assert drain(gen) == Take(2)
    assert {w.pulled for w in parts.played} == {0, 2}


class PullsParts(LeversParts):
    """``LeversParts`` that also keeps each playout's end (which lever it pulled)."""

    def __init__(self, shared: float, own: float) -> None:
        super().__init__(shared, own)
        self.played: list[Levers] = []

    def rewards(self, start: Levers, end: Levers) -> list[float]:
        self.played.append(end)
        return super().rewards(start, end)


def test_the_race_finds_the_winning_take() -> None:
    """Random playouts from each take (the same deal and generator for each): from 5 stones,
    taking 1 leaves the opponent 4, the take that wins."""
    bot = SearchBot(0, seed="r", iterations=900, parts=TakeAwayParts(), method="race")
    state = TakeAway(5)
    assert bot.choose(state.view(0), state.legal_actions(0), budget_ms=0) == Take(1)
