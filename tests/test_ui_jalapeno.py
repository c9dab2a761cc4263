"""Jalape-NO!'s party-table parts on CPython (web/ui/games/jalapeno): the rules in our words
agree with the engine, a hint's sentence says what the move does, the tutorial is the
rulebook's worked cases and can be played through, the narration the Log and the live region
read, and the labelled Scores control."""

from __future__ import annotations

import asyncio
import doctest
import random
import re
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from test_ui_table import FakePage, until_tutorial  # noqa: E402
from ui import games as ui_games  # noqa: E402
from ui.games.jalapeno import cards, reasons, table, tutorial  # noqa: E402
from ui.games.jalapeno.rules import RULES  # noqa: E402
from ui.html import esc  # noqa: E402
from ui.rules import section_for  # noqa: E402
from ui.scene import Screen  # noqa: E402
from ui.session import BOT, HUMAN, SeatConfig, Session  # noqa: E402
from ui.tutorial import TutorialTable, build  # noqa: E402

import engine  # noqa: E402
from engine.jalapeno.cards import DECK_BY_PLAYERS  # noqa: E402

GAME = engine.get_game("jalapeno")
UI = ui_games.load_ui("jalapeno")
TUTORIAL = tutorial.TUTORIAL


def test_doctests() -> None:
    for module in (cards, reasons, table):
        assert doctest.testmod(module).failed == 0


# -- rules ------------------------------------------------------------------------------------


def test_the_rules_state_the_engines_deck_for_every_player_count() -> None:
    text = " ".join(
        item for s in RULES for p in s.paragraphs for item in (p if isinstance(p, tuple) else (p,))
    )
    for players, (colours, top) in DECK_BY_PLAYERS.items():
        assert f"{players} players: {colours} colours, 1 to {top}" in text


def test_every_refusal_links_to_the_section_that_explains_it() -> None:
    state = GAME.from_dict(TUTORIAL.steps[2].position)  # red led, red in hand, Green Jalapeño
    for move, key in (("G1", "following"), ("G4", "following"), ("Y9", "playing")):
        with pytest.raises(engine.IllegalAction) as err:
            state.apply(0, move)
        section = section_for(RULES, err.value.rule)
        assert section is not None and section.key == key, (move, err.value.rule)


# -- hints ------------------------------------------------------------------------------------


def test_a_hint_says_what_every_legal_move_does_in_a_sentence() -> None:
    """Over many real positions: every legal move gets a sentence in the game's words."""
    rng = random.Random(7)
    seen = set()
    for seed in range(12):
        players = 3 + seed % 7
        state = GAME.new_game(players=players, seed=seed)
        for _ in range(40):
            if state.is_over():
                break
            seat = state.current_players()[0]
            view = state.view(seat)
            for action in state.legal_actions(seat):
                text = reasons.reason(view, str(action))
                assert text[:1].isupper() and text.endswith(".") and "None" not in text
                seen.add(text.split(":")[0].split(",")[0])
                move = reasons.move_text(view, str(action))
                assert re.fullmatch(r"(lead|play) (the|your) \w+ (\d+|Jalapeño)", move), move
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert len(seen) >= 6, seen  # the sentences differ with the situation


def test_a_hint_reads_the_rulebooks_cases_the_way_the_tutorial_teaches_them() -> None:
    views = [build(GAME, s.position).view(0) for s in TUTORIAL.steps if s.position is not None]
    assert "Jalapeño never wins here" in reasons.reason(views[1], "R1")
    assert (
        reasons.reason(views[2], "R5")
        == "It stays under the Red 10: someone else takes this trick."
    )
    assert reasons.reason(views[2], "R12") == (
        "It beats the Red 10 while no Jalapeño is in the trick."
    )
    assert reasons.reason(views[3], "R1").startswith("It is your only legal card")
    assert "dodges" not in reasons.reason(views[4], "G4")


# -- the tutorial -----------------------------------------------------------------------------


def test_the_tutorial_is_the_rulebooks_four_follow_cases_and_can_be_finished() -> None:
    TUTORIAL.check(GAME)
    legal = [
        sorted(str(a) for a in build(GAME, s.position).legal_actions(0))
        for s in TUTORIAL.steps
        if s.position is not None
    ]
    # Game Play Examples, red led: (1) red in hand and the Red + another Jalapeño: any red card
    # or the Red Jalapeño; (2) red in hand, only another colour's Jalapeño: red from the hand;
    # (3) no red in hand, the Red + another Jalapeño: the Red Jalapeño; (4) no red anywhere:
    # any card, hand or Jalapeños.
    assert legal[1:] == [["R1", "R5", "R9"], ["R12", "R5"], ["R1"], ["B8", "G1", "G4", "Y6"]]
    for step in TUTORIAL.steps[1:5]:
        state = build(GAME, step.position)
        assert state.view(0)["lead_colour"] == "R"
        held = {c for c in state.view(0)["seats"][0]["jalapenos"]}
        assert len(held) <= 2 and held <= {"R1", "G1"}


def test_a_position_must_place_every_jalapeno_and_each_card_once() -> None:
    with pytest.raises(ValueError, match="Jalapeño"):
        tutorial.position({0: "R5"}, {0: "R1"})
    with pytest.raises(ValueError, match="twice"):
        tutorial.position({0: "R5 R5"}, {0: "R1 G1 Y1 B1"})


def test_the_tutorial_plays_through_with_the_lessons_explained() -> None:
    page = FakePage()

    async def main() -> None:
        t = TutorialTable(page, UI, TUTORIAL)
        t.start()
        try:
            await until_tutorial(t, lambda: bool(t.card))
            t.on_tap("tutorial-next")
            for i, step in enumerate(TUTORIAL.steps):
                text, after = esc(step.text), esc(step.after)
                if not step.expect:
                    await until_tutorial(t, lambda: text in t.card)  # noqa: B023 (awaited at once)
                    t.on_tap("tutorial-next")
                    continue
                await until_tutorial(t, lambda: t.screen is Screen.TURN)
                assert page.status == step.text
                marked = re.findall(r'data-card="(\w+)"[^>]*data-hint="true"', page.html)
                assert set(marked) == set(step.expect)
                legal = {str(a) for a in t.session.legal(0)}
                other = sorted(legal - set(step.expect))
                if other:  # a legal move, but not the lesson's: explained, nothing played
                    t.on_tap("play", other[0])
                    assert page.toasts[-1] == step.wrong
                refused = [c for c in t.session.view()["hand"] if c not in legal]
                if i == 2:  # the Green Jalapeño, tapped: the rule says no, and links to it
                    refused = ["G1"]
                if refused:
                    t.on_tap("play", refused[0])
                    assert "You must follow red" in page.toasts[-1]
                    assert 'data-move="following"' in page.links[-1]
                t.on_tap("play", step.expect[0])
                await until_tutorial(t, lambda: t.screen is Screen.RESULT or after in t.card)  # noqa: B023
                if t.screen is Screen.RESULT:
                    assert "wins the trick" in page.status or "win the trick" in page.status
                    t.on_tap("dismiss")
                await until_tutorial(t, lambda: after in t.card)  # noqa: B023
                t.on_tap("tutorial-next")
            for _ in range(2000):  # the last card: the runner waits for nothing any more
                await asyncio.sleep(0)
                if 'data-testid="coach-done"' in page.html:
                    break
            assert 'data-testid="coach-done"' in page.html
            assert esc(TUTORIAL.outro) in page.html
        finally:
            t.stop()

    asyncio.run(main())
    assert not page.warnings, page.warnings


# -- narration and the table ---------------------------------------------------------------


def _session(players: int = 4, seed: int = 3) -> Session:
    seats = [SeatConfig("Ana", HUMAN)] + [
        SeatConfig(n, BOT, "random") for n in ("Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")
    ][: players - 1]
    return Session.new("jalapeno", seats, {"rounds": 2}, seed=seed)


def test_the_log_says_tricks_with_their_jalapenos_rounds_and_deals() -> None:
    s = _session()
    lines: list[str] = []
    while not s.state.is_over():
        seat = s.next_seat()
        happened = s.play(seat, str(s.legal(seat)[0]))
        lines += [UI.narrate(s, e) for e in happened.public]
    tricks = [line for line in lines if "the trick and" in line]
    assert any(", with the " in t or " Jalapeños" in t for t in tricks)
    assert any(
        re.fullmatch(r"Round 1 is over\. Penalty points: You \d+, Bo \d+, .*", x) for x in lines
    )
    assert any(re.fullmatch(r"Round 2 is dealt: \w+ starts?", x) for x in lines)
    assert "" in lines  # the game-over event: the end screen says it


def test_scores_is_a_labelled_control_of_its_own_on_every_table() -> None:
    s = _session(players=9, seed=5)
    view = s.view()
    html = table.render_table(s, view, table.TableCtx(status="x"), UI.header(s, _scene(s), "R"))
    # in the game bar (on a phone on its side; a tablet's bar shows the game's sheets) ...
    assert re.search(r'data-action="scores"[^>]*data-testid="bar-scores-landscape"', html)
    assert ">Scores</span>" in html
    # ... and with your points in your cards' head (its words are its name)
    me = re.search(r'<button[^>]*data-testid="me-scores">(.*?)</button>', html).group(1)
    assert "aria-label" not in me and re.sub("<[^>]+>", "", me).startswith("Scores: ")
    assert 'data-action="game-menu"' in html and "icon-menu" in html  # the menu is "Menu"
    assert html.count('data-action="scores"') == 3  # bar (landscape), bar (tablet), your head


def _scene(s: Session):
    from ui.scene import Scene

    return Scene(Screen.TURN, s.view(), "x")


def test_seats_sit_clockwise_from_you_left_across_right() -> None:
    s = _session(players=9, seed=5)
    html = table.render_table(s, s.view(), table.TableCtx(status="x"))
    order = [
        (side, [int(x) for x in re.findall(r'data-seat="(\d)" data-testid', body)])
        for side, body in re.findall(r'<ul class="jp-side jp-(\w+)"[^>]*>(.*?)</ul>', html)
    ]
    assert order == [("left", [1, 2]), ("top", [3, 4, 5, 6]), ("right", [7, 8])]
