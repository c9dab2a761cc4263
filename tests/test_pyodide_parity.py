"""Same seed, same game: CPython (this interpreter) and Pyodide (CPython 3.14 compiled to wasm,
from node_modules, run by Node) must play identical seeded games, action for action."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROBE = ROOT / "tests" / "pyodide" / "parity_probe.py"
RUNNER = ROOT / "tests" / "pyodide" / "run_python.mjs"


def _pyodide_missing() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed"
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        return "node_modules/pyodide is missing (run npm ci)"
    return None


def test_same_seed_same_game_in_cpython_and_pyodide() -> None:
    missing = _pyodide_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI must check Pyodide parity, but {missing}")
        pytest.skip(missing)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    here = subprocess.run(
        [sys.executable, str(PROBE)], capture_output=True, text=True, env=env, check=True
    ).stdout.splitlines()
    there = subprocess.run(
        ["node", str(RUNNER), str(ROOT), str(PROBE)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=300,
    ).stdout.splitlines()
    assert there[-1] == "python (3, 14)", "the probe did not run on Pyodide's CPython 3.14"
    assert len(here) > 1
    assert here[:-1] == there[:-1]
