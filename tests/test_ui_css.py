"""A game's stylesheet styles that game's screens and nothing else.

Each game's CSS lives in its folder (``web/ui/games/<id>/*.css``) and names its own classes with
a prefix of its own (``jp-``, ``nc-``, ``tc-``): every rule must name one of them (a class, or a
``[class*="xx-"]`` attribute), its keyframes carry the prefix, and a rule on ``#game-root`` may
only set custom properties with it. The shell applies a game's stylesheet only while that game
is on screen (web/boot.js), but the prefix is what keeps two games apart wherever their CSS
meets. The platform's own prefixes (``pc-``, ``gx-``: web/ui/base.css) are no game's.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[1] / "web" / "ui" / "games"
PLATFORM = {"pc", "gx"}
PREFIXED = re.compile(r'\.([a-z]+)-[\w-]+|\[class\*="([a-z]+)-"\]')


def rules(css: str) -> list[tuple[str, str]]:
    """(selector, declarations) of every style rule, at any depth of @media; the frames of
    @keyframes are not selectors, their names are returned as ("@keyframes", name)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found: list[tuple[str, str]] = []
    stack: list[str] = []
    head = ""
    i = 0
    while i < len(css):
        ch = css[i]
        if ch == "{":
            prelude = head.strip()
            head = ""
            if prelude.startswith("@keyframes"):
                found.append(("@keyframes", prelude.split()[1]))
            if prelude.startswith("@") or any(p.startswith("@keyframes") for p in stack):
                stack.append(prelude)
            else:
                end = css.index("}", i)
                found.extend((s.strip(), css[i + 1 : end]) for s in prelude.split(","))
                i = end
        elif ch == "}":
            if stack:
                stack.pop()
            head = ""
        elif ch == ";":
            head = ""
        else:
            head += ch
        i += 1
    return found


def prefixes(selector: str) -> set[str]:
    return {a or b for a, b in PREFIXED.findall(selector)} - PLATFORM


def stylesheets() -> list[Path]:
    return sorted(GAMES.glob("*/*.css"))


def test_every_game_has_a_stylesheet_to_check() -> None:
    assert {p.parent.name for p in stylesheets()} >= {"jalapeno", "nacho", "taco"}


@pytest.mark.parametrize("path", stylesheets(), ids=lambda p: p.parent.name)
def test_every_rule_names_the_games_own_prefix(path: Path) -> None:
    found = rules(path.read_text(encoding="utf-8"))
    styles = [(s, body) for s, body in found if s != "@keyframes"]
    counts = Counter(p for s, _ in styles for p in prefixes(s))
    assert counts, f"{path}: no prefixed class at all"
    own = counts.most_common(1)[0][0]
    stray = []
    for selector, body in styles:
        if selector == "#game-root":
            props = re.findall(r"([\w-]+)\s*:", body)
            stray += [f"#game-root {{{p}}}" for p in props if not p.startswith(f"--{own}-")]
        elif own not in prefixes(selector):
            stray.append(selector)
    stray += [f"@keyframes {n}" for s, n in found if s == "@keyframes" and not n.startswith(own)]
    assert not stray, f"{path}: rules that could style another game's screen ({own}-): {stray}"


def test_the_check_finds_a_bare_class() -> None:
    css = """
    .jp-card { color: red; }
    @media (max-height: 700px) { .jp-hand .jp-card, .status { padding: 0; } }
    #game-root { --jp-cw: 1px; --cw: 2px; }
    @keyframes blink { 50% { opacity: 0; } }
    """
    found = rules(css)
    assert ("@keyframes", "blink") in found
    assert [s for s, _ in found if s != "@keyframes" and "jp" not in prefixes(s)] == [
        ".status",
        "#game-root",
    ]
