"""Crazy Taco in the real app (Chromium, 390×844, touch), played by tapping: dice, then where
they go.

The game is saved after every action as its record (IndexedDB); these tests replay it in the
CPython engine to choose each move (the engine's own ``heuristic`` player, from the same
view the page shows) and to check the page against the engine: the targets that light up for
the picked dice, the illegal tap's reason, the undo, the end screen, and that the customer
player's hand never reaches the manager's screen.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
for extra in (ROOT, ROOT / "web"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

from conftest import (  # noqa: E402
    open_app,
    saved_count,
    saved_record,
    saved_state,
    shot,
    wait_saved_beyond,
)
from layout import assert_no_overlap, at_sizes  # noqa: E402
from ui.games.taco.text import card_name  # noqa: E402

import engine  # noqa: E402
from engine.taco.bots import HeuristicBot  # noqa: E402
from engine.taco.views import move_parts  # noqa: E402

PACE = 0.05  # bot pause 750 ms -> ~40 ms; a new turn's summary 2.6 s -> ~130 ms
GAME = engine.get_game("taco")
ON_TABLE = {"serve", "collect", "both", "bonus", "task", "key", "pinata", "keep", "reroll"}
TURN_OR_OVER = (
    '[data-testid="taco-table"][data-interactive="true"], [data-testid="game-over"],'
    ' [data-testid="privacy"]'
)


def open_setup(page: Any, players: int = 1) -> None:
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


def perform(page: Any, state: engine.State, seat: int, action: Any, snap: str = "") -> str:
    """Do ``action`` the way a player does: taps only. Checks, on the way, that the targets lit
    for the picked dice are exactly the engine's (and takes screenshot ``snap`` then, if
    asked). Returns the length of the record before."""
    before = saved_count(page)
    m = move_parts(action)
    verb, text = m["verb"], m["text"]
    if verb in ON_TABLE:
        pick(page, m["dice"])
        assert lit_targets(page) == engine_targets(state, seat, m["dice"])
        if snap:
            shot(page, snap)
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
    wait_saved_beyond(page, before)
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
            before = saved_record(page)
            pick(page, [die["id"]])
            page.locator(f'[data-action="target"][data-move="{place["spot"]}"]').tap()
            toast = page.get_by_test_id("toast")
            toast.wait_for()
            with pytest.raises(engine.IllegalAction) as reason:
                state.apply(0, f"serve {place['spot']} {die['id']}")
            # The engine's reason, and a link to the rule's section (the Rules sheet).
            assert str(reason.value) in toast.inner_text()
            assert page.get_by_test_id("toast-rule").count() == 1
            assert saved_record(page) == before
            page.locator(f'[data-action="die"][data-die="{die["id"]}"]').tap()  # unpick
            page.wait_for_selector(
                f'[data-action="die"][data-die="{die["id"]}"][aria-pressed="false"]'
            )
            return True
    return False


@pytest.mark.opens_app
def test_a_seeded_solo_game_is_played_by_taps_to_its_end_screen(page: Any, base_url: str) -> None:
    open_app(page, f"{base_url}?seed=3")
    open_setup(page)
    start(page)
    actions = undone = illegal = 0
    snapped = ""
    while wait_turn(page) == "turn":
        state = saved_state(page)
        assert state.current_players() == (0,)
        assert page.get_by_test_id("status").inner_text().startswith("You")
        if not illegal and state.stage == "placement":
            illegal = check_an_illegal_tap(page, state)
        action = choose(state, 0)
        snap = ""
        busy = sum(1 for x in state.line if x is not None) >= 3
        if not snapped and busy and move_parts(action)["verb"] in ("serve", "both"):
            snap = snapped = "phone-taco-table.png"  # the README's: dice picked, targets lit
        before = perform(page, state, 0, action, snap)
        actions += 1
        if not undone and action.undoable:
            # Undo: the state before the placement comes back (saved), the turn goes on.
            page.get_by_test_id("undo").tap()
            page.wait_for_function(
                "(n) => window.picante.lastSave.actions === n && !window.picante.saving",
                arg=before,
            )
            assert saved_state(page) == state
            undone += 1
    assert illegal and undone and snapped and actions >= 10
    final = saved_state(page)
    assert final.is_over()
    view = final.view(0)
    winner = page.get_by_test_id("winner").inner_text()
    assert ("open" in winner) == (view["result"] == "won")
    summary = page.get_by_test_id("summary")
    assert summary.locator('[data-row="score"] dd').inner_text().startswith(str(view["score"]))
    assert summary.locator('[data-row="turns"] dd').inner_text() == str(view["turn"])
    shot(page, "phone-taco-game-over.png")
    for size in at_sizes(page):
        assert_no_overlap(page, "#game-root", f"game over {size}")


def hand_codes(state: engine.State) -> list[str]:
    return [c["code"] for c in state.view(1)["hand"]]


def test_a_human_manager_plays_several_turns_against_the_customer_bot(page: Any) -> None:
    open_setup(page, players=2)
    assert "You against 1 bot" in page.get_by_test_id("mode").inner_text()
    start(page)
    actions = narrated = 0
    while True:
        assert wait_turn(page) == "turn"
        state = saved_state(page)
        assert state.current_players() == (0,)
        if state.turn_no >= 4 and state.stage == "placement":
            break
        # The customer bot's plays are narrated from the events: "Bart plays Surfer".
        for e in state.view(0)["events"]:
            if e["kind"] == "play":
                name = card_name(e["card"])  # as the page words it
                assert f"Bart plays {name}" in page.get_by_test_id("narration").inner_text()
                narrated += 1
        # The manager sees how many cards the customer player holds, never which.
        html = page.inner_html("#game-root")
        assert all(f'data-card="{c}"' not in html for c in hand_codes(state))
        assert page.locator('[data-testid="hand"]').count() == 0
        shown = page.locator("[data-hand-count]").get_attribute("data-hand-count")
        assert shown == str(len(hand_codes(state)))
        perform(page, state, 0, choose(state, 0))
        actions += 1
    assert actions >= 4 and narrated >= 2
    assert (
        page.evaluate("() => window.picante.stats.decisions.filter(d => d.seat === 1).length") >= 3
    )


# Every text and attribute value that enters the game root: what a snooping player could read.
RECORD_DOM_JS = """() => {
  window.__seen = [];
  const root = document.getElementById('game-root');
  new MutationObserver((records) => {
    for (const r of records) {
      r.addedNodes.forEach((n) => window.__seen.push(
        n.nodeType === Node.ELEMENT_NODE ? n.outerHTML : String(n.textContent)));
      if (r.type === 'attributes') {
        window.__seen.push(String(r.target.getAttribute(r.attributeName)));
      }
    }
  }).observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
}"""


def seen_since(page: Any) -> str:
    """Everything that entered the page since the last call, and what is on it now."""
    text = "\n".join(page.evaluate("() => window.__seen.splice(0)"))
    return text + page.inner_html("#game-root")


def test_two_humans_hot_seat_never_show_the_customer_hand_to_the_manager(page: Any) -> None:
    open_setup(page, players=2)
    page.select_option('select[data-field="seat-1"]', "human")
    page.fill('input[data-field="name-0"]', "Ana")
    page.fill('input[data-field="name-1"]', "Bart")
    page.evaluate(RECORD_DOM_JS)
    page.locator('[data-testid="start"]').tap()
    covers = {0: 0, 1: 0}
    while True:
        kind = wait_turn(page)
        assert kind != "over"
        state = saved_state(page)
        actor = state.current_players()[0]
        secret = hand_codes(state)
        if kind == "cover":
            ready = page.get_by_test_id("privacy-ready")
            name = ("Ana", "Bart")[actor]
            assert (
                ready.get_attribute("aria-label") == f"Pass the device to {name} — tap when ready"
            )
            # Nothing of the hand reached the page since the customer player acted.
            if actor == 0 or covers[1]:
                seen = seen_since(page)
                assert all(f'data-card="{c}"' not in seen for c in secret)
                assert 'data-testid="hand"' not in seen
            covers[actor] += 1
            ready.tap()
            page.wait_for_selector('[data-testid="taco-table"][data-interactive="true"]')
            continue
        if actor == 1:
            # Behind the cover: exactly the engine's hand, the playable cards lit.
            shown = page.eval_on_selector_all(
                '[data-testid="hand"] [data-card]', "els => els.map(e => e.dataset.card)"
            )
            assert sorted(shown) == sorted(secret)
            lit = page.eval_on_selector_all(
                '[data-testid="hand"] [data-legal="true"]', "els => els.map(e => e.dataset.card)"
            )
            legal = {str(a)[5:] for a in state.legal_actions(1) if str(a).startswith("play ")}
            assert set(lit) == legal
            if covers[0] >= 3:
                break
            action = choose(state, 1)
            seen_since(page)  # from here on nothing of this hand may show
        else:
            seen = seen_since(page)
            assert all(f'data-card="{c}"' not in seen for c in secret)
            action = choose(state, 0)
        perform(page, state, actor, action)
    assert covers[0] >= 3 and covers[1] >= 3


def test_a_game_resumes_after_a_reload(page: Any) -> None:
    open_setup(page)
    start(page)
    assert wait_turn(page) == "turn"
    state = saved_state(page)
    perform(page, state, 0, choose(state, 0))
    before = saved_record(page)
    page.reload()  # the address is the saved game's: it opens again, where it was
    page.wait_for_function("() => window.picante && window.picante.ready === true")
    page.evaluate(f"window.picante.setPace({PACE})")
    assert wait_turn(page) == "turn"
    assert saved_record(page) == before
    view = saved_state(page).view(0)
    assert page.get_by_test_id("round").inner_text() == f"Turn {view['turn']}"
    assert page.get_by_test_id("cash").get_attribute("data-cash") == str(view["cash"])
