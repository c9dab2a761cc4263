"""The page's Python standard library: only the modules it imports, as bytecode.

Pyodide ships its whole standard library as sources (``python_stdlib.zip``: 559 modules, 2.5 MB
deflated), and Python compiles every module it imports from it at each
start-up: most of a normal start-up's seconds. The page imports about 170 of them. So the build
writes its own ``pyodide/python_stdlib.zip`` in place of Pyodide's (the name Pyodide loads by
default, so the page, the snapshot and the service worker need no other path): those modules only,
compiled by the shipped Pyodide (tools/stdlib.mjs), each file deflated (a host sends a .zip as
it is).

Which modules: what Pyodide's own start-up imports, plus every module that any Python file the
page writes (the engine wheel, web/, PyScript's package; `imported_names`) imports anywhere,
with all that those import in turn, plus `EXTRA`: the few a stdlib module we use imports only
inside a function. Python's start-up snapshot (tools/snapshot.py) is made with this very zip, and
the build checks a snapshot against it like any other runtime file.

A module missing from it fails at its import ("No module named ..."): add it to `EXTRA` (an import
inside a stdlib function) or import it from our code (found by `imported_names`).
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import tempfile
import zipfile
from pathlib import Path

from tools import snapshot
from tools.sources import sha256

NAME = "python_stdlib.zip"  # in dist/pyodide/, in place of Pyodide's
MAKER = Path(__file__).with_name("stdlib.mjs")
# Compiled with their docstrings: Pyodide's start-up copies docstrings from them onto its types.
KEEP_DOCS = ("_pyodide", "pyodide")
# Imported inside a function by a stdlib module the page uses, so not seen by importing it:
EXTRA: tuple[str, ...] = (
    "difflib",  # traceback, to suggest a keyword in a SyntaxError's message
    "encodings.ascii",  # codecs looked up by name (bytes.decode("ascii"), a zip's file names)
    "encodings.latin_1",
    "encodings.cp437",
)


# The engine's command line (`python -m engine`): in the wheel, never imported by the page.
COMMAND_LINE = ("engine/__main__.py", "engine/cli.py")


def imported_names(tree: dict[str, bytes]) -> list[str]:
    """Every module name the Python files of `tree` import, anywhere in them (inside functions
    too): ``import a.b`` gives "a.b", ``from a import b`` "a" and "a.b" (b may be a module).
    The engine's command line is left out (`COMMAND_LINE`)."""
    names: set[str] = set()
    for path, source in sorted(tree.items()):
        if not path.endswith(".py") or path in COMMAND_LINE:
            continue
        for node in ast.walk(ast.parse(source, path)):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return sorted(names)


def cache_key(runtime: Path, imports: list[str]) -> str:
    h = hashlib.sha256(b"stdlib\n")
    h.update(json.dumps([imports, list(EXTRA), list(KEEP_DOCS)]).encode())
    h.update(sha256(MAKER.read_bytes()).encode())
    for name in snapshot.RUNTIME:
        h.update(f"{name}\0{sha256((runtime / name).read_bytes())}\n".encode())
    return h.hexdigest()


def build_stdlib(runtime: Path, tree: dict[str, bytes], cache: Path | None) -> tuple:
    """The zip for the page whose Python files are `tree`, made with Pyodide's own files in
    `runtime` (its full stdlib), from `cache` when it was made before. Returns (bytes, report:
    modules, gzip_bytes, cached)."""
    imports = sorted({*imported_names(tree), *EXTRA})
    key = cache_key(runtime, imports)
    if cache is not None and (cache / f"{key}.zip").is_file():
        (cache / f"{key}.zip").touch()
        data = (cache / f"{key}.zip").read_bytes()
        report = json.loads((cache / f"{key}.json").read_text())
        return data, {**report, "cached": True}
    with tempfile.TemporaryDirectory(prefix="picante-stdlib-") as tmp:
        out = Path(tmp) / NAME
        spec = {"imports": imports, "keepDocs": list(KEEP_DOCS), "out": str(out)}
        report = snapshot.run_maker(runtime, {}, spec, Path(tmp), maker=MAKER)
        data = out.read_bytes()
    if report["missing"]:
        raise snapshot.SnapshotError(f"standard library modules that do not import: {report}")
    report["gzip_bytes"] = len(snapshot.compress(data))
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
        for suffix, blob in ((".zip", data), (".json", json.dumps(report, indent=1).encode())):
            fd, tmp_name = tempfile.mkstemp(dir=cache, prefix=".tmp-")
            with open(fd, "wb") as fh:
                fh.write(blob)
            Path(tmp_name).replace(cache / f"{key}{suffix}")
    return data, {**report, "cached": False}


def modules(data: bytes) -> list[str]:
    """The modules a zip made here holds (tests, the build's report)."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return sorted(
            n.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".") for n in z.namelist()
        )
