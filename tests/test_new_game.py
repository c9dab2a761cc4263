"""A new game in two lines, really: the test-only rock-paper-scissors joins the engine and the
app by the two registration lines of ``tests/games/register.py`` and nothing else, and from
them alone it is in every list the platform keeps: the engine's games (hence the conformance
suite), the home cards and the setup screen (the build writes the cards from the same
registries: ``tools.shell_games.game_list``, which the e2e tests read for their game lists).
``e2e/test_test_games.py`` and ``e2e/test_csp.py`` play it in the browser."""

from __future__ import annotations

import ast
from pathlib import Path

from conformance import all_cases
from ui.games import home_games, load_ui
from ui.setup import SetupModel, render_setup

import engine
from tools.shell_games import game_list

ROOT = Path(__file__).resolve().parents[1]
REGISTER = ROOT / "tests" / "games" / "register.py"


def test_its_registration_is_two_lines() -> None:
    calls = [
        node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
        for node in ast.walk(ast.parse(REGISTER.read_text()))
        if isinstance(node, ast.Call)
    ]
    assert calls == ["register_game", "register_ui"]
    # and nothing else in the repository names it: no list of game ids to extend
    mentions = [
        p.relative_to(ROOT).as_posix()
        for folder in ("engine", "web", "tools", "e2e")
        for p in (ROOT / folder).rglob("*.py")
        if '"rps"' in p.read_text(encoding="utf-8")
    ]
    # its own browser tests (the party table's: its tutorial script drives the runner)
    assert sorted(mentions) == ["e2e/test_party.py", "e2e/test_test_games.py"]


def test_it_is_in_the_engine_and_the_conformance_suite() -> None:
    assert "rps" in engine.game_ids()
    assert {n for g, n in all_cases() if g == "rps"} == set(engine.get_game("rps").player_counts)


def test_it_has_a_home_card_and_a_setup_screen() -> None:
    card = next(c for c in home_games() if c["id"] == "rps")
    assert card["playable"] and card["title"] == "Rock Paper Scissors"
    assert card["colours"] is None and card["art"] == ""  # the shell's colours, the logo
    ui = load_ui("rps")
    html = render_setup(ui, SetupModel.for_game(ui.info))
    assert 'data-testid="setup"' in html and "Rock Paper Scissors" in html


def test_the_builds_game_list_has_it_only_with_the_test_games() -> None:
    shipped = [g["id"] for g in game_list(ROOT, ROOT / "web")]
    with_tests = [g["id"] for g in game_list(ROOT, ROOT / "web", ["games.register"])]
    assert "rps" not in shipped and with_tests == [*shipped, "rps"]
