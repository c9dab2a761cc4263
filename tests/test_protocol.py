"""engine/protocol.py and engine/registry.py: the parts every game shares."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from dataclasses import dataclass

import conformance
import pytest

import engine
from engine import Action, Game, IllegalAction, OptionSpec, State
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

    def view(self, player: int | None) -> dict:
        if player is not None and not (type(player) is int and 0 <= player < self.players):
            raise ValueError("no such seat")
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
    monkeypatch.setitem(
        conformance.HOOKS, "toy", conformance.Hooks(hidden=lambda s, p: {s.secret(p)})
    )
    for players in ToyGame.player_counts:
        for seed in range(4):
            conformance.checked_playout(ToyState.game, players, seed)


def test_the_conformance_suite_catches_a_toy_view_that_leaks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(
        conformance.HOOKS, "toy", conformance.Hooks(hidden=lambda s, p: {s.secret(p)})
    )
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


def test_an_option_spec_names_all_its_choices_or_none() -> None:
    spec = OptionSpec(False, (False, True), "doc", label="Open", choice_labels=("No", "Yes"))
    assert spec.label == "Open" and spec.choice_labels == ("No", "Yes")
    assert OptionSpec(1, (1, 2)).choice_labels == ()
    with pytest.raises(ValueError, match="choice_labels"):
        OptionSpec(1, (1, 2, 3), choice_labels=("one", "two"))
