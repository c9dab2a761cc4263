"""The build: precache list, reproducibility, cache name, manifest and icons (no browser)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import struct
from pathlib import Path

import pytest

from tools import snapshot, snapshot_bytecode
from tools.build import SW_NAME, build, dist_files, read_sw_build_info
from tools.page import game_symbols, inlined_files
from tools.runtime import PYSCRIPT_FETCHES
from tools.shell_games import COLOURS_MARKER, card_colours_css, game_list

ROOT = Path(__file__).resolve().parents[1]


def _digest(out: Path) -> dict[str, str]:
    return {f: hashlib.sha256((out / f).read_bytes()).hexdigest() for f in dist_files(out)}


def _project_copy(dest: Path) -> Path:
    """The sources the build reads, copied so that a test can change one of them (and so that
    other people editing the work tree meanwhile cannot change them under the test)."""
    dest.mkdir(parents=True)
    for name in ("pyproject.toml", "README.md", SW_NAME):
        shutil.copy2(ROOT / name, dest / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "engine", dest / "engine", ignore=ignore)
    shutil.copytree(ROOT / "web", dest / "web", ignore=ignore)
    return dest


def _copy_of_copy(src: Path, dest: Path) -> Path:
    """Another copy of a project copy's sources (mtimes kept; not what its builds left in it)."""

    def left_out(folder: str, names: list[str]) -> list[str]:
        return [n for n in names if n == "__pycache__" or Path(folder, n) == src / "build"]

    shutil.copytree(src, dest, ignore=left_out)
    return dest


def _build_copy(root: Path, out: Path, snapshot_cache: Path | None | bool = True):
    """Build a project copy; its snapshots are cached with the work tree's (same key, same bytes)
    unless the test asks for a fresh one (None)."""
    cache = ROOT / "build" / "snapshot" if snapshot_cache is True else snapshot_cache
    return build(out, root=root, node_modules=ROOT / "node_modules", snapshot_cache=cache)


def test_precache_list_is_exactly_the_files_of_dist(dist):
    info = read_sw_build_info(dist.out / SW_NAME)
    files = dist_files(dist.out)
    missing = set(files) - set(info["files"])
    extra = set(info["files"]) - set(files)
    # Python's snapshot is fetched and kept by the page itself (web/start.mjs), not precached
    assert missing == {snapshot.NAME}, f"in dist/ but not precached: {sorted(missing)}"
    assert not extra, f"precached but not in dist/: {sorted(extra)}"
    assert len(info["files"]) == len(set(info["files"]))
    # the per-file hashes the worker uses to reuse unchanged files are right
    for rel, short in info["hashes"].items():
        assert hashlib.sha256((dist.out / rel).read_bytes()).hexdigest()[:16] == short, rel
    assert re.fullmatch(r"picante-[0-9a-f]{16}", info["cache"])


def test_dist_has_the_runtime_and_no_source_maps(dist):
    files = set(dist_files(dist.out))
    for need in (
        "index.html",
        "start.mjs",
        "main.py",
        "manifest.webmanifest",
        "pyodide/pyodide.mjs",
        "pyodide/pyodide.asm.js",
        "pyodide/pyodide.asm.wasm",
        "pyodide/python_stdlib.zip",
        "pyodide/pyodide-lock.json",
        "pyscript/core.js",
        "icons/picante.svg",
        "icons/icon-192.png",
        "icons/icon-512.png",
        "icons/maskable-512.png",
        "icons/apple-touch-icon.png",
    ):
        assert need in files, need
    # Pyodide's glue as the classic script the page loads (tools/glue.py), not also as a module
    assert "pyodide/pyodide.asm.mjs" not in files
    glue = (dist.out / "pyodide" / "pyodide.asm.js").read_text()
    assert glue.startswith("var _createPyodideModule=") and "import.meta" not in glue
    # the engine wheel's files and web/'s .py travel in the files bundle, not one by one
    index = (dist.out / "index.html").read_text()
    boot = json.loads(re.search(r'id="picante-boot">(.*?)</script>', index).group(1))
    assert boot["files"] == {f"./{snapshot_bytecode.FILES_NAME}": "./*"}
    bundle = snapshot_bytecode.unpack((dist.out / snapshot_bytecode.FILES_NAME).read_bytes())
    engine = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "engine").rglob("*.py"))
    assert [rel for rel in engine if bundle.get(rel) != (ROOT / rel).read_bytes()] == []
    assert any(re.fullmatch(r"picante_engine-.*\.dist-info/METADATA", rel) for rel in bundle)
    assert not [f for f in files if f.startswith("wheels/") or f.endswith(".whl")]
    # with the bytecode of what start-up imports, each beside its source
    pycs = [rel for rel in bundle if rel.endswith(".pyc")]
    assert "engine/__pycache__/protocol.cpython-314.pyc" in pycs
    sources = {rel.replace("__pycache__/", "").split(".")[0] + ".py" for rel in pycs}
    assert sources <= set(bundle) | set(snapshot_bytecode.pyscript_sources(ROOT / "node_modules"))
    assert not [f for f in files if f.endswith(".map")]
    # the shell's script and stylesheet, and the games' art, are inlined in the page, not
    # separate files
    index = (dist.out / "index.html").read_text()
    for name in inlined_files():
        assert name not in files
        if name.endswith(".svg"):  # ui/games/<id>/art.svg: each of its <symbol>s
            game = name.split("/")[2]
            symbols = [m for g, _, m in game_symbols(ROOT / "web") if g == game]
            assert symbols and all(m.splitlines()[0] in index for m in symbols), name
        else:  # as it is, but for the card colours the build writes into shell.css
            for part in (ROOT / "web" / name).read_text().split(COLOURS_MARKER):
                assert part in index, name
    colours = card_colours_css(game_list(ROOT, ROOT / "web"))
    assert "--card-tint" in colours and colours in index  # the registrations' card colours
    # every other file of web/ is in dist/ at the same path (a .py in the files bundle, where
    # the page writes it into Python's working directory from; main.py, which PyScript fetches
    # to run it, in both), and the page loads it
    for src in (ROOT / "web").rglob("*"):
        rel = src.relative_to(ROOT / "web").as_posix()
        if "__pycache__" in rel or not src.is_file() or rel in inlined_files():
            continue
        if src.suffix == ".py":
            assert bundle[rel] == src.read_bytes(), rel
            assert (rel in files) == (f"./{rel}" in PYSCRIPT_FETCHES), rel
        else:
            assert rel in files, rel
        if src.suffix == ".css" and rel != "shell.css":
            assert f'href="./{rel}"' in index
    # never a CDN at run time
    for text_file in ("index.html", "start.mjs", SW_NAME):
        assert "cdn." not in (dist.out / text_file).read_text()


@pytest.fixture(scope="module")
def built_twice(tmp_path_factory):
    """The sources copied and built, then copied again, every file touched, and built again
    with Python's start-up snapshot made afresh: (the first copy, its build, the second build).
    Each case below changes a copy of the first and builds it once more (a build is ~8 s)."""
    tmp = tmp_path_factory.mktemp("built")
    root = _project_copy(tmp / "src")
    first = _build_copy(root, tmp / "first")
    again_root = _copy_of_copy(root, tmp / "src-again")
    # touch every source: mtimes must not leak into the output
    for p in again_root.rglob("*"):
        if p.is_file():
            os.utime(p, (1_700_000_000, 1_700_000_000))
    # ... and Python's start-up snapshot is made again, not taken from the cache
    again = _build_copy(again_root, tmp / "again", snapshot_cache=None)
    return root, first, again


def test_same_sources_give_a_byte_identical_dist(built_twice):
    root, first, again = built_twice
    assert again.snapshot["cached"] is False
    assert _digest(again.out) == _digest(first.out)
    assert again.cache_name == first.cache_name
    # ... wherever the sources are: the snapshot holds no folder of the machine that built it
    # (Node's runtime would name tools/snapshot.mjs's absolute path as the program).
    heap = snapshot.heap((again.out / snapshot.NAME).read_bytes())
    for folder in (ROOT, root):
        assert str(folder).encode() not in heap, folder


@pytest.mark.parametrize(
    "change, snapshot_changes",
    [
        pytest.param(
            lambda r: open(r / "web/shell.css", "a").write("\n/* x */\n"), False, id="web-css"
        ),
        pytest.param(
            lambda r: (
                (r / "web/ui").mkdir(exist_ok=True)
                or (r / "web/ui/zz_new.py").write_text("X = 1\n")
            ),
            False,
            id="new-ui-module",
        ),
        pytest.param(
            lambda r: open(r / "engine/__init__.py", "a").write("\nX = 1\n"), True, id="engine"
        ),
    ],
)
def test_cache_name_changes_when_any_file_changes_and_only_then(
    tmp_path, built_twice, change, snapshot_changes
):
    unchanged, first, same = built_twice  # same: the same sources built again
    assert same.cache_name == first.cache_name, "same sources, same cache name"
    root = _copy_of_copy(unchanged, tmp_path / "src")
    change(root)
    changed = _build_copy(root, tmp_path / "c")
    assert changed.cache_name != first.cache_name
    a, c = _digest(first.out), _digest(changed.out)
    differs = {f for f in a.keys() | c.keys() if a.get(f) != c.get(f)}
    # the changed file, the page (its version string) and the worker: nothing else
    assert SW_NAME in differs and "index.html" in differs
    assert not {f for f in differs if f.startswith(("pyodide/", "pyscript/", "icons/"))}
    # Python's snapshot holds the platform core (engine/__init__.py) but no stylesheet and no
    # module it does not import: players download it again only when it really changed
    assert (snapshot.NAME in differs) is snapshot_changes
    # and the page knows it is another build
    version = re.compile(r'data-version="([0-9a-f]{12})"')
    old_page, new_page = (d / "index.html" for d in (first.out, changed.out))
    assert version.search(old_page.read_text())[1] != version.search(new_page.read_text())[1]


def test_the_shell_has_each_games_rules(dist):
    index = (dist.out / "index.html").read_text()
    games = json.loads(re.search(r'id="picante-games">(.*?)</script>', index).group(1))
    for game in games:
        if game["playable"]:
            # rendered by web/ui/rules.py from web/ui/games/<id>/rules.py, in the cards' order
            assert f'<details class="rules" id="rules-{game["id"]}"' in index, game["id"]
    order = re.findall(r'<details class="rules" id="rules-([a-z0-9_-]+)"', index)
    assert order == [g["id"] for g in games if g["playable"]]


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def test_manifest_has_the_installability_fields(dist):
    m = json.loads((dist.out / "manifest.webmanifest").read_text())
    for key in ("name", "short_name", "start_url", "scope", "theme_color", "background_color"):
        assert m.get(key), key
    assert m["display"] == "standalone"
    assert m["start_url"] == "./" and m["scope"] == "./"
    sizes = {}
    for icon in m["icons"]:
        path = dist.out / icon["src"]
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            w, h = _png_size(path)
            assert icon["sizes"] == f"{w}x{h}"
            sizes.setdefault(icon.get("purpose", "any"), set()).add(w)
    assert {192, 512} <= sizes["any"]
    assert 512 in sizes["maskable"]
    index = (dist.out / "index.html").read_text()
    assert '<link rel="manifest" href="./manifest.webmanifest">' in index
    apple = re.search(r'<link rel="apple-touch-icon" href="\./([^"]+)">', index).group(1)
    assert _png_size(dist.out / apple) == (180, 180)
    assert 'name="theme-color"' in index
    assert 'name="viewport"' in index
