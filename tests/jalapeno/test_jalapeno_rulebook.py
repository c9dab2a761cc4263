"""Every rule sentence of the Jalape-NO! rulebook is quoted, word for word, in the docstring of a
test in tests/jalapeno/. This test reads the rulebook (shared/rulebooks/jalape-no.txt, beside the
repository) and lists the sentences no test quotes yet."""

from __future__ import annotations

import re
from pathlib import Path

from rulebooks import normal, quoted_docstrings, rulebook_text, unquoted

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


def test_every_rule_sentence_of_the_rulebook_is_quoted_by_a_test() -> None:
    sentences = rule_sentences(rulebook_text("jalape-no.txt"))
    assert len(sentences) > 30, sentences
    missing = unquoted(sentences, HERE)
    assert not missing, "rule sentences no test quotes:\n" + "\n".join(missing)


def test_the_four_worked_cases_each_have_their_own_test() -> None:
    """Each bullet of "Game Play Examples" is the whole docstring quote of one test."""
    text = rulebook_text("jalape-no.txt")
    cases = [normal(line.lstrip("• ")) for line in text.splitlines() if line.startswith("• You")]
    assert len(cases) == 4
    docs = quoted_docstrings(HERE)
    for case in cases:
        assert any(doc == f'Rulebook: "{case}"' for doc in docs), case
