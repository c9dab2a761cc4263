"""A record packed into a short text for links (URL-safe, no padding).

Every choice in a game is one of a known, small set at that point: the player count among the
game's, each option among its choices, each seat a human or one of the bot levels, and each
action its index among ``legal_actions(seat)`` there (and the seat its index among
``current_players()`` when several act at once). All those indices are written as the digits of
one mixed-radix number, so a choice among n costs log2(n) bits and a forced one nothing; the
rest (game id, rules version, seed, action count, names if asked) are varints. A link packs
the options its rules version had (``OptionSpec.since``), so an option added later never
changes how an older link reads. A CRC-32 of the
record catches a link cut short or changed. Deflate is used when it makes the text shorter
(names).

>>> from engine.record import Record, Seat
>>> record = Record.new("jalapeno", [Seat("Ana"), Seat("Bo", "search"), Seat("Cy", "random")],
...                     seed=12)
>>> state = record.start()
>>> for _ in range(5):
...     seat = state.current_players()[0]
...     action = state.legal_actions(seat)[-1]
...     record, state = record.with_move(seat, action), state.apply(seat, action)
>>> unpack(pack(record)) == record.with_seats([Seat("", s.bot) for s in record.seats])
True
>>> unpack(pack(record, names=True)) == record
True

Unpacking replays the game (each index is read against the legal actions of its moment) and
refuses anything malformed, too long, cut short or changed with a ``RecordError``.
"""

from __future__ import annotations

import base64
import re
import zlib
from collections.abc import Iterator
from dataclasses import replace

from .protocol import IllegalAction
from .record import LIMITS, Limits, Move, Record, RecordError, Seat, check_name, read_setup
from .registry import get_game

PLAIN, DEFLATED = 1, 2  # the first byte: how the rest is written
NAMES = 1  # flag: the seats' names are included
_TEXT = re.compile(r"[A-Za-z0-9_-]*")


def pack(record: Record, *, names: bool = False) -> str:
    """``record`` as a short URL-safe text; player names only if ``names`` (a link shared
    without them shows each seat by its default name)."""
    if not names:
        record = record.with_seats([Seat("", s.bot) for s in record.seats])
    game = get_game(record.game)
    digits = list(_setup_digits(record))
    state = record.start()
    for i, move in enumerate(record.moves):
        acting = state.current_players()
        if move.seat not in acting:
            raise RecordError(f"action {i + 1}: seat {move.seat + 1} is not to act", "", i)
        legal = state.legal_actions(move.seat)
        action = game.parse_action(move.action)
        if action not in legal:
            raise RecordError(f"action {i + 1}: {move.action!r} is not legal there", "", i)
        digits.append((acting.index(move.seat), len(acting)))
        digits.append((legal.index(action), len(legal)))
        state = state.apply(move.seat, legal[legal.index(action)])
    out = bytearray()
    _text(out, record.game)
    _varint(out, record.rules_version)
    if isinstance(record.seed, int):
        _varint(out, 0)
        _varint(out, record.seed)
    else:
        _varint(out, 1)
        _text(out, record.seed)
    _varint(out, len(record.moves))
    _varint(out, NAMES if names else 0)
    if names:
        _varint(out, len(record.seats))
        for seat in record.seats:
            _text(out, seat.name)
    number = _mixed_radix(digits)
    body = number.to_bytes((number.bit_length() + 7) // 8, "little")
    _varint(out, len(body))
    out += body
    out += _check(record).to_bytes(4, "little")
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = deflater.compress(bytes(out)) + deflater.flush()
    packed = bytes([DEFLATED]) + deflated if len(deflated) < len(out) else bytes([PLAIN]) + out
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def unpack(text: str, limits: Limits = LIMITS) -> Record:
    """The record packed as ``text``, replayed and checked: raises ``RecordError`` (a
    ValueError) for anything else — never another exception."""
    if not isinstance(text, str) or len(text) > limits.link_chars:
        raise RecordError(f"a game link is a text of at most {limits.link_chars} characters")
    if not text or not _TEXT.fullmatch(text):
        raise RecordError("a game link holds only letters, digits, '-' and '_'")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        raise RecordError("the game link is cut short") from None
    if raw[:1] == bytes([DEFLATED]):
        inflater = zlib.decompressobj(-15)
        try:
            data = inflater.decompress(raw[1:], limits.link_chars * 8)
        except zlib.error:
            raise RecordError("the game link is damaged") from None
        if inflater.unconsumed_tail:
            raise RecordError("the game link unpacks to too much")
    elif raw[:1] == bytes([PLAIN]):
        data = raw[1:]
    else:
        raise RecordError("not a game link of this version of Picante")
    try:
        return _read(_Reader(data), limits)
    except (IndexError, UnicodeDecodeError):
        raise RecordError("the game link is cut short or damaged") from None


def _read(src: _Reader, limits: Limits) -> Record:
    game_id = src.text(32)
    try:
        game = get_game(game_id)
    except ValueError:
        raise RecordError(f"the link is of an unknown game {game_id[:32]!r}", "game") from None
    rules_version = src.varint()
    seed: int | str
    kind = src.varint()
    if kind == 0:
        seed = src.varint()
    elif kind == 1:
        seed = src.text(limits.seed_chars)
    else:
        raise RecordError("the game link's seed is damaged", "seed")
    count = src.varint()
    if count > limits.actions:
        raise RecordError(f"a game link of more than {limits.actions} actions", "actions")
    flags = src.varint()
    if flags & ~NAMES:
        raise RecordError("not a game link of this version of Picante")
    names: list[str] = []
    if flags & NAMES:
        seats = src.varint()
        if seats > max(game.player_counts):
            raise RecordError("the game link names too many seats", "seats")
        names = [src.text(limits.name_chars * 4) for _ in range(seats)]
    number = int.from_bytes(src.take(src.varint()), "little")
    crc = int.from_bytes(src.take(4), "little")
    if not src.done():
        raise RecordError("the game link has data after its end")
    digits = _Digits(number)
    players = game.player_counts[digits.take(len(game.player_counts))]
    # A link holds the options its rules version had; one added since played its old value.
    options = {
        name: spec.choices[digits.take(len(spec.choices))]
        if spec.since <= rules_version
        else spec.before
        for name, spec in game.options.items()
    }
    levels = (None, *game.bot_levels)
    bots = [levels[digits.take(len(levels))] for _ in range(players)]
    if names and len(names) != players:
        raise RecordError("the game link's names do not match its seats", "seats")
    seats = tuple(
        Seat(check_name(names[i], f"seats[{i}].name", limits) if names else "", bot)
        for i, bot in enumerate(bots)
    )
    setup = Record(game.id, rules_version, seed, options, seats)
    read_setup({**setup.to_dict(), "actions": []}, limits)  # every field as a save checks it
    state = setup.start()
    moves: list[Move] = []
    for i in range(count):
        acting = state.current_players()
        if not acting:
            raise RecordError(f"the game link goes on after the game's end ({i} actions)", "", i)
        seat = acting[digits.take(len(acting))]
        legal = state.legal_actions(seat)
        action = legal[digits.take(len(legal))]
        try:
            state = state.apply(seat, action)
        except IllegalAction as err:  # a legal action refused: the engine's bug, said plainly
            raise RecordError(f"action {i + 1} does not replay: {err}", "", i) from None
        moves.append(Move(seat, str(action)))
    record = Record(game.id, rules_version, seed, options, seats, tuple(moves))
    if digits.value or _check(record) != crc:
        raise RecordError("the game link is damaged (its check does not match)")
    return record


def _check(record: Record) -> int:
    """The CRC-32 of the record's saved form with the options its rules version had: a link
    packed before an option was added checks as it did then."""
    game = get_game(record.game)
    had = {
        name: value
        for name, value in record.options.items()
        if game.options[name].since <= record.rules_version
    }
    return zlib.crc32(replace(record, options=had).to_text().encode())


def _setup_digits(record: Record) -> Iterator[tuple[int, int]]:
    game = get_game(record.game)
    yield game.player_counts.index(record.players), len(game.player_counts)
    for name, spec in game.options.items():
        if spec.since > record.rules_version:
            continue  # not in a link of an older version: it played ``spec.before``
        value = record.options[name]
        index = next(i for i, c in enumerate(spec.choices) if c == value and type(c) is type(value))
        yield index, len(spec.choices)
    levels = (None, *game.bot_levels)
    for seat in record.seats:
        yield levels.index(seat.bot), len(levels)


def _mixed_radix(digits: list[tuple[int, int]]) -> int:
    """One number whose digits (least significant first) are ``digits`` as (digit, radix):
    a forced choice (radix 1) costs nothing."""
    number = 0
    for digit, radix in reversed(digits):
        if radix > 1:
            number = number * radix + digit
    return number


class _Digits:
    """Reads a ``_mixed_radix`` number back, digit by digit."""

    def __init__(self, value: int) -> None:
        self.value = value

    def take(self, radix: int) -> int:
        if radix <= 1:
            return 0
        self.value, digit = divmod(self.value, radix)
        return digit


def _varint(out: bytearray, value: int) -> None:
    if value < 0:
        raise ValueError("varints are not negative")
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return


def _text(out: bytearray, text: str) -> None:
    data = text.encode()
    _varint(out, len(data))
    out += data


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def take(self, n: int) -> bytes:
        if n > len(self.data) - self.pos:
            raise IndexError("cut short")
        chunk = self.data[self.pos : self.pos + n]
        self.pos += n
        return chunk

    def varint(self) -> int:
        value = 0
        for shift in range(0, 70, 7):  # 10 bytes: a 64-bit seed at most
            byte = self.take(1)[0]
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
        raise RecordError("the game link holds a number too large")

    def text(self, limit: int) -> str:
        n = self.varint()
        if n > limit:
            raise RecordError("the game link holds a text too long")
        return self.take(n).decode()

    def done(self) -> bool:
        return self.pos == len(self.data)
