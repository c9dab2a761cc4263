"""Learn Crazy Taco: a first turn, guided (``ui.tutorial``'s format and runner).

The rulebook teaches by its phase-2 list rather than by worked examples; the steps are its
three cases in that order, each a fixed table: serve and collect at once ("Both of the
above ... remove the card from play and add the amount marked on the order to the cash
register"), a task on the storeroom door ("resolved by assigning the die indicated"), and the
menu card ("there may be interesting combinations"), then the end of placement. The player
picks the dice and taps where they go, exactly as in a game.

A position is built from a new game's saved form (``to_dict``) with the line, the dice, the
door and the track set as the step needs, and every card still in exactly one place (the
cards it puts on the table leave the deck; the opening customers go back into it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import engine

from ...tutorial import Step, Tutorial

SPOT_ORDER = ("1", "2", "3", "4", "p1", "p2")
DIE_IDS = ("M", "E1", "E2", "E3", "T")


def position(
    *,
    line: Mapping[str, str],
    dice: str,
    door: str = "",
    popularity: int = 8,
    cash: int = 0,
    turn: int = 3,
) -> Callable[[engine.Game], engine.State]:
    """A placement table: ``line`` spot -> card, ``dice`` five faces in M E1 E2 E3 T order
    ("$FFDB"), ``door`` a task card on the storeroom door."""

    def build(game: engine.Game) -> engine.State:
        data = game.new_game(players=1, seed=7).to_dict()
        pub, secret = data["public"], data["secret"]
        opening = [slot["card"] for slot in pub["line"] if slot]
        placed = set(line.values())
        pub["line"] = [
            {"card": line[spot], "served": False, "paid": False} if spot in line else None
            for spot in SPOT_ORDER
        ]
        pub["dice"] = [[face, "free"] for face in dice]
        pub.update(door=door or None, popularity=popularity, cash=cash, turn=turn)
        pub["stage"] = "placement"
        secret["deck"] = [c for c in [*secret["deck"], *opening] if c not in placed]
        if door:
            secret["task_deck"] = [t for t in secret["task_deck"] if t != door]
        data["events"] = []
        return game.from_dict(data)

    return build


SERVE_AND_COLLECT = position(line={"1": "C25", "2": "C12"}, dice="$FFDB", cash=2)
A_TASK = position(line={"1": "C12", "2": "C19"}, dice="$DDFB", door="T01", cash=4)
THE_MENU = position(line={"1": "C03"}, dice="$BBBB", popularity=6, cash=6)

TUTORIAL = Tutorial(
    title="Learn Crazy Taco",
    seats=("You",),
    intro=(
        "You run a taco truck. Customers queue at the counter from the left and move right "
        "each turn; a customer pushed out of the patience zone costs you a popularity star. "
        "Your crew are five dice: roll them, then use each die once. Serve the whole deck "
        "before popularity runs out and you win."
    ),
    steps=(
        Step(
            position=SERVE_AND_COLLECT,
            text=(
                "The Plumber at position 1 wants 2 food and 1 drink and pays $3. Serve and "
                "collect at once: tap M (money), E1 and E2 (food) and E3 (drink), then the "
                "Plumber."
            ),
            expect=("both 1 M E1 E2 E3",),
            highlight=("M", "E1", "E2", "E3", "1"),
            after=(
                "Served in full and paid at once: the Plumber leaves and $3 goes into the "
                "register. An order is always served whole, never in part, and money only "
                "comes in when a customer is both served and paid. With one die you can also "
                "collect first and serve on a later turn."
            ),
            wrong="Serve and collect the Plumber at once: the four highlighted dice, then him.",
        ),
        Step(
            position=A_TASK,
            text=(
                "A task waits on the storeroom door: unload the tortilla delivery, with a food "
                "die, for 1 turn. Tap E3 (food), then the Storeroom."
            ),
            expect=("task E3",),
            highlight=("E3", "door"),
            after=(
                "E3 and the task move to the task zone for one turn, then E3 comes back. The "
                "door has room for one task: if another arrives while this one still waits, "
                "you pay its penalty (here a star)."
            ),
            wrong="The task first: E3, then the Storeroom.",
        ),
        Step(
            position=THE_MENU,
            text=(
                "Four blank faces serve nobody, but the dish menu buys with exact faces. Tap E1, "
                "E2, E3 and T (blank), open the Dish menu and order Nachos Pico-Pica (spicy "
                "nachos): +1 popularity."
            ),
            expect=("nachos E1 E2 E3 T",),
            highlight=("E1", "E2", "E3", "T", "dish-menu", "nachos"),
            after=(
                "Popularity 7: the nachos won a star back. The menu also turns food or drinks "
                "into money (Vulcano, Loreto's Mole), brings crew back from the rest room (La "
                "Plata) or chooses faces (Achilipú). Blank faces never stand in for a dish's "
                "food or drink."
            ),
            wrong="Order the nachos: the four blank dice, then the Dish menu.",
        ),
        Step(
            text=(
                "Keep M: an unused die may wait, face up, for a later turn. When nothing else "
                "is worth doing, end placement."
            ),
            expect=("end placement",),
            after=(
                "Phase 3: dice on tasks and in the rest room move on, the line closes up, and "
                "you may spend money on extra hours, advertising or fines. Then new customers "
                "come in and you roll again."
            ),
        ),
    ),
    outro=(
        "That is a turn of Crazy Taco. Watch the patience zone, keep the storeroom door clear, "
        "and look at the dish menu when the dice are odd. Good luck with the truck!"
    ),
)
