"""Jalape-NO!'s rules in our own words, in the rulebook's order (format: ui/rules.py)."""

from ...rules import Section

RULES: tuple[Section, ...] = (
    Section(
        "goal",
        "The goal",
        (
            "A trick-taking game for 3 to 9 players where every jalapeño burns. Over five "
            "rounds you collect penalty points; the fewest wins.",
        ),
    ),
    Section(
        "cards",
        "The cards",
        (
            "Six colours, each with its own food symbol, numbered up to 18. The 1 of each "
            "colour is that colour's Jalapeño.",
            "The more players, the more colours and the higher the numbers in play: every "
            "player always gets 12 cards.",
        ),
    ),
    Section(
        "setup",
        "Dealing",
        (
            "Everyone is dealt 12 cards. A Jalapeño you are dealt goes face up in front of you "
            "at once: it stays there, ready to be played, and costs you points if you still "
            "have it when the round ends.",
        ),
    ),
    Section(
        "playing",
        "Playing a trick",
        (
            "The starting player plays any card from their hand or one of their face-up "
            "Jalapeños. Its colour is the lead colour.",
            "Then, clockwise, everyone plays one card. You must follow the lead colour if you "
            "can, from your hand or your Jalapeños:",
            (
                "holding the lead colour in your hand, you play one of those cards, or your "
                "Jalapeño of that colour;",
                "with no card of that colour in hand but its Jalapeño face up, you play that "
                "Jalapeño;",
                "with neither, you play any card you have.",
            ),
        ),
        rules=("follow-colour", "not-held"),
    ),
    Section(
        "tricks",
        "Taking a trick",
        (
            "The highest card of the lead colour wins the trick; a card of another colour never "
            "wins, however high.",
            "The winner takes the cards: Jalapeños among them go face up in front of them (to "
            "be played later), the rest face down on their pile. The winner leads the next trick.",
        ),
    ),
    Section(
        "round",
        "The end of a round",
        (
            "The round ends after the trick in which someone plays the last card of their "
            "hand. Cards still in hands go onto their owners' piles.",
        ),
    ),
    Section(
        "scoring",
        "Scoring",
        (
            (
                "each Jalapeño in front of you: 2 penalty points;",
                "each card in your pile of the colour of one of your Jalapeños: 1 penalty point;",
                "every other card: nothing. No Jalapeño, no penalty.",
            ),
            "The player with the most penalty points starts the next round. After five rounds "
            "the fewest penalty points wins.",
        ),
    ),
)
