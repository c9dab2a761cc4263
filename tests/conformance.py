"""The shared conformance suite: what every Picante game must do, whatever its rules.

``tests/test_conformance.py`` runs these checks for every id in ``engine.game_ids()`` and every
player count of that game. A new game joins by registering itself in ``engine.registry``: the
game-specific knowledge the suite needs (which text in a state is one seat's secret, so that no
other seat's view shows it; its own invariants) is the game's ``CHECKS``, in the module its
declaration names (``checks = "engine.<id>.checks"``; see ``engine.checks``).

Each check raises ``AssertionError`` with a message that says which step of which game broke.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import hashlib
import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import FrozenInstanceError, dataclass
from typing import Any

import engine
from engine import Action, Game, IllegalAction, State
from engine.checks import Checks, checks_of
from engine.protocol import same_value, shown
from engine.rng import Rng

# -- per-game hooks: each game's ``CHECKS`` (engine.checks), next to its rules -------------


def hooks(game: Game | str) -> Checks:
    """The conformance hooks of a game, or of a registered game's id (``checks`` in its
    declaration)."""
    if isinstance(game, str):
        game = engine.get_game(game)
    try:
        return checks_of(game)
    except LookupError as err:
        raise AssertionError(f"game {game.id!r} has no conformance hooks: {err}") from None


GENERIC_MALFORMED_TEXTS = ("", "   ", "\x00", "not an action", "🌶️", "{}", "None", "-1")
NOT_ACTIONS: tuple[Any, ...] = (None, 42, 4.2, b"R7", ["R7"], {"card": "R7"}, object())


@dataclass(frozen=True)
class ForeignAction(Action):
    """An action of no game at all: every game must refuse it as malformed."""

    def __str__(self) -> str:
        return "foreign"


# -- helpers -------------------------------------------------------------------------------


def snapshot(state: State) -> str:
    """The whole state as canonical JSON text: equal snapshots are equal states."""
    return json.dumps(state.to_dict(), sort_keys=True, allow_nan=False)


_TOKEN = re.compile(r"[^\s,;:|()\[\]{}'\"]+")


def text_tokens(json_text: str) -> set[str]:
    """Every word of a JSON text: whole strings and each word inside them ("R7 G2" gives both)."""
    return set(_TOKEN.findall(json_text))


def choose(chooser: Rng, actions: list[Action]) -> Action:
    return actions[chooser.below(len(actions))]


@dataclass
class Playout:
    game: Game
    players: int
    seed: int | str
    states: list[State]
    moves: list[tuple[int, Action]]

    @property
    def final(self) -> State:
        return self.states[-1]

    def where(self, step: int) -> str:
        return f"{self.game.id} {self.players}p seed={self.seed!r} step {step}"


def play(
    game: Game,
    players: int,
    seed: int | str,
    chooser_seed: int = 99,
    *,
    options: dict[str, Any] | None = None,
    check: Callable[[State, int, Action, str], State] | None = None,
    max_steps: int | None = None,
) -> Playout:
    """A random legal playout to the end. Choices come from our own PRNG, so a playout depends
    on nothing but the engine. ``check(state, player, action, where)`` (if given) must return
    the next state; by default it is ``state.apply(player, action)``."""
    limit = max_steps if max_steps is not None else hooks(game).max_steps
    state = game.new_game(players=players, seed=seed, options=options)
    chooser = Rng(chooser_seed)
    out = Playout(game, players, seed, [state], [])
    while not state.is_over():
        # Every seat that must act is driven, in an order the chooser shuffles: simultaneous
        # choices may arrive in any order, and each seat decides from the state it is shown.
        for player in chooser.shuffled(list(state.current_players())):
            if player not in state.current_players():
                continue
            step = len(out.moves)
            assert step < limit, f"{out.where(step)}: the game has not ended after {limit} actions"
            action = choose(chooser, state.legal_actions(player))
            state = (check or _plain_apply)(state, player, action, out.where(step))
            out.moves.append((player, action))
            out.states.append(state)
    return out


def _plain_apply(state: State, player: int, action: Action, where: str) -> State:
    return state.apply(player, action)


def digest(states: list[State]) -> str:
    """A short hash of a whole sequence of states: of the game itself, so without the events
    (what each step caused, which the golden pins predate and the event checks cover)."""
    h = hashlib.sha256()
    for state in states:
        data = state.to_dict()
        data.pop("events", None)
        h.update(json.dumps(data, sort_keys=True, allow_nan=False).encode())
    return h.hexdigest()[:16]


# -- the checks ----------------------------------------------------------------------------


def check_turn(state: State, where: str) -> None:
    """Someone must act while the game is on; each of them has a legal action; nobody else has."""
    game = state.game
    players = state.to_dict()["players"]
    acting = state.current_players()
    assert isinstance(acting, tuple) and acting, f"{where}: nobody to act before the game is over"
    assert all(isinstance(p, int) and 0 <= p < players for p in acting), f"{where}: {acting}"
    for seat in range(players):
        actions = state.legal_actions(seat)
        if seat not in acting:
            assert actions == [], f"{where}: seat {seat} is not to act but has {actions}"
            continue
        assert actions, f"{where}: seat {seat} must act but has no legal action"
        assert actions == state.legal_actions(seat), f"{where}: legal_actions is not stable"
        texts = [str(a) for a in actions]
        assert len(set(texts)) == len(texts), f"{where}: two legal actions share a notation"
        for action in actions:
            check_action_value(game, action, where)


def check_action_value(game: Game, action: Action, where: str) -> None:
    """Actions are frozen, hashable value objects; ``parse_action(str(a)) == a``."""
    assert isinstance(action, Action), f"{where}: {action!r} is not an engine.Action"
    text = str(action)
    assert text and text == text.strip() and len(text) <= 40, f"{where}: notation {text!r}"
    assert game.parse_action(text) == action, f"{where}: {text!r} does not parse back"
    assert hash(game.parse_action(text)) == hash(action), f"{where}: hash differs for {text!r}"
    for name in getattr(action, "__dataclass_fields__", {}):
        try:
            setattr(action, name, None)
        except FrozenInstanceError:
            continue
        raise AssertionError(f"{where}: action {text!r} is not frozen (field {name})")


def check_round_trip(state: State, where: str) -> None:
    """``to_dict`` is JSON-ready and ``from_dict`` gives the same state back."""
    game = state.game
    data = state.to_dict()
    assert data.get("game") == game.id and isinstance(data.get("version"), int), where
    text = json.dumps(data, sort_keys=True, allow_nan=False)
    loaded = game.from_dict(json.loads(text))
    assert json.dumps(loaded.to_dict(), sort_keys=True) == text, f"{where}: save round trip"
    assert loaded == state, f"{where}: loaded state differs"
    assert loaded.current_players() == state.current_players(), where
    for seat in state.current_players():
        assert loaded.legal_actions(seat) == state.legal_actions(seat), where


def check_views(state: State, where: str) -> None:
    """Views are JSON-ready and no view shows another seat's hidden information."""
    players = state.to_dict()["players"]
    hidden = [set(hooks(state.game).hidden(state, seat)) for seat in range(players)]
    for viewer in [None, *range(players)]:
        view = state.view(viewer)
        assert isinstance(view, dict), f"{where}: view({viewer}) is not a dict"
        text = json.dumps(view, allow_nan=False)
        assert json.loads(text) == view, f"{where}: view({viewer}) is not plain JSON"
        skip = {*hooks(state.game).history_keys, "events"}  # events: see check_events
        current = {k: v for k, v in view.items() if k not in skip}
        seen = text_tokens(json.dumps(current))
        own = hidden[viewer] if viewer is not None else set()
        for seat in range(players):
            if seat == viewer:
                continue
            leaked = (seen & hidden[seat]) - own  # a token the viewer holds too tells nothing
            assert not leaked, f"{where}: view({viewer}) shows seat {seat}'s hidden {leaked}"
    for bad in (-1, players):
        try:
            state.view(bad)
        except ValueError:
            continue
        raise AssertionError(f"{where}: view({bad}) should raise ValueError")


def check_events(before: State, action: Action, after: State, where: str) -> None:
    """Events are JSON-ready; a seat-restricted event reaches other seats without its data; and
    no event shows a seat what was hidden from it both before and after the step (what the step
    itself revealed — the action, a reveal — may be told)."""
    players = after.players
    assert isinstance(after.events, tuple), f"{where}: state.events must be a tuple"
    hide = hooks(after.game).hidden
    told = text_tokens(str(action))
    for viewer in [None, *range(players)]:
        shown = after.view(viewer)["events"]
        assert len(shown) == len(after.events), f"{where}: view({viewer}) drops events"
        for event, seen in zip(after.events, shown, strict=True):
            assert isinstance(seen.get("kind"), str) and "seat" in seen, f"{where}: {seen}"
            private = event.to is not None and (viewer is None or viewer not in event.to)
            if private:
                assert seen.get("secret") is True, f"{where}: private event not marked secret"
                for key in event.data:
                    if key not in event.public:
                        assert key not in seen, f"{where}: view({viewer}) got secret {key!r}"
        tokens = text_tokens(json.dumps(shown))
        own = set() if viewer is None else {*hide(before, viewer), *hide(after, viewer)}
        for seat in range(players):
            if seat == viewer:
                continue
            secret = (set(hide(before, seat)) & set(hide(after, seat))) - told - own
            leaked = tokens & secret
            assert not leaked, f"{where}: events tell view({viewer}) seat {seat}'s {leaked}"


def lookalikes(action: Any) -> Iterator[Any]:
    """Copies of ``action`` equal to it but with a whole-number field made a float or a bool
    (``Card('R', 3.0) == Card('R', 3)``): ``apply`` must refuse them."""
    if not dataclasses.is_dataclass(action):
        return
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if type(value) is int:
            variants: list[Any] = [float(value)]
            if value in (0, 1):
                variants.append(bool(value))
        else:
            variants = list(lookalikes(value))
        for variant in variants:
            try:
                yield dataclasses.replace(action, **{f.name: variant})
            except (TypeError, ValueError):
                continue


def refused(state: State, player: Any, action: Any, rule: str | None, where: str) -> None:
    """``apply`` raises ``IllegalAction`` (with ``rule``, if given). The caller checks that the
    state is unchanged (one snapshot for many refusals keeps the suite fast)."""
    try:
        state.apply(player, action)
    except IllegalAction as err:
        assert str(err), f"{where}: IllegalAction without a message"
        if rule is not None:
            assert err.rule == rule, f"{where}: {action!r} by {player!r}: rule {err.rule} != {rule}"
    except Exception as err:  # noqa: BLE001 - only IllegalAction may come out of apply
        raise AssertionError(
            f"{where}: apply({player!r}, {shown(action)}) raised {type(err).__name__}: {err}"
        ) from err
    else:
        raise AssertionError(f"{where}: apply({player!r}, {action!r}) was not refused")


def check_refusals(state: State, action: Action, where: str, actor: int | None = None) -> None:
    """Out-of-turn, malformed and non-seat actions are refused with the state unchanged;
    ``action`` is ``actor``'s (default: the first seat to act)."""
    before = snapshot(state)
    players = state.to_dict()["players"]
    acting = state.current_players()
    for seat in range(players):
        if seat not in acting:
            refused(state, seat, action, "not-your-turn", where)
            refused(state, seat, str(action), "not-your-turn", where)
    player = acting[0]
    for text in (*GENERIC_MALFORMED_TEXTS, *hooks(state.game).malformed):
        refused(state, player, text, "malformed", where)
    for thing in (*NOT_ACTIONS, ForeignAction()):
        refused(state, player, thing, "malformed", where)
    actor = player if actor is None else actor
    if action in state.legal_actions(actor):
        for twin in lookalikes(action):
            refused(state, actor, twin, "malformed", where)
    for seat in (-1, players, None, str(player), float(player), True):
        if seat is True and player == 1:
            continue  # True == 1: seat True for seat 1 is checked in tests/test_protocol.py
        refused(state, seat, action, None, where)
    assert snapshot(state) == before, f"{where}: a refused action changed the state"


def check_step(state: State, player: int, action: Action, where: str) -> State:
    """All per-step checks; returns the state after ``player`` takes ``action``."""
    check_turn(state, where)
    check_round_trip(state, where)
    check_views(state, where)
    check_refusals(state, action, where, player)
    before = snapshot(state)
    after = state.apply(player, action)
    assert after is not state, f"{where}: apply returned the same object"
    assert snapshot(state) == before, f"{where}: apply changed the state it was called on"
    again = state.apply(player, str(action))
    assert snapshot(again) == snapshot(after), f"{where}: apply is not deterministic"
    check_events(state, action, after, where)
    return after


def check_game_over(state: State, where: str) -> None:
    """A finished game: nobody acts, every action is refused, scores and winners are there."""
    players = state.to_dict()["players"]
    assert state.is_over() and state.current_players() == (), where
    assert all(state.legal_actions(seat) == [] for seat in range(players)), where
    scores = state.scores()
    assert len(scores) == players and all(isinstance(s, int) for s in scores), where
    winners = state.winners()
    if players == 1 and winners == []:
        pass  # a solo game can be lost: then nobody wins
    else:
        assert winners and all(scores[w] == max(scores) for w in winners), where
        if hooks(state.game).tie_break:
            assert len(winners) == 1, f"{where}: ties are broken, so one winner: {winners}"
        else:
            assert winners == [s for s in range(players) if scores[s] == max(scores)], where
    check_round_trip(state, where)
    check_views(state, where)
    before = snapshot(state)
    refused(state, 0, ForeignAction(), "game-over", where)
    assert snapshot(state) == before, where


def checked_playout(game: Game, players: int, seed: int | str, chooser_seed: int = 99) -> Playout:
    """A playout with every check at every step, then the end-of-game checks."""
    out = play(game, players, seed, chooser_seed, check=check_step)
    check_game_over(out.final, out.where(len(out.moves)))
    return out


def mutations(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[str, Any]]:
    """Copies of a save with one field removed or replaced by something of the wrong kind."""
    weird: tuple[Any, ...] = (None, -1, 10**30, 1.5, "", "x", [], {}, [None], True)
    if isinstance(data, dict):
        items: list[tuple[Any, Any]] = list(data.items())
    elif isinstance(data, list):
        items = list(enumerate(data))
    else:
        return
    for key, value in items:
        here = (*path, key)
        if isinstance(data, dict):
            smaller = dict(data)
            del smaller[key]
            yield f"delete {here}", smaller
        for new in weird:
            if new == value and type(new) is type(value):
                continue
            changed = copy.copy(data)
            changed[key] = new
            yield f"{here} = {new!r}", changed
        for label, sub in mutations(value, here):
            changed = copy.copy(data)
            changed[key] = sub
            yield label, changed


def all_cases() -> list[tuple[str, int]]:
    """(game id, player count) for every registered game."""
    return [(gid, n) for gid in engine.game_ids() for n in engine.get_game(gid).player_counts]


# -- nothing shared: everything a state returns is a copy or immutable -----------------------

SPOILT = "spoilt"


def spoil(value: Any, depth: int = 0) -> None:
    """Change everything mutable inside ``value``, all the way down: every dict and list gets
    its items replaced and one added, every set an item, every object's attributes that can be
    set are set. Frozen values (tuples, frozen actions, cards) are left as they are, but what
    they hold is spoilt in turn."""
    if depth > 40:
        return
    if isinstance(value, dict):
        for key in list(value):
            spoil(value[key], depth + 1)
            value[key] = SPOILT
        value[SPOILT] = SPOILT
    elif isinstance(value, list):
        for item in value:
            spoil(item, depth + 1)
        value[:] = [SPOILT] * len(value)
        value.append(SPOILT)
    elif isinstance(value, set):
        value.add(SPOILT)
    elif isinstance(value, tuple | frozenset):
        for item in value:
            spoil(item, depth + 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            spoil(getattr(value, f.name), depth + 1)
            try:
                setattr(value, f.name, SPOILT)
            except (FrozenInstanceError, AttributeError, TypeError):
                pass
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        for name, item in list(vars(value).items()):
            spoil(item, depth + 1)
            try:
                setattr(value, name, SPOILT)
            except (AttributeError, TypeError):
                pass


def returned(state: State) -> dict[str, str]:
    """Everything ``state`` hands out, part by part as text: views of every seat and of a
    spectator, its save, its events (as saved and as each seat is told them), each seat's legal
    actions, who acts, the scores and the winners."""
    seats: list[int | None] = [None, *range(state.players)]
    parts: dict[str, Any] = {f"view({seat})": state.view(seat) for seat in seats}
    parts["to_dict()"] = state.to_dict()
    for i, e in enumerate(state.events):
        parts[f"events[{i}]"] = [e.to_dict(), e.data, e.public, *(e.for_seat(s) for s in seats)]
    for seat in range(state.players):
        parts[f"legal_actions({seat})"] = [repr(a) for a in state.legal_actions(seat)]
    parts["current_players()"] = list(state.current_players())
    parts["scores()"] = state.scores()
    parts["winners()"] = state.winners()
    return {k: json.dumps(v, sort_keys=True, default=repr) for k, v in parts.items()}


def _changed(before: dict[str, str], after: dict[str, str]) -> list[str]:
    return [k for k in {**before, **after} if before.get(k) != after.get(k)]


def check_nothing_shared(state: State, where: str) -> None:
    """Deep-mutate everything ``state`` returns (``view`` for every seat and a spectator,
    ``to_dict``, each event's ``data``, ``public``, ``to_dict`` and ``for_seat``, every seat's
    ``legal_actions``, ``scores``, ``winners``): neither ``state`` nor a state derived from it
    before the mutation may change."""
    children = []
    for player in state.current_players()[:1]:
        child = state.apply(player, state.legal_actions(player)[0])
        children.append((child, returned(child)))
    before = returned(state)
    seats: list[int | None] = [None, *range(state.players)]
    for seat in seats:
        spoil(state.view(seat))
    spoil(state.to_dict())
    for event in state.events:
        for out in (event.data, event.public, event.to_dict()):
            spoil(out)
        for seat in seats:
            spoil(event.for_seat(seat))
    for seat in range(state.players):
        spoil(state.legal_actions(seat))
    spoil(state.scores())
    spoil(state.winners())
    changed = _changed(before, returned(state))
    assert not changed, f"{where}: changing what the state returned changed its {changed}"
    for child, seen in children:
        changed = _changed(seen, returned(child))
        assert not changed, f"{where}: ... and the {changed} of the state derived from it"


# -- wrong types in every field, other games' actions, foreign objects -----------------------

WRONG_VALUES: tuple[Any, ...] = (
    None,
    0,
    1,
    -1,
    2**70,
    1.5,
    float("nan"),
    float("inf"),
    True,
    False,
    "",
    "x",
    "\x00",
    b"x",
    [],
    [None],
    {},
    {"x": None},
    (),
    (None,),
    ([],),
    ({},),
    frozenset(),
    object(),
)


def _twists(value: Any) -> list[Any]:
    """Values of the wrong type close to ``value``: 3 -> 3.0, "3", [3], ...; "R" -> b"R", ["R"]."""
    out: list[Any] = [[value], (value,), {"value": value}, [[value]]]
    if type(value) is int:
        out += [float(value), str(value), bool(value % 2), complex(value)]
    elif isinstance(value, str):
        out += [value.encode(), list(value), None]
    elif isinstance(value, tuple):
        out += [list(value), set(value) if all(_hashable(v) for v in value) else []]
    return out


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _with(value: Any, name: str | int, new: Any) -> Any:
    """``value`` with its field (or item) ``name`` set to ``new``, however it refuses it."""
    if isinstance(name, int):
        items = list(value)
        items[name] = new
        return tuple(items) if type(value) is tuple else type(value)(items)
    if hasattr(value, "_fields"):  # a NamedTuple (a card): no checks to get round
        return value._replace(**{name: new})
    try:
        return dataclasses.replace(value, **{name: new})
    except Exception:  # noqa: BLE001 - the class checks its fields: build it round the checks
        twin = copy.copy(value)
        object.__setattr__(twin, name, new)
        return twin


def wrong_typed(value: Any, depth: int = 0) -> Iterator[tuple[str, Any]]:
    """(label, copy of ``value`` with one field, at any depth, of a wrong type or value): every
    dataclass field, NamedTuple field and tuple item, replaced by each of ``WRONG_VALUES`` and
    by twists of its own value."""
    if depth > 4:
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names: list[str | int] = [f.name for f in dataclasses.fields(value)]
    elif hasattr(value, "_fields"):
        names = list(value._fields)
    elif isinstance(value, tuple):
        names = list(range(len(value)))
    else:
        return
    for name in names:
        own = value[name] if isinstance(name, int) else getattr(value, name)
        subs = [(f" = {w!r}", w) for w in (*WRONG_VALUES, *_twists(own))]
        subs += [(f"{label}", sub) for label, sub in wrong_typed(own, depth + 1)]
        for label, sub in subs:
            if type(sub) is type(own) and sub == own:
                continue
            yield f".{name}{label}", _with(value, name, sub)


class _Evil(Action):
    """An action whose text, comparison and repr all raise."""

    def __str__(self) -> str:
        raise RuntimeError("no text")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparison")

    def __hash__(self) -> int:
        raise RuntimeError("no hash")

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


FOREIGN_OBJECTS: tuple[Any, ...] = (
    None,
    object(),
    object,
    len,
    lambda: None,
    ValueError("R7"),
    ...,
    NotImplemented,
    1j,
    bytearray(b"R7"),
    range(3),
    iter([]),
    _Evil(),
    ForeignAction(),
)


def declared_actions(samples: Iterable[Action]) -> set[type]:
    """The action classes defined in the modules the samples' classes come from."""
    modules = {sys.modules[type(a).__module__] for a in samples}
    return {
        c
        for m in modules
        for c in vars(m).values()
        if isinstance(c, type) and issubclass(c, Action) and c.__module__ == m.__name__
    }


@functools.cache
def action_samples(game: Game, games: int = 12) -> tuple[Action, ...]:
    """One legal action of each class the game offers (the first found), from random games at
    every player count: up to ``games`` games a count, until every action class declared next
    to the ones seen has been seen."""
    found: dict[type, Action] = {}
    for players in game.player_counts:
        for seed in range(games):
            if found and declared_actions(found.values()) <= set(found):
                break
            state, chooser = game.new_game(players=players, seed=seed), Rng(seed)
            while not state.is_over():
                player = chooser.choice(list(state.current_players()))
                legal = state.legal_actions(player)
                for action in legal:
                    found.setdefault(type(action), action)
                state = state.apply(player, choose(chooser, legal))
    return tuple(found.values())


def blank_actions(cls: type) -> Iterator[tuple[str, Any]]:
    """Instances of an action class with every field set to one wrong value: made without a
    real one to start from, so they reach a class that no random game offered too."""
    names = [f.name for f in dataclasses.fields(cls)] if dataclasses.is_dataclass(cls) else []
    for wrong in WRONG_VALUES:
        action = object.__new__(cls)
        for name in names:
            object.__setattr__(action, name, wrong)
        yield f"({', '.join(names)} = {wrong!r})", action


def _reads_back(game: Game, value: Any) -> bool:
    """Is ``value`` one of the game's own actions: its notation reads back as the very same
    value? (``Game.well_formed``'s definition, kept here so that the suite does not trust the
    method it checks.)"""
    try:
        return isinstance(value, Action) and same_value(game.parse_action(str(value)), value)
    except Exception:  # noqa: BLE001 - not text the game reads: not its action
        return False


def check_bad_input(state: State, where: str, others: list[Action]) -> int:
    """Wrong types in every field of each of the game's action classes (one field at a time,
    at any depth, from a real action of each class; and all fields at once, for every class
    declared beside them), actions of other games and foreign objects, by the seat to act: only
    ``IllegalAction`` ("malformed") comes out, and the state is unchanged. Returns how many
    values were refused."""
    game = state.game
    player = state.current_players()[0]
    before = snapshot(state)
    tried = 0
    samples = (*action_samples(game), *state.legal_actions(player)[:1])
    variants = [(type(a), wrong_typed(a)) for a in samples]
    for cls in sorted(declared_actions(samples), key=lambda c: c.__name__):
        variants.append((cls, blank_actions(cls)))  # also any class no random game offered
    for cls, bads in variants:
        for label, bad in bads:
            if _reads_back(game, bad):
                continue  # e.g. a card of another value: a real action, maybe legal
            refused(state, player, bad, "malformed", f"{where}: {cls.__name__}{label}")
            tried += 1
    for other in others:
        if _reads_back(game, other):
            continue
        refused(state, player, other, "malformed", f"{where}: {other!r} of another game")
        tried += 1
    for thing in FOREIGN_OBJECTS:
        refused(state, player, thing, "malformed", f"{where}: {type(thing).__name__}")
        tried += 1
    assert snapshot(state) == before, f"{where}: a refused value changed the state"
    return tried
