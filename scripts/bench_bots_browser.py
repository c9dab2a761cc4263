"""Any game's bots in the browser: how long a decision takes, and whether the page keeps drawing
frames meanwhile.

    .venv/bin/python scripts/bench_bots_browser.py --game nacho [--players 4]
        [--level heuristic] [--decisions 150] [--seed 1]

(scripts/test.sh sets up .venv; the bench builds dist/ if needed.) Headless Debian Chromium at
390 × 844, the real app: a game of ``--game`` with a bot at ``--level`` in every seat (default:
the setup's default level, Medium = heuristic; ``--players`` defaults to the game's largest
table), visible pauses shortened (``?pace=0.1``; thinking is not paced; a round's summary is
tapped away), until ``--decisions`` decisions or the game's end. Prints, from the app's own
record (``window.picante.stats``: wall-clock time from the first slice of a decision to its
answer, yields to the page included):

  decisions   count, median, 95th percentile and longest, in ms, per level and seat
  slices      how many times a decision gave the page a turn (0: it never needed to), and the
              longest stretch of thinking between two of them
  iterations  a search's iterations a decision (what a decision reaches in this browser)
  frames      requestAnimationFrame gaps while the game ran: the longest, the 95th percentile,
              and how many exceeded 50 and 100 ms (a frame every 16.7 ms is smooth; the longest
              gap includes the app's own re-renders after each move)
  thinking    the same gaps split: those that overlap a decision's span (from its first slice
              to its answer: "while a bot thinks", issue 14 § 2) and those between decisions
  long tasks  the longest main-thread task (Long Tasks API)
  app work    the app's own work between the bots' slices, by kind (``web/ui/meter.py``:
              applying a move, a screen's HTML, the page's patch, a save, and Python's garbage
              collections, ``gc N``, wherever they ran): how many pieces, how many longer than
              a frame, the longest
  gap         each frame gap over 50 ms, with the long tasks and the app's longest pieces of
              work that began in it

The machine is shared: figures measured under load are noisy, so the load average is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from tools.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.build import build  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

FRAMES_JS = """() => {
  window.__frames = [];
  window.__long = [];
  const tick = (t) => { window.__frames.push(t); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
    }).observe({type: 'longtask', buffered: false});
  } catch (e) {}
}"""


def pct(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def thinks(a: float, b: float, spans: list[tuple[float, float]]) -> bool:
    """Whether the frame gap from ``a`` to ``b`` (ms, the page's clock) overlaps a decision's
    span.

    >>> thinks(100.0, 160.0, [(150.0, 400.0)]), thinks(100.0, 160.0, [(10.0, 90.0)])
    (True, False)
    """
    return any(start < b and a < end for start, end in spans)


def game_arguments(ap: argparse.ArgumentParser) -> tuple[argparse.Namespace, object, int]:
    """The arguments every bots-in-the-browser script takes: the game, its table, the level."""
    ap.add_argument("--game", required=True, choices=engine.game_ids())
    ap.add_argument("--level", default="heuristic", choices=("random", "heuristic", "search"))
    ap.add_argument("--players", type=int, default=None, help="default: the largest table")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--timeout", type=float, default=300.0)
    args = ap.parse_args()
    game = engine.get_game(args.game)
    players = max(game.player_counts) if args.players is None else args.players
    if players not in game.player_counts:
        ap.error(f"{game.name} is for {list(game.player_counts)} players")
    return args, game, players


def phone(browser):
    """A touch phone's context, 390 × 844 at 2× (the browser tests' phone)."""
    return browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        has_touch=True,
        is_mobile=True,
    )


def open_setup(page, url: str, game, players: int, value: str, seed: str) -> None:
    """The app at ``url`` on ``game``'s set-up screen, ``value`` (``bot:LEVEL``) in every seat,
    ready for the Start tap (any saved game of it cleared first)."""
    page.goto(f"{url}?pace=0.1&seed={seed}")
    page.wait_for_function("() => window.picante && window.picante.ready === true")
    page.evaluate(f"localStorage.removeItem('picante.{game.id}.save')")
    page.locator(f'[data-game="{game.id}"]').tap()
    page.wait_for_selector('[data-testid="setup"]')
    if len(game.player_counts) > 1:
        label = f'[data-testid="players"] label:has(input[value="{players}"])'
        page.locator(label).tap()
        page.wait_for_function(f"document.querySelectorAll('.seat-row').length === {players}")
    for seat in range(players):
        page.select_option(f'select[data-field="seat-{seat}"]', value)


def play(page, decisions: int, timeout: float) -> None:
    """Let the bots play after the Start tap until ``decisions`` decisions, the game's end or
    ``timeout`` seconds; a round's summary is tapped away."""
    started = time.monotonic()
    count = "() => window.picante.stats.decisions.length"
    while page.evaluate(count) < decisions:
        if page.locator('[data-testid="game-over"]').count():
            break
        if page.locator('[data-testid="next-round"]').count():  # a round's summary
            page.get_by_test_id("next-round").tap()
        if time.monotonic() - started > timeout:
            print(f"timeout after {timeout:.0f} s")
            break
        time.sleep(0.5)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--decisions", type=int, default=150)
    args, game, players = game_arguments(ap)

    from playwright.sync_api import sync_playwright

    dist = build(if_needed=True)
    srv = serve_in_thread(dist.out)
    value = f"bot:{args.level}"
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
            )
            page = phone(browser).new_page()
            open_setup(page, srv.url, game, players, value, args.seed)
            page.evaluate(FRAMES_JS)
            page.locator('[data-testid="start"]').tap()
            play(page, args.decisions, args.timeout)
            decisions = page.evaluate("() => window.picante.stats.decisions")
            frames = page.evaluate("() => window.__frames")
            longs = page.evaluate("() => window.__long")
            app_work = page.evaluate("() => JSON.stringify(window.picante.stats.work || null)")
            browser.close()
    finally:
        srv.stop()

    print(f"{game.name}'s bots in the browser ({players} players, {args.level}, seed {args.seed})")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (noisy if high)")
    groups: dict[tuple[str, int], list[dict]] = {}
    for d in decisions:
        groups.setdefault((d["level"], d["seat"]), []).append(d)
    for (level, seat), ds in sorted(groups.items()):
        ms = [d["ms"] for d in ds]
        slices = [d["slices"] for d in ds]
        work = [d.get("longest_slice_ms", 0.0) for d in ds]
        print(
            f"  decisions  {level} seat {seat}: {len(ms)}, median {statistics.median(ms):.1f} ms,"
            f" p95 {pct(ms, 95):.1f} ms, longest {max(ms):.1f} ms;"
            f" slices median {statistics.median(slices):.0f}, most {max(slices)};"
            f" longest slice {max(work):.1f} ms"
        )
        iterations = [d["iterations"] for d in ds if d.get("iterations") is not None]
        if iterations:
            print(
                f"  iterations {level} seat {seat}: {len(iterations)} searched decisions,"
                f" median {statistics.median(iterations):.0f}, p5 {pct(iterations, 5):.0f},"
                f" most {max(iterations)}"
            )
    gaps = [b - a for a, b in zip(frames, frames[1:], strict=False)]
    if gaps:
        print(
            f"  frames     {len(frames)}: longest gap {max(gaps):.0f} ms, p95 {pct(gaps, 95):.0f}"
            f" ms, gaps over 50 ms: {sum(1 for g in gaps if g > 50)},"
            f" over 100 ms: {sum(1 for g in gaps if g > 100)}"
        )
    # Issue 14 § 2's target: the gaps while a bot thinks, i.e. that overlap a decision's span
    # (its first slice to its answer); the others are the app's own drawing between decisions.
    spans = [(d["at"], d["at"] + d["ms"]) for d in decisions if "at" in d]
    thinking = [thinks(a, b, spans) for a, b in zip(frames, frames[1:], strict=False)]
    if gaps and spans:
        during = [g for g, t in zip(gaps, thinking, strict=True) if t]
        between = [g for g, t in zip(gaps, thinking, strict=True) if not t]
        print(
            f"  thinking   {len(during)} frame gaps while a bot thought: longest"
            f" {max(during, default=0):.0f} ms, over 50 ms: {sum(1 for g in during if g > 50)};"
            f" between decisions: {len(between)}, over 50 ms: {sum(1 for g in between if g > 50)}"
        )
    print(f"  long tasks {len(longs)}, longest {max((d for _, d in longs), default=0):.0f} ms")
    work = json.loads(app_work)
    if work:
        for label, row in sorted(work["labels"].items(), key=lambda kv: -kv[1]["longest_ms"]):
            print(
                f"  app work   {label}: {row['count']}, over a frame {row['slow']},"
                f" longest {row['longest_ms']:.1f} ms"
            )
    # Each gap over 50 ms, beside the long tasks and the app's longest pieces of work in it.
    pieces = (work or {}).get("longest", [])
    for a, b in zip(frames, frames[1:], strict=False):
        if b - a <= 50:
            continue
        inside = [f"task {d:.0f} ms" for t, d in longs if a - 5 <= t <= b]
        inside += [f"{p['label']} {p['ms']:.0f} ms" for p in pieces if a - 5 <= p["at"] <= b]
        at = (a - frames[0]) / 1000
        when = "a bot thinking" if thinks(a, b, spans) else "between decisions"
        print(
            f"  gap        {b - a:.0f} ms at {at:.1f} s of the game ({when}):"
            f" {', '.join(inside) or '?'}"
        )


if __name__ == "__main__":
    main()
