"""Python's start-up snapshot (tools/snapshot.py, web/start.mjs): the build makes and checks it,
the page restores it and plays, and falls back to a normal start-up without it.

The build tests run Node (a few seconds each); the browser tests use their own profile and, where
they change dist/, their own server."""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import (
    SHIPPED_GAMES,
    copy_dist,
    hold_until,
    open_app,
    open_app_slowly,
    run_python,
    wait_ready,
)

from tools import glue, snapshot, snapshot_bytecode
from tools.build import read_sw_build_info
from tools.serve import Handler
from tools.sources import sha256

ROOT = Path(__file__).resolve().parents[1]
RUNTIME = ROOT / "node_modules" / "pyodide"
BOOT_JSON = re.compile(r'id="picante-boot">(.*?)</script>', re.S)
CONTROLLED_JS = """async () => {
  await navigator.serviceWorker.ready;
  for (let i = 0; i < 600 && !navigator.serviceWorker.controller; i++)
    await new Promise((r) => setTimeout(r, 50));
  return !!navigator.serviceWorker.controller;
}"""


def _play_opens(page) -> None:
    """The app works: a tapped game renders its first screen from Python."""
    page.tap('[data-game="jalapeno"]')
    page.wait_for_selector('[data-testid="setup"]')
    assert page.evaluate("() => window.picante.currentGame") == "jalapeno"


# ---- the build ----------------------------------------------------------------------------------


def test_dist_ships_a_snapshot_of_its_own_runtime(dist):
    gz = (dist.out / snapshot.NAME).read_bytes()
    magic, build_id = snapshot.header(gz)
    assert magic == 0x706E7300
    shipped = re.search(
        rb'BUILD_ID:"([0-9a-f]{64})"', (dist.out / "pyodide/pyodide.mjs").read_bytes()
    )
    assert build_id == shipped[1].decode()
    # restorable: within the heap the browser's module starts with (pyodide#6254)
    heap = snapshot.heap(gz)
    offset = int.from_bytes(heap[4:8], "little")
    assert len(heap) - offset <= snapshot.HEAP_LIMIT
    # shipped without its pages of zeros, nor those the runtime's memory holds before the restore
    # (kept: a quarter of the rest), which the page leaves in place (start.mjs's restoreFromRuns)
    packed = gzip.decompress(gz)
    size, runs, kept, _ = snapshot.packed_head(packed)
    assert packed[:4] == snapshot.PACKED_MAGIC and size == len(heap)
    assert len(packed) < len(heap) * 0.4
    assert sum(length for _, length in kept) > 2 * 2**20
    pages = sorted(runs + kept)
    assert all(a + n <= b for (a, n), (b, _) in zip(pages, pages[1:], strict=False)), "overlap"
    assert kept[0][0] > 0  # never Pyodide's header
    assert not any(heap[at : at + length].strip(b"\0") for at, length in kept)
    # the page is told where it is and which it is (it keeps it, inflated, under that hash);
    # the service worker does not precache it: the page fetches it after a first visit
    boot = json.loads(BOOT_JSON.search((dist.out / "index.html").read_text())[1])
    assert boot["snapshot"] == f"./{snapshot.NAME}"
    assert boot["snapshotHash"] == hashlib.sha256(gz).hexdigest()[:16]
    assert snapshot.NAME not in read_sw_build_info(dist.out / "service-worker.js")["files"]


def test_only_the_listed_modules_of_ours_go_into_the_snapshot():
    available = {
        "engine/__init__.py": b"",
        "engine/protocol.py": b"",
        "engine/jalapeno/__init__.py": b"",
        "ui/__init__.py": b"",
        "ui/dom.py": b"",
        "ui/app.py": b"",
    }
    chosen = snapshot.module_files(available, ("json", "engine.protocol", "ui.dom"))
    assert sorted(chosen) == [
        "engine/__init__.py",
        "engine/protocol.py",
        "ui/__init__.py",
        "ui/dom.py",
    ]
    with pytest.raises(snapshot.SnapshotError, match=r"ui\.gone.*IMPORTS in tools/snapshot\.py"):
        snapshot.module_files(available, ("ui.gone",))


def test_no_game_of_its_own_goes_into_the_snapshot(dist):
    """The platform core only: a game's modules (engine and UI) are imported when it opens, so
    that a change to one leaves the snapshot alone (the registries are in it: their lines are
    the only part of a game that is)."""
    page = (dist.out / "index.html").read_text(encoding="utf-8")
    boot = json.loads(BOOT_JSON.search(page).group(1))
    chosen = snapshot.module_files(snapshot.staged_python(dist.out, boot["files"]))
    assert "engine/registry.py" in chosen and "ui/games/__init__.py" in chosen
    own = [
        p for p in chosen for g in SHIPPED_GAMES if p.startswith((f"engine/{g}/", f"ui/games/{g}/"))
    ]
    assert own == []


def test_a_snapshot_import_that_needs_an_unlisted_module_fails_the_build(tmp_path):
    tree = {"ui/__init__.py": b"", "ui/needy.py": b"from .helper import x\n"}
    with pytest.raises(snapshot.SnapshotError) as err:
        snapshot.make(RUNTIME, tree, ("ui.needy",))  # ui.needy imports ui.helper, not given
    assert "No module named 'ui.helper'" in str(err.value)
    assert "tools/snapshot.py IMPORTS" in str(err.value)


def test_the_build_fails_when_the_heap_comes_near_the_limit(monkeypatch):
    # Pyodide's own start-up uses ~25 MiB: a 20 MiB safe limit must refuse it, saying why.
    monkeypatch.setattr(snapshot, "MARGIN", snapshot.HEAP_LIMIT - 20 * 2**20)
    with pytest.raises(snapshot.SnapshotError, match=r"over the safe limit of 20971520.*IMPORTS"):
        snapshot.make(RUNTIME, {}, ())


def test_a_snapshot_of_another_runtime_is_refused_by_the_build(dist, tmp_path):
    gz = (dist.out / snapshot.NAME).read_bytes()
    runtime = tmp_path / "pyodide"
    shutil.copytree(dist.out / "pyodide", runtime)
    # the glue the snapshot was made with, as Pyodide ships it (dist/ has it as a classic script)
    shutil.copy(RUNTIME / glue.MODULE, runtime)
    report = {"runtime": {n: sha256((runtime / n).read_bytes()) for n in snapshot.RUNTIME}}
    snapshot.verify(gz, runtime, report)  # the very runtime: accepted

    other = dict(report, runtime=dict(report["runtime"], **{"pyodide.asm.wasm": "0" * 64}))
    with pytest.raises(snapshot.SnapshotError, match="another pyodide/pyodide.asm.wasm"):
        snapshot.verify(gz, runtime, other)

    mjs = runtime / "pyodide.mjs"
    mjs.write_bytes(
        re.sub(rb'BUILD_ID:"[0-9a-f]{64}"', b'BUILD_ID:"' + b"1" * 64 + b'"', mjs.read_bytes())
    )
    with pytest.raises(snapshot.SnapshotError, match="made by Pyodide build"):
        snapshot.verify(gz, runtime, report)


def test_every_module_the_page_writes_has_its_bytecode(dist):
    bundle = snapshot_bytecode.unpack((dist.out / snapshot_bytecode.FILES_NAME).read_bytes())
    first = {rel: data for rel, data in bundle.items() if rel.endswith(".pyc")}
    later = snapshot_bytecode.unpack((dist.out / snapshot_bytecode.LATER_NAME).read_bytes())
    assert not set(first) & set(later)
    pycs = {**first, **later}
    boot = json.loads(BOOT_JSON.search((dist.out / "index.html").read_text())[1])
    # the start-up bytecode travels with the files, in the files bundle
    assert boot["files"] == {f"./{snapshot_bytecode.FILES_NAME}": "./*"}
    assert boot["bytecodeLater"] == f"./{snapshot_bytecode.LATER_NAME}"
    # what the page imports before it is ready is in the first bundle, no game is
    assert "ui/__pycache__/app.cpython-314.pyc" in first
    assert "pyscript/__pycache__/__init__.cpython-314.pyc" in first
    game = re.compile(r"(ui/games|engine)/(jalapeno|nacho|taco)/")
    assert not [p for p in first if game.match(p)]
    assert [p for p in later if game.match(p)]
    ours = snapshot.staged_python(dist.out, boot["files"])
    pyscript = snapshot_bytecode.pyscript_sources(ROOT / "node_modules")
    assert "pyscript/__init__.py" in pyscript and "ui/app.py" in ours
    expected = {
        f"{rel.rpartition('/')[0]}/__pycache__/{rel.rpartition('/')[2][:-3]}.cpython-314.pyc".lstrip(
            "/"
        )
        for rel in {**ours, **pyscript}
    }
    assert set(pycs) == expected
    for data in pycs.values():
        assert int.from_bytes(data[4:8], "little") == 0b11  # hash-based, checked


# ---- the page -----------------------------------------------------------------------------------


PYC_CHECK = """
import glob, importlib.util
stale = []
for src in sorted(glob.glob("**/*.py", recursive=True)):
    try:
        with open(importlib.util.cache_from_source(src), "rb") as f:
            pyc = f.read()
    except OSError:
        stale.append(src + " (none)")
        continue
    with open(src, "rb") as f:
        if pyc[8:16] != importlib.util.source_hash(f.read()):
            stale.append(src)
",".join(stale) or "all current"
"""


def test_imports_after_the_snapshot_find_their_bytecode(page):
    # every module in Python's working directory -- ours and the pyscript package PyScript
    # wrote -- has a .pyc whose source hash is that file's: Python loads it instead of compiling
    # (the games' arrive once the page is ready, before it stores the snapshot)
    page.evaluate("() => window.picante.snapshotStored")
    assert run_python(page, "import sys; 'pyscript' in sys.modules") == "true"
    assert run_python(page, PYC_CHECK) == "all current"
    # compiled without column tables and docstrings (less to download), line numbers kept
    assert (ROOT / "web" / "ui" / "app.py").read_text().startswith('"""')  # it has one
    code = run_python(
        page,
        "import ui.app; _c = ui.app.__loader__.get_code('ui.app')\n"
        "str(('__doc__' in _c.co_names, {p[2] for p in _c.co_positions()}, _c.co_firstlineno))",
    )
    assert code == "(False, {None}, 1)"


KEPT_JS = """async () => {
  const cache = await caches.open('python-snapshot');
  const [key] = await cache.keys();
  return [key.url, (await (await cache.match(key)).arrayBuffer()).byteLength];
}"""


def _second_visit(page) -> dict:
    """After a first visit has kept the snapshot (or tried to): the next visit's boot."""
    page.evaluate("() => window.picante.snapshotStored")
    page.reload()
    wait_ready(page)
    return page.evaluate("() => window.picante.boot")


def test_python_starts_from_the_snapshot_and_the_app_plays(new_context, base_url):
    ctx = new_context()
    page = ctx.new_page()
    open_app_slowly(page, base_url)
    # a first visit starts Python the normal way and keeps the snapshot for the next one
    assert page.evaluate("() => window.picante.boot") == {
        "snapshot": False,
        "why": "none stored yet",
    }
    assert page.evaluate("() => window.picante.filesKept") is False
    assert page.evaluate("() => window.picante.filesStored") is True
    assert page.evaluate("() => window.picante.snapshotStored") is True
    # kept without its pages of zeros: well under the 30 MiB of memory it restores
    url, size = page.evaluate(KEPT_JS)
    assert "/python-snapshot.packed?" in url and size < 0.6 * 30 * 2**20, (url, size)
    assert _second_visit(page) == {"snapshot": True}
    # the wasm was compiled while the shell had its head start, and fetched once: Pyodide's own
    # fetch of it was not made
    assert page.evaluate("() => window.picante.timing.wasmCompiled") > 0
    wasm = page.evaluate(
        "() => performance.getEntriesByType('resource').filter((e) => /pyodide[.]asm[.]wasm$/"
        ".test(e.name)).length"
    )
    assert wasm == 1, wasm
    # our files were kept too: written from the kept copy, none of them fetched (PyScript
    # still fetches main.py, to run it)
    assert page.evaluate("() => window.picante.filesKept") is True
    fetched = page.evaluate(
        "() => performance.getEntriesByType('resource').map((e) => e.name)"
        ".filter((n) => /[/]ui[/].*[.]py$|python-files[.]gz$/.test(n))"
    )
    assert fetched == []
    # the snapshot was made in Node, yet `js` is this page's window
    assert run_python(page, "import js; js.document.getElementById('game-root').id") == "game-root"
    assert run_python(page, "import js; js.location.href") == base_url
    # what the snapshot holds is there, what it does not is imported from the files
    assert run_python(page, "import sys; 'engine.protocol' in sys.modules") == "true"
    assert run_python(page, "import engine; engine.get_game('jalapeno').id") == "jalapeno"
    values = [run_python(page, "import random; random.random()")]
    _play_opens(page)
    # each page restored from the snapshot (the same bytes: every device's is the build's) must
    # get its own randomness: another visit, from the snapshot again
    assert _second_visit(page) == {"snapshot": True}
    values.append(run_python(page, "import random; random.random()"))
    assert values[0] != values[1], "random was not re-seeded after the restore"


def _visits(new_context, serve, site: Path) -> tuple:
    """A first visit and the next one on `site`: (the first's snapshotStored, the second's boot,
    the requests the second made)."""
    srv = serve(site)
    ctx = new_context()
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_app_slowly(page, srv.url)
    stored = page.evaluate("() => window.picante.snapshotStored")
    srv.requests.clear()
    boot = _second_visit(page)
    requests = list(srv.requests)
    _play_opens(page)
    assert not errors, errors
    return stored, boot, requests, page


def test_without_the_snapshot_python_starts_the_normal_way(new_context, serve, dist, tmp_path):
    site = copy_dist(dist.out, tmp_path / "site")
    (site / snapshot.NAME).unlink()
    stored, boot, _, _ = _visits(new_context, serve, site)
    assert stored is False
    # a second visit the service worker does not control yet (a busy machine) sees a fast network
    # and asks for the snapshot as a first visit would: the host has none
    assert boot in (
        {"snapshot": False, "why": "none stored yet"},
        {"snapshot": False, "why": "not downloaded: HTTP 404"},
    ), boot


def test_a_snapshot_of_another_build_is_refused_and_python_starts_anyway(
    new_context, serve, dist, tmp_path
):
    site = copy_dist(dist.out, tmp_path / "site")
    raw = bytearray(snapshot.heap((site / snapshot.NAME).read_bytes()))
    raw[16] ^= 0xFF  # the build id in Pyodide's header
    (site / snapshot.NAME).write_bytes(gzip.compress(snapshot.pack(bytes(raw)), compresslevel=1))
    stored, boot, _, page = _visits(new_context, serve, site)
    assert stored is True
    assert boot["snapshot"] is False
    assert boot["why"].startswith("refused: Snapshot build id mismatch"), boot
    # dropped, and not fetched again
    assert page.evaluate("() => window.picante.snapshotStored") is False
    assert page.evaluate("() => caches.has('python-snapshot')") is False
    assert _second_visit(page) == {"snapshot": False, "why": "refused before"}


def test_a_snapshot_made_against_another_memory_is_refused_and_python_starts_anyway(
    new_context, serve, dist, tmp_path
):
    """The pages a snapshot leaves to the runtime's memory (tools/snapshot.py `pack`) are checked
    before the restore: a runtime whose memory holds other bytes there refuses it."""
    site = copy_dist(dist.out, tmp_path / "site")
    packed = bytearray(gzip.decompress((site / snapshot.NAME).read_bytes()))
    packed[16] ^= 0xFF  # the kept pages' checksum
    (site / snapshot.NAME).write_bytes(gzip.compress(bytes(packed), compresslevel=1))
    stored, boot, _, page = _visits(new_context, serve, site)
    assert stored is True
    assert boot["snapshot"] is False
    assert boot["why"] == (
        "refused: the runtime's memory is not the one the snapshot was made against"
    ), boot
    assert page.evaluate("() => window.picante.snapshotStored") is False
    assert _second_visit(page) == {"snapshot": False, "why": "refused before"}


class _GzipEncodingHandler(Handler):
    """A host that labels .gz files Content-Encoding: gzip (some do): the browser decodes them."""

    def end_headers(self) -> None:
        if self.path.split("?", 1)[0].endswith(".gz"):
            self.send_header("Content-Encoding", "gzip")
        super().end_headers()


RUNTIME_ARRIVED = """() => ['pyodide.asm.wasm', 'python_stdlib.zip'].every((name) =>
    performance.getEntriesByType('resource').some(
      (e) => e.name.endsWith('/pyodide/' + name) && e.responseEnd > 0))"""


def test_a_first_visit_on_a_fast_network_starts_from_the_snapshot_too(new_context, base_url):
    # the runtime has arrived before the page chooses (start.mjs is held back until it has):
    # the snapshot costs less than a start-up, and is kept for the next visit as it is
    ctx = new_context()
    page = ctx.new_page()
    hold_until(page, "**/start.mjs", RUNTIME_ARRIVED, url=base_url, wait_until="commit")
    wait_ready(page)
    assert page.evaluate("() => window.picante.boot") == {"snapshot": True, "fetched": True}
    # Python was set up while the snapshot downloaded, in a worker: the page lists that download
    # (the benchmark counts it), as Resource Timing would, before ready
    timing = page.evaluate("() => window.picante.timing")
    assert timing["snapshotFetch"] < timing["snapshotArrived"] < timing["python"]
    downloads = page.evaluate("() => window.picante.workerDownloads")  # (the games' bytecode too)
    [download] = [d for d in downloads if d["name"].endswith("/python-snapshot.gz")]
    assert download["transferSize"] > 1_000_000 and download["responseEnd"] < timing["ready"]
    assert page.evaluate("() => window.picante.snapshotStored") is True
    assert _second_visit(page) == {"snapshot": True}
    _play_opens(page)


# The rest of the runtime's speed, as web/start.mjs fastNetwork reads it (bytes per ms).
SPEEDS_JS = """() => ['python_stdlib.zip', 'pyodide.asm.js'].map((name) => {
    const e = performance.getEntriesByType('resource').find(
      (e) => e.name.endsWith('/pyodide/' + name) && e.responseEnd > 0);
    return e.encodedBodySize / Math.max(1, e.responseEnd - e.responseStart);
  })"""


def test_a_first_visit_whose_wasm_alone_is_late_goes_by_the_speed_of_the_rest(
    new_context, base_url
):
    # a busy device on a fast line: the wasm is held back until the page has chosen how to start
    # Python; the rest of the runtime came over loopback at the speed its transfer says: from
    # 4 MB/s that is a fast network, and the snapshot costs less than a start-up
    ctx = new_context()
    page = ctx.new_page()
    chosen = "() => window.picante && window.picante.boot !== undefined"
    hold_until(page, "**/pyodide/pyodide.asm.wasm", chosen, url=base_url)
    wait_ready(page)
    speeds = page.evaluate(SPEEDS_JS)
    fast = all(speed >= 4000 for speed in speeds)
    boot = page.evaluate("() => window.picante.boot")
    if fast:
        assert boot == {"snapshot": True, "fetched": True}, speeds
    else:
        assert boot == {"snapshot": False, "why": "none stored yet"}, speeds
    _play_opens(page)


def test_a_first_visit_whose_snapshot_does_not_arrive_starts_python_the_normal_way(
    new_context, base_url
):
    # Python was set up for the snapshot while it downloaded; it never came: not a refusal (the
    # next visit fetches it again), Python starts the normal way
    ctx = new_context()
    ctx.route("**/python-snapshot.gz", lambda route: route.fulfill(status=404, body="gone"))
    page = ctx.new_page()
    hold_until(page, "**/start.mjs", RUNTIME_ARRIVED, url=base_url, wait_until="commit")
    wait_ready(page)
    assert page.evaluate("() => window.picante.boot") == {
        "snapshot": False,
        "why": "not downloaded: HTTP 404",
    }
    assert page.evaluate("() => localStorage.getItem('picante.snapshotRefused')") is None
    _play_opens(page)


def test_a_host_that_sends_the_gz_files_encoded_still_works(new_context, serve, dist):
    srv = serve(dist.out)
    srv.RequestHandlerClass = functools.partial(_GzipEncodingHandler, directory=str(dist.out))
    ctx = new_context()
    page = ctx.new_page()
    open_app(page, srv.url)
    # the page got the snapshot decoded (told by its magic bytes) and kept it
    assert page.evaluate("() => window.picante.snapshotStored") is True
    # and the service worker checked the decoded files against the build's hashes of their
    # content: the offline copy installs
    assert page.evaluate(CONTROLLED_JS)
    cached = page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).length", dist.cache_name
    )
    # every file, the manifest, the app page at the scope's URL
    assert cached == len(read_sw_build_info(dist.out / "service-worker.js")["files"]) + 2
    assert _second_visit(page) == {"snapshot": True}
    _play_opens(page)


def test_a_browser_without_decompression_streams_starts_python_the_normal_way(
    new_context, base_url
):
    # Safari before 16.4: no snapshot, no bytecode bundle, the wheel unpacked by Python
    ctx = new_context()
    ctx.add_init_script("delete window.DecompressionStream")
    page = ctx.new_page()
    open_app(page, base_url)
    boot = page.evaluate("() => window.picante.boot")
    assert boot == {"snapshot": False, "why": "no DecompressionStream"}
    assert page.evaluate("() => window.picante.snapshotStored") is False
    assert run_python(page, "import engine.jalapeno; engine.jalapeno.__name__") == "engine.jalapeno"
    _play_opens(page)
