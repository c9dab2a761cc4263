"""Python's start-up as a memory snapshot: made at build time, restored by the page.

Pyodide can save its whole wasm heap after start-up (``loadPyodide({_makeSnapshot: true})``,
imports, ``pyodide.makeMemorySnapshot()``) and a page can start from those bytes
(``loadPyodide({_loadSnapshot})``) instead of running CPython's initialisation and the imports
again: Python's start-up, one main-thread task of 1.5-2.4 s on an idle machine, becomes a copy of
30 MiB (see docs/benchmarks.md). This is private API in Pyodide 314.0.7, pinned by
package-lock.json and tested end to end (e2e/test_snapshot.py).

What it costs and how this module handles it:
- It loads only on the very runtime that made it. The build makes it from the runtime files it
  ships and checks the result against them (`verify`); the page falls back to a normal start-up if
  it is missing or refused (web/start.mjs).
- The heap must stay within the 30 MiB the browser's module starts with, or the restore fails
  (pyodide#6254). So it holds the stdlib modules we use, Pyodide's own start-up and the platform
  core -- not every game: a game's modules are imported when it opens. `IMPORTS` is the one list;
  the build fails if the heap comes within `MARGIN` of `HEAP_LIMIT`.
- The virtual file system is not in it: the page still writes our files (and Pyodide still loads
  python_stdlib.zip). Only the files of the modules listed go into the snapshot's own file system,
  so a change to anything else (a game's own modules, its art or stylesheet, any stylesheet)
  leaves the snapshot's bytes, and the players' caches of it, alone. The two registries are in
  it, though (``engine.registry``, ``ui.games``: the platform looks games up through them), and
  so are the registration lines they hold: adding or removing a game, or changing its home
  card's art id or colours (``register_ui``), makes a new snapshot, and players download it once
  more (e2e/test_snapshot.py checks that no game's own module is in it).
- The hash seed and `random`'s state are frozen into it: the page re-seeds `random` at once.
- It is 30 MiB raw, more than half of it pages of zeros, and 3.4 MB of the rest are the bytes
  the runtime's memory holds already when a restore begins (its data segments, mostly): dist/
  ships it without either (`pack`, the format the page keeps it in, 10.6 MB) and gzipped
  (`NAME`, 3.8 MB); the page inflates it with DecompressionStream in a worker and copies its runs
  into the runtime's memory as it restores it, once the pages left to the memory have passed
  their checksum (web/start.mjs). The maker records that memory (tools/snapshot.mjs).

Making it takes seconds in Node (tools/snapshot.mjs), so snapshots are cached by a hash of
everything they are made from, under build/snapshot/.
"""

from __future__ import annotations

import array
import gzip
import hashlib
import json
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from tools.sources import sha256

# What is imported before the snapshot is taken, i.e. what the page does not import again.
# Everything a module listed here imports must be listed too (or already be imported by Pyodide's
# own start-up, like json, asyncio, dataclasses, typing, random): the build says which is missing.
IMPORTS: tuple[str, ...] = (
    # stdlib that our code and PyScript's Python side (pyscript.display: html) import
    "hashlib",
    "hmac",
    "secrets",
    "html",
    "html.entities",
    "encodings.cp437",  # zipfile decodes the engine wheel's names with it (unpackArchive)
    "js",
    # the platform core: the engine's protocol, RNG, registry and bot base, and the UI modules
    # every game shares. Never a game's own modules (engine.<game>, the game's UI).
    "engine",
    "engine.protocol",
    "engine.rng",
    "engine.registry",
    "engine.bots",
    "engine.record",  # a game is its record: saving, resuming and undo (ui.session)
    "engine.undo",
    "engine.resume",
    "engine.packing",  # share links, challenges (ui.linking)
    "engine.links",
    "ui",
    "ui.dom",
    "ui.html",
    "ui.art",  # our pictures (toast and cover icons), imported by ui.toast and ui.privacy
    "ui.toast",
    "ui.privacy",
    "ui.bots",
    # ... and the platform every game's UI runs on, which main.py imports (ui.app): measured
    # here, main.py-to-ready fell from ~1.0 s to ~0.14 s (busy machine) and the heap in use did
    # not grow (27,967,488 bytes either way).
    "ui.chrome",
    "ui.games",
    "ui.session",
    "ui.setup",
    "ui.soon",
    "ui.saves",
    "ui.home",
    # the party table's shared parts (game bar, rules and log sheets, hints, settings)
    "ui.rules",
    "ui.tools",
    "ui.sheets",
    "ui.hints",
    "ui.settings",
    "ui.scene",
    "ui.meter",
    "ui.table",
    "ui.generic",
    "ui.replay",  # replays, share links, challenges: ui.app's ui.linking
    "ui.share",
    "ui.linking",
    "ui.app",  # what main.py imports; a game's UI is imported when the game opens
)

# The heap a Pyodide 314 module starts with; a bigger snapshot cannot be restored (pyodide#6254).
HEAP_LIMIT = 30 * 2**20
# What must stay free under it: Pyodide's start-up alone uses ~25 MiB.
MARGIN = 2 * 2**20

NAME = "python-snapshot.gz"  # in dist/
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
MAKER = Path(__file__).with_name("snapshot.mjs")

_MAGIC = 0x706E7300  # Pyodide's snapshot header: magic, offset, json length, pad, build id
PACKED_MAGIC = b"PCSB"  # the snapshot as dist/ ships it (`pack`; web/start.mjs)
PAGE = 4096
_BUILD_ID_JS = re.compile(rb'BUILD_ID:"([0-9a-f]{64})"')


class SnapshotError(RuntimeError):
    pass


def module_files(available: dict[str, bytes], imports: tuple[str, ...] = IMPORTS) -> dict:
    """The files (relative path -> bytes) the listed modules of our own are made of, parents'
    ``__init__.py`` included; stdlib names (whose top level is none of ours) are skipped."""
    ours = {path.split("/", 1)[0].removesuffix(".py") for path in available}
    chosen: dict[str, bytes] = {}
    for name in imports:
        parts = name.split(".")
        if parts[0] not in ours:
            continue
        for depth in range(1, len(parts) + 1):
            base = "/".join(parts[:depth])
            found = [p for p in (f"{base}/__init__.py", f"{base}.py") if p in available]
            if not found:
                raise SnapshotError(
                    f"snapshot import {name!r}: {'.'.join(parts[:depth])} is not in dist/ "
                    "(a module that moved or was removed? update IMPORTS in tools/snapshot.py)"
                )
            chosen[found[0]] = available[found[0]]
    return chosen


def staged_python(stage: Path, files: dict[str, str]) -> dict[str, bytes]:
    """Every Python file the page writes into Python's working directory (from the boot list:
    ``./x.whl -> ./*`` is unpacked, ``./a/b.py -> ./a/b.py`` is copied; in a built dist/, the
    files bundle ``./python-files.gz -> ./*``), by relative path."""
    out: dict[str, bytes] = {}
    for src, dest in sorted(files.items()):
        path = stage / src
        if dest == "./*" and src.endswith(".gz"):  # a built dist/: its files bundle
            from tools.snapshot_bytecode import unpack  # (it imports this module)

            bundle = unpack(path.read_bytes())
            out.update((rel, data) for rel, data in bundle.items() if rel.endswith(".py"))
        elif dest == "./*":
            with zipfile.ZipFile(path) as wheel:
                for info in wheel.infolist():
                    if info.filename.endswith(".py"):
                        out[info.filename] = wheel.read(info)
        elif dest.endswith(".py"):
            out[dest.removeprefix("./")] = path.read_bytes()
    return out


def cache_key(runtime: Path, tree: dict[str, bytes], imports: tuple[str, ...] = IMPORTS) -> str:
    h = hashlib.sha256()
    h.update(json.dumps([list(imports), HEAP_LIMIT, MARGIN, PACKED_MAGIC.decode()]).encode())
    h.update(sha256(MAKER.read_bytes()).encode())
    for name in RUNTIME:
        h.update(f"{name}\0{sha256((runtime / name).read_bytes())}\n".encode())
    for rel, data in sorted(tree.items()):
        h.update(f"{rel}\0{sha256(data)}\n".encode())
    return h.hexdigest()


def run_maker(
    runtime: Path, tree: dict[str, bytes], spec: dict, work: Path, maker: Path = MAKER
) -> dict:
    """Run tools/snapshot.mjs (or another `maker` script) in Node on the runtime in `runtime` (a
    folder with pyodide.mjs & co) with `tree` (relative path -> bytes) in Python's working
    directory and the rest of the spec; returns its report. `work` is a scratch folder for its
    input and output."""
    node = shutil.which("node")
    if not node:
        raise SnapshotError("node is needed to make Python's start-up snapshot (apt-get nodejs)")
    (work / "tree").mkdir(parents=True, exist_ok=True)
    for rel, data in tree.items():
        (work / "tree" / rel).parent.mkdir(parents=True, exist_ok=True)
        (work / "tree" / rel).write_bytes(data)
    spec = {"pyodide": str(runtime.resolve()), "tree": str(work / "tree"), **spec}
    (work / "spec.json").write_text(json.dumps(spec))
    done = subprocess.run(
        [node, str(maker), str(work / "spec.json")], capture_output=True, text=True, timeout=600
    )
    if done.returncode != 0:
        raise SnapshotError(done.stderr.strip() or f"{maker.name} failed ({done.returncode})")
    return json.loads(done.stdout.strip().splitlines()[-1])


def make(runtime: Path, tree: dict[str, bytes], imports: tuple[str, ...] = IMPORTS) -> tuple:
    """The snapshot of Pyodide in `runtime` with `tree` written and `imports` imported: returns
    (raw snapshot bytes, the runtime's memory just before a restore of it, its report)."""
    with tempfile.TemporaryDirectory(prefix="picante-snapshot-") as tmp:
        out, base = Path(tmp) / "snapshot.bin", Path(tmp) / "base.bin"
        spec = {
            "imports": list(imports),
            "out": str(out),
            "base": str(base),
            "limit": HEAP_LIMIT,
            "margin": MARGIN,
        }
        report = run_maker(runtime, tree, spec, Path(tmp))
        return out.read_bytes(), base.read_bytes(), report


def compress(raw: bytes) -> bytes:
    """gzip with no timestamp: same snapshot, same bytes."""
    return gzip.compress(raw, compresslevel=6, mtime=0)


def checksum(data: bytes) -> int:
    """FNV-1a over little-endian 32-bit words, as web/start.mjs computes it (`keptChecksum`): a few
    milliseconds there for the pages a packed snapshot leaves to the runtime's memory.

    >>> checksum(b""), checksum(bytes(4)), checksum(b"\\x01\\x00\\x00\\x00")
    (2166136261, 84696351, 67918732)
    """
    words = array.array("I")
    words.frombytes(data)
    if sys.byteorder != "little":
        words.byteswap()
    h = 0x811C9DC5
    for word in words:
        h = ((h ^ word) * 0x01000193) & 0xFFFFFFFF
    return h


def _runs(pages: list[int]) -> list[list[int]]:
    """Adjacent PAGE-sized pages at these offsets, joined: [[offset, length], ...]."""
    runs: list[list[int]] = []
    for at in pages:
        if runs and runs[-1][0] + runs[-1][1] == at:
            runs[-1][1] += PAGE
        else:
            runs.append([at, PAGE])
    return runs


def pack(raw: bytes, base: bytes | None = None) -> bytes:
    """The snapshot as web/start.mjs reads it (`runsOf`, `fillRuns`): without its 4 KiB pages of
    zeros, nor the pages that the runtime's memory holds already when the restore begins (`base`:
    the maker's copy of it, laid out as in the snapshot; those pages are *kept*, and their
    checksum lets the page check that its runtime's memory is that one). Format: "PCSB", the
    snapshot's length, the number of runs, the number of kept runs, the kept pages' checksum,
    each run's then each kept run's offset and length (u32, little-endian; offsets in the
    snapshot, whose memory begins after Pyodide's header), then the runs' bytes. The first page
    (Pyodide's header) is never kept.

    >>> header, kept, zeros, data = b"H" * PAGE, b"k" * PAGE, bytes(PAGE), b"py" * PAGE
    >>> memory = header + kept + zeros + data + b"!"  # kept: the same in the runtime's memory
    >>> packed = pack(memory, base=bytes(PAGE) + kept + bytes(3 * PAGE + 1))
    >>> len(packed) == 20 + 3 * 8 + 3 * PAGE + 1, unpack(packed) == memory.replace(kept, zeros)
    (True, True)
    >>> unpack(packed, base=memory) == memory, pack(memory) == pack(memory, base=bytes(len(memory)))
    (True, True)
    """
    zero = bytes(PAGE)
    pages, kept = [], []
    for at in range(0, len(raw), PAGE):
        page = raw[at : at + PAGE]
        if page == zero[: len(page)]:
            continue
        if at and base is not None and len(page) == PAGE and base[at : at + PAGE] == page:
            kept.append(at)
        else:
            pages.append(at)
    runs = _runs(pages)
    if runs and runs[-1][0] + runs[-1][1] > len(raw):
        runs[-1][1] = len(raw) - runs[-1][0]  # the snapshot's last page is a part of one
    kept_runs = _runs(kept)
    total = checksum(b"".join(raw[at : at + length] for at, length in kept_runs))
    head = PACKED_MAGIC + struct.pack("<IIII", len(raw), len(runs), len(kept_runs), total)
    head += b"".join(struct.pack("<II", at, length) for at, length in runs + kept_runs)
    return head + b"".join(raw[at : at + length] for at, length in runs)


def packed_head(packed: bytes) -> tuple[int, list, list, int]:
    """(the snapshot's length, its runs, its kept runs, their checksum) from a packed snapshot."""
    if packed[:4] != PACKED_MAGIC or len(packed) < 20:
        raise SnapshotError("not a packed snapshot")
    size, count, kept, total = struct.unpack_from("<IIII", packed, 4)
    spans = [list(struct.unpack_from("<II", packed, 20 + 8 * i)) for i in range(count + kept)]
    return size, spans[:count], spans[count:], total


def unpack(packed: bytes, base: bytes | None = None) -> bytes:
    """The snapshot `pack` packed; its kept pages from `base` (without one: zeros)."""
    size, runs, kept, _ = packed_head(packed)
    heap = bytearray(size)
    body = 20 + 8 * (len(runs) + len(kept))
    for at, length in runs:
        heap[at : at + length] = packed[body : body + length]
        body += length
    if body != len(packed):
        raise SnapshotError("a packed snapshot of the wrong size")
    for at, length in kept if base is not None else ():
        heap[at : at + length] = base[at : at + length]
    return bytes(heap)


def size(gz: bytes) -> int:
    """The length of the heap (the bytes Pyodide restores) of the snapshot as dist/ ships it: the
    memory a page gives Python before the snapshot has arrived (web/start.mjs).

    >>> size(compress(pack(bytes(PAGE) + b"py" * PAGE)))
    12288
    """
    return packed_head(gzip.decompress(gz))[0]


def heap(gz: bytes) -> bytes:
    """The snapshot as dist/ ships it, unpacked (its kept pages zeros: see `pack`)."""
    return unpack(gzip.decompress(gz))


def header(gz: bytes) -> tuple[int, str]:
    """(magic, build id) from the header of the snapshot as dist/ ships it."""
    head = heap(gz)[:48]
    if len(head) < 48:
        raise SnapshotError("the snapshot is truncated")
    magic = int.from_bytes(head[:4], "little")
    words = [int.from_bytes(head[i : i + 4], "little") for i in range(16, 48, 4)]
    return magic, "".join(f"{w:08x}" for w in words)


def verify(gz: bytes, runtime: Path, report: dict) -> None:
    """The snapshot will load on the runtime shipped in `runtime`: Pyodide's header and build id,
    and the runtime files it was made from (recorded in `report`) are those very files."""
    magic, build_id = header(gz)
    if magic != _MAGIC:
        raise SnapshotError(f"{NAME} is not a Pyodide snapshot (magic {magic:#x})")
    found = _BUILD_ID_JS.search((runtime / "pyodide.mjs").read_bytes())
    if not found:
        raise SnapshotError("no BUILD_ID in pyodide/pyodide.mjs: is this Pyodide 314?")
    if build_id != found[1].decode():
        raise SnapshotError(
            f"{NAME} was made by Pyodide build {build_id}, dist/ ships {found[1].decode()}"
        )
    for name in RUNTIME:
        if report.get("runtime", {}).get(name) != sha256((runtime / name).read_bytes()):
            raise SnapshotError(f"{NAME} was made with another pyodide/{name} than dist/ ships")


def build_snapshot(runtime: Path, tree: dict[str, bytes], cache: Path | None) -> tuple:
    """The gzipped snapshot for this runtime and these module files, from `cache` if it was made
    before (`cache` None: always made afresh). Returns (gzipped bytes, report)."""
    key = cache_key(runtime, tree)
    if cache is not None and (cache / f"{key}.gz").is_file() and (cache / f"{key}.json").is_file():
        (cache / f"{key}.gz").touch()  # recently used: kept by store()'s pruning
        gz = (cache / f"{key}.gz").read_bytes()
        report = json.loads((cache / f"{key}.json").read_text())
        report["cached"] = True
    else:
        raw, memory, report = make(runtime, tree)
        # the memory as the snapshot lays it out: after Pyodide's header (its second u32)
        heap_at = struct.unpack_from("<I", raw, 4)[0]
        packed = pack(raw, base=raw[:heap_at] + memory)
        gz = compress(packed)
        report["kept_bytes"] = sum(length for _, length in packed_head(packed)[2])
        report["runtime"] = {name: sha256((runtime / name).read_bytes()) for name in RUNTIME}
        report["imports"] = list(IMPORTS)
        report["gzip_bytes"] = len(gz)
        if cache is not None:
            store(cache, key, gz, report)
        report["cached"] = False
    verify(gz, runtime, report)
    return gz, report


KEEP = 6  # snapshots kept in the cache (6 MB each): the last few builds' worth


def store(cache: Path, key: str, gz: bytes, report: dict) -> None:
    """Write atomically (builds of other outputs may run at the same time), then drop all but the
    KEEP newest entries."""
    cache.mkdir(parents=True, exist_ok=True)
    for suffix, data in ((".gz", gz), (".json", json.dumps(report, indent=1).encode())):
        fd, tmp = tempfile.mkstemp(dir=cache, prefix=".tmp-")
        with open(fd, "wb") as fh:
            fh.write(data)
        Path(tmp).replace(cache / f"{key}{suffix}")
    entries = sorted(cache.glob("*.gz"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in entries[KEEP:]:
        old.unlink(missing_ok=True)
        old.with_suffix(".json").unlink(missing_ok=True)
