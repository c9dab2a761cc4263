"""Game records: how long a whole game's link is, and how long resuming the longest game takes,
in CPython and in Pyodide (Node), side by side in one run.

    .venv/bin/python scripts/bench_records.py              # links + CPython resume times
    .venv/bin/python scripts/bench_records.py --pyodide    # ... and Pyodide's
    .venv/bin/python scripts/bench_records.py --games 20 --runs 9

*Link*: ``engine.packing.pack`` of whole seeded games (random legal play; Jalape-NO! and The
Nacho Incident last as long whatever is played, Crazy Taco's random games are short, so its
games are also played by the heuristic bot), with and without the players' names: median and
longest, in characters (the URL fragment; the site's address comes on top).

*Resume*: what the app does with a saved game: ``engine.resume.resume(text, checkpoint)`` —
parse the JSON, check every field, replay the actions keeping each state (undo reads them),
all of them ("whole") or those after the checkpoint saved with the record — for the
longest game of each kind found among the seeded games: Jalape-NO! 9 players, 10 rounds (the
longest the options allow) and 5 rounds (the default), The Nacho Incident 4 players with each
option, Crazy Taco solo and 1 vs 1. Median and best of ``--runs`` runs, in ms. The machine is
shared: only figures of one run compare.
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


def resume(games: int, runs: int, pyodide: bool) -> None:
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
    print(f"\nresume (engine.resume): parse, check, replay keeping each state; {runs} runs, ms")
    print("whole: every action replays; checkpoint: from the state saved with the record")
    head = " | ".join(f"{rt} {how} median (best)" for rt in results for how in HOW)
    print(f"| longest seeded game | {head} |")
    print("|---|" + "---|" * len(results) * len(HOW))
    for label, _, _ in texts:
        cells = []
        for figures in results.values():
            for how in HOW:
                ms = figures[(label, how)]
                cells.append(f"{statistics.median(ms):.0f} ({min(ms):.0f})")
        print(f"| {label} | " + " | ".join(cells) + " |")


HOW = ("whole", "checkpoint")


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
    ap.add_argument("--no-links", action="store_true")
    args = ap.parse_args()
    if not args.no_links:
        links(args.games)
    resume(args.games, args.runs, args.pyodide)


if __name__ == "__main__":
    main()
