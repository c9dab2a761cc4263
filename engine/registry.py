"""Which games exist, by id."""

from __future__ import annotations

from .protocol import Game


def _games() -> dict[str, Game]:
    from .jalapeno import GAME as JALAPENO

    return {JALAPENO.id: JALAPENO}


def game_ids() -> list[str]:
    return list(_games())


def get_game(game_id: str) -> Game:
    """``get_game("jalapeno")`` -> the game; unknown ids raise ValueError naming the known ones."""
    games = _games()
    if game_id not in games:
        raise ValueError(f"unknown game {game_id!r}; known games: {sorted(games)}")
    return games[game_id]
