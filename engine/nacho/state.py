"""The Nacho Incident's state and game: a ``Table`` (``table.py``) that follows the protocol.

The rules that move the game on live in ``flow.py`` (who acts, choices, refusals), ``steps.py``
(steps 1-4) and ``upkeep.py`` (steps 5-6); saving and loading in ``saves.py``; what a seat sees
in ``views.py``. None of them imports this module.

``stage`` (what ``phase()`` returns) names what the game waits for:

* ``rechoose`` (optional rule, at the start) and ``discard`` (step 6): every seat that is not
  ``ready`` discards smugglers one at a time, secretly and simultaneously, then says ``done``;
* ``pick`` (step 1): every seat without a pick picks a smuggler, secretly and simultaneously;
* ``destination``, ``deliver`` (step 3) and ``arrest``, ``bored``, ``wander`` (step 4): the
  player ``order[pos]``;
* ``gem`` (step 6): the gemstone holder passes the stone on a tie for the lowest score;
* ``sell`` (step 6, new food): the seat ``seller`` places after the gemstone holder;
* ``over``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..protocol import Action, Game, IllegalAction, OptionSpec, State
from . import flow, upkeep, views
from .actions import parse_action
from .components import (
    CARDS_OF_PROVINCE,
    FOODS,
    FULL_BAG,
    HAND_SIZE,
    MOUNTIE_DECKS,
    MOUNTIES,
    MOUNTIES_PER_DECK,
    PROVINCES,
    SMUGGLERS,
    START_GOLD,
    WAREHOUSE_CUBES,
)
from .rules import final_winner
from .saves import load, save
from .table import OPENING_ENTRY, Table


class NachoState(Table, State):
    """One immutable snapshot of a game (the fields: ``table.Table``)."""

    game: Game  # set below

    # -- protocol ------------------------------------------------------------------------

    def current_players(self) -> tuple[int, ...]:
        return flow.acting(self)

    def phase(self) -> str:
        """What the game waits for now (``PHASES``); ``stage`` is the same, as a field."""
        return self.stage

    def legal_actions(self, player: int) -> list[Action]:
        return list(flow.legal_for(self, player))  # a new list: the table keeps its own

    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        return flow.why_illegal(self, player, action)

    def apply(self, player: int, action: Action | str) -> NachoState:
        """The protocol's ``apply``. An action that ``legal_actions`` handed out (the very
        object: they are made once, ``actions.PICK`` and the like) needs none of its checks;
        anything else gets all of them."""
        for legal in flow.legal_for(self, player):
            if legal is action:
                return flow.apply(self, player, action)
        return super().apply(player, action)  # type: ignore[return-value]

    def _apply(self, player: int, action: Action) -> NachoState:
        return flow.apply(self, player, action)

    def advance(self, player: int, action: Action) -> NachoState:
        """The search's unchecked step: ``_apply`` without the events (``state.events`` is
        ``()``), which rollouts never read. A subclass that changes ``_apply`` (a bot's model
        of the table) is obeyed."""
        if type(self)._apply is not NachoState._apply:
            return self._apply(player, action)
        return flow.apply(self, player, action, record=False)

    def _view(self, player: int | None) -> dict[str, Any]:
        return views.view(self, player)

    def scores(self) -> list[int]:
        """Gold pieces: "At the end of the game, the player who has earned the most money
        wins." (It may be below zero.)"""
        return list(self.gold)

    def winners(self) -> list[int]:
        """One winner: ties for the most gold go to the gemstone holder, then the nearest
        counter-clockwise from them (``rules.final_winner``)."""
        if self.stage != "over":
            return []
        return [final_winner(self.gold, self.gem)]

    def hidden_from(self, seat: int) -> Any:
        """What ``seat`` cannot see (``State.hidden_from``, for undo): the generator, every
        face-down deck's order (the province decks under their top card too), the discard
        pile, and the other seats' hands, discards in progress and picks before the reveal."""
        others = [q for q in range(self.players) if q != seat]
        picking = self.stage == "pick"
        return (
            self.rng,
            self.draw,
            self.discards,
            self.mdeck[1:] if self.mface else self.mdeck,
            self.mreserve,
            self.mpool,
            tuple(deck[1:] for deck in self.pdecks),
            tuple(
                (self.hands[q], self.pending[q], self.picks[q] if picking else None) for q in others
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        return save(self, GAME.id, GAME.save_version)

    def __repr__(self) -> str:
        return (
            f"<Nacho Incident {self.players}p round {self.round_no} turn {self.turn_no}"
            f" {self.stage} gold={list(self.gold)}>"
        )


class NachoGame(Game):
    id = "nacho"
    name = "The Nacho Incident"
    pitch = "Smuggle food across Canada, keep the best cantinas, dodge the Mounties."
    player_counts = (2, 3, 4)
    simultaneous = True  # step 1's secret picks, and discards
    chance = True  # shuffled decks, cubes drawn from the bag
    hidden_information = True
    bot_levels = ("random", "heuristic", "search")
    bots = "engine.nacho.bots"
    text = "engine.nacho.text"
    checks = "engine.nacho.checks"
    rules_version = 1  # raise it when an old record would replay differently
    options = {
        "gemstone": OptionSpec(
            None,
            (None, 0, 1, 2, 3),
            "who holds the gemstone at the start; None draws it from the seed",
            label="Gemstone",
            value_labels={None: "Random", **{s: f"Seat {s + 1}" for s in range(4)}},
            seat=True,
        ),
        "rechoose": OptionSpec(
            False,
            (False, True),
            "optional rule: everyone may discard unwanted smugglers and refill to 8 at the start",
            label="Re-choose smugglers at the start",
            value_labels={False: "No", True: "Yes"},
        ),
        "random_mounties": OptionSpec(
            False,
            (False, True),
            "optional rule: Mounties laid out each round from a reshuffled pool, never face up",
            label="Random Mounties",
            value_labels={False: "No", True: "Yes"},
        ),
    }

    def new_game(
        self, players: int, seed: int | str | None = None, options: Mapping[str, Any] | None = None
    ) -> NachoState:
        players, opts, rng = self.start(players, seed, options)
        # "Give the gemstone to the player who has the most interesting thing in their pocket."
        gem = opts["gemstone"] if opts["gemstone"] is not None else rng.below(players)
        deck = rng.shuffled(range(len(SMUGGLERS)))
        hands = tuple(
            tuple(sorted(deck[k * HAND_SIZE : (k + 1) * HAND_SIZE])) for k in range(players)
        )
        draw = tuple(deck[players * HAND_SIZE :])
        pdecks = tuple(tuple(rng.shuffled(cards)) for cards in CARDS_OF_PROVINCE)
        mounties = rng.shuffled(range(len(MOUNTIES)))
        if opts["random_mounties"]:
            mdeck, mreserve = tuple(mounties[:MOUNTIES_PER_DECK]), ()
            mpool = tuple(sorted(mounties[MOUNTIES_PER_DECK:]))
        else:
            decks = [
                tuple(mounties[k * MOUNTIES_PER_DECK : (k + 1) * MOUNTIES_PER_DECK])
                for k in range(MOUNTIE_DECKS)
            ]
            mdeck, mreserve, mpool = decks[0], tuple(decks[1:]), ()
        bag = list(FULL_BAG)
        warehouses: list[tuple[int, ...]] = [()] * players
        for k in range(players):  # "Each player draws 2 food cubes from the bag"
            seat = (gem + k) % players
            warehouses[seat] = tuple(
                sorted(upkeep.draw_cube(bag, rng) for _ in range(WAREHOUSE_CUBES))
            )
        n_prov = len(PROVINCES)
        state = NachoState(
            players=players,
            options=opts,
            rng=rng.state,
            stage="pick",
            round_no=1,
            turn_no=1,
            gem=gem,
            gold=(START_GOLD,) * players,
            ledger=(OPENING_ENTRY,) * players,
            hands=hands,
            draw=draw,
            discards=(),
            pending=((),) * players,
            ready=(True,) * players,
            picks=(None,) * players,
            revealed=(None,) * players,
            warehouses=tuple(warehouses),
            bag=tuple(bag),
            aside=(0,) * len(FOODS),
            pdecks=pdecks,
            filled=(0,) * n_prov,
            keepers=(((),) * n_prov,) * players,
            cmounties=(((),) * n_prov,) * players,
            mdeck=mdeck,
            mface=not opts["random_mounties"] and not opts["rechoose"],
            mreserve=mreserve,
            mpool=mpool,
            removed_m=(),
            removed_s=(),
            order=(),
            pos=0,
            dest=None,
            resolved=0,
            arrest_at=None,
            arrester=None,
            seller=0,
            last_round=None,
            events=(),
        )
        if opts["rechoose"]:
            upkeep.start_discards(state, "rechoose")
        return state

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def from_dict(self, data: Mapping[str, Any]) -> NachoState:
        return self.read_save(data, lambda d: load(self, d, NachoState))


GAME = NachoGame()
NachoState.game = GAME
