"""Crazy Taco balance benchmark: seeded games by the app's bots, solo or 1 vs 1, played exactly as
``python -m engine selfplay --game taco --players N --seats LEVELS --seed S`` plays them (game g
dealt from seed "S/g", seat s's bot seeded "S/g/s"), but resumable: each finished game is one
JSON line in ``--out``, so a run that is stopped (a shared machine) continues where it was.

    # solo: one level
    .venv/bin/python scripts/bench_taco.py --seats search --games 200 --seed 1 \\
        [--iterations 100 | --budget-ms 50] [--option characters=false] --out build/taco.jsonl
    # 1 vs 1: the manager's level, then the customer player's
    .venv/bin/python scripts/bench_taco.py --seats heuristic,search --games 200 --out build/v.jsonl
    # 1 vs 1, every pairing of two levels side by side (games interleaved, so that a busy
    # machine slows each pairing alike): the table of docs/rules-decisions.md
    .venv/bin/python scripts/bench_taco.py --players 2 --matrix heuristic,search \\
        --iterations 100 --games 200 --out build/versus-matrix.jsonl
    # the same on two cores: two processes on one file, each with its half of the games
    ... --shard 0/2 &  ... --shard 1/2
    # a run under way or stopped: the table of the first G games every pairing has finished
    ... --report

Prints, per pairing, the win rate of each seat with a 95 % (Wilson) interval, how the games
ended, and the search's iterations per decision; the last line is all of it as JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import get_game  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.cli import game_options  # noqa: E402


def play_one(seats: list[str], seed: str, g: int, budget_ms: float, iterations, options) -> dict:
    """One seeded game, as ``engine.cli.selfplay`` plays it; what it cost and how it ended."""
    players = len(seats)
    game = get_game("taco")
    state = game.new_game(players, seed=f"{seed}/{g}", options=options)
    bots = [
        make_bot("taco", level, s, seed=f"{seed}/{g}/{s}", iterations=iterations)
        for s, level in enumerate(seats)
    ]
    decisions, thinking, longest = [0] * players, [0.0] * players, [0.0] * players
    iters, searched = [0] * players, [0] * players
    while not state.is_over():
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        t0 = time.perf_counter()
        action = bots[seat].choose(view, legal, budget_ms)
        spent = time.perf_counter() - t0
        decisions[seat] += 1
        thinking[seat] += spent
        longest[seat] = max(longest[seat], spent)
        last = getattr(bots[seat], "last", None)
        if last is not None and len(legal) > 1 and last.iterations:
            iters[seat] += last.iterations
            searched[seat] += 1
            last.iterations = 0
        state = state.apply(seat, action)
    return {
        "g": g,
        "winners": state.winners(),
        "result": state.result,
        "reason": state.reason,
        "score": state.scores()[0],
        "popularity": state.popularity,
        "cash": state.cash,
        "turns": state.turn_no,
        "decisions": decisions,
        "mean_ms": [
            round(1000 * t / max(d, 1), 2) for t, d in zip(thinking, decisions, strict=True)
        ],
        "max_ms": [round(1000 * t, 1) for t in longest],
        "iterations": [
            round(i / s, 1) if s else None for i, s in zip(iters, searched, strict=True)
        ],
    }


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate ``p`` over ``n`` games (95 % by default): unlike
    p ± z·√(p(1−p)/n) it stays inside [0, 1] and is honest near 0 and 1 and for few games.

    >>> [round(x, 3) for x in wilson(0.5, 200)]
    [0.431, 0.569]
    >>> [round(x, 3) for x in wilson(0.0, 10)]
    [0.0, 0.278]
    """
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, (centre - half) / (1 + z * z / n)), min(1.0, (centre + half) / (1 + z * z / n))


def summary(seats: list[str], rows: list[dict], args, options) -> dict:
    n = len(rows)
    players = len(seats)
    out: dict = {"seats": seats, "games": n}
    rates = []
    for seat in range(players):
        p = sum(seat in r["winners"] for r in rows) / n
        rates.append(round(p, 4))
        out.setdefault("interval95", []).append([round(x, 3) for x in wilson(p, n)])
    out["win_rate"] = rates
    out["endings"] = dict(Counter(f"{r['result']}/{r['reason']}" for r in rows).most_common())
    out["mean_turns"] = round(sum(r["turns"] for r in rows) / n, 1)
    out["mean_final_popularity"] = round(sum(r["popularity"] for r in rows) / n, 2)
    if players == 1:
        out["mean_score"] = round(sum(r["score"] for r in rows) / n)
    out["mean_decision_ms"] = [
        round(
            sum(r["mean_ms"][s] * r["decisions"][s] for r in rows)
            / max(1, sum(r["decisions"][s] for r in rows)),
            2,
        )
        for s in range(players)
    ]
    out["max_decision_ms"] = [max(r["max_ms"][s] for r in rows) for s in range(players)]
    its = [[r["iterations"][s] for r in rows if r["iterations"][s]] for s in range(players)]
    out["search_iterations_per_decision"] = [round(sum(i) / len(i), 1) if i else None for i in its]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seats", default=None, help="one level per seat: solo LEVEL, 1 vs 1 M,C")
    ap.add_argument("--level", default=None, help="solo: the same as --seats LEVEL")
    ap.add_argument("--players", type=int, default=None, help="with --matrix: 2")
    ap.add_argument("--matrix", default=None, help="1 vs 1: every pairing of these levels")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--budget-ms", type=float, default=50.0)
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument(
        "--shard",
        default=None,
        help="I/N: play only games g with g %% N == I (run N of these side by side on the same"
        " --out; the last to finish prints the table)",
    )
    ap.add_argument(
        "--report",
        action="store_true",
        help="play nothing: the table of the games already in --out, over the first G games"
        " that every pairing has finished (the same as a finished run with --games G)",
    )
    args = ap.parse_args()
    shard, shards = (int(x) for x in args.shard.split("/")) if args.shard else (0, 1)
    options = game_options("taco", None, args.option)
    if args.matrix:
        levels = args.matrix.split(",")
        pairings = [[m, c] for m in levels for c in levels]
    else:
        pairings = [(args.seats or args.level or "search").split(",")]
    done: dict[tuple[str, int], dict] = {}
    if args.out.exists():
        for line in args.out.read_text().splitlines():
            row = json.loads(line)
            done[",".join(row["seats"]), row["g"]] = row
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("a") as out:
        for g in range(0 if args.report else args.games):
            if g % shards != shard:
                continue
            for seats in pairings:
                key = (",".join(seats), g)
                if key in done:
                    continue
                row = play_one(seats, args.seed, g, args.budget_ms, args.iterations, options)
                row["seats"] = seats
                out.write(json.dumps(row) + "\n")
                out.flush()
                done[key] = row
    if args.report:
        names = [",".join(seats) for seats in pairings]
        args.games = next(
            (g for g in range(args.games) if any((n, g) not in done for n in names)), args.games
        )
        print(f"the first {args.games} games of every pairing")
        if not args.games:
            return 1
    elif shards > 1:  # the other shards' games, as far as they are
        for line in args.out.read_text().splitlines():
            row = json.loads(line)
            done[",".join(row["seats"]), row["g"]] = row
        if any((",".join(s), g) not in done for s in pairings for g in range(args.games)):
            print(f"shard {shard}/{shards} done; the table waits for the other shards")
            return 0
    results = []
    for seats in pairings:
        rows = [done[",".join(seats), g] for g in range(args.games)]
        res = summary(seats, rows, args, options)
        results.append(res)
        label = " vs ".join(
            f"{lv} ({'manager' if s == 0 else 'customers'})" for s, lv in enumerate(seats)
        )
        rates = ", ".join(
            f"{r:.3f} [{lo:.3f}, {hi:.3f}]"
            for r, (lo, hi) in zip(res["win_rate"], res["interval95"], strict=True)
        )
        print(
            f"{label}: win rate {rates}; {res['endings']}; turns {res['mean_turns']};"
            f" iterations {res['search_iterations_per_decision']}; ms {res['mean_decision_ms']}"
        )
    print(
        json.dumps(
            {
                "seed": args.seed,
                "games": args.games,
                "iterations": args.iterations,
                "budget_ms": None if args.iterations else args.budget_ms,
                "options": options,
                "results": results,
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
