"""What the shell shows of the games before any Python runs, written into web/index.html from
the game registries (engine and UI) by the build: the home cards in order, their colours in the
shell's stylesheet, the same list as data for web/boot.js, and each game's rules as HTML."""

from __future__ import annotations

import html
import json
import os
import re
import sys
from pathlib import Path

from tools.sources import BuildError

GAMES_MARKER = "<!-- @picante:games -->"
GAMES_JSON_MARKER = "@PICANTE_GAMES@"
COLOURS_MARKER = "/* @picante:card-colours */"  # in shell.css, inlined into the page
RULES_MARKER = "<!-- @picante:rules -->"
# The home cards: what ui.games.home_games() says, and each playable game's rules
# (ui/games/<id>/rules.py, rendered by ui.rules), run on the sources being built (their engine
# and web/ may be copies: see the tests), in a child Python so that nothing of them stays
# imported in the build's own process.
_GAME_LIST_PY = """
import importlib, json, sys
paths, register = json.loads(sys.argv[1]), json.loads(sys.argv[2])
sys.path[:0] = paths
for module in register:
    importlib.import_module(module)
from ui import rules
from ui.games import home_games
games, texts = home_games(), {}
for game in games:
    name = f"ui.games.{game['id']}.rules"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:  # no rules (or, with the generic UI, no UI package)
        if exc.name not in (name, name.rpartition(".")[0]):
            raise
        continue
    rules.check(module.RULES)
    texts[game["id"]] = rules.render(game["id"], game["title"], module.RULES)
print(json.dumps({"games": games, "rules": texts}))
"""


def shell_data(root: Path, web: Path, register: list[str] = ()) -> dict:
    """What the build writes into the shell from the game registries: ``games``, the home cards
    in order ({id, title, players_text, pitch, art, colours, playable}: a game is playable when
    both its engine and its UI are registered; an announced one that is not yet is "coming
    soon", ``web/ui/games/__init__.py`` holds the announcements), and ``rules``, each game's
    rules as HTML by id (a game without ``ui/games/<id>/rules.py`` has none)."""
    import subprocess

    # the test-only games import as `games.<name>`, as in the tests (tests/ on the path)
    paths = [str(root), str(web), *([str(root / "tests")] if register else [])]
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTHONPATH", None)
    done = subprocess.run(
        [sys.executable, "-c", _GAME_LIST_PY, json.dumps(paths), json.dumps(list(register))],
        capture_output=True,
        text=True,
        cwd=root,
        env=env,
    )
    if done.returncode != 0:
        raise BuildError(f"could not read the game registries:\n{done.stderr.strip()}")
    return json.loads(done.stdout)


def game_list(root: Path, web: Path, register: list[str] = ()) -> list[dict]:
    """The home cards, in order (see `shell_data`)."""
    return shell_data(root, web, register)["games"]


def _game_card(game: dict, template: str) -> str:
    gid, art = html.escape(game["id"]), game["art"]
    if art and f'id="{art}"' not in template:
        raise BuildError(f"home card art {art!r} of {gid!r} is not a <symbol> of the page's sprite")
    picture = (
        f'<svg viewBox="0 0 96 96"><use href="#{html.escape(art)}"/></svg>'
        if art
        else '<img src="./icons/picante.svg" alt="" width="60" height="60">'
    )
    players = html.escape(game["players_text"]) + ("" if game["playable"] else " · coming soon")
    soon = "" if game["playable"] else " data-soon"
    return (
        f'<a class="game-card game-{gid}" href="#/{gid}" data-game="{gid}"{soon}>\n'
        f'        <span class="game-art" aria-hidden="true">{picture}</span>\n'
        '        <span class="game-text">\n'
        f'          <span class="game-name">{html.escape(game["title"])}</span>\n'
        f'          <span class="game-players">{players}</span>\n'
        f'          <span class="game-pitch">{html.escape(game["pitch"])}</span>\n'
        '          <span class="game-pending"></span>\n'
        "        </span>\n"
        '        <span class="game-go" aria-hidden="true"></span>\n'
        "      </a>"
    )


_CSS_COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}")
_GAME_ID = re.compile(r"[a-z0-9_-]+")


def card_colours_css(games: list[dict]) -> str:
    """Each game's home card colours (``ui.games.CardColours``) as rules for the shell's
    stylesheet: custom properties on its card, light then dark."""
    light, dark = [], []
    for game in games:
        colours = game.get("colours")
        if not colours:
            continue  # the shell's own
        gid = game["id"]
        bad = [v for v in colours.values() if not _CSS_COLOUR.fullmatch(v)]
        if not _GAME_ID.fullmatch(gid) or bad:
            raise BuildError(f"card colours of {gid!r}: {bad or 'not a game id'}")
        light.append(
            f".game-{gid} {{ --card-tint: {colours['tint']}; --card-chip: {colours['chip']}; }}"
        )
        dark.append(
            f"  .game-{gid} {{ --card-tint: {colours['dark_tint']};"
            f" --card-chip: {colours['dark_chip']}; }}"
        )
    if not light:
        return ""
    return "\n".join(light) + "\n@media (prefers-color-scheme: dark) {\n" + "\n".join(dark) + "\n}"


def render_games(page: str, games: list[dict]) -> str:
    """The home cards written into the page (the shell paints them before any Python), their
    colours into the shell's stylesheet, and the same list as data for web/boot.js (its
    routes)."""
    for marker in (GAMES_MARKER, GAMES_JSON_MARKER, COLOURS_MARKER):
        if page.count(marker) != 1:
            raise BuildError(f"web/index.html must contain {marker!r} exactly once")
    cards = "\n      ".join(_game_card(g, page) for g in games)
    data = json.dumps(games, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return (
        page.replace(GAMES_MARKER, cards)
        .replace(GAMES_JSON_MARKER, data.replace("</", "<\\/"))
        .replace(COLOURS_MARKER, card_colours_css(games))
    )


def render_rules(page: str, games: list[dict], rules: dict[str, str]) -> str:
    """Each game's rules written into the shell, in the home cards' order: a person can read them
    while Python loads (plain HTML, <details> that open with no script)."""
    if page.count(RULES_MARKER) != 1:
        raise BuildError(f"web/index.html must contain {RULES_MARKER!r} exactly once")
    blocks = "\n".join(rules[g["id"]] for g in games if g["id"] in rules)
    return page.replace(RULES_MARKER, blocks)
