"""Same seed, same game: CPython (this interpreter) and Pyodide (CPython 3.14 compiled to wasm,
from node_modules, run by Node) must play identical seeded games, action for action, and read
the same records and links as the same games."""

from __future__ import annotations

from pyodide_runner import ROOT, require_pyodide, run_here, run_on_pyodide

PROBE = ROOT / "tests" / "pyodide" / "parity_probe.py"
RECORDS = ROOT / "tests" / "pyodide" / "record_probe.py"


def test_same_seed_same_game_in_cpython_and_pyodide() -> None:
    require_pyodide("seeded games")
    here, there = run_here(PROBE), run_on_pyodide(PROBE)
    assert there[-1] == "python (3, 14)", "the probe did not run on Pyodide's CPython 3.14"
    assert len(here) > 1
    assert here[:-1] == there[:-1]


def test_records_and_links_replay_the_same_games_in_cpython_and_pyodide() -> None:
    require_pyodide("records")
    here, there = run_here(RECORDS), run_on_pyodide(RECORDS)
    assert there[-1] == "python (3, 14)", "the probe did not run on Pyodide's CPython 3.14"
    assert len(here) == 1 + 2 * sum(len(c) for c in ((3, 4, 5, 6, 7, 8, 9), (2, 3, 4), (1, 2)))
    assert here[:-1] == there[:-1]
