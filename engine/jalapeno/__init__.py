"""Jalape-NO!: a trick-avoidance card game for 3 to 9 players (a reprint of Pepper)."""

from .actions import Play
from .cards import Card
from .game import GAME, JalapenoGame
from .state import JalapenoState

__all__ = ["GAME", "Card", "JalapenoGame", "JalapenoState", "Play"]
