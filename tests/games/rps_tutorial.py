"""The test-only game's tutorial: a tiny script that proves the runner (``ui.tutorial``) in the
CPython tests and in the browser (``e2e/test_party.py``, the --test-games build)."""

from ui.tutorial import Step, Tutorial


def position(picks: list[str | None], history: list[str], points: list[int]) -> dict:
    """An rps state as its ``to_dict`` writes it: 2 players, 3 rounds."""
    return {
        "game": "rps",
        "version": 1,
        "players": 2,
        "options": {"rounds": 3},
        "public": {"points": points, "history": history},
        "players_private": [{"pick": p} for p in picks],
        "events": [],
    }


TUTORIAL = Tutorial(
    title="Learn Rock Paper Scissors",
    seats=("You", "Bart"),
    intro="Both players pick a sign in secret; then both are shown. Rock blunts scissors, "
    "paper wraps rock, scissors cut paper.",
    steps=(
        Step(
            position=position([None, "R"], [], [0, 0]),
            text="Bart has picked rock (in a real game you would not know). Pick paper.",
            expect=("P",),
            after="Paper wraps rock: you score a point.",
            wrong="That loses or ties against rock: paper wraps rock.",
        ),
        Step(text="Each round, every player picks again. Three rounds make a game."),
        Step(
            position=position([None, None], ["PR", "RR"], [1, 0]),
            text="The last round: pick scissors this time.",
            expect=("S",),
            then=((1, "P"),),
            after="Bart picked paper: scissors cut paper, and you win the game.",
        ),
    ),
    outro="That is all there is to it.",
)
