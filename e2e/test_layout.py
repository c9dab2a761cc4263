"""Nothing overlaps on a phone: every Jalape-NO! screen at 360 × 640 and 390 × 844.

The game is played by tapping (seeded deal, quick bots); at each screen worth checking — the
table mid-trick and with a full trick row, a trick won, the score sheet, a round's end, game
over, setup, the pass-the-device cover — the page is resized to both phone sizes and
``layout.assert_no_overlap`` checks the boxes of the visible text, controls and art (see
e2e/layout.py for what counts and what is an intentional layer). Screenshots of every checked
screen go to e2e/artifacts/layout-*.png.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import open_app, shot
from layout import at_sizes, overlaps

PACE = 0.04
SLOW = 5.0  # the largest pace: a trick result stays up 12 s (a tap moves on)
MY_TURN = '.jp-me.my-turn .jp-card[data-legal="true"]'
ROOT = "#game-root"


class Screens:
    """Checks one screen at both sizes, keeps every failure, asserts once at the end (so one
    run reports every overlapping screen, not only the first)."""

    def __init__(self, page: Any, prefix: str) -> None:
        self.page = page
        self.prefix = prefix
        self.seen: list[str] = []
        self.failures: list[str] = []

    def check(self, name: str) -> None:
        self.seen.append(name)
        for size in at_sizes(self.page):
            shot(self.page, f"layout-{self.prefix}-{name}-{size}.png")
            for p in overlaps(self.page, ROOT):
                self.failures.append(
                    f"{name} @ {size}: {p['a']}  ×  {p['b']}: {p['w']}×{p['h']} px"
                    f" at ({p['x']}, {p['y']})"
                )

    def done(self, expected: list[str]) -> None:
        missing = [n for n in expected if n not in self.seen]
        assert not missing, f"the game never reached: {missing}"
        assert not self.failures, "overlaps:\n" + "\n".join(self.failures)


def start(page: Any, base_url: str, players: int, rounds: int, seed: int, humans: int = 1) -> None:
    open_app(page, f"{base_url}?seed={seed}")
    page.evaluate(f"window.picante.setPace({PACE})")
    page.locator('[data-game="jalapeno"]').tap()
    page.wait_for_selector('[data-testid="setup"]')
    for group, value in (("players", players), ("rounds", rounds)):
        page.locator(f'[data-testid="{group}"] label:has(input[value="{value}"])').tap()
        page.wait_for_selector(f'[data-testid="{group}"] input[value="{value}"]:checked')
    for seat in range(players):
        page.select_option(
            f'select[data-field="seat-{seat}"]', "human" if seat < humans else "bot:heuristic"
        )


def play_first_legal(page: Any) -> None:
    card = page.locator(MY_TURN).first
    code = card.get_attribute("data-card")
    card.tap()
    page.wait_for_selector(f'[data-testid="me"] .jp-card[data-card="{code}"]', state="detached")


@pytest.mark.parametrize("players,seed", [(4, 11), (9, 5)])
def test_table_and_results_never_overlap_on_a_phone(
    page: Any, base_url: str, players: int, seed: int
) -> None:
    screens = Screens(page, f"p{players}")
    start(page, base_url, players, rounds=3, seed=seed)
    screens.check("setup")
    page.locator('[data-testid="start"]').tap()
    want = ["setup", "mid-trick", "full-trick", "trick-won", "score-sheet", "round-end"]
    want.append("game-over")
    for _ in range(40 * 3):
        page.wait_for_selector(
            f'{MY_TURN}, [data-testid="round-end"], [data-testid="game-over"]', timeout=60_000
        )
        if page.locator('[data-testid="game-over"]').count():
            screens.check("game-over")
            break
        if page.locator('[data-testid="round-end"]').count():
            if "round-end" not in screens.seen:
                screens.check("round-end")
            page.get_by_test_id("next-round").tap()
            continue
        in_trick = page.locator(".jp-trick .jp-played").count()
        if "score-sheet" not in screens.seen:
            page.locator('[data-action="scores"]').tap()
            page.wait_for_selector('[data-testid="score-dialog"]')
            screens.check("score-sheet")
            page.locator('.sheet [data-action="close-sheet"]').tap()
            page.wait_for_selector('[data-testid="score-dialog"]', state="detached")
        if in_trick and "mid-trick" not in screens.seen:
            screens.check("mid-trick")
        hand_left = page.locator('[data-testid="me"] .jp-card').count()
        if in_trick == players - 1 and hand_left > 1 and "trick-won" not in screens.seen:
            # The last card of a trick (not of the round): hold the result up and look at it.
            screens.check("full-trick")
            page.evaluate(f"window.picante.setPace({SLOW})")
            play_first_legal(page)
            page.wait_for_selector('[data-testid="trick-won"]')
            screens.check("trick-won")
            page.get_by_test_id("trick-won").tap()
            page.wait_for_selector('[data-testid="trick-won"]', state="detached")
            page.evaluate(f"window.picante.setPace({PACE})")
            continue
        play_first_legal(page)
    screens.done(want)


def test_pass_the_device_cover_and_setup_never_overlap(page: Any, base_url: str) -> None:
    screens = Screens(page, "hot")
    start(page, base_url, players=3, rounds=1, seed=3, humans=2)
    page.locator('[data-testid="start"]').tap()
    page.wait_for_selector('[data-testid="privacy"]')
    screens.check("cover")
    page.get_by_test_id("privacy-ready").tap()
    page.wait_for_selector(MY_TURN)
    screens.check("hot-seat-table")
    page.locator('[data-action="home"]').first.tap()
    page.wait_for_selector('[data-game="nacho"]', state="visible")
    page.locator('[data-game="nacho"]').tap()
    page.wait_for_selector('[data-testid="setup"]')
    screens.check("nacho-setup")
    screens.done(["cover", "hot-seat-table", "nacho-setup"])
