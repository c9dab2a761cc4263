"""The games' rules as the shell shows them (web/ui/rules.py, web/ui/games/<id>/rules.py)."""

from __future__ import annotations

import ast
import doctest
import importlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from ui import rules  # noqa: E402

GAMES = ("jalapeno", "nacho", "taco")
# Refusals that are about the app or the notation, not a rule of the game: no section explains
# them.
NOT_RULES = {
    "malformed",
    "illegal",
    "not-your-turn",
    "game-over",
    "wrong-step",
    "dice-order",
    "card-order",
}


def _engine_rule_keys(game: str) -> set[str]:
    """Every literal rule key the game's engine refuses with (IllegalAction(msg, key) and the
    helpers that wrap it, read from the source)."""
    keys = set()
    for path in (ROOT / "engine" / game).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
                and isinstance(node.args[1].value, str)
                and getattr(node.func, "id", getattr(node.func, "attr", ""))
                in {"IllegalAction", "no"}
            ):
                keys.add(node.args[1].value)
    return keys


def test_rules_doctests() -> None:
    assert doctest.testmod(rules).failed == 0


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_well_formed_rules_that_explain_every_refusal(game: str) -> None:
    sections = importlib.import_module(f"ui.games.{game}.rules").RULES
    rules.check(sections)
    explained = {key for s in sections for key in s.rules}
    refused = _engine_rule_keys(game)
    assert refused, f"no rule keys found in engine/{game}"
    # every key a section names is one the engine uses, and every rule the engine refuses with
    # has its section (a new refusal needs a line in the rules)
    assert explained - refused == set()
    assert refused - NOT_RULES - explained == set()
    for key in refused - NOT_RULES:
        assert rules.section_for(sections, key) is not None


def test_the_html_is_escaped_and_anchored() -> None:
    section = rules.Section("a-b", "A <b>", ("x < y & z",), ("r1", "r2"))
    html = rules.render("g", "Game", (section,))
    assert '<details class="rules" id="rules-g" data-rules-game="g">' in html
    assert '<section class="rules-section" id="rules-g-a-b" data-rules="r1 r2">' in html
    assert "<h3>A &lt;b&gt;</h3>" in html and "<p>x &lt; y &amp; z</p>" in html


@pytest.mark.parametrize(
    "bad",
    [
        (rules.Section("a", "A", ("x",)), rules.Section("a", "B", ("y",))),
        (rules.Section("a", "A", ()),),
        (rules.Section("a b", "A", ("x",)),),
        (rules.Section("a", "A", (("",),)),),
        (rules.Section("a", "A", ("x",), ("k",)), rules.Section("b", "B", ("y",), ("k",))),
    ],
    ids=["repeated-key", "no-text", "key-with-space", "empty-item", "rule-twice"],
)
def test_check_refuses_malformed_rules(bad) -> None:
    with pytest.raises(ValueError):
        rules.check(bad)
