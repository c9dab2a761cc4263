"""Jalape-NO! in the real app (Chromium, 390×844, touch), driven the way people play: by tapping.

The game is saved after every play as its record (IndexedDB); these tests replay that record in
the CPython engine to check the page against the engine: the highlighted cards, the privacy
cover's name and hand, the illegal-card reason, the scores.

Bots are made quick with ``window.picante.setPace`` (only the visible pauses shrink: the order
of events and every decision stay the same).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from conftest import actions_taken, saved_record, saved_state, shot, wait_for_action_beyond  # noqa: E402

import engine  # noqa: E402
from engine.record import replay  # noqa: E402

PACE = 0.04  # bot pause 750 ms -> 30 ms; trick result 2.4 s -> ~0.1 s
MY_TURN = '.jp-me.my-turn .jp-card[data-legal="true"]'
GAME = engine.get_game("jalapeno")


def name(page: Any, seat: int) -> str:
    return saved_record(page).seats[seat].name


def open_setup(page: Any) -> None:
    page.evaluate(f"window.picante.setPace({PACE})")
    page.locator('[data-game="jalapeno"]').tap()
    page.wait_for_selector('[data-testid="setup"]')


def choose(page: Any, group: str, value: str) -> None:
    """Tap a segmented option (a label wrapping a visually hidden radio)."""
    page.locator(f'[data-testid="{group}"] label:has(input[value="{value}"])').tap()
    page.wait_for_selector(f'[data-testid="{group}"] input[value="{value}"]:checked')


def hand(page: Any) -> list[str]:
    return page.eval_on_selector_all(
        '[data-testid="me"] .jp-card[data-card]', "els => els.map(e => e.dataset.card)"
    )


def lit(page: Any) -> set[str]:
    return set(
        page.eval_on_selector_all(
            '[data-testid="me"] .jp-card[data-legal="true"]', "els => els.map(e => e.dataset.card)"
        )
    )


def play_card(page: Any, code: str) -> None:
    taken = actions_taken(page)
    page.locator(f'[data-testid="me"] .jp-card[data-card="{code}"]').tap()
    wait_for_action_beyond(page, taken)


def test_one_human_three_bots_play_a_round_and_see_the_engines_scores(page: Any) -> None:
    open_setup(page)
    choose(page, "rounds", "1")
    page.locator('[data-testid="start"]').tap()
    page.wait_for_selector('[data-testid="jalapeno-table"]')
    plays = 0
    while True:
        page.wait_for_selector(f'{MY_TURN}, [data-testid="game-over"]', timeout=30_000)
        if page.locator('[data-testid="game-over"]').count():
            break
        state = saved_state(page)
        assert state.current_players() == (0,)
        # Exactly the engine's legal cards light up; the hand is the engine's hand.
        assert lit(page) == {str(a) for a in state.legal_actions(0)}
        assert sorted(hand(page)) == sorted(
            state.view(0)["hand"] + state.view(0)["seats"][0]["jalapenos"]
        )
        assert page.get_by_test_id("status").inner_text().startswith("Your turn")
        if plays == 2:
            shot(page, "phone-jalapeno-table.png")
        play_card(page, page.locator(MY_TURN).first.get_attribute("data-card"))
        plays += 1
    assert plays >= 6

    final = saved_state(page)
    assert final.is_over()
    view = final.view(None)
    table = page.get_by_test_id("round-scores")
    for seat in range(4):
        shown_round = table.locator(f'td[data-seat="{seat}"][data-col="round"]')
        shown_total = table.locator(f'td[data-seat="{seat}"][data-col="total"]')
        assert int(shown_round.inner_text()) == view["round_penalties"][0][seat]
        assert int(shown_total.inner_text()) == view["totals"][seat]
    winners = [name(page, s) for s in view["winners"]]
    winner_text = page.get_by_test_id("winner").inner_text()
    shot(page, "phone-jalapeno-game-over.png")
    assert all(name in winner_text or "You" in winner_text for name in winners)
    # "Play again": same seats, a fresh deal.
    page.get_by_test_id("play-again").tap()
    page.wait_for_selector(f"{MY_TURN}, .jp-seat.acting")
    assert page.get_by_test_id("round").inner_text() == "Round 1 of 1"
    assert not saved_state(page).is_over()


def test_three_humans_hot_seat_privacy_cover_hides_every_hand(page: Any) -> None:
    open_setup(page)
    choose(page, "players", "3")
    for seat, name in ((0, "Ana"), (1, "Bart"), (2, "Cy")):
        page.select_option(f'select[data-field="seat-{seat}"]', "human")
        page.fill(f'input[data-field="name-{seat}"]', name)
    page.locator('[data-testid="start"]').tap()

    previous: int | None = None
    for _ in range(9):  # three tricks
        page.wait_for_selector(f'[data-testid="privacy"], {MY_TURN}', timeout=30_000)
        state = saved_state(page)
        actor = state.current_players()[0]
        if actor != previous:
            # A new player's turn: the cover is up and NOTHING private is in the DOM.
            cover = page.get_by_test_id("privacy")
            assert cover.is_visible()
            name = saved_record(page).seats[actor].name
            ready = page.get_by_test_id("privacy-ready")
            assert ready.get_attribute("aria-label") == (
                f"Pass the device to {name} — tap when ready"
            )
            assert page.locator("#game-root [data-card]").count() == 0
            assert page.locator('[data-testid="me"], [data-testid="hand"]').count() == 0
            ready.tap()
            page.wait_for_selector(MY_TURN)
        # Behind the cover: exactly this player's hand.
        me = state.view(actor)
        assert sorted(hand(page)) == sorted(me["hand"] + me["seats"][actor]["jalapenos"])
        code = page.locator(MY_TURN).first.get_attribute("data-card")
        play_card(page, code)
        # Right after the play this hand is gone before anybody else's appears.
        after = saved_state(page)
        if after.current_players()[0] != actor:
            assert page.locator('[data-testid="me"] .jp-card').count() == 0
        previous = actor


def test_tapping_an_illegal_card_shows_the_engines_reason_and_changes_nothing(
    page: Any,
) -> None:
    open_setup(page)
    page.locator('[data-testid="start"]').tap()
    for _ in range(12):
        page.wait_for_selector(MY_TURN, timeout=30_000)
        illegal = page.locator('[data-testid="me"] .jp-card[data-legal="false"]')
        if illegal.count():
            break
        play_card(page, page.locator(MY_TURN).first.get_attribute("data-card"))
    else:
        pytest.fail("never held an unplayable card")
    code = illegal.first.get_attribute("data-card")
    before = saved_record(page)
    cards_before = hand(page)
    illegal.first.tap()
    toast = page.get_by_test_id("toast")
    toast.wait_for()
    with pytest.raises(engine.IllegalAction) as reason:
        replay(before).apply(0, code)
    # the engine's reason, then a link to the rule's section (ui.sheets)
    assert toast.inner_text().strip().splitlines()[0].endswith(str(reason.value))
    assert page.get_by_test_id("toast-rule").inner_text() == "Rule: Following the lead colour"
    # On the narrowest phone the rule's link goes under the message: neither is cut off at the
    # screen's edge, and the message is not squeezed to a word a line.
    page.set_viewport_size({"width": 360, "height": 640})
    box = toast.bounding_box()
    link = page.get_by_test_id("toast-rule").bounding_box()
    text = toast.locator(".toast-text").bounding_box()
    assert box is not None and link is not None and text is not None
    assert 0 <= box["x"] and box["x"] + box["width"] <= 360, box
    assert link["x"] + link["width"] <= box["x"] + box["width"], (link, box)
    assert text["width"] >= box["width"] / 2, (text, box)
    assert saved_record(page) == before  # nothing changed: same record, still my turn
    assert hand(page) == cards_before
    assert page.locator(MY_TURN).count() > 0


def test_setup_chooses_who_starts(page: Any) -> None:
    """ "Choose a starting player by any method you wish": Random (the default) or a seat."""
    open_setup(page)
    starter = page.locator('select[data-field="opt:first_player"]')
    assert starter.locator("option:checked").inner_text() == "Random"
    names = starter.locator("option").all_inner_texts()
    assert names == ["Random", "Ana", "Bart", "Carmen", "Diego"]
    starter.select_option(label="Carmen")
    page.wait_for_selector(
        'select[data-field="opt:first_player"] option[value="2"][selected]', state="attached"
    )
    # A smaller table re-renders the form at once: three seats, three names to start.
    choose(page, "players", "3")
    page.wait_for_function("document.querySelectorAll('.seat-row').length === 3")
    assert starter.locator("option").all_inner_texts() == ["Random", "Ana", "Bart", "Carmen"]
    page.locator('[data-testid="start"]').tap()
    page.wait_for_selector('[data-testid="jalapeno-table"]')
    state = saved_state(page)
    assert state.view(None)["round_starter"] == 2
    assert saved_record(page).options["first_player"] == 2
