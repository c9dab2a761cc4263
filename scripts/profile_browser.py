"""What the page's main thread does in its long tasks while the bots play: a Chrome trace of a
game's first decisions, the long tasks in it, and what each spent its time on.

    .venv/bin/python scripts/profile_browser.py --game nacho [--players 4] [--level heuristic]
        [--starts 3] [--decisions 20] [--over 50] [--seed 1] [--keep build/trace]

(scripts/test.sh sets up .venv; the script builds dist/ if needed.) The same game as
``scripts/bench_bots_browser.py`` (headless Debian Chromium, a phone's 390 × 844, a bot at
``--level`` in every seat, ``?pace=0.1``), started ``--starts`` times from a fresh load of the
page, each traced from just before the Start tap until ``--decisions`` decisions. For every
main-thread task longer than ``--over`` ms it prints when it ran (seconds after the Start tap),
how long, what ran it (a timer, an animation frame, a tap, a message) and where its time went:
each trace event's own time (its duration less its children's), summed by kind — script
(``FunctionCall``, ``v8.callFunction``: Python in wasm is script here), style
(``UpdateLayoutTree``), ``Layout``, ``Paint``, garbage collection (``MajorGC``, ``MinorGC``,
``V8.GC…``), and whatever else the trace names. A task the app's meter cannot explain (the
bench's ``gap`` lines with a ``task`` and no metered piece) shows up here with its cause.

The traces can be kept (``--keep DIR``) and opened in Chromium's DevTools (Performance, Load
profile) or https://ui.perfetto.dev for the whole picture.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench_bots_browser import game_arguments, open_setup, phone, play  # noqa: E402

from tools.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.build import build  # noqa: E402
from tools.serve import serve_in_thread  # noqa: E402

CATEGORIES = [
    "toplevel",
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "blink.user_timing",
    "v8",
    "disabled-by-default-v8.gc",
    "blink_gc",
]
# The events that wrap a main-thread task (one of them per task, depending on the version).
TASKS = {"ThreadControllerImpl::RunTask", "RunTask"}
MARK = "picante-start-tap"


def main_thread(events: list[dict]) -> tuple[int, int]:
    """The (pid, tid) of the renderer's main thread with the most events: the app's page."""
    mains = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M"
        and e.get("name") == "thread_name"
        and e.get("args", {}).get("name") == "CrRendererMain"
    }
    counts = collections.Counter((e.get("pid"), e.get("tid")) for e in events)
    return max(mains, key=lambda k: counts[k])


def complete_events(events: list[dict], where: tuple[int, int]) -> list[dict]:
    """The thread's events as complete events (``ts``, ``dur`` in µs), B/E pairs joined."""
    out, open_ = [], collections.defaultdict(list)
    for e in events:
        if (e.get("pid"), e.get("tid")) != where:
            continue
        ph = e.get("ph")
        if ph == "X" and "dur" in e:
            out.append(e)
        elif ph == "B":
            open_[e["name"]].append(e)
        elif ph == "E" and open_[e.get("name", "")]:
            b = open_[e["name"]].pop()
            out.append({**b, "ph": "X", "dur": e["ts"] - b["ts"]})
    out.sort(key=lambda e: (e["ts"], -e["dur"]))
    return out


def kind(e: dict) -> str:
    """An event's name, with what it ran where the trace says (a tap's type, a script's
    function)."""
    data = e.get("args", {}).get("data", {}) or {}
    if e["name"] == "EventDispatch":
        return f"EventDispatch {data.get('type', '')}".strip()
    if e["name"] == "FunctionCall":
        where = data.get("functionName") or Path(str(data.get("url", ""))).name
        return f"FunctionCall {where}".strip()
    return e["name"]


def own_times(inside: list[dict]) -> collections.Counter:
    """Each event's own time (its duration less its children's), in ms, summed by kind."""
    own: collections.Counter = collections.Counter()
    stack: list[dict] = []
    for e in inside:
        while stack and e["ts"] >= stack[-1]["ts"] + stack[-1]["dur"]:
            stack.pop()
        if stack:
            own[kind(stack[-1])] -= e["dur"] / 1000
        own[kind(e)] += e["dur"] / 1000
        stack.append(e)
    return own


def long_tasks(trace: dict, over_ms: float) -> tuple[float, list[tuple[float, float, str, list]]]:
    """The Start tap's time and, for each main-thread task over ``over_ms``: its start (s after
    the tap), its length (ms), what ran it and its own times by kind, longest first."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    where = main_thread(events)
    thread = complete_events(events, where)
    marks = [
        e["ts"]
        for e in events
        if e.get("name") == "TimeStamp"
        and (e.get("args", {}).get("data", {}) or {}).get("message") == MARK
    ]
    origin = marks[0] if marks else thread[0]["ts"]
    out = []
    tasks, end = [], 0
    for e in thread:  # the outermost task events (one may wrap another of the other name)
        if e["name"] in TASKS and e["ts"] >= end:
            end = e["ts"] + e["dur"]
            tasks.append(e)
    for task in (t for t in tasks if t["dur"] > over_ms * 1000):
        end = task["ts"] + task["dur"]
        inside = [e for e in thread if task["ts"] <= e["ts"] < end and e is not task]
        inside = [e for e in inside if e["name"] not in TASKS]
        first = next((kind(e) for e in inside), "?")
        own = own_times(inside)
        top = [(k, ms) for k, ms in own.most_common() if ms >= 0.5]
        out.append(((task["ts"] - origin) / 1e6, task["dur"] / 1000, first, top))
    return origin, out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--starts", type=int, default=3)
    ap.add_argument("--decisions", type=int, default=20)
    ap.add_argument("--over", type=float, default=50.0, help="ms: the tasks to explain")
    ap.add_argument("--keep", default=None, help="a folder to keep each trace in")
    args, game, players = game_arguments(ap)

    from playwright.sync_api import sync_playwright

    dist = build(if_needed=True)
    srv = serve_in_thread(dist.out)
    traces = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
            )
            for _ in range(args.starts):
                page = phone(browser).new_page()
                open_setup(page, srv.url, game, players, f"bot:{args.level}", args.seed)
                browser.start_tracing(page=page, categories=CATEGORIES)
                page.evaluate(f"console.timeStamp('{MARK}')")
                page.locator('[data-testid="start"]').tap()
                play(page, args.decisions, args.timeout)
                traces.append(json.loads(browser.stop_tracing()))
                page.context.close()
            browser.close()
    finally:
        srv.stop()

    print(
        f"{game.name}, {players} players, {args.level}, seed {args.seed}: main-thread tasks over"
        f" {args.over:.0f} ms in the first {args.decisions} decisions of {args.starts} starts"
    )
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (noisy if high)")
    for n, trace in enumerate(traces, 1):
        if args.keep:
            Path(args.keep).mkdir(parents=True, exist_ok=True)
            Path(args.keep, f"{game.id}-{n}.json").write_text(json.dumps(trace))
        _, tasks = long_tasks(trace, args.over)
        print(f"start {n}: {len(tasks)} tasks")
        for at, ms, first, top in tasks:
            spent = ", ".join(f"{k} {v:.0f}" for k, v in top[:6])
            print(f"  {ms:5.0f} ms at {at:5.2f} s  ({first})  {spent}")


if __name__ == "__main__":
    main()
