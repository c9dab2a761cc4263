"""Which games exist, by id: one registration line per game (OpenSpiel's ``register_game``).

The shipped games are listed by module name in ``BUILTIN`` and imported only when first asked
for, so ``import engine`` stays cheap and nothing here imports a game at module level (no import
cycles: a game's modules import ``engine.protocol``, never the registry). A game that lives
elsewhere — the rock-paper-scissors game of the tests — joins with ``register_game(GAME)``.
"""

from __future__ import annotations

import importlib

from .protocol import Game

BUILTIN: tuple[str, ...] = (
    "engine.jalapeno",
    "engine.nacho",
    "engine.taco",
)
"""One line per shipped game: a package whose ``GAME`` is its ``Game`` object."""

_registered: dict[str, Game] = {}
_loaded = False


def register_game(game: Game) -> Game:
    """Make ``game`` known by its id (refuses a second, different game with the same id)."""
    if not isinstance(game, Game):
        raise TypeError(f"register_game takes a Game, not {type(game).__name__}")
    _load_builtin()  # the shipped games keep their places first
    known = _registered.get(game.id)
    if known is not None and known is not game:
        raise ValueError(f"a different game is already registered as {game.id!r}")
    _registered[game.id] = game
    return game


def _load_builtin() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in BUILTIN:
            register_game(importlib.import_module(module).GAME)


def game_ids() -> list[str]:
    """Every registered game's id: the shipped ones first, in ``BUILTIN``'s order."""
    _load_builtin()
    return list(_registered)


def games() -> list[Game]:
    _load_builtin()
    return list(_registered.values())


def get_game(game_id: str) -> Game:
    """``get_game("jalapeno")`` -> the game; unknown ids raise ValueError naming the known ones."""
    _load_builtin()
    if game_id not in _registered:
        raise ValueError(f"unknown game {game_id!r}; known games: {sorted(_registered)}")
    return _registered[game_id]
