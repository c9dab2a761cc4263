"""The Crazy Taco board and menu as data: the sizes the rulebook leaves open, and the menu's
prices as the rulebook gives them. Every number here is a decision recorded, with its reason,
in docs/rules-decisions.md ("Crazy Taco"); tests pin them in tests/taco/test_taco_components.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from .dice import BLANK, DRINK, FOOD, MONEY, Need


@dataclass(frozen=True)
class Board:
    counter: int  # counter positions 1..counter; position 1 is next to the patience zone
    patience: int  # patience spaces p1..pN; pN is next to the exit
    rest_room: int  # rest-room spaces 1..N; space 1 is next to its exit
    rest_entrance: int  # a resting die comes in at this space (or the next free one behind it)
    bonus_zone: int  # bonus cards that fit in the bonus zone
    popularity_start: int  # "the top space of the popularity track"
    popularity_lost: int  # "the last space on the popularity track"
    starting_cash: int
    hand: int  # 1 vs 1: the customer player's hand
    opening_draw: int  # 1 vs 1: "the first 3 cards from the customer deck"
    discards: int  # 1 vs 1: discard-three turns a customer player may take in a game
    turn_limit: int  # closing time: a guard so that every game ends (never reached in play)


BOARD = Board(
    counter=4,
    patience=2,
    rest_room=3,
    rest_entrance=2,
    bonus_zone=3,
    popularity_start=8,
    popularity_lost=0,
    starting_cash=0,
    hand=5,
    opening_draw=3,
    discards=3,
    turn_limit=150,
)

STAGES = ("customers", "extra", "placement", "management", "over")
"""What the game waits for: the customer player's play (1 vs 1), a decision on an extra card,
placement (F2), management (F3), nothing."""
RESULTS = ("", "won", "lost", "manager", "customers")
"""How it ended: solo "won"/"lost"; 1 vs 1 the winning side "manager"/"customers"."""

# Spot names used by actions and views: counter positions "1".."4", patience spaces "p1", "p2".
SPOTS: tuple[str, ...] = (
    *(str(i + 1) for i in range(BOARD.counter)),
    *(f"p{j + 1}" for j in range(BOARD.patience)),
)
SPOT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SPOTS)}
LINE = len(SPOTS)


@dataclass(frozen=True)
class MenuItem:
    """One line of the menu card. ``needs`` lists the alternatives of dice faces it takes
    (food, drink, money, blank); blank conversion is never valid on the menu."""

    id: str
    name: str
    needs: tuple[Need, ...]
    text: str
    cost: int = 0  # dollars, for the lines paid from the cash register


def _need(f: int = 0, d: int = 0, m: int = 0, b: int = 0) -> Need:
    return (f, d, m, b)


MENU: tuple[MenuItem, ...] = (
    MenuItem(
        "taco",
        "Taco especial",
        (_need(f=2, d=1, m=1, b=1),),
        "Every customer (not bonus cards) leaves paid: collect all their money.",
    ),
    MenuItem(
        "vulcano",
        "Vulcano / Ice and fire",
        (_need(f=3), _need(d=3)),
        "Three food or three drink faces become one money face.",
    ),
    MenuItem(
        "plata",
        "La Plata / Triple burrito",
        (_need(m=1), _need(b=3)),
        "One money face recovers one die from the rest room; three blanks recover two.",
    ),
    MenuItem("mole", "Loreto's Mole", (_need(f=4),), "Four food faces become two money faces."),
    MenuItem(
        "achilipu",
        "Achilipú",
        (_need(d=4),),
        "Four drink faces: turn three of those dice to the faces you want.",
    ),
    MenuItem("nachos", "Nachos Pico-Pica", (_need(b=4),), "Four blank faces: +1 popularity."),
    MenuItem("advertise", "Campaña de publicidad", (), "Pay $10: +1 popularity.", cost=10),
    MenuItem("overtime1", "Hora extra 1", (), "Pay $3: one die leaves the rest room.", cost=3),
    MenuItem("overtime2", "Hora extra 2", (), "Pay $5: one die leaves the rest room.", cost=5),
    MenuItem("reroll", "Relanzamiento de dados", (), "Pay $3: re-roll the dice you wish.", cost=3),
)
MENU_ITEM: dict[str, MenuItem] = {m.id: m for m in MENU}
DICE_MENU = ("taco", "vulcano", "plata", "mole", "achilipu", "nachos")

ADVERTISING_COST = MENU_ITEM["advertise"].cost
OVERTIME_COSTS: tuple[int, ...] = (MENU_ITEM["overtime1"].cost, MENU_ITEM["overtime2"].cost)
REROLL_COST = MENU_ITEM["reroll"].cost
VERSUS_REROLL_COST = 8
"""The re-roll's price in 1 vs 1 for a new game (the option ``reroll_price``; $3 as printed):
at $3 the manager undoes a resting die for less than one order pays, and two equal search bots
leave the customer player 0.31 of the games, at $8 0.423 (docs/rules-decisions.md, Crazy Taco)."""

# What menu lines turn dice into: Vulcano's first die becomes money, Mole's first two.
CONVERTS_TO: dict[str, tuple[str, ...]] = {"vulcano": (MONEY,), "mole": (MONEY, MONEY)}
ACHILIPU_TURNS = 3
PLATA_RECOVERS: dict[Need, int] = {_need(m=1): 1, _need(b=3): 2}

FACE_ORDER = (FOOD, DRINK, MONEY, BLANK)
