"""Fit the Crazy Taco customer player's odds model (engine/taco/customer_value.py) on seeded
1 vs 1 games: at every customer phase (not the card a +OPEN play brings along), the table's
features as the customer player sees them, and whether the customer player went on to win.
Logistic regression by Newton's method, in plain Python; games whose number ends in 0 or 5 are
held out to report the fit's log-loss against a constant guess.

    .venv/bin/python scripts/fit_taco_customer_value.py --games 1500 --seats heuristic,heuristic \\
        --data build/taco-value.jsonl

Resumable: each finished game's rows are appended to ``--data``; ``--shard I/N`` plays every
N-th game (N processes side by side on one file, then one run without it fits). Prints the
held-out log-loss and, last, the ``WEIGHTS`` to paste into engine/taco/customer_value.py.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import get_game  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.taco.bots import Determiniser  # noqa: E402
from engine.taco.customer_value import FEATURES, features  # noqa: E402


def play(seats: list[str], seed: str, g: int, iterations: int | None) -> list[list]:
    game = get_game("taco")
    state = game.new_game(2, seed=f"{seed}/{g}")
    bots = [
        make_bot("taco", level, s, seed=f"{seed}/{g}/{s}", iterations=iterations)
        for s, level in enumerate(seats)
    ]
    rows = []
    while not state.is_over():
        seat = state.current_players()[0]
        view = state.view(seat)
        if seat == 1 and not state.follow:
            rows.append(features(Determiniser(view).sample(None)))
        state = state.apply(seat, bots[seat].choose(view, state.legal_actions(seat), 50))
    won = int(state.result == "customers")
    return [[x, won, g] for x in rows]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small, well-conditioned system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                for j in range(c, n + 1):
                    m[r][j] -= f * m[c][j]
    return [m[i][n] / m[i][i] for i in range(n)]


def logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit(data: list[tuple[list[float], int]], l2: float = 1.0) -> list[float]:
    """Newton's method on the log-likelihood with a small ridge penalty (not on the bias)."""
    n = len(data[0][0])
    w = [0.0] * n
    for _ in range(30):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for x, y in data:
            p = logistic(sum(a * b for a, b in zip(w, x, strict=True)))
            for i in range(n):
                grad[i] += (p - y) * x[i]
                wi = p * (1 - p) * x[i]
                row = hess[i]
                for j in range(n):
                    row[j] += wi * x[j]
        for i in range(1, n):
            grad[i] += l2 * w[i]
            hess[i][i] += l2
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def log_loss(w: list[float], data: list[tuple[list[float], int]]) -> float:
    total = 0.0
    for x, y in data:
        p = min(max(logistic(sum(a * b for a, b in zip(w, x, strict=True))), 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(data)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--seats", default="heuristic,heuristic")
    ap.add_argument("--seed", default="fit")
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument(
        "--shard",
        default=None,
        help="I/N: play only games g with g %% N == I (run N side by side on the same --data,"
        " then once without --shard to fit)",
    )
    args = ap.parse_args()
    shard, shards = (int(x) for x in args.shard.split("/")) if args.shard else (0, 1)
    seats = args.seats.split(",")
    done: set[int] = set()
    rows: list[list] = []
    if args.data.exists():
        for line in args.data.read_text().splitlines():
            row = json.loads(line)
            rows.append(row)
            done.add(row[2])
    args.data.parent.mkdir(parents=True, exist_ok=True)
    with args.data.open("a") as out:
        for g in range(args.games):
            if g in done or g % shards != shard:
                continue
            new = play(seats, args.seed, g, args.iterations)
            # A game's rows in one append, so that shards writing the same file do not interleave.
            os.write(out.fileno(), "".join(json.dumps(row) + "\n" for row in new).encode())
            rows += new
    if shards > 1:
        print(f"shard {shard}/{shards} done; fit with the same command without --shard")
        return 0
    rows = [r for r in rows if r[2] < args.games]
    train = [(x, y) for x, y, g in rows if g % 5]
    test = [(x, y) for x, y, g in rows if not g % 5]
    w = fit(train)
    rate = sum(y for _, y in train) / len(train)
    constant = [math.log(rate / (1 - rate))] + [0.0] * (len(w) - 1)
    print(
        json.dumps(
            {
                "games": args.games,
                "seats": seats,
                "rows": len(rows),
                "customer_win_rate": round(rate, 3),
                "held_out_log_loss": round(log_loss(w, test), 4),
                "constant_guess_log_loss": round(log_loss(constant, test), 4),
            }
        )
    )
    print("WEIGHTS: dict[str, float] = {")
    for name, value in zip(FEATURES, w, strict=True):
        print(f'    "{name}": {value:.4f},')
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
