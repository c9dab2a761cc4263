"""Learn Jalape-NO! at the table: a first trick to lead, then the rulebook's four worked cases of
following the lead colour ("Game Play Examples": red is led, and you hold red or not, the Red
Jalapeño or another), each a fixed position where you make the move and the app says what
happened and why; then how a round is scored. Format and runner: ``ui.tutorial``.

Every position is a whole 4-player game as ``to_dict`` writes it (``position``): the cards of
the deck that are not in a hand, face up or in the trick lie on the other players' piles, as
if earlier tricks had been played. ``tests/test_ui_jalapeno.py`` checks that each position
loads, that each case is the rulebook's (the legal cards are exactly the ones the case
allows) and that the script can be played through.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.jalapeno.cards import deck_for

from ...tutorial import Step, Tutorial

PLAYERS = 4
YOU, ANA, BART, CY = range(PLAYERS)


def position(
    hands: Mapping[int, str],
    face_up: Mapping[int, str],
    trick: Iterable[tuple[int, str]] = (),
    leader: int = CY,
) -> dict[str, Any]:
    """A 4-player round in progress: ``hands`` and ``face_up`` (Jalapeños) by seat, as card
    notations ("R5 R9 G4"); the ``trick`` so far, led by ``leader``; every other card of the
    deck on the piles of Ana, Bart and Cy (yours stays empty, so your points are only your
    Jalapeños). Every Jalapeño must be face up or in the trick."""
    deck = [str(c) for c in deck_for(PLAYERS)]
    played = [card for _, card in trick]
    placed = [c for text in (*hands.values(), *face_up.values()) for c in text.split()]
    placed += played
    if len(set(placed)) != len(placed) or not set(placed) <= set(deck):
        raise ValueError("a card twice, or not of the 4-player deck")
    loose = [c for c in deck if c not in placed]
    if any(c.endswith("1") and len(c) == 2 for c in loose):
        raise ValueError("every Jalapeño must be face up or in the trick")
    piles: list[list[str]] = [[] for _ in range(PLAYERS)]
    for i, card in enumerate(loose):
        piles[1 + i % (PLAYERS - 1)].append(card)
    tricked = list(trick)
    return {
        "game": "jalapeno",
        "version": 1,
        "players": PLAYERS,
        "options": {"rounds": 5, "first_player": None, "open_piles": False},
        "public": {
            "round": 1,
            "round_starter": leader,
            "leader": leader,
            "turn": (leader + len(tricked)) % PLAYERS,
            "trick": [[seat, card] for seat, card in tricked],
            "jalapenos": [face_up.get(s, "").split() for s in range(PLAYERS)],
            "piles": piles,
            "voids": [[] for _ in range(PLAYERS)],
            "round_penalties": [],
            "last_trick": None,
            "last_round": None,
        },
        "players_private": [{"hand": hands.get(s, "").split()} for s in range(PLAYERS)],
        "secret": {"rng": "5eed"},
        "events": [],
    }


# Red is led in every case: Cy leads the Red 10, you play next, then Ana and Bart.
RED_LED = ((CY, "R10"),)

TUTORIAL = Tutorial(
    title="Learn Jalape-NO!",
    seats=("You", "Ana", "Bart", "Cy"),
    intro=(
        "Jalape-NO! is played in tricks: everyone plays one card, and the highest card of the "
        "colour led takes them all. The 1s are Jalapeños: each one you hold when a round ends "
        "costs you penalty points. Fewest points wins. Five short lessons, and you can play."
    ),
    steps=(
        Step(
            position=position(
                hands={
                    YOU: "Y2 G5 B9 R11",
                    ANA: "Y7 G6 R4 B2",
                    BART: "Y9 G8 R6 B4",
                    CY: "G10 B3 R8 R12",
                },
                face_up={ANA: "G1", BART: "R1", CY: "Y1 B1"},
                leader=YOU,
            ),
            text=(
                "You start this trick: lead any card, from your hand or your face-up "
                "Jalapeños. Its colour becomes the lead colour. Lead your Yellow 2: a low "
                "card rarely wins a trick."
            ),
            expect=("Y2",),
            wrong="Any card may lead, but for this lesson lead the Yellow 2.",
            then=((ANA, "Y7"), (BART, "Y9"), (CY, "Y1")),
            after=(
                "Yellow was led, so everyone who had yellow had to play it. Bart's Yellow 9 "
                "was the highest yellow card: Bart took the trick — and the Yellow Jalapeño "
                "Cy played into it, which now lies face up in front of Bart. A Jalapeño is a "
                "1: it never beats another card of its colour."
            ),
        ),
        Step(
            position=position(
                hands={
                    YOU: "R5 R9 G4 Y6",
                    ANA: "R12 G7 Y4 B7",
                    BART: "R3 G8 B5 Y5",
                    CY: "G10 B6 Y9",
                },
                face_up={YOU: "R1 G1", BART: "Y1", CY: "B1"},
                trick=RED_LED,
            ),
            text=(
                "Cy led red with the Red 10. You hold red cards and your Red Jalapeño: you may "
                "follow with any of them. Play your Red Jalapeño: a 1 cannot beat the Red 10, "
                "so whoever wins the trick takes it, and its 2 penalty points."
            ),
            expect=("R1",),
            wrong=(
                "That follows red too, and is allowed. But this is your chance to get rid of "
                "your Red Jalapeño: play it."
            ),
            then=((ANA, "R12"), (BART, "R3")),
            after=(
                "Ana's Red 12 was the highest red card: Ana took the trick, and your Red "
                "Jalapeño now lies in front of Ana. Your Green Jalapeño is still yours."
            ),
        ),
        Step(
            position=position(
                hands={
                    YOU: "R5 R12 G4 Y6",
                    ANA: "G7 Y4 B5 G2",
                    BART: "R7 G8 B6 Y5",
                    CY: "G10 B8 Y9",
                },
                face_up={YOU: "G1", ANA: "B1", BART: "Y1", CY: "R1"},
                trick=RED_LED,
            ),
            text=(
                "Red is led again. Your only Jalapeño is green, and you hold red cards: you "
                "must follow with a red card from your hand (tap the Green Jalapeño to see the "
                "rule say no). Play the Red 5: it stays under the Red 10."
            ),
            expect=("R5",),
            wrong=(
                "The Red 12 follows red, but it would beat the Red 10 and win the trick, with "
                "any Jalapeño played into it. Stay under: play the Red 5."
            ),
            then=((ANA, "B1"), (BART, "R7")),
            after=(
                "Ana had no red card at all, so she could play anything: she got rid of her "
                "Brown Jalapeño. Cy's Red 10 stayed the highest red, so Cy took the trick and "
                "the Brown Jalapeño. Staying under kept you out of it."
            ),
        ),
        Step(
            position=position(
                hands={
                    YOU: "G4 Y6 B8",
                    ANA: "R2 G7 Y4",
                    BART: "R11 G8 B6",
                    CY: "G10 B5",
                },
                face_up={YOU: "R1 G1", ANA: "Y1", BART: "B1"},
                trick=RED_LED,
            ),
            text=(
                "Red is led, and you have no red card in your hand. But your Red Jalapeño is "
                "red too: you must follow with it. It is the only card that lights up."
            ),
            expect=("R1",),
            then=((ANA, "R2"), (BART, "R11")),
            after=(
                "Bart's Red 11 beat the Red 10: Bart took the trick, and your Red Jalapeño "
                "with it. Following with a Jalapeño is a good way to pass it on."
            ),
        ),
        Step(
            position=position(
                hands={
                    YOU: "G4 Y6 B8",
                    ANA: "R12 G7 Y4",
                    BART: "R3 G8 B6",
                    CY: "G10 B5",
                },
                face_up={YOU: "G1", ANA: "Y1", BART: "B1", CY: "R1"},
                trick=RED_LED,
            ),
            text=(
                "Red is led, and you have no red at all: none in your hand, no Red Jalapeño. "
                "You may play any card, from your hand or your Jalapeños, and a card of "
                "another colour never wins. Play your Green Jalapeño."
            ),
            expect=("G1",),
            wrong=(
                "Any card may be played here. But this is the moment to get rid of your Green "
                "Jalapeño: it cannot win this trick."
            ),
            then=((ANA, "R12"), (BART, "R3")),
            after=(
                "Ana's Red 12 won, so Ana took your Green Jalapeño. You have no Jalapeño left "
                "in front of you: nothing to pay for this round, so far."
            ),
        ),
        Step(
            text=(
                "A round ends after the trick in which someone plays the last card of their "
                "hand. Then each Jalapeño in front of you costs 2 penalty points, and each "
                "card you won of the colour of one of your Jalapeños 1 more. The player with "
                "the most points starts the next round; after five rounds, the fewest points "
                "wins."
            ),
        ),
    ),
    outro=(
        "That is the whole game. At the table, the cards you may play light up, Hint shows "
        "what the strongest bot would play and why, and Rules has everything in one place."
    ),
)
