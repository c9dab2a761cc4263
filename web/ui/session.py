"""One Jalape-NO! game as the app plays it: seat config, the engine state, and who may look.

Pure Python (no ``js``): the page controller (``ui.app``) asks this object what happens next and
renders from ``view()``; tests drive it directly on CPython. The engine state is the only game
state; nothing here re-implements a rule (legal moves, trick winners and scores come from the
engine).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

import engine
from engine.bots import BOT_LEVELS
from engine.jalapeno.cards import parse_card

GAME_ID = "jalapeno"
SAVE_VERSION = 1

HUMAN = "human"
BOT = "bot"
LEVEL_LABELS = {"random": "Easy", "heuristic": "Medium", "search": "Hard"}
DEFAULT_LEVEL = "heuristic"
DEFAULT_NAMES = ("Ana", "Bart", "Carmen", "Diego", "Elena", "Félix", "Gabi", "Hugo", "Inés")
MAX_NAME = 16


@dataclass
class SeatConfig:
    """Who sits in a seat: a human (pass-and-play) or a bot of some level."""

    name: str
    kind: str = HUMAN
    level: str = DEFAULT_LEVEL

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT

    @property
    def label(self) -> str:
        """ "Human" or "Bot · Hard": shown under a name."""
        return f"Bot · {LEVEL_LABELS.get(self.level, self.level)}" if self.is_bot else "Human"

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, data: Any, seat: int = 0) -> SeatConfig:
        if not isinstance(data, dict):
            raise ValueError("a seat must be an object")
        kind = data.get("kind", HUMAN)
        level = data.get("level", DEFAULT_LEVEL)
        if kind not in (HUMAN, BOT):
            raise ValueError(f"unknown seat kind {kind!r}")
        if level not in BOT_LEVELS:
            level = DEFAULT_LEVEL
        return cls(clean_name(data.get("name"), seat), kind, level)


def clean_name(name: Any, seat: int) -> str:
    """Trimmed, at most MAX_NAME characters; blank -> the seat's default name."""
    text = " ".join(str(name or "").split())[:MAX_NAME]
    return text or DEFAULT_NAMES[seat % len(DEFAULT_NAMES)]


@dataclass(frozen=True)
class TrickResult:
    """A finished trick: who took it and what was in it."""

    winner: int
    cards: tuple[tuple[int, str], ...]  # (seat, card) in play order
    jalapenos: tuple[str, ...]  # the Jalapeños in it: they go face up in front of the winner


@dataclass(frozen=True)
class RoundResult:
    round_no: int
    rounds: int
    penalties: tuple[int, ...]  # this round, per seat (engine's round_penalties[-1])
    totals: tuple[int, ...]  # running totals after this round
    next_starter: int | None  # who leads the next round; None when the game is over
    jalapenos: tuple[tuple[str, ...], ...] = ()  # each seat's Jalapeños when it was scored


@dataclass(frozen=True)
class Outcome:
    """What one play caused, so the UI can show it."""

    seat: int
    card: str
    trick: TrickResult | None = None
    round: RoundResult | None = None
    over: bool = False


class Session:
    """The app's game: an immutable engine state replaced on every play, plus seat config."""

    def __init__(
        self,
        state: engine.State,
        seats: list[SeatConfig],
        bot_seed: str,
        viewer: int | None = None,
    ) -> None:
        if len(seats) != state.players:  # type: ignore[attr-defined]
            raise ValueError(f"{len(seats)} seats for a {state.players}-player game")  # type: ignore[attr-defined]
        self.state = state
        self.seats = seats
        self.bot_seed = bot_seed
        # The seat whose hand is on screen (None: nobody's). With one human it is always them.
        self.viewer = viewer if viewer is not None else self.you

    @classmethod
    def new(
        cls,
        seats: list[SeatConfig],
        rounds: int = 5,
        seed: int | str | None = None,
    ) -> Session:
        if seed is None:
            seed = secrets.randbits(63)
        game = engine.get_game(GAME_ID)
        state = game.new_game(players=len(seats), seed=seed, options={"rounds": rounds})
        return cls(state, seats, bot_seed=str(seed))

    # -- who is who ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    @property
    def hot_seat(self) -> bool:
        """Several humans share the device: hands hide between their turns."""
        return len(self.humans) > 1

    @property
    def you(self) -> int | None:
        """The one human in a solo game (addressed as "You"); None in hot-seat or all-bot."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    @property
    def actor(self) -> int | None:
        """The seat that must play now; None once the game is over."""
        to_act = self.state.current_players()
        return to_act[0] if to_act else None

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat].is_bot

    def needs_cover(self) -> bool:
        """A human must act whose hand is not on screen: show the pass-the-device cover first."""
        actor = self.actor
        return actor is not None and not self.is_bot(actor) and self.viewer != actor

    def reveal(self) -> None:
        """The next human tapped "ready": from now on their hand may be in the DOM."""
        if self.actor is not None and not self.is_bot(self.actor):
            self.viewer = self.actor

    def view(self) -> dict[str, Any]:
        """The only thing screens render from: the engine's view for the seat on screen."""
        return self.state.view(self.viewer)

    # -- playing ---------------------------------------------------------------------------

    def legal(self, seat: int) -> list[engine.Action]:
        return self.state.legal_actions(seat)

    def play(self, seat: int, action: engine.Action | str) -> Outcome:
        """Apply a play through the engine (raises ``engine.IllegalAction``, changing nothing)."""
        before = self.state
        after = before.apply(seat, action)  # may raise: self.state is untouched then
        card = str(action)
        self.state = after
        if self.hot_seat and self.viewer == seat and self.actor != seat:
            self.viewer = None  # the device is about to be passed: hide this hand now
        return outcome_of(before.view(None), after.view(None), seat, card)

    # -- saving ----------------------------------------------------------------------------

    def to_save(self) -> dict[str, Any]:
        return {
            "app": "picante",
            "game": GAME_ID,
            "v": SAVE_VERSION,
            "seats": [s.to_dict() for s in self.seats],
            "bot_seed": self.bot_seed,
            "state": self.state.to_dict(),
        }

    @classmethod
    def from_save(cls, data: Any) -> Session:
        """Rebuild a saved game (raises ValueError on anything unexpected). A hot-seat game
        resumes behind the privacy cover: nobody's hand is shown until its owner taps."""
        if not isinstance(data, dict) or data.get("game") != GAME_ID:
            raise ValueError("not a saved Jalape-NO! game")
        if data.get("v") != SAVE_VERSION:
            raise ValueError(f"unsupported save version {data.get('v')!r}")
        state = engine.get_game(GAME_ID).from_dict(data["state"])
        seats_data = data.get("seats")
        if not isinstance(seats_data, list):
            raise ValueError("a save must list its seats")
        seats = [SeatConfig.from_dict(s, i) for i, s in enumerate(seats_data)]
        return cls(state, seats, bot_seed=str(data.get("bot_seed", "0")))

    # -- words -----------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def subject(self, seat: int) -> str:
        """ "You" for the solo human, else the seat's name."""
        return "You" if seat == self.you else self.name(seat)

    def verb(self, seat: int, base: str, third: str | None = None) -> str:
        """Agree a verb with ``subject(seat)``: verb(s, "win") -> "win" / "wins"."""
        return base if seat == self.you else (third or base + "s")


def outcome_of(before: dict[str, Any], after: dict[str, Any], seat: int, card: str) -> Outcome:
    """Compare two spectator views around one play: did it finish a trick, a round, the game?"""
    round_over = len(after["round_penalties"]) > len(before["round_penalties"])
    trick: TrickResult | None = None
    rnd: RoundResult | None = None
    if round_over:
        # The same apply() scored the round and dealt the next: the engine keeps the scored
        # round (final trick, Jalapeños) in ``last_round``.
        scored = after["last_round"]
        last = scored["last_trick"]
        trick = _trick(last["winner"], tuple((t["seat"], t["card"]) for t in last["cards"]))
        rnd = RoundResult(
            round_no=scored["round"],
            rounds=after["rounds"],
            penalties=tuple(scored["penalties"]),
            totals=tuple(after["totals"]),
            next_starter=None if after["over"] else after["round_starter"],
            jalapenos=tuple(tuple(j) for j in scored["jalapenos"]),
        )
    elif not after["trick"] and after["last_trick"] is not None:
        last = after["last_trick"]
        trick = _trick(last["winner"], tuple((t["seat"], t["card"]) for t in last["cards"]))
    return Outcome(seat, card, trick, rnd, bool(after["over"]))


def _trick(winner: int, cards: tuple[tuple[int, str], ...]) -> TrickResult:
    jalapenos = tuple(c for _, c in cards if parse_card(c).is_jalapeno)
    return TrickResult(winner, cards, jalapenos)
