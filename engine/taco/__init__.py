"""Crazy Taco: a dice game of serving a queue of customers, solo or 1 vs 1."""

from .state import GAME, TacoGame, TacoState

__all__ = ["GAME", "TacoGame", "TacoState"]
