"""Rock-paper-scissors for 2 or 3 players: a test-only game with secret simultaneous choices.

It exists to prove that the platform is generic: it registers with one line
(``engine.register_game(rps.GAME)``), passes the conformance suite, and plays through the app's
generic table loop in an e2e test (two humans hot-seat, neither sees the other's pick before the
reveal). It is never part of the shipped app.

Each round every seat picks at once; when the last pick is in, all are revealed and each seat
scores 1 point for every other seat its pick beats. Most points after ``rounds`` rounds wins.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.checks import Checks
from engine.protocol import (
    Action,
    Event,
    Game,
    IllegalAction,
    OptionSpec,
    State,
    events_from_json,
    events_to_json,
)

NAMES = {"R": "rock", "P": "paper", "S": "scissors"}
BEATS = {"R": "S", "P": "R", "S": "P"}  # rock blunts scissors, paper wraps rock, scissors cut


@dataclass(frozen=True)
class Pick(Action):
    """Pick rock, paper or scissors. Notation: ``R``, ``P`` or ``S``.

    >>> str(Pick("P")), GAME.parse_action("P") == Pick("P")
    ('P', True)
    """

    sign: str

    def __str__(self) -> str:
        return self.sign


class RpsState(State):
    def __init__(
        self,
        players: int,
        rounds: int,
        picks: tuple[str | None, ...],
        points: tuple[int, ...],
        history: tuple[tuple[str, ...], ...],
        events: tuple[Event, ...] = (),
    ) -> None:
        self.players, self.rounds, self.picks = players, rounds, picks
        self.points, self.history, self.events = points, history, events

    def current_players(self) -> tuple[int, ...]:
        if len(self.history) >= self.rounds:
            return ()
        return tuple(s for s in range(self.players) if self.picks[s] is None)

    def phase(self) -> str:
        return "over" if self.is_over() else "pick"

    def legal_actions(self, player: int) -> list[Action]:
        if type(player) is not int or player not in self.current_players():
            return []
        return [Pick(sign) for sign in NAMES]

    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        return IllegalAction(f"Pick R, P or S, not {action!r}.", "malformed")

    def _apply(self, player: int, action: Action) -> RpsState:
        assert isinstance(action, Pick)
        picks = tuple(action.sign if s == player else p for s, p in enumerate(self.picks))
        # Everyone hears that a pick was made; only the picker hears which.
        picked = Event("pick", player, {"sign": NAMES[action.sign]}, to=(player,))
        if any(p is None for p in picks):
            return RpsState(self.players, self.rounds, picks, self.points, self.history, (picked,))
        signs = tuple(p for p in picks if p is not None)
        gained = [sum(1 for other in signs if BEATS[mine] == other) for mine in signs]
        points = tuple(a + b for a, b in zip(self.points, gained, strict=True))
        reveal = Event(
            "reveal",
            None,
            {"signs": [NAMES[s] for s in signs], "gained": gained, "round": len(self.history) + 1},
        )
        events: tuple[Event, ...] = (picked, reveal)
        done = RpsState(
            self.players, self.rounds, (None,) * self.players, points, (*self.history, signs)
        )
        if done.is_over():
            events = (*events, Event("game-over", None, {"winners": done.winners()}))
        done.events = events
        return done

    def _view(self, player: int | None) -> dict[str, Any]:
        return {
            "round": min(len(self.history) + 1, self.rounds),
            "rounds": self.rounds,
            "points": list(self.points),
            "picked": [p is not None for p in self.picks],
            "my_pick": None
            if player is None or self.picks[player] is None
            else NAMES[self.picks[player]],
            "last_reveal": [NAMES[s] for s in self.history[-1]] if self.history else None,
        }

    def scores(self) -> list[int]:
        return list(self.points)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": GAME.id,
            "version": GAME.save_version,
            "players": self.players,
            "options": {"rounds": self.rounds},
            "public": {"points": list(self.points), "history": ["".join(h) for h in self.history]},
            "players_private": [{"pick": p} for p in self.picks],
            "events": events_to_json(self.events),
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RpsState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


class RpsGame(Game):
    id = "rps"
    name = "Rock Paper Scissors"
    pitch = "A test-only game: secret picks, revealed together."
    player_counts = (2, 3)
    simultaneous = True
    chance = False
    options = {"rounds": OptionSpec(3, (1, 3, 5), "rounds to play", label="Rounds")}
    checks = "games.rps"  # CHECKS below

    def new_game(
        self, players: int, seed: int | str | None = None, options: Mapping[str, Any] | None = None
    ) -> RpsState:
        players = self.check_players(players)
        opts = self.check_options(options)
        return RpsState(players, opts["rounds"], (None,) * players, (0,) * players, ())

    def parse_action(self, text: str) -> Pick:
        if not isinstance(text, str) or text.strip() not in NAMES:
            raise ValueError(f"an action is R, P or S, not {text!r}")
        return Pick(text.strip())

    def from_dict(self, data: Mapping[str, Any]) -> RpsState:
        self.check_envelope(data)
        try:
            players = self.check_players(data["players"])
            rounds = self.check_options(data["options"])["rounds"]
            picks = tuple(p["pick"] for p in data["players_private"])
            history = tuple(tuple(h) for h in data["public"]["history"])
            points = tuple(data["public"]["points"])
            if len(picks) != players or len(points) != players:
                raise ValueError("one pick and one score per seat")
            if any(p is not None and p not in NAMES for p in picks):
                raise ValueError("a pick is R, P, S or null")
            if any(len(h) != players or not re.fullmatch("[RPS]+", "".join(h)) for h in history):
                raise ValueError("each round in history has one sign per seat")
            if not all(type(x) is int for x in points) or len(history) > rounds:
                raise ValueError("bad points or too many rounds")
            events = events_from_json(data.get("events"), players)
        except (KeyError, TypeError) as err:
            raise ValueError(f"bad {self.name} save: {err!r}") from None
        return RpsState(players, rounds, picks, points, history, events)


GAME = RpsGame()
RpsState.game = GAME


def hidden(state: RpsState, seat: int) -> set[str]:
    """A seat's pick, until the reveal."""
    pick = state.picks[seat]
    return set() if pick is None else {NAMES[pick]}


def invariants(state: RpsState) -> None:
    """Each seat's points are a recount of the rounds played: one for every other seat its sign
    beat; a pick is a sign or nothing yet, and nobody picks once the game is over."""
    assert len(state.picks) == len(state.points) == state.players, "one pick and score a seat"
    assert len(state.history) <= state.rounds, "more rounds than the game has"
    assert all(p is None or p in NAMES for p in state.picks), f"a bad pick in {state.picks}"
    if len(state.history) == state.rounds:
        assert all(p is None for p in state.picks), "a pick after the last round"
    recount = [
        sum(1 for signs in state.history for other in signs if BEATS[signs[seat]] == other)
        for seat in range(state.players)
    ]
    assert list(state.points) == recount, f"points {state.points}, recount {recount}"


CHECKS = Checks(
    hidden=hidden,
    malformed=("r", "X", "RR"),
    history_keys=("last_reveal",),
    invariants=invariants,
)
