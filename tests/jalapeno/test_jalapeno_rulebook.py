"""Every rule sentence of the Jalape-NO! rulebook is quoted, word for word, in the docstring of a
test in tests/jalapeno/. This test reads the rulebook (shared/rulebooks/jalape-no.txt, beside the
repository) and lists the sentences no test quotes yet."""

from __future__ import annotations

import ast
import fnmatch
import re
from pathlib import Path

import pytest
from conformance import rulebook_path

HERE = Path(__file__).resolve().parent
HEADINGS = {
    "Components",
    "Card Anatomy",
    "Game Setup",
    "How to Play",
    "Game Play Examples",
    "Taking Tricks",
    "Scoring",
}
NOT_RULES = {"Rulebook", "Every card in Jalape-NO! has these features:"}


def normal(text: str) -> str:
    return " ".join(text.split())


def rule_sentences(text: str) -> list[str]:
    """The sentences from "Components" (after the table of contents) up to "Credits"."""
    lines = text.splitlines()
    start = [i for i, line in enumerate(lines) if line.strip() == "Components"][-1]
    end = [i for i, line in enumerate(lines) if line.strip() == "Credits"][-1]
    body = "\n".join(lines[start:end]).replace("\n•", "\n\n•")  # a bullet is a paragraph
    out: list[str] = []
    for paragraph in re.split(r"\n\s*\n", body):
        paragraph = normal(paragraph.lstrip("• ").strip())
        if not paragraph or paragraph in HEADINGS or paragraph in NOT_RULES:
            continue
        out.extend(s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"])", paragraph) if s)
    return out


def quoted_docstrings() -> list[str]:
    found = []
    for path in sorted(HERE.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found.append(normal(ast.get_docstring(node) or ""))
    return found


def test_every_rule_sentence_of_the_rulebook_is_quoted_by_a_test() -> None:
    path = rulebook_path("jalape-no.txt")
    if path is None:
        pytest.skip("shared/rulebooks/jalape-no.txt is not beside this checkout")
    sentences = rule_sentences(path.read_text(encoding="utf-8"))
    assert len(sentences) > 30, sentences
    quoted = "\n".join(quoted_docstrings())
    missing = [s for s in sentences if s not in quoted]
    assert not missing, "rule sentences no test quotes:\n" + "\n".join(missing)


def test_the_four_worked_cases_each_have_their_own_test() -> None:
    """Each bullet of "Game Play Examples" is the whole docstring quote of one test."""
    path = rulebook_path("jalape-no.txt")
    if path is None:
        pytest.skip("shared/rulebooks/jalape-no.txt is not beside this checkout")
    text = path.read_text(encoding="utf-8")
    cases = [normal(line.lstrip("• ")) for line in text.splitlines() if line.startswith("• You")]
    assert len(cases) == 4
    docs = quoted_docstrings()
    for case in cases:
        assert any(doc == f'Rulebook: "{case}"' for doc in docs), case


def test_every_test_named_in_rules_decisions_exists() -> None:
    """docs/rules-decisions.md says which test covers each decision: those tests must exist."""
    doc = (HERE.parents[1] / "docs" / "rules-decisions.md").read_text(encoding="utf-8")
    named = set(re.findall(r"\b(test_[a-z0-9_*]+)(?![a-z0-9_*]|\.py)", doc))  # not file names
    assert len(named) > 30
    defined = set()
    for path in HERE.parents[0].rglob("test_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    missing = [n for n in sorted(named) if not fnmatch.filter(defined, n)]
    assert not missing, f"docs/rules-decisions.md names tests that do not exist: {missing}"
