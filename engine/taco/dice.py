"""The five workers (dice) of Crazy Taco, exactly as the rulebook gives their faces, and the one
rule every placement uses: do these dice cover that need *exactly*?

Rulebook, "Workers": "Manager (1): the main asset. Has 3 money faces, one food-service face, one
drink-service face, and one blank face. Employee (3): each has one money face, two food-service
faces, one drink-service face, one blank face, and one rest face. Trainee (1): has 2 food-service
faces, 2 drink-service faces, and 2 blank faces."

Faces are one character each, so that an action names its dice and a view shows their faces in
a word: ``$`` money, ``F`` food, ``D`` drink, ``B`` blank, ``Z`` rest (zzz).

>>> [d.id for d in DICE]
['M', 'E1', 'E2', 'E3', 'T']
>>> "".join(DIE["M"].faces), "".join(DIE["E2"].faces), "".join(DIE["T"].faces)
('$$$FDB', '$FFDBZ', 'FFDDBB')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

MONEY, FOOD, DRINK, BLANK, REST = "$", "F", "D", "B", "Z"
FACES: dict[str, str] = {
    MONEY: "money",
    FOOD: "food",
    DRINK: "drink",
    BLANK: "blank",
    REST: "rest",
}
FACE_EMOJI: dict[str, str] = {MONEY: "💵", FOOD: "🌮", DRINK: "🥤", BLANK: "⬜", REST: "💤"}
TURNABLE = (MONEY, FOOD, DRINK, BLANK)  # faces Achilipú may turn a die to (nobody wants zzz)


@dataclass(frozen=True)
class Die:
    id: str  # notation: M, E1, E2, E3, T
    worker: str  # manager, employee, trainee
    faces: tuple[str, ...]

    @property
    def label(self) -> str:
        return {"M": "Manager", "T": "Trainee"}.get(self.id, f"Employee {self.id[1:]}")


DICE: tuple[Die, ...] = (
    Die("M", "manager", (MONEY, MONEY, MONEY, FOOD, DRINK, BLANK)),
    Die("E1", "employee", (MONEY, FOOD, FOOD, DRINK, BLANK, REST)),
    Die("E2", "employee", (MONEY, FOOD, FOOD, DRINK, BLANK, REST)),
    Die("E3", "employee", (MONEY, FOOD, FOOD, DRINK, BLANK, REST)),
    Die("T", "trainee", (FOOD, FOOD, DRINK, DRINK, BLANK, BLANK)),
)
DIE: dict[str, Die] = {d.id: d for d in DICE}
DIE_INDEX: dict[str, int] = {d.id: i for i, d in enumerate(DICE)}
TRAINEE = DIE_INDEX["T"]

# What a need is made of, in this order: (food, drink, money, blank).
Need = tuple[int, int, int, int]

# Extra-card variations ("variations from the Extra cards ARE valid"): once per turn, one die
# showing the face on the left counts as the faces on the right. Names are the extras' effects
# in engine/taco/cards.py.
VARIATIONS: dict[str, tuple[str, Need]] = {
    "double-food": (FOOD, (2, 0, 0, 0)),
    "double-drink": (DRINK, (0, 2, 0, 0)),
    "blank-money": (BLANK, (0, 0, 1, 0)),
}


@lru_cache(maxsize=1 << 15)  # needs × face sets × variations: the listings ask again and again
def cover(need: Need, faces: tuple[str, ...], convert: bool, variation: str) -> int:
    """Do dice showing ``faces`` cover ``need`` exactly, each die used once and none left over?

    Returns 0 (yes, plainly), 1 (yes, but only with the extra's ``variation``, once per turn;
    "" when none is available) or -1 (no). ``convert``: blank faces may stand for food or drink,
    which needs at least one real food or drink die in the same placement ("in a conversion it
    ALWAYS must be accompanied by a die (or several dice) showing the drink or food icon";
    "you decide what you need", so a blank beside a food die may be a drink). The menu says
    "Blank-face variations are NOT valid" there: menus call this with ``convert=False``.

    >>> cover((2, 1, 0, 0), ("F", "B", "D"), True, "")  # a blank beside real dice
    0
    >>> cover((0, 1, 0, 0), ("B",), True, "")  # a blank alone is worth nothing
    -1
    >>> cover((2, 0, 0, 0), ("F", "F", "F"), True, "")  # one die too many
    -1
    >>> cover((3, 0, 0, 0), ("F", "F"), True, "double-food")  # with the extra's variation
    1
    """
    f, d, m, b = need
    n = {MONEY: 0, FOOD: 0, DRINK: 0, BLANK: 0, REST: 0}
    for face in faces:
        n[face] += 1
    if n[REST]:
        return -1
    if _exact(f, d, m, b, n[FOOD], n[DRINK], n[MONEY], n[BLANK], convert):
        return 0
    if variation:
        face, (vf, vd, vm, vb) = VARIATIONS[variation]
        if n[face]:
            counts = {FOOD: n[FOOD], DRINK: n[DRINK], MONEY: n[MONEY], BLANK: n[BLANK]}
            counts[face] -= 1  # that die now supplies the variation's faces instead
            if _exact(
                f - vf,
                d - vd,
                m - vm,
                b - vb,
                counts[FOOD],
                counts[DRINK],
                counts[MONEY],
                counts[BLANK],
                convert,
                real=vf + vd,
            ):
                return 1
    return -1


def _exact(
    f: int, d: int, m: int, b: int, nf: int, nd: int, nm: int, nb: int, convert: bool, real: int = 0
) -> bool:
    """Plain faces cover (f, d, m, b) exactly; ``real`` food/drink already supplied elsewhere
    (a doubled die) counts as a real die for the blank conversion."""
    if min(f, d, m, b) < 0 or nm != m or nf > f or nd > d:
        return False
    missing = (f - nf) + (d - nd)  # food and drink the blanks must stand for
    if nb != b + missing:
        return False
    return missing == 0 or (convert and nf + nd + real > 0)
