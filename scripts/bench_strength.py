"""How strong the search (the app's Hard level) is against the heuristic (Medium) at every table
size: ``python -m engine selfplay`` runs, resumable, and their table.

    .venv/bin/python scripts/bench_strength.py --game jalapeno --iterations 100 [--games 200]
        [--counts 3,4,5] [--seed 1] [--shard K/N] [--table-only]
    .venv/bin/python scripts/bench_strength.py --game nacho --budget-ms 200

For each player count N: seat 0 a search bot, the others heuristic bots (``--seats
search,heuristic,...``), and the same deals with heuristic bots in every seat (the heuristic's
own share in seat 0, the reference for "Hard never weaker than Medium"). Every game is one line
of ``build/strength/<game>-<N>-<budget>-<level>.jsonl`` (``selfplay --out``): a stopped run
resumes, and ``--shard K/N`` lets N processes share the files. Prints one selfplay command per
run (which reproduces it alone) and the table: win rate of seat 0, the fair share 1/N, their
ratio, the heuristic's own rate in seat 0, the search's gain over it on the same deals (win
share and score, paired by game: the luck of the deal cancels out), the mean score, iterations
and ms per decision.

Fixed ``--iterations`` give the same games on any machine; ``--budget-ms`` (the search's own
work time a decision) depends on the machine and its load: run it on a quiet one.
"""

from __future__ import annotations

import argparse
import json
import math
import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import get_game  # noqa: E402
from engine.cli import selfplay  # noqa: E402

OUT = ROOT / "build" / "strength"


def runs(
    game_id: str, counts: list[int], label: str, seed: str
) -> list[tuple[int, str, list[str], Path]]:
    """(players, level in seat 0, seats, file) of each run: the search's at this budget, and
    the heuristic's own (which no budget changes)."""
    out = []
    for n in counts:
        out.append(
            (
                n,
                "search",
                ["search"] + ["heuristic"] * (n - 1),
                OUT / f"{game_id}-{n}-s{seed}-{label}-search.jsonl",
            )
        )
        out.append(
            (n, "heuristic", ["heuristic"] * n, OUT / f"{game_id}-{n}-s{seed}-heuristic.jsonl")
        )
    return out


def command(args: argparse.Namespace, n: int, seats: list[str], path: Path) -> str:
    if "search" not in seats:
        budget = []  # no budget changes the heuristic
    elif args.iterations:
        budget = ["--iterations", str(args.iterations)]
    else:
        budget = ["--budget-ms", str(args.budget_ms)]
    parts = ["python", "-m", "engine", "selfplay", "--game", args.game, "--players", str(n)]
    parts += ["--games", str(args.games), "--seats", ",".join(seats), *budget]
    parts += ["--seed", str(args.seed), "--quiet", "--out", str(path.relative_to(ROOT))]
    return shlex.join(parts)


def read(path: Path, games: int) -> list[dict]:
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    records = {}
    for line in lines:
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        records[record["g"]] = record
    return [records[g] for g in sorted(records) if g < games]


def seat0(records: list[dict]) -> dict:
    n = len(records)
    wins = sum(1 / len(r["winners"]) for r in records if 0 in r["winners"])
    rate = wins / n if n else 0.0
    choices = sum(r["choices"][0] for r in records)
    return {
        "games": n,
        "rate": rate,
        "se": math.sqrt(rate * (1 - rate) / n) if n else 0.0,
        "score": sum(r["scores"][0] for r in records) / n if n else 0.0,
        "iterations": sum(r["search_iterations"][0] for r in records) / choices if choices else 0,
        "ms": 1000
        * sum(r["decision_s"][0] for r in records)
        / max(sum(r["decisions"][0] for r in records), 1),
    }


def paired(search: list[dict], base: list[dict]) -> dict:
    """Seat 0's gain from the search over the heuristic on the same deals (game ``g`` of both
    runs is one deal): the mean difference of its win share and of its score, each with its
    standard error. Paired, so the luck of the deal cancels out."""
    by_g = {r["g"]: r for r in base}
    pairs = [(r, by_g[r["g"]]) for r in search if r["g"] in by_g]

    def share(r: dict) -> float:
        return 1 / len(r["winners"]) if 0 in r["winners"] else 0.0

    out = {"games": len(pairs)}
    for key, value in (("win", share), ("score", lambda r: r["scores"][0])):
        diffs = [value(a) - value(b) for a, b in pairs]
        n = len(diffs)
        mean = sum(diffs) / n if n else 0.0
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        out[key], out[key + "_se"] = mean, math.sqrt(var / n) if n else 0.0
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True)
    budget = ap.add_mutually_exclusive_group(required=True)
    budget.add_argument("--iterations", type=int)
    budget.add_argument("--budget-ms", type=float)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--counts", default=None, help="player counts, e.g. 3,4,5 (default: all)")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--shard", default="0/1")
    ap.add_argument("--table-only", action="store_true", help="print the table, play nothing")
    args = ap.parse_args()
    game = get_game(args.game)
    counts = [int(c) for c in args.counts.split(",")] if args.counts else list(game.player_counts)
    label = f"i{args.iterations}" if args.iterations else f"{args.budget_ms:g}ms"
    plan = runs(args.game, counts, label, args.seed)
    OUT.mkdir(parents=True, exist_ok=True)
    k, _, of = args.shard.partition("/")
    for n, _level, seats, path in plan:
        print(command(args, n, seats, path), flush=True)
        if not args.table_only:
            searching = "search" in seats
            selfplay(
                args.game,
                n,
                args.games,
                seats,
                args.budget_ms if searching and args.budget_ms else 50.0,  # selfplay's default
                int(args.seed) if args.seed.isdigit() else args.seed,
                iterations=args.iterations if searching else None,
                out=path,
                shard=(int(k), int(of)),
            )
    print()
    print(f"{game.name}, seat 0 against heuristic bots, {label} a decision, seed {args.seed}")
    print()
    print(
        "| players | search's win rate | fair share | ratio | heuristic's own rate in seat 0 |"
        " win-rate gain, paired | mean score (search / heuristic) | score gain, paired |"
        " iterations a choice | ms a decision | games |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for n in counts:
        found = {level: path for m, level, _s, path in plan if m == n}
        search_games = read(found["search"], args.games)
        base_games = read(found["heuristic"], args.games)
        search, base = seat0(search_games), seat0(base_games)
        gain = paired(search_games, base_games)
        fair = 1 / n
        print(
            f"| {n} | {search['rate']:.3f} ± {search['se']:.3f} | {fair:.3f} |"
            f" {search['rate'] / fair:.2f}× | {base['rate']:.3f} |"
            f" {gain['win']:+.3f} ± {gain['win_se']:.3f} |"
            f" {search['score']:.1f} / {base['score']:.1f} |"
            f" {gain['score']:+.1f} ± {gain['score_se']:.1f} | {search['iterations']:.0f} |"
            f" {search['ms']:.0f} | {search['games']} / {base['games']} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
