"""Crazy Taco's UI (web/ui/games/taco/) on CPython: what lights up for picked dice is exactly
the engine's, an unlit tap sends the action it means so the engine names the rule, undo never
crosses a roll or a draw, every event reads as a sentence, the hot seat keeps the customer
player's hand off the manager's screens, and a whole game plays through the table loop by taps.
"""

from __future__ import annotations

import asyncio
import doctest
import importlib
import random
import re
import sys
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
for extra in (ROOT / "web", ROOT / "tests" / "taco"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

from taco_tables import table  # noqa: E402
from test_art import EMOJI, sprite_ids, used_ids  # noqa: E402
from test_ui_table import FakePage, settle  # noqa: E402
from ui.games import load_ui  # noqa: E402
from ui.games.taco.pick import Pick, choose, lit, meant  # noqa: E402
from ui.games.taco.text import event_sentence  # noqa: E402
from ui.scene import Screen  # noqa: E402
from ui.session import BOT, HUMAN, SeatConfig, Session  # noqa: E402
from ui.table import Table  # noqa: E402

import engine  # noqa: E402
from engine.taco.bots import HeuristicBot  # noqa: E402

GAME = engine.get_game("taco")
UI_MODULES = ("art", "pick", "text", "board", "tray", "menu", "over", "reasons")


@pytest.mark.parametrize("name", UI_MODULES)
def test_doctests_of_the_taco_ui(name: str) -> None:
    module = importlib.import_module(f"ui.games.taco.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_every_taco_picture_is_drawn_in_the_sprite() -> None:
    from ui.games.taco.art import NAMES, SHARED

    ids = sprite_ids()
    assert {f"taco-{n}" for n in NAMES} <= ids
    assert {f"icon-{n}" for n in SHARED} <= ids


def assert_own_art(screens: list[str]) -> None:
    """No emoji on any screen, and every picture it uses is drawn in the sprite."""
    ids = sprite_ids()
    for html in screens:
        assert not EMOJI.findall(html), EMOJI.findall(html)
        assert used_ids(html) <= ids, used_ids(html) - ids


def session(state: Any, *kinds: str) -> Session:
    names = ["Ana", "Bart"]
    seats = [SeatConfig(names[i], k, "heuristic") for i, k in enumerate(kinds or (HUMAN,))]
    return Session("taco", state, seats, "1")


def engine_targets(state: Any, dice: set[str]) -> set[str]:
    from engine.taco.views import move_parts

    out = set()
    for a in state.legal_actions(0):
        m = move_parts(a)
        if m["verb"] not in ("end", "turn", "voucher") and m.get("dice") and set(m["dice"]) == dice:
            if m["verb"] not in ("advertise", "overtime", "pay"):
                out.add(m["target"])
    return out


def placement_states(count: int = 12) -> list[Any]:
    """States where the manager places dice, from seeded games the heuristic player plays."""
    out = []
    for seed in range(1, 40):
        s = GAME.new_game(players=1, seed=seed)
        bot = HeuristicBot(0, seed)
        for _ in range(random.Random(seed).randrange(1, 25)):
            if s.is_over():
                break
            s = s.apply(0, bot.choose(s.view(0), s.legal_actions(0), 0))
        if not s.is_over() and s.stage == "placement":
            out.append(s)
        if len(out) >= count:
            break
    return out


@pytest.mark.parametrize("state", placement_states(), ids=lambda s: f"turn{s.turn_no}")
def test_the_targets_that_light_up_are_exactly_the_engines_for_every_pick(state: Any) -> None:
    view = state.view(0)
    legal = {str(a) for a in state.legal_actions(0)}
    usable = [d["id"] for d in view["dice"] if d["state"] in ("free", "kept", "rest")]
    for k in range(1, len(usable) + 1):
        for dice in combinations(usable, k):
            pick = Pick(tuple(dice))
            ready = {t for t, v in lit(view["moves"], pick).items() if v == "ready"}
            assert ready == engine_targets(state, set(dice)), dice
            for target in ready:  # a tap on a lit target plays a legal action with those dice
                for text in choose(view["moves"], pick, target):
                    assert text in legal and set(text.split()) >= set(dice)


@pytest.mark.parametrize(
    ("spec", "dice", "spot", "rule"),
    [
        ({"1": "C19"}, "E1=B", "1", "blank-needs-company"),  # Yoga class: 2 drinks
        ({"1": "C19"}, "E1=F E2=D", "1", "serve-in-full"),
        ({"1": "C12 paid"}, "M=$", "1", "already-paid"),
        ({"1": "C52"}, "M=$ E1=F E2=D", "1", "prepaid"),  # 1 vs 1 only, below
        ({"1": "C39"}, "E1=F", "1", "bonus-die"),  # a cleaning card takes blank or money
    ],
)
def test_an_unlit_tap_sends_the_action_it_means_and_the_engine_names_the_rule(
    spec: dict[str, str], dice: str, spot: str, rule: str
) -> None:
    players = 2 if any(c in ("C51", "C52", "C53") for c in spec.values()) else 1
    state = table(players=players, line=spec, dice=dice, hand=("C03",) if players == 2 else ())
    view = state.view(0)
    picked = tuple(w.split("=")[0] for w in dice.split())
    pick = Pick(picked)
    assert spot not in {t for t, v in lit(view["moves"], pick).items() if v == "ready"}
    faces = {d["id"]: d["face"] or "" for d in view["dice"]}
    card = next(p["card"] for p in view["counter"] if p["spot"] == spot)
    kind = "guest" if "food" in card else "bonus-card"
    text = meant(spot, pick, faces, kind)
    assert text is not None
    with pytest.raises(engine.IllegalAction) as refused:
        state.apply(0, text)
    assert refused.value.rule == rule


def test_taps_that_cannot_be_one_action_say_what_to_do_instead() -> None:
    assert meant("door", Pick(("E1", "E2")), {"E1": "F", "E2": "F"}, "door") is None
    assert meant("1", Pick(), {}, "guest") is None
    assert meant("keep", Pick(("T",)), {"T": "D"}, "keep") == "keep T"
    assert meant("vulcano", Pick(("T", "E1", "E2")), {}, "menu") == "vulcano T E1 E2"


def run_table(s: Session, script) -> FakePage:
    page = FakePage()

    async def main() -> None:
        t = Table(page, load_ui("taco"), s)
        t.start()
        try:
            await script(page, t)
        finally:
            t.stop()

    asyncio.run(main())
    assert not page.warnings, page.warnings
    return page


def tap_action(t: Table, text: str) -> None:
    """Play ``text`` by taps: its dice, then its target (menu lines from the menu sheet)."""
    from engine.taco.views import move_parts

    m = move_parts(GAME.parse_action(text))
    if m["verb"] in ("serve", "collect", "both", "bonus", "task", "key", "pinata", "keep"):
        for d in m["dice"]:
            t.on_tap("die", d)
        t.on_tap("target", m["target"])
    elif m["verb"] == "reroll":
        for d in m["dice"]:
            t.on_tap("die", d)
        t.on_tap("target", "reroll")
    elif m["verb"] == "menu":
        for d in m["dice"]:
            t.on_tap("die", d)
        t.on_tap("menu")
        t.on_tap("dish", m["target"])
        if t.dialog is not None:
            t.on_tap("order", text)
    elif m["verb"] == "voucher":
        t.on_tap("voucher")
        t.on_tap("target", m["target"])
    elif m["verb"] == "play":
        t.on_tap("hand", m["target"])
    else:
        t.on_tap("play", text)


def test_a_solo_game_plays_by_taps_through_the_table_to_its_summary() -> None:
    s = Session.new("taco", [SeatConfig("Ana")], {}, seed=3)
    played = []

    async def script(page: FakePage, t: Table) -> None:
        while await settle(t) is not Screen.OVER:
            if t.screen is Screen.RESULT:
                assert 'data-testid="new-turn"' in page.html and page.status.startswith("Turn ")
                t.on_tap("die", "M")  # any tap moves on
                continue
            state = t.session.state
            action = str(HeuristicBot(0, 3).choose(state.view(0), state.legal_actions(0), 0))
            before = len(page.saves)
            tap_action(t, action)
            await asyncio.sleep(0)
            played.append(action)
            assert t.session.state is not state and len(page.saves) == before + 1, action

    page = run_table(s, script)
    assert_own_art([html for html, _ in page.screens])
    assert len(played) > 20
    view = s.state.view(0)
    assert 'data-testid="game-over"' in page.html and 'data-testid="summary"' in page.html
    assert f"<dd>{view['score']}: " in page.html
    # The score's cash is the Cash row's: "cash $2" in both (fines said apart, if any).
    assert f"cash ${view['cash']}" in page.html and f"<dd>${view['cash']}</dd>" in page.html
    assert page.saves[-1]["state"] == s.state.to_dict()


def test_undo_takes_back_placements_of_this_roll_never_a_roll_or_a_draw() -> None:
    state = table(line={"1": "C19", "2": "C03"}, dice="M=$ E1=D E2=D E3=F T=B", cash=6)
    s = session(state)

    async def script(page: FakePage, t: Table) -> None:
        assert await settle(t) is Screen.TURN
        assert 'data-testid="undo"' not in page.html  # the game bar's Undo: only when it may
        tap_action(t, "serve 1 E1 E2")
        await settle(t)
        served = t.session.state
        assert served is not state and 'data-testid="undo"' in page.html
        tap_action(t, "keep E3")
        await settle(t)
        t.on_tap("undo")
        assert t.session.state is served and page.saves[-1]["state"] == served.to_dict()
        t.on_tap("undo")
        assert t.session.state is state and t.screen is Screen.TURN
        tap_action(t, "serve 1 E1 E2")
        await settle(t)
        tap_action(t, "reroll T")  # a roll: nothing before it can be taken back
        await settle(t)
        rolled = t.session.state
        t.on_tap("undo")
        assert t.session.state is rolled and page.toasts[-1] == "Nothing to undo now."

    run_table(s, script)


def test_every_event_of_seeded_games_reads_as_a_sentence() -> None:
    kinds: dict[str, str] = {}
    for seed, players, options in ((1, 1, {}), (2, 1, {"pinata": True}), (3, 2, {})):
        s = Session.new(
            "taco",
            [SeatConfig("Ana", BOT, "random"), SeatConfig("Bart", BOT, "random")][:players],
            options,
            seed=seed,
        )
        rng = random.Random(seed)
        while not s.state.is_over():
            seat = s.next_seat()
            happened = s.play(seat, rng.choice(s.legal(seat)))
            for e in happened.public + happened.private:
                text = event_sentence(s, e)
                assert text is not None, e
                if text:
                    assert not re.search(r"None|\{|\}|\[", text), text
                kinds[e["kind"]] = text
    assert {"arrive", "roll", "popularity", "leaves", "play", "game-over"} <= set(kinds)


class WatchingPage(FakePage):
    """Records, with every screen, whose view was on it and the customer player's hand then."""

    def __init__(self, s: Session) -> None:
        super().__init__()
        self.session = s
        self.seen: list[tuple[int | None, str, tuple[str, ...]]] = []

    def show(self, html: str, status: str) -> None:
        hand = tuple(c["code"] for c in self.session.state.view(1).get("hand", []))
        self.seen.append((self.session.viewer, html, hand))
        super().show(html, status)


def test_hot_seat_keeps_the_customer_hand_off_every_other_screen() -> None:
    s = Session.new("taco", [SeatConfig("Ana"), SeatConfig("Bart")], {}, seed=5)
    page = WatchingPage(s)

    async def main() -> None:
        t = Table(page, load_ui("taco"), s)
        t.start()
        covers = 0
        try:
            while covers < 8:
                screen = await settle(t)
                if screen is Screen.COVER:
                    covers += 1
                    t.on_tap("reveal")
                elif screen is Screen.TURN:
                    seat, state = t.seat, t.session.state
                    bot = HeuristicBot(seat, 5)
                    tap_action(t, str(bot.choose(state.view(seat), state.legal_actions(seat), 0)))
                else:
                    t.on_tap("dismiss")
        finally:
            t.stop()

    asyncio.run(main())
    assert not page.warnings, page.warnings
    assert_own_art([html for html, _ in page.screens])
    others = [(html, hand) for viewer, html, hand in page.seen if viewer != 1]
    mine = [(html, hand) for viewer, html, hand in page.seen if viewer == 1]
    assert others and mine
    for html, hand in others:
        assert not any(f'data-card="{c}"' in html for c in hand)
        assert 'data-testid="hand"' not in html
    assert any(all(f'data-card="{c}"' in html for c in hand) for html, hand in mine)


def test_a_new_turn_pauses_on_its_summary_but_a_hot_seat_hands_the_device_on() -> None:
    ui = load_ui("taco")
    solo = Session.new("taco", [SeatConfig("Ana")], {}, seed=2)
    roll = [{"kind": "roll", "seat": None, "turn": 2, "rolled": [], "faces": {}}]
    pause = ui.pause(solo, tuple(roll))
    assert pause is not None and pause.screen is Screen.RESULT and pause.ms
    duo = Session.new("taco", [SeatConfig("Ana"), SeatConfig("Bart")], {}, seed=2)
    duo.viewer = None
    assert ui.pause(duo, tuple(roll)) is None


def test_the_menu_sheet_says_what_each_dish_needs_and_whether_the_dice_allow_it() -> None:
    state = table(line={"1": "C19"}, dice="M=$ E1=D E2=D E3=D T=D", room=("", "", ""))
    s = session(state)

    async def script(page: FakePage, t: Table) -> None:
        assert await settle(t) is Screen.TURN
        t.on_tap("menu")
        html = page.html
        assert 'data-testid="menu"' in html
        view = t.session.view()
        for item in view["menu"]:
            row = html.split(f'data-item="{item["id"]}"', 1)[1].split("</li>", 1)[0]
            assert ("Your dice allow it now" in row) == (item["available"] and not item["cost"])
        # Achilipú needs four drinks: tapping it picks them, a second tap orders it.
        t.on_tap("dish", "achilipu")
        assert set(t.ui.current_pick(t.session).dice) == {"E1", "E2", "E3", "T"}
        assert 'data-move="achilipu"' in page.html and 'data-lit="ready"' in page.html
        t.on_tap("dish", "achilipu")
        await settle(t)
        assert t.dialog is None and 'data-testid="achilipu"' in page.html

    run_table(s, script)


def test_the_tutorial_can_be_finished_and_its_moves_have_hint_reasons() -> None:
    from ui.games import load_tutorial
    from ui.games.taco.reasons import reason

    tutorial = load_tutorial("taco")
    assert tutorial is not None and len(tutorial.steps) >= 3
    tutorial.check(GAME)  # every position loads, every expected move is legal there
    verbs = {step.expect[0].split()[0] for step in tutorial.steps if step.expect}
    assert {"both", "task", "nachos"} <= verbs  # serve-and-collect, a task, the menu
    state = None
    for step in tutorial.steps:
        if step.position is not None:
            state = step.position(GAME)
        view = state.view(0)
        assert reason(view, step.expect[0]).endswith(".")
        state = state.apply(0, step.expect[0])


def test_a_hint_reason_for_every_legal_move_of_played_games() -> None:
    from ui.games.taco.reasons import GENERIC, hint_targets, move_text, reason

    seen: set[str] = set()
    for players in (1, 2):
        state = GAME.new_game(players=players, seed=11)
        for _ in range(400):
            if state.is_over():
                break
            seat = state.current_players()[0]
            view = state.view(seat)
            for move in view["legal"]:
                why = reason(view, move)
                assert why.endswith(".") and why != GENERIC, (move, why)
                assert move_text(view, move) and hint_targets(view, move), move
                seen.add(move.split()[0])
            action = HeuristicBot(seat, 5).choose(view, state.legal_actions(seat), 0)
            state = state.apply(seat, action)
    assert {"serve", "collect", "both", "end", "play"} <= seen


def test_the_pick_belongs_to_the_view_it_was_made_on_not_to_a_state_object() -> None:
    ui = load_ui("taco")
    state = table(line={"1": "C19"}, dice="M=$ E1=D E2=D E3=F T=B")
    s = session(state)
    ui.set_pick(s, Pick(("E1",)))
    same = GAME.from_dict(state.to_dict())  # an equal table, another object
    assert same is not state and ui.pick_for(same.view(0)) == Pick(("E1",))
    moved = state.apply(0, "serve 1 E1 E2")
    assert ui.pick_for(moved.view(0)) == Pick()


def test_the_tutorial_highlights_the_elements_its_moves_are_made_with() -> None:
    from ui.games import load_tutorial
    from ui.games.taco.reasons import hint_targets

    tutorial = load_tutorial("taco")
    state = None
    for step in tutorial.steps:
        if step.position is not None:
            state = step.position(GAME)
        marks = step.highlight or step.expect
        assert set(marks) == set(hint_targets(state.view(0), step.expect[0])), step.text
        state = state.apply(0, step.expect[0])


def test_a_resting_die_says_what_resting_means_at_the_first_tap() -> None:
    state = table(line={"1": "C19"}, dice="M=$ E1=D E2=D E3=Z T=B", cash=6)
    s = session(state)

    async def script(page: FakePage, t: Table) -> None:
        assert await settle(t) is Screen.TURN
        t.on_tap("die", "E3")
        assert page.toasts and page.toasts[-1].startswith("Employee 3 rolled the rest face:")
        assert "showed" not in page.toasts[-1] and "re-roll ($3)" in page.toasts[-1]
        assert "resting: it rolled the rest face" in page.html  # its name says it too
        t.on_tap("die", "E3")  # unpicked: nothing more to say
        assert len(page.toasts) == 1

    run_table(s, script)


def test_the_dish_menu_is_its_own_labelled_control_and_glosses_its_spanish_names() -> None:
    from ui.games.taco.text import MENU_MEANS

    state = table(line={"1": "C19"}, dice="M=$ E1=D E2=D E3=F T=B", cash=6)
    s = session(state)

    async def script(page: FakePage, t: Table) -> None:
        assert await settle(t) is Screen.TURN
        assert re.search(r'data-testid="menu-open"[^>]*>.*?Dish menu</button>', page.html)
        t.on_tap("dish-menu")
        sheet = page.html
        assert 'data-testid="menu"' in sheet
        for item in state.view(0)["menu"]:
            assert f"means {MENU_MEANS[item['id']]}" in sheet.replace("&#x27;", "'")

    run_table(s, script)


@pytest.mark.parametrize(("players", "price"), [(1, 3), (2, 8)])
def test_the_table_says_its_own_re_roll_price(players: int, price: int) -> None:
    """1 vs 1 re-rolls at $8 (the option ``reroll_price``), solo at the printed $3: the tray's
    button, the first tap on a resting die and the hint all say the table's price."""
    state = table(players=players, line={"1": "C19"}, dice="M=$ E1=D E2=D E3=Z T=B", cash=9)
    s = session(state, *((HUMAN, BOT) if players == 2 else (HUMAN,)))

    async def script(page: FakePage, t: Table) -> None:
        assert await settle(t) is Screen.TURN
        assert re.search(rf'data-testid="reroll"[^>]*>Re-roll \${price}</button>', page.html)
        t.on_tap("die", "E3")
        assert f"re-roll (${price})" in page.toasts[-1]

    run_table(s, script)
    from ui.games.taco.reasons import move_text

    view = state.view(0)
    reroll = next(m["text"] for m in view["moves"] if m["verb"] == "reroll")
    assert move_text(view, reroll).endswith(f"for ${price}")
