"""The protocol every Picante game follows.

A *game* is a stateless description (``get_game("jalapeno")``); a *state* is an immutable
snapshot. ``state.apply(player, action)`` returns a new state and never changes the old one, so
the UI can keep history, bots can search, and tests can compare before/after freely.

State data is shaped like boardgame.io's ``{public, players, secret}``: what everyone sees, what
each seat sees of its own, and what nobody sees (the shuffled stock, the generator). A view is
that structure with the parts a seat may not see stripped out.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar


class IllegalAction(Exception):
    """An action the rules do not allow now. The message names the rule, in words for players.

    ``rule`` is a short stable key (e.g. ``"follow-colour"``) that tests and the UI may match on.
    """

    def __init__(self, message: str, rule: str = "illegal") -> None:
        super().__init__(message)
        self.rule = rule


class Action:
    """Base of every game's actions: small frozen value objects with a text notation.

    Subclasses are ``@dataclass(frozen=True)`` and implement ``__str__``; the game's
    ``parse_action`` is its inverse.
    """

    undoable: ClassVar[bool] = False  # never undo across hidden information or chance


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its default and the values it allows (a tuple of choices).

    ``label`` names the option on a setup screen; ``choice_labels`` (empty, or one per choice,
    in the same order) name its values there.
    """

    default: Any
    choices: tuple[Any, ...]
    doc: str = ""
    label: str = ""
    choice_labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError("choice_labels must name every choice, in order")


class Game(ABC):
    """A game's rules as a whole: how to start, load and parse."""

    id: ClassVar[str]
    name: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    options: ClassVar[Mapping[str, OptionSpec]] = {}
    save_version: ClassVar[int] = 1

    @abstractmethod
    def new_game(
        self, players: int, seed: int | str | None = None, options: Mapping[str, Any] | None = None
    ) -> State: ...

    @abstractmethod
    def from_dict(self, data: Mapping[str, Any]) -> State: ...

    @abstractmethod
    def parse_action(self, text: str) -> Action: ...

    # -- shared validation -------------------------------------------------------------

    def check_players(self, players: int) -> int:
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players must be an int, one of {list(self.player_counts)}")
        if players not in self.player_counts:
            raise ValueError(
                f"{self.name} is for {self.player_counts[0]} to {self.player_counts[-1]} players;"
                f" allowed: {list(self.player_counts)} (got {players})"
            )
        return players

    def check_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults; refuse unknown keys and values outside the allowed choices."""
        options = dict(options or {})
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            raise ValueError(
                f"unknown option(s) {unknown} for {self.name}; allowed: {sorted(self.options)}"
            )
        out: dict[str, Any] = {}
        for key, spec in self.options.items():
            value = options.get(key, spec.default)
            # Same value *and* type: 5.0 == 5 and True == 1, but neither is an allowed value.
            if not any(value == c and type(value) is type(c) for c in spec.choices):
                raise ValueError(
                    f"option {key!r} of {self.name} must be one of {list(spec.choices)}"
                    f" (got {value!r})"
                )
            out[key] = value
        return out

    def check_envelope(self, data: Any) -> None:
        """The parts of a save every game shares: its game id and schema version."""
        if not isinstance(data, Mapping):
            raise ValueError(f"a saved {self.name} game must be a JSON object")
        if data.get("game") != self.id:
            raise ValueError(f"not a saved {self.name} game (game = {data.get('game')!r})")
        if data.get("version") != self.save_version:
            raise ValueError(
                f"unsupported save version {data.get('version')!r} for {self.name};"
                f" this app reads version {self.save_version}"
            )

    def __repr__(self) -> str:
        return f"<Game {self.id}>"


class State(ABC):
    """One immutable snapshot of a game in progress."""

    game: Game

    @abstractmethod
    def current_players(self) -> tuple[int, ...]:
        """Seats that must act now: several when choices are simultaneous; empty when over."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now, in a deterministic order ([] if none)."""

    @abstractmethod
    def _apply(self, player: int, action: Action) -> State:
        """Apply an action already checked to be legal; return the new state."""

    @abstractmethod
    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        """Why ``action`` is not legal for ``player`` now (the rule, in words)."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """JSON-ready dict of exactly what ``player`` may see (``None``: a spectator)."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]: ...

    @abstractmethod
    def scores(self) -> list[int]:
        """Points per seat so far; higher is better in every game."""

    def is_over(self) -> bool:
        return not self.current_players()

    def winners(self) -> list[int]:
        """Seats sharing first place once the game is over; [] before."""
        if not self.is_over():
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, s in enumerate(scores) if s == best]

    def apply(self, player: int, action: Action | str) -> State:
        """Return the state after ``player`` takes ``action``; raise ``IllegalAction`` if not
        allowed (out of turn, malformed, or against a rule). ``self`` is never changed."""
        if self.is_over():
            raise IllegalAction("The game is over.", "game-over")
        if isinstance(action, str):
            try:
                action = self.game.parse_action(action)
            except ValueError as err:
                raise IllegalAction(str(err), "malformed") from None
        if not isinstance(action, Action):
            raise IllegalAction(f"Not an action: {action!r}", "malformed")
        if isinstance(player, bool) or not isinstance(player, int):
            raise IllegalAction(f"Not a seat: {player!r} (seats are numbered from 0).", "malformed")
        if player not in self.current_players():
            waiting = ", ".join(f"seat {p}" for p in self.current_players())
            raise IllegalAction(f"It is not your turn: waiting for {waiting}.", "not-your-turn")
        if action not in self.legal_actions(player):
            raise self.explain_illegal(player, action)
        return self._apply(player, action)
