"""Jalape-NO!'s rules in our own words, in the rulebook's order (format: ui/rules.py), with what
we decided where the rulebook is silent (docs/rules-decisions.md, "Jalape-NO!"). Every refusal
the engine makes names its section: ``not-held`` (a card you do not have) and ``follow-colour``
(not following the lead colour)."""

from ...rules import Section

RULES: tuple[Section, ...] = (
    Section(
        "goal",
        "The goal",
        (
            "A trick-taking game for 3 to 9 players where every Jalapeño burns. Each round you "
            "try not to win tricks that hold Jalapeños. After the last round (five, unless the "
            "table chose another number) the fewest penalty points wins.",
        ),
    ),
    Section(
        "cards",
        "The cards",
        (
            "Each card has a number and a colour, and every colour has its own food, so you "
            "can tell the colours apart without seeing colour: red chili, green avocado, "
            "yellow corn, brown bean, orange cheese, purple onion.",
            "The 1 of each colour is that colour's Jalapeño: it has stripes and a ribbon.",
            "Every player gets 12 cards, so the more players, the more cards are used. The "
            "rulebook marks each card with the player counts it is used for but does not print "
            "the table; we use the only one the cards' marks allow:",
            (
                "3 players: 4 colours, 1 to 9;",
                "4 players: 4 colours, 1 to 12;",
                "5 players: 5 colours, 1 to 12;",
                "6 players: 6 colours, 1 to 12;",
                "7 players: 6 colours, 1 to 14;",
                "8 players: 6 colours, 1 to 16;",
                "9 players: 6 colours, 1 to 18.",
            ),
        ),
    ),
    Section(
        "setup",
        "Dealing and who starts",
        (
            "Everyone is dealt 12 cards. A Jalapeño you are dealt goes face up in front of you "
            "at once. It stays there, ready to be played like a card from your hand, and costs "
            "you points if it is still there when the round ends. Only Jalapeños ever lie face "
            "up in front of players.",
            "The rulebook lets the table choose the first player any way it likes: the setup "
            'screen\'s "Who starts" picks a player, or draws one at random.',
        ),
    ),
    Section(
        "playing",
        "Playing a trick",
        (
            "The starting player plays one card, from their hand or one of their face-up "
            "Jalapeños. Its colour is the lead colour; a Jalapeño may lead too, and then its "
            "colour leads.",
            "Then, clockwise, everyone else plays one card the same way, following the lead "
            "colour if they can (next section). You can only play cards you hold.",
            "Each player playing one card is one trick.",
        ),
        rules=("not-held",),
    ),
    Section(
        "following",
        "Following the lead colour",
        (
            "If you have a card of the lead colour, in your hand or among your face-up "
            "Jalapeños, you must play one. Say red was led:",
            (
                "red cards in your hand and the Red Jalapeño face up: play any red card from "
                "your hand, or your Red Jalapeño;",
                "red cards in your hand, and only another colour's Jalapeño face up: play a red "
                "card from your hand;",
                "no red card in your hand, but the Red Jalapeño face up: you must play the Red "
                "Jalapeño;",
                "no red card in your hand and no Red Jalapeño: play any card, from your hand "
                "or your Jalapeños.",
            ),
            "The cards you may play light up. Once you have failed to follow a colour, the "
            "table remembers it for the rest of the round: everyone saw it.",
        ),
        rules=("follow-colour",),
    ),
    Section(
        "tricks",
        "Taking a trick",
        (
            "The highest card of the lead colour wins the trick. A card of another colour "
            "never wins, however high; a Jalapeño is a 1, so it wins only if it was led and "
            "nobody followed its colour.",
            "The winner takes the cards: the Jalapeños among them go face up in front of the "
            "winner (to be played in later tricks), the rest go face down onto the winner's "
            "pile until the round ends. The winner leads the next trick.",
            "Piles are face down: you see how many cards each player has won, not which. The "
            'setup\'s "Won cards: Face up" shows every pile, to learn the game.',
        ),
    ),
    Section(
        "round",
        "The end of a round",
        (
            "The round ends after the trick in which someone plays the last card of their "
            "hand, even if they still have Jalapeños face up (those score like any other). "
            "Cards still in hands go onto their owners' piles.",
            "Because played Jalapeños come back into play, a round can last more than 12 tricks.",
        ),
    ),
    Section(
        "scoring",
        "Scoring",
        (
            "At the end of each round:",
            (
                "each Jalapeño in front of you: 2 penalty points;",
                "each card in your pile of the colour of one of your Jalapeños: 1 penalty point;",
                "every other card: nothing. No Jalapeño, no penalty.",
            ),
            "The player with the most penalty points this round starts the next one; if "
            "several tie, the first of them clockwise from this round's starter.",
            "After the last round the fewest penalty points in total wins; players tied on the "
            "fewest share the win.",
        ),
    ),
    Section(
        "options",
        "Options at the setup",
        (
            (
                "Rounds: five as in the rulebook, or 1 to 10 for a shorter or longer game;",
                "Who starts: a chosen player, or one drawn at random;",
                "Won cards: face down as in the rulebook, or face up to learn.",
            ),
        ),
    ),
)
