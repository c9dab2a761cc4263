"""Startup benchmark: our app vs a bare page that only calls loadPyodide() from Pyodide's own files.

    .venv/bin/python scripts/bench_startup.py [--runs 5] [--slow] [--write-docs]

(scripts/test.sh sets up .venv; the bench builds dist/ if needed.) Headless Debian Chromium, a
fresh profile for every run, bare and app runs alternating. Two kinds of run:

- default (idle): each run visits the page twice, cold (first visit, empty profile) and warm
  (second visit: the app from its service worker and its kept snapshot, the bare page from the
  HTTP cache), over loopback, nothing compressed.
- --slow: one first visit on a slow phone: Chromium's network emulation (150 ms round trips,
  1.6 Mbit/s down, 750 kbit/s up) and CPU throttling (4x), the server gzipping text and wasm
  as a static host does.

Reported figures are medians over the runs, in milliseconds since navigation start:

  first paint   first-contentful-paint of the page (our shell / the bare page's heading)
  tap accepted  the first tap on a game card handled by the shell (Playwright taps from the moment
                the navigation commits); the bare page has nothing to tap before Python is up, so
                its figure is its boot time
  Pyodide up    app: our loadPyodide() resolved (before PyScript and main.py run); bare: same
  ready         app: window.picanteReady resolved (Python booted, PyScript ran main.py, its
                first render painted); bare: loadPyodide() resolved
  PyScript      app: from our files written into Python to the end of PyScript's own Python
                start-up (its stdlib, `import pyscript`), just before main.py runs
  main.py       app: from then to ready (main.py imports the UI and renders the home)
  longest main-thread task   the longest task (Long Tasks API) until ready
  received before ready      what the page had received when ready, as transferred (Resource
                Timing: compressed, headers included; the service worker's answers count 0)
  download      idle cold visit: bytes the server sent until ready, and until the service worker
                has the offline copy, as MB gzipped (a host compressing text and wasm) -- the raw
                figure is in the raw section; and the storage the origin uses once the first visit
                is over (the offline copy and the kept snapshot: navigator.storage.estimate())

Warm visits use the same persistent profile after 3 s idle: Chromium writes V8's wasm code cache
only for a persistent profile, after ~2 s idle. The app's warm visit must start Python from the
snapshot its first visit kept (window.picante.boot); one that did not fails the bench.

Targets (issue 14 section 5), as ratios to the bare page in the same run: slow first visit ready
<= 0.7; idle warm ready <= 0.35; idle cold ready <= 0.45; the longest warm task <= 100 ms.
(Issue 2: tap accepted < 10 % of the bare boot.)
--write-docs replaces the measured section of docs/benchmarks.md (bench or bench-slow).
"""

from __future__ import annotations

import argparse
import gzip
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.browser import CHROMIUM, CHROMIUM_ARGS, FCP_JS  # noqa: E402
from tools.build import BuildResult, build, dist_files  # noqa: E402
from tools.serve import COMPRESSIBLE, serve_in_thread  # noqa: E402

BARE_PATH = "/__bench/bare.html"
BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>bare</title></head>
<body><h1>Bare Pyodide</h1>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
window.bareReady = loadPyodide({ indexURL: "./pyodide/" }).then(() => {
  window.bareTime = performance.now();
  return true;
});
</script></body></html>
"""
LONG_TASKS_INIT = """window.__longTasks = [];
new PerformanceObserver((list) => list.getEntries().forEach((e) => __longTasks.push(e.duration)))
  .observe({type: 'longtask', buffered: true});"""
LONGEST_TASK_JS = "() => Math.max(0, ...window.__longTasks)"
SETTLE_MS = 3000  # idle before the warm visit: V8 writes the wasm code cache after ~2 s
TIMEOUT_S = 300  # a slow-network first visit takes a minute or more
# The slow phone on mobile data (Lighthouse's mobile throttling): 150 ms round trips, 1.6 Mbit/s
# down, 750 kbit/s up, the CPU 4x slower; the server gzips text and wasm like a static host.
SLOW_NETWORK = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1_600_000 / 8,
    "uploadThroughput": 750_000 / 8,
}
SLOW_CPU = 4
# What a static host typically compresses on the fly (gzip/brotli); the rest is sent as it is.
# The bare page loads Pyodide's own files, as shipped in its npm package (the app may ship a
# stdlib of its own): URL path -> file.
BARE_RUNTIME = {
    f"/__bench/pyodide/{name}": str(ROOT / "node_modules" / "pyodide" / name)
    for name in (
        "pyodide.mjs",
        "pyodide.asm.mjs",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "pyodide-lock.json",
    )
}


def launch(pw, profile: str):
    return pw.chromium.launch_persistent_context(
        profile,
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        headless=True,
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
        device_scale_factor=2,
        service_workers="allow",
    )


def card_center(pw, url: str) -> tuple[float, float]:
    """Where the first game card sits on the phone screen (the layout is static HTML)."""
    with tempfile.TemporaryDirectory(prefix="picante-bench-") as profile:
        ctx = launch(pw, profile)
        try:
            page = ctx.new_page()
            page.goto(url, wait_until="domcontentloaded")
            box = page.locator('[data-game="jalapeno"]').bounding_box()
            return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        finally:
            ctx.close()


def tap_until_accepted(page, at: tuple[float, float], deadline_s: float = 60.0) -> None:
    """From navigation commit, tap the first card's position again and again (raw touch events,
    no waiting for the page) until the shell has handled one. A tap that arrives while the main
    thread is busy is handled when it is free again: that later time is what counts. If the tap
    was handled before Python was ready, go back home so that the app does not open a game at
    ready (keeps `ready` comparable with the bare page)."""
    handled = "() => !!window.picante && window.picante.timing.firstTap !== undefined"
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        try:
            page.touchscreen.tap(*at)
            if page.evaluate(handled):
                page.evaluate("() => window.picante.ready || window.picante.showHome()")
                return
        except Exception:  # noqa: BLE001 - the document is still committing
            pass
        time.sleep(0.01)
    raise RuntimeError("the shell never handled a tap")


# Bytes the page received until `ready` (ms): the document and every resource that had arrived,
# as transferred (compressed, headers included); what a service worker served counts 0. The app's
# worker downloads (the snapshot: web/start.mjs fetchGzipped) count too, from the page's list.
ENTRIES_JS = """[...performance.getEntriesByType('navigation'),
  ...performance.getEntriesByType('resource'),
  ...((window.picante && window.picante.workerDownloads) || [])]"""
# The paths the page had downloaded (not from its service worker) when it was ready.
PATHS_JS = f"""(ready) => {ENTRIES_JS}
  .filter((e) => e.responseEnd <= ready && e.transferSize > 0 && e.name.startsWith(location.origin))
  .map((e) => new URL(e.name).pathname)"""
RECEIVED_JS = f"""(ready) => {ENTRIES_JS}
  .filter((e) => e.responseEnd <= ready)
  .reduce((sum, e) => sum + (e.transferSize || 0), 0)"""


# What the origin keeps on the phone once the first visit is over (service worker caches and the
# stored snapshot), in bytes.
STORAGE_JS = "async () => (await navigator.storage.estimate()).usage"


def visit_app(page, url: str, at: tuple[float, float]) -> dict:
    page.goto(url, wait_until="commit")
    tap_until_accepted(page, at, deadline_s=TIMEOUT_S)
    page.wait_for_function("() => window.picante.ready === true", timeout=TIMEOUT_S * 1000)
    page.evaluate("() => window.picanteReady")
    t = page.evaluate("() => window.picante.timing")
    return {
        "paint": page.evaluate(FCP_JS),
        "tap": t["firstTap"],
        "python": t["python"],
        "pyscript": t["pyscript"] - t["files"],
        "main": t["ready"] - t["pyscript"],
        "ready": t["ready"],
        "block": page.evaluate(LONGEST_TASK_JS),
        "received": page.evaluate(RECEIVED_JS, t["ready"]),
        "paths": page.evaluate(PATHS_JS, t["ready"]),
        "boot": page.evaluate("() => window.picante.boot"),
    }


def visit_bare(page, url: str, at=None) -> dict:
    page.goto(url + BARE_PATH.lstrip("/"), wait_until="commit")
    page.wait_for_function("() => window.bareTime !== undefined", timeout=TIMEOUT_S * 1000)
    ready = page.evaluate("() => window.bareTime")
    return {
        "paint": page.evaluate(FCP_JS),
        "tap": ready,
        "python": ready,
        "pyscript": None,
        "main": None,
        "ready": ready,
        "block": page.evaluate(LONGEST_TASK_JS),
        "received": page.evaluate(RECEIVED_JS, ready),
        "paths": page.evaluate(PATHS_JS, ready),
        "boot": None,
    }


class Download:
    """Bytes the server sent, raw and as a compressing host would send them."""

    def __init__(self, root: Path, extra: dict[str, str]):
        self.root, self.extra, self._gz = root, extra, {}

    def _gzipped(self, path: str, size: int) -> int:
        if not path.endswith(COMPRESSIBLE):
            return size
        if path not in self._gz:
            rel = "index.html" if path.endswith("/") else path.lstrip("/")
            file = Path(self.extra.get(path) or self.root / rel)
            self._gz[path] = len(gzip.compress(file.read_bytes(), compresslevel=6, mtime=0))
        return self._gz[path]

    def _size(self, path: str) -> int:
        rel = "index.html" if path.endswith("/") else path.lstrip("/")
        file = Path(self.extra.get(path) or self.root / rel)
        return file.stat().st_size if file.is_file() else 0

    def measure(self, sent: list[tuple[str, int]]) -> dict:
        """`sent`: (path, bytes sent) pairs; a size of 1 stands for the whole file."""
        full = [(p, self._size(p) if n == 1 else n) for p, n in sent if n > 0]
        return {
            "raw": sum(size for _, size in full),
            "gz": sum(self._gzipped(path, size) for path, size in full),
        }


def slow_run(pw, kind: str, server, at: tuple[float, float]) -> dict:
    """A first visit on the slow phone (SLOW_NETWORK, SLOW_CPU), fresh profile."""
    with tempfile.TemporaryDirectory(prefix="picante-bench-") as profile:
        ctx = launch(pw, profile)
        ctx.add_init_script(LONG_TASKS_INIT)
        try:
            page = ctx.new_page()
            cdp = ctx.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", SLOW_NETWORK)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOW_CPU})
            server.sent.clear()
            visit = visit_app if kind == "app" else visit_bare
            result = visit(page, server.url, at)
            result.pop("paths")
            return {"slow": result}
        finally:
            ctx.close()


def one_run(pw, kind: str, server, at: tuple[float, float], download: Download) -> dict:
    url = server.url
    with tempfile.TemporaryDirectory(prefix="picante-bench-") as profile:
        ctx = launch(pw, profile)
        ctx.add_init_script(LONG_TASKS_INIT)
        try:
            page = ctx.new_page()
            visit = visit_app if kind == "app" else visit_bare
            server.sent.clear()
            cold = visit(page, url, at)
            cold["bytes"] = download.measure([(path, 1) for path in cold.pop("paths")])
            if kind == "app":  # the warm visit is served by the service worker
                page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
                page.wait_for_function(
                    "() => navigator.serviceWorker.controller !== null", timeout=60_000
                )
            cold["offline_bytes"] = download.measure(server.sent)
            if kind == "app":  # and Python's snapshot is stored for the next visit
                if not page.evaluate("() => window.picante.snapshotStored"):
                    raise RuntimeError("the snapshot was not stored for the next visit")
                cold["storage"] = page.evaluate(STORAGE_JS)
            page.wait_for_timeout(SETTLE_MS)  # same for both (code caches are written)
            warm = visit(page, url, at)
            warm.pop("paths")
            if kind == "app" and not warm["boot"].get("snapshot"):
                raise RuntimeError(f"the warm visit did not start from the snapshot: {warm}")
            return {"cold": cold, "warm": warm}
        finally:
            ctx.close()


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        mem = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text())[1]) / 2**20
    except (OSError, TypeError):
        mem = 0
    try:
        chromium = subprocess.run(
            [CHROMIUM, "--version"], capture_output=True, text=True, timeout=30
        ).stdout.strip()
    except OSError:
        chromium = "chromium ?"
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (
        f"{os.cpu_count()} CPU cores ({cpu}), {mem:.0f} GiB RAM, {platform.system()} "
        f"{platform.release()}, {chromium} headless, Python {platform.python_version()}; "
        f"load average {load} when the runs ended"
    )


LABELS = {
    "paint": "first paint",
    "tap": "tap accepted",
    "python": "Pyodide up",
    "pyscript": "PyScript start-up",
    "main": "main.py to first render",
    "ready": "ready",
    "block": "longest main-thread task",
}
# (visit, metric) -> the target, as a ratio to the bare page, or ms (issue 14 §5; issue 2 for taps)
TARGETS = {
    ("cold", "ready"): 0.45,
    ("warm", "ready"): 0.35,
    ("slow", "ready"): 0.7,
}
TARGET_MS = {("warm", "block"): 100}


def _median(values: list) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def _visits(results: dict) -> list[str]:
    return [v for v in ("cold", "warm", "slow") if results["app"] and v in results["app"][0]]


def table(results: dict, runs: int) -> str:
    rows = [
        "| visit | metric | bare Pyodide (ms) | Picante (ms) | Picante / bare | target |",
        "| --- | --- | ---: | ---: | ---: | --- |",
    ]
    for visit in _visits(results):
        med = {
            kind: {m: _median([r[visit][m] for r in results[kind]]) for m in LABELS}
            for kind in ("bare", "app")
        }
        for m, label in LABELS.items():
            bare, app = med["bare"][m], med["app"][m]
            # "tap accepted" is compared with the bare boot: before it, a bare page can do nothing.
            if m == "tap":
                ratio, target = f"{app / med['bare']['ready']:.2f} (÷ bare boot)", "< 0.10"
            elif bare is None or app is None:
                ratio, target = "", ""
            else:
                ratio, target = f"{app / bare:.2f}", ""
            if (visit, m) in TARGETS:
                target = f"≤ {TARGETS[visit, m]:.2f}"
            if (visit, m) in TARGET_MS:
                target = f"≤ {TARGET_MS[visit, m]} ms"
            cells = [f"{v:,.0f}" if v is not None else "–" for v in (bare, app)]
            rows.append(f"| {visit} | {label} | {cells[0]} | {cells[1]} | {ratio} | {target} |")
        got = [_median([r[visit]["received"] for r in results[k]]) for k in ("bare", "app")]
        cells = [f"{v / 1e6:.2f} MB" if v is not None else "–" for v in got]
        rows.append(f"| {visit} | received before ready | {cells[0]} | {cells[1]} | | |")
    if "cold" in _visits(results):
        for key, label in (
            ("bytes", "until ready"),
            ("offline_bytes", "whole first visit (offline copy, kept snapshot)"),
        ):
            bare = (
                _median([r["cold"][key]["gz"] for r in results["bare"]]) if key == "bytes" else None
            )
            app = _median([r["cold"][key]["gz"] for r in results["app"]])
            cells = [f"{v / 1e6:.1f} MB" if v else "–" for v in (bare, app)]
            rows.append(f"| cold | download {label}, gzipped | {cells[0]} | {cells[1]} | | |")
        stored = _median([r["cold"].get("storage") for r in results["app"]])
        if stored:
            rows.append(f"| cold | storage used on the phone | – | {stored / 1e6:.1f} MB | | |")
    rows.append("")
    boots = sorted({_boot(r[v]["boot"]) for r in results["app"] for v in _visits(results)})
    rows.append(
        f"Medians of {runs} runs; each run uses a fresh Chromium profile. *Received before "
        "ready*: what the page had received when it was ready, as transferred (compressed, "
        "headers included; the service worker's answers count 0). Downloads: what the server "
        "sent on the first visit, as a host that gzips text and wasm would send it (the bare "
        f"page has no offline copy). Python started: {'; '.join(boots)}."
    )
    return "\n".join(rows)


def _boot(boot: dict | None) -> str:
    if not boot:
        return "?"
    return "from the snapshot" if boot.get("snapshot") else f"the normal way ({boot.get('why')})"


def raw(results: dict) -> str:
    out = []
    for kind in ("bare", "app"):
        for visit in _visits(results):
            for m in (*LABELS, "received"):
                vals = [r[visit][m] for r in results[kind]]
                if all(v is None for v in vals):
                    continue
                out.append(f"{kind:4} {visit} {m:8}: " + ", ".join(f"{v:.0f}" for v in vals))
            if kind == "app":
                boots = [_boot(r[visit]["boot"]) for r in results[kind]]
                out.append(f"{kind:4} {visit} boot    : " + ", ".join(boots))
        if "cold" not in _visits(results):
            continue
        for key in ("bytes", "offline_bytes"):
            vals = [r["cold"].get(key) for r in results[kind]]
            if kind == "bare" and key == "offline_bytes":
                continue
            out.append(
                f"{kind:4} cold {key}: "
                + ", ".join(f"{v['raw']:,} raw / {v['gz']:,} gz" for v in vals if v)
            )
        if kind == "app":
            vals = [r["cold"].get("storage") for r in results[kind]]
            out.append("app  cold storage: " + ", ".join(f"{v:,}" for v in vals if v))
    return "\n".join(out)


def write_docs(text: str, section: str = "bench") -> None:
    path = ROOT / "docs" / "benchmarks.md"
    begin, end = f"<!-- {section}:begin -->", f"<!-- {section}:end -->"
    doc = path.read_text(encoding="utf-8") if path.exists() else ""
    if begin not in doc:
        doc += f"\n{begin}\n{end}\n"
    head, rest = doc.split(begin, 1)
    tail = rest.split(end, 1)[1]
    path.write_text(f"{head}{begin}\n{text}\n{end}{tail}", encoding="utf-8")
    print(f"wrote {path}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument(
        "--slow",
        action="store_true",
        help="first visits on a slow phone (network and CPU emulated, gzip) instead",
    )
    ap.add_argument("--write-docs", action="store_true", help="update docs/benchmarks.md")
    ap.add_argument("--dist", type=Path, help="benchmark this built folder instead of dist/")
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright

    if args.dist:  # e.g. an experiment, or a build of another commit
        files = dist_files(args.dist)
        res = BuildResult(args.dist, "", files, sum((args.dist / f).stat().st_size for f in files))
    else:
        res = build(if_needed=True)
    bare = Path(tempfile.mkdtemp(prefix="picante-bare-")) / "bare.html"
    bare.write_text(BARE_HTML, encoding="utf-8")
    server = serve_in_thread(res.out, gzip=args.slow)
    server.extra[BARE_PATH] = str(bare)
    server.extra.update(BARE_RUNTIME)
    download = Download(res.out, server.extra)
    results: dict[str, list] = {"bare": [], "app": []}
    started = time.monotonic()
    try:
        with sync_playwright() as pw:
            at = card_center(pw, server.url)
            for i in range(args.runs):
                # Interleave the two kinds so that drift on the machine hits both alike.
                for kind in ("bare", "app"):
                    if args.slow:
                        r = slow_run(pw, kind, server, at)
                    else:
                        r = one_run(pw, kind, server, at, download)
                    results[kind].append(r)
                    print(
                        f"run {i + 1}/{args.runs} {kind:4}: "
                        + "  ".join(
                            f"{v} paint {r[v]['paint']:.0f} tap {r[v]['tap']:.0f} "
                            f"ready {r[v]['ready']:.0f} block {r[v]['block']:.0f} "
                            f"received {r[v]['received']:,} {_boot(r[v]['boot'])}"
                            for v in r
                        ),
                        flush=True,
                    )
    finally:
        server.stop()
    text = table(results, args.runs)
    print()
    print(text)
    print(f"\nmachine: {machine()}")
    print(
        f"dist: {len(res.files)} files, {res.total_bytes / 1e6:.1f} MB; bench took "
        f"{time.monotonic() - started:.0f} s"
    )
    if args.write_docs:
        conditions = (
            f"A slow phone: {SLOW_NETWORK['latency']} ms round trips, "
            f"{SLOW_NETWORK['downloadThroughput'] * 8 / 1e6:.1f} Mbit/s down, "
            f"{SLOW_NETWORK['uploadThroughput'] * 8 / 1e3:.0f} kbit/s up (Chromium's network "
            f"emulation), the CPU {SLOW_CPU}x slower (its CPU throttling), text and wasm served "
            "gzipped; first visits only.\n"
            if args.slow
            else ""
        )
        write_docs(
            f"Measured {time.strftime('%Y-%m-%d')} on: {machine()}.\n"
            f"dist/: {len(res.files)} files, {res.total_bytes / 1e6:.1f} MB.\n{conditions}\n"
            f"{text}\n\nRaw figures (ms, run by run):\n\n```\n{raw(results)}\n```",
            "bench-slow" if args.slow else "bench",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
