"""One game as the app plays it, for any registered game: its record, the engine states it went
through, the seats, and who may look at the screen.

Pure Python (no ``js``): the table loop (``ui.table``) asks this object who acts next and renders
from ``view()``; tests drive it directly on CPython. The game is its record
(``engine.record.Record``): ``play`` appends to it, ``undo`` takes its last action back (as the
engine's undo policy allows, ``engine.undo``), and the saved game is the record (``ui.app``
writes it). The states are kept as they come (``history``) so that undo never replays. Nothing
here knows a rule (legal moves, what happened and scores come from the engine), and what
happened is learnt only from the views' ``events``.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import engine
from engine.bots import BOT_LEVELS
from engine.record import Record, Seat
from engine.record import states as engine_states
from engine.resume import Resumed, checkpoint
from engine.undo import takeback

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

    def seat(self) -> Seat:
        """This seat as a record keeps it (a human, or a bot of its level)."""
        return Seat(self.name, self.level if self.is_bot else None)

    @classmethod
    def of(cls, seat: Seat, index: int) -> SeatConfig:
        """A record's seat; a nameless one (a link shared without names) gets its default."""
        if seat.bot is None:
            return cls(clean_name(seat.name, index), HUMAN)
        return cls(clean_name(seat.name, index), BOT, seat.bot)

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
    """Trimmed, at most MAX_NAME characters, without control or formatting characters;
    blank -> the seat's default name."""
    text = "".join(ch for ch in str(name or "") if not unicodedata.category(ch).startswith("C"))
    text = " ".join(text.split())[:MAX_NAME]
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
    """The app's game: its record and the states it went through (the last one is ``state``),
    plus seat config and who may look.

    A session made from a fixed position (``Session(game_id, state, seats, ...)``: tests, a
    tutorial) keeps a record of the actions taken from there; it is not ``savable`` (its record
    does not start from a deal)."""

    def __init__(
        self,
        game_id: str,
        state: engine.State,
        seats: list[SeatConfig],
        bot_seed: str,
        options: Mapping[str, Any] | None = None,
        viewer: int | None = None,
        *,
        record: Record | None = None,
        history: Sequence[engine.State] | None = None,
    ) -> None:
        if len(seats) != state.players:
            raise ValueError(f"{len(seats)} seats for a {state.players}-player game")
        self.game = engine.get_game(game_id)
        self.seats = seats
        for seat in seats:  # a level this game has no bot for (a setup made for another game)
            if seat.level not in self.game.bot_levels:
                seat.level = default_level(self.game.bot_levels)
        self.savable = record is not None
        if record is None:  # a fixed position: the record holds what is played from it
            saved = state.to_dict().get("options")
            record = Record(
                self.game.id,
                self.game.rules_version,
                0,
                saved if isinstance(saved, dict) else dict(options or {}),
                tuple(c.seat() for c in seats),
            )
        self.record = record
        self.history: list[engine.State] = list(history) if history else [state]
        if self.history[-1] is not state:
            raise ValueError("the history must end with the state")
        self.bot_seed = bot_seed
        self.options = dict(options if options is not None else record.options)
        self.saved_id: str | None = None  # its key among the saved games, once saved
        self.created: float | None = None  # when it was first saved (ms since the epoch)
        self.meta: dict[str, Any] = {}  # the app's own notes on this game (hints used, ...)
        # The seat whose private view is on screen (None: nobody's). With one human it is always
        # them; in pass-and-play it changes only when its owner taps the cover away.
        self.viewer = viewer if viewer is not None else self.you
        self._views: dict[int | None, dict[str, Any]] = {}  # views of self.state, by seat
        self._views_of: engine.State | None = None
        self._takeback: tuple[Record, int, int] | None = None  # (record, seat, count)
        self._checkpoint: tuple[int, str | None] | None = None

    @classmethod
    def new(
        cls,
        game_id: str,
        seats: list[SeatConfig],
        options: Mapping[str, Any] | None = None,
        seed: int | str | None = None,
    ) -> Session:
        record = Record.new(game_id, [c.seat() for c in seats], seed, options)
        return cls.of_record(record, seats, [record.start()])

    @classmethod
    def of_record(
        cls,
        record: Record,
        seats: list[SeatConfig] | None = None,
        history: Sequence[engine.State] | None = None,
    ) -> Session:
        """A game from its record: ``history`` is the states of its last positions (the last
        one after every action), as ``engine.resume`` gives them. A hot-seat game resumes
        behind the pass-the-device cover: nothing private shows until its owner taps."""
        if seats is None:
            seats = [SeatConfig.of(s, i) for i, s in enumerate(record.seats)]
        if not history:
            history = list(engine_states(record))
        return cls(
            record.game,
            history[-1],
            seats,
            str(record.seed),
            record.options,
            record=record,
            history=history,
        )

    @classmethod
    def resumed(cls, opened: Resumed) -> Session:
        return cls.of_record(opened.record, None, opened.history)

    @property
    def state(self) -> engine.State:
        return self.history[-1]

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
        nothing), add it to the record, and say what it caused, read from the new state's
        views."""
        after = self.state.apply(seat, action)  # may raise: nothing has changed then
        self.record = self.record.with_move(seat, action)
        self.history.append(after)
        if self.hot_seat and self.viewer == seat and self.next_seat() != seat:
            self.viewer = None  # the device is about to be passed: hide this seat's view now
        public = tuple(self.view_of(None)["events"])
        if self.viewer is None:
            return Happened(seat, public)
        return Happened(seat, public, self.viewer, tuple(self.view_of(self.viewer)["events"]))

    # -- undo ------------------------------------------------------------------------------

    def takeback(self, seat: int) -> int:
        """How many of the last actions ``seat`` may take back now (``engine.undo``): never a
        bot's, never across another seat's action, a die, a draw or a reveal."""
        if self.is_bot(seat):
            return 0
        known = self._takeback
        if known is None or known[0] is not self.record or known[1] != seat:
            known = self._takeback = (self.record, seat, takeback(self.record, seat, self.history))
        return known[2]

    @property
    def last_mover(self) -> int | None:
        return self.record.moves[-1].seat if self.record.moves else None

    def undo(self) -> int:
        """Take back the last action (its seat's, when ``takeback`` allows): the record without
        it, and the state before it. Returns the seat that is to act again."""
        seat = self.last_mover
        if seat is None or self.takeback(seat) < 1:
            raise ValueError("nothing to undo now")
        self.record = self.record.truncated(len(self.record) - 1)
        self.history.pop()
        return seat

    # -- saving ----------------------------------------------------------------------------

    def checkpoint_text(self) -> str | None:
        """The checkpoint saved with the record (``engine.resume``), as JSON text; made again
        only when it moves (every ``CHECKPOINT_EVERY`` actions)."""
        saved = checkpoint(self.record, self.history)
        at = saved["at"] if saved else 0
        if self._checkpoint is None or self._checkpoint[0] != at:
            text = json.dumps(saved, separators=(",", ":")) if saved else None
            self._checkpoint = (at, text)
        return self._checkpoint[1]

    # -- words -----------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def subject(self, seat: int) -> str:
        """ "You" for the solo human, else the seat's name."""
        return "You" if seat == self.you else self.name(seat)

    def verb(self, seat: int, base: str, third: str | None = None) -> str:
        """Agree a verb with ``subject(seat)``: verb(s, "win") -> "win" / "wins"."""
        return base if seat == self.you else (third or base + "s")
