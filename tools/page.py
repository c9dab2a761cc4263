"""web/index.html as the build writes it (tools/build.py, step 2): the shell inlined (shell.css and
boot.js, so that it paints with no other request), the games' art in its sprite, the UI's other
stylesheets linked, the boot list and PyScript's config written in, and the
Content-Security-Policy with the hashes of the inlined code. The home cards and the games' rules
come from the registries (tools/shell_games.py)."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from pathlib import Path

from tools.sources import ROOT, BuildError, walk

STYLES_MARKER = "<!-- @picante:styles -->"
PYCONFIG_MARKER = "@PICANTE_PYSCRIPT_CONFIG@"
BOOT_MARKER = "@PICANTE_BOOT@"
VERSION_MARKER = "@PICANTE_VERSION@"
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
    for p in walk(web):
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


def finish(page: str, version: str) -> str:
    """The page with its version written in, then its Content-Security-Policy (last: the policy
    holds the hashes of the inlined code as it is shipped)."""
    page = page.replace(VERSION_MARKER, version)
    if page.count(CSP_MARKER) != 1:
        raise BuildError(f"web/index.html must contain {CSP_MARKER!r} exactly once")
    return page.replace(CSP_MARKER, html.escape(content_security_policy(page), quote=False))
