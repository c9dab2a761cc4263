"""Shared pytest setup: the engine on the path, and bounded hypothesis profiles."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `import engine` without installing the package
    sys.path.insert(0, str(ROOT))

from games import rps  # noqa: E402  (tests/games: test-only games)

import engine  # noqa: E402

engine.register_game(rps.GAME)  # the one line that adds a game to the engine

# Property tests stay bounded so that `pytest -q tests` runs in about a minute on two cores.
# Tests choose their own max_examples; these profiles only fix the rest. HYPOTHESIS_PROFILE=ci
# derandomises, so that CI cannot fail on an example no one can reproduce.
settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile(
    "ci",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
    print_blob=True,
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default")
)
