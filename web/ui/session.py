"""One game as the app plays it, for any registered game: seat config, the engine state, and who
may look at the screen.

Pure Python (no ``js``): the table loop (``ui.table``) asks this object who acts next and renders
from ``view()``; tests drive it directly on CPython. The engine state is the only game state;
nothing here knows a rule (legal moves, what happened and scores come from the engine), and what
happened is learnt only from the views' ``events``.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import engine
from engine.bots import BOT_LEVELS

SAVE_VERSION = 1

HUMAN = "human"
BOT = "bot"
LEVEL_LABELS = {"random": "Easy", "heuristic": "Medium", "search": "Hard"}
DEFAULT_LEVEL = "heuristic"
DEFAULT_NAMES = ("Ana", "Bart", "Carmen", "Diego", "Elena", "Félix", "Gabi", "Hugo", "Inés")
MAX_NAME = 16


def default_level(levels: list[str] | tuple[str, ...]) -> str:
    """The level a new bot seat gets: the middle one the game offers (Medium of three)."""
    return DEFAULT_LEVEL if DEFAULT_LEVEL in levels else levels[len(levels) // 2]


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


Events = tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Happened:
    """What one action caused, as the views' ``events`` tell it: the public version (what a
    spectator may see) and, when a seat was on screen, that seat's version (its own secrets
    included). ``for_seat`` picks the one a screen may show, so a secret told to one seat never
    reaches another seat's screen, however long the line is kept."""

    seat: int  # who acted
    public: Events
    audience: int | None = None
    private: Events = ()

    def for_seat(self, viewer: int | None) -> Events:
        return self.private if viewer is not None and viewer == self.audience else self.public


class Session:
    """The app's game: an immutable engine state replaced on every action, plus seat config."""

    def __init__(
        self,
        game_id: str,
        state: engine.State,
        seats: list[SeatConfig],
        bot_seed: str,
        options: Mapping[str, Any] | None = None,
        viewer: int | None = None,
    ) -> None:
        if len(seats) != state.players:
            raise ValueError(f"{len(seats)} seats for a {state.players}-player game")
        self.game = engine.get_game(game_id)
        self.state = state
        self.seats = seats
        for seat in seats:  # a level this game has no bot for (a setup made for another game)
            if seat.level not in self.game.bot_levels:
                seat.level = default_level(self.game.bot_levels)
        self.bot_seed = bot_seed
        self.options = dict(options or {})
        self.meta: dict[str, Any] = {}  # the app's own notes on this game (hints used, ...)
        # The seat whose private view is on screen (None: nobody's). With one human it is always
        # them; in pass-and-play it changes only when its owner taps the cover away.
        self.viewer = viewer if viewer is not None else self.you
        self._views: dict[int | None, dict[str, Any]] = {}  # views of self.state, by seat
        self._views_of: engine.State | None = None

    @classmethod
    def new(
        cls,
        game_id: str,
        seats: list[SeatConfig],
        options: Mapping[str, Any] | None = None,
        seed: int | str | None = None,
    ) -> Session:
        if seed is None:
            seed = secrets.randbits(63)
        game = engine.get_game(game_id)
        state = game.new_game(players=len(seats), seed=seed, options=dict(options or {}))
        return cls(game_id, state, seats, bot_seed=str(seed), options=options)

    # -- who is who ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    @property
    def hot_seat(self) -> bool:
        """Several humans share the device: what is private hides between their turns."""
        return len(self.humans) > 1

    @property
    def you(self) -> int | None:
        """The one human in a solo game (addressed as "You"); None in hot-seat or all-bot."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    @property
    def to_act(self) -> tuple[int, ...]:
        """Every seat that must act now (several when choices are simultaneous)."""
        return tuple(self.state.current_players())

    def next_seat(self) -> int | None:
        """Which of ``to_act`` the table serves next: the human already on screen (no need to
        pass the device), then the other humans, then the bots, each in seat order. None once
        the game is over."""
        to_act = self.to_act
        if not to_act:
            return None
        if self.viewer in to_act and not self.is_bot(self.viewer):
            return self.viewer
        humans = [s for s in to_act if not self.is_bot(s)]
        return humans[0] if humans else to_act[0]

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat].is_bot

    def needs_cover(self, seat: int) -> bool:
        """A human must act whose private view is not on screen: pass the device first."""
        return not self.is_bot(seat) and self.viewer != seat

    def reveal(self, seat: int) -> None:
        """``seat``'s owner tapped "ready": from now on their private view may be in the DOM."""
        if not self.is_bot(seat):
            self.viewer = seat

    def view(self) -> dict[str, Any]:
        """The only thing screens render from: the engine's view for the seat on screen."""
        return self.view_of(self.viewer)

    def view_of(self, seat: int | None) -> dict[str, Any]:
        """``state.view(seat)``, made once per state (an action's events and the screen that
        follows read the same one; nobody may change it)."""
        if self._views_of is not self.state:
            self._views, self._views_of = {}, self.state
        if seat not in self._views:
            self._views[seat] = self.state.view(seat)
        return self._views[seat]

    # -- acting ----------------------------------------------------------------------------

    def legal(self, seat: int) -> list[engine.Action]:
        return self.state.legal_actions(seat)

    def play(self, seat: int, action: engine.Action | str) -> Happened:
        """Apply an action through the engine (raises ``engine.IllegalAction``, changing
        nothing) and say what it caused, read from the new state's views."""
        self.state = self.state.apply(seat, action)  # may raise: self.state is untouched then
        if self.hot_seat and self.viewer == seat and self.next_seat() != seat:
            self.viewer = None  # the device is about to be passed: hide this seat's view now
        public = tuple(self.view_of(None)["events"])
        if self.viewer is None:
            return Happened(seat, public)
        return Happened(seat, public, self.viewer, tuple(self.view_of(self.viewer)["events"]))

    # -- saving ----------------------------------------------------------------------------

    def to_save(self) -> dict[str, Any]:
        return {
            "app": "picante",
            "game": self.game.id,
            "v": SAVE_VERSION,
            "seats": [s.to_dict() for s in self.seats],
            "bot_seed": self.bot_seed,
            "options": dict(self.options),
            "meta": dict(self.meta),
            "state": self.state.to_dict(),
        }

    @classmethod
    def from_save(cls, game_id: str, data: Any) -> Session:
        """Rebuild a saved game (raises ValueError on anything unexpected). A hot-seat game
        resumes behind the pass-the-device cover: nothing private shows until its owner taps."""
        game = engine.get_game(game_id)
        if not isinstance(data, dict) or data.get("game") != game_id:
            raise ValueError(f"not a saved {game.name} game")
        if data.get("v") != SAVE_VERSION:
            raise ValueError(f"unsupported save version {data.get('v')!r}")
        state = game.from_dict(data["state"])
        seats_data = data.get("seats")
        if not isinstance(seats_data, list):
            raise ValueError("a save must list its seats")
        seats = [SeatConfig.from_dict(s, i) for i, s in enumerate(seats_data)]
        options = data.get("options")
        if not isinstance(options, dict):  # saves made before options were kept: the state's
            options = data["state"].get("options", {})
        session = cls(game_id, state, seats, str(data.get("bot_seed", "0")), options)
        meta = data.get("meta")
        session.meta = dict(meta) if isinstance(meta, dict) else {}
        return session

    # -- words -----------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def subject(self, seat: int) -> str:
        """ "You" for the solo human, else the seat's name."""
        return "You" if seat == self.you else self.name(seat)

    def verb(self, seat: int, base: str, third: str | None = None) -> str:
        """Agree a verb with ``subject(seat)``: verb(s, "win") -> "win" / "wins"."""
        return base if seat == self.you else (third or base + "s")
