"""Startup benchmark: our app vs a bare page that only calls loadPyodide() from the same files.

    .venv/bin/python scripts/bench_startup.py [--runs 5] [--write-docs]

(scripts/test.sh sets up .venv; the bench builds dist/ if needed.) Headless Debian Chromium, a
fresh profile for every run. In each run the page is visited twice: cold (first visit, empty
profile) and warm (second visit: the app from its service worker, the bare page from the HTTP
cache). Reported figures are medians over the runs, in milliseconds since navigation start:

  first paint   first-contentful-paint of the page (our shell / the bare page's heading)
  tap accepted  the first tap on a game card handled by the shell (Playwright taps from the moment
                the navigation commits); the bare page has nothing to tap before Python is up, so
                its figure is its boot time
  Pyodide up    app: our loadPyodide() resolved (before PyScript and main.py run); bare: same
  ready         app: window.picanteReady resolved (Python booted, PyScript ran main.py, its
                first render painted); bare: loadPyodide() resolved
  longest main-thread task   the longest task (Long Tasks API): Python's start-up

Targets (issue 2): tap accepted < 10 % of the bare boot; ready <= 1.1 x bare boot, cold and warm.
--write-docs replaces the measured section of docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
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
from tools.serve import serve_in_thread  # noqa: E402

BARE_PATH = "/__bench/bare.html"
BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>bare</title></head>
<body><h1>Bare Pyodide</h1>
<script type="module">
import { loadPyodide } from "../pyodide/pyodide.mjs";
window.bareReady = loadPyodide({ indexURL: "../pyodide/" }).then(() => {
  window.bareTime = performance.now();
  return true;
});
</script></body></html>
"""
LONG_TASKS_INIT = """window.__longTasks = [];
new PerformanceObserver((list) => list.getEntries().forEach((e) => __longTasks.push(e.duration)))
  .observe({type: 'longtask', buffered: true});"""
LONGEST_TASK_JS = "() => Math.max(0, ...window.__longTasks)"


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


def visit_app(page, url: str, at: tuple[float, float]) -> dict:
    page.goto(url, wait_until="commit")
    tap_until_accepted(page, at)
    page.wait_for_function("() => window.picante.ready === true", timeout=120_000)
    page.evaluate("() => window.picanteReady")
    t = page.evaluate("() => window.picante.timing")
    return {
        "paint": page.evaluate(FCP_JS),
        "tap": t["firstTap"],
        "python": t["python"],
        "ready": t["ready"],
        "block": page.evaluate(LONGEST_TASK_JS),
    }


def visit_bare(page, url: str, at=None) -> dict:
    page.goto(url + BARE_PATH.lstrip("/"), wait_until="commit")
    page.wait_for_function("() => window.bareTime !== undefined", timeout=120_000)
    ready = page.evaluate("() => window.bareTime")
    return {
        "paint": page.evaluate(FCP_JS),
        "tap": ready,
        "python": ready,
        "ready": ready,
        "block": page.evaluate(LONGEST_TASK_JS),
    }


def one_run(pw, kind: str, url: str, at: tuple[float, float]) -> dict[str, dict]:
    with tempfile.TemporaryDirectory(prefix="picante-bench-") as profile:
        ctx = launch(pw, profile)
        ctx.add_init_script(LONG_TASKS_INIT)
        try:
            page = ctx.new_page()
            visit = visit_app if kind == "app" else visit_bare
            cold = visit(page, url, at)
            if kind == "app":  # the warm visit is served by the service worker
                page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
                page.wait_for_function(
                    "() => navigator.serviceWorker.controller !== null", timeout=60_000
                )
            page.wait_for_timeout(1500)  # same settle time for both (code caches are written)
            warm = visit(page, url, at)
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
    return (
        f"{os.cpu_count()} CPU cores ({cpu}), {mem:.0f} GiB RAM, {platform.system()} "
        f"{platform.release()}, {chromium} headless, Python {platform.python_version()}"
    )


def table(results: dict, runs: int) -> str:
    rows = [
        "| visit | metric | bare Pyodide (ms) | Picante (ms) | Picante / bare |",
        "| --- | --- | ---: | ---: | ---: |",
    ]
    labels = {
        "paint": "first paint",
        "tap": "tap accepted",
        "python": "Pyodide up",
        "ready": "ready",
        "block": "longest main-thread task",
    }
    for visit in ("cold", "warm"):
        med = {
            kind: {m: statistics.median(r[visit][m] for r in results[kind]) for m in labels}
            for kind in ("bare", "app")
        }
        for m, label in labels.items():
            bare, app = med["bare"][m], med["app"][m]
            # "tap accepted" is compared with the bare boot: before it, a bare page can do nothing.
            ratio = app / med["bare"]["ready"] if m == "tap" else app / bare
            note = " (÷ bare boot)" if m == "tap" else ""
            rows.append(f"| {visit} | {label} | {bare:,.0f} | {app:,.0f} | {ratio:.2f}{note} |")
    rows.append("")
    rows.append(f"Medians of {runs} runs; each run uses a fresh Chromium profile.")
    return "\n".join(rows)


def raw(results: dict) -> str:
    out = []
    for kind in ("bare", "app"):
        for visit in ("cold", "warm"):
            for m in ("paint", "tap", "python", "ready", "block"):
                vals = ", ".join(f"{r[visit][m]:.0f}" for r in results[kind])
                out.append(f"{kind:4} {visit} {m:5}: {vals}")
    return "\n".join(out)


def write_docs(text: str) -> None:
    path = ROOT / "docs" / "benchmarks.md"
    begin, end = "<!-- bench:begin -->", "<!-- bench:end -->"
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
    ap.add_argument("--write-docs", action="store_true", help="update docs/benchmarks.md")
    ap.add_argument("--dist", type=Path, help="benchmark this built folder instead of dist/")
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright

    res = build(if_needed=True)
    if args.dist:  # e.g. an experiment: same runtime files, a different app
        files = dist_files(args.dist)
        res = BuildResult(args.dist, "", files, sum((args.dist / f).stat().st_size for f in files))
    bare = Path(tempfile.mkdtemp(prefix="picante-bare-")) / "bare.html"
    bare.write_text(BARE_HTML, encoding="utf-8")
    server = serve_in_thread(res.out)
    server.extra[BARE_PATH] = str(bare)
    results: dict[str, list] = {"bare": [], "app": []}
    started = time.monotonic()
    try:
        with sync_playwright() as pw:
            at = card_center(pw, server.url)
            for i in range(args.runs):
                # Interleave the two kinds so that drift on the machine hits both alike.
                for kind in ("bare", "app"):
                    r = one_run(pw, kind, server.url, at)
                    results[kind].append(r)
                    print(
                        f"run {i + 1}/{args.runs} {kind:4}: "
                        + "  ".join(
                            f"{v} paint {r[v]['paint']:.0f} tap {r[v]['tap']:.0f} "
                            f"ready {r[v]['ready']:.0f} block {r[v]['block']:.0f}"
                            for v in ("cold", "warm")
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
        write_docs(
            f"Measured {time.strftime('%Y-%m-%d')} on: {machine()}.\n"
            f"dist/: {len(res.files)} files, {res.total_bytes / 1e6:.1f} MB.\n\n{text}\n\n"
            f"Raw figures (ms, run by run):\n\n```\n{raw(results)}\n```"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
