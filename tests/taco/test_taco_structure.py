"""Crazy Taco's engine folder stays clean (issue 13, "A new game in two lines"): the rules work on
the restaurant's fields and never import the state (no import cycle at all in engine/ is
tests/test_imports.py), and files stay small enough to read."""

from __future__ import annotations

import ast
from pathlib import Path

FOLDER = Path(__file__).resolve().parents[2] / "engine" / "taco"
PACKAGE = "engine.taco"
MOST_LINES = 420


def imports(path: Path) -> set[str]:
    """Modules of this package that ``path`` imports anywhere in it (``if TYPE_CHECKING:`` and
    function bodies included); ``from . import x`` names the submodule ``x``."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(f"{PACKAGE}.{node.module}")
            else:
                out |= {f"{PACKAGE}.{a.name}" for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return out


def graph() -> dict[str, set[str]]:
    modules = {f"{PACKAGE}.{p.stem}": p for p in FOLDER.glob("*.py") if p.stem != "__init__"}
    return {name: imports(path) & set(modules) - {name} for name, path in modules.items()}


def test_the_rules_never_import_the_state() -> None:
    """The rules work on a ``Restaurant`` (engine/taco/restaurant.py), which imports no rule."""
    edges = graph()
    assert edges[f"{PACKAGE}.restaurant"] == set()
    rules = ("arrivals", "explain", "flow", "hand", "ledger", "placement", "save", "versus")
    for name in rules:
        assert f"{PACKAGE}.state" not in edges[f"{PACKAGE}.{name}"], name


def test_files_stay_readable() -> None:
    lines = {p.name: len(p.read_text().splitlines()) for p in FOLDER.glob("*.py")}
    assert not {name: n for name, n in lines.items() if n > MOST_LINES}
