"""The protocol every Picante game follows.

A *game* is a stateless description (``get_game("jalapeno")``); a *state* is an immutable
snapshot. ``state.apply(player, action)`` returns a new state and never changes the old one, so
the UI can keep history, bots can search, and tests can compare before/after freely.

A state holds what everyone sees, what each seat sees of its own, and what nobody sees (the
shuffled stock, the generator); ``view(seat)`` is exactly what that seat may see: the shared
envelope below around the game's own part (``_view``), which each game shapes as its table
needs.

Three things are shared by every game and built here, once:

* the **declaration** (``Game.describe()``): id, title, pitch, player counts, options with labels,
  whether choices can be simultaneous and whether there is chance — OpenSpiel's ``GameType`` as
  data. The CLI, the setup screen, the build (the home cards) and validation read only this.
* **events** (``Event``): ``apply`` records what happened ("Ana played R7", "Bart took the
  trick", "Carmen picked a smuggler"). ``state.events`` holds the events of the latest ``apply``;
  a view carries them filtered for its seat, so a secret pick is announced without its content.
  The UI narrates from events, never by diffing views.
* the **view envelope** (``State.view``): who acts, over, winners, phase, scores, the viewing
  seat's legal actions in notation and its events, around the game's own part (``_view``).
"""

from __future__ import annotations

import dataclasses
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from .rng import Rng, seed_state

VIEW_VERSION = 2
"""Version of the view envelope's keys (``ENVELOPE_KEYS``); a game's part has its own."""

ENVELOPE_KEYS = (
    "game",
    "view_version",
    "seat",
    "players",
    "to_act",
    "over",
    "winners",
    "phase",
    "scores",
    "legal",
    "events",
)


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


UNDATED = 0
"""The rules version of saved options that do not say theirs (a saved state's): an option they
lack was added after they were saved (``Game.check_options``)."""


def same_value(a: Any, b: Any) -> bool:
    """Equal *and* of the same types all the way down: ``3 == 3.0 == True`` but only ``3`` is
    the same value as ``3``. Dataclasses (actions, cards) compare field by field.

    >>> same_value(3, 3), same_value(3, 3.0), same_value(1, True)
    (True, False, False)
    """
    if type(a) is not type(b):
        return False
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        return all(
            same_value(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a)
        )
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, frozenset | set):
        return a == b and all(any(same_value(x, y) for y in b) for x in a)
    return a == b


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its default and the values it allows (a tuple of choices).

    ``label`` names it on the setup screen ("Rounds"); ``value_labels`` names values that are not
    self-explanatory (``{None: "Random"}``); ``doc`` is a sentence for the CLI's help. ``seat``
    says the values are seats (``None``: drawn from the seed): a value must then be a seat of the
    game being started, and the setup screen offers the seats by their players' names.
    ``players`` lists the table sizes the option changes anything at (empty: every size); the
    setup screen shows it only there.

    An option added after records were made says so, for every record and link to keep
    replaying as it was played: ``since`` is the rules version it arrived in, and ``before``
    the value every game of an older version played with (filled in when a saved game, a
    record or a link has no value for it; ``Game.check_options``).
    """

    default: Any
    choices: tuple[Any, ...]
    doc: str = ""
    label: str = ""
    value_labels: Mapping[Any, str] = field(default_factory=dict)
    seat: bool = False
    players: tuple[int, ...] = ()
    since: int = 1
    before: Any = None

    def label_of(self, value: Any) -> str:
        for key, text in self.value_labels.items():
            if same_value(key, value):
                return text
        return str(value)

    def parse(self, text: str) -> Any:
        """The choice written as ``text`` (as the CLI takes it: ``5``, ``None``, ``true``)."""
        for choice in self.choices:
            if str(choice).lower() == text.strip().lower():
                return choice
        raise ValueError(f"must be one of {[str(c) for c in self.choices]} (got {text!r})")

    def describe(self, name: str) -> dict[str, Any]:
        return {
            "name": name,
            "label": self.label or name.replace("_", " ").capitalize(),
            "doc": self.doc,
            "default": self.default,
            "choices": [{"value": c, "label": self.label_of(c)} for c in self.choices],
            "seat": self.seat,
            "players": list(self.players),
        }


class Event:
    """Something that happened in one ``apply``: JSON-ready, narrated by the UI and the CLI.

    ``kind`` is a short stable key ("play", "trick", "pick", "reveal", "roll"); ``seat`` is who
    did it (None: nobody in particular, e.g. a round being scored). ``data`` is what happened.
    ``to`` limits who may see ``data``: None means everyone; otherwise only those seats, and
    everyone else gets the event with ``public`` in place of ``data`` (a secret pick is still
    announced: "Ana picked a smuggler"). A spectator (seat None) sees only public parts.

    An event is immutable, and nothing it hands out is its own: ``data``, ``public``,
    ``for_seat`` and ``to_dict`` are fresh copies (lists, dicts), so a caller that changes what
    it got changes no event, no state and no save. The mappings given to the constructor belong
    to the event from then on (the game builds them for it and keeps no reference); they are not
    copied on the way in, so that recording an event costs nothing in ``apply``.

    >>> e = Event("trick", 1, {"cards": [[0, "R7"], [1, "R9"]]})
    >>> e.for_seat(None)["cards"].append("X")
    >>> e.data
    {'cards': [[0, 'R7'], [1, 'R9']]}
    """

    __slots__ = ("kind", "seat", "_data", "to", "_public")

    kind: str
    seat: int | None
    to: tuple[int, ...] | None

    def __init__(
        self,
        kind: str,
        seat: int | None = None,
        data: Mapping[str, Any] | None = None,
        to: Iterable[int] | None = None,
        public: Mapping[str, Any] | None = None,
    ) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "kind", kind)
        setattr_(self, "seat", seat)
        setattr_(self, "_data", _EMPTY if data is None else data)
        setattr_(self, "to", None if to is None else tuple(to))
        setattr_(self, "_public", _EMPTY if public is None else public)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"an Event is immutable (cannot set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"an Event is immutable (cannot delete {name!r})")

    @property
    def data(self) -> dict[str, Any]:
        """What happened (a copy)."""
        return plain_copy(self._data)

    @property
    def public(self) -> dict[str, Any]:
        """What seats outside ``to`` are told instead of ``data`` (a copy)."""
        return plain_copy(self._public)

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        if self.to is None or (seat is not None and seat in self.to):
            return {"kind": self.kind, "seat": self.seat, **plain_copy(self._data)}
        return {"kind": self.kind, "seat": self.seat, "secret": True, **plain_copy(self._public)}

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "data": self.data}
        if self.to is not None:
            out["to"] = list(self.to)
            out["public"] = self.public
        return out

    @classmethod
    def from_dict(cls, data: Any, players: int) -> Event:
        """Read a saved event back (raises ValueError on anything malformed). The event keeps
        copies: the caller's data stays the caller's."""
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise ValueError(f"an event must be an object with a kind, got {data!r}")
        seat = data.get("seat")
        if seat is not None and not (type(seat) is int and 0 <= seat < players):
            raise ValueError(f"event seat must be a seat 0..{players - 1} or null, got {seat!r}")
        body, public, to = data.get("data", {}), data.get("public", {}), data.get("to")
        if not isinstance(body, Mapping) or not isinstance(public, Mapping):
            raise ValueError("event data and public must be objects")
        if to is not None:
            if not isinstance(to, list) or not all(type(s) is int and 0 <= s < players for s in to):
                raise ValueError(f"event 'to' must list seats, got {to!r}")
            to = tuple(to)
        return cls(data["kind"], seat, plain_copy(body), to, plain_copy(public))

    def _key(self) -> tuple[Any, ...]:
        return (self.kind, self.seat, self._data, self.to, self._public)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.kind, self.seat, self.to))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, self._key())

    def __repr__(self) -> str:
        to = "" if self.to is None else f", to={self.to!r}, public={self._public!r}"
        return f"Event({self.kind!r}, {self.seat!r}, {self._data!r}{to})"


_EMPTY: Mapping[str, Any] = MappingProxyType({})
_ATOMS = frozenset({str, int, float, bool, type(None), frozenset})


def plain_copy(value: Any) -> Any:
    """A deep copy of JSON-like data: every mapping a new dict, every list a new list, every
    tuple a new tuple of copies; anything else (numbers, text, None) is immutable and shared.

    >>> inner = [1, 2]
    >>> out = plain_copy({"a": inner, "b": (inner,)})
    >>> out == {"a": [1, 2], "b": ([1, 2],)}, out["a"] is inner, out["b"][0] is inner
    (True, False, False)
    """
    kind = type(value)
    if kind is dict:
        return {k: plain_copy(v) for k, v in value.items()}
    if kind is list:
        return [plain_copy(v) for v in value]
    if kind is tuple:
        return tuple(plain_copy(v) for v in value)
    if kind in _ATOMS:
        return value
    if isinstance(value, Mapping):
        return {k: plain_copy(v) for k, v in value.items()}
    if kind is set:
        return set(value)
    return value


def events_to_json(events: Iterable[Event]) -> list[dict[str, Any]]:
    return [e.to_dict() for e in events]


def events_from_json(data: Any, players: int) -> tuple[Event, ...]:
    if data is None:
        return ()
    if not isinstance(data, list):
        raise ValueError("events must be a list")
    return tuple(Event.from_dict(e, players) for e in data)


class Game(ABC):
    """A game's rules as a whole: how to start, load and parse — and its declaration as data.

    A game declares itself with class attributes (OpenSpiel's ``GameType``): ``id``, ``name``
    (the title), ``pitch`` (one line for the home card), ``player_counts``, ``options``,
    ``simultaneous`` (can several seats choose at once?), ``chance`` (dice, shuffles, draws),
    ``hidden_information``, ``bot_levels`` and ``bots`` (the module that makes its bots, named
    as a string so that ``engine.bots`` never imports a game). ``describe()`` is that as JSON.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    pitch: ClassVar[str] = ""
    players_label: ClassVar[str] = ""
    """How the home card says the player counts ("Solo or 1 vs 1"); "": from ``player_counts``."""
    player_counts: ClassVar[tuple[int, ...]]
    options: ClassVar[Mapping[str, OptionSpec]] = {}
    simultaneous: ClassVar[bool] = False
    chance: ClassVar[bool] = True
    hidden_information: ClassVar[bool] = True
    bot_levels: ClassVar[tuple[str, ...]] = ("random",)
    bots: ClassVar[str | None] = None
    """Module (``"engine.jalapeno.bots"``) with ``BOTS``: each of ``bot_levels`` -> a factory
    ``(seat, seed, iterations) -> Bot``; None: only the generic random bot."""
    text: ClassVar[str | None] = None
    """Module with ``table_text(view, names)`` and ``event_text(event, names, you)`` for the
    terminal (``python -m engine play``); None: a generic rendering of the view."""
    checks: ClassVar[str | None] = None
    """Module with ``CHECKS`` (an ``engine.checks.Checks``): what the shared conformance suite
    must know of this game (a seat's secret tokens, its invariants). Not used in play."""
    save_version: ClassVar[int] = 1
    rules_version: ClassVar[int] = 1
    """The version of the rules as this code plays them. A game is its record (setup and
    actions, ``engine.record``), so anything that would make an old record replay differently
    (a rule, the deal, how the generator is used, the order of ``legal_actions``, which packed
    links rely on) must raise it. ``tests/test_record.py`` pins a fingerprint per version."""
    compatible_rules_versions: ClassVar[tuple[int, ...]] = ()
    """Older rules versions whose records still replay to the same game under this code (they
    open); a record of any other version is refused with a message (docs/rules-decisions.md,
    "Platform")."""

    def describe(self) -> dict[str, Any]:
        """The declaration as JSON-ready data (home cards, setup screen, CLI help)."""
        counts = self.player_counts
        return {
            "id": self.id,
            "title": self.name,
            "pitch": self.pitch,
            "player_counts": list(counts),
            "players_text": self.players_label or players_text(counts),
            "options": [spec.describe(name) for name, spec in self.options.items()],
            "simultaneous": self.simultaneous,
            "chance": self.chance,
            "hidden_information": self.hidden_information,
            "bot_levels": list(self.bot_levels),
            "rules_version": self.rules_version,
        }

    @abstractmethod
    def new_game(
        self, players: int, seed: int | str | None = None, options: Mapping[str, Any] | None = None
    ) -> State: ...

    @abstractmethod
    def from_dict(self, data: Mapping[str, Any]) -> State: ...

    @abstractmethod
    def parse_action(self, text: str) -> Action: ...

    def well_formed(self, action: Any) -> bool:
        """Is ``action`` a value this game could have made? Its text notation must read back as
        the very same value, types included: a field of the wrong type (a list, None, 1.0 for 1)
        or an action of another game fails, whatever its fields hold.

        >>> from engine import get_game
        >>> from engine.jalapeno.actions import Play
        >>> from engine.jalapeno.cards import Card
        >>> game = get_game("jalapeno")
        >>> game.well_formed(Play(Card("R", 7))), game.well_formed(Play(Card("R", 7.0)))
        (True, False)
        """
        if not isinstance(action, Action):
            return False
        try:
            return same_value(self.parse_action(str(action)), action)
        except Exception:  # str() or parsing of a foreign value: whatever it raises, not ours
            return False

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

    def check_options(
        self, options: Mapping[str, Any] | None, rules_version: int | None = None
    ) -> dict[str, Any]:
        """Fill defaults; refuse unknown keys and values outside the allowed choices.

        ``rules_version``: the options are saved ones (a record, a link), played under that
        version of the rules, or ``UNDATED`` (a saved state, which does not say). An option
        they lack that arrived later (``OptionSpec.since``) played its ``before`` value, and
        an option that arrived after a record's version may hold nothing else.
        """
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            raise ValueError(
                f"options of {self.name} must be a mapping of names to values,"
                f" got {type(options).__name__} {options!r}"
            )
        options = dict(options)
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            raise ValueError(
                f"unknown option(s) {unknown} for {self.name}; allowed: {sorted(self.options)}"
            )
        out: dict[str, Any] = {}
        for key, spec in self.options.items():
            if rules_version is None:  # a new game
                older = False
            elif rules_version == UNDATED:  # a saved state lacks an option added since
                older = spec.since > 1 and key not in options
            else:  # a record of an older version than the option's
                older = rules_version < spec.since
            value = options.get(key, spec.before if older else spec.default)
            if older and rules_version != UNDATED and not same_value(value, spec.before):
                raise ValueError(
                    f"option {key!r} of {self.name} arrived in rules version {spec.since}: a game"
                    f" of version {rules_version} played {spec.before!r} (got {value!r})"
                )
            # Same value *and* type: 5.0 == 5 and True == 1, but neither is an allowed value.
            if not any(value == c and type(value) is type(c) for c in spec.choices):
                raise ValueError(
                    f"option {key!r} of {self.name} must be one of {list(spec.choices)}"
                    f" (got {value!r})"
                )
            out[key] = value
        return out

    def check_setup(
        self, players: int, options: Mapping[str, Any] | None, rules_version: int | None = None
    ) -> tuple[int, dict[str, Any]]:
        """The player count and the options (defaults filled) of a new or saved game (saved
        under ``rules_version``, as ``check_options`` reads it): a seat-valued option must name
        a seat of this table."""
        players = self.check_players(players)
        opts = self.check_options(options, rules_version)
        for key, spec in self.options.items():
            if spec.seat and opts[key] is not None and opts[key] >= players:
                raise ValueError(f"option {key!r} must be a seat 0..{players - 1} or None")
        return players, opts

    def read_save(self, data: Any, load: Callable[[Mapping[str, Any]], State]) -> State:
        """``from_dict`` for every game: the save's envelope checked, then ``load(data)``; a
        missing or malformed field becomes a ValueError naming the game, never a KeyError."""
        self.check_envelope(data)
        try:
            return load(data)
        except ValueError as err:
            raise ValueError(f"bad {self.name} save: {err}") from None
        except (KeyError, TypeError, AttributeError, IndexError) as err:
            raise ValueError(
                f"bad {self.name} save: missing or malformed field ({err!r})"
            ) from None

    def start(
        self, players: int, seed: int | str | None, options: Mapping[str, Any] | None
    ) -> tuple[int, dict[str, Any], Rng]:
        """What every ``new_game`` begins with: the player count and the options checked (a
        seat-valued option must name a seat of this table), and the game's own generator
        seeded (from fresh entropy when no seed is given)."""
        players, opts = self.check_setup(players, options)
        if seed is None:
            seed = secrets.randbits(64)
        return players, opts, Rng(seed_state(seed))

    def check_envelope(self, data: Any) -> None:
        """The parts of a save every game shares: its game id and schema version."""
        if not isinstance(data, Mapping):
            raise ValueError(f"a saved {self.name} game must be a JSON object")
        if data.get("game") != self.id:
            raise ValueError(f"not a saved {self.name} game (game = {data.get('game')!r})")
        version = data.get("version")
        # ``type`` too: True == 1.0 == 1, but only the integer is a version.
        if type(version) is not int or version != self.save_version:
            raise ValueError(
                f"unsupported save version {version!r} for {self.name};"
                f" this app reads version {self.save_version}"
            )

    def __repr__(self) -> str:
        return f"<Game {self.id}>"


def shown(value: Any) -> str:
    """``repr(value)`` for a message about a refused value, whatever that value's ``repr`` does
    (a foreign object's may raise, or be huge)."""
    try:
        text = repr(value)
    except Exception:
        return f"<a {type(value).__name__}>"
    return text if len(text) <= 200 else text[:197] + "..."


def players_text(counts: tuple[int, ...]) -> str:
    """ "3–9 players", "2–4 players", "1 player", "1–2 players" for the home card.

    >>> players_text((3, 4, 5)), players_text((1,)), players_text((2, 4))
    ('3–5 players', '1 player', '2 or 4 players')
    """
    if len(counts) == 1:
        return f"{counts[0]} player{'s' if counts[0] != 1 else ''}"
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]} players"
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]} players"


class State(ABC):
    """One immutable snapshot of a game in progress.

    Every state has ``players`` (the seat count) and ``events`` (what the ``apply`` that made it
    caused, oldest first; ``()`` for a new game).
    """

    game: Game
    players: int
    events: tuple[Event, ...] = ()

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
    def _view(self, player: int | None) -> dict[str, Any]:
        """The game's own part of ``view``: JSON-ready, exactly what ``player`` may see of the
        table (``player`` is already checked). Must not use the envelope's keys."""

    def phase(self) -> str:
        """A short stable name of what the game waits for ("play", "pick", "arrest", …)."""
        return "over" if self.is_over() else "play"

    def view(self, player: int | None) -> dict[str, Any]:
        """JSON-ready dict of exactly what ``player`` may see (``None``: a spectator): the
        envelope every screen and bot reads (``ENVELOPE_KEYS``) around the game's ``_view``."""
        if player is not None and not (type(player) is int and 0 <= player < self.players):
            raise ValueError(f"seat must be 0..{self.players - 1} or None, got {player!r}")
        over = self.is_over()
        envelope: dict[str, Any] = {
            "game": self.game.id,
            "view_version": VIEW_VERSION,
            "seat": player,
            "players": self.players,
            "to_act": list(self.current_players()),
            "over": over,
            "winners": self.winners(),
            "phase": self.phase(),
            "scores": self.scores(),
            "legal": [] if player is None else [str(a) for a in self.legal_actions(player)],
            "events": [e.for_seat(player) for e in self.events],
        }
        own = self._view(player)
        clash = sorted(set(own) & set(envelope))
        if clash:
            raise AssertionError(f"{self.game.id} view part reuses envelope keys {clash}")
        envelope.update(own)
        return envelope

    @abstractmethod
    def to_dict(self) -> dict[str, Any]: ...

    def hidden_from(self, seat: int) -> Any:
        """Everything ``seat`` cannot see now that play could still show it (other seats'
        hands and secret picks, the order of face-down decks, the generator): undo compares it
        before and after an action of ``seat`` (``engine.undo``), and a change means a draw, a
        roll or a reveal came out, so the action may not be taken back.

        Default: the saved form (``to_dict``) less its ``public`` part, its ``events`` and the
        seat's own ``players_private`` entry — right for a game that keeps what nobody sees
        under ``secret`` and each seat's own under ``players_private``, and clears a secret
        when it is revealed. A game that keeps something hidden under ``public``, or leaves a
        revealed secret in place, overrides this."""
        data = self.to_dict()
        out = {k: v for k, v in data.items() if k not in ("public", "events")}
        private = out.get("players_private")
        if isinstance(private, list) and 0 <= seat < len(private):
            out["players_private"] = [p for q, p in enumerate(private) if q != seat]
        return out

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
            raise IllegalAction(f"Not an action: {shown(action)}", "malformed")
        if isinstance(player, bool) or not isinstance(player, int):
            raise IllegalAction(
                f"Not a seat: {shown(player)} (seats are numbered from 0).", "malformed"
            )
        if player not in self.current_players():
            waiting = ", ".join(f"seat {p}" for p in self.current_players())
            raise IllegalAction(f"It is not your turn: waiting for {waiting}.", "not-your-turn")
        legal = self.legal_actions(player)
        for made in legal:
            if made is action:  # the game's own value (a bot's pick): nothing more to check
                return self._apply(player, action)
        try:
            equal = [made for made in legal if made == action]
        except Exception:  # a foreign value's own comparison failed: it is none of ours
            equal = []
        if not equal:
            # The protocol's guarantee, whatever the game: a value that is not one of this game's
            # well-formed actions is refused as malformed before any rule looks at its fields.
            if not self.game.well_formed(action):
                raise IllegalAction(f"Not a well-formed action: {shown(action)}.", "malformed")
            raise self.explain_illegal(player, action)
        # Equal is not enough: Card('R', 3.0) == Card('R', 3) but would be shown as R3.0 and saved
        # as a float. Only a value of the very types the game made is taken.
        if not any(same_value(action, made) for made in equal):
            raise IllegalAction(
                f"Not a well-formed action: {shown(action)} (write it as {str(legal[0])!r} does).",
                "malformed",
            )
        return self._apply(player, action)

    def advance(self, player: int, action: Action) -> State:
        """The state after ``player`` takes ``action``, which came from this state's
        ``legal_actions(player)``: no checks, and a game may leave out what only people read
        (events). The tree search's step; play goes through ``apply``."""
        return self._apply(player, action)
