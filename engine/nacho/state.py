"""The Nacho Incident's state: an immutable snapshot of the table, and the game object.

All fields are ints, bools, strs and tuples, so states share structure and an ``apply`` copies
only the few fields it changes (the search calls ``_apply`` hundreds of times a decision). The
rules that move the game on live in ``flow.py`` (choices), ``steps.py`` (steps 1-4) and
``upkeep.py`` (steps 5-6); loading a save in ``saves.py``; what a seat
sees in ``views.py``.

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

from ..protocol import Action, Game, IllegalAction, OptionSpec, State, events_to_json
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
    PROVINCE_CARDS,
    PROVINCES,
    SMUGGLERS,
    START_GOLD,
    WAREHOUSE_CUBES,
)
from .rules import DISCARD_PHASES, STEP_PHASES

FIELDS = (
    "players",
    "options",
    "rng",
    "stage",
    "round_no",
    "turn_no",
    "gem",
    "gold",
    "hands",
    "draw",
    "discards",
    "pending",
    "ready",
    "picks",
    "revealed",
    "warehouses",
    "bag",
    "aside",
    "pdecks",
    "filled",
    "keepers",
    "cmounties",
    "mdeck",
    "mface",
    "mreserve",
    "mpool",
    "removed_m",
    "removed_s",
    "order",
    "pos",
    "dest",
    "resolved",
    "arrest_at",
    "arrester",
    "seller",
    "last_round",
    "events",
)


class NachoState(State):
    """One snapshot. Cards are indices into ``components`` (smugglers 0..55, Mounties 0..11,
    province cards 0..11, foods 0..7); a hand is sorted; piles and decks list their top first.

    ``keepers[seat][province]`` and ``cmounties[seat][province]`` are the cards on each
    player's cantinas. ``picks`` are the smugglers chosen in step 1 and not yet placed (secret
    until everyone has picked); ``revealed`` keeps this turn's picks once shown. ``pending`` are
    this refresh's discards, secret until everyone is ``ready``. ``mdeck`` is the Mountie deck in
    use (``mface``: its top card is face up), ``mreserve`` the decks still to come, ``mpool`` the
    face-down Mounties of the random-Mounties option. ``last_round`` is the latest end-of-round
    summary, for the UI.
    """

    game: Game  # set below

    def __init__(self, **fields: Any) -> None:
        for name in FIELDS:
            setattr(self, name, fields[name])

    def _copy(self) -> NachoState:
        # A plain __dict__ (no __slots__): copying one dict is the cheapest way to copy ~40
        # fields, and the search copies a state for every action it tries.
        new = object.__new__(type(self))
        new.__dict__ = self.__dict__.copy()
        return new

    # -- protocol ------------------------------------------------------------------------

    def current_players(self) -> tuple[int, ...]:
        phase = self.stage
        if phase in STEP_PHASES:
            return (self.order[self.pos],)
        if phase == "pick":
            return tuple(s for s in range(self.players) if self.picks[s] is None)
        if phase in DISCARD_PHASES:
            return tuple(s for s in range(self.players) if not self.ready[s])
        if phase == "gem":
            return (self.gem,)
        if phase == "sell":
            return ((self.gem + self.seller) % self.players,)
        return ()

    def phase(self) -> str:
        """What the game waits for now (``PHASES``); ``stage`` is the same, as a field."""
        return self.stage

    def legal_actions(self, player: int) -> list[Action]:
        if type(player) is not int or player not in self.current_players():
            return []
        return flow.legal(self, player)

    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        return flow.why_illegal(self, player, action)

    def _apply(self, player: int, action: Action) -> NachoState:
        return flow.apply(self, player, action)

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
        from .rules import final_winner

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

    @property
    def options_tuple(self) -> tuple[bool, bool]:
        return self.options["rechoose"], self.options["random_mounties"]

    # -- saving --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        s = lambda items: [SMUGGLERS[i].code for i in items]  # noqa: E731
        m = lambda items: [MOUNTIES[i].code for i in items]  # noqa: E731
        f = lambda items: [FOODS[i].code for i in items]  # noqa: E731
        counts = lambda items: {FOODS[i].code: c for i, c in enumerate(items)}  # noqa: E731
        return {
            "game": GAME.id,
            "version": GAME.save_version,
            "players": self.players,
            "options": dict(self.options),
            "public": {
                "phase": self.stage,
                "round": self.round_no,
                "turn": self.turn_no,
                "gem": self.gem,
                "gold": list(self.gold),
                "ready": list(self.ready),
                "revealed": [None if r is None else SMUGGLERS[r].code for r in self.revealed],
                "warehouses": [f(w) for w in self.warehouses],
                "bag": counts(self.bag),
                "aside": counts(self.aside),
                "provinces": [
                    {
                        "deck": [PROVINCE_CARDS[c].code for c in deck],
                        "filled": [bool(filled >> k & 1) for k in range(4)],
                    }
                    for deck, filled in zip(self.pdecks, self.filled, strict=True)
                ],
                "keepers": [[s(here) for here in seat] for seat in self.keepers],
                "mounties": [[m(here) for here in seat] for seat in self.cmounties],
                "face_up": self.mface,
                "removed_mounties": m(self.removed_m),
                "removed_smugglers": s(self.removed_s),
                "order": list(self.order),
                "pos": self.pos,
                "dest": None if self.dest is None else PROVINCES[self.dest].code,
                "resolved": self.resolved,
                "arrest_at": None if self.arrest_at is None else PROVINCES[self.arrest_at].code,
                "arrester": None if self.arrester is None else MOUNTIES[self.arrester].code,
                "seller": self.seller,
                "last_round": self.last_round,
            },
            "players_private": [
                {
                    "hand": s(self.hands[p]),
                    "pick": None if self.picks[p] is None else SMUGGLERS[self.picks[p]].code,
                    "pending": s(self.pending[p]),
                }
                for p in range(self.players)
            ],
            "secret": {
                "rng": f"{self.rng:016x}",
                "draw": s(self.draw),
                "discards": s(self.discards),
                "mdeck": m(self.mdeck),
                "mreserve": [m(d) for d in self.mreserve],
                "mpool": m(self.mpool),
            },
            "events": events_to_json(self.events),
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NachoState) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.rng, self.stage, self.gold, self.hands, self.pos))

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
        from .saves import load

        return self.read_save(data, lambda d: load(self, d, NachoState))


GAME = NachoGame()
NachoState.game = GAME
