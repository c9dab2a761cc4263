"""Picante rules engine: pure Python (standard library only), runs on CPython and Pyodide.

>>> import engine
>>> game = engine.get_game("jalapeno")
>>> state = game.new_game(players=4, seed=7)
>>> player = state.current_players()[0]
>>> action = state.legal_actions(player)[0]
>>> state.apply(player, action) is not state
True
"""

from .protocol import Action, Event, Game, IllegalAction, OptionSpec, State
from .registry import game_ids, games, get_game, register_game

__all__ = [
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "OptionSpec",
    "State",
    "game_ids",
    "games",
    "get_game",
    "register_game",
]
