"""The Nacho Incident's engine package imports in one direction only: no module imports one that
imports it back, type-checking imports included (``table.py`` holds the data the rule modules
share, ``state.py`` the protocol on top of them)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "engine" / "nacho"


def imports_within(path: Path) -> set[str]:
    """The modules of ``engine.nacho`` that ``path`` imports, anywhere in it (functions and
    ``if TYPE_CHECKING:`` blocks too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:  # from . import x / from .x import y
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found.update(alias.name for alias in node.names)
            elif node.module and node.module.startswith("engine.nacho."):
                found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("engine.nacho."):
                    found.add(alias.name.split(".")[2])
    return found


def graph() -> dict[str, set[str]]:
    modules = {p.stem: p for p in PACKAGE.glob("*.py")}
    return {name: imports_within(path) & set(modules) - {name} for name, path in modules.items()}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle (its modules in order, the first repeated at the end), or None."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return path[path.index(node) :] + [node]
        if node in done:
            return None
        for nxt in sorted(edges[node]):
            found = visit(nxt, [*path, node])
            if found:
                return found
        done.add(node)
        return None

    for start in sorted(edges):
        found = visit(start, [])
        if found:
            return found
    return None


def test_the_checker_finds_a_cycle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_no_import_cycles_in_the_package() -> None:
    edges = graph()
    assert {"state", "flow", "steps", "upkeep", "views", "saves", "table"} <= set(edges)
    assert "flow" in edges["state"] and "table" in edges["steps"]  # the walk sees imports
    found = cycle(edges)
    assert found is None, "import cycle: " + " -> ".join(found or [])


def test_the_rule_modules_never_import_the_state() -> None:
    edges = graph()
    for name in ("table", "flow", "steps", "upkeep", "views", "saves", "summary", "rules"):
        assert "state" not in edges[name], f"{name}.py imports state.py"
