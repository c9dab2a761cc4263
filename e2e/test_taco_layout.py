"""Nothing overlaps on a phone: Crazy Taco's screens at 360 × 640 and 390 × 844.

Busy moments are made exactly (``tests/taco/taco_tables.table``: a full counter and patience
zone, tasks, a full bonus zone, dice kept and set aside, fines, an extra; phase 3; an extra on
offer; Achilipú's faces; the 1 vs 1 hand), opened from that position
(``window.picante.openPosition``); each is checked with dice picked, and the menu sheet with
them; then the end screen of a played game.
``layout.overlaps`` checks the boxes of visible text, controls and art (e2e/layout.py).
Screenshots go to e2e/artifacts/layout-taco-*.png.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for extra in (ROOT, ROOT / "web", ROOT / "tests" / "taco"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

from conftest import open_position, shot  # noqa: E402
from layout import at_sizes, overlaps  # noqa: E402
from taco_tables import table  # noqa: E402

FULL_LINE = {
    "4": "C33",
    "3": "C39",
    "2": "C12 served",
    "1": "C49 paid",
    "p1": "C25",
    "p2": "C23",
}
CASES: dict[str, tuple[dict[str, Any], list[str]]] = {
    # name: (the table, dice to pick before checking)
    "busy": (
        dict(
            line=FULL_LINE,
            dice="M:busy E1=F:kept E2=Z T=D:aside E3:busy",
            door="T09",
            tasks=(("T02", "E3", 1),),
            bonus=(("C44", "", 0), ("C45", "", 0), ("C41", "M", 2)),
            cash=12,
            extra="C46",
            popularity=5,
            overtime=1,
        ),
        ["E1"],
    ),
    "fines": (
        dict(
            line={"1": "C10", "2": "C40"},
            dice="E2=F T:locked M:busy E1:room E3:room",
            room=("E1", "E3", ""),
            fines=5,
            fine_zone=("C56",),
            inspection="C56",
            cash=2,
            bonus=(("C41", "M", 2),),
            extra="C48",
        ),
        [],
    ),
    "management": (
        dict(
            line=FULL_LINE,
            dice="E1:room E3:room",
            stage="management",
            room=("E1", "", "E3"),
            cash=12,
            fines=3,
            popularity=6,
        ),
        [],
    ),
    "offer": (dict(line=FULL_LINE, stage="extra", offer="C47", extra="C46", cash=6), []),
    "achilipu": (dict(line=FULL_LINE, dice="M=$ E1:wild E2:wild T:wild E3=D:used"), []),
    "customer-hand": (
        dict(
            players=2,
            stage="customers",
            line={"1": "C10", "2": "C52"},
            hand=("C08", "C11", "C22", "C40", "C51"),
        ),
        [],
    ),
}


def resume(page: Any, name: str) -> None:
    spec, _ = CASES[name]
    state = table(**spec)
    open_position(page, state, [("Ana", None), ("Bart", None)][: state.players])
    page.wait_for_selector('[data-testid="taco-table"], [data-testid="privacy-ready"]')
    if page.locator('[data-testid="privacy-ready"]').count():
        page.get_by_test_id("privacy-ready").tap()
    page.wait_for_selector('[data-testid="taco-table"][data-interactive="true"]')


def check(page: Any, name: str, failures: list[str]) -> None:
    for size in at_sizes(page):
        shot(page, f"layout-taco-{name}-{size}.png")
        for p in overlaps(page, "#game-root"):
            failures.append(f"{name} @ {size}: {p['a']}  ×  {p['b']}: {p['w']}×{p['h']} px")
        # Nothing is cut off at the sides (a row too wide for the phone).
        wide = page.evaluate(
            "() => document.querySelector('#game-root').scrollWidth > window.innerWidth"
        )
        if wide:
            failures.append(f"{name} @ {size}: wider than the screen")


def test_crazy_taco_screens_never_overlap_on_a_phone(page: Any) -> None:
    page.evaluate("window.picante.setPace(0.05)")
    failures: list[str] = []
    for name, (_, dice) in CASES.items():
        resume(page, name)
        for d in dice:
            page.locator(f'[data-action="die"][data-die="{d}"]').tap()
            page.wait_for_selector(f'[data-action="die"][data-die="{d}"][aria-pressed="true"]')
        check(page, name, failures)
        if name == "busy":
            page.get_by_test_id("menu-open").tap()
            page.get_by_test_id("menu").wait_for()
            check(page, "menu", failures)
            page.get_by_test_id("menu-close").tap()
        page.locator('[data-action="home"]').first.tap()
        page.wait_for_selector("#home", state="visible")
    assert not failures, "overlaps:\n" + "\n".join(failures)
