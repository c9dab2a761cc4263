"""Helpers for the tests that hold each game's tests to its rulebook: the rulebook's text (beside
the checkout, in ``shared/rulebooks/``), the docstrings of a game's tests (where rule sentences
are quoted word for word), and the tests that ``docs/rules-decisions.md`` names.

Each game's ``test_<id>_rulebook.py`` keeps what differs: how its rulebook splits into sentences,
its headings and its non-rule sentences."""

from __future__ import annotations

import ast
import fnmatch
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DECISIONS = ROOT / "docs" / "rules-decisions.md"


def rulebook_path(name: str) -> Path | None:
    """The shared rulebook ``name`` (e.g. "jalape-no.txt") beside this checkout, if there."""
    for base in (ROOT.parent / "shared" / "rulebooks", ROOT / "shared" / "rulebooks"):
        if (base / name).exists():
            return base / name
    return None


def rulebook_text(name: str) -> str:
    """The rulebook's text; the test is skipped when the rulebooks are not beside the checkout."""
    path = rulebook_path(name)
    if path is None:
        pytest.skip(f"shared/rulebooks/{name} is not beside this checkout")
    return path.read_text(encoding="utf-8")


def normal(text: str) -> str:
    """Whitespace folded to single spaces (line breaks of the rulebook are not words)."""
    return " ".join(text.split())


def quoted_docstrings(folder: Path) -> list[str]:
    """The docstrings of every ``test_*`` function in ``folder``'s test files, normalised."""
    found = []
    for path in sorted(folder.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found.append(normal(ast.get_docstring(node) or ""))
    return found


def unquoted(sentences: list[str], folder: Path) -> list[str]:
    """The sentences that no test docstring in ``folder`` quotes."""
    quoted = "\n".join(quoted_docstrings(folder))
    return [s for s in sentences if s not in quoted]


def decision_test_names() -> set[str]:
    """Every test name (or ``test_*`` pattern) that docs/rules-decisions.md cites."""
    doc = DECISIONS.read_text(encoding="utf-8")
    return set(re.findall(r"\b(test_[a-z0-9_*]+)(?![a-z0-9_*]|\.py)", doc))  # not file names


def defined_tests() -> set[str]:
    """Every module-level test function under tests/ and e2e/ (a decision about what a
    player sees may be covered by a browser test)."""
    defined: set[str] = set()
    for path in (*(ROOT / "tests").rglob("test_*.py"), *(ROOT / "e2e").rglob("test_*.py")):
        defined |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return defined


def missing_tests(named: set[str], defined: set[str]) -> list[str]:
    """The names (patterns allowed) that match no defined test."""
    return [n for n in sorted(named) if not fnmatch.filter(defined, n)]
