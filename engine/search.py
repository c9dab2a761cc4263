"""One search for every Picante game, in two forms: information-set Monte Carlo tree search
(``ismcts``) and a race of paired playouts (``race``).

A game plugs in a small *parts* object (``SearchParts``) and gets a search bot
(``SearchBot``) that sees only ``state.view(seat)`` and the legal actions, like every bot.
The search itself touches states through three calls only: ``state.current_players()``,
``state.legal_actions(p)`` and the unchecked ``state.advance(p, a)`` (every action it applies
came from ``legal_actions``).

**The race** (``method="race"``; Jalape-NO!'s) is flat Monte Carlo: each legal action of the
decision is played out to the horizon by ``parts.rollout_action`` in many determinisations,
all of them in the *same* determinisations with the same generator (common random numbers),
so that the luck of the deal cancels out of the differences between actions; actions that fall
behind by a measured margin are dropped (racing), and the game's heuristic move stands unless
another beats it by that margin. Its strength is its rollout policy: with the game's heuristic
as the policy, every seat (the observer's later turns too) plays as the heuristic would, the
best model of the other players a bot has. See ``race``.

**The tree**: single-observer ISMCTS (Cowling, Powley & Whitehouse, "Information Set Monte
Carlo Tree Search", 2012), with decoupled selection at simultaneous moves (as in decoupled UCT)
and a horizon.

* The tree belongs to the observer (the seat deciding). A node is an information set reached by
  a sequence of actions from now; an edge is an action; each edge keeps its *mover*'s summed
  reward, its visits and its *availability* (how often it was legal when its node was visited).
* Each iteration starts from a fresh **determinisation**: ``parts.determinise(view, rng)``
  returns a whole state consistent with what the observer sees, with everything hidden
  (other hands, deck and bag orders, picks not yet revealed, the state's own generator and so
  every future die and draw) sampled afresh. The search is never given the real state, so it
  cannot peek. Chance is therefore handled by determinisation: what follows an action may
  differ from one iteration to the next, and so may the actions legal there.
* **Selection**: from the root, while the horizon is not reached and every action legal *in this
  determinisation* already has an edge, take the edge maximising
  ``mean reward + c * sqrt(ln(availability) / visits)`` (UCB1 with ISMCTS availability, ties to
  the first in ``legal_actions`` order), counting one availability for every legal edge.
* **Expansion**: at the first node with an untried legal action, add one, chosen at random.
* **Simulation**: from there, ``parts.rollout_action(state, player, rng)`` (a cheap policy that
  may read the whole determinised state) plays until ``parts.stop(start, state, steps)`` says
  the horizon is reached (end of the round, of the turn, N actions...) or the game is over.
* **Backpropagation**: ``parts.rewards(start, end)`` gives one reward per seat (about [-1, 1]:
  the exploration constant ``c`` assumes that scale); every edge on the path adds its mover's.
* The answer is the most visited root edge among the legal actions (ties: the better mean). If
  the budget ran out before every legal action was tried once, the search answers ``None`` and
  the bot uses its fallback (the game's heuristic).

**Simultaneous moves.** When ``current_players()`` holds several seats (secret, simultaneous
picks), the tree takes them one at a time in a fixed order: the observer first, then the other
seats by number. Each pick is an edge, so below the block the tree is keyed by every pick
(they are revealed once all are made). But a later seat in the block must not choose *knowing*
the earlier picks, which are secret to it: its UCB statistics are kept per block (on the node
where the block began, one entry per seat and action), not per earlier pick, so its choice is
the same whatever was picked before it in the block (``decoupled=False`` turns this off: then
later seats react to earlier picks, a paranoid model of the others). A determinisation should
show seats whose pick the observer has not seen as *not yet picked*.

Budget: ``budget_ms`` of the search's own work time (time spent suspended at a ``yield`` does
not count, so a busy browser does not starve it), or exactly ``iterations`` iterations
(reproducible on any machine). The search is a generator that yields ``None`` about every
``SLICE_MS`` of work, like ``BaseBot.thinking``, so a browser keeps drawing.

Determinism: all randomness comes from the ``rng`` handed in (the bot's per-decision generator,
a function of its seed, the view and the legal actions only).

A game's bots module plugs in like this (``engine/jalapeno/bots.py`` is the worked example)::

    class NachoParts:
        def determinise(self, view, rng): ...        # a NachoState consistent with view
        def rollout_action(self, state, player, rng): ...
        def rewards(self, start, end): ...           # e.g. score differences, scaled
        def stop(self, start, state, steps): return state.round_no > start.round_no

    def search_bot(seat, seed=0, iterations=None):
        return SearchBot(seat, seed, iterations, parts=NachoParts(), fallback=heuristic_action)

    BOTS = {  # the declared levels, each a factory of (seat, seed, iterations)
        "random": RandomBot,
        "heuristic": heuristic_bot(heuristic_action),  # engine.bots: one class, the game's policy
        "search": search_bot,
    }
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any, Protocol

from .bots import BaseBot, SliceClock
from .protocol import Action, State
from .rng import Rng

__all__ = ["SearchBot", "SearchParts", "SearchStats", "ismcts", "random_rollout"]


class SearchParts(Protocol):
    """What a game supplies to the search. One object may serve many decisions."""

    def determinise(self, view: Mapping[str, Any], rng: Rng) -> State:
        """A whole state consistent with ``view`` (the observer's ``state.view(seat)``): the
        observer's own cards as shown, everything it cannot see sampled with ``rng``, including
        the state's generator (future chance) and unrevealed simultaneous picks (undone: those
        seats are simply still to pick). Called once per iteration with the same view object,
        so reading the view once and caching by identity is worthwhile."""
        ...

    def rollout_action(self, state: State, player: int, rng: Rng) -> Action:
        """A cheap, legal action for ``player`` (one of ``state.current_players()``)."""
        ...

    def rewards(self, start: State, end: State) -> Sequence[float]:
        """One reward per seat, about [-1, 1], for the playout from ``start`` (the
        determinisation) to ``end`` (horizon reached or game over)."""
        ...

    def stop(self, start: State, state: State, steps: int) -> bool:
        """True once the playout has gone far enough: ``steps`` actions were applied since
        ``start`` (tree and rollout together). The search also stops when the game is over."""
        ...


def random_rollout(state: State, player: int, rng: Rng) -> Action:
    """The simplest rollout policy: a uniformly random legal action."""
    return rng.choice(state.legal_actions(player))


class SearchStats:
    """What the last decision cost (read by ``python -m engine selfplay`` and benchmarks)."""

    __slots__ = ("iterations", "seconds")

    def __init__(self) -> None:
        self.iterations = 0
        self.seconds = 0.0


class Node:
    """A tree node and the edge into it: ``mover`` took the action leading here; ``reward`` is
    summed for ``mover``. ``block`` holds the decoupled statistics of a simultaneous block that
    begins at this node: ``(seat, action) -> Node`` (used as bare statistics)."""

    __slots__ = ("mover", "children", "visits", "reward", "avail", "block")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0
        self.block: dict[tuple[int, Action], Node] | None = None


def _mover(players: tuple[int, ...], observer: int) -> int:
    """The seat that acts next inside the search: the only one, or in a simultaneous block the
    observer first, then the lowest seat."""
    if len(players) == 1:
        return players[0]
    return observer if observer in players else min(players)


def ismcts(
    parts: SearchParts,
    view: Mapping[str, Any],
    legal: Sequence[Action],
    observer: int,
    rng: Rng,
    *,
    budget_ms: float,
    iterations: int | None = None,
    exploration: float = 0.7,
    decoupled: bool = True,
    stats: SearchStats | None = None,
) -> Generator[None, None, Action | None]:
    """Search from ``view`` for ``observer``; return a root action from ``legal``, or None if
    the budget did not allow trying each of them once. See the module docstring."""
    root = Node(mover=-1)
    clock = SliceClock(budget_ms)
    done = 0
    while True:
        if iterations is not None:
            if done >= iterations:
                break
        elif clock.out_of_time() and done > 0:
            break
        _iterate(parts, root, parts.determinise(view, rng), observer, rng, exploration, decoupled)
        done += 1
        if clock.slice_over():
            yield None
            clock.resume()
    if stats is not None:
        stats.iterations, stats.seconds = done, clock.spent()
    tried = [(a, n) for a, n in root.children.items() if a in legal]
    if len(tried) < len(legal):  # too little budget to try every action even once
        return None
    return max(tried, key=lambda kv: (kv[1].visits, kv[1].reward / max(kv[1].visits, 1)))[0]


def _iterate(
    parts: SearchParts,
    root: Node,
    start: State,
    observer: int,
    rng: Rng,
    c: float,
    decoupled: bool,
) -> None:
    state = start
    node = root
    credit = [root]  # every statistic to credit with this playout's rewards
    steps = 0
    block: Node | None = None  # the node where the current simultaneous block began
    pending: set[int] = set()  # that block's seats still to pick
    # Selection and expansion, in the tree of action sequences the observer sees.
    while True:
        players = state.current_players()
        if not players or parts.stop(start, state, steps):
            break
        player = _mover(players, observer)
        if block is not None and len(players) == len(pending) and set(players) == pending:
            pass  # the next pick of the same block
        elif len(players) > 1:
            block, pending = node, set(players)
            if decoupled and node.block is None:
                node.block = {}
        else:
            block = None
        pending.discard(player)
        legal = state.legal_actions(player)
        # A later seat of a simultaneous block chooses from statistics shared by the whole
        # block: it must not react to picks that are secret to it.
        shared = block.block if decoupled and block is not None and block is not node else None
        if shared is None:
            edges: dict[Action, Node] = node.children
        else:
            edges = {a: shared[player, a] for a in legal if (player, a) in shared}
        untried = [a for a in legal if a not in edges]
        if untried:
            action = untried[rng.below(len(untried))]
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = Node(player)
            if shared is not None:
                edges[action] = shared[player, action] = Node(player)
            for a in legal:
                edge = edges.get(a)
                if edge is not None:
                    edge.avail += 1
        else:
            action, best = legal[0], -math.inf
            for a in legal:
                edge = edges[a]
                edge.avail += 1
                n = edge.visits
                score = edge.reward / n + c * math.sqrt(math.log(edge.avail) / n)
                if score > best:
                    action, best = a, score
            child = node.children.get(action)
            if child is None:  # a shared choice not yet taken after these earlier picks
                child = node.children[action] = Node(player)
                untried = [action]  # a new node: expansion ends the descent
        state = state.advance(player, action)  # action came from legal_actions
        steps += 1
        credit.append(child)
        if shared is not None:
            credit.append(edges[action])
        node = child
        if untried:
            break
    # Simulation to the horizon with the game's cheap policy (the hot loop: locals only).
    rollout, stop = parts.rollout_action, parts.stop
    while True:
        players = state.current_players()
        if not players or stop(start, state, steps):
            break
        player = players[0] if len(players) == 1 else _mover(players, observer)
        state = state.advance(player, rollout(state, player, rng))
        steps += 1
    rewards = parts.rewards(start, state)
    for edge in credit:
        edge.visits += 1
        if edge.mover >= 0:
            edge.reward += rewards[edge.mover]


def race(
    parts: SearchParts,
    view: Mapping[str, Any],
    legal: Sequence[Action],
    observer: int,
    rng: Rng,
    *,
    budget_ms: float,
    iterations: int | None = None,
    prior: Action | None = None,
    z: float = 1.5,
    z_prior: float | None = None,
    min_worlds: int = 4,
    order: Sequence[Action] | None = None,
    stats: SearchStats | None = None,
) -> Generator[None, None, Action | None]:
    """Flat Monte Carlo with common random numbers and racing: the other way to decide.

    Each *world* is one determinisation and one seed for the playouts' generator; in it every
    live candidate (a legal action) is applied and played out to the horizon by
    ``parts.rollout_action``, for every seat alike. So two candidates are always compared on
    the same deals (paired samples): the luck of the deal cancels out of their difference,
    which a handful of worlds then measures. After ``min_worlds`` worlds, a candidate whose
    paired difference to the leader exceeds ``z`` standard errors is dropped (again after twice
    as many worlds, and so on), and the budget goes to the rest (racing). ``iterations``
    counts playouts, and a world always finishes; on a time budget, the world under way when
    the time is up is left out.

    ``prior`` (the game's heuristic move) is the default: the answer is the best mean only if
    it beats ``prior`` by ``z`` standard errors too, so noise alone never overrides it. None
    if not one world fits the budget.

    ``order`` (the legal actions worth comparing, the game's favourite first; ``prior`` among
    the first) is the candidates: a game may leave out actions that play exactly like one it
    keeps (Jalape-NO!'s cards with no live card between them). It is also a shortlist: when,
    after the first world, the budget left (counted, or timed from that world) cannot play every
    candidate in ``2 * min_worlds`` more worlds, only the first that it can go on (at least
    two), so that a few are told apart rather than many left untold.
    """
    live = list(legal) if order is None else [a for a in order if a in legal]
    rewards: dict[Action, list[float]] = {a: [] for a in live}
    rollout, stop = parts.rollout_action, parts.stop
    clock = SliceClock(math.inf if iterations is not None else budget_ms)
    out_of_time, done, worlds = False, 0, 0
    while len(live) > 1 and (iterations is None or done < iterations):
        if clock.out_of_time():  # (a time budget: no world begun that cannot finish)
            break
        start = parts.determinise(view, rng)
        seed = rng.next_u64()
        finished: list[Action] = []
        for action in live:
            # The playout, inline: a long one (a whole round at nine seats) yields inside, and
            # stops when the time is up (the world's playouts so far are then left out).
            state, playout_rng, steps = start.advance(observer, action), Rng(seed), 1
            while True:
                if clock.slice_over():
                    if clock.left() <= 0:
                        out_of_time = True
                        break
                    yield None
                    clock.resume()
                players = state.current_players()
                if not players or stop(start, state, steps):
                    break
                player = players[0] if len(players) == 1 else _mover(players, observer)
                state = state.advance(player, rollout(state, player, playout_rng))
                steps += 1
            if out_of_time:
                break
            rewards[action].append(parts.rewards(start, state)[observer])
            finished.append(action)
        if len(finished) < len(live):  # out of time inside this world
            for action in finished:
                rewards[action].pop()
            break
        done += len(finished)
        worlds += 1
        if worlds == 1 and order is not None:
            if iterations is not None:
                left = iterations - done
            else:
                left = done * clock.left() / max(clock.spent(), 1e-9)
            keep = max(2, int(left // (2 * min_worlds)))
            if keep < len(live):
                live = [a for a in order if a in live][:keep]
        if worlds == min_worlds or worlds > min_worlds and worlds & (worlds - 1) == 0:
            leader = max(live, key=lambda a: sum(rewards[a]))
            live = [a for a in live if a is leader or not _beats(rewards, leader, a, z)]
    if stats is not None:
        stats.iterations, stats.seconds = done, clock.spent()
    if worlds == 0:
        return live[0] if len(live) == 1 else None
    best = max(live, key=lambda a: sum(rewards[a]))
    z_prior = z if z_prior is None else z_prior
    if prior in live and best != prior and not _beats(rewards, best, prior, z_prior):
        return prior
    return best


def _beats(rewards: Mapping[Action, list[float]], a: Action, b: Action, z: float) -> bool:
    """Whether ``a`` beats ``b`` by ``z`` standard errors of their paired difference (both
    live candidates: played in every world so far)."""
    diffs = [x - y for x, y in zip(rewards[a], rewards[b], strict=True)]
    n = len(diffs)
    if n < 4:
        return False
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    # A spread measured on few worlds is itself uncertain: widen by the standard deviation of
    # Student's t with n - 1 degrees of freedom (sqrt((n - 1) / (n - 3)): 1.7 at 4 worlds).
    return mean > z * math.sqrt(var / n * (n - 1) / (n - 3)) + 1e-12


class SearchBot(BaseBot):
    """The search level of any game, with the game's ``parts``: ``method="tree"`` is ISMCTS
    (``ismcts``), ``method="race"`` flat Monte Carlo with paired playouts (``race``).

    ``fallback(view, legal)`` is the game's heuristic: the tree answers with it when the budget
    is too small to try every legal action once, and the race takes its move as the default
    (``prior``) that only a measured difference overrides. Without one, a random legal action.
    ``last`` holds the iterations and seconds of the latest decision that searched.
    """

    level = "search"

    def __init__(
        self,
        seat: int,
        seed: int | str = 0,
        iterations: int | None = None,
        *,
        parts: SearchParts,
        fallback: Callable[[dict, list[Action]], Action] | None = None,
        method: str = "tree",
        exploration: float = 0.7,
        decoupled: bool = True,
        z: float = 1.5,
        z_prior: float | None = None,
        min_worlds: int = 4,
    ) -> None:
        if method not in ("tree", "race"):
            raise ValueError(f"unknown search method {method!r}: 'tree' or 'race'")
        super().__init__(seat, seed, iterations)
        self.parts = parts
        self.fallback = fallback
        self.method = method
        self.exploration = exploration  # the tree's
        self.decoupled = decoupled
        self.z = z  # the race's
        self.z_prior = z_prior
        self.min_worlds = min_worlds
        self.last = SearchStats()

    def _think(
        self, view: dict, legal: list[Action], budget_ms: float
    ) -> Generator[None, None, Action]:
        rng = self.decision_rng(view, legal)
        prior = None
        if self.method == "race":
            prior = None if self.fallback is None else self.fallback(view, legal)
            choice = yield from race(
                self.parts,
                view,
                legal,
                self.seat,
                rng,
                budget_ms=budget_ms,
                iterations=self.iterations,
                prior=prior,
                z=self.z,
                z_prior=self.z_prior,
                min_worlds=self.min_worlds,
                order=self.parts.order(view, legal) if hasattr(self.parts, "order") else None,
                stats=self.last,
            )
        else:
            choice = yield from ismcts(
                self.parts,
                view,
                legal,
                self.seat,
                rng,
                budget_ms=budget_ms,
                iterations=self.iterations,
                exploration=self.exploration,
                decoupled=self.decoupled,
                stats=self.last,
            )
        if choice is not None:
            return choice
        if prior is not None:
            return prior
        if self.fallback is not None:
            return self.fallback(view, legal)
        return self.decision_rng(view, legal).choice(legal)
