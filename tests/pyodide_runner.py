"""Run Python on Pyodide (CPython 3.14 compiled to wasm, from node_modules, driven by Node) and on
this interpreter, so tests can show both give the same results."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "pyodide" / "run_python.mjs"


def require_pyodide(what: str) -> None:
    """Skip locally when Node or the npm pyodide package is missing; in CI that is a failure."""
    missing = None
    if shutil.which("node") is None:
        missing = "node is not installed"
    elif not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        missing = "node_modules/pyodide is missing (run npm ci)"
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI must check {what} on Pyodide, but {missing}")
        pytest.skip(missing)


def run_here(script: Path) -> list[str]:
    """Output lines of ``script`` on this interpreter, with the repo's engine importable."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, check=True
    )
    return done.stdout.splitlines()


def run_on_pyodide(script: Path) -> list[str]:
    """Output lines of ``script`` on Pyodide; the last line is checked to come from 3.14."""
    done = subprocess.run(
        ["node", str(RUNNER), str(ROOT), str(script)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=300,
    )
    return done.stdout.splitlines()
