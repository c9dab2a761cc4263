"""Nothing overlaps on a phone: The Nacho Incident's busy screens at 360 × 640 and 390 × 844.

Busy moments are made exactly (``tests/nacho/nacho_tables.table``: long names, crowded cantinas
with Mounties, full and half-full province cards, gold below zero and above 100, four cubes in a
warehouse after a steal), opened from that position (``window.picante.openPosition``); each is
checked for overlaps (``layout.overlaps``: the boxes of visible text, controls and art), for a
row wider than the phone, and for tap targets smaller than 44 px. Screenshots go to
e2e/artifacts/layout-nacho-*.png.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for extra in (ROOT, ROOT / "web", ROOT / "tests" / "nacho"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

from conftest import open_position, shot  # noqa: E402
from layout import at_sizes, overlaps  # noqa: E402
from nacho_tables import S, play, table  # noqa: E402

from engine.nacho.components import (  # noqa: E402
    CUBES_PER_FOOD,
    MOUNTIES,
    PROVINCE_CARDS,
    SMUGGLERS,
)
from engine.nacho.state import NachoState  # noqa: E402

NAMES = ("Maximiliana Ruiz", "Bartholomew K.", "Carmen", "Diego")  # 16 characters at most
TAPPABLE = ".nc-me [data-action], .nc-prov[data-action]"


def balanced(state: NachoState) -> NachoState:
    """The crafted table with every card and cube in exactly one place, as a save must be: a
    card named on the table is taken out of wherever the real deal had it (other hands, the
    draw pile, the Mountie decks); a card the table no longer holds goes out of the game; the
    bag holds the cubes not in sight."""
    s = state._copy()
    seen: set[int] = set()

    def keep(cards: tuple[int, ...]) -> tuple[int, ...]:
        out = tuple(k for k in cards if k not in seen)
        seen.update(out)
        return out

    s.keepers = tuple(tuple(keep(here) for here in seat) for seat in s.keepers)
    s.pending = tuple(keep(p) for p in s.pending)
    s.picks = tuple(None if k is None else (keep((k,)) or (None,))[0] for k in s.picks)
    s.hands = tuple(keep(h) for h in s.hands)
    s.draw, s.discards, s.removed_s = keep(s.draw), keep(s.discards), keep(s.removed_s)
    s.removed_s += tuple(k for k in range(len(SMUGGLERS)) if k not in seen)
    seen = set()
    s.cmounties = tuple(tuple(keep(here) for here in seat) for seat in s.cmounties)
    s.mdeck = keep(s.mdeck)
    s.mreserve = tuple(keep(d) for d in s.mreserve)
    s.removed_m = keep(s.removed_m)
    s.removed_m += tuple(m for m in range(len(MOUNTIES)) if m not in seen)
    bag = [CUBES_PER_FOOD - a for a in s.aside]
    for w in s.warehouses:
        for f in w:
            bag[f] -= 1
    for prov, deck in enumerate(s.pdecks):
        for k, (food, _price) in enumerate(PROVINCE_CARDS[deck[0]].spots):
            bag[food] -= s.filled[prov] >> k & 1
    assert min(bag) >= 0, bag
    s.bag = tuple(bag)
    return s


def crowded(hand: str = "Jen Blanca Zorro Mabel Rocco Buck Abe Amos", **kw: Any) -> NachoState:
    """Four players late in a round: every cantina has keepers or Mounties, cards half full."""
    return balanced(
        table(
            hands={0: hand},
            warehouses={0: "salsa tortillas cream olive", 1: "grain", 2: "", 3: "beans pepper"},
            keepers={
                0: {"AB": "Flora Gus Hilda Ike", "SK": "Bea", "ON": "Tito Vern", "QC": "Coco"},
                1: {"AB": "Ezra", "SK": "Kiki Lalo", "QC": "Dusty Esme Fritz Greta Hank"},
                2: {"SK": "Frida", "ON": "Olga Pancho Queenie"},
                3: {"AB": "Clem", "QC": "Imelda"},
            },
            mounties={
                0: {"ON": "M07 M08"},
                1: {"QC": "M11"},
                2: {"AB": "M01 M02"},
                3: {"SK": "M05"},
            },
            top=("AB1", "SK1", "ON2", "QC2"),
            filled={"AB": ("salsa", "grain"), "SK": ("olive",), "QC": ("cream", "salsa", "olive")},
            gold=(-12, 104, 37, 9),
            face_up="M12",
            **kw,
        )
    )


def deliver_with_steals() -> NachoState:
    """Ana goes first and may deliver her own cube or take one from any other warehouse."""
    state = balanced(
        table(
            hands={0: "Zorro Abe", 1: "Amos Bea", 2: "Nachito Olga", 3: "Coco Dusty"},
            warehouses={0: "salsa grain", 1: "salsa olive", 2: "grain onion", 3: "olive salsa"},
            top=("AB1", "SK2", "ON1", "QC1"),
        )
    )
    state = play(state, (0, "S14"), (1, "S15"), (2, "S29"), (3, "S43"), (0, "AB"))
    assert state.phase() == "deliver" and len(state.legal_actions(0)) >= 6
    return state


def arrest_choice() -> NachoState:
    """Two Mounties on the cantina Ana's smuggler just opened: which one arrests?"""
    state = balanced(
        table(
            hands={0: "Abe Blanca", 1: "Zorro Bea", 2: "Olga Pancho", 3: "Coco Dusty"},
            warehouses={0: "beans", 1: "olive", 2: "onion", 3: "grain"},
            mounties={0: {"AB": "M01 M03"}},
            top=("AB2",),
        )
    )
    state = play(state, (0, "S01"), (1, "S14"), (2, "S30"), (3, "S43"))
    while state.current_players() != (0,) or state.phase() != "destination":
        seat = state.current_players()[0]
        state = state.apply(seat, str(state.legal_actions(seat)[-1]))
    state = state.apply(0, "AB")
    if state.phase() == "deliver":
        state = state.apply(0, "none")
    assert state.phase() == "arrest", state.phase()
    return state


def discarding() -> NachoState:
    """Step 6: Ana has set two smugglers aside and may discard more, or be done."""
    return crowded(
        "Zorro Mabel Rocco Buck Abe Amos",
        stage="discard",
        ready=(False, False, True, True),
        pending=(tuple(S(n) for n in ("Jen", "Blanca")), (), (), ()),
    )


def last_to_pick() -> NachoState:
    """The three bots have picked (ties on rank, so the gemstone note shows): Ana's pick will
    reveal them all."""
    return crowded(
        "Zorro Mabel Rocco Buck Abe Amos",
        picks=(None, S("Jen"), S("Hector"), S("Wanda")),
    )


CASES: dict[str, Callable[[], NachoState]] = {
    "pick": crowded,
    "deliver-steal": deliver_with_steals,
    "arrest": arrest_choice,
    "discard": discarding,
    "reveal": last_to_pick,
}


def resume(page: Any, state: NachoState, name: str) -> None:
    seats = [(NAMES[i], None if i == 0 else "heuristic") for i in range(state.players)]
    open_position(page, state, seats)
    page.wait_for_selector('[data-testid="nacho-table"] .nc-me.my-turn')


# Small tap targets, and the table's parts out of their order (the board running under the
# status line or your panel, your panel cut off at the bottom), in one look at the page.
_SHAPE_JS = """([tappable, parts]) => {
  const out = [];
  for (const el of document.querySelectorAll(tappable)) {
    const r = el.getBoundingClientRect();
    if (r.width && (r.width < 44 || r.height < 44)) {
      out.push(`a ${r.width}x${r.height} tap target: ${el.textContent.trim().slice(0, 30)}`);
    }
  }
  const boxes = parts.map((s) => document.querySelector(s)).filter(Boolean)
    .map((el) => el.getBoundingClientRect());
  for (let i = 1; i < boxes.length; i++) {
    if (boxes[i - 1].bottom > boxes[i].top + 0.5) out.push(`${parts[i - 1]} runs into ${parts[i]}`);
  }
  const last = boxes[boxes.length - 1];
  if (last && last.bottom > window.innerHeight + 0.5) out.push('the bottom panel is cut off');
  if (document.querySelector('#game-root').scrollWidth > window.innerWidth) {
    out.push('wider than the screen');
  }
  return out;
}"""
PARTS = [".nc-table .pc-bar", ".nc-board", ".nc-status", ".nc-me, .nc-reveal"]


def check(page: Any, name: str, failures: list[str]) -> None:
    for size in at_sizes(page):
        shot(page, f"layout-nacho-{name}-{size}.png")
        for p in overlaps(page, "#game-root"):
            failures.append(f"{name} @ {size}: {p['a']}  ×  {p['b']}: {p['w']}×{p['h']} px")
        for problem in page.evaluate(_SHAPE_JS, [TAPPABLE, PARTS]):
            failures.append(f"{name} @ {size}: {problem}")


def test_the_nacho_incident_never_overlaps_on_a_phone(page: Any) -> None:
    page.evaluate("window.picante.setPace(0.05)")
    failures: list[str] = []
    for name, make in CASES.items():
        resume(page, make(), name)
        if name == "reveal":
            page.evaluate("window.picante.setPace(5)")  # the reveal stays 16 s: time to look
            page.locator('.nc-hand [data-move="S14"]').tap()
            page.get_by_test_id("reveal").wait_for()
        check(page, name, failures)
        if name == "reveal":
            page.evaluate("window.picante.setPace(0.05)")
            if page.get_by_test_id("reveal").count():
                page.get_by_test_id("reveal").tap()
        if name == "pick":
            page.get_by_test_id("log").tap()
            page.get_by_test_id("log-dialog").wait_for()
            failures += [f"log: {p['a']} × {p['b']}" for p in overlaps(page, "#game-root")]
            page.locator('.sheet [data-action="close-sheet"]').tap()
        page.locator('[data-action="home"]').first.tap()
        page.wait_for_selector("#home", state="visible")
    assert not failures, "layout:\n" + "\n".join(failures)
