"""The Crazy Taco state: one immutable snapshot of the restaurant, and the game object.

Seat 0 is always the manager. In 1 vs 1, seat 1 is the customer player. The fields are a
``Restaurant`` (engine/taco/restaurant.py); a new state is a shallow copy of the old one with a
few fields replaced, so an ``apply`` costs microseconds and a search can run hundreds of them
per decision.

The turn (rulebook, "How to Play"): F1 customers arrive (``flow.start_turn``, ``arrivals``;
in 1 vs 1 played by the customer player, ``versus``), F2 the dice are rolled and placed
(``placement``), F3 management (``flow.end_placement``, ``management``). The only choices are
actions (``legal_actions``, worked out once per state); everything else happens inside the
``apply`` that leads to it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ..protocol import Game, IllegalAction, OptionSpec, State
from . import flow, management, placement, versus, views
from .actions import Action, parse_action
from .board import BOARD, LINE, REROLL_COST, VERSUS_REROLL_COST
from .cards import EXTRA_CARDS, INSPECTION_CARDS, TASK_DECK, WELCOME_CARDS, customer_deck
from .dice import DICE
from .explain import explain_placement
from .hand import is_banned
from .ledger import score, scores
from .restaurant import FIELDS, Entry, Restaurant
from .save import load, save

__all__ = ["GAME", "TacoGame", "TacoState", "score"]

MANAGER, CUSTOMERS = 0, 1
SAVED = tuple("events" if name == "happened" else name for name in FIELDS if name != "opening")


class TacoState(Restaurant, State):
    """The protocol's face of a ``Restaurant`` (engine/taco/restaurant.py: the fields): the
    seats to act, their legal actions, applying one, views, saves and scores."""

    __slots__ = ()

    game: Game  # set below

    def current_players(self) -> tuple[int, ...]:
        if self.stage == "over":
            return ()
        return (CUSTOMERS,) if self.stage == "customers" else (MANAGER,)

    def phase(self) -> str:
        return self.stage

    def legal_actions(self, player: int) -> list[Action]:
        if type(player) is not int or player not in self.current_players():
            return []
        legal = self._legal
        if legal is None:  # worked out once per state: apply asks again
            legal = self._legal = tuple(self._legal_now())
        return list(legal)

    def _legal_now(self) -> Sequence[Action]:
        if self.stage == "placement":
            return placement.placements(self)
        if self.stage == "customers":
            return versus.plays(self.hand, is_banned(self), versus.may_discard(self))
        if self.stage == "extra":
            return management.legal_offer(self)
        return management.legal_management(self)

    def apply(self, player: int, action: Action | str) -> TacoState:  # type: ignore[override]
        """``State.apply``; an action that is one of this state's own legal actions (the very
        object ``legal_actions`` gave) passes every check of the protocol by being so."""
        legal = self._legal
        if legal is not None and type(player) is int and player in self.current_players():
            for candidate in legal:
                if candidate is action:
                    return self._apply(player, action)
        return State.apply(self, player, action)  # type: ignore[return-value]

    def explain_illegal(self, player: int, action: Any) -> IllegalAction:
        if self.stage == "customers":
            return versus.explain(self, action)
        return explain_placement(self, action)

    def _apply(self, player: int, action: Action) -> TacoState:  # type: ignore[override]
        s = self._copy()
        s.opening = (self.cash, self.fines, self.popularity)
        ev: list[Entry] = []
        if self.stage == "placement":
            placement.apply(s, ev, action)
        elif self.stage == "customers":
            versus.apply_play(s, ev, action)
        else:
            management.apply(s, ev, action)
        s.happened = tuple(ev)
        return s

    def scores(self) -> list[int]:
        """Solo: the shareable score (won first, then cash, then popularity; see
        ``ledger.score``). 1 vs 1: 1 for the winner once the game is over, 0 otherwise."""
        return scores(self)

    def winners(self) -> list[int]:
        """Solo: ``[0]`` if the restaurant survived, ``[]`` if it lost (a solo game can be
        lost: nobody wins). 1 vs 1: the seat that won."""
        if self.stage != "over":
            return []
        if self.versus:
            return [MANAGER] if self.result == "manager" else [CUSTOMERS]
        return [0] if self.result == "won" else []

    def _view(self, player: int | None) -> dict[str, Any]:
        return views.view(self, player, [] if player is None else self.legal_actions(player))

    def to_dict(self) -> dict[str, Any]:
        return save(self)

    def __eq__(self, other: object) -> bool:
        """The same game at the same point: every field of the saved form (the opening accounts
        are the events' recount, so they follow)."""
        if not isinstance(other, TacoState):
            return False
        return all(getattr(self, name) == getattr(other, name) for name in SAVED)

    def __hash__(self) -> int:
        return hash((self.rng, self.turn_no, self.stage, self.line, self.faces))

    def __repr__(self) -> str:
        return (
            f"<Crazy Taco {'1v1' if self.versus else 'solo'} turn {self.turn_no} {self.stage}"
            f" popularity {self.popularity} cash {self.cash} deck {len(self.deck)}>"
        )


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
    # Raise it when an old record would replay differently. 2: the 1 vs 1 re-roll's price
    # became an option, $8 for a new game; a record of version 1 played the printed $3.
    rules_version = 2
    compatible_rules_versions = (1,)
    options = {
        "characters": OptionSpec(
            True,
            (True, False),
            "solo: the VIP and the pickpocket are in the customer deck (off: easier)",
            label="VIP and pickpocket",
            value_labels={True: "In", False: "Out (easier)"},
            players=(1,),  # 1 vs 1: "may not be used"
        ),
        "pinata": OptionSpec(
            False,
            (False, True),
            "the Fiesta Piñata (Kickstarter/event edition)",
            label="Fiesta Piñata",
            value_labels={False: "Off", True: "On"},
        ),
        # docs/rules-decisions.md, Crazy Taco § 15 and § 17: between two search bots the customer
        # player wins 0.31 of 600 deals at the printed $3, 0.423 at $8.
        "reroll_price": OptionSpec(
            VERSUS_REROLL_COST,
            (VERSUS_REROLL_COST, REROLL_COST),
            "1 vs 1: the manager's paid re-roll costs $8 (balanced) or $3 (as printed)",
            label="Re-roll price",
            value_labels={VERSUS_REROLL_COST: "$8 (balanced)", REROLL_COST: "$3 (as printed)"},
            players=(2,),
            since=2,
            before=REROLL_COST,
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
        s = TacoState()
        fields: dict[str, Any] = dict(
            players=players,
            options=MappingProxyType(opts),  # shared by every state of the game: read-only
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
            opening=(BOARD.starting_cash, 0, BOARD.popularity_start),
            happened=(),
        )
        for name, value in fields.items():
            setattr(s, name, value)
        ev: list[Entry] = []
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
        s.happened = tuple(ev)
        return s

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def from_dict(self, data: Mapping[str, Any]) -> TacoState:
        return self.read_save(data, lambda d: load(self, d, TacoState))


GAME = TacoGame()
TacoState.game = GAME
