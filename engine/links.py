"""Game links: a record, or a challenge, written into the app's route (the URL's fragment, so the
host never sees it). ``engine.packing`` packs the record; this module names the routes and reads
them back, refusing anything else with a ``RecordError`` (a ValueError) — never another
exception, and nothing from a link is ever run.

Routes (after ``#/``):

- ``<game>/g/<packed>``: a game (``pack(record)``), finished or not — its replay, or "play from
  here". Names only when the sharer chose to include them.
- ``<game>/c/<packed>[/<score>]``: a challenge: the same setup (options, seats with the same
  bots, seed) and no action, so the friend is dealt the same cards or dice; ``score`` is the
  sharer's result when the link carries it.

>>> from engine.record import Record, Seat
>>> record = Record.new("taco", [Seat("Ana")], seed=5)
>>> route = challenge_route(record, 12)
>>> route.startswith("taco/c/") and route.endswith("/12")
True
>>> link = read_route("taco", route.partition("/")[2])
>>> link == Link(CHALLENGE, record.with_seats([Seat("")]), 12)
True
>>> read_route("jalapeno", route.partition("/")[2])
Traceback (most recent call last):
...
engine.record.RecordError: this link is of another game (Crazy Taco), not Jalape-NO!
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .packing import pack, unpack
from .record import LIMITS, Limits, Record, RecordError
from .registry import get_game

GAME, CHALLENGE = "g", "c"  # the route's kind, after the game's id
MAX_SCORE_DIGITS = 9
_SCORE = re.compile(rf"-?[0-9]{{1,{MAX_SCORE_DIGITS}}}")


@dataclass(frozen=True)
class Link:
    """What a link carries: its kind (GAME or CHALLENGE), the record (a challenge's has no
    action) and, for a challenge, the sharer's score if given."""

    kind: str
    record: Record
    score: int | None = None


def game_route(record: Record, *, names: bool = False) -> str:
    """The route of a shared game: its replay, or "play from here" when it is not over."""
    return f"{record.game}/{GAME}/{pack(record, names=names)}"


def challenge_route(record: Record, score: int | None = None) -> str:
    """The route of a challenge: ``record``'s setup only (never its names), and the sharer's
    score if given."""
    route = f"{record.game}/{CHALLENGE}/{pack(record.truncated(0))}"
    return route if score is None else f"{route}/{int(score)}"


def is_link(rest: str) -> bool:
    """Whether a route's rest (after ``<game>/``) is a link's (GAME or CHALLENGE)."""
    return rest.partition("/")[0] in (GAME, CHALLENGE)


def read_route(game_id: str, rest: str, limits: Limits = LIMITS) -> Link:
    """The link routed as ``#/<game_id>/<rest>``, checked: the game named by the route must be
    the link's; anything malformed, too long, cut short, changed or impossible is refused with
    a ``RecordError`` saying so plainly."""
    if not isinstance(rest, str) or len(rest) > limits.link_chars + 2 + MAX_SCORE_DIGITS + 2:
        raise RecordError("this link is too long to be a Picante game")
    kind, _, tail = rest.partition("/")
    packed, _, score_text = tail.partition("/")
    if kind not in (GAME, CHALLENGE):
        raise RecordError("this is not a Picante game link")
    score: int | None = None
    if score_text:
        if kind != CHALLENGE or not _SCORE.fullmatch(score_text):
            raise RecordError("this link has something after its game")
        score = int(score_text)
    record = unpack(packed, limits)
    if record.game != game_id:
        try:
            expected = get_game(game_id).name
        except ValueError:
            expected = "this game"
        raise RecordError(
            f"this link is of another game ({record.game_object().name}), not {expected}"
        )
    if kind == CHALLENGE and record.moves:
        raise RecordError("a challenge link carries no moves")
    return Link(kind, record, score)
