"""Crazy Taco balance benchmark: seeded solo games by the app's bots, played exactly as
``python -m engine selfplay --game taco --players 1 --seats LEVEL --seed S`` plays them
(game g dealt from seed "S/g", the bot seeded "S/g/0"), but resumable: each finished game is
one JSON line in ``--out``, so a run that is stopped (a shared machine) continues where it was.

    .venv/bin/python scripts/bench_taco.py --level search --games 200 --seed 1 \\
        [--iterations 100 | --budget-ms 50] [--option characters=false] --out build/taco.jsonl

Prints the win rate with a 95 % interval, and for each result the share of games.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import get_game  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.cli import game_options  # noqa: E402


def play_one(level: str, seed: str, g: int, budget_ms: float, iterations, options) -> dict:
    game = get_game("taco")
    state = game.new_game(1, seed=f"{seed}/{g}", options=options)
    bot = make_bot("taco", level, 0, seed=f"{seed}/{g}/0", iterations=iterations)
    decisions, thinking, longest = 0, 0.0, 0.0
    while not state.is_over():
        legal = state.legal_actions(0)
        view = state.view(0)
        t0 = time.perf_counter()
        action = bot.choose(view, legal, budget_ms)
        spent = time.perf_counter() - t0
        decisions += 1
        thinking += spent
        longest = max(longest, spent)
        state = state.apply(0, action)
    return {
        "g": g,
        "won": state.result == "won",
        "reason": state.reason,
        "score": state.scores()[0],
        "popularity": state.popularity,
        "cash": state.cash,
        "turns": state.turn_no,
        "decisions": decisions,
        "mean_ms": round(1000 * thinking / decisions, 2),
        "max_ms": round(1000 * longest, 1),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--level", default="search")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--budget-ms", type=float, default=50.0)
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    options = game_options("taco", None, args.option)
    done = {}
    if args.out.exists():
        for line in args.out.read_text().splitlines():
            row = json.loads(line)
            done[row["g"]] = row
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("a") as out:
        for g in range(args.games):
            if g in done:
                continue
            row = play_one(args.level, args.seed, g, args.budget_ms, args.iterations, options)
            out.write(json.dumps(row) + "\n")
            out.flush()
            done[g] = row
    rows = [done[g] for g in range(args.games)]
    n = len(rows)
    p = sum(r["won"] for r in rows) / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    print(
        json.dumps(
            {
                "level": args.level,
                "games": n,
                "seed": args.seed,
                "iterations": args.iterations,
                "budget_ms": args.budget_ms,
                "options": options,
                "win_rate": round(p, 4),
                "interval95": [round(max(0, p - half), 3), round(min(1, p + half), 3)],
                "mean_turns": round(sum(r["turns"] for r in rows) / n, 1),
                "max_turns": max(r["turns"] for r in rows),
                "mean_decision_ms": round(
                    sum(r["mean_ms"] * r["decisions"] for r in rows)
                    / sum(r["decisions"] for r in rows),
                    2,
                ),
                "max_decision_ms": max(r["max_ms"] for r in rows),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
