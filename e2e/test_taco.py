"""Crazy Taco in the real app (Chromium, 390×844, touch), played by tapping: dice, then where
they go.

The state the app keeps is saved to localStorage after every action; these tests load it into
the CPython engine to choose each move (the engine's own ``heuristic`` player, from the same
view the page shows) and to check the page against the engine: the targets that light up for
the picked dice, the illegal tap's reason, the undo, the end screen, and that the customer
player's hand never reaches the manager's screen.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from conftest import shot  # noqa: E402

import engine  # noqa: E402
from engine.taco.bots import HeuristicBot  # noqa: E402
from engine.taco.views import move_parts  # noqa: E402

SAVE_KEY = "picante.taco.save"
PACE = 0.05  # bot pause 750 ms -> ~40 ms; a new turn's summary 2.6 s -> ~130 ms
GAME = engine.get_game("taco")
ON_TABLE = {"serve", "collect", "both", "bonus", "task", "key", "pinata", "keep", "reroll"}
TURN_OR_OVER = (
    '[data-testid="taco-table"][data-interactive="true"], [data-testid="game-over"],'
    ' [data-testid="privacy"]'
)


def saved_text(page: Any) -> str:
    return page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") or ""


def saved(page: Any) -> dict[str, Any]:
    return json.loads(saved_text(page))


def saved_state(page: Any) -> engine.State:
    return GAME.from_dict(saved(page)["state"])


def open_setup(page: Any, players: int = 1) -> None:
    page.evaluate(f"localStorage.removeItem('{SAVE_KEY}')")
    page.evaluate(f"window.picante.setPace({PACE})")
    page.locator('[data-game="taco"]').tap()
    page.wait_for_selector('[data-testid="setup"]')
    if players == 2:
        page.locator('[data-testid="players"] label:has(input[value="2"])').tap()
        page.wait_for_selector('[data-testid="seat-row-1"]')


def start(page: Any) -> None:
    page.locator('[data-testid="start"]').tap()
    page.wait_for_selector('[data-testid="taco-table"]')


def wait_turn(page: Any) -> str:
    """Until a human may act, the cover is up, or the game is over: which one."""
    page.wait_for_selector(TURN_OR_OVER, timeout=30_000)
    if page.locator('[data-testid="game-over"]').count():
        return "over"
    if page.locator('[data-testid="privacy"]').count():
        return "cover"
    return "turn"


def lit_targets(page: Any) -> set[str]:
    return set(
        page.eval_on_selector_all(
            '[data-testid="taco-table"] [data-action="target"][data-legal="true"]',
            "els => els.map(e => e.dataset.move)",
        )
    )


def engine_targets(state: engine.State, seat: int, dice: list[str]) -> set[str]:
    """Where the engine has a legal move using exactly these dice (menu lines are in the
    menu sheet, not on the table)."""
    out = set()
    for a in state.legal_actions(seat):
        m = move_parts(a)
        if m["verb"] in ON_TABLE and set(m["dice"]) == set(dice):
            out.add(m["target"])
    return out


def pick(page: Any, dice: list[str]) -> None:
    for d in dice:
        die = page.locator(f'[data-action="die"][data-die="{d}"]')
        die.tap()
        page.wait_for_selector(f'[data-action="die"][data-die="{d}"][aria-pressed="true"]')


def perform(page: Any, state: engine.State, seat: int, action: Any) -> str:
    """Do ``action`` the way a player does: taps only. Checks, on the way, that the targets lit
    for the picked dice are exactly the engine's. Returns the save from before."""
    before = saved_text(page)
    m = move_parts(action)
    verb, text = m["verb"], m["text"]
    if verb in ON_TABLE:
        pick(page, m["dice"])
        assert lit_targets(page) == engine_targets(state, seat, m["dice"])
        page.locator(f'[data-action="target"][data-move="{m["target"]}"]').tap()
    elif verb == "menu":
        pick(page, m["dice"])
        page.get_by_test_id("menu-open").tap()
        dish = page.locator(f'[data-action="dish"][data-move="{m["target"]}"]')
        assert dish.get_attribute("data-legal") == "true"
        dish.tap()
        if m["target"] == "plata" and page.locator('[data-action="order"]').count():
            page.locator(f'[data-action="order"][data-move="{text}"]').tap()
    elif verb == "voucher":
        page.get_by_test_id("voucher").tap()
        page.locator(f'[data-action="target"][data-move="{m["target"]}"]').tap()
    elif verb == "play":
        page.locator(f'[data-action="hand"][data-move="{m["target"]}"]').tap()
    elif verb == "discard":
        page.get_by_test_id("discard-mode").tap()
        for code in m["cards"]:
            page.locator(f'[data-action="hand"][data-move="{code}"]').tap()
            page.wait_for_selector(f'[data-action="hand"][data-move="{code}"][aria-pressed="true"]')
        page.locator(f'[data-action="play"][data-move="{text}"]').tap()
    else:  # end placement / end turn, phase 3 spending, buy or pass, Achilipú's faces
        page.locator(f'[data-action="play"][data-move="{text}"]').tap()
    page.wait_for_function(f"(b) => localStorage.getItem('{SAVE_KEY}') !== b", arg=before)
    return before


def choose(state: engine.State, seat: int) -> Any:
    return HeuristicBot(seat, "e2e").choose(state.view(seat), state.legal_actions(seat), 0)


def check_an_illegal_tap(page: Any, state: engine.State) -> bool:
    """Pick one die and tap a customer it cannot serve: the engine's reason, nothing changed."""
    view = state.view(0)
    free = [d for d in view["dice"] if d["state"] == "free" and d["face"] in "FD"]
    guests = [p for p in view["counter"] if p["card"] and "food" in p["card"]]
    for die in free:
        for place in guests:
            if place["spot"] in engine_targets(state, 0, [die["id"]]):
                continue
            before = saved_text(page)
            pick(page, [die["id"]])
            page.locator(f'[data-action="target"][data-move="{place["spot"]}"]').tap()
            toast = page.get_by_test_id("toast")
            toast.wait_for()
            with pytest.raises(engine.IllegalAction) as reason:
                state.apply(0, f"serve {place['spot']} {die['id']}")
            assert toast.inner_text().strip().endswith(str(reason.value))
            assert saved_text(page) == before
            page.locator(f'[data-action="die"][data-die="{die["id"]}"]').tap()  # unpick
            page.wait_for_selector(
                f'[data-action="die"][data-die="{die["id"]}"][aria-pressed="false"]'
            )
            return True
    return False


def test_a_seeded_solo_game_is_played_by_taps_to_its_end_screen(page: Any) -> None:
    page.evaluate(f"localStorage.removeItem('{SAVE_KEY}')")
    page.goto(page.url.split("?")[0].split("#")[0] + "?seed=3")
    page.wait_for_function("() => window.picante && window.picante.ready === true")
    open_setup(page)
    start(page)
    actions = undone = illegal = 0
    while wait_turn(page) == "turn":
        state = saved_state(page)
        assert state.current_players() == (0,)
        assert page.get_by_test_id("status").inner_text().startswith("You")
        if actions == 1:
            shot(page, "phone-taco-table.png")
        if not illegal and state.stage == "placement":
            illegal = check_an_illegal_tap(page, state)
        action = choose(state, 0)
        before = perform(page, state, 0, action)
        actions += 1
        if not undone and action.undoable:
            # Undo: the state before the placement comes back (saved), the turn goes on.
            page.get_by_test_id("undo").tap()
            page.wait_for_function(f"(b) => localStorage.getItem('{SAVE_KEY}') === b", arg=before)
            assert saved_state(page) == state
            undone += 1
    assert illegal and undone and actions >= 10
    final = saved_state(page)
    assert final.is_over()
    view = final.view(0)
    winner = page.get_by_test_id("winner").inner_text()
    assert ("open" in winner) == (view["result"] == "won")
    summary = page.get_by_test_id("summary")
    assert summary.locator('[data-row="score"] dd').inner_text().startswith(str(view["score"]))
    assert summary.locator('[data-row="turns"] dd').inner_text() == str(view["turn"])
    shot(page, "phone-taco-game-over.png")
