"""Game records: a game *is* its setup plus its actions in order.

A ``Record`` holds the game id, the rules version it was played under, the options (defaults
filled), the seats (names, human or bot and its level), the seed, and every applied action with
its seat. Everything the app keeps of a game is read from it: the saved game, undo (the record
without its last actions, ``engine.undo``), the replay and share links (``engine.packing``).

>>> from engine import get_game
>>> record = Record.new("jalapeno", [Seat("Ana"), Seat("Bart", "random"), Seat("Cy", "random")],
...                     seed=7)
>>> state = record.start()
>>> seat = state.current_players()[0]
>>> record = record.with_move(seat, state.legal_actions(seat)[0])
>>> replay(record) == state.apply(seat, state.legal_actions(seat)[0])
True
>>> Record.from_text(record.to_text()) == record
True

The saved form (``to_dict``/``to_text``) is strict JSON: every field is checked on the way in
(``from_dict``), each refusal a ``RecordError`` (a ValueError) naming the field. ``replay``
refuses a record whose actions do not replay with a ``ReplayError`` naming the first failing
action, whose ``index`` says how far the record is good (``record.truncated(err.index)``);
``engine.resume`` opens a saved game as far as it is good, fast (checkpoints).

Rules versions (docs/rules-decisions.md, "Platform"): a game declares ``rules_version`` and
the older versions whose records still replay to the same game (``compatible_rules_versions``).
A record of any other version is refused with a message, never replayed into another game.
"""

from __future__ import annotations

import json
import secrets
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .protocol import Action, Game, IllegalAction, State
from .registry import get_game

VERSION = 1
"""Version of the saved form's keys (``"version"`` in ``to_dict``); the rules have their own."""

KEYS = ("version", "game", "rules_version", "seed", "options", "seats", "actions")
SEAT_KEYS = ("name", "bot")


@dataclass(frozen=True)
class Limits:
    """The most a record may hold: anything larger is refused before it is read."""

    text_chars: int = 2_000_000  # the saved form's JSON text
    actions: int = 20_000  # a 9-player Jalape-NO! of 10 rounds is ~1,100
    action_chars: int = 64  # one action's notation (the conformance suite allows 40)
    name_chars: int = 40  # a seat's name (the setup screen cuts at 16; the UI escapes any)
    seed_chars: int = 64  # a text seed
    seed_bits: int = 64  # an integer seed: 0 <= seed < 2 ** seed_bits
    link_chars: int = 16_000  # a packed record (``engine.packing``)


LIMITS = Limits()


class RecordError(ValueError):
    """A record that cannot be read, or does not replay. ``field`` names what is wrong
    (``"options"``, ``"seats[2].name"``, ``"actions[57]"``). ``index`` is the first action that
    fails — every action before it is good, so ``record.truncated(index)`` opens — or None when
    the setup itself is bad (nothing can be opened)."""

    def __init__(self, message: str, field: str = "", index: int | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.index = index


class ReplayError(RecordError):
    """Action ``index`` (0-based) of the record does not replay: ``seat`` may not take
    ``action`` (its notation) there; ``rule`` is the engine's stable key for why."""

    def __init__(self, index: int, seat: int, action: str, rule: str, reason: str) -> None:
        super().__init__(
            f"action {index + 1} (seat {seat + 1}: {action!r}) does not replay: {reason}",
            f"actions[{index}]",
            index,
        )
        self.seat = seat
        self.action = action
        self.rule = rule
        self.reason = reason


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a name (plain text; "" lets the app name the seat) and ``bot``, the
    bot's level (one of the game's ``bot_levels``), or None for a human."""

    name: str
    bot: str | None = None

    @property
    def human(self) -> bool:
        return self.bot is None


@dataclass(frozen=True)
class Move:
    """One applied action: the seat that took it and the action's notation (``str(action)``)."""

    seat: int
    action: str


@dataclass(frozen=True)
class Record:
    """One game: setup and actions. Immutable; ``with_move`` and ``truncated`` make new ones."""

    game: str
    rules_version: int
    seed: int | str
    options: Mapping[str, Any] = field(hash=False)
    seats: tuple[Seat, ...]
    moves: tuple[Move, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "moves", tuple(self.moves))

    @classmethod
    def new(
        cls,
        game_id: str,
        seats: Sequence[Seat],
        seed: int | str | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Record:
        """A record of a game about to start: options checked and their defaults filled, the
        game's current rules version, a fresh seed unless one is given."""
        game = get_game(game_id)
        _, opts = game.check_setup(len(seats), options)
        if seed is None:
            seed = secrets.randbits(63)
        record = cls(game.id, game.rules_version, seed, opts, tuple(seats))
        check_setup_values(record)
        return record

    # -- reading it ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.seats)

    def game_object(self) -> Game:
        return get_game(self.game)

    def start(self) -> State:
        """The state before any action: ``new_game`` with this record's setup."""
        game = self.game_object()
        check_rules_version(game, self.rules_version)
        # The options as this record's rules version played them (one it predates: its value then).
        options = game.check_options(self.options, self.rules_version)
        return game.new_game(players=self.players, seed=self.seed, options=options)

    def __len__(self) -> int:
        return len(self.moves)

    # -- new records -----------------------------------------------------------------------

    def with_move(self, seat: int, action: Action | str) -> Record:
        """This record and one more action (not checked here: ``Session.play`` applied it)."""
        return Record(
            self.game,
            self.rules_version,
            self.seed,
            self.options,
            self.seats,
            (*self.moves, Move(seat, str(action))),
        )

    def truncated(self, length: int) -> Record:
        """The record of its first ``length`` actions (undo; a damaged record's good part)."""
        if not 0 <= length <= len(self.moves):
            raise ValueError(f"a record of {len(self.moves)} actions has no prefix of {length}")
        return Record(
            self.game, self.rules_version, self.seed, self.options, self.seats, self.moves[:length]
        )

    def with_seats(self, seats: Sequence[Seat]) -> Record:
        """The same game with other names or bots in its seats (a link opened without names)."""
        if len(seats) != len(self.seats):
            raise ValueError(f"{len(seats)} seats for a {len(self.seats)}-seat record")
        return Record(self.game, self.rules_version, self.seed, self.options, seats, self.moves)

    # -- the saved form --------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, keys in a fixed order with the actions last (``salvage`` relies on it)."""
        return {
            "version": VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": [{"name": s.name, "bot": s.bot} for s in self.seats],
            "actions": [[m.seat, m.action] for m in self.moves],
        }

    def to_text(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any, limits: Limits = LIMITS) -> Record:
        """The record saved as ``data`` (parsed JSON), every field checked: raises
        ``RecordError`` naming the first field that is wrong. Whether the actions are legal is
        ``replay``'s question; here each must be a seat and a well-formed notation."""
        record = read_setup(data, limits)
        moves = data["actions"]
        if not isinstance(moves, list):
            raise RecordError("actions must be a list of [seat, action] pairs", "actions")
        if len(moves) > limits.actions:
            raise RecordError(f"more than {limits.actions} actions", "actions", 0)
        game = record.game_object()
        known: dict[str, str] = {}
        good = tuple(
            read_move(game, record.players, i, m, limits, known) for i, m in enumerate(moves)
        )
        return Record(
            record.game, record.rules_version, record.seed, record.options, record.seats, good
        )

    @classmethod
    def from_text(cls, text: Any, limits: Limits = LIMITS) -> Record:
        return cls.from_dict(parse_json(text, limits), limits)


# -- checking the saved form -------------------------------------------------------------------


def parse_json(text: Any, limits: Limits = LIMITS) -> Any:
    """JSON text -> data, refusing what is too big, too deep or not JSON with a RecordError."""
    if not isinstance(text, str):
        raise RecordError(f"a saved record is JSON text, not {type(text).__name__}")
    if len(text) > limits.text_chars:
        raise RecordError(f"a saved record of {len(text)} characters is too long")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise RecordError("the saved record is nested too deeply") from None
    except ValueError as err:  # JSONDecodeError, and ints of more digits than Python reads
        raise RecordError(f"the saved record is not valid JSON ({err})") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def whole(value: Any, what: str, low: int, high: int) -> int:
    """An int of type int (not True, not 1.0) in ``low..high``."""
    if type(value) is not int or not low <= value <= high:
        raise RecordError(f"{what} must be a whole number {low}..{high}, got {_short(value)}", what)
    return value


def check_rules_version(game: Game, version: Any) -> None:
    """Refuse a rules version this app cannot replay, saying why (never a silently different
    game): the game's own version, or one it declares its records still replay under."""
    version = whole(version, "rules_version", 1, 10**6)
    if version == game.rules_version or version in game.compatible_rules_versions:
        return
    if version > game.rules_version:
        raise RecordError(
            f"this {game.name} game was played under rules version {version}, newer than this"
            f" app's ({game.rules_version}): update Picante to open it",
            "rules_version",
        )
    raise RecordError(
        f"this {game.name} game was played under rules version {version}; this app plays"
        f" version {game.rules_version} and cannot replay it the same way",
        "rules_version",
    )


def read_setup(data: Any, limits: Limits = LIMITS) -> Record:
    """The setup of a saved record (its actions left out), every field checked."""
    if type(data) is not dict:
        raise RecordError("a saved record must be a JSON object")
    unknown = sorted(str(k) for k in data if k not in KEYS)
    if unknown:
        raise RecordError(f"unknown field(s) {_short(unknown)} in a saved record", unknown[0])
    missing = [k for k in KEYS if k not in data]
    if missing:
        raise RecordError(f"a saved record needs {missing[0]!r}", missing[0])
    version = data["version"]
    if type(version) is not int or version != VERSION:
        raise RecordError(
            f"unsupported record version {_short(version)}; this app reads version {VERSION}",
            "version",
        )
    game_id = data["game"]
    if not isinstance(game_id, str):
        raise RecordError(f"game must be a game's id, got {_short(game_id)}", "game")
    try:
        game = get_game(game_id)
    except ValueError:
        raise RecordError(f"unknown game {_short(game_id)}", "game") from None
    check_rules_version(game, data["rules_version"])
    seats = data["seats"]
    if type(seats) is not list or len(seats) not in game.player_counts:
        raise RecordError(
            f"seats must be a list of {_short(list(game.player_counts))} seats for {game.name}",
            "seats",
        )
    options = data["options"]
    if type(options) is not dict:
        raise RecordError(f"options must be a JSON object, got {_short(options)}", "options")
    try:
        _, opts = game.check_setup(len(seats), options, data["rules_version"])
    except ValueError as err:
        raise RecordError(f"options: {err}", "options") from None
    record = Record(
        game.id,
        data["rules_version"],
        read_seed(data["seed"], limits),
        opts,
        tuple(read_seat(game, i, s, limits) for i, s in enumerate(seats)),
    )
    return record


def read_seed(seed: Any, limits: Limits = LIMITS) -> int | str:
    if type(seed) is int:
        return whole(seed, "seed", 0, 2**limits.seed_bits - 1)
    if isinstance(seed, str) and 0 < len(seed) <= limits.seed_chars:
        return seed
    raise RecordError(
        f"seed must be a whole number or a text of 1 to {limits.seed_chars} characters", "seed"
    )


def read_seat(game: Game, i: int, data: Any, limits: Limits = LIMITS) -> Seat:
    where = f"seats[{i}]"
    if type(data) is not dict or set(data) != set(SEAT_KEYS):
        raise RecordError(f'{where} must be an object {{"name": ..., "bot": ...}}', where)
    bot = data["bot"]
    if bot is not None and (not isinstance(bot, str) or bot not in game.bot_levels):
        raise RecordError(
            f"{where}.bot must be null (a human) or one of {list(game.bot_levels)},"
            f" got {_short(bot)}",
            f"{where}.bot",
        )
    return Seat(check_name(data["name"], f"{where}.name", limits), bot)


def check_name(name: Any, what: str = "name", limits: Limits = LIMITS) -> str:
    """A seat's name: plain text of at most ``name_chars`` characters, without control or
    formatting characters (bidirectional overrides would reorder the text around it). Markup
    is just text: every screen escapes names."""
    if not isinstance(name, str) or len(name) > limits.name_chars:
        raise RecordError(f"{what} must be a text of at most {limits.name_chars} characters", what)
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in name):
        raise RecordError(f"{what} may not hold control or formatting characters", what)
    return name


def read_move(
    game: Game,
    players: int,
    i: int,
    data: Any,
    limits: Limits = LIMITS,
    known: dict[str, str] | None = None,
) -> Move:
    """Action ``i`` of a saved record: a seat and a notation the game reads back as written.
    ``known`` remembers notations already read (a record repeats them: a card each round)."""
    where = f"actions[{i}]"
    if type(data) is not list or len(data) != 2:
        raise RecordError(f"{where} must be a pair [seat, action]", where, i)
    seat, text = data
    if type(seat) is not int or not 0 <= seat < players:
        raise RecordError(
            f"{where}: the seat must be 0..{players - 1}, got {_short(seat)}", where, i
        )
    if not isinstance(text, str) or not 0 < len(text) <= limits.action_chars:
        raise RecordError(f"{where}: the action must be its notation, got {_short(text)}", where, i)
    canonical = known.get(text) if known is not None else None
    if canonical is None:
        try:
            canonical = str(game.parse_action(text))
        except ValueError as err:
            raise RecordError(f"{where}: {err}", where, i) from None
        if known is not None:
            known[text] = canonical
    if canonical != text:
        raise RecordError(f"{where}: {text!r} is written {canonical!r}", where, i)
    return Move(seat, text)


def check_setup_values(record: Record, limits: Limits = LIMITS) -> None:
    """The setup of a record made in code passes the checks a saved one must pass."""
    read_setup({**record.to_dict(), "actions": []}, limits)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# -- replaying ---------------------------------------------------------------------------------


def states(record: Record, upto: int | None = None) -> Iterator[State]:
    """The state before the first action, then after each action, up to ``upto`` actions (all
    by default). Raises ``ReplayError`` at the first action that does not replay (after
    yielding every state before it)."""
    state = record.start()
    yield state
    yield from replay_from(state, record.moves if upto is None else record.moves[:upto])


def replay_from(state: State, moves: Sequence[Move], first: int = 0) -> Iterator[State]:
    """The state after each of ``moves`` taken from ``state``; ``first`` is the index of the
    first of them in its record (for the ``ReplayError`` of one that does not replay)."""
    game = state.game
    parsed: dict[str, Action] = {}  # a game's actions come back often (cards each round)
    for index, move in enumerate(moves, first):
        try:
            action = parsed.get(move.action)
            if action is None:
                action = parsed[move.action] = game.parse_action(move.action)
            state = _step(state, move.seat, action)
        except IllegalAction as err:
            raise ReplayError(index, move.seat, move.action, err.rule, str(err)) from None
        except ValueError as err:
            raise ReplayError(index, move.seat, move.action, "malformed", str(err)) from None
        yield state


def _step(state: State, seat: int, action: Action) -> State:
    """``state.apply(seat, action)`` for a recorded action, about twice as fast: the same
    checks (the seat is to act, the action is one of its legal actions) and the same
    ``_apply``, but the action applied is the engine's own legal one, so ``apply``'s
    type-by-type comparison with every legal action is not needed (resume replays whole
    games in the browser). Anything else goes through ``apply``, which says why it fails."""
    if type(seat) is int and seat in state.current_players():
        for legal in state.legal_actions(seat):
            if legal == action:
                return state._apply(seat, legal)
    return state.apply(seat, action)


def replay(record: Record, upto: int | None = None) -> State:
    """The state a record leads to (after its first ``upto`` actions, if given): exactly the
    state live play reached. Raises ``ReplayError`` (a ValueError) at the first action that
    does not replay, ``RecordError`` if the rules version cannot be replayed."""
    last: State | None = None
    for state in states(record, upto):
        last = state
    assert last is not None
    return last
