"""How fast the engines play: microseconds per step (``legal_actions`` + ``apply``) of random
legal play, for every game, in CPython and in Pyodide, side by side with another commit.

    .venv/bin/python scripts/bench_engine.py                      # this tree, CPython
    .venv/bin/python scripts/bench_engine.py --against main       # ... and main's engine beside it
    .venv/bin/python scripts/bench_engine.py --pyodide            # ... and both on Pyodide (Node)
    .venv/bin/python scripts/bench_engine.py --games taco --steps 20000 --rounds 5
    .venv/bin/python scripts/bench_engine.py --against main --cpu  # CPU time: a busy machine

A *step* is what a player (or a rollout) does once: ``legal_actions(p)`` then ``apply(p, a)``
with one of them. The games are random legal games from fixed seeds, chosen first and untimed;
only the steps are timed. Each engine runs in its own process; the engines being compared take
turns, ``--rounds`` times, and each figure is the best round (the machine is shared and noisy:
the best of several is the least disturbed; compare figures of one run only).

Printed: per game, the typical table (Jalape-NO! 4 players, The Nacho Incident 4, Crazy Taco
solo) and the mean over every player count, in µs per step, and the ratios (this tree / the
other, Pyodide / CPython).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "pyodide" / "run_python.mjs"
TYPICAL = {"jalapeno": 4, "nacho": 4, "taco": 1}

# Runs inside the measured tree's interpreter (CPython or Pyodide): prints one JSON line per
# (game, player count). Uses only what every version of the engine has.
PROBE = r"""
import json, time
import engine
from engine.rng import Rng, seed_state

GAMES = __GAMES__
STEPS = __STEPS__
CLOCK = __CLOCK__

def record(game, players, seed):
    # One random legal game: (seat, index among legal_actions) per step, chosen untimed.
    chooser = Rng(seed_state(f"bench:{seed}"))
    state = game.new_game(players=players, seed=seed)
    moves = []
    while not state.is_over():
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        i = chooser.below(len(legal))
        moves.append((seat, i))
        state = state.apply(seat, legal[i])
    return moves

for gid in GAMES:
    game = engine.get_game(gid)
    for players in game.player_counts:
        games, n, seed = [], 0, 1
        while n < STEPS:
            moves = record(game, players, seed)
            games.append((seed, moves))
            n += len(moves)
            seed += 1
        starts = [game.new_game(players=players, seed=s) for s, _ in games]
        clock = CLOCK
        spent = 0.0
        for state, (_, moves) in zip(starts, games):
            t0 = clock()
            for seat, i in moves:
                state = state.apply(seat, state.legal_actions(seat)[i])
            spent += clock() - t0
        print(json.dumps({"game": gid, "players": players, "steps": n, "seconds": spent}))
"""


def probe_file(games: list[str], steps: int, folder: Path, cpu: bool = False) -> Path:
    path = folder / "bench_engine_probe.py"
    text = PROBE.replace("__GAMES__", repr(games)).replace("__STEPS__", str(steps))
    text = text.replace("__CLOCK__", "time.process_time" if cpu else "time.perf_counter")
    path.write_text(text)
    return path


def run(tree: Path, probe: Path, pyodide: bool) -> dict[tuple[str, int], float]:
    """µs per step by (game, players), measured in ``tree``'s engine."""
    if pyodide:
        cmd = ["node", str(RUNNER), str(tree), str(probe)]
        env = dict(os.environ)
    else:
        cmd = [sys.executable, str(probe)]
        env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    if out.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{out.stderr[-3000:]}")
    figures = {}
    for line in out.stdout.splitlines():
        if line.startswith("{"):
            row = json.loads(line)
            figures[(row["game"], row["players"])] = 1e6 * row["seconds"] / row["steps"]
    return figures


def export(ref: str, folder: Path) -> Path:
    """``ref``'s engine/ in a folder of its own (git archive: no checkout is touched)."""
    tree = folder / "ref"
    tree.mkdir()
    archive = subprocess.run(
        ["git", "archive", ref, "engine"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return tree


def summary(figures: dict[tuple[str, int], float], gid: str) -> tuple[float, float]:
    counts = sorted(n for g, n in figures if g == gid)
    typical = figures.get((gid, TYPICAL.get(gid, counts[0])), float("nan"))
    return typical, sum(figures[(gid, n)] for n in counts) / len(counts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", default="jalapeno,nacho,taco")
    ap.add_argument("--steps", type=int, default=6000, help="steps per game and player count")
    ap.add_argument("--rounds", type=int, default=3, help="alternating runs; the best is kept")
    ap.add_argument("--against", metavar="REF", help="also measure REF's engine (git ref)")
    ap.add_argument("--pyodide", action="store_true", help="also measure on Pyodide (Node)")
    ap.add_argument(
        "--cpu",
        action="store_true",
        help="time with the process's CPU clock (time.process_time), not the wall clock: on a"
        " shared, busy machine the wall clock also counts the time other processes hold the CPU",
    )
    args = ap.parse_args()
    games = [g.strip() for g in args.games.split(",") if g.strip()]

    folder = Path(tempfile.mkdtemp(prefix="bench-engine-"))
    try:
        probe = probe_file(games, args.steps, folder, args.cpu)
        trees = {"this tree": ROOT}
        if args.against:
            trees[args.against] = export(args.against, folder)
        runtimes = ["CPython", "Pyodide"] if args.pyodide else ["CPython"]
        best: dict[tuple[str, str], dict[tuple[str, int], float]] = {}
        for _ in range(args.rounds):
            for runtime in runtimes:
                for label, tree in trees.items():
                    got = run(tree, probe, runtime == "Pyodide")
                    mine = best.setdefault((label, runtime), {})
                    for key, us in got.items():
                        mine[key] = min(us, mine.get(key, float("inf")))
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    clock = "CPU time" if args.cpu else "wall clock"
    print(
        f"µs per step (legal_actions + apply), best of {args.rounds} rounds, {args.steps} steps,"
        f" {clock}"
    )
    head = ["game", "table"] + [f"{label} {rt}" for (label, rt) in best]
    if args.against:
        head += [f"this / {args.against} ({rt})" for rt in runtimes]
    if args.pyodide:
        head += [f"Pyodide / CPython ({label})" for label in trees]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for gid in games:
        for which, pick in (("typical", 0), ("mean of all counts", 1)):
            n = TYPICAL.get(gid)
            table = f"{n} player{'s' if n != 1 else ''}" if pick == 0 and n else which
            vals = {k: summary(v, gid)[pick] for k, v in best.items()}
            row = [gid, table] + [f"{v:.1f}" for v in vals.values()]
            if args.against:
                row += [
                    f"{vals[('this tree', rt)] / vals[(args.against, rt)]:.2f}" for rt in runtimes
                ]
            if args.pyodide:
                row += [
                    f"{vals[(label, 'Pyodide')] / vals[(label, 'CPython')]:.2f}" for label in trees
                ]
            print("| " + " | ".join(row) + " |")
    print("\nper player count (µs per step):")
    for (label, rt), figures in best.items():
        cells = ", ".join(f"{g} {n}p {us:.1f}" for (g, n), us in sorted(figures.items()))
        print(f"  {label} {rt}: {cells}")


if __name__ == "__main__":
    main()
