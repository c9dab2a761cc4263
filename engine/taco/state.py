"""The Crazy Taco state: one immutable snapshot of the restaurant, and the game object.

Seat 0 is always the manager. In 1 vs 1, seat 1 is the customer player. Fields are plain
tuples, strings and ints: a new state is a shallow copy with a few fields replaced (``_copy``
below), so an ``apply`` costs microseconds and a search can run hundreds of them per decision.

The turn (rulebook, "How to Play"): F1 customers arrive (``flow.start_turn``), F2 the dice are
rolled and placed (``placement``), F3 management (``flow.end_placement``). The only choices
are actions (``legal_actions``); everything else happens inside the ``apply`` that leads to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..protocol import Event, Game, IllegalAction, OptionSpec, State
from . import flow, placement, versus, views
from .actions import Action, parse_action
from .board import BOARD, LINE
from .cards import EXTRA_CARDS, INSPECTION_CARDS, TASK_DECK, WELCOME_CARDS, customer_deck
from .dice import DICE
from .explain import explain_placement
from .save import load, save

Slot = tuple[str, bool, bool] | None  # (card code, served, paid) or an empty place
Captive = tuple[str, str, int]  # (card code, die id or "", turns left)

SLOTS = (
    "players",
    "options",
    "rng",
    "turn_no",
    "stage",
    "result",
    "reason",
    "deck",
    "hand",
    "task_deck",
    "extra_deck",
    "line",
    "door",
    "task_zone",
    "bonus",
    "room",
    "faces",
    "status",
    "cash",
    "fines",
    "fine_zone",
    "popularity",
    "overtime",
    "extra",
    "extra_used",
    "offer",
    "to_reveal",
    "reveals",
    "prev_msg",
    "pinata_seen",
    "follow",
    "ban_until",
    "discards",
    "gone",
    "tasks_gone",
    "events",
)

MANAGER, CUSTOMERS = 0, 1


def _make_copy() -> Any:
    """``state._copy()``: a new state of the same class with the same fields, written out field
    by field (several times faster than a loop of getattr/setattr; ``apply`` starts with one)."""
    body = "".join(f"    new.{name} = self.{name}\n" for name in SLOTS)
    code = f"def _copy(self):\n    new = object.__new__(type(self))\n{body}    return new\n"
    namespace: dict[str, Any] = {}
    exec(code, namespace)  # noqa: S102 - generated from the constant SLOTS above
    return namespace["_copy"]


class TacoState(State):
    """See the module docstring. Field meanings:

    ``line``: the counter positions 1..4 then the patience spaces p1, p2, each ``None`` or
    ``(code, served, paid)``. ``bonus``/``task_zone``: ``(code, die, turns left)``, die "" while
    a bonus card waits in the zone unused. ``room``: the rest room, space 1 first, die ids or
    "". ``faces``/``status``: per die in ``DICE`` order (``placement.USABLE`` lists the statuses
    a die can be placed from). ``deck``/``task_deck``/``extra_deck``: top first (hidden).
    ``hand``: the customer player's hand (1 vs 1). ``gone``/``tasks_gone``: cards out of the
    game, in order (public). ``to_reveal``: customer cards still to reveal this phase 1 (solo);
    ``reveals``: Extra cards the manager may still reveal for stars lost (1 vs 1).
    """

    __slots__ = SLOTS

    game: Game  # set below

    _copy = _make_copy()

    # -- protocol ------------------------------------------------------------------------

    @property
    def versus(self) -> bool:
        return self.players == 2

    def current_players(self) -> tuple[int, ...]:
        if self.stage == "over":
            return ()
        return (CUSTOMERS,) if self.stage == "customers" else (MANAGER,)

    def phase(self) -> str:
        return self.stage

    def legal_actions(self, player: int) -> list[Action]:
        if type(player) is not int or player not in self.current_players():
            return []
        if self.stage == "customers":
            return versus.legal_plays(self)
        if self.stage == "extra":
            return placement.legal_offer(self)
        if self.stage == "management":
            return placement.legal_management(self)
        return placement.legal_placements(self)

    def explain_illegal(self, player: int, action: Any) -> IllegalAction:
        if not isinstance(action, Action) or type(action).__module__ != "engine.taco.actions":
            return IllegalAction(
                f"Not a Crazy Taco action: {action!r} (e.g. 'serve 2 E1 T').", "malformed"
            )
        if self.stage == "customers":
            return versus.explain(self, action)
        return explain_placement(self, action)

    def _apply(self, player: int, action: Action) -> TacoState:  # type: ignore[override]
        s = self._copy()
        ev: list[Event] = []
        if self.stage == "customers":
            versus.apply_play(s, ev, action)
        else:
            placement.apply(s, ev, action)
        s.events = tuple(ev)
        return s

    def scores(self) -> list[int]:
        """Solo: the shareable score (won first, then cash, then popularity; see ``score``).
        1 vs 1: 1 for the winner once the game is over, 0 otherwise."""
        if self.versus:
            return [int(self.result == "manager"), int(self.result == "customers")]
        return [score(self.result == "won", self.cash - self.fines, self.popularity)]

    def winners(self) -> list[int]:
        """Solo: ``[0]`` if the restaurant survived, ``[]`` if it lost (a solo game can be
        lost: nobody wins). 1 vs 1: the seat that won."""
        if self.stage != "over":
            return []
        if self.versus:
            return [MANAGER] if self.result == "manager" else [CUSTOMERS]
        return [0] if self.result == "won" else []

    def _view(self, player: int | None) -> dict[str, Any]:
        return views.view(self, player)

    def to_dict(self) -> dict[str, Any]:
        return save(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TacoState) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.rng, self.turn_no, self.stage, self.line, self.faces))

    def __repr__(self) -> str:
        return (
            f"<Crazy Taco {'1v1' if self.versus else 'solo'} turn {self.turn_no} {self.stage}"
            f" popularity {self.popularity} cash {self.cash} deck {len(self.deck)}>"
        )


def score(won: bool, net_cash: int, popularity: int) -> int:
    """The solo score, for sharing a result: a won game beats any lost one, then cash (less
    unpaid fines), then popularity. Written out it reads won · cash · popularity:

    >>> score(True, 23, 6), score(False, 40, 0)
    (10236, 400)
    """
    return (10000 if won else 0) + 10 * min(max(net_cash, 0), 999) + popularity


class TacoGame(Game):
    id = "taco"
    name = "Crazy Taco"
    pitch = "Roll your crew, serve the queue in full, keep the taco truck popular."
    players_label = "Solo or 1 vs 1"
    player_counts = (1, 2)
    simultaneous = False
    chance = True
    hidden_information = True
    bot_levels = ("random", "heuristic", "search")
    bots = "engine.taco.bots"
    text = "engine.taco.text"
    checks = "engine.taco.checks"
    save_version = 1
    rules_version = 1  # raise it when an old record would replay differently
    options = {
        "characters": OptionSpec(
            True,
            (True, False),
            "solo: the VIP and the pickpocket are in the customer deck (off: easier)",
            label="VIP and pickpocket",
            value_labels={True: "In", False: "Out (easier)"},
        ),
        "pinata": OptionSpec(
            False,
            (False, True),
            "the Fiesta Piñata (Kickstarter/event edition)",
            label="Fiesta Piñata",
            value_labels={False: "Off", True: "On"},
        ),
    }

    def new_game(
        self, players: int, seed: int | str | None = None, options: Mapping[str, Any] | None = None
    ) -> TacoState:
        players, opts, rng = self.start(players, seed, options)
        versus_mode = players == 2
        # "randomly select one of the three inspection cards … without looking at which one it
        # is, add it to the customer deck (shuffle the deck)."
        inspection = rng.choice(INSPECTION_CARDS)
        cards = [
            c for c in customer_deck(versus_mode, opts["characters"]) if c not in WELCOME_CARDS
        ]
        deck = tuple(rng.shuffled([*cards, inspection]))
        s = TacoState.__new__(TacoState)
        fields: dict[str, Any] = dict(
            players=players,
            options=opts,
            rng=0,
            turn_no=1,
            stage="placement",
            result="",
            reason="",
            deck=deck,
            hand=(),
            task_deck=tuple(rng.shuffled(TASK_DECK)),
            extra_deck=tuple(rng.shuffled(EXTRA_CARDS)) if versus_mode else (),
            line=(None,) * LINE,
            door="",
            task_zone=(),
            bonus=(),
            room=("",) * BOARD.rest_room,
            faces=("",) * len(DICE),
            status=("ready",) * len(DICE),
            cash=BOARD.starting_cash,
            fines=0,
            fine_zone=(),
            popularity=BOARD.popularity_start,
            overtime=0,
            extra="",
            extra_used=False,
            offer="",
            to_reveal=0,
            reveals=0,
            prev_msg="",
            pinata_seen=False,
            follow=False,
            ban_until=0,
            discards=0,
            gone=(),
            tasks_gone=(),
            events=(),
        )
        for name, value in fields.items():
            setattr(s, name, value)
        ev: list[Event] = []
        if versus_mode:
            # "They draw the first 3 cards from the customer deck which, together with the 2
            # "WELCOME" starting cards, make up the opening hand."
            s.hand = tuple(sorted((*WELCOME_CARDS, *deck[: BOARD.opening_draw])))
            s.deck = deck[BOARD.opening_draw :]
            s.rng = rng.state
            flow.open_versus(s, ev)
        else:
            # "Your first two customers … Place them face up at random in positions 1 and 2."
            first, second = rng.shuffled(WELCOME_CARDS)
            s.line = ((first, False, False), (second, False, False), *(None,) * (LINE - 2))
            s.rng = rng.state
            flow.open_solo(s, ev)
        s.events = tuple(ev)
        return s

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def from_dict(self, data: Mapping[str, Any]) -> TacoState:
        return self.read_save(data, lambda d: load(self, d, TacoState))


GAME = TacoGame()
TacoState.game = GAME
