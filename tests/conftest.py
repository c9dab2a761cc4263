"""Shared pytest setup: the engine on the path, bounded hypothesis profiles, and `ui.app` under
stand-ins for the page (`app_module`)."""

from __future__ import annotations

import os
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "web"):  # `import engine` without installing it; the UI's `ui`
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

# The test-only games (tests/games/), registered on both sides by their two lines, as the test
# build's page does: the conformance suite, the UI tests and the build's game list all see them.
import games.register  # noqa: E402, F401

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


def pytest_terminal_summary(terminalreporter) -> None:  # type: ignore[no-untyped-def]
    """How many random actions each game's invariants were checked on (tests/test_invariants.py
    records them as the test's properties), so that every run shows the count."""
    rows = []
    for report in terminalreporter.stats.get("passed", []):
        props = dict(getattr(report, "user_properties", ()))
        if report.when == "call" and "invariant_actions" in props:
            game = report.nodeid.rpartition("[")[2].rstrip("]")
            rows.append(
                f"{game}: {props['invariant_actions']:,} actions in {props['invariant_games']}"
                f" games, {props['invariant_cpu_seconds']} s CPU ({props['invariant_seconds']} s)"
            )
    if rows:
        terminalreporter.write_sep("-", "invariants checked")
        for row in rows:
            terminalreporter.write_line(row)


@pytest.fixture
def app_module(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``ui.app`` imported under stand-ins for the page (``js``, ``pyodide.ffi``), which CPython
    has not; every module imported under them is dropped again afterwards."""
    monkeypatch.syspath_prepend(str(ROOT / "web"))
    ffi = types.ModuleType("pyodide.ffi")
    for name in ("create_once_callable", "create_proxy", "to_js"):
        setattr(ffi, name, lambda *a, **k: None)
    ffi.jsnull = None  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", types.ModuleType("js"))
    monkeypatch.setitem(sys.modules, "pyodide", pyodide)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    before = set(sys.modules)
    import ui.app

    yield ui.app
    for name in set(sys.modules) - before:  # nothing imported under the stand-ins stays
        del sys.modules[name]
        package, _, child = name.rpartition(".")
        if package in sys.modules and getattr(sys.modules[package], child, None) is not None:
            delattr(sys.modules[package], child)  # (``from ui import dom`` would find it)
