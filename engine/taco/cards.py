"""Every Crazy Taco card as data: 50 customer cards, 3 order-terminal (prepaid) cards for
1 vs 1, 9 task cards, 3 inspection cards and the Fiesta Piñata.

The rulebook fixes the kinds and counts ("Restaurant cleaning cards (3)", "Free time cards (2)",
…); the card-by-card contents are not public, so they are designed here and recorded with their
reasons in docs/rules-decisions.md ("Crazy Taco").

Codes are the notation and never collide with other words in a view: ``C01``–``C57`` for cards
that can be in the customer deck or beside it, ``T01``–``T09`` for tasks.
"""

from __future__ import annotations

from dataclasses import dataclass

# Card kinds.
WELCOME, CUSTOMER, VIP, PICKPOCKET, PREPAID = "welcome", "customer", "vip", "pickpocket", "prepaid"
CLEANING, FREE_TIME, VOUCHER, KEY = "cleaning", "free-time", "voucher", "key"
EXTRA, INSPECTION, PINATA = "extra", "inspection", "pinata"

GUESTS = frozenset({WELCOME, CUSTOMER, VIP, PICKPOCKET, PREPAID})  # people with an order
BONUSES = frozenset({CLEANING, FREE_TIME, VOUCHER, KEY})  # "BONUS cards" of the customer deck
IN_LINE = GUESTS | {CLEANING, VOUCHER, KEY}  # what takes a place at the counter

OPEN, TASK = "open", "task"  # computer messages


@dataclass(frozen=True)
class Card:
    """One card. Fields a kind does not use stay at their defaults."""

    code: str
    kind: str
    name: str
    food: int = 0
    drink: int = 0
    pay: int = 0  # money into the register when the customer leaves served and paid
    message: str = ""  # "", OPEN or TASK
    stars: int = 0  # popularity lost when it leaves unattended ("Penalty")
    fine: int = 0  # dollars fined when it leaves unattended
    faces: str = ""  # bonus cards: faces that acquire or activate it
    track: int = 0  # turns its die stays captive ("the card's die track")
    price: int = 0  # extras: price in the upper-right corner
    refund: int = 0  # extras: money received when it is swapped for another
    effect: str = ""  # extras: the variation (engine/taco/dice.py VARIATIONS)
    duo: bool = False  # marked with the 2-player icon: removed from a 1 vs 1 deck

    @property
    def items(self) -> int:
        return self.food + self.drink


def _guest(n: int, name: str, food: int, drink: int, pay: int, message: str = "", **kw) -> Card:
    kind, stars = kw.pop("kind", CUSTOMER), kw.pop("stars", 1)
    return Card(f"C{n:02d}", kind, name, food, drink, pay, message, stars, **kw)


# (name, food, drink, pay, message, marked with the 2-player icon)
_CUSTOMERS: tuple[tuple[str, int, int, int, str, bool], ...] = (
    # one item
    ("Jogger", 0, 1, 1, "", False),
    ("Bus driver", 1, 0, 1, "", False),
    ("Student", 1, 0, 1, OPEN, True),
    ("Cyclist", 0, 1, 1, TASK, False),
    ("Nurse on a break", 1, 0, 1, "", False),
    ("Tourist", 0, 1, 1, OPEN, False),
    # two items
    ("Office worker", 2, 0, 2, "", False),
    ("Taxi driver", 2, 0, 2, TASK, False),
    ("Surfer", 2, 0, 2, OPEN, False),
    ("Grandma", 2, 0, 2, "", False),
    ("Couple on a date", 1, 1, 2, "", False),
    ("Delivery driver", 1, 1, 2, TASK, False),
    ("Skater", 1, 1, 2, OPEN, True),
    ("Teacher", 1, 1, 2, "", False),
    ("Mechanic", 1, 1, 2, "", False),
    ("Painter", 1, 1, 2, TASK, False),
    ("Yoga class", 0, 2, 2, "", False),
    ("DJ", 0, 2, 2, OPEN, False),
    ("Lifeguard", 0, 2, 2, "", False),
    ("Street musician", 0, 2, 2, TASK, False),
    # three items
    ("Football fan", 2, 1, 3, "", False),
    ("Firefighter", 2, 1, 3, OPEN, True),
    ("Plumber", 2, 1, 3, TASK, False),
    ("Food blogger", 2, 1, 3, "", False),
    ("Wrestler", 3, 0, 3, "", False),
    ("Lumberjack", 3, 0, 3, OPEN, False),
    ("Chef on a day off", 3, 0, 3, OPEN, False),
    ("Wedding guests", 1, 2, 3, OPEN, False),
    ("Dance crew", 1, 2, 3, TASK, False),
    ("Night owls", 1, 2, 3, "", False),
    # four items
    ("Mariachi band", 2, 2, 4, "", False),
    ("Family of four", 2, 2, 4, OPEN, False),
    ("Film crew", 2, 2, 4, TASK, False),
    ("Construction crew", 3, 1, 4, "", False),
    ("Football team", 3, 1, 4, OPEN, False),
    ("Birthday party", 1, 3, 4, "", False),
)

CARDS_LIST: list[Card] = [
    _guest(1, "WELCOME: first customer", 1, 1, 2, kind=WELCOME),
    _guest(2, "WELCOME: regular", 1, 0, 1, kind=WELCOME),
]
CARDS_LIST += [
    _guest(3 + i, name, f, d, pay, msg, duo=duo)
    for i, (name, f, d, pay, msg, duo) in enumerate(_CUSTOMERS)
]
CARDS_LIST += [
    Card("C39", CLEANING, "Restaurant cleaning: floors", stars=1, faces="B$", track=1),
    Card("C40", CLEANING, "Restaurant cleaning: toilets", stars=1, faces="B$", track=2),
    Card("C41", CLEANING, "Restaurant cleaning: kitchen", stars=1, faces="B$", track=3),
    Card("C42", FREE_TIME, "Free time"),
    Card("C43", FREE_TIME, "Free time"),
    Card("C44", VOUCHER, "Meal voucher", stars=1, faces="B"),
    Card("C45", KEY, "Staff-room key", stars=1, faces="$", track=3),
    Card("C46", EXTRA, "Extra: second griddle", price=5, refund=2, effect="double-food"),
    Card("C47", EXTRA, "Extra: agua fresca fountain", price=5, refund=2, effect="double-drink"),
    Card("C48", EXTRA, "Extra: tip jar", price=4, refund=2, effect="blank-money"),
    _guest(49, "VIP", 2, 2, 5, kind=VIP, stars=2),
    _guest(50, "The pickpocket", 1, 1, 2, TASK, kind=PICKPOCKET),
    # 1 vs 1 only: "order-terminal cards" (prepaid: serving the order completes them)
    _guest(51, "Order terminal: app order", 1, 0, 1, kind=PREPAID),
    _guest(52, "Order terminal: online order", 1, 1, 2, kind=PREPAID),
    _guest(53, "Order terminal: phone order", 2, 1, 3, kind=PREPAID),
    Card("C54", INSPECTION, "Labor inspection", fine=6, effect="none-resting"),
    Card("C55", INSPECTION, "Health inspection", fine=5, effect="per-cleaning"),
    Card("C56", INSPECTION, "Franchise inspection", fine=3, effect="per-resting"),
    Card("C57", PINATA, "Fiesta Piñata", pay=6, stars=2, faces="B", track=2),
]
CARDS: dict[str, Card] = {c.code: c for c in CARDS_LIST}

CUSTOMER_DECK: tuple[str, ...] = tuple(f"C{n:02d}" for n in range(1, 51))
"""The 50 customer cards of the box."""
WELCOME_CARDS: tuple[str, ...] = ("C01", "C02")
PREPAID_CARDS: tuple[str, ...] = ("C51", "C52", "C53")
INSPECTION_CARDS: tuple[str, ...] = ("C54", "C55", "C56")
EXTRA_CARDS: tuple[str, ...] = ("C46", "C47", "C48")
CHARACTER_CARDS: tuple[str, ...] = ("C49", "C50")
PINATA_CARD = "C57"


@dataclass(frozen=True)
class TaskCard:
    """A task: the die face it needs (upper-left), the turns its die stays in the task zone,
    the cost paid when it comes back, and the penalty (lower-right) if it is replaced unresolved.
    """

    code: str
    name: str
    face: str
    turns: int
    cost: int
    stars: int
    fine: int


TASKS_LIST: tuple[TaskCard, ...] = (
    TaskCard("T01", "Unload the tortilla delivery", "F", 1, 0, 1, 0),
    TaskCard("T02", "Chop onions and cilantro", "F", 2, 0, 1, 0),
    TaskCard("T03", "Restock the drinks fridge", "D", 1, 0, 1, 0),
    TaskCard("T04", "Brew the agua fresca", "D", 2, 0, 1, 0),
    TaskCard("T05", "Pay the tortilla supplier", "$", 1, 2, 0, 4),
    TaskCard("T06", "Bank run", "$", 2, 0, 0, 3),
    TaskCard("T07", "Fix the leaking sink", "B", 2, 2, 1, 0),
    TaskCard("T08", "Scrub the grill", "B", 1, 0, 1, 0),
    TaskCard("T09", "Renew the health permit", "$", 3, 3, 1, 3),
)
TASKS: dict[str, TaskCard] = {t.code: t for t in TASKS_LIST}
TASK_DECK: tuple[str, ...] = tuple(TASKS)


def customer_deck(versus: bool, characters: bool) -> tuple[str, ...]:
    """The cards shuffled into the customer deck before the inspection is added (the two
    WELCOME cards included: solo places them at the counter, 1 vs 1 deals them to the hand).

    Solo: the 50 customer cards, less the VIP and the pickpocket when ``characters`` is off.
    1 vs 1: "remove from the game the three cards marked with the icon … and add the three
    order-terminal cards"; "The "VIP" and "the pickpocket" character cards may not be used";
    the three Extra cards go face down to the manager's area.

    >>> [len(customer_deck(versus, characters)) for versus, characters in ((0, 1), (0, 0), (1, 1))]
    [50, 48, 45]
    """
    if versus:
        keep = [
            c
            for c in CUSTOMER_DECK
            if not CARDS[c].duo and c not in CHARACTER_CARDS and c not in EXTRA_CARDS
        ]
        return (*keep, *PREPAID_CARDS)
    if characters:
        return CUSTOMER_DECK
    return tuple(c for c in CUSTOMER_DECK if c not in CHARACTER_CARDS)


def all_codes(versus: bool, characters: bool, pinata: bool) -> tuple[str, ...]:
    """Every card code a game of this mode can ever show (its deck, the three inspection cards,
    the extras, the piñata if played)."""
    out = list(customer_deck(versus, characters))
    if versus:
        out += EXTRA_CARDS
    out += INSPECTION_CARDS
    if pinata:
        out.append(PINATA_CARD)
    return tuple(out)


def describe(code: str) -> dict:
    """A card as JSON for views: only the fields its kind uses."""
    if code in TASKS:
        t = TASKS[code]
        return {
            "code": t.code,
            "kind": "task",
            "name": t.name,
            "face": t.face,
            "turns": t.turns,
            "cost": t.cost,
            "penalty": {"stars": t.stars, "fine": t.fine},
        }
    c = CARDS[code]
    out: dict = {"code": c.code, "kind": c.kind, "name": c.name}
    if c.kind in GUESTS:
        out.update(food=c.food, drink=c.drink, pay=c.pay, message=c.message or None)
    if c.kind in GUESTS or c.kind in (CLEANING, VOUCHER, KEY, PINATA):
        out["penalty"] = {"stars": c.stars, "fine": c.fine}
    if c.faces:
        out["faces"] = c.faces
    if c.track:
        out["track"] = c.track
    if c.kind == EXTRA:
        out.update(price=c.price, refund=c.refund, effect=c.effect)
    if c.kind == INSPECTION:
        out.update(fine=c.fine, rule=c.effect)
    if c.kind == PINATA:
        out["reward"] = c.pay
    return out
