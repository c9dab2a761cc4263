"""Python bytecode made at build time, so that the page does not compile what it imports.

What the snapshot (tools/snapshot.py) does not hold is imported after it: PyScript's own Python
(its ``pyscript`` package, written by PyScript into the working directory and imported before
main.py) and each game's modules. Compiling them is most of what those imports cost (on this
machine ~100 ms for PyScript's 30 KB, ~250 ms for all of ours). So the build compiles every module
the page writes, with the very Pyodide it ships, to *checked hash-based* .pyc files: Python uses
one only while its source is byte for byte the one compiled, and compiles the source otherwise, so
a stale or missing .pyc costs time, never correctness. Compiled without column tables
(tracebacks lose their ^^^ marks) and without docstrings (nothing the page runs reads one;
asserts stay): 40 % less to download. What start-up imports travels in ``FILES_NAME`` with the
sources, which web/start.mjs writes before PyScript starts; the games' in ``LATER_NAME``.

Bundle format (gzipped): b"PCBC", a little-endian uint32 header length, a UTF-8 JSON header
``{"relative/path": [offset, length], ...}`` (offsets into what follows; paths such as
``a/b.py`` and ``a/__pycache__/b.cpython-314.pyc``), then the files' bytes.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import tempfile
from pathlib import Path

from tools import snapshot
from tools.sources import sha256

# In dist/: every file Python's file system needs before the page is ready (the engine wheel's
# files, web/**/*.py and the bytecode of what start-up imports), in this format (tools/build.py).
FILES_NAME = "python-files.gz"
LATER_NAME = "python-bytecode-later.gz"  # the rest (the games), fetched once the page is ready
MAGIC = b"PCBC"
# PyScript's Python, exactly as its JS writes it (an artifact of @pyscript/core's own build).
PYSCRIPT_STDLIB = Path("@pyscript") / "core" / "src" / "stdlib" / "pyscript.js"


def pyscript_sources(node_modules: Path) -> dict[str, bytes]:
    """PyScript's Python files by the relative path PyScript writes them to (./pyscript/...)."""
    path = node_modules / PYSCRIPT_STDLIB
    text = path.read_text(encoding="utf-8")
    try:
        tree = json.loads(text[text.index("export default") + 14 :].strip().rstrip(";"))
    except ValueError as exc:
        raise snapshot.SnapshotError(f"{path} is not the object literal it used to be") from exc

    out: dict[str, bytes] = {}

    def walk(node: dict, prefix: str) -> None:
        for name, value in node.items():
            if isinstance(value, str):
                out[f"{prefix}{name}"] = value.encode("utf-8")
            else:
                walk(value, f"{prefix}{name}/")

    walk(tree, "")
    return out


def pack(pycs: dict[str, bytes]) -> bytes:
    header, offset = {}, 0
    for rel, data in sorted(pycs.items()):
        header[rel] = [offset, len(data)]
        offset += len(data)
    head = json.dumps(header, separators=(",", ":"), sort_keys=True).encode()
    body = b"".join(pycs[rel] for rel in sorted(pycs))
    raw = MAGIC + len(head).to_bytes(4, "little") + head + body
    return gzip.compress(raw, compresslevel=9, mtime=0)


def unpack(gz: bytes) -> dict[str, bytes]:
    raw = gzip.decompress(gz)
    if raw[:4] != MAGIC:
        raise snapshot.SnapshotError("not a bundle made by pack()")
    size = int.from_bytes(raw[4:8], "little")
    body = raw[8 + size :]
    header = json.loads(raw[8 : 8 + size])
    return {rel: body[start : start + length] for rel, (start, length) in header.items()}


def compile_tree(runtime: Path, tree: dict[str, bytes]) -> tuple[dict[str, bytes], dict]:
    """Each module of `tree` compiled by the Pyodide in `runtime`: {pyc path: bytes}, report."""
    with tempfile.TemporaryDirectory(prefix="picante-bytecode-") as tmp:
        out = Path(tmp) / "out"
        report = snapshot.run_maker(runtime, tree, {"compile": True, "out": str(out)}, Path(tmp))
        pycs = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*.pyc")}
        return pycs, report


def build_bytecode(runtime: Path, tree: dict[str, bytes], cache: Path | None) -> tuple:
    """The gzipped bundle for these sources, from `cache` when it was made before. Returns
    (bytes, report)."""
    h = hashlib.sha256(b"bytecode\n" + snapshot.MAKER.read_bytes())
    for name in snapshot.RUNTIME:
        h.update(f"{name}\0{sha256((runtime / name).read_bytes())}\n".encode())
    for rel, data in sorted(tree.items()):
        h.update(f"{rel}\0{sha256(data)}\n".encode())
    key = h.hexdigest()
    if cache is not None and (cache / f"{key}.gz").is_file():
        (cache / f"{key}.gz").touch()
        gz = (cache / f"{key}.gz").read_bytes()
        return gz, {"cached": True, "files": len(unpack(gz)), "gzip_bytes": len(gz)}
    pycs, report = compile_tree(runtime, tree)
    gz = pack(pycs)
    report.update(cached=False, gzip_bytes=len(gz))
    if cache is not None:
        snapshot.store(cache, key, gz, report)
    return gz, report
