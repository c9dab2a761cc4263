"""Crazy Taco's engine folder stays clean (issue 13, "A new game in two lines"): no module imports
itself back through others, type-checking imports included, and files stay small enough to read.
"""

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


def cycle_from(edges: dict[str, set[str]], start: str) -> list[str] | None:
    """A path of imports from ``start`` back to itself, if there is one."""
    stack, seen = [(start, [start])], set()
    while stack:
        node, path = stack.pop()
        for nxt in sorted(edges[node]):
            if nxt == start:
                return [*path, start]
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, [*path, nxt]))
    return None


def test_the_engine_folder_has_no_import_cycle() -> None:
    edges = graph()
    assert len(edges) > 10  # the folder was found and read
    cycles = [c for c in (cycle_from(edges, m) for m in sorted(edges)) if c]
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_the_cycle_finder_finds_a_cycle() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycle_from(edges, "a") == ["a", "b", "c", "a"]
    assert cycle_from(edges, "d") is None


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
