"""Every rule sentence of the Crazy Taco rulebook is quoted, word for word, in the docstring of a
test in tests/taco/. This test reads the rulebook (shared/rulebooks/crazy-taco.txt, beside the
repository) and lists the sentences no test quotes yet."""

from __future__ import annotations

import re
from pathlib import Path

from rulebooks import normal, rulebook_text, unquoted

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


def test_every_rule_sentence_of_the_rulebook_is_quoted_by_a_test() -> None:
    sentences = rule_sentences(rulebook_text("crazy-taco.txt"))
    assert len(sentences) > 100, sentences
    missing = unquoted(sentences, HERE)
    assert not missing, f"{len(missing)} rule sentences no test quotes:\n" + "\n".join(missing)
