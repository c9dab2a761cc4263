"""engine/protocol.py and engine/registry.py: the parts every game shares."""

from __future__ import annotations

import doctest
import importlib
import json
import pkgutil
from dataclasses import dataclass

import conformance
import pytest
from rulebooks import decision_test_names, defined_tests, missing_tests

import engine
from engine import Action, Game, IllegalAction, OptionSpec, State
from engine.checks import Checks
from engine.rng import Rng, seed_state


@pytest.fixture
def state() -> engine.State:
    return engine.get_game("jalapeno").new_game(players=4, seed=3, options={"first_player": 1})


@pytest.mark.parametrize("seat", [1.0, True, "1", None, [1]])
def test_a_seat_that_is_not_an_int_is_refused(state: engine.State, seat: object) -> None:
    """Out-of-turn or malformed: IllegalAction, never a TypeError, and True is not seat 1."""
    action = state.legal_actions(1)[0]
    with pytest.raises(IllegalAction):
        state.apply(seat, action)  # type: ignore[arg-type]
    assert state.legal_actions(seat) == []  # type: ignore[arg-type]
    if seat is not None:  # view(None) is the public view
        with pytest.raises(ValueError):
            state.view(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("key", "value"), [("rounds", 5.0), ("rounds", True), ("first_player", 1.0)]
)
def test_an_option_value_must_have_the_type_of_its_choices(key: str, value: object) -> None:
    """5.0 == 5, but a float is not one of the allowed values (it would be saved as 5.0)."""
    game = engine.get_game("jalapeno")
    with pytest.raises(ValueError, match=key):
        game.new_game(players=4, seed=1, options={key: value})


# -- the registry -------------------------------------------------------------------------


def test_game_ids_lists_jalapeno_and_get_game_serves_it() -> None:
    assert "jalapeno" in engine.game_ids()
    game = engine.get_game("jalapeno")
    assert game.id == "jalapeno" and game.name == "Jalape-NO!" and repr(game) == "<Game jalapeno>"
    assert game.player_counts == (3, 4, 5, 6, 7, 8, 9)


def test_an_unknown_game_is_a_value_error_naming_the_known_games() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'pepper'; known games: \[.*'jalapeno'"):
        engine.get_game("pepper")


# -- IllegalAction and the order of apply's checks -------------------------------------------


def test_illegal_action_carries_a_rule_key() -> None:
    err = IllegalAction("You must follow red: you hold red cards.", "follow-colour")
    assert str(err) == "You must follow red: you hold red cards." and err.rule == "follow-colour"
    assert IllegalAction("no").rule == "illegal"


def test_apply_checks_game_over_then_form_then_turn_then_rules(state: engine.State) -> None:
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "not a card")  # malformed beats out-of-turn
    assert err.value.rule == "malformed"
    with pytest.raises(IllegalAction) as err:
        state.apply(0, state.legal_actions(1)[0])
    assert err.value.rule == "not-your-turn"
    held = {str(a) for a in state.legal_actions(1)}
    stranger = next(c for c in ("R2", "R3", "R4", "R5", "R6") if c not in held)
    with pytest.raises(IllegalAction) as err:
        state.apply(1, stranger)
    assert err.value.rule == "not-held"


def test_winners_is_empty_until_the_game_is_over(state: engine.State) -> None:
    assert not state.is_over() and state.winners() == []


def test_option_spec_is_a_frozen_description() -> None:
    spec = engine.get_game("jalapeno").options["rounds"]
    assert spec.default == 5 and spec.choices == tuple(range(1, 11)) and "5" in spec.doc
    with pytest.raises(AttributeError):
        spec.default = 3  # type: ignore[misc]


# -- doctests: every engine module's examples run --------------------------------------------

ENGINE_MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(engine.__path__, "engine.")
    if not info.name.endswith("__main__")
)


def test_engine_modules_are_found() -> None:
    assert {"engine.protocol", "engine.rng", "engine.jalapeno.rules"} <= set(ENGINE_MODULES)


@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_doctests_of_engine_module(name: str) -> None:
    module = importlib.import_module(name)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testmod(module, optionflags=flags, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"


def test_the_rules_modules_have_doctests() -> None:
    for name in ("engine", "engine.rng", "engine.jalapeno.rules", "engine.jalapeno.scoring"):
        assert doctest.testmod(importlib.import_module(name)).attempted > 0, name


# -- a toy game: the protocol and the conformance suite know nothing of Jalape-NO! -----------


@dataclass(frozen=True)
class Take(Action):
    count: int

    def __str__(self) -> str:
        return f"take{self.count}"


class ToyState(State):
    """Seats take 1 or 2 counters in turn; whoever takes the last one loses. Each seat holds a
    secret word (hidden information) that only its own view shows."""

    def __init__(self, players: int, left: int, turn: int | None, loser: int | None, rng: int):
        self.players, self.left, self.turn, self.loser, self.rng = players, left, turn, loser, rng

    def secret(self, seat: int) -> str:
        return f"secret{seat}x{self.rng % 1000}"

    def current_players(self) -> tuple[int, ...]:
        return () if self.turn is None else (self.turn,)

    def legal_actions(self, player: int) -> list[Action]:
        if player != self.turn or type(player) is not int:
            return []
        return [Take(n) for n in (1, 2) if n <= self.left]

    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        if not isinstance(action, Take):
            return IllegalAction("Not a toy action.", "malformed")
        return IllegalAction(f"Only {self.left} left.", "too-many")

    def _apply(self, player: int, action: Action) -> ToyState:
        assert isinstance(action, Take)
        left = self.left - action.count
        if left == 0:
            return ToyState(self.players, 0, None, player, self.rng)
        return ToyState(self.players, left, (player + 1) % self.players, None, self.rng)

    def _view(self, player: int | None) -> dict:
        out: dict = {"left": self.left, "turn": self.turn}
        if player is not None:
            out["secret"] = self.secret(player)
        return out

    def to_dict(self) -> dict:
        return {
            "game": "toy",
            "version": 1,
            "players": self.players,
            "left": self.left,
            "turn": self.turn,
            "loser": self.loser,
            "rng": self.rng,
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ToyState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def scores(self) -> list[int]:
        return [-1 if seat == self.loser else 0 for seat in range(self.players)]


class ToyGame(Game):
    id = "toy"
    name = "Toy"
    player_counts = (2, 3)
    options = {"counters": OptionSpec(7, (5, 7, 9))}

    def new_game(self, players, seed=None, options=None):  # type: ignore[no-untyped-def]
        players = self.check_players(players)
        opts = self.check_options(options)
        rng = Rng(seed_state(0 if seed is None else seed))
        return ToyState(players, opts["counters"], rng.below(players), None, rng.next_u64())

    def from_dict(self, data):  # type: ignore[no-untyped-def]
        self.check_envelope(data)
        try:
            return ToyState(
                self.check_players(data["players"]),
                int(data["left"]),
                data["turn"],
                data["loser"],
                int(data["rng"]),
            )
        except (KeyError, TypeError) as err:
            raise ValueError(f"bad toy save: {err!r}") from None

    def parse_action(self, text: str) -> Action:
        if text in ("take1", "take2"):
            return Take(int(text[-1]))
        raise ValueError(f"not a toy action: {text!r}")


ToyState.game = ToyGame()


def test_the_conformance_suite_runs_on_any_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game registers one hook (a seat's hidden tokens) and the whole suite applies."""
    monkeypatch.setattr(ToyGame, "checks", Checks(hidden=lambda s, p: {s.secret(p)}))
    for players in ToyGame.player_counts:
        for seed in range(4):
            conformance.checked_playout(ToyState.game, players, seed)


def test_the_conformance_suite_catches_a_toy_view_that_leaks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ToyGame, "checks", Checks(hidden=lambda s, p: {s.secret(p)}))
    monkeypatch.setattr(ToyState, "view", lambda self, p: {"all": [self.secret(0), self.secret(1)]})
    with pytest.raises(AssertionError, match="hidden"):
        conformance.checked_playout(ToyState.game, 2, 1)


def test_shared_validation_messages() -> None:
    game = ToyState.game
    with pytest.raises(ValueError, match=r"Toy is for 2 to 3 players; allowed: \[2, 3\] \(got 4\)"):
        game.new_game(players=4)
    with pytest.raises(
        ValueError, match=r"unknown option\(s\) \['speed'\] for Toy; allowed: \['counters'\]"
    ):
        game.new_game(players=2, options={"speed": 1})
    with pytest.raises(
        ValueError, match=r"option 'counters' of Toy must be one of \[5, 7, 9\] \(got 6\)"
    ):
        game.new_game(players=2, options={"counters": 6})
    with pytest.raises(ValueError, match="a saved Toy game must be a JSON object"):
        game.from_dict([])
    with pytest.raises(ValueError, match="not a saved Toy game"):
        game.from_dict({"game": "jalapeno", "version": 1})
    with pytest.raises(
        ValueError, match="unsupported save version 2 for Toy; this app reads version 1"
    ):
        game.from_dict({"game": "toy", "version": 2})


@pytest.mark.parametrize(
    ("game_id", "option", "players"), [("jalapeno", "first_player", 3), ("nacho", "gemstone", 2)]
)
def test_a_seat_valued_option_must_name_a_seat_of_the_table(
    game_id: str, option: str, players: int
) -> None:
    # Declared as data (``seat=True``): the setup screen offers the table's seats by name, and
    # ``Game.start`` refuses a seat the table does not have.
    game = engine.get_game(game_id)
    assert game.options[option].seat
    described = {o["name"]: o for o in game.describe()["options"]}
    assert described[option]["seat"] is True
    assert not any(o["seat"] for name, o in described.items() if name != option)
    with pytest.raises(ValueError, match=rf"option '{option}' must be a seat 0..{players - 1}"):
        game.new_game(players=players, seed=1, options={option: players})
    state = game.new_game(players=players, seed=1, options={option: players - 1})
    assert state.to_dict()["options"][option] == players - 1
    # A save is held to the same rule (Game.check_setup serves both).
    bad = state.to_dict()
    bad["options"][option] = players
    with pytest.raises(ValueError, match=rf"bad .* save: option '{option}' must be a seat"):
        game.from_dict(bad)


def test_start_seeds_the_game_or_draws_a_fresh_seed() -> None:
    game = ToyState.game
    _, _, a = game.start(2, "s", None)
    _, _, b = game.start(2, "s", None)
    assert a.next_u64() == b.next_u64()  # same seed, same generator
    _, opts, _ = game.start(2, None, {"counters": 9})
    assert opts == {"counters": 9}


def test_protocol_apply_refuses_a_finished_game() -> None:
    state = ToyState(2, 0, None, 1, 5)
    assert state.is_over() and state.winners() == [0]
    with pytest.raises(IllegalAction, match="The game is over.") as err:
        state.apply(0, "take1")
    assert err.value.rule == "game-over"


def test_protocol_apply_asks_the_game_why_an_action_is_illegal() -> None:
    state = ToyState(2, 1, 0, None, 5)
    with pytest.raises(IllegalAction, match="Only 1 left.") as err:
        state.apply(0, Take(2))
    assert err.value.rule == "too-many"


# -- the platform is generic: declaration, events, envelope, strict actions -----------------


def test_an_equal_action_of_other_field_types_is_refused_with_the_state_unchanged(
    state: engine.State,
) -> None:
    """Play(Card('R', 3.0)) == Play(Card('R', 3)): accepting it would show 'R3.0' in the trick
    and write a save that no longer loads."""
    from engine.jalapeno import Card, Play

    real = state.legal_actions(1)[0]
    before = state.to_dict()
    for value in (float(real.card.value), *((True,) if real.card.value == 1 else ())):
        twin = Play(Card(real.card.colour, value))
        assert twin == real
        with pytest.raises(IllegalAction) as err:
            state.apply(1, twin)
        assert err.value.rule == "malformed"
    assert state.to_dict() == before
    assert str(state.apply(1, real).trick[0][1]) == str(real)


def test_the_view_envelope_has_the_same_keys_for_every_game() -> None:
    for game_id in engine.game_ids():
        game = engine.get_game(game_id)
        state = game.new_game(players=game.player_counts[0], seed=4)
        seat = state.current_players()[0]
        view = state.view(seat)
        assert set(engine.protocol.ENVELOPE_KEYS) <= set(view), game_id
        assert view["legal"] == [str(a) for a in state.legal_actions(seat)]
        assert view["to_act"] == list(state.current_players()) and view["over"] is False
        assert state.view(None)["legal"] == [] and view["players"] == state.players


def test_jalapeno_events_tell_the_play_the_trick_and_the_round() -> None:
    game = engine.get_game("jalapeno")
    state = game.new_game(players=3, seed=2, options={"rounds": 1})
    kinds: list[str] = []
    while not state.is_over():
        seat = state.current_players()[0]
        action = state.legal_actions(seat)[0]
        state = state.apply(seat, action)
        events = state.view(None)["events"]
        assert events[0] == {
            "kind": "play",
            "seat": seat,
            "card": str(action),
            "lead": events[0]["lead"],
        }
        kinds += [e["kind"] for e in events]
    assert kinds.count("play") == 3 * kinds.count("trick") and kinds.count("trick") >= 9
    assert kinds[-2:] == ["round", "game-over"]
    assert state.view(None)["events"][-1]["winners"] == state.winners()


# -- events are immutable, and hand out copies only ---------------------------------------


def _nested_event() -> engine.Event:
    return engine.Event(
        "trick",
        1,
        {"cards": [[0, "R7"], [1, "R9"]], "who": {"names": ["Ana"]}},
        to=[1],
        public={"count": [2]},
    )


def _spoil(value: object) -> None:
    """Change every list and dict inside ``value``, all the way down."""
    if isinstance(value, dict):
        for v in list(value.values()):
            _spoil(v)
        value["spoilt"] = True
    elif isinstance(value, list):
        for v in value:
            _spoil(v)
        value.append("spoilt")


def test_an_event_cannot_be_changed_through_anything_it_hands_out() -> None:
    event, same = _nested_event(), _nested_event()
    assert event == same and hash(event) == hash(same) and event.to == (1,)
    for out in (
        event.data,
        event.public,
        event.for_seat(1),
        event.for_seat(0),
        event.for_seat(None),
        event.to_dict(),
    ):
        _spoil(out)
    assert event == same
    assert event.for_seat(1) == {
        "kind": "trick",
        "seat": 1,
        "cards": [[0, "R7"], [1, "R9"]],
        "who": {"names": ["Ana"]},
    }
    assert event.for_seat(0) == {"kind": "trick", "seat": 1, "secret": True, "count": [2]}


def test_an_event_is_frozen() -> None:
    event = _nested_event()
    for name in ("kind", "seat", "data", "to", "public", "_data"):
        with pytest.raises(AttributeError):
            setattr(event, name, None)
    with pytest.raises(AttributeError):
        del event.kind


def test_a_loaded_event_keeps_its_own_copy_of_the_save() -> None:
    saved = _nested_event().to_dict()
    event = engine.Event.from_dict(saved, players=2)
    assert event == _nested_event()
    _spoil(saved)
    assert event == _nested_event()


def test_an_event_copies_and_pickles_as_itself() -> None:
    import copy
    import pickle

    event = _nested_event()
    for twin in (copy.copy(event), copy.deepcopy(event), pickle.loads(pickle.dumps(event))):
        assert twin == event and twin is not event
    assert repr(event).startswith("Event('trick', 1, {'cards'")
    assert engine.Event("deal") == engine.Event("deal", None, {}, None, {})
    assert engine.Event("deal") != engine.Event("deal", 0) and engine.Event("deal") != "deal"


def test_mutating_a_views_events_or_a_save_changes_no_state() -> None:
    game = engine.get_game("jalapeno")
    state = game.new_game(players=3, seed=2)
    while not any(e.kind == "trick" for e in state.events):
        seat = state.current_players()[0]
        state = state.apply(seat, state.legal_actions(seat)[0])
    seen = lambda: json.dumps([state.to_dict(), *(state.view(s) for s in (None, 0, 1, 2))])  # noqa: E731
    before = seen()
    for out in (state.view(None), state.view(0), state.to_dict()):
        _spoil(out)
    assert seen() == before


def test_a_secret_pick_is_announced_without_its_content() -> None:
    from games.rps import GAME as RPS

    state = RPS.new_game(players=2)
    assert state.current_players() == (0, 1)  # simultaneous: both choose
    state = state.apply(1, "P")
    assert state.current_players() == (0,)
    assert state.view(1)["events"] == [{"kind": "pick", "seat": 1, "sign": "paper"}]
    for viewer in (0, None):
        assert state.view(viewer)["events"] == [{"kind": "pick", "seat": 1, "secret": True}]
        assert "paper" not in str(state.view(viewer))
    state = state.apply(0, "R")
    reveal = state.view(0)["events"][-1]
    assert reveal["kind"] == "reveal" and reveal["signs"] == ["rock", "paper"]
    assert state.scores() == [0, 1]


def test_register_game_refuses_a_different_game_under_a_known_id() -> None:
    from games.rps import RpsGame

    with pytest.raises(ValueError, match="already registered"):
        engine.register_game(RpsGame())


def test_generic_drivers_name_no_game() -> None:
    """The drivers serve whatever is registered: no game id in their code (docs may show one)."""
    import ast
    from pathlib import Path

    root = Path(engine.__file__).parent
    ids = {"jalapeno", "nacho", "taco"}
    for name in ("bots.py", "cli.py", "protocol.py", "search.py"):
        path = root / name
        if not path.exists():
            continue
        tree = ast.parse(path.read_text())
        docs = {  # docstrings, attribute docstrings: any bare string statement
            id(node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docs
            ):
                named = {i for i in ids if i in node.value.lower()}
                assert not named, f"{name} names {named} in {node.value!r}"
            if isinstance(node, ast.Name | ast.Attribute):
                text = ast.unparse(node).lower()
                assert not any(i in text for i in ids), f"{name} names a game: {text}"


def test_an_option_spec_labels_its_values_and_parses_them() -> None:
    spec = OptionSpec(False, (False, True), "doc", label="Open", value_labels={True: "Yes"})
    assert spec.label_of(True) == "Yes" and spec.label_of(False) == "False"
    assert spec.label_of(1) == "1"  # 1 == True, but it is not the value True
    assert spec.parse("true") is True and spec.parse(" False ") is False
    with pytest.raises(ValueError, match="must be one of"):
        spec.parse("maybe")
    assert spec.describe("open")["choices"] == [
        {"value": False, "label": "False"},
        {"value": True, "label": "Yes"},
    ]


def test_every_test_named_in_rules_decisions_exists() -> None:
    """docs/rules-decisions.md says which test covers each decision: those tests must exist."""
    named = decision_test_names()
    assert len(named) > 100
    missing = missing_tests(named, defined_tests())
    assert not missing, f"docs/rules-decisions.md names tests that do not exist: {missing}"
    assert missing_tests({"test_no_such_test_anywhere"}, defined_tests())  # the check can fail


@pytest.mark.parametrize("game_id", ["jalapeno", "nacho", "taco"])
def test_a_games_bots_module_offers_exactly_its_declared_levels(game_id: str) -> None:
    game = engine.get_game(game_id)
    bots = importlib.import_module(game.bots)
    assert tuple(bots.BOTS) == game.bot_levels
    for level in game.bot_levels:
        bot = engine.bots.make_bot(game_id, level, 1, seed=3, iterations=5)
        assert bot.seat == 1 and bot.level == level
