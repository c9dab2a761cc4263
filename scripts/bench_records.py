"""Game records: how long a whole game's link is, and how long resuming the longest game takes,
in CPython and in Pyodide (Node), side by side in one run.

    .venv/bin/python scripts/bench_records.py              # links + CPython resume times
    .venv/bin/python scripts/bench_records.py --pyodide    # ... and Pyodide's
    .venv/bin/python scripts/bench_records.py --games 20 --runs 9
    .venv/bin/python scripts/bench_records.py --no-links --pyodide --browser  # ... Chromium too

*Link*: ``engine.packing.pack`` of whole seeded games (random legal play; Jalape-NO! and The
Nacho Incident last as long whatever is played, Crazy Taco's random games are short, so its
games are also played by the heuristic bot), with and without the players' names: median and
longest, in characters (the URL fragment; the site's address comes on top).

*Resume*: what the app does with a saved game: ``engine.resume.resume(text, checkpoint)`` —
parse the JSON, check every field, replay the actions keeping each state (undo reads them),
all of them ("whole") or those after the checkpoint saved with the record — for the
longest game of each kind found among the seeded games: Jalape-NO! 9 players, 10 rounds (the
longest the options allow) and 5 rounds (the default), The Nacho Incident 4 players with each
option, Crazy Taco solo and 1 vs 1. Median and best of ``--runs`` runs, in ms. ``--browser``
also resumes them in the app's Pyodide in Chromium, and opens each one in the app (the saved
game's route, to its table on screen: the database read, the resume, the first render). The
machine is shared: only figures of one run compare.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RUNNER = ROOT / "tests" / "pyodide" / "run_python.mjs"

import engine  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.packing import pack  # noqa: E402
from engine.record import Record, Seat, states  # noqa: E402
from engine.resume import checkpoint  # noqa: E402
from engine.rng import Rng  # noqa: E402

RESUME_CASES = [
    ("jalapeno", 9, {"rounds": 10}, "random"),
    ("jalapeno", 9, {"rounds": 5}, "random"),
    ("jalapeno", 4, {"rounds": 5}, "random"),
    ("nacho", 4, {}, "random"),
    ("nacho", 4, {"rechoose": True, "random_mounties": True}, "random"),
    ("taco", 1, {}, "heuristic"),
    ("taco", 2, {}, "heuristic"),
]

# Runs in the measured interpreter: resumes each record text RUNS times, prints JSON lines.
PROBE = r"""
import json, time
from engine.resume import resume
CASES = json.loads(__TEXTS__)
for label, text, saved in CASES:
    for how, checkpoint in (("whole", None), ("checkpoint", saved)):
        times = []
        for _ in range(__RUNS__):
            t0 = time.perf_counter()
            opened = resume(text, None if checkpoint is None else json.loads(checkpoint))
            times.append(time.perf_counter() - t0)
            assert opened.error is None
        print(json.dumps({"case": label, "how": how, "ms": [t * 1000 for t in times]}))
"""


def play(game_id: str, players: int, seed: int, options: dict, level: str) -> Record:
    """One whole game: random legal actions, or every seat played by the bot ``level``."""
    seats = [Seat(f"Player {i + 1}", "heuristic") for i in range(players)]
    record = Record.new(game_id, seats, seed, options)
    state = record.start()
    chooser = Rng(seed)
    bots = (
        {s: make_bot(game_id, level, s, seed) for s in range(players)} if level != "random" else {}
    )
    moves = []
    while not state.is_over():
        acting = state.current_players()
        seat = acting[chooser.below(len(acting))]
        legal = state.legal_actions(seat)
        if seat in bots:
            action = bots[seat].choose(state.view(seat), legal, budget_ms=5)
        else:
            action = chooser.choice(legal)
        state = state.apply(seat, action)
        moves.append((seat, action))
    for seat, action in moves:
        record = record.with_move(seat, action)
    return record


def links(games: int) -> None:
    print("| game | players | actions (median) | link, no names: median / longest | with names |")
    print("|---|---|---|---|---|")
    for game_id in ("jalapeno", "nacho", "taco"):
        game = engine.get_game(game_id)
        for players in game.player_counts:
            levels = ["random", "heuristic"] if game_id == "taco" else ["random"]
            for level in levels:
                records = [play(game_id, players, s, {}, level) for s in range(1, games + 1)]
                bare = [len(pack(r)) for r in records]
                named = [len(pack(r, names=True)) for r in records]
                size = statistics.median(len(r) for r in records)
                who = f"{players} ({level} play)" if len(levels) > 1 else str(players)
                print(
                    f"| {game.name} | {who} | {size:.0f} | {statistics.median(bare):.0f} /"
                    f" {max(bare)} | {statistics.median(named):.0f} / {max(named)} |"
                )


def resume(games: int, runs: int, pyodide: bool, in_browser: bool = False) -> None:
    texts = []
    for game_id, players, options, level in RESUME_CASES:
        longest = max(
            (play(game_id, players, s, options, level) for s in range(1, games + 1)), key=len
        )
        opts = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
        label = f"{engine.get_game(game_id).name} {players}p ({opts}), {len(longest)} actions"
        saved = checkpoint(longest, list(states(longest)))
        texts.append((label, longest.to_text(), saved and json.dumps(saved)))
    with tempfile.TemporaryDirectory() as folder:
        probe = Path(folder) / "bench_records_probe.py"
        body = PROBE.replace("__TEXTS__", repr(json.dumps(texts))).replace("__RUNS__", str(runs))
        probe.write_text(body)
        results = {"CPython": run([sys.executable, str(probe)])}
        if pyodide:
            results["Pyodide"] = run(["node", str(RUNNER), str(ROOT), str(probe)])
    if in_browser:
        results["Chromium"] = browser(texts, runs)
    print(f"\nresume (engine.resume): parse, check, replay keeping each state; {runs} runs, ms")
    print("whole: every action replays; checkpoint: from the state saved with the record")
    if in_browser:
        print("Chromium app: opening the saved game in the app, tap to table on screen")
    columns = [
        (rt, how)
        for rt, figures in results.items()
        for how in HOW_ALL
        if any(key[1] == how for key in figures)
    ]
    head = " | ".join(f"{rt} {how} median (best)" for rt, how in columns)
    print(f"| longest seeded game | {head} |")
    print("|---|" + "---|" * len(columns))
    for label, _, _ in texts:
        cells = []
        for rt, how in columns:
            ms = results[rt][(label, how)]
            cells.append(f"{statistics.median(ms):.0f} ({min(ms):.0f})")
        print(f"| {label} | " + " | ".join(cells) + " |")


HOW = ("whole", "checkpoint")
HOW_ALL = (*HOW, "app whole", "app checkpoint")


# In the app's page: the same resumes, in the browser's Pyodide (Chromium).
PAGE_PROBE = r"""
import json, time
from engine.resume import resume
_out = []
for label, text, saved in json.loads(TEXTS):
    for how, checkpoint in (("whole", None), ("checkpoint", saved)):
        times = []
        for _ in range(RUNS):
            t0 = time.perf_counter()
            opened = resume(text, None if checkpoint is None else json.loads(checkpoint))
            times.append((time.perf_counter() - t0) * 1000)
            assert opened.error is None
        _out.append({"case": label, "how": how, "ms": times})
json.dumps(_out)
"""

# Opening a saved game in the app, from the tap (the route) to its screen (the table, or the
# end of a finished game): the database read, the resume and the first render.
OPEN_JS = """async ([id, game, row, record, checkpoint]) => {
  await new Promise((ok, fail) => {
    const req = indexedDB.open('picante');
    req.onsuccess = () => {
      const tx = req.result.transaction(['games', 'records'], 'readwrite');
      tx.objectStore('games').put(Object.assign(JSON.parse(row), {id}));
      tx.objectStore('records').put({id, record, checkpoint});
      tx.oncomplete = () => { req.result.close(); ok(); };
      tx.onerror = () => fail(tx.error);
    };
    req.onerror = () => fail(req.error);
  });
  const t0 = performance.now();
  location.hash = '#/' + game + '/saved/' + id;
  const sel = '[data-testid="' + game + '-table"], [data-testid="game-over"]';  // (a whole game)
  await new Promise((ok) => {
    const look = () => (document.querySelector(sel) ? ok() : requestAnimationFrame(look));
    look();
  });
  const ms = performance.now() - t0;
  history.back();
  await new Promise((ok) => {
    const look = () => (document.querySelector(sel) ? requestAnimationFrame(look) : ok());
    look();
  });
  return ms;
}"""


def browser(texts: list[tuple[str, str, str | None]], runs: int) -> dict:
    """The resumes in Chromium's Pyodide, and opening each game in the app (median of runs)."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "e2e"))
    from conftest import PHONE, open_app  # the tests' phone and boot

    from tools.browser import CHROMIUM, CHROMIUM_ARGS
    from tools.build import build
    from tools.serve import serve_in_thread

    server = serve_in_thread(build(if_needed=True).out)
    try:
        with sync_playwright() as pw:
            chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = chromium.new_context(**PHONE).new_page()
            open_app(page, server.url)
            code = PAGE_PROBE.replace("TEXTS", repr(json.dumps(texts))).replace("RUNS", str(runs))
            rows = json.loads(
                page.evaluate("(c) => String(window.picante.pyodide.runPython(c))", code)
            )
            figures = {(r["case"], r["how"]): r["ms"] for r in rows}
            page.evaluate("() => window.picante.setPace(0)")
            page.evaluate("() => window.picante.holdBots(true)")
            for label, text, saved in texts:
                game = json.loads(text)["game"]
                record = json.loads(text)
                row = {
                    "game": game,
                    "status": "playing",
                    "created": 0,
                    "updated": 0,
                    "progress": "",
                    "names": [s["name"] for s in record["seats"]],
                    "humans": [0],
                    "actions": len(record["actions"]),
                    "meta": {},
                    "result": None,
                }
                # Once untimed: the game's modules imported (the app imports them ahead while
                # home waits for a tap), as when a player opens a game.
                page.evaluate(OPEN_JS, ["warm", game, json.dumps(row), text, saved])
                for how, checkpoint in (("whole", None), ("checkpoint", saved)):
                    times = []
                    for i in range(runs):
                        key = f"bench{len(times)}{how[0]}{i}"
                        args = [key, game, json.dumps(row), text, checkpoint]
                        times.append(page.evaluate(OPEN_JS, args))
                    figures[(label, f"app {how}")] = times
            chromium.close()
    finally:
        server.stop()
    return figures


def run(cmd: list[str]) -> dict[tuple[str, str], list[float]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    if out.returncode != 0:
        raise SystemExit(f"{' '.join(cmd[:2])} failed:\n{out.stderr[-3000:]}")
    rows = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    return {(row["case"], row["how"]): row["ms"] for row in rows}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=10, help="seeded games per case")
    ap.add_argument("--runs", type=int, default=7, help="resumes per case and interpreter")
    ap.add_argument("--pyodide", action="store_true", help="also resume on Pyodide (Node)")
    ap.add_argument("--browser", action="store_true", help="also in Chromium, in the app")
    ap.add_argument("--no-links", action="store_true")
    args = ap.parse_args()
    if not args.no_links:
        links(args.games)
    resume(args.games, args.runs, args.pyodide, args.browser)


if __name__ == "__main__":
    main()
