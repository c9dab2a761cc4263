"""Build the static site into dist/ — the one place where the product is assembled.

    python -m tools.build [--out DIR] [--if-needed] [--quiet]

Steps:
1. Build the engine wheel from pyproject.toml with flit_core, in-process, with a fixed
   SOURCE_DATE_EPOCH so the wheel is byte-identical for the same sources.
2. Copy web/ (the app shell, the PyScript UI under web/*.py and web/ui/, CSS, icons, manifest).
   index.html is templated: shell.css and boot.js are inlined (the shell paints with no other
   request), so is each game's art (web/ui/games/<id>/art.svg) into the sprite; the home cards
   and their colours, and each game's rules, are written from the game registries (engine and
   UI: see `shell_data`); every other CSS file under web/ gets a non-blocking <link> (boot.js
   applies it once loaded; a game's own only while that game is open); the
   Content-Security-Policy gets the hashes of the inlined code (`content_security_policy`); the
   list of files to load into Python (at step 4: the files bundle) and the PyScript config
   (interpreter = web/start.mjs, which boots our local Pyodide early) are written inline.
3. Copy the Pyodide runtime files into dist/pyodide/ and @pyscript/core's dist (without
   source maps) into dist/pyscript/ — both from node_modules (pinned by package-lock.json). The
   standard library is ours: only the modules the page imports, as bytecode (tools/stdlib.py),
   cached in build/snapshot/stdlib/.
4. Make Python's start-up snapshot (tools/snapshot.py: Pyodide started and the platform core
   imported, saved as a gzipped memory image) into dist/python-snapshot.gz, or take it from
   build/snapshot/ when nothing it is made from changed; check it matches the shipped runtime.
   Compile every module the page imports (ours and PyScript's): what it imports before it is
   ready goes into dist/python-files.gz, the games into dist/python-bytecode-later.gz
   (tools/snapshot_bytecode.py), cached the same way. dist/python-files.gz is everything
   Python's file system needs before the page is ready, in one download: the engine wheel's
   files, every .py of web/ and that bytecode (the wheel and those .py are not in dist/ then,
   but main.py, which PyScript fetches to run it). Pyodide's JavaScript glue is then swapped for
   the same as a classic script (tools/glue.py: a returning visit reads it compiled).
5. Write dist/service-worker.js from the top-level service-worker.js with the precache list
   (every file of dist/, itself included) and a cache name derived from a hash of the content.

`--test-games` adds the games that live only in the tests (tests/games/: their files, and
`games.register` imported at start-up), for the e2e test that plays them; the shipped dist/ never
has them.

The output is staged in a sibling folder and swapped in at the end, so a server serving dist/
never sees a half-written build. Same sources => byte-identical dist/ (tests check it).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import fcntl
import gzip
import hashlib
import html
import json
import os
import re
import shutil
import sys
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from tools import glue, snapshot, snapshot_bytecode, stdlib

ROOT = Path(__file__).resolve().parents[1]

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# ... and as dist/ ships them: the glue as a classic script (tools/glue.py)
SHIPPED_RUNTIME = tuple(glue.NAME if name == glue.MODULE else name for name in PYODIDE_FILES)
# 1980-01-01, the earliest timestamp a zip file can hold: wheels built from the same sources are
# byte-identical whatever the files' mtimes.
SOURCE_DATE_EPOCH = "315532800"

SW_NAME = "service-worker.js"
# In dist/ but not in the service worker's precache list: fetched and kept by the page itself.
PAGE_FETCHED = (snapshot.NAME,)
# The service worker template holds exactly one JSON object between these two markers; the build
# replaces it with {"cache": ..., "files": [...], "hashes": {...}, "decoded": {...}}. tests/e2e
# read it back the
# same way (see read_sw_build_info).
SW_BEGIN = "/*@picante-build*/"
SW_END = "/*@end-picante-build*/"

STYLES_MARKER = "<!-- @picante:styles -->"
PYCONFIG_MARKER = "@PICANTE_PYSCRIPT_CONFIG@"
BOOT_MARKER = "@PICANTE_BOOT@"
VERSION_MARKER = "@PICANTE_VERSION@"
GAMES_MARKER = "<!-- @picante:games -->"
GAMES_JSON_MARKER = "@PICANTE_GAMES@"
COLOURS_MARKER = "/* @picante:card-colours */"  # in shell.css, inlined into the page
ART_MARKER = "<!-- @picante:art -->"
ART_FILE = "art.svg"  # a game's pictures: web/ui/games/<id>/art.svg, inlined into the sprite
CSP_MARKER = "@PICANTE_CSP@"
# The page's Content-Security-Policy, a <meta> in web/index.html (a static host sends no headers
# of ours): the site's own files only; no inline code but what the build inlines (boot.js and
# shell.css, allowed by their hashes: see `content_security_policy`), no inline style attribute,
# no code made from strings ('unsafe-eval': PyScript's one use of it is turned off in
# web/start.mjs); 'wasm-unsafe-eval' lets Pyodide compile its WebAssembly. No plugins, no <base>,
# no form posts. README (Deploy) says what a host may add (frame-ancestors: a header only).
CSP = (
    ("default-src", "'self'"),
    ("script-src", "'self' 'wasm-unsafe-eval'"),
    ("style-src", "'self'"),
    ("worker-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'none'"),
    ("form-action", "'none'"),
)
RULES_MARKER = "<!-- @picante:rules -->"
# The test-only games (never in the shipped dist/): their folder, and the module that registers
# them on both sides (engine and UI), imported by the page at start-up.
TEST_GAMES = "tests/games"
TEST_GAMES_REGISTER = "games.register"

# Never copied from web/ into dist/.
SKIP_NAMES = {"__pycache__", ".DS_Store", "Thumbs.db"}
SKIP_SUFFIXES = (".pyc", ".pyo", ".map", "~", ".swp")


@dataclass
class BuildResult:
    out: Path
    cache_name: str
    files: list[str] = field(default_factory=list)  # relative POSIX paths, sorted
    total_bytes: int = 0
    skipped: bool = False
    snapshot: dict = field(default_factory=dict)  # tools/snapshot.py's report (heap, sizes)


class BuildError(RuntimeError):
    pass


# ---------------------------------------------------------------------------------------------
# helpers


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _wanted(path: Path) -> bool:
    return not (
        path.name in SKIP_NAMES or path.name.startswith(".") or path.name.endswith(SKIP_SUFFIXES)
    )


def _walk(top: Path) -> list[Path]:
    """Files under top, sorted, skipping caches and dotfiles (deterministic order)."""
    found: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if _wanted(Path(d)))
        for name in sorted(filenames):
            p = Path(dirpath, name)
            if _wanted(p):
                found.append(p)
    return found


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _remove_empty_folders(top: Path) -> None:
    """Folders left empty under top (the files bundle took their files), deepest first."""
    for folder in sorted((p for p in top.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
        if not any(folder.iterdir()):
            folder.rmdir()


def dist_files(out: Path) -> list[str]:
    """Every file in a built dist/, as sorted relative POSIX paths."""
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())


def read_sw_build_info(sw_path: Path) -> dict:
    """The {"cache", "files", "hashes"} object the build wrote into dist/service-worker.js."""
    text = sw_path.read_text(encoding="utf-8")
    start = text.index(SW_BEGIN) + len(SW_BEGIN)
    return json.loads(text[start : text.index(SW_END, start)])


# ---------------------------------------------------------------------------------------------
# steps


def build_wheel(project: Path, wheel_dir: Path) -> Path:
    """Build the engine wheel from project/pyproject.toml (flit_core, reproducible)."""
    try:
        from flit_core import wheel as flit_wheel
    except ImportError as exc:  # pragma: no cover - message for humans
        raise BuildError(
            "flit_core is missing: run scripts/serve.sh (or pip install -e '.[build]')"
        ) from exc
    wheel_dir.mkdir(parents=True, exist_ok=True)
    old = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = SOURCE_DATE_EPOCH
    try:
        info = flit_wheel.make_wheel_in(project / "pyproject.toml", wheel_dir)
    finally:
        if old is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = old
    return Path(info.file)


def boot_config(web: Path, wheel_rel: str) -> dict:
    """What web/start.mjs loads into Python before PyScript runs main.py: the engine wheel
    (unpacked into the Python working directory) and every .py under web/ at the same relative
    path (which `add_files` then packs into one bundle), so that `import engine` and
    `import ui.whatever` work and adding a module under web/ needs no build change."""
    files = {f"./{wheel_rel}": "./*"}
    for p in _walk(web):
        rel = p.relative_to(web).as_posix()
        if p.suffix == ".py":
            files[f"./{rel}"] = f"./{rel}"
    return {"pyodide": "./pyodide/", "files": files}


# PyScript's own config: its interpreter is web/start.mjs, which hands it a Pyodide that was
# started early from ./pyodide/ (see start.mjs). Never a CDN.
PYSCRIPT_CONFIG = {"interpreter": "./start.mjs"}


INLINE_TAGS = {
    # tag in web/index.html -> (file, element written in its place)
    '<link rel="stylesheet" href="./shell.css" data-inline>': ("shell.css", "style"),
    '<script src="./boot.js" data-inline></script>': ("boot.js", "script"),
}


def inline_assets(template: str, web: Path) -> str:
    """Replace the shell's data-inline <link>/<script> with the files' content."""
    for tag, (name, element) in INLINE_TAGS.items():
        if template.count(tag) != 1:
            raise BuildError(f"web/index.html must contain {tag!r} exactly once")
        body = (web / name).read_text(encoding="utf-8")
        if f"</{element}" in body.lower():
            raise BuildError(f"web/{name} must not contain '</{element}' (it is inlined)")
        template = template.replace(tag, f"<{element}>\n{body}</{element}>")
    return template


def art_files(web: Path) -> list[Path]:
    """Each game's pictures (``ui/games/<id>/art.svg``), in the order of the folders."""
    games = web / "ui" / "games"
    return sorted(games.glob(f"*/{ART_FILE}")) if games.is_dir() else []


def inlined_files(web: Path | None = None) -> set[str]:
    """The files of web/ that are written into the page rather than copied to dist/."""
    web = web or ROOT / "web"
    return {name for name, _ in INLINE_TAGS.values()} | {
        p.relative_to(web).as_posix() for p in art_files(web)
    }


_SYMBOL = re.compile(r'<symbol\b[^>]*\bid="([\w-]+)"[^>]*>.*?</symbol>', re.S)


def game_symbols(web: Path) -> list[tuple[str, str, str]]:
    """(game id, symbol id, markup) of every <symbol> in the games' art files. A game's symbols
    are named after it: ``art-<id>`` (its home card) or ``<id>-...`` (its screens), so that no
    two games can draw over each other's."""
    found = []
    for path in art_files(web):
        game = path.parent.name
        for m in _SYMBOL.finditer(path.read_text(encoding="utf-8")):
            sid = m.group(1)
            if sid != f"art-{game}" and not sid.startswith(f"{game}-"):
                raise BuildError(f"{path}: <symbol id={sid!r}> must be art-{game} or {game}-...")
            found.append((game, sid, m.group(0)))
    return found


def render_art(page: str, web: Path) -> str:
    """The games' pictures written into the page's sprite (web/index.html's <defs>), where the
    home cards (painted before any Python) and every screen refer to them."""
    if page.count(ART_MARKER) != 1:
        raise BuildError(f"web/index.html must contain {ART_MARKER!r} exactly once")
    symbols = game_symbols(web)
    seen = set(re.findall(r'<symbol\b[^>]*\bid="([\w-]+)"', page))
    for _, sid, _ in symbols:
        if sid in seen:
            raise BuildError(f"<symbol id={sid!r}> is drawn twice")
        seen.add(sid)
    markup = "\n".join(
        "\n".join("    " + line if i else line for i, line in enumerate(m.splitlines()))
        for _, _, m in symbols
    )
    return page.replace(ART_MARKER, markup)


def sprite_ids(web: Path) -> set[str]:
    """Every <symbol> id the built page will have: web/index.html's and the games' art."""
    page = (web / "index.html").read_text(encoding="utf-8")
    own = set(re.findall(r'<symbol\b[^>]*\bid="([\w-]+)"', page))
    return own | {sid for _, sid, _ in game_symbols(web)}


# An element the browser runs or applies from the page itself: <script> (not a data block, not
# PyScript's <script type="py" src>, which PyScript fetches) and <style>.
_INLINE_CODE = re.compile(r"<(script|style)\b([^>]*)>(.*?)</\1>", re.S | re.I)
_ATTRIBUTE = re.compile(r'([\w-]+)(?:="([^"]*)")?')
_DATA_TYPES = ("application/json", "py")


def inline_code(page: str) -> dict[str, list[str]]:
    """The bodies of a page's inline scripts and stylesheets, {"script": [...], "style": [...]}.
    Any attribute on one (but a data block's type and id) is refused: the policy allows inline
    code by the hash of its body, and an attribute would change what runs unseen."""
    found: dict[str, list[str]] = {"script": [], "style": []}
    for m in _INLINE_CODE.finditer(page):
        tag, body = m.group(1).lower(), m.group(3)
        attributes = {k.lower(): v for k, v in _ATTRIBUTE.findall(m.group(2))}
        if tag == "script" and ("src" in attributes or attributes.get("type") in _DATA_TYPES):
            continue
        if attributes:
            raise BuildError(f"web/index.html: inline <{tag}> with {sorted(attributes)}")
        found[tag].append(body)
    return found


def _hash_source(body: str) -> str:
    digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii")
    return f"'sha256-{digest}'"


def content_security_policy(page: str) -> str:
    """`CSP` with the hashes of the page's inline <script> and <style> bodies (the inlined
    boot.js and shell.css) added to script-src and style-src."""
    code = inline_code(page)
    extra = {
        "script-src": [_hash_source(b) for b in code["script"]],
        "style-src": [_hash_source(b) for b in code["style"]],
    }
    return "; ".join(" ".join([name, value, *extra.get(name, [])]) for name, value in CSP)


def stylesheets(web: Path) -> list[tuple[str, str]]:
    """The UI's stylesheets (every .css under web/ but the inlined shell.css) and the game each
    belongs to ("" : every screen's). A game's are those in its folder, ui/games/<id>/."""
    found = []
    for p in _walk(web):
        rel = p.relative_to(web).as_posix()
        if p.suffix == ".css" and rel not in inlined_files(web):
            parts = rel.split("/")
            game = parts[2] if parts[:2] == ["ui", "games"] and len(parts) > 3 else ""
            found.append((rel, game))
    return found


def render_index(template: str, web: Path, boot: dict) -> str:
    """web/index.html with the shell inlined, the UI's stylesheets linked and the boot list and
    PyScript config written in (the version marker is left for the caller)."""
    for marker in (STYLES_MARKER, PYCONFIG_MARKER, BOOT_MARKER):
        if template.count(marker) != 1:
            raise BuildError(f"web/index.html must contain {marker!r} exactly once")
    links = "\n  ".join(
        f'<link rel="stylesheet" href="./{html.escape(rel)}" media="print" data-late'
        + (f' data-game-css="{html.escape(game)}"' if game else "")
        + ">"
        for rel, game in stylesheets(web)
    )
    config_json = json.dumps(PYSCRIPT_CONFIG, separators=(",", ":"), sort_keys=True)
    boot_json = json.dumps(boot, separators=(",", ":"), sort_keys=True).replace("</", "<\\/")
    page = render_art(inline_assets(template, web), web)
    return (
        page.replace(STYLES_MARKER, links)
        .replace(PYCONFIG_MARKER, html.escape(config_json, quote=True))
        .replace(BOOT_MARKER, boot_json)
    )


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


# What a static host compresses on the fly (the rest it sends as it is): see tools/serve.py.
COMPRESSED_BY_HOSTS = (
    ".html",
    ".js",
    ".mjs",
    ".css",
    ".json",
    ".webmanifest",
    ".svg",
    ".py",
    ".wasm",
)


def add_classic_glue(runtime: Path) -> None:
    """Step 4c: Pyodide's JavaScript glue as the classic script the page loads (tools/glue.py),
    in place of the module, which only the build's Node steps above use."""
    module = runtime / glue.MODULE
    try:
        _write(runtime / glue.NAME, glue.classic(module.read_text(encoding="utf-8")).encode())
    except glue.GlueError as exc:
        raise BuildError(f"Pyodide's glue: {exc}") from exc
    module.unlink()


def first_download(stage: Path, boot: dict) -> dict[str, list[int]]:
    """Python's runtime, which a first visit downloads before Python can start, path -> [bytes,
    bytes as a compressing host sends them]: the page shows how much is left (web/start.mjs).
    (Our own files, the ~0.5 MB files bundle, download while Python starts.)"""
    paths = [f"./pyodide/{name}" for name in SHIPPED_RUNTIME]
    out = {}
    for path in paths:
        data = (stage / path).read_bytes()
        sent = data
        if path.endswith(COMPRESSED_BY_HOSTS):
            sent = gzip.compress(data, compresslevel=6, mtime=0)
        out[path] = [len(data), len(sent)]
    return out


def add_test_games(stage: Path, root: Path, boot: dict) -> list[str]:
    """--test-games: the test-only games' files into the stage and the boot list, and the module
    that registers them; returns the modules the page imports at start-up."""
    folder = root / TEST_GAMES
    for src in sorted(folder.glob("*.py")):
        rel = f"games/{src.name}"
        _write(stage / rel, src.read_bytes())
        boot["files"][f"./{rel}"] = f"./{rel}"
    boot["register"] = [TEST_GAMES_REGISTER]
    return boot["register"]


def add_stdlib(stage: Path, boot: dict, node_modules: Path, cache: Path | None) -> dict:
    """Step 3b: dist/pyodide/python_stdlib.zip, the standard library modules the page imports as
    bytecode (tools/stdlib.py), in place of Pyodide's (every module, as source). Returns the
    report."""
    tree = {
        **snapshot.staged_python(stage, boot["files"]),
        **snapshot_bytecode.pyscript_sources(node_modules),
    }
    try:
        data, report = stdlib.build_stdlib(
            node_modules / "pyodide", tree, cache and cache / "stdlib"
        )
    except snapshot.SnapshotError as exc:
        raise BuildError(f"Python's standard library: {exc}") from exc
    _write(stage / "pyodide" / stdlib.NAME, data)
    return report


def add_snapshot(stage: Path, boot: dict, cache: Path | None) -> dict:
    """Step 4: dist/python-snapshot.gz, made from the staged runtime and the staged Python files
    (so it matches what the page loads), and its entry in the boot list. Returns the report."""
    tree = snapshot.module_files(snapshot.staged_python(stage, boot["files"]))
    try:
        gz, report = snapshot.build_snapshot(stage / "pyodide", tree, cache)
    except snapshot.SnapshotError as exc:
        raise BuildError(f"Python's start-up snapshot: {exc}") from exc
    _write(stage / snapshot.NAME, gz)
    boot["snapshot"] = f"./{snapshot.NAME}"
    # names the inflated copy a visit stores for the next one (web/start.mjs)
    boot["snapshotHash"] = _sha256(gz)[:16]
    # the memory it restores: a first visit sets Python up while the snapshot downloads
    boot["snapshotSize"] = snapshot.size(gz)
    return report


def add_bytecode(
    stage: Path, boot: dict, node_modules: Path, cache: Path | None
) -> tuple[dict, dict[str, bytes]]:
    """Step 4b: every module the page imports (ours and PyScript's own) compiled by the shipped
    Pyodide, in two parts: what the page imports before it is ready (the platform core, main.py,
    PyScript's package), returned for the files bundle (`add_files`), and
    dist/python-bytecode-later.gz, the games, which the page fetches once it is ready (a first
    visit on a slow network does not wait for them) and its entry in the boot list. Returns
    (the report, the first part's .pyc files by path)."""
    tree = snapshot.staged_python(stage, boot["files"])
    pyscript = snapshot_bytecode.pyscript_sources(node_modules)
    if set(tree) & set(pyscript):
        raise BuildError(
            f"web/ must not have a pyscript/ package: {sorted(set(tree) & set(pyscript))}"
        )
    core = {**snapshot.module_files(tree), **pyscript}
    core.update({rel: data for rel, data in tree.items() if "/" not in rel})  # main.py
    later = {rel: data for rel, data in tree.items() if rel not in core}
    report, made = {}, {}
    for key, sources in (("bytecode", core), ("bytecodeLater", later)):
        try:
            made[key], report[key] = snapshot_bytecode.build_bytecode(
                stage / "pyodide", sources, cache and cache / "bytecode"
            )
        except snapshot.SnapshotError as exc:
            raise BuildError(f"Python bytecode: {exc}") from exc
    _write(stage / snapshot_bytecode.LATER_NAME, made["bytecodeLater"])
    boot["bytecodeLater"] = f"./{snapshot_bytecode.LATER_NAME}"
    return report, snapshot_bytecode.unpack(made["bytecode"])


# Fetched by PyScript itself (<script type="py" src="./main.py">): stays in dist/ beside the bundle.
PYSCRIPT_FETCHES = ("./main.py",)


def add_files(stage: Path, boot: dict, pycs: dict[str, bytes]) -> dict:
    """Step 4c: dist/python-files.gz, every file the boot list writes into Python's working
    directory (the engine wheel's, unpacked, and each .py of web/ at its relative path) and the
    start-up bytecode (`pycs`), in one gzipped bundle (tools/snapshot_bytecode.py's format), which
    becomes the boot list. On a phone network one download of ~0.5 MB instead of 64 (each a round
    trip) and solid compression (the wheel deflates each file alone, a host gzips each .py
    alone). The wheel and those .py files leave dist/ (the bundle is their offline copy). Returns
    the report."""
    files: dict[str, bytes] = {}
    for src, dest in sorted(boot["files"].items()):
        path = stage / src
        if dest == "./*":
            with zipfile.ZipFile(path) as wheel:
                entries = [i for i in wheel.infolist() if not i.is_dir()]
                files.update((i.filename, wheel.read(i)) for i in entries)
        else:
            files[dest.removeprefix("./")] = path.read_bytes()
        if src not in PYSCRIPT_FETCHES:
            path.unlink()
    if set(files) & set(pycs):
        raise BuildError(f"bytecode and files share paths: {sorted(set(files) & set(pycs))[:3]}")
    gz = snapshot_bytecode.pack({**files, **pycs})
    _write(stage / snapshot_bytecode.FILES_NAME, gz)
    boot["files"] = {f"./{snapshot_bytecode.FILES_NAME}": "./*"}
    return {"files": len(files), "bytecode": len(pycs), "gzip_bytes": len(gz)}


def _stage(
    stage: Path,
    root: Path,
    web: Path,
    node_modules: Path,
    snapshot_cache: Path | None,
    test_games: bool = False,
) -> dict:
    # 1. the engine wheel
    wheel = build_wheel(root, stage / "wheels")
    wheel_rel = wheel.relative_to(stage).as_posix()

    # 2. web/ (index.html is rendered below, once the version is known)
    for src in _walk(web):
        rel = src.relative_to(web)
        if rel.as_posix() == "index.html" or rel.as_posix() in inlined_files(web):
            continue  # written below, with the inlined files inside
        _write(stage / rel, src.read_bytes())

    # 3. runtime: Pyodide and PyScript from node_modules
    pyodide = node_modules / "pyodide"
    pyscript = node_modules / "@pyscript" / "core" / "dist"
    for need in (pyodide, pyscript):
        if not need.is_dir():
            raise BuildError(f"{need} is missing: run `npm ci` (scripts/serve.sh does)")
    for name in PYODIDE_FILES:
        if name != stdlib.NAME:  # ours, below
            _write(stage / "pyodide" / name, (pyodide / name).read_bytes())
    for src in _walk(pyscript):
        _write(stage / "pyscript" / src.relative_to(pyscript), src.read_bytes())
    boot = boot_config(web, wheel_rel)
    register = add_test_games(stage, root, boot) if test_games else []
    stdlib_report = add_stdlib(stage, boot, node_modules, snapshot_cache)

    # 4. Python's start-up snapshot
    report = add_snapshot(stage, boot, snapshot_cache)
    report["stdlib"] = stdlib_report
    report["bytecode"], pycs = add_bytecode(stage, boot, node_modules, snapshot_cache)
    report["files"] = add_files(stage, boot, pycs)
    add_classic_glue(stage / "pyodide")
    _remove_empty_folders(stage)

    boot["download"] = first_download(stage, boot)

    # index.html: its version string is a hash of everything else, itself (with the inlined
    # files) included, so that the page can tell which build it is (shown in the footer).
    template = (web / "index.html").read_text(encoding="utf-8")
    page = render_index(template, web, boot)
    shell = shell_data(root, web, register)
    page = render_rules(render_games(page, shell["games"]), shell["games"], shell["rules"])
    version = _content_hash(stage, extra=page.encode())[:12]
    page = page.replace(VERSION_MARKER, version)
    if page.count(CSP_MARKER) != 1:
        raise BuildError(f"web/index.html must contain {CSP_MARKER!r} exactly once")
    page = page.replace(CSP_MARKER, html.escape(content_security_policy(page), quote=False))
    _write(stage / "index.html", page.encode("utf-8"))
    return report


def _content_hash(stage: Path, extra: bytes = b"") -> str:
    h = hashlib.sha256()
    for rel in dist_files(stage):
        h.update(rel.encode() + b"\0" + _sha256((stage / rel).read_bytes()).encode() + b"\n")
    h.update(extra)
    return h.hexdigest()


def _write_service_worker(stage: Path, template: str) -> tuple[str, list[str]]:
    if template.count(SW_BEGIN) != 1 or template.count(SW_END) != 1:
        raise BuildError(f"service-worker.js must contain {SW_BEGIN} ... {SW_END} once")
    files = dist_files(stage)
    hashes = {rel: _sha256((stage / rel).read_bytes())[:16] for rel in files}
    # A host may send our .gz files with Content-Encoding: gzip; the worker then sees them
    # decoded, and checks them against these.
    decoded = {
        rel: _sha256(gzip.decompress((stage / rel).read_bytes()))[:16]
        for rel in files
        if rel.endswith(".gz")
    }
    cache = "picante-" + _content_hash(stage, extra=template.encode())[:16]
    # Python's snapshot is not part of the offline copy: the page fetches it after a first visit
    # and keeps it inflated (web/start.mjs); offline, Python starts without it.
    precache = sorted([*(f for f in files if f not in PAGE_FETCHED), SW_NAME])
    info = {"cache": cache, "files": precache, "hashes": hashes, "decoded": decoded}
    start = template.index(SW_BEGIN) + len(SW_BEGIN)
    end = template.index(SW_END)
    text = template[:start] + json.dumps(info, indent=1, sort_keys=True) + template[end:]
    _write(stage / SW_NAME, text.encode("utf-8"))
    return cache, precache


# ---------------------------------------------------------------------------------------------
# entry points


def inputs_fingerprint(root: Path = ROOT, web: Path | None = None, test_games: bool = False) -> str:
    """Hash of everything the build reads: lets --if-needed skip a build that would change
    nothing. (Reading ~25 MB of files is still far cheaper than writing them.)"""
    web = web or root / "web"
    h = hashlib.sha256()
    nm = root / "node_modules"
    sources = [
        *_walk(web),
        *_walk(root / "engine"),
        *_walk(root / "tools"),
        root / "pyproject.toml",
        root / "README.md",
        root / SW_NAME,
        root / "package-lock.json",
        *(nm / "pyodide" / n for n in PYODIDE_FILES),
        *(_walk(root / TEST_GAMES) if test_games else []),
    ]
    pyscript = nm / "@pyscript" / "core" / "dist"
    if pyscript.is_dir():
        sources += _walk(pyscript)
    for p in sources:
        h.update(str(p).encode() + b"\0")
        h.update(_sha256(p.read_bytes()).encode() if p.is_file() else b"missing")
    return h.hexdigest()


@contextlib.contextmanager
def _exclusive(lock_path: Path):
    """One build at a time per work tree (several people may run the tests in the same one)."""
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def build(
    out: Path | None = None,
    *,
    root: Path = ROOT,
    web: Path | None = None,
    node_modules: Path | None = None,
    if_needed: bool = False,
    snapshot_cache: Path | None | bool = True,
    test_games: bool = False,
) -> BuildResult:
    """Build dist/ (or `out`). `web` lets tests build a variant of the site from a copy of web/.
    `snapshot_cache`: where made snapshots are kept (True: root/build/snapshot; None: make it
    afresh, as a test of reproducibility does). `test_games`: add the test-only games
    (tests/games/) — for the e2e test that plays them."""
    out = Path(out or root / "dist").resolve()
    if snapshot_cache is True:
        snapshot_cache = root / "build" / "snapshot"
    web = Path(web or root / "web")
    node_modules = Path(node_modules or root / "node_modules")
    stamped = web.resolve() == (root / "web").resolve()
    stamp = root / "build" / f"{out.name}.inputs"

    lock = root / "build" / f"{out.name}-{hashlib.sha256(str(out).encode()).hexdigest()[:8]}.lock"
    with _exclusive(lock):
        inputs = f"{out}\n{test_games}\n{inputs_fingerprint(root, web, test_games)}"
        inputs = inputs if stamped else None
        if if_needed and inputs and (out / SW_NAME).is_file() and stamp.is_file():
            if stamp.read_text() == inputs:
                files = dist_files(out)
                return BuildResult(
                    out,
                    read_sw_build_info(out / SW_NAME)["cache"],
                    files,
                    sum((out / f).stat().st_size for f in files),
                    skipped=True,
                )

        out.parent.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=f".{out.name}.stage-", dir=out.parent))
        stage.chmod(0o755)  # mkdtemp makes it private; dist/ is a folder to publish
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
        try:
            report = _stage(stage, root, web, node_modules, snapshot_cache or None, test_games)
            sw_template = (root / SW_NAME).read_text(encoding="utf-8")
            cache, _ = _write_service_worker(stage, sw_template)
            if out.exists():
                out.rename(old / out.name)
            stage.rename(out)
        except BaseException:
            shutil.rmtree(stage, ignore_errors=True)
            raise
        finally:
            shutil.rmtree(old, ignore_errors=True)

        if inputs:  # the inputs as read before this build: a change during it rebuilds next time
            stamp.parent.mkdir(parents=True, exist_ok=True)
            stamp.write_text(inputs)
    files = dist_files(out)
    return BuildResult(
        out, cache, files, sum((out / f).stat().st_size for f in files), snapshot=report
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder (dist/)")
    ap.add_argument("--if-needed", action="store_true", help="skip when no input changed")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument(
        "--test-games", action="store_true", help="add the test-only games (e2e tests only)"
    )
    args = ap.parse_args(argv)
    try:
        res = build(args.out, if_needed=args.if_needed, test_games=args.test_games)
    except BuildError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    if not args.quiet:
        verb = "up to date" if res.skipped else "built"
        print(
            f"{verb}: {res.out} — {len(res.files)} files, {res.total_bytes / 1e6:.1f} MB, "
            f"cache {res.cache_name}"
        )
        snap = res.snapshot
        if snap:
            made = "from build/snapshot/" if snap["cached"] else f"made in {snap['ms'] / 1e3:.1f} s"
            print(
                f"snapshot: {snap['gzip_bytes'] / 1e6:.1f} MB gzipped, heap {snap['used']:,} "
                f"bytes in use of {snap['limit']:,} (safe limit "
                f"{snap['limit'] - snapshot.MARGIN:,}), {made}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
