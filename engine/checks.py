"""What the shared conformance suite (``tests/conformance.py``) must know about one game beyond
the protocol: which text in a state is one seat's secret, how long a game may last, which texts
must be refused, and the game's own invariants.

A game names the module that holds its ``CHECKS`` in its declaration (``checks =
"engine.jalapeno.checks"``), next to its rules, the way it names its bots; the suite finds it
there, so a new game needs no line in the tests. Nothing here is used in play.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Checks:
    """One game's conformance hooks."""

    hidden: Callable[[Any, int], Collection[str]]
    """Text tokens (as they appear in views and saves) that only ``seat`` may see in ``state``
    now, e.g. ``{"R7", "G12"}`` for the cards in its hand. No other seat's view, and no public
    view, may contain any of them."""

    max_steps: int = 20_000
    """A playout longer than this counts as a game that never ends."""

    malformed: tuple[str, ...] = field(default=())
    """Extra action texts that must be refused as malformed (the generic ones always are)."""

    history_keys: tuple[str, ...] = field(default=())
    """Top-level view keys about finished rounds only. Their tokens were public then, and the
    same card names are dealt again, so they are left out of the hidden-card scan."""

    tie_break: bool = False
    """The rules break ties for first place (The Nacho Incident: the gemstone holder, then the
    nearest counter-clockwise): ``winners()`` is then one seat with the best score, not all."""

    invariants: Callable[[Any], None] | None = None
    """``invariants(state)`` raises ``AssertionError`` (saying what broke) if ``state`` breaks
    one of the game's own invariants (every card in exactly one place, money equal to a recount,
    ...). ``tests/test_invariants.py`` runs it after each of at least 100,000 random legal
    actions per game and CI run, so it must stay fast (~20 s for those 100,000 on 2 cores); a
    game without it fails that test."""


def checks_of(game: Any) -> Checks:
    """The ``CHECKS`` of ``game`` (a ``Game``), from the module its ``checks`` names (a
    ``Checks`` value there is taken as it is). Raises ``LookupError`` saying what to add."""
    named = getattr(game, "checks", None)
    if isinstance(named, Checks):
        return named
    if not named:
        raise LookupError(
            f'game {game.id!r} declares no conformance checks: set `checks = "<module>"` on its'
            " Game class, naming a module with `CHECKS = engine.checks.Checks(hidden=...)`"
        )
    found = getattr(importlib.import_module(named), "CHECKS", None)
    if not isinstance(found, Checks):
        raise LookupError(f"{named} has no CHECKS (an engine.checks.Checks)")
    return found
