"""Warm visits of two versions of the page side by side: A/B of a start-up change.

    .venv/bin/python scripts/bench_warm_ab.py --a /path/to/old/web [--b web] [--runs 15]
    .venv/bin/python scripts/bench_warm_ab.py --a OLD/dist --b dist [--runs 31]

Builds each web/ folder (``tools.build``, into build/ab-a and build/ab-b; a built dist is served
as it is, for a change outside web/ such as the service worker), serves both, gives each a
persistent Chromium profile (V8 keeps its wasm code cache only there) with one first visit that
keeps the snapshot and installs the service worker, then alternates warm visits (A B, B A, ...)
and prints, per version, the median of the page's *ready* (ms since navigation), of the
snapshot's bytes in hand after ``loadPyodide`` starts, and of ``loadPyodide`` to a running
Python, then every run's ready, then the median of every start-up mark (``picante.timing``)
for both. An old version is a worktree: ``git worktree add --detach /tmp/old HEAD~1``. Only
the difference measured in one run means anything (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "e2e")]

from playwright.sync_api import sync_playwright  # noqa: E402

from tools.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.build import build  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

READY_JS = "() => window.picanteReady"
IDLE_MS = 1500
# picante.timing, with the first paint and when the runtime's files were in (Resource Timing)
TIMING_JS = """() => {
  const t = {...window.picante.timing};
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  if (fcp) t.firstPaint = fcp.startTime;
  for (const e of performance.getEntriesByType("resource")) {
    const m = e.name.match(/pyodide\\/(pyodide\\.asm\\.[a-z]+|python_stdlib\\.zip)$/);
    if (m) t[m[1] + " in"] = e.responseEnd;
  }
  return t;
}"""


def site(name: str, path: Path) -> Path:
    """A built site as it is (a change outside web/, such as the service worker: build each
    version's dist, e.g. ``python -m tools.build --out DIR`` in its worktree), or web/ built."""
    if (path / "service-worker.js").is_file() and (path / "index.html").is_file():
        return path.resolve()
    return build(ROOT / "build" / f"ab-{name}", web=path.resolve()).out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--a", type=Path, required=True, help="version A: a web/ folder or a dist")
    ap.add_argument("--b", type=Path, default=ROOT / "web", help="version B's (default: web/)")
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    versions = (("a", args.a), ("b", args.b))
    servers = {name: serve_in_thread(site(name, path)) for name, path in versions}
    got: dict[str, list[dict[str, float]]] = {"a": [], "b": []}
    with sync_playwright() as pw:
        contexts = {}
        for name, srv in servers.items():
            ctx = pw.chromium.launch_persistent_context(
                tempfile.mkdtemp(prefix=f"ab-{name}-"),
                executable_path=CHROMIUM,
                args=CHROMIUM_ARGS,
                headless=True,
                viewport={"width": 390, "height": 844},
            )
            page = ctx.new_page()
            page.goto(srv.url)
            page.evaluate(READY_JS)
            page.evaluate("() => window.picante.snapshotStored")
            # warm visits as bench_startup.py's: served by the service worker
            page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
            page.wait_for_function("() => navigator.serviceWorker.controller !== null")
            page.wait_for_timeout(4000)  # V8 writes its code cache after ~2 s idle
            page.close()
            contexts[name] = ctx
        for run in range(args.runs):
            for name in "ab" if run % 2 == 0 else "ba":
                page = contexts[name].new_page()
                page.goto(servers[name].url)
                page.evaluate(READY_JS)
                got[name].append(page.evaluate(TIMING_JS))
                # what a ready page does next (the games' bytecode) ends before the next visit:
                # back-to-back visits of one profile were both slower, whichever version
                page.wait_for_timeout(IDLE_MS)
                page.close()
        for ctx in contexts.values():
            ctx.close()
    for srv in servers.values():
        srv.stop()
    for name, runs in got.items():

        def median(key: str, since: str = "", runs: list = runs) -> int:
            return round(statistics.median(t.get(key, 0) - t.get(since, 0) for t in runs))

        print(
            f"{name.upper()} ready {median('ready')} ms; snapshot in hand "
            f"{median('snapshotRead', 'loadPyodide')} ms after loadPyodide; loadPyodide to "
            f"Python {median('python', 'loadPyodide')} ms; runs:",
            [round(t["ready"]) for t in runs],
        )
    # Every mark of the start-up (picante.timing, ms since navigation), in the order B reached
    # them: where a difference appears, and where it is lost again.
    marks = sorted(
        {k for t in got["b"] for k, v in t.items() if isinstance(v, (int, float)) and v > 50},
        key=lambda k: statistics.median(t.get(k, 0) for t in got["b"]),
    )
    print(f"{'mark (median ms)':<18}{'A':>8}{'B':>8}{'B - A':>8}")
    for key in marks:
        a, b = (statistics.median(t.get(key, 0) for t in got[n]) for n in "ab")
        print(f"{key:<18}{a:>8.0f}{b:>8.0f}{b - a:>+8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
