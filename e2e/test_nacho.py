"""The Nacho Incident in the real app (Chromium, 390×844, touch), played by tapping.

The app saves the game after every action, as its record (IndexedDB); these tests replay it in
the CPython engine to check the page against the engine: the lit choices,
the illegal tap's reason, the round-end figures, the final results. Bots are quick with
``?pace=`` (only the visible pauses shrink; every decision stays the same) and deals are
reproducible with ``?seed=``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from conftest import (  # noqa: E402
    open_app,
    saved_count,
    saved_record,
    saved_state,
    shot,
    wait_saved_beyond,
)
from layout import assert_no_overlap, at_sizes  # noqa: E402
from test_test_games import RECORD_DOM_JS  # noqa: E402

import engine  # noqa: E402
from engine.record import replay  # noqa: E402

PACE = 0.05  # a bot's pause 750 ms -> 38 ms; the reveal 3.2 s -> 0.16 s
GAME = engine.get_game("nacho")
MY_TURN = ".nc-me.my-turn"
# The lit things a tap plays: the choice buttons first (they sit above the hand), then the
# smugglers of the hand (a pick, a discard).
LIT = ".nc-choices .nc-choice, .nc-hand .nc-card.legal"
# Where the game waits for someone (or shows a result), in the order they are looked for.
STOPS = {
    "over": '[data-testid="game-over"]',
    "round-end": '[data-testid="round-end"]',
    "reveal": '[data-testid="reveal"]',
    "cover": '[data-testid="privacy"]',
    "turn": MY_TURN,
}


def stop(page: Any, timeout: float = 60_000) -> str:
    """Wait until the game stops somewhere and say where (one look at the page: a reveal that
    goes by itself is not mistaken for what comes after it)."""
    page.wait_for_function(
        "(sels) => sels.some((s) => document.querySelector(s))",
        arg=list(STOPS.values()),
        timeout=timeout,
    )
    found = page.evaluate(
        "(stops) => { for (const [k, s] of stops) if (document.querySelector(s)) return k;"
        " return null; }",
        [[k, s] for k, s in STOPS.items()],
    )
    return found or stop(page, timeout)


def open_nacho(page: Any, base_url: str, seed: int) -> None:
    """The setup screen, from a deep link that keeps the seed and the pace across reloads."""
    open_app(page, f"{base_url}?seed={seed}&pace={PACE}#/nacho")
    page.wait_for_selector('[data-testid="setup"]')


def lit_moves(page: Any) -> list[str]:
    return page.eval_on_selector_all(LIT, "els => els.map(e => e.dataset.move)")


def tap_move(page: Any, move: str) -> None:
    """Tap the lit thing that plays ``move`` and wait until the engine has taken it (the game
    is saved after every action, before the next screen is drawn)."""
    before = saved_count(page)
    page.locator(f'.nc-me [data-move="{move}"]').first.tap()
    wait_saved_beyond(page, before)


def check_illegal_province_tap(page: Any) -> None:
    """A province out of the smuggler's reach is still a tap target: the engine says why not,
    and nothing changes."""
    far = page.locator('.nc-prov[data-legal="false"]').first
    move = far.get_attribute("data-move")
    before = saved_record(page)
    far.tap()
    toast = page.get_by_test_id("toast")
    toast.wait_for()
    with pytest.raises(engine.IllegalAction) as reason:
        replay(before).apply(0, move)
    assert reason.value.rule == "reach"
    said, link = toast.inner_text().strip().splitlines()
    assert said.endswith(str(reason.value))
    assert link == "Rule: Step 3: smuggle"  # the refusal links to the rule's section
    assert saved_record(page) == before
    assert page.locator(MY_TURN).count() == 1


@pytest.mark.opens_app
def test_one_human_and_three_bots_play_a_whole_game_to_the_engines_results(
    page: Any, base_url: str
) -> None:
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "warning" else None)
    open_nacho(page, base_url, seed=11)
    page.get_by_test_id("start").tap()
    page.wait_for_selector('[data-testid="nacho-table"]')
    checked = {"illegal": False, "reveal": False, "resumed": False}
    taps = rounds = 0
    while (where := stop(page)) != "over":
        assert where != "cover"  # one human: never a cover
        if where == "round-end":
            if not rounds:
                no_overlap(page, "round-end")
            rounds += 1
            summary = saved_state(page).view(None)["last_round"]
            assert summary["round"] == rounds
            for seat, gold in enumerate(summary["gold"]):
                row = page.locator(f'[data-testid="round-scores"] tr[data-seat="{seat}"]')
                assert row.locator('[data-col="gold"]').get_attribute("data-gold") == str(gold)
            page.get_by_test_id("next-round").tap()
            page.wait_for_selector('[data-testid="round-end"]', state="detached")
            continue
        if where == "reveal":  # it goes by itself (or with a tap); checked once below
            page.wait_for_selector('[data-testid="reveal"]', state="detached")
            continue
        state = saved_state(page)
        view = state.view(0)
        assert 0 in state.current_players()
        # Exactly the engine's legal actions light up; the status asks for one of them.
        assert sorted(lit_moves(page)) == sorted(str(a) for a in state.legal_actions(0))
        assert page.get_by_test_id("status").inner_text().startswith("Your turn: ")
        phase = view["phase"]
        if phase == "destination" and not checked["illegal"]:
            shot(page, "phone-nacho-table.png")
            no_overlap(page, "table")
            check_illegal_province_tap(page)
            checked["illegal"] = True
        if phase == "pick" and view["round"] == 2 and not checked["resumed"]:
            # Saved after every action: a reload (the address is the saved game's) resumes
            # right here.
            page.reload()
            page.wait_for_selector(MY_TURN)
            assert saved_state(page) == state
            checked["resumed"] = True
        if phase == "pick" and not checked["reveal"]:
            check_reveal(page)
            checked["reveal"] = True
        else:
            tap_move(page, lit_moves(page)[0])
        taps += 1
    assert all(checked.values()), checked
    assert rounds == 2 and taps >= 12
    assert not problems, problems  # no table error, nothing went wrong quietly

    final = saved_state(page)
    assert final.is_over()
    view = final.view(None)
    for seat, gold in enumerate(view["scores"]):
        shown = page.locator(f'[data-testid="final-scores"] li[data-seat="{seat}"] .total')
        assert shown.get_attribute("data-score") == str(gold)
    winner = view["winners"][0]
    expected = "You win!" if winner == 0 else f"{saved_record(page).seats[winner].name} wins!"
    assert page.get_by_test_id("winner").inner_text() == expected
    shot(page, "phone-nacho-game-over.png")
    no_overlap(page, "game-over")
    # The bots' decision times at the default level (Medium = heuristic), as the app records
    # them: printed for the report, not asserted (a timing on a shared machine is no test).
    decisions = page.evaluate("() => window.picante.stats.decisions")
    ms = sorted(d["ms"] for d in decisions if d["level"] == "heuristic")
    assert ms, decisions
    print(f"\nnacho heuristic bots in the page: {len(ms)} decisions, max {ms[-1]} ms")


def no_overlap(page: Any, name: str) -> None:
    for size in at_sizes(page):
        assert_no_overlap(page, "#game-root", f"{name} @ {size}")


def check_reveal(page: Any) -> None:
    """Once, slowly: after my secret pick the reveal shows every pick in the engine's order,
    and stays until a tap."""
    page.evaluate("window.picante.setPace(1)")
    move = lit_moves(page)[0]
    tap_move(page, move)
    banner = page.get_by_test_id("reveal")
    banner.wait_for(timeout=30_000)
    reveal = next(e for e in saved_state(page).view(0)["events"] if e["kind"] == "reveal")
    order = banner.locator("li[data-seat]").evaluate_all(
        "els => els.map(e => Number(e.dataset.seat))"
    )
    assert order == reveal["order"]
    assert f'data-smuggler="{move}"' in banner.inner_html()  # my pick, revealed
    banner.tap()
    banner.wait_for(state="detached")
    page.evaluate(f"window.picante.setPace({PACE})")


def cover_then_ready(page: Any, name: str) -> None:
    ready = page.get_by_test_id("privacy-ready")
    ready.wait_for()
    assert ready.get_attribute("aria-label") == f"Pass the device to {name} — tap when ready"
    assert page.locator("#game-root [data-smuggler], #game-root [data-move]").count() == 0
    ready.tap()
    page.wait_for_selector(MY_TURN)


def seen(page: Any) -> str:
    """Everything the DOM recorder saw since it was last asked, and the page as it is now."""
    text = "\n".join(page.evaluate("() => window.__seen.splice(0)"))
    return text + page.evaluate("() => document.getElementById('game-root').outerHTML")


def mentions(html: str, smuggler: dict[str, Any]) -> bool:
    return bool(re.search(rf"\b({smuggler['id']}|{re.escape(smuggler['name'])})\b", html))


@pytest.mark.opens_app
def test_two_humans_hot_seat_neither_pick_is_in_the_page_before_the_reveal(
    page: Any, base_url: str
) -> None:
    open_nacho(page, base_url, seed=5)
    page.locator('[data-testid="players"] label:has(input[value="2"])').tap()
    page.wait_for_function("document.querySelectorAll('.seat-row').length === 2")
    page.select_option('select[data-field="seat-1"]', "human")
    page.wait_for_selector('[data-testid="mode"]:has-text("Pass-and-play")')
    page.select_option('select[data-field="opt:gemstone"]', label="Ana")
    page.evaluate(RECORD_DOM_JS)
    page.get_by_test_id("start").tap()
    names = ["Ana", "Bart"]

    first_picker = None
    for turn in (1, 2):
        state = saved_state(page)
        assert state.phase() == "pick" and state.view(None)["turn"] == turn
        hands = [state.view(p)["hand"] for p in (0, 1)]
        # Whoever picks first is behind the cover, unless they hold the device already (they
        # made the last choice of the previous turn).
        if stop(page) == "cover":
            label = page.get_by_test_id("privacy-ready").get_attribute("aria-label")
            picker = 0 if "to Ana" in label else 1
            cover_then_ready(page, names[picker])
        else:
            picker = names.index(page.locator(".nc-me-name").inner_text())
        other = 1 - picker
        now = page.locator("#game-root").inner_html()
        assert not any(mentions(now, k) for k in hands[other])  # never the other's hand
        pick = hands[picker][0]
        seen(page)  # from here on, record everything that enters the page
        tap_move(page, pick["id"])

        # The hand-off says that a pick was made, never which; the cover hides everything.
        cover_then_ready(page, names[other])
        narration = page.get_by_test_id("narration").inner_text()
        assert f"{names[picker]} has picked a smuggler" in narration
        during = seen(page)
        assert f"{names[picker]} has picked a smuggler — pass to {names[other]}" in during
        assert not mentions(during, pick), f"{pick['name']} was in the page before the reveal"
        assert not any(mentions(during, k) for k in hands[picker])  # nor the rest of the hand
        if turn == 1:
            shot(page, "phone-nacho-hot-seat.png")
        tap_move(page, hands[other][0]["id"])

        # The reveal: both picks, in the engine's order.
        reveal = next(e for e in saved_state(page).view(None)["events"] if e["kind"] == "reveal")
        assert {p["id"] for p in reveal["picks"]} == {pick["id"], hands[other][0]["id"]}
        if turn == 1:
            first_picker = picker
            play_until_the_next_pick(page)
    assert picker != first_picker  # both orders were checked: Ana first, then Bart first


def play_until_the_next_pick(page: Any) -> None:
    """Both humans play their steps, discards and sales (first lit choice) behind the cover."""
    for _ in range(80):
        where = stop(page, 30_000)
        if where == "cover":
            label = page.get_by_test_id("privacy-ready").get_attribute("aria-label")
            cover_then_ready(page, "Ana" if "to Ana" in label else "Bart")
        elif where == "reveal":
            page.wait_for_selector('[data-testid="reveal"]', state="detached")
        elif saved_state(page).phase() == "pick":
            return
        else:
            tap_move(page, lit_moves(page)[0])
    pytest.fail("the second turn never came")
