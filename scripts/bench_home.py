"""Does listing the saved games slow the start? This tree's app against another commit's, side
by side in one run, in headless Chromium at 390 × 844.

    .venv/bin/python scripts/bench_home.py --against main [--runs 5] [--games 3]

Each build is served on its own port and visited in its own persistent profile: one untimed
first visit (the service worker installs), then ``--runs`` warm visits, alternating between the
builds. This tree's app is measured twice: with no saved game, and with ``--games`` games in
progress (one per game, a few actions each, written by the app itself). Figures, medians in ms
since navigation start:

  ready        window.picanteReady resolved (Python booted, home painted)
  list shown   the "Continue" list on screen (this tree, with saved games)
  longest task the longest main-thread task (Long Tasks API) from navigation to 3 s after
               ready: reading the rows, drawing the list, and the background check of each game
               in progress (its record replayed) all happen in that window

The other build is exported with ``git archive`` and built in a temporary folder (its own
snapshot); nothing in the work tree changes.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "e2e"))

from conftest import PHONE, open_app, settle_saves  # noqa: E402

from tools.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.build import build  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

LONG_TASKS_JS = """() => {
  window.__long = 0;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long = Math.max(window.__long, e.duration);
    }).observe({type: 'longtask', buffered: true});
  } catch (e) {}
}"""

MEASURE_JS = """async () => {
  await window.picanteReady;
  const ready = performance.now();
  let shown = null;
  await new Promise((ok) => {
    const look = () => {
      const list = document.getElementById('saved-games');
      if (shown === null && list && !list.hidden) shown = performance.now();
      if (performance.now() - ready > 3000) return ok();
      requestAnimationFrame(look);
    };
    look();
  });
  return {ready, shown, longest: window.__long};
}"""


def export(ref: str, folder: Path) -> Path:
    """``ref``'s sources, built into ``folder``/dist (its own snapshot, in its own cache)."""
    tree = folder / "tree"
    tree.mkdir()
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    (tree / "node_modules").symlink_to(ROOT / "node_modules")
    subprocess.run(
        [sys.executable, "-m", "tools.build", "--out", str(tree / "dist")], cwd=tree, check=True
    )
    return tree / "dist"


def seed_games(page, url: str, games: int) -> None:
    """``games`` games in progress, one per game in turn, started and played a little by the
    app itself (bots play on until seat 0's turn)."""
    for i, game in enumerate(["jalapeno", "nacho", "taco"] * games):
        if i >= games:
            break
        open_app(page, f"{url}?seed={i + 1}&pace=0.05#/{game}")
        page.get_by_test_id("start").tap()
        page.wait_for_function("() => /\\/saved\\//.test(window.picante.currentRoute || '')")
        settle_saves(page)
    open_app(page, url)


def visit(context, url: str) -> dict:
    page = context.new_page()
    page.add_init_script(LONG_TASKS_JS)
    page.goto(url)
    result = page.evaluate(MEASURE_JS)
    page.close()
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--against", default="main", help="the other build's git ref")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--games", type=int, default=3, help="games in progress for the list")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="bench-home-"))
    try:
        builds = {
            args.against: export(args.against, folder),
            "this tree": build(if_needed=True).out,
        }
        servers = {label: serve_in_thread(out) for label, out in builds.items()}
        cases = {
            f"{args.against}": (args.against, 0),
            "this tree, no saved game": ("this tree", 0),
            f"this tree, {args.games} in progress": ("this tree", args.games),
        }
        figures: dict[str, list[dict]] = {name: [] for name in cases}
        with sync_playwright() as pw:
            contexts = {}
            for name, (label, games) in cases.items():
                profile = folder / f"profile-{len(contexts)}"
                ctx = pw.chromium.launch_persistent_context(
                    str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, **PHONE
                )
                page = ctx.new_page()
                open_app(page, servers[label].url)  # the first visit: the worker installs
                if games:
                    seed_games(page, servers[label].url, games)
                page.close()
                contexts[name] = (ctx, servers[label].url)
            for _ in range(args.runs):
                for name, (ctx, url) in contexts.items():
                    figures[name].append(visit(ctx, url))
            for ctx, _ in contexts.values():
                ctx.close()
        for server in servers.values():
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    print(f"warm visits, median of {args.runs} (ms since navigation start)")
    print("| build | ready | list shown | longest task to 3 s after ready |")
    print("|---|---|---|---|")
    for name, rows in figures.items():
        ready = statistics.median(r["ready"] for r in rows)
        shown = [r["shown"] for r in rows if r["shown"] is not None]
        longest = statistics.median(r["longest"] for r in rows)
        shown_text = f"{statistics.median(shown):.0f}" if shown else "—"
        print(f"| {name} | {ready:.0f} | {shown_text} | {longest:.0f} |")


if __name__ == "__main__":
    main()
