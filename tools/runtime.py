"""Python's runtime as dist/ ships it (tools/build.py, steps 3b-4c): Pyodide's files, our
standard library (only what the page imports, as bytecode), the start-up snapshot, the bytecode
of every module the page imports, the files bundle (everything Python's file system needs before
the page is ready, in one download), Pyodide's glue as a classic script, and what a first visit
downloads before Python can start (the page counts it down). Each step writes into the stage
and its entry into the boot list (web/start.mjs reads it)."""

from __future__ import annotations

import gzip
import zipfile
from pathlib import Path

from tools import glue, snapshot, snapshot_bytecode, stdlib
from tools.sources import BuildError, sha256, write

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


# ... and as dist/ ships them: the glue as a classic script (tools/glue.py)
SHIPPED_RUNTIME = tuple(glue.NAME if name == glue.MODULE else name for name in PYODIDE_FILES)


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
    write(stage / "pyodide" / stdlib.NAME, data)
    return report


def add_snapshot(stage: Path, boot: dict, cache: Path | None) -> dict:
    """Step 4: dist/python-snapshot.gz, made from the staged runtime and the staged Python files
    (so it matches what the page loads), and its entry in the boot list. Returns the report."""
    tree = snapshot.module_files(snapshot.staged_python(stage, boot["files"]))
    try:
        gz, report = snapshot.build_snapshot(stage / "pyodide", tree, cache)
    except snapshot.SnapshotError as exc:
        raise BuildError(f"Python's start-up snapshot: {exc}") from exc
    write(stage / snapshot.NAME, gz)
    boot["snapshot"] = f"./{snapshot.NAME}"
    # names the inflated copy a visit stores for the next one (web/start.mjs)
    boot["snapshotHash"] = sha256(gz)[:16]
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
    write(stage / snapshot_bytecode.LATER_NAME, made["bytecodeLater"])
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
    write(stage / snapshot_bytecode.FILES_NAME, gz)
    boot["files"] = {f"./{snapshot_bytecode.FILES_NAME}": "./*"}
    return {"files": len(files), "bytecode": len(pycs), "gzip_bytes": len(gz)}


def add_classic_glue(runtime: Path) -> None:
    """Step 4c: Pyodide's JavaScript glue as the classic script the page loads (tools/glue.py),
    in place of the module, which only the build's Node steps above use."""
    module = runtime / glue.MODULE
    try:
        write(runtime / glue.NAME, glue.classic(module.read_text(encoding="utf-8")).encode())
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
