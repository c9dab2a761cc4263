"""The snapshot as dist/ ships it (tools/snapshot.py `pack`) and as the page reads it
(web/start.mjs: `runsOf`, `fillRuns`, `keptChecksum`, run here in Node on bytes Python packed):
the page's memory, holding the kept pages already, becomes the snapshot byte for byte, and a
memory that holds other bytes there fails the checksum."""

from __future__ import annotations

import doctest
import json
import shutil
import subprocess
from pathlib import Path

from tools import snapshot

START = Path(__file__).resolve().parents[1] / "web" / "start.mjs"
PAGE = snapshot.PAGE


def test_snapshot_doctests() -> None:
    assert doctest.testmod(snapshot).failed == 0


def _reader() -> str:
    """start.mjs's packed-snapshot reader, as it stands there (it has no imports of its own)."""
    text = START.read_text(encoding="utf-8")
    return text[text.index("const PACKED_MAGIC") : text.index("// A snapshot this browser")]


def _run_reader(tmp_path: Path, packed: bytes, memory: bytes, heap_at: int) -> dict:
    """Restore `packed` onto `memory` (the runtime's memory before the restore, from the snapshot's
    offset `heap_at`) the way the page does; returns what it found."""
    (tmp_path / "packed.bin").write_bytes(packed)
    (tmp_path / "memory.bin").write_bytes(memory)
    packed_at, memory_at = (json.dumps(str(tmp_path / n)) for n in ("packed.bin", "memory.bin"))
    (tmp_path / "t.mjs").write_text(
        "import { readFileSync } from 'node:fs';\n"
        + _reader()
        + f"const packed = new Uint8Array(readFileSync({packed_at}));\n"
        f"const memory = new Uint8Array(readFileSync({memory_at}));\n"
        "const snapshot = packedSnapshot(packed);\n"
        f"const sum = keptChecksum(snapshot, memory, {heap_at});\n"
        f"fillRuns(snapshot, memory, {heap_at});\n"
        "const header = fillRuns(snapshot, new Uint8Array(" + str(heap_at) + "));\n"
        "const hex = (b) => Buffer.from(b).toString('hex');\n"
        "console.log(JSON.stringify({ size: snapshot.size, runs: snapshot.runs.length,\n"
        "  kept: snapshot.kept.length, checksum: snapshot.checksum, sum,\n"
        "  restored: hex(header) + hex(memory) }));\n",
        encoding="utf-8",
    )
    node = shutil.which("node")
    assert node, "node is needed (the build makes the snapshot with it)"
    ran = subprocess.run([node, str(tmp_path / "t.mjs")], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    return json.loads(ran.stdout)


def _snapshot_and_memory() -> tuple[bytes, bytes, int]:
    """A small snapshot laid out as Pyodide's (a header, then the memory), and the runtime's
    memory before a restore: two pages' worth of it are the same, and a page of zeros after."""
    heap_at = 128
    header = b"\x00s\x6ep" + heap_at.to_bytes(4, "little") + bytes(heap_at - 8)
    same = bytes(range(256)) * 32  # two pages the runtime holds already
    restored = b"py" * PAGE + same + bytes(PAGE) + b"after" * 900
    before = bytes(2 * PAGE) + same + bytes(PAGE) + bytes(len(b"after" * 900))
    return header + restored, before, heap_at


def test_the_page_restores_a_packed_snapshot_onto_the_runtimes_memory(tmp_path: Path) -> None:
    raw, before, heap_at = _snapshot_and_memory()
    packed = snapshot.pack(raw, base=raw[:heap_at] + before)
    size, runs, kept, total = snapshot.packed_head(packed)
    # the pages (of the snapshot, whose memory starts 128 bytes in) that hold only bytes the
    # runtime's memory has there: the two pages' worth of them that are not zeros in both
    assert kept == [[3 * PAGE, 2 * PAGE]]
    assert len(packed) == len(raw) - 2 * PAGE + 20 + 3 * 8
    found = _run_reader(tmp_path, packed, before, heap_at)
    assert (found["size"], found["runs"], found["kept"]) == (size, len(runs), len(kept))
    assert found["checksum"] == total == found["sum"]
    assert bytes.fromhex(found["restored"]) == raw


def test_a_runtime_memory_that_differs_in_a_kept_page_fails_the_checksum(tmp_path: Path) -> None:
    raw, before, heap_at = _snapshot_and_memory()
    packed = snapshot.pack(raw, base=raw[:heap_at] + before)
    (at, _), *_ = snapshot.packed_head(packed)[2]
    other = bytearray(before)
    other[at - heap_at + 8] ^= 1
    found = _run_reader(tmp_path, packed, bytes(other), heap_at)
    assert found["sum"] != found["checksum"]
