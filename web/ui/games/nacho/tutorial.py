"""Learn The Nacho Incident at the table: the rulebook's own worked examples, played by you as
Filip. Kamiel holds the gemstone; clockwise sit Filip (you), Johan and Bart. Everyone picks a
smuggler in secret: Kamiel a "3", the others "5"s, so the playing order is the rulebook's
(Filip, Johan, Bart, then Kamiel). Then Filip's turn, as the rulebook tells it: he takes the
face-up Mountie onto his Ontario cantina, sends Jen (Saskatchewan flag) to Alberta, takes
Johan's salsa (giving him both his own cubes), earns 7 gold and pays Jen 2. Format and runner:
``ui.tutorial``.

The position is a whole 4-player game as ``to_dict`` writes it (``position``): every smuggler,
Mountie, province card and cube in exactly one place. ``tests/test_ui_nacho.py`` checks that it
loads, that the order and the figures are the rulebook's, and that the script plays through.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.nacho.components import (
    CUBES_PER_FOOD,
    FOODS,
    MOUNTIES,
    PROVINCE_CARDS,
    PROVINCES,
    SMUGGLERS,
)

from ...tutorial import Step, Tutorial

PLAYERS = 4
KAMIEL, FILIP, JOHAN, BART = range(PLAYERS)
HANDS = {KAMIEL: "S04 S01", FILIP: "S22 S02", JOHAN: "S23 S16", BART: "S36 S30"}
WAREHOUSES = {
    KAMIEL: "grain grain",
    FILIP: "beans tortillas",
    JOHAN: "salsa pepper",
    BART: "beans cream",
}
TOP = ("AB1", "SK2", "ON1", "QC1")  # Alberta's card wants salsa for 7
FACE_UP = "M07"  # Constable Beaver, Ontario flag: the first player takes him


def position() -> dict[str, Any]:
    """The rulebook's table before the picks, as ``to_dict`` writes a game."""
    in_hands = {code for text in HANDS.values() for code in text.split()}
    draw = [s.code for s in SMUGGLERS if s.code not in in_hands]
    mounties = [FACE_UP, *(m.code for m in MOUNTIES if m.code != FACE_UP)]
    used = [f for text in WAREHOUSES.values() for f in text.split()]
    provinces = []
    for prov in PROVINCES:
        mine = [c.code for c in PROVINCE_CARDS if c.code.startswith(prov.code)]
        top = next(c for c in TOP if c.startswith(prov.code))
        provinces.append({"deck": [top, *(c for c in mine if c != top)], "filled": [False] * 4})
    empty: list[list[list[str]]] = [[[] for _ in PROVINCES] for _ in range(PLAYERS)]
    return {
        "game": "nacho",
        "version": 1,
        "players": PLAYERS,
        "options": {"gemstone": KAMIEL, "rechoose": False, "random_mounties": False},
        "public": {
            "phase": "pick",
            "round": 1,
            "turn": 1,
            "gem": KAMIEL,
            "gold": [10] * PLAYERS,
            "ready": [True] * PLAYERS,
            "revealed": [None] * PLAYERS,
            "warehouses": [WAREHOUSES[p].split() for p in range(PLAYERS)],
            "bag": {f.code: CUBES_PER_FOOD - used.count(f.code) for f in FOODS},
            "aside": {f.code: 0 for f in FOODS},
            "provinces": provinces,
            "keepers": empty,
            "mounties": [[[] for _ in PROVINCES] for _ in range(PLAYERS)],
            "face_up": True,
            "removed_mounties": [],
            "removed_smugglers": [],
            "order": [],
            "pos": 0,
            "dest": None,
            "resolved": 0,
            "arrest_at": None,
            "arrester": None,
            "seller": 0,
            "last_round": None,
        },
        "players_private": [
            {"hand": HANDS[p].split(), "pick": None, "pending": []} for p in range(PLAYERS)
        ],
        "secret": {
            "rng": "5eed5eed5eed5eed",
            "draw": draw,
            "discards": [],
            "mdeck": mounties[:4],
            "mreserve": [mounties[4:8], mounties[8:12]],
            "mpool": [],
        },
        "events": [],
    }


def _check(data: Mapping[str, Any]) -> None:
    """Every smuggler in one place (the rest of the table is built to be so)."""
    codes = [c for p in data["players_private"] for c in p["hand"]] + data["secret"]["draw"]
    assert sorted(codes) == sorted(s.code for s in SMUGGLERS)


POSITION = position()
_check(POSITION)

TUTORIAL = Tutorial(
    title="Learn The Nacho Incident",
    seats=("Kamiel", "Filip", "Johan", "Bart"),
    player=FILIP,
    intro=(
        "You are Filip, at a table of four: Kamiel holds the gemstone, and clockwise from him"
        " sit you, Johan and Bart. Each turn everyone picks one smuggler in secret; then the"
        " highest rank goes first, sends his smuggler to a province, sells it a food cube and"
        " opens a cantina there. Most gold after three rounds wins."
    ),
    steps=(
        Step(
            position=POSITION,
            text=(
                "Step 1: pick a smuggler in secret. Pick Jen: rank 5, Saskatchewan flag, fee 2"
                " gold (the number, the flag and the coin on her card)."
            ),
            expect=("S22",),
            wrong="For this lesson, pick Jen (the highlighted card).",
            then=((KAMIEL, "S04"), (JOHAN, "S23"), (BART, "S36")),
            after=(
                "Step 2: the picks are shown together. Kamiel played a 3, everyone else a 5."
                " The highest rank goes first; on equal ranks the gemstone's holder has"
                " priority, then clockwise from him. So you go first, then Johan, then Bart;"
                " Kamiel plays last, with the lowest rank. Going first, you take the face-up"
                " Mountie: Constable Beaver sits on your Ontario cantina now."
            ),
        ),
        Step(
            text=(
                "Step 3: Jen may travel to her flag's province, Saskatchewan, or next door:"
                " Alberta or Ontario. Alberta pays 7 gold for the first salsa. Send her to"
                " Alberta."
            ),
            expect=("AB",),
            wrong="Alberta is where a salsa pays 7: send Jen there (the lit province).",
            after=(
                "Jen is in Alberta. You have no salsa, but you go first: you may take a cube"
                " from another player's warehouse instead of your own."
            ),
        ),
        Step(
            text=(
                "Take Johan's salsa and deliver it to Alberta. In exchange, Johan gets all of"
                " your own cubes (beans and tortillas)."
            ),
            expect=("salsa@2",),
            wrong="For this lesson, take Johan's salsa (the highlighted cube).",
            after=(
                "Alberta paid 7 gold for the salsa, and you paid Jen her fee of 2: 5 gold from"
                " this operation. Step 4: Jen now keeps your cantina in Alberta. No Mountie is"
                " there, so nobody is arrested (a Mountie on a cantina with keepers arrests the"
                " highest one). Johan, Bart and Kamiel now play their steps 3 and 4, each with"
                " the cubes of their own warehouse."
            ),
        ),
    ),
    outro=(
        "That is a whole turn. After four turns the round ends: in each province the biggest"
        " total of cantina keepers earns its bonus, and every Mountie you hold costs his"
        " penalty. The Rules button at the table has everything else."
    ),
)
