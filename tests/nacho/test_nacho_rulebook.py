"""Every rule sentence of The Nacho Incident's rulebook is quoted, word for word, in the
docstring of a test in tests/nacho/. This test reads the rulebook
(shared/rulebooks/the-nacho-incident.txt, beside the repository) and lists the sentences no test
quotes yet. Headings and sentences about the physical box only (score cubes, blank cards, the
"loonies" tip) are listed in ``NOT_RULES``."""

from __future__ import annotations

import re
from pathlib import Path

from rulebooks import normal, quoted_docstrings, rulebook_text, unquoted

HERE = Path(__file__).resolve().parent

HEADINGS = {
    "Goal",
    "Components",
    "Setup",
    "Overview of Play",
    "Step 1: Choose a Smuggler",
    "Step 2: Determine the Playing Order for Steps 3 and 4",
    "Step 3: Smuggle!",
    "Step 4: Cantinas and Arrests",
    "Step 5: When the Round Is Over, Wrap It Up!",
    "Bonuses and Penalties",
    "Game Over?",
    "Passing the Gemstone and Refreshing Hands",
    "Full Provinces",
    "New Food!",
    "New Mountie",
    "End of the Game",
    "Optional Rule: Re-choosing Smugglers at the Start of the Game",
    "Optional Rule: Random Mounties",
    "Tip!",
}
NOT_RULES = {
    # The physical score track: the app keeps gold as a number (10 at the start, see
    # test_setup_gold_cubes_hands_provinces_and_mounties).
    "Take the set of 8 matching cubes from the bag (depending on the game copy they are either"
    " light green or orange).",
    "These are the score cubes.",
    "Give each player two and put any leftovers aside.",
    "Each player gets two score cards (one for the tens and one for the units).",
    "As you win or lose money you move the score cubes on your score card.",
    "Blank cards are provided that can be slid under the cubes, in case this is needed to define"
    " the colour better.",
    "You are ready to begin.",
    "(See the example on page 1.)",
    "More on that below.",
    'The Canadian dollars have the nickname "loonies".',
    'To feel more Canadian, you might like to call each gold piece "1000 loonies".',
}


def rule_sentences(text: str) -> list[str]:
    """The sentences from "Goal" (after the table of contents) to the end."""
    lines = text.splitlines()
    start = [i for i, line in enumerate(lines) if line.strip() == "Goal"][-1]
    out: list[str] = []
    for paragraph in re.split(r"\n\s*\n", "\n".join(lines[start:])):
        paragraph = normal(paragraph)
        if not paragraph:
            continue
        for sentence in re.split(r'(?:(?<=[.!?])|(?<=[.!?]\)))\s+(?=[A-Z"(])', paragraph):
            if sentence and sentence not in HEADINGS and sentence not in NOT_RULES:
                out.append(sentence)
    return out


def rulebook() -> str:
    return rulebook_text("the-nacho-incident.txt")


def test_every_rule_sentence_of_the_rulebook_is_quoted_by_a_test() -> None:
    sentences = rule_sentences(rulebook())
    assert len(sentences) > 100, sentences
    missing = unquoted(sentences, HERE)
    assert not missing, "rule sentences no test quotes:\n" + "\n".join(missing)


def test_the_sentences_left_out_are_really_in_the_rulebook() -> None:
    """NOT_RULES and HEADINGS name nothing that is not there (a typo would hide a sentence)."""
    text = normal(rulebook())
    for sentence in (*NOT_RULES, *HEADINGS):
        assert sentence in text, sentence


def test_both_worked_examples_have_their_own_tests() -> None:
    """Kamiel's playing order and Filip's turn are tests with the rulebook's numbers."""
    docs = quoted_docstrings(HERE)
    kamiel = "Kamiel plays last because he has the smuggler card with the lowest value."
    filip = "He pays Jen 2 gold pieces, leaving him 5 gold pieces from this operation."
    assert any(kamiel in d and "Example: Kamiel has the stone." in d for d in docs)
    assert any(filip in d and "Example: Filip is first" in d for d in docs)
