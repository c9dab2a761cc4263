"""The Nacho Incident: smuggling food between Canadian provinces past the Mounties (2-4)."""

from .state import GAME, NachoGame, NachoState

__all__ = ["GAME", "NachoGame", "NachoState"]
