"""Every rule sentence of the Crazy Taco rulebook is quoted, word for word, in the docstring of a
test in tests/taco/. This test reads the rulebook (shared/rulebooks/crazy-taco.txt, beside the
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
    "Workers",
    "Other Components",
    "Game Setup",
    "Customer Cards",
    "Bonus Cards",
    "Task Cards",
    "Extra Cards",
    "Character Cards",
    "How to Play",
    "Kitchen Heads-Up!",
    "2 Players: 1 vs 1",
    "Customer Player",
    "Manager Player",
    "Fiesta Piñata Card (Exclusive to Kickstarter/Events)",
    "Menu options:",
    "Workers are represented by dice:",
    "The game ends when:",
    "Each customer card has three parts:",
    "Inside the customer deck you will find BONUS cards:",
    "In this last phase of the turn, the following is handled:",
    "PHASE 1: CUSTOMERS (customer entry).",
    "PHASE 2: DICE ROLL and PLACEMENT (serving orders / tasks).",
    "PHASE 3: MANAGEMENT of work in progress, rest and investment.",
    "(F1) Customers (customer zone / counter)",
    "(F2) Dice Roll",
    "(F2) Dice Placement (customer zone / storeroom door / bonus zone / rest room / task zone)",
    "(F3) Management of Work (all zones)",
}
NOT_RULES = {
    # Component list and table of contents: the components are data, tested as such.
    "50 customer cards",
    "9 task cards",
    "3 inspection cards",
    "3 prepaid cards (2-player mode)",
    "1 Fiesta Piñata card (exclusive to the Kickstarter/event edition)",
    "5 custom dice",
    "11 money tokens",
    "1 popularity marker",
    "1 extra hours marker",
    "1 board",
    'Note: see "Kitchen Heads-Up!" on page 15 for how to add the inspection card.',
    "We recommend having played a solo game before trying the madness of this mode.",
    "You hear a rumor that during the game you are going to have an inspection from the Labor,"
    " Health or Franchise authorities.",
    "Everything is ready to start the working day.",
}


def normal(text: str) -> str:
    return " ".join(text.split())


def rule_sentences(text: str) -> list[str]:
    """The sentences after the table of contents, one paragraph per line of the rulebook."""
    lines = text.splitlines()
    start = [i for i, line in enumerate(lines) if line.strip() == "Components"][0]
    out: list[str] = []
    for line in lines[start:]:
        paragraph = normal(line)
        if not paragraph or paragraph in HEADINGS or paragraph in NOT_RULES:
            continue
        for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"(-])", paragraph):
            if s and s not in NOT_RULES:
                out.append(s)
    return out


def quoted_docstrings() -> list[str]:
    found = []
    for path in sorted(HERE.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found.append(normal(ast.get_docstring(node) or ""))
    return found


def test_every_rule_sentence_of_the_rulebook_is_quoted_by_a_test() -> None:
    path = rulebook_path("crazy-taco.txt")
    if path is None:
        pytest.skip("shared/rulebooks/crazy-taco.txt is not beside this checkout")
    sentences = rule_sentences(path.read_text(encoding="utf-8"))
    assert len(sentences) > 100, sentences
    quoted = "\n".join(quoted_docstrings())
    missing = [s for s in sentences if s not in quoted]
    assert not missing, f"{len(missing)} rule sentences no test quotes:\n" + "\n".join(missing)


def test_every_taco_test_named_in_rules_decisions_exists() -> None:
    """docs/rules-decisions.md says which test covers each decision: those tests must exist."""
    doc = (HERE.parents[1] / "docs" / "rules-decisions.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Crazy Taco") :]
    section = section.split("\n## ")[0]  # up to the next game's section, if any
    named = set(re.findall(r"\b(test_[a-z0-9_*]+)(?![a-z0-9_*]|\.py)", section))
    assert len(named) > 20
    defined = set()
    for path in HERE.glob("test_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    missing = [n for n in sorted(named) if not fnmatch.filter(defined, n)]
    assert not missing, f"docs/rules-decisions.md names tests that do not exist: {missing}"
