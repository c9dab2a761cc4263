"""The Nacho Incident's UI (web/ui/games/nacho/) on CPython, through the generic table loop with a
fake page: whole games, the rulebook's example in words, secrets kept in pass-and-play, taps that
are not choices explained by the engine, results equal to the engine's."""

from __future__ import annotations

import asyncio
import doctest
import re
import sys
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
for extra in (HERE.parent / "web", HERE / "nacho"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

from nacho_tables import table as nacho_table  # noqa: E402
from test_ui_table import FakePage, settle, until_tutorial  # noqa: E402
from ui import games as ui_games  # noqa: E402
from ui.games.nacho import art, text  # noqa: E402
from ui.scene import Screen  # noqa: E402
from ui.session import BOT, HUMAN, SeatConfig, Session  # noqa: E402
from ui.setup import SetupModel, render_setup  # noqa: E402
from ui.table import Table  # noqa: E402

import engine  # noqa: E402
from engine.resume import resume  # noqa: E402

NACHO = ui_games.load_ui("nacho")
NAMES = ["Ana", "Bart", "Cy", "Dee"]
EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\ufe0f]")


def seats(*kinds: str, level: str = "heuristic") -> list[SeatConfig]:
    return [SeatConfig(NAMES[i], k, level) for i, k in enumerate(kinds)]


def moves_on_screen(html: str) -> set[str]:
    """The actions the screen's lit buttons send (hand cards and choices)."""
    return set(re.findall(r'data-move="([^"]+)" data-legal="true"', html))


def run(session: Session, script: Any) -> FakePage:
    page = FakePage()

    async def main() -> None:
        table = Table(page, NACHO, session)
        table.start()
        try:
            await script(page, table)
        finally:
            table.stop()

    asyncio.run(main())
    assert not page.warnings, page.warnings
    return page


def test_the_rulebooks_example_turn_is_narrated_from_the_events() -> None:
    """Filip goes first with Jen, takes the Ontario Mountie, takes Johan's salsa (giving him his
    two cubes), sends Jen to Alberta, earns 7 and pays her 2: each step is a line."""
    names = ["Kamiel", "Filip", "Johan", "Bart"]
    state = nacho_table(
        hands={0: "Dolores Abe", 1: "Jen Blanca", 2: "Hector Bea", 3: "Ursula"},
        warehouses={0: "grain grain", 1: "beans tortillas", 2: "salsa pepper", 3: "beans cream"},
        top=("AB1", "SK2", "ON1", "QC1"),
        face_up="M07",
    )
    s = Session("nacho", state, [SeatConfig(n, HUMAN) for n in names], "1")
    lines: list[str] = []
    for seat, move in ((0, "S04"), (1, "S22"), (2, "S23"), (3, "S36"), (1, "AB"), (1, "salsa@2")):
        happened = s.play(seat, move)
        lines += [text.narrate(s, e) for e in happened.public]
    lines = [line for line in lines if line]
    assert lines[:3] == ["Kamiel has picked a smuggler"] + [
        f"{n} has picked a smuggler" for n in ("Filip", "Johan")
    ]
    gold = s.state.gold[1]
    assert lines[3:] == [
        "Bart has picked a smuggler",
        "Picks revealed — Filip goes first with Jen (5)",
        "Filip goes first and takes the Mountie Constable Beaver (−3) onto Filip's Ontario cantina",
        "Filip sends Jen (5) to Alberta",
        "Filip takes Johan's salsa, gives Johan beans and tortillas and delivers it to Alberta"
        " for 7 gold",
        f"Filip pays Jen 2 gold (now {gold})",
        "Jen (5) now keeps Filip's Alberta cantina",
    ]
    assert gold == 10 + 7 - 2


def test_one_human_and_three_bots_play_a_whole_game_and_see_the_engines_results() -> None:
    session = Session.new("nacho", seats(HUMAN, BOT, BOT, BOT), {"gemstone": 0}, seed=21)
    seen = {"turns": 0, "reveals": 0, "rounds": 0}

    async def script(page: FakePage, table: Table) -> None:
        while await settle(table) is not Screen.OVER:
            s = table.session
            if table.screen is Screen.TURN:
                seen["turns"] += 1
                legal = [str(a) for a in s.legal(0)]
                # Exactly the engine's legal actions light up, and the status asks for them.
                assert moves_on_screen(page.html) == set(legal)
                assert page.status.startswith("Your turn: ")
                assert not EMOJI.search(page.html), EMOJI.search(page.html)
                table.on_tap("play", legal[seen["turns"] % len(legal)])
            elif table.screen is Screen.RESULT:
                event = table.pause.event
                assert event["kind"] == "reveal"
                seen["reveals"] += 1
                order = re.findall(r'<li data-seat="(\d)"><span class="nc-place">', page.html)
                assert [int(x) for x in order] == event["order"]
                table.on_tap("dismiss")
            elif table.screen is Screen.BREAK:
                event = table.pause.event
                seen["rounds"] += 1
                for seat, amount in enumerate(event["gold"]):
                    assert (
                        f'data-col="gold" data-gold="{amount}"'
                        in page.html.split(f'<tr data-seat="{seat}">')[1].split("</tr>")[0]
                    )
                assert f"Round {event['round']} is over" in page.html
                table.on_tap("next-round")
            else:
                pytest.fail(f"unexpected screen {table.screen}")
        final = table.session.state
        assert final.is_over()
        html = page.html
        for seat, gold in enumerate(final.scores()):
            assert f'<li data-seat="{seat}"' in html and f'data-score="{gold}"' in html
        winner = final.winners()[0]
        assert f'data-testid="winner">{table.session.subject(winner)}' in html
        assert "Round 3: bonuses and penalties" in html
        assert not EMOJI.search(html)

    page = run(session, script)
    assert seen["reveals"] == 12  # one per turn: 3 rounds of 4
    assert seen["rounds"] == 2  # the third round's summary is on the game-over screen
    assert seen["turns"] >= 12
    assert len(page.saves) >= seen["turns"]  # saved after every action, the bots' too


def test_hot_seat_picks_stay_secret_until_the_reveal() -> None:
    session = Session.new("nacho", seats(HUMAN, HUMAN), {"gemstone": 0}, seed=5)
    secrets: list[str] = []  # every screen from Ana's pick to the reveal
    picked: dict[str, str] = {}

    async def script(page: FakePage, table: Table) -> None:
        assert await settle(table) is Screen.COVER and table.seat == 0
        bart_hand = [k["id"] for k in table.session.state.view(1)["hand"]]
        assert 'data-smuggler="' not in page.html  # the cover: nothing of anybody's
        table.on_tap("reveal")
        assert await settle(table) is Screen.TURN and table.seat == 0
        assert not any(f'data-smuggler="{code}"' in page.html for code in bart_hand)
        pick = table.session.state.view(0)["hand"][0]
        picked.update(pick)
        start = len(page.screens)
        table.on_tap("play", pick["id"])
        assert await settle(table) is Screen.COVER and table.seat == 1
        assert page.screens[start][1] == "Ana has picked a smuggler — pass to Bart"
        table.on_tap("reveal")
        assert await settle(table) is Screen.TURN and table.seat == 1
        assert "Ana has picked a smuggler" in page.html
        secrets.extend(h + s for h, s in page.screens[start:])
        table.on_tap("play", table.session.state.view(1)["hand"][0]["id"])
        assert await settle(table) is Screen.RESULT  # the reveal: both picks, the order
        assert pick["name"] in page.html and f'data-smuggler="{pick["id"]}"' in page.html
        # After the reveal, each human plays their steps behind the cover in turn order.
        assert table.pause.event["order"][0] in (0, 1)

    run(session, script)
    assert len(secrets) >= 3  # the hand-off, the cover, Bart's turn
    name = re.compile(rf"\b{re.escape(picked['name'])}\b")
    assert not [s for s in secrets if name.search(s) or picked["id"] in s]


def test_a_tap_on_a_province_out_of_reach_shows_the_engines_rule() -> None:
    session = Session.new("nacho", seats(HUMAN, BOT), {"gemstone": 0}, seed=8)

    async def script(page: FakePage, table: Table) -> None:
        for _ in range(200):
            screen = await settle(table)
            s = table.session
            if screen is Screen.TURN and s.state.phase() == "destination":
                legal = {str(a) for a in s.legal(0)}
                far = next(p["id"] for p in s.view()["provinces"] if p["id"] not in legal)
                assert f'data-move="{far}" data-legal="false"' in page.html  # a tap target
                before = s.state.to_dict()
                table.on_tap("play", far)
                with pytest.raises(engine.IllegalAction) as err:
                    engine.get_game("nacho").from_dict(before).apply(0, far)
                assert page.toasts[-1] == str(err.value) and err.value.rule == "reach"
                assert s.state.to_dict() == before and table.screen is Screen.TURN
                return
            if screen is Screen.TURN:
                table.on_tap("play", str(s.legal(0)[0]))
            else:
                table.on_tap("dismiss" if screen is Screen.RESULT else "next-round")
        pytest.fail("never chose a destination")

    run(session, script)


def test_a_saved_game_resumes_where_it_was() -> None:
    first = Session.new("nacho", seats(HUMAN, BOT, BOT), {}, seed=3)
    while first.state.phase() != "destination" or first.next_seat() != 0:
        seat = first.next_seat()
        first.play(seat, str(first.legal(seat)[0]))
    again = Session.resumed(resume(first.record.to_text(), None))
    assert again.state == first.state

    async def script(page: FakePage, table: Table) -> None:
        assert await settle(table) is Screen.TURN and table.seat == 0
        assert moves_on_screen(page.html) == {str(a) for a in first.legal(0)}

    run(again, script)


def test_setup_offers_the_gemstone_by_name_for_the_seats_at_the_table() -> None:
    model = SetupModel.for_game(NACHO.info)
    model.update("opt:gemstone", "3")
    assert model.game_options()["gemstone"] == 3
    model.update("players", "2")
    assert model.game_options()["gemstone"] is None  # a seat no longer at the table: random
    html = render_setup(NACHO, model)
    gem = html.split('data-field="opt:gemstone"')[1].split("</select>")[0]
    assert re.findall(r">([^<]+)</option>", gem) == ["Random", "Ana", "Bart"]
    assert "How to play" in html and not EMOJI.search(NACHO.setup_howto())


def sprite_ids() -> set[str]:
    from tools.page import sprite_ids as built

    return built(HERE.parent / "web")


def test_every_picture_is_drawn_in_the_sprite_and_no_screen_holds_an_emoji() -> None:
    assert doctest.testmod(art, optionflags=doctest.ELLIPSIS).failed == 0
    ids = sprite_ids()
    assert {f"nacho-{n}" for n in art.NAMES} | {f"icon-{n}" for n in art.SHARED} <= ids
    session = Session.new("nacho", seats(HUMAN, HUMAN, BOT, BOT, level="random"), {}, seed=9)

    async def script(page: FakePage, table: Table) -> None:
        opened = False
        while (screen := await settle(table)) is not Screen.OVER:
            if screen is Screen.COVER:
                table.on_tap("reveal")
            elif screen is Screen.TURN:
                if not opened:  # the log sheet, once
                    opened = True
                    table.on_tap("log")
                    assert 'data-testid="sheet-log"' in page.html
                    table.on_tap("close-dialog")
                table.on_tap("play", str(table.session.legal(table.seat)[-1]))
            else:
                table.on_tap("dismiss" if screen is Screen.RESULT else "next-round")

    page = run(session, script)
    used: set[str] = set()
    for html, status in page.screens:
        assert not EMOJI.search(html + status), EMOJI.search(html + status)
        used |= set(re.findall(r'<use href="#([\w-]+)"/>', html))
    assert used <= ids, used - ids
    assert {"nacho-mountie", "nacho-coin", "nacho-gem", "icon-bot", "icon-trophy"} <= used


def test_the_rare_choices_are_taps_too() -> None:
    """The wandering Mountie (no keepers left: a province other than his cantina), and passing
    the gemstone on a tie for the lowest score: buttons for the legal ones, the rule for the
    rest."""
    from test_nacho_arrests import filips_step

    state = filips_step("S38", mounties={1: {"ON": "M07", "QC": "M10 M11"}})
    state = state.apply(1, "ON").apply(1, "M10")
    assert state.phase() == "wander"
    session = Session("nacho", state, [SeatConfig("Kamiel", BOT), SeatConfig("Filip")], "1")

    async def wander(page: FakePage, table: Table) -> None:
        assert await settle(table) is Screen.TURN and table.seat == 1
        assert moves_on_screen(page.html) == {"wander:AB", "wander:SK", "wander:ON"}
        assert page.status == "Your turn: no keepers — where does the Mountie go?"
        assert 'data-move="wander:QC" data-legal="false"' in page.html  # his own cantina
        table.on_tap("play", "wander:QC")
        assert "another of your cantinas" in page.toasts[-1]
        assert table.session.state is state
        table.on_tap("play", "wander:AB")
        await settle(table)
        assert "Mountie Constable Tremblay wanders from Quebec to Alberta" in page.html

    run(session, wander)

    state = nacho_table(3, stage="gem", gold=(4, 4, 9))  # Ana holds the gemstone
    session = Session("nacho", state, seats(HUMAN, BOT, BOT), "1")

    async def gem(page: FakePage, table: Table) -> None:
        assert await settle(table) is Screen.TURN
        assert moves_on_screen(page.html) == {"gem:0", "gem:1"}
        assert "Keep the gemstone" in page.html and "Give it to Bart" in page.html
        table.on_tap("play", "gem:2")
        assert "lowest score" in page.toasts[-1]
        table.on_tap("play", "gem:1")
        await settle(table)
        assert "You pass the gemstone to Bart" in page.html

    run(session, gem)


def test_a_hint_names_every_legal_move_and_says_what_it_does() -> None:
    """Every legal move of many real positions (4 players, first legal moves, all phases) gets
    its words and a sentence of its own, never the generic one."""
    from ui.games.nacho import reasons
    from ui.hints import GENERIC_REASON

    kinds: set[str] = set()
    for seed in (1, 2):
        state = engine.get_game("nacho").new_game(4, seed=seed)
        seats = [SeatConfig(f"P{i}", HUMAN) for i in range(4)]
        steps = 0
        while not state.is_over() and steps < 400:
            seat = state.current_players()[0]
            session = Session("nacho", state, seats, "1")
            view = state.view(seat)
            kinds.add(view["phase"])
            legal = state.legal_actions(seat)
            for action in legal:
                text = reasons.move_text(session, view, str(action))
                why = reasons.reason(session, view, str(action))
                assert text and text != str(action), (action, text)
                assert why.endswith(".") and why != GENERIC_REASON, (view["phase"], action, why)
            state = state.apply(seat, legal[steps % len(legal)])
            steps += 1
    assert {"pick", "destination", "deliver", "discard", "sell"} <= kinds, kinds


# -- the tutorial -------------------------------------------------------------------------------


def test_the_tutorial_is_the_rulebooks_playing_order_and_filips_turn() -> None:
    """Kamiel's example: Filip, Johan, Bart, then Kamiel; Filip's turn: Beaver (Ontario) on
    his Ontario cantina, Jen to Alberta, Johan's salsa for 7, Jen's fee 2: 5 gold more."""
    from ui.games.nacho.tutorial import FILIP, JOHAN, TUTORIAL

    game = engine.get_game("nacho")
    TUTORIAL.check(game)
    state = game.from_dict(dict(TUTORIAL.steps[0].position))
    for step in TUTORIAL.steps:
        state = state.apply(FILIP, step.expect[0])
        for seat, move in step.then:
            state = state.apply(seat, move)
        if step.expect == ("S22",):
            reveal = next(e for e in state.view(FILIP)["events"] if e["kind"] == "reveal")
            assert reveal["order"] == [1, 2, 3, 0]
            assert state.view(FILIP)["seats"][FILIP]["cantinas"][2]["mounties"][0]["id"] == "M07"
    view = state.view(FILIP)
    assert view["scores"][FILIP] == 10 + 7 - 2
    assert sorted(view["seats"][JOHAN]["cubes"]) == ["beans", "pepper", "tortillas"]
    assert [k["name"] for k in view["seats"][FILIP]["cantinas"][0]["keepers"]] == ["Jen"]


def test_the_tutorial_plays_through_with_the_lessons_explained() -> None:
    from ui.games.nacho.tutorial import FILIP, TUTORIAL
    from ui.html import esc
    from ui.tutorial import TutorialTable

    page = FakePage()
    ui = ui_games.load_ui("nacho")
    assert ui_games.load_tutorial("nacho") is TUTORIAL  # "Learn to play" on the setup

    async def main() -> None:
        t = TutorialTable(page, ui, TUTORIAL)
        t.start()
        try:
            await until_tutorial(t, lambda: bool(t.card))
            t.on_tap("tutorial-next")
            for step in TUTORIAL.steps:
                after = esc(step.after)
                await until_tutorial(t, lambda: t.screen is Screen.TURN)
                assert page.status == step.text
                marked = re.findall(r'data-move="([^"]+)"[^>]*data-hint="true"', page.html)
                assert set(marked) == set(step.expect), marked
                legal = {str(a) for a in t.session.legal(FILIP)}
                other = sorted(legal - set(step.expect))
                if other:  # a legal move, but not the lesson's: explained, nothing played
                    t.on_tap("play", other[0])
                    assert page.toasts[-1] == step.wrong
                t.on_tap("play", step.expect[0])
                await until_tutorial(t, lambda: t.screen is Screen.RESULT or after in t.card)  # noqa: B023
                if t.screen is Screen.RESULT:
                    t.on_tap("dismiss")
                await until_tutorial(t, lambda: after in t.card)  # noqa: B023
                t.on_tap("tutorial-next")
            for _ in range(2000):
                await asyncio.sleep(0)
                if 'data-testid="coach-done"' in page.html:
                    break
            assert 'data-testid="coach-done"' in page.html
            assert esc(TUTORIAL.outro) in page.html
        finally:
            t.stop()

    asyncio.run(main())
    assert not page.warnings, page.warnings
