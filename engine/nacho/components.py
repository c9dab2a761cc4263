"""Every component of The Nacho Incident, as data.

The rulebook lists the components ("56 smuggler cards, 12 Mountie cards, 12 province cards, 16
cantina cards, ... 40 coloured cubes, ... 1 gemstone, 1 end-of-round card") and the README of
public facts adds what is known (provinces in a row Alberta - Saskatchewan - Ontario - Quebec;
4 different foods per province card with prices 3-9). What neither prints -- which smugglers,
Mounties, province cards and cantina bonuses there are -- is designed here, in one place, and
each choice is explained in docs/rules-decisions.md ("The Nacho Incident").

Two components are not cards of a deck: the gemstone is simply the seat that holds it
(``NachoState.gem``), and the end-of-round card lies under the Mountie deck in use, so it
"becomes visible" exactly when that deck is empty (``not NachoState.mdeck``).

Everything is addressed by a small index internally (tuples indexed by it are fast) and by a
short code in views, events, saves and the notation: smugglers ``S01``..``S56``, Mounties
``M01``..``M12``, province cards ``AB1``..``QC3``, provinces ``AB SK ON QC`` and foods by name.
"""

from __future__ import annotations

from dataclasses import dataclass

# -- the table ------------------------------------------------------------------------------

START_GOLD = 10  # "so that you start the game with 10 gold pieces"
WAREHOUSE_CUBES = 2  # "Each player draws 2 food cubes from the bag"
HAND_SIZE = 8  # "deal 8 cards to each player"
ROUNDS = 3  # "The Nacho Incident is played in 3 rounds"
TURNS_PER_ROUND = 4  # "each of which in turn consists of 4 turns for each player"
MOUNTIE_DECKS = 3  # "Make 3 decks of four cards each"
MOUNTIES_PER_DECK = 4
CUBES_PER_FOOD = 4  # "There are four cubes for each of the eight different food elements."
SALE_PRICE = 1  # "receive 1 gold piece for each"
SPOTS = 4  # four food spaces on a province card
FULL = (1 << SPOTS) - 1  # bitmask of a province card whose four spots are all filled


@dataclass(frozen=True)
class Province:
    code: str  # notation: "AB"
    name: str
    bonus: int  # the "+ number" on this province's cantina card (the same for every player)


# The row, west to east; adjacency is the next one along (README: "Provinces lie in a row").
PROVINCES: tuple[Province, ...] = (
    Province("AB", "Alberta", 6),
    Province("SK", "Saskatchewan", 8),
    Province("ON", "Ontario", 8),
    Province("QC", "Quebec", 6),
)
PROVINCE_INDEX: dict[str, int] = {p.code: i for i, p in enumerate(PROVINCES)}
CANTINA_BONUS: tuple[int, ...] = tuple(p.bonus for p in PROVINCES)

# "He may travel directly to the place the card indicates or to a province immediately adjacent
# to it": the flag's province and its neighbours in the row.
REACH: tuple[tuple[int, ...], ...] = tuple(
    tuple(q for q in range(len(PROVINCES)) if abs(q - p) <= 1) for p in range(len(PROVINCES))
)


@dataclass(frozen=True)
class Food:
    code: str  # notation and views: "salsa"
    name: str  # "sour cream"
    colour: str  # the cube's colour, from the rulebook's component list
    emoji: str


# "yellow = grain, brown = beans, green = pepper, black = olive, blue = tortillas,
# purple = onion, white = sour cream, red = salsa". Shown with colour *and* name, never colour
# alone.
FOODS: tuple[Food, ...] = (
    Food("grain", "grain", "yellow", "🌽"),
    Food("beans", "beans", "brown", "🫘"),
    Food("pepper", "pepper", "green", "🫑"),
    Food("olive", "olive", "black", "🫒"),
    Food("tortillas", "tortillas", "blue", "🫓"),
    Food("onion", "onion", "purple", "🧅"),
    Food("cream", "sour cream", "white", "🥛"),
    Food("salsa", "salsa", "red", "🍅"),
)
FOOD_INDEX: dict[str, int] = {f.code: i for i, f in enumerate(FOODS)}
FULL_BAG: tuple[int, ...] = (CUBES_PER_FOOD,) * len(FOODS)


# -- province cards -------------------------------------------------------------------------


@dataclass(frozen=True)
class ProvinceCard:
    code: str  # "AB1"
    province: int
    spots: tuple[tuple[int, int], ...]  # four (food, price), in the order printed


def _card(code: str, *spots: tuple[str, int]) -> ProvinceCard:
    return ProvinceCard(code, PROVINCE_INDEX[code[:2]], tuple((FOOD_INDEX[f], p) for f, p in spots))


# Three per province, four different foods each, prices 3-9. Every food is wanted on exactly 6
# of the 12 cards at an average price close to 6, and every card is worth 23-26 in all, so no
# food and no province is simply better. AB1's "salsa 7" is the rulebook's example.
PROVINCE_CARDS: tuple[ProvinceCard, ...] = (
    _card("AB1", ("salsa", 7), ("grain", 4), ("olive", 9), ("onion", 5)),
    _card("AB2", ("beans", 6), ("pepper", 3), ("tortillas", 8), ("cream", 7)),
    _card("AB3", ("salsa", 4), ("grain", 8), ("cream", 6), ("pepper", 7)),
    _card("SK1", ("beans", 7), ("olive", 3), ("tortillas", 5), ("onion", 9)),
    _card("SK2", ("grain", 6), ("salsa", 5), ("pepper", 8), ("cream", 4)),
    _card("SK3", ("olive", 7), ("onion", 6), ("beans", 3), ("tortillas", 9)),
    _card("ON1", ("grain", 5), ("pepper", 6), ("cream", 9), ("salsa", 3)),
    _card("ON2", ("olive", 8), ("onion", 4), ("beans", 9), ("tortillas", 4)),
    _card("ON3", ("salsa", 8), ("cream", 7), ("grain", 5), ("olive", 5)),
    _card("QC1", ("tortillas", 4), ("onion", 7), ("pepper", 5), ("beans", 8)),
    _card("QC2", ("cream", 3), ("salsa", 9), ("olive", 6), ("grain", 7)),
    _card("QC3", ("pepper", 9), ("beans", 4), ("onion", 6), ("tortillas", 7)),
)
PROVINCE_CARD_INDEX: dict[str, int] = {c.code: i for i, c in enumerate(PROVINCE_CARDS)}
# For speed: SPOT_OF[card][food] is the spot wanting that food (-1: none); PRICE_OF its price.
SPOT_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(next((k for k, (f, _) in enumerate(c.spots) if f == food), -1) for food in range(8))
    for c in PROVINCE_CARDS
)
PRICE_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(next((p for f, p in c.spots if f == food), 0) for food in range(8))
    for c in PROVINCE_CARDS
)
CARDS_OF_PROVINCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, c in enumerate(PROVINCE_CARDS) if c.province == p) for p in range(len(PROVINCES))
)


# -- smugglers ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Smuggler:
    code: str  # "S17": distinctive, so a hidden card's code appears nowhere else in a view
    name: str  # one capitalised word, unique among all cards
    flag: int  # province index
    rank: int  # 1..9
    fee: int  # gold paid to hire him, whatever he does


# Every flag has the same 14 cards: (rank, fee). High ranks go first and keep cantinas well but
# cost more; there are fewer of them. Ties of rank are common in the middle (the gemstone
# matters) and rare at the top.
RANK_FEES: tuple[tuple[int, int], ...] = (
    (1, 0),
    (2, 0),
    (2, 1),
    (3, 1),
    (3, 1),
    (4, 1),
    (4, 2),
    (5, 2),
    (5, 2),
    (6, 2),
    (6, 3),
    (7, 3),
    (8, 4),
    (9, 5),
)

# 56 single-word names, 14 per flag in the order of RANK_FEES. "Jen" has a Saskatchewan flag and
# a fee of 2 (the rulebook's example); "Bart" is a rank-8 smuggler (the narration).
_NAMES: tuple[tuple[str, ...], ...] = (
    ("Abe", "Blanca", "Clem", "Dolores", "Ezra", "Flora", "Gus", "Hilda", "Ike", "Juana", "Kurt",
     "Lupita", "Bart", "Zorro"),
    ("Amos", "Bea", "Chuy", "Dottie", "Elmer", "Frida", "Gord", "Jen", "Hector", "Inez", "Jethro",
     "Kiki", "Lalo", "Mabel"),
    ("Nachito", "Olga", "Pancho", "Queenie", "Rufus", "Sadie", "Tito", "Ursula", "Vern", "Wanda",
     "Xochitl", "Yuri", "Zelda", "Buck"),
    ("Coco", "Dusty", "Esme", "Fritz", "Greta", "Hank", "Imelda", "Jojo", "Lola", "Moose",
     "Nell", "Otis", "Paloma", "Rocco"),
)  # fmt: skip

SMUGGLERS: tuple[Smuggler, ...] = tuple(
    Smuggler(f"S{flag * len(RANK_FEES) + k + 1:02d}", _NAMES[flag][k], flag, rank, fee)
    for flag in range(len(PROVINCES))
    for k, (rank, fee) in enumerate(RANK_FEES)
)
SMUGGLER_INDEX: dict[str, int] = {s.code: i for i, s in enumerate(SMUGGLERS)}
RANK: tuple[int, ...] = tuple(s.rank for s in SMUGGLERS)
FEE: tuple[int, ...] = tuple(s.fee for s in SMUGGLERS)
FLAG: tuple[int, ...] = tuple(s.flag for s in SMUGGLERS)


# -- Mounties -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mountie:
    code: str  # "M07"
    name: str
    flag: int  # "place the Mountie on the cantina card with the matching flag"
    penalty: int  # "he loses the number of points stated at the bottom ... (3 or 4)"


# Three per province, six of penalty 3 and six of penalty 4, split so that every province has
# both kinds.
MOUNTIES: tuple[Mountie, ...] = (
    Mountie("M01", "Constable Dudley", 0, 3),
    Mountie("M02", "Constable Fraser", 0, 3),
    Mountie("M03", "Sergeant Preston", 0, 4),
    Mountie("M04", "Constable Renfrew", 1, 3),
    Mountie("M05", "Sergeant Thorne", 1, 4),
    Mountie("M06", "Corporal Maple", 1, 4),
    Mountie("M07", "Constable Beaver", 2, 3),
    Mountie("M08", "Constable Caribou", 2, 3),
    Mountie("M09", "Sergeant Loon", 2, 4),
    Mountie("M10", "Constable Tremblay", 3, 3),
    Mountie("M11", "Sergeant Gagnon", 3, 4),
    Mountie("M12", "Corporal Roy", 3, 4),
)
MOUNTIE_INDEX: dict[str, int] = {m.code: i for i, m in enumerate(MOUNTIES)}
M_FLAG: tuple[int, ...] = tuple(m.flag for m in MOUNTIES)
PENALTY: tuple[int, ...] = tuple(m.penalty for m in MOUNTIES)


def smuggler_data(i: int) -> dict[str, object]:
    """A smuggler as JSON for views and events."""
    s = SMUGGLERS[i]
    return {
        "id": s.code,
        "name": s.name,
        "flag": PROVINCES[s.flag].code,
        "rank": s.rank,
        "fee": s.fee,
        "reach": [PROVINCES[q].code for q in REACH[s.flag]],
    }


def mountie_data(i: int) -> dict[str, object]:
    m = MOUNTIES[i]
    return {"id": m.code, "name": m.name, "flag": PROVINCES[m.flag].code, "penalty": m.penalty}


def food_data(i: int) -> dict[str, object]:
    f = FOODS[i]
    return {"food": f.code, "name": f.name, "colour": f.colour, "emoji": f.emoji}
