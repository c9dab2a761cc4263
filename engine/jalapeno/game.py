"""The Jalape-NO! game object: its declaration (players, options, bots), a new game and a
saved one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..protocol import Game, OptionSpec
from .actions import Play, parse_action
from .cards import DECK_BY_PLAYERS
from .rules import ROUNDS
from .saves import load
from .state import JalapenoState


class JalapenoGame(Game):
    id = "jalapeno"
    name = "Jalape-NO!"
    pitch = "Play low, dodge the tricks — every jalapeño you take burns."
    player_counts = tuple(sorted(DECK_BY_PLAYERS))
    simultaneous = False
    chance = True  # the shuffle before each deal
    hidden_information = True
    bot_levels = ("random", "heuristic", "search")
    bots = "engine.jalapeno.bots"
    text = "engine.jalapeno.text"
    checks = "engine.jalapeno.checks"
    rules_version = 1  # raise it when an old record would replay differently
    options = {
        "rounds": OptionSpec(
            ROUNDS,
            tuple(range(1, 11)),
            "rounds to play (the rules: 5)",
            label="Rounds",
        ),
        "first_player": OptionSpec(
            None,
            (None, *range(9)),
            "starting seat of round 1 (a seat of this game); None draws it from the seed",
            label="Who starts",
            value_labels={None: "Random", **{s: f"Seat {s + 1}" for s in range(9)}},
            seat=True,
        ),
        # "Place any other cards you won face-down in a pile": closed by default (see
        # docs/rules-decisions.md); open piles are a variant for learners.
        "open_piles": OptionSpec(
            False,
            (False, True),
            "show every seat's pile of won cards and its running penalty to everyone",
            label="Won cards",
            value_labels={False: "Face down", True: "Face up (learning)"},
        ),
    }

    def new_game(
        self, players: int, seed: int | str | None = None, options: Mapping[str, Any] | None = None
    ) -> JalapenoState:
        players, opts, rng = self.start(players, seed, options)
        first = opts["first_player"]
        if first is None:
            first = rng.below(players)  # "Choose a starting player by any method you wish"
        state = JalapenoState(
            players=players,
            options=opts,
            rng=rng.state,
            round_no=0,
            round_starter=first,
            leader=first,
            turn=first,
            hands=(),
            jalapenos=(),
            piles=(),
            trick=(),
            voids=(),
            round_penalties=(),
            last_trick=None,
        )
        state._deal(1, first)  # the state is not out yet: dealing into it changes no one's
        return state

    def parse_action(self, text: str) -> Play:
        return parse_action(text)

    def from_dict(self, data: Mapping[str, Any]) -> JalapenoState:
        return self.read_save(data, lambda d: load(self, d))


GAME = JalapenoGame()
JalapenoState.game = GAME
