"""Crazy Taco bots: ``random``, ``heuristic`` and ``search`` for either seat (the manager, and
in 1 vs 1 the customer player). Every bot decides from its own seat's view and legal actions.

* ``heuristic``: rules of thumb applied to a state rebuilt from the view (they read its public
  parts only; in 1 vs 1 the customer's own hand): the manager's greedy rules
  (``engine/taco/policy.py``), the customer player's odds of winning
  (``engine/taco/customer_player.py``).
* ``search``: for the manager, the shared information-set MCTS (``engine/search.py``) with this
  game's parts: ``determinise`` deals the unseen cards (the decks in any order, the unseen
  inspection, the customer player's hand as the manager cannot see it) and a fresh generator
  for future dice; rollouts play the rules of thumb to a horizon of whole turns; rewards are
  the change in ``policy.evaluate``. Only canonical actions are searched: dice with the same
  face are interchangeable in a placement, so one of each such set is tried (``canonical``).
  For the customer player, paired playouts (``engine/taco/customer_search.py``): every play
  tried in the same dealt worlds, judged by its odds of winning after the manager's turn, of
  the plays that keep the plain cards its last cards need (``customer_player.keep_plain``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any

from ..bots import BaseBot, Bot, RandomBot, in_slices
from ..protocol import Action
from ..rng import Rng
from ..search import SearchBot as SharedSearchBot
from ..search import ismcts
from .actions import Assign, Discard, End, Menu, Order, Reroll
from .cards import EXTRA_CARDS, INSPECTION_CARDS, TASK_DECK, all_codes
from .customer_player import (
    customer_action,
    customer_value,
    discard_work,
    keep_plain,
    weakest_three,
)
from .customer_search import paired_playouts
from .dice import DIE
from .flow import end_placement
from .placement import legal_placements
from .policy import evaluate, manager_action
from .save import read_public
from .state import TacoState


class SearchState(TacoState):
    """A determinised state for the search: the same rules, only canonical actions, and the
    look-ahead of a placement stops at the end of this turn's placement (phase 3's timers, rest
    room and gaps done; before the next turn's draws and roll)."""

    __slots__ = ()

    def legal_actions(self, player: int) -> list[Action]:
        if self.stage == "placement" and player == 0:
            return canonical(self, legal_placements(self, canonical=True))
        return canonical(self, TacoState.legal_actions(self, player))

    def _apply(self, player: int, action: Action) -> TacoState:
        if action == END_PLACEMENT:
            s = self._copy()
            end_placement(s, [], hold=True)
            return s
        return TacoState._apply(self, player, action)


END_PLACEMENT = End("placement")


def _kind(die: str) -> str:
    return DIE[die].worker


def canonical(s: TacoState, legal: Sequence[Action]) -> list[Action]:
    """One action per distinct outcome: placements that differ only by which of several dice
    showing the same face they use are the same move (the dice all come back at the end of the
    turn); a captive or kept die is told apart by its worker (manager, employee, trainee).
    Re-rolls are cut to three sensible ones; a discard to the three weakest cards."""
    faces = {d: s.faces[i] for i, d in enumerate(("M", "E1", "E2", "E3", "T"))}
    seen: set[Any] = set()
    out: list[Action] = []
    rerolls: list[Reroll] = []
    discard: Discard | None = None
    for a in legal:
        if isinstance(a, Order):
            key: Any = ("o", a.verb, a.spot, tuple(sorted(faces[d] for d in a.dice)))
        elif isinstance(a, Menu) and a.item != "plata":
            key = ("m", a.item, faces[a.dice[0]], tuple(sorted(faces[d] for d in a.dice)))
        elif isinstance(a, Assign):
            key = ("a", a.verb, _kind(a.die), faces[a.die])
        elif isinstance(a, Reroll):
            rerolls.append(a)
            continue
        elif isinstance(a, Discard):
            discard = discard or a
            continue
        else:
            key = a
        if key not in seen:
            seen.add(key)
            out.append(a)
    if rerolls:
        wanted = [
            tuple(d for d in faces if faces[d] != "$"),
            tuple(d for d in faces if faces[d] in ("Z", "B")),
        ]
        tray = {r.dice for r in rerolls}
        picks = [r for r in rerolls if r.dice in wanted]
        picks.append(max(rerolls, key=lambda r: len(r.dice)))
        out += [r for r in dict.fromkeys(picks) if r.dice in tray]
    if discard is not None:
        out.append(weakest_three(s))
    return out


# -- determinisation -------------------------------------------------------------------------------


class Determiniser:
    """Reads a view once; each ``sample(rng)`` is a whole state consistent with it."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        seat = view["seat"]
        if seat is None:
            raise ValueError("a spectator view has nothing to decide")
        base = SearchState.__new__(SearchState)
        base.players = view["players"]
        base.options = dict(view["options"])
        read_public(base, view["table"])
        versus = base.players == 2
        own = tuple(c["code"] for c in view.get("hand", ()))
        base.hand = own
        base.events = ()
        base.rng, base.deck, base.task_deck, base.extra_deck = 0, (), (), ()
        seen = {x[0] for x in base.line if x is not None}
        seen |= {b[0] for b in base.bonus} | set(base.gone) | set(base.fine_zone) | set(own)
        seen |= {c for c in (base.extra, base.offer) if c}
        pool = [c for c in all_codes(versus, base.options["characters"], False) if c not in seen]
        self.inspections = [c for c in pool if c in INSPECTION_CARDS]
        if len(self.inspections) < len(INSPECTION_CARDS):
            self.inspections = []  # the inspection has been seen: no other is in the game
        self.cards = [c for c in pool if c not in INSPECTION_CARDS and c not in EXTRA_CARDS]
        if not versus:
            self.cards += [c for c in pool if c in EXTRA_CARDS]
        self.extras = [c for c in pool if c in EXTRA_CARDS] if versus else []
        self.hidden_hand = view["hand_count"] if versus and seat == 0 else 0
        self.deck_size = view["deck"]["customers"]
        gone_tasks = {base.door, *(t[0] for t in base.task_zone), *base.tasks_gone}
        self.tasks = [t for t in TASK_DECK if t not in gone_tasks]
        expected = self.deck_size + self.hidden_hand - (1 if self.inspections else 0)
        if len(self.cards) != expected or len(self.tasks) != view["deck"]["tasks"]:
            raise ValueError("the view's unseen cards do not add up")
        self.base = base

    def sample(self, rng: Rng | None) -> SearchState:
        """A deal of the unseen cards (``rng`` None: in a fixed order, for rules of thumb that
        read only the table)."""
        s = self.base._copy()
        cards = list(self.cards)
        if self.inspections:
            cards.append(self.inspections[0] if rng is None else rng.choice(self.inspections))
        if rng is None:
            s.hand = tuple(sorted(cards[: self.hidden_hand])) if self.hidden_hand else s.hand
            s.deck = tuple(cards[self.hidden_hand :])
            s.task_deck, s.extra_deck = tuple(self.tasks), tuple(self.extras)
            return s  # type: ignore[return-value]
        cards = rng.shuffled(cards)
        if self.hidden_hand:
            s.hand = tuple(sorted(cards[: self.hidden_hand]))
            cards = cards[self.hidden_hand :]
        s.deck = tuple(cards)
        s.task_deck = tuple(rng.shuffled(self.tasks))
        s.extra_deck = tuple(rng.shuffled(self.extras))
        s.rng = rng.next_u64()
        return s  # type: ignore[return-value]


def determinise(view: Mapping[str, Any], rng: Rng) -> SearchState:
    """One whole state consistent with ``view`` (see ``Determiniser``)."""
    return Determiniser(view).sample(rng)


# -- the parts the shared search needs -------------------------------------------------------------


class TacoParts:
    """``engine.search`` parts: determinise, a greedy rollout, rewards, and the horizon: the end
    of the next placement (``SearchState`` holds there).

    Rewards are zero-sum, from the manager's ``policy.evaluate``. (The customer player's
    search uses these parts but judges its playouts by ``customer_player.customer_value``.)"""

    def __init__(self, scale: float = 20.0) -> None:
        self.scale = scale
        self._view: Any = None
        self._worlds: Determiniser | None = None
        self._dealt: SearchState

    def determinise(self, view: Mapping[str, Any], rng: Rng) -> SearchState:
        """A whole state consistent with ``view``. Within a placement's horizon nothing is drawn
        (the look-ahead ends before the next turn's phase 1), so the order of the unseen cards
        cannot matter: they are dealt once per decision, and each iteration gets only a fresh
        generator (every re-roll in it is new). Other decisions look into the next turn's
        draws: they get a fresh deal every iteration."""
        if view is not self._view:
            self._view, self._worlds = view, Determiniser(view)
            self._dealt = self._worlds.sample(rng)
        if view["stage"] != "placement":
            return self._worlds.sample(rng)  # type: ignore[union-attr]
        s = self._dealt._copy()
        s.rng = rng.next_u64()
        return s

    def rollout_action(self, state: TacoState, player: int, rng: Rng) -> Action:
        return customer_action(state) if player == 1 else manager_action(state)

    def rewards(self, start: TacoState, end: TacoState) -> list[float]:
        r = max(-1.0, min(1.0, (evaluate(end) - evaluate(start)) / self.scale))
        return [r, -r] if start.players == 2 else [r]

    def stop(self, start: TacoState, state: TacoState, steps: int) -> bool:
        """Up to the end of the next placement (held before phase 3's spending and the next
        draws): this turn's for a placement, the coming turn's for a customer play, an extra or
        a phase 3 choice."""
        if state.stage == "over" or steps > 200:
            return True
        return state.stage == "management" and (
            start.stage != "management" or state.turn_no > start.turn_no
        )


# -- bots ------------------------------------------------------------------------------------------

# Where the search level searches, as (players, seat): only where it measurably beats the
# heuristic (docs/rules-decisions.md, Crazy Taco § 17: solo, and both seats of 1 vs 1, with a
# fixed iteration count). Anywhere else it plays the heuristic's move, so that the app's Hard
# level is never weaker than its Medium one.
SEARCHED: frozenset[tuple[int, int]] = frozenset({(1, 0), (2, 0), (2, 1)})


def heuristic_action(view: dict, legal: list[Action]) -> Action:
    """The greedy rules' choice for the seat whose view this is."""
    state = Determiniser(view).sample(None)  # the rules read the table only
    action = customer_action(state) if view["seat"] == 1 else manager_action(state)
    return action if action in legal else legal[-1]


class HeuristicBot(BaseBot):
    """The greedy rules of ``engine/taco/policy.py``; well under a millisecond a decision."""

    level = "heuristic"

    def _think(
        self, view: dict, legal: list[Action], budget_ms: float
    ) -> Generator[None, None, Action]:
        return heuristic_action(view, legal)
        yield  # pragma: no cover


class SearchBot(SharedSearchBot):
    """The manager: ISMCTS over canonical actions (see the module docstring), the greedy rules
    answering when the budget is too small to try every canonical action once. The customer
    player: paired playouts of its canonical plays (``customer_search``)."""

    def __init__(self, seat: int, seed: int | str = 0, iterations: int | None = None) -> None:
        super().__init__(seat, seed, iterations, parts=TacoParts(), fallback=None)

    def _think(
        self, view: dict, legal: list[Action], budget_ms: float
    ) -> Generator[None, None, Action]:
        if (view["players"], self.seat) not in SEARCHED:
            return heuristic_action(view, legal)
        rng = self.decision_rng(view, legal)
        dealt = self.parts.determinise(view, Rng(0))
        if any(isinstance(a, Discard) for a in legal):  # canonical judges the discard: in slices
            yield from in_slices(discard_work(dealt))
        reduced = canonical(dealt, legal)
        if self.seat == 1:
            reduced = keep_plain(dealt, reduced)
        if len(reduced) == 1:
            return reduced[0]
        yield None  # the set-up above is a slice of its own: the search starts a fresh one
        if self.seat == 1:
            return (
                yield from paired_playouts(
                    self.parts,
                    view,
                    reduced,
                    rng,
                    customer_value,
                    budget_ms=budget_ms,
                    iterations=self.iterations,
                    stats=self.last,
                )
            )
        choice = yield from ismcts(
            self.parts,
            view,
            reduced,
            self.seat,
            rng,
            budget_ms=budget_ms,
            iterations=self.iterations,
            exploration=self.exploration,
            stats=self.last,
        )
        return heuristic_action(view, legal) if choice is None else choice


# The levels this game offers (its declaration's ``bot_levels``): each a factory of
# ``(seat, seed, iterations)``, for ``engine.bots.make_bot``.
BOTS: dict[str, Callable[[int, int | str, int | None], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
}
