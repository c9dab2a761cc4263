"""Build the static site into dist/ — the one place where the product is assembled.

    python -m tools.build [--out DIR] [--if-needed] [--quiet]

Steps:
1. Build the engine wheel from pyproject.toml with flit_core, in-process, with a fixed
   SOURCE_DATE_EPOCH so the wheel is byte-identical for the same sources.
2. Copy web/ (the app shell, the PyScript UI under web/*.py and web/ui/, CSS, icons, manifest).
   index.html is templated (tools/page.py): shell.css and boot.js are inlined (the shell paints
   with no other request), so is each game's art (web/ui/games/<id>/art.svg) into the sprite;
   the home cards and their colours, and each game's rules, are written from the game
   registries (engine and UI: tools/shell_games.py); every other CSS file under web/ gets a
   non-blocking <link> (boot.js applies it once loaded; a game's own only while that game is
   open); the Content-Security-Policy gets the hashes of the inlined code; the list of files to
   load into Python (at step 4: the files bundle) and the PyScript config (interpreter =
   web/start.mjs, which boots our local Pyodide early) are written inline.
3. Copy the Pyodide runtime files into dist/pyodide/ and @pyscript/core's dist (without
   source maps) into dist/pyscript/ — both from node_modules (pinned by package-lock.json). The
   standard library is ours: only the modules the page imports, as bytecode (tools/stdlib.py),
   cached in build/snapshot/stdlib/. Steps 3b-4c are tools/runtime.py's.
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
import contextlib
import fcntl
import gzip
import hashlib
import json
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from tools import page, snapshot, stdlib
from tools.runtime import (
    PYODIDE_FILES,
    add_bytecode,
    add_classic_glue,
    add_files,
    add_snapshot,
    add_stdlib,
    first_download,
)
from tools.shell_games import render_games, render_rules, shell_data
from tools.sources import ROOT, BuildError, sha256, walk, write

# 1980-01-01, the earliest timestamp a zip file can hold: wheels built from the same sources are
# byte-identical whatever the files' mtimes.
SOURCE_DATE_EPOCH = "315532800"

SW_NAME = "service-worker.js"
# In dist/ but not in the service worker's precache list: fetched and kept by the page itself.
PAGE_FETCHED = (snapshot.NAME,)
# The service worker template holds exactly one JSON object between these two markers; the build
# replaces it with {"cache": ..., "files": [...], "hashes": {...}, "decoded": {...}}. tests/e2e
# read it back the same way (see read_sw_build_info).
SW_BEGIN = "/*@picante-build*/"
SW_END = "/*@end-picante-build*/"

# The test-only games (never in the shipped dist/): their folder, and the module that registers
# them on both sides (engine and UI), imported by the page at start-up.
TEST_GAMES = "tests/games"
TEST_GAMES_REGISTER = "games.register"


@dataclass
class BuildResult:
    out: Path
    cache_name: str
    files: list[str] = field(default_factory=list)  # relative POSIX paths, sorted
    total_bytes: int = 0
    skipped: bool = False
    snapshot: dict = field(default_factory=dict)  # tools/snapshot.py's report (heap, sizes)


# ---------------------------------------------------------------------------------------------
# helpers


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
    for p in walk(web):
        rel = p.relative_to(web).as_posix()
        if p.suffix == ".py":
            files[f"./{rel}"] = f"./{rel}"
    return {"pyodide": "./pyodide/", "files": files}


def add_test_games(stage: Path, root: Path, boot: dict) -> list[str]:
    """--test-games: the test-only games' files into the stage and the boot list, and the module
    that registers them; returns the modules the page imports at start-up."""
    folder = root / TEST_GAMES
    for src in sorted(folder.glob("*.py")):
        rel = f"games/{src.name}"
        write(stage / rel, src.read_bytes())
        boot["files"][f"./{rel}"] = f"./{rel}"
    boot["register"] = [TEST_GAMES_REGISTER]
    return boot["register"]


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
    for src in walk(web):
        rel = src.relative_to(web)
        if rel.as_posix() == "index.html" or rel.as_posix() in page.inlined_files(web):
            continue  # written below, with the inlined files inside
        write(stage / rel, src.read_bytes())

    # 3. runtime: Pyodide and PyScript from node_modules
    pyodide = node_modules / "pyodide"
    pyscript = node_modules / "@pyscript" / "core" / "dist"
    for need in (pyodide, pyscript):
        if not need.is_dir():
            raise BuildError(f"{need} is missing: run `npm ci` (scripts/serve.sh does)")
    for name in PYODIDE_FILES:
        if name != stdlib.NAME:  # ours, below
            write(stage / "pyodide" / name, (pyodide / name).read_bytes())
    for src in walk(pyscript):
        write(stage / "pyscript" / src.relative_to(pyscript), src.read_bytes())
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
    index = page.render_index(template, web, boot)
    shell = shell_data(root, web, register)
    index = render_rules(render_games(index, shell["games"]), shell["games"], shell["rules"])
    version = _content_hash(stage, extra=index.encode())[:12]
    write(stage / "index.html", page.finish(index, version).encode("utf-8"))
    return report


def _content_hash(stage: Path, extra: bytes = b"") -> str:
    h = hashlib.sha256()
    for rel in dist_files(stage):
        h.update(rel.encode() + b"\0" + sha256((stage / rel).read_bytes()).encode() + b"\n")
    h.update(extra)
    return h.hexdigest()


def _write_service_worker(stage: Path, template: str) -> tuple[str, list[str]]:
    if template.count(SW_BEGIN) != 1 or template.count(SW_END) != 1:
        raise BuildError(f"service-worker.js must contain {SW_BEGIN} ... {SW_END} once")
    files = dist_files(stage)
    hashes = {rel: sha256((stage / rel).read_bytes())[:16] for rel in files}
    # A host may send our .gz files with Content-Encoding: gzip; the worker then sees them
    # decoded, and checks them against these.
    decoded = {
        rel: sha256(gzip.decompress((stage / rel).read_bytes()))[:16]
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
    write(stage / SW_NAME, text.encode("utf-8"))
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
        *walk(web),
        *walk(root / "engine"),
        *walk(root / "tools"),
        root / "pyproject.toml",
        root / "README.md",
        root / SW_NAME,
        root / "package-lock.json",
        *(nm / "pyodide" / n for n in PYODIDE_FILES),
        *(walk(root / TEST_GAMES) if test_games else []),
    ]
    pyscript = nm / "@pyscript" / "core" / "dist"
    if pyscript.is_dir():
        sources += walk(pyscript)
    for p in sources:
        h.update(str(p).encode() + b"\0")
        h.update(sha256(p.read_bytes()).encode() if p.is_file() else b"missing")
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
