"""Tune and measure the Jalape-NO! search bot against heuristic bots.

    python scripts/bench_bots.py --games 40 --rounds 1 --iterations 100 [--method race]
        [--policy heuristic|cheap] [--z 1.5] [--rank 0.5] [--exploration 0.7]

Seat 0 is a search bot with the given parameters, the others are ``--others`` bots. Prints the
search seat's mean round penalty against the others' (lower is better), its share of first
places, iterations per decision and ms per decision. Uses fixed seeds, so two settings are
compared on exactly the same deals. (The official figures come from ``python -m engine
selfplay``; this script exists to try search parameters quickly.)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import get_game  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.jalapeno.bots import search_bot  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--budget-ms", type=float, default=50.0)
    ap.add_argument("--others", default="heuristic")
    ap.add_argument("--seed", default="tune")
    ap.add_argument("--method", choices=("race", "tree"), default=None)
    ap.add_argument("--policy", choices=("heuristic", "cheap"), default=None)
    ap.add_argument("--z", type=float, default=None)
    ap.add_argument("--rank", type=float, default=None)
    ap.add_argument("--exploration", type=float, default=None)
    ap.add_argument("--relative", type=float, default=None)
    ap.add_argument("--epsilon", type=float, default=None)
    ap.add_argument("--plain-lead", action="store_true")
    ap.add_argument("--no-harmless", action="store_true")
    ap.add_argument("--open-piles", action="store_true", help="the learners' open piles option")
    args = ap.parse_args()
    game = get_game("jalapeno")
    params = {
        k: v
        for k, v in (
            ("method", args.method),
            ("policy", args.policy),
            ("z", args.z),
            ("rank", args.rank),
            ("exploration", args.exploration),
            ("relative", args.relative),
            ("epsilon", args.epsilon),
        )
        if v is not None
    }
    mine, theirs, firsts, wins = 0, 0.0, 0.0, 0.0
    iters, choices, think = 0, 0, 0.0
    started = time.perf_counter()
    for g in range(args.games):
        state = game.new_game(
            args.players,
            seed=f"{args.seed}/{g}",
            options={"rounds": args.rounds, "open_piles": args.open_piles},
        )
        bots = [
            search_bot(
                0,
                seed=f"{args.seed}/{g}/0",
                iterations=args.iterations,
                smart_lead=not args.plain_lead,
                harmless_follow=not args.no_harmless,
                **params,
            )
        ]
        bots += [
            make_bot("jalapeno", args.others, s, seed=f"{args.seed}/{g}/{s}")
            for s in range(1, args.players)
        ]
        while not state.is_over():
            seat = state.turn
            legal = state.legal_actions(seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(state.view(seat), legal, args.budget_ms)
            if seat == 0 and len(legal) > 1:
                think += time.perf_counter() - t0
                iters += bots[0].last.iterations
                choices += 1
            state = state.apply(seat, action)
        for pen in state.round_penalties:
            mine += pen[0]
            theirs += sum(pen[1:]) / (args.players - 1)
            best = min(pen)
            if pen[0] == best:
                firsts += 1 / pen.count(best)
        w = state.winners()
        if 0 in w:
            wins += 1 / len(w)
    n_rounds = args.games * args.rounds
    print(
        json.dumps(
            {
                "params": params,
                "open_piles": args.open_piles,
                "iterations": args.iterations,
                "games": args.games,
                "search_pen": round(mine / n_rounds, 3),
                "others_pen": round(theirs / n_rounds, 3),
                "round_first_share": round(firsts / n_rounds, 3),
                "game_win_rate": round(wins / args.games, 3),
                "iters_per_choice": round(iters / max(choices, 1), 1),
                "ms_per_choice": round(1000 * think / max(choices, 1), 2),
                "seconds": round(time.perf_counter() - started, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
