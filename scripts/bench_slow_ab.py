"""Slow-phone first visits of two builds and the bare page, side by side: A/B of a change.

    .venv/bin/python scripts/bench_slow_ab.py --a /path/to/old/dist [--b dist] [--rounds 3]

The slow phone of ``bench_startup.py --slow`` (Chromium's network and CPU emulation, the server
gzipping as a static host does): each round visits the bare ``loadPyodide()`` page, build A and
build B once each, in a fresh profile, the order rotating from round to round so that drift on
the machine hits all three alike. Prints every visit (ready, Python up, bytes received before
ready), then the medians and each build's ready as a ratio to the bare page's, per round. A
build of an older commit: ``git worktree add --detach /tmp/old HEAD~1`` and ``python -m
tools.build`` there. Only figures of one run mean anything (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

import bench_startup as bench  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tools.serve import serve_in_thread  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--a", type=Path, required=True, help="build A's dist/")
    ap.add_argument("--b", type=Path, default=ROOT / "dist", help="build B's (default: dist/)")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()

    bare = Path(tempfile.mkdtemp(prefix="picante-bare-")) / "bare.html"
    bare.write_text(bench.BARE_HTML, encoding="utf-8")
    builds = {"A": args.a, "B": args.b}
    servers = {name: serve_in_thread(path, gzip=True) for name, path in builds.items()}
    servers["A"].extra[bench.BARE_PATH] = str(bare)  # the bare page rides on A's server
    servers["A"].extra.update(bench.BARE_RUNTIME)
    results: dict[str, list[dict]] = {"bare": [], "A": [], "B": []}
    kinds = list(results)
    try:
        with sync_playwright() as pw:
            at = bench.card_center(pw, servers["A"].url)
            for i in range(args.rounds):
                for kind in kinds[i % 3 :] + kinds[: i % 3]:
                    server = servers["A" if kind == "bare" else kind]
                    visit = "bare" if kind == "bare" else "app"
                    r = bench.slow_run(pw, visit, server, at)["slow"]
                    results[kind].append(r)
                    print(
                        f"round {i + 1} {kind:4} ready {r['ready']:8,.0f} python "
                        f"{r['python']:8,.0f} received {r['received']:,}",
                        flush=True,
                    )
    finally:
        for server in servers.values():
            server.stop()
    bare_ready = [r["ready"] for r in results["bare"]]
    print()
    for kind, runs in results.items():
        ready = statistics.median(r["ready"] for r in runs)
        received = statistics.median(r["received"] for r in runs)
        line = f"{kind:4}: ready {ready:,.0f} ms, received before ready {received / 1e6:.2f} MB"
        if kind != "bare":
            ratios = [r["ready"] / b for r, b in zip(runs, bare_ready, strict=True)]
            line += (
                f"; / bare {ready / statistics.median(bare_ready):.3f}"
                f" (per round {', '.join(f'{x:.3f}' for x in ratios)})"
            )
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
