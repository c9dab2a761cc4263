"""Command line: bot self-play benchmarks and a terminal game against bots.

    python -m engine selfplay --game jalapeno --players 4 --games 100 \\
        --seats search,heuristic,heuristic,heuristic --budget-ms 50 --seed 1
    python -m engine play jalapeno --players 4 [--bots heuristic] [--seed 7]

``selfplay`` prints a readable summary, then as its last line one JSON object with
``win_rate`` (per seat; a shared first place counts 1/k), ``mean_decision_ms`` (per seat),
``actions`` and ``seconds`` among others. ``--iterations N`` gives search bots a fixed
iteration budget instead of time (reproducible), ``--rounds R`` shortens games (fast tests)
and ``--option KEY=JSON`` sets a game option (``--option open_piles=true``).
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from .bots import BOT_LEVELS, Bot, make_bot
from .protocol import IllegalAction, State
from .registry import game_ids, get_game

# -- selfplay -------------------------------------------------------------------------------


def selfplay(
    game_id: str,
    players: int,
    games: int,
    seats: Sequence[str],
    budget_ms: float,
    seed: int | str,
    *,
    iterations: int | None = None,
    rounds: int | None = None,
    options: dict[str, Any] | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` seeded games between bots of the given levels; return the statistics.

    Game ``g`` is dealt from seed ``"{seed}/{g}"`` and seat ``s``'s bot is seeded
    ``"{seed}/{g}/{s}"``, so any single game can be replayed alone.
    """
    game = get_game(game_id)
    if len(seats) != players:
        raise ValueError(f"--seats needs {players} levels (one per seat), got {len(seats)}")
    options = dict(options or {})
    if rounds is not None:
        options["rounds"] = rounds
    wins = [0.0] * players
    score_sums = [0] * players
    decision_s = [0.0] * players
    decisions = [0] * players
    choices = [0] * players  # decisions with more than one legal action
    search_iters = [0] * players
    search_s = [0.0] * players
    actions = 0
    started = time.perf_counter()
    for g in range(games):
        state: State = game.new_game(players, seed=f"{seed}/{g}", options=options)
        bots = [
            make_bot(game_id, level, s, seed=f"{seed}/{g}/{s}", iterations=iterations)
            for s, level in enumerate(seats)
        ]
        while not state.is_over():
            seat = state.current_players()[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(view, legal, budget_ms)
            decision_s[seat] += time.perf_counter() - t0
            decisions[seat] += 1
            if len(legal) > 1:
                choices[seat] += 1
                last = getattr(bots[seat], "last", None)
                if last is not None:
                    search_iters[seat] += last.iterations
                    search_s[seat] += last.seconds
            state = state.apply(seat, action)
            actions += 1
        winners = state.winners()
        for w in winners:
            wins[w] += 1 / len(winners)
        for s, sc in enumerate(state.scores()):
            score_sums[s] += sc
        if progress is not None:
            progress(
                f"game {g + 1}/{games}: winners {winners} scores {state.scores()}"
                f" running win rate {[round(w / (g + 1), 3) for w in wins]}"
            )
    seconds = time.perf_counter() - started
    n = max(games, 1)
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "seats": list(seats),
        "seed": seed,
        "budget_ms": budget_ms,
        "iterations": iterations,
        "rounds": rounds,
        "options": options,
        "win_rate": [round(w / n, 4) for w in wins],
        "wins": [round(w, 4) for w in wins],
        "mean_score": [round(s / n, 3) for s in score_sums],
        "mean_decision_ms": [
            round(1000 * t / d, 3) if d else 0.0 for t, d in zip(decision_s, decisions, strict=True)
        ],
        "decisions": decisions,
        "choices": choices,
        "search_iterations_per_decision": [
            round(i / c, 1) if c and i else None for i, c in zip(search_iters, choices, strict=True)
        ],
        "search_iterations_per_second": [
            round(i / t) if t else None for i, t in zip(search_iters, search_s, strict=True)
        ],
        "actions": actions,
        "actions_per_second": round(actions / seconds, 1) if seconds else None,
        "seconds": round(seconds, 3),
    }


def summary_text(result: dict[str, Any]) -> str:
    lines = [
        f"{result['games']} games of {result['game']}, {result['players']} players,"
        f" seed {result['seed']!r}, budget {result['budget_ms']} ms"
        + (f" / {result['iterations']} iterations" if result["iterations"] else ""),
        f"{'seat':>4}  {'level':<10} {'win rate':>8} {'mean score':>10} {'ms/decision':>11}"
        f" {'iters/choice':>12}",
    ]
    for s, level in enumerate(result["seats"]):
        iters = result["search_iterations_per_decision"][s]
        lines.append(
            f"{s:>4}  {level:<10} {result['win_rate'][s]:>8.3f} {result['mean_score'][s]:>10.2f}"
            f" {result['mean_decision_ms'][s]:>11.3f} {'' if iters is None else iters:>12}"
        )
    lines.append(
        f"{result['actions']} actions in {result['seconds']:.1f} s"
        f" ({result['actions_per_second']} actions/s)"
    )
    return "\n".join(lines)


# -- play in a terminal ---------------------------------------------------------------------


def _jalapeno_table(view: dict[str, Any], names: Sequence[str]) -> str:
    me = view["seat"]
    lines = [f"-- Round {view['round']} of {view['rounds']} --"]
    for s, info in enumerate(view["seats"]):
        jal = " ".join(info["jalapenos"]) or "-"
        void = ",".join(info["void"]) or "-"
        # Other seats' piles are face down unless the table plays with open piles.
        now = "?" if info["penalty_so_far"] is None else info["penalty_so_far"]
        lines.append(
            f"  {names[s]:<16} hand {info['hand_size']:>2}  jalapenos {jal:<12}"
            f" pile {info['pile_size']:>2} (now -{now})  void {void:<8}"
            f" total {info['total']}"
        )
    trick = "  ".join(f"{names[t['seat']]}: {t['card']}" for t in view["trick"])
    lines.append(f"Trick: {trick or '(you lead)' if view['to_act'] == [me] else trick or '-'}")
    lines.append("Your hand: " + (" ".join(view["hand"]) or "-"))
    return "\n".join(lines)


def play(
    game_id: str,
    players: int,
    bots_level: str,
    seed: int | str | None,
    budget_ms: float,
    human: int = 0,
    rounds: int | None = None,
    stdin: TextIO | None = None,
    out: TextIO | None = None,
) -> int:
    """A terminal game: the human at ``human`` types cards (e.g. ``R7``); bots take the rest."""
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    if game_id != "jalapeno":
        print(f"play supports only jalapeno for now (got {game_id!r})", file=sys.stderr)
        return 2
    game = get_game(game_id)
    if seed is None:  # pick one and say it, so a memorable game can be replayed
        seed = secrets.randbelow(10**6)
    state = game.new_game(
        players, seed=seed, options=None if rounds is None else {"rounds": rounds}
    )
    names = ["You" if s == human else f"Seat {s}" for s in range(players)]
    bots: dict[int, Bot] = {
        s: make_bot(game_id, bots_level, s, seed=f"{seed}/{s}")
        for s in range(players)
        if s != human
    }

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    say(f"Jalape-NO! for {players}, seed {seed}. You are seat {human}, the rest {bots_level} bots.")
    say("Type a card like R7; 'help' lists your legal cards, 'quit' leaves. Fewest penalties win.")
    while not state.is_over():
        seat = state.current_players()[0]
        before_tricks = state.last_trick
        before_rounds = len(state.round_penalties)
        if seat == human:
            view = state.view(human)
            say()
            say(_jalapeno_table(view, names))
            say("Legal: " + " ".join(view["legal"]))
            while True:
                out.write("Your card> ")
                out.flush()
                line = stdin.readline()
                if not line:  # EOF: leave quietly, the game is simply abandoned
                    say("\n(end of input: leaving the game)")
                    return 0
                text = line.strip()
                if not text:
                    continue
                if text.lower() in {"quit", "exit", "q"}:
                    say("Bye.")
                    return 0
                if text.lower() in {"help", "?", "h"}:
                    say("Legal: " + " ".join(view["legal"]))
                    continue
                try:
                    state = state.apply(human, text.upper())
                    break
                except IllegalAction as err:
                    say(f"Not allowed: {err}")
        else:
            view = state.view(seat)
            action = bots[seat].choose(view, state.legal_actions(seat), budget_ms)
            state = state.apply(seat, action)
            say(f"{names[seat]} plays {action}")
        round_over = len(state.round_penalties) > before_rounds
        # A round's final trick is in last_round: the next deal has already happened.
        trick = state.last_round[2] if round_over else state.last_trick
        if trick is not None and trick is not before_tricks:
            winner, cards = trick
            takes = "take" if winner == human else "takes"
            say(f"  -> {names[winner]} {takes} the trick: " + " ".join(str(c) for _, c in cards))
        if round_over:
            pen = state.round_penalties[-1]
            say("Round over. Penalties: " + ", ".join(f"{names[s]} {p}" for s, p in enumerate(pen)))
            totals = [-x for x in state.scores()]
            say("Totals: " + ", ".join(f"{names[s]} {t}" for s, t in enumerate(totals)))
    winners = state.winners()
    say("Game over. Winner(s): " + ", ".join(names[w] for w in winners))
    return 0


# -- argument parsing -----------------------------------------------------------------------


def _seed(text: str) -> int | str:
    try:
        return int(text)
    except ValueError:
        return text


def _options(items: Sequence[str]) -> dict[str, Any]:
    """``["open_piles=true", "rounds=3"]`` -> ``{"open_piles": True, "rounds": 3}``."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        try:
            if not sep:
                raise ValueError
            out[key.strip()] = json.loads(text)
        except ValueError:
            raise ValueError(
                f"--option needs KEY=JSON (e.g. open_piles=true), got {item!r}"
            ) from None
    return out


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    sp = sub.add_parser("selfplay", help="play seeded games between bots and print statistics")
    sp.add_argument("--game", default="jalapeno", choices=game_ids())
    sp.add_argument("--players", type=int, default=4)
    sp.add_argument("--games", type=int, default=10)
    sp.add_argument(
        "--seats",
        default=None,
        help=f"comma list of levels, one per seat ({', '.join(BOT_LEVELS)}); one level = all",
    )
    sp.add_argument("--budget-ms", type=float, default=50.0, help="thinking time per decision")
    sp.add_argument(
        "--iterations", type=int, default=None, help="fixed search iterations (overrides time)"
    )
    sp.add_argument("--rounds", type=int, default=None, help="rounds per game (default: rules)")
    sp.add_argument("--seed", type=_seed, default=0)
    sp.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=JSON",
        help="a game option, value as JSON (e.g. open_piles=true); repeatable",
    )
    sp.add_argument("--quiet", action="store_true", help="no per-game progress lines")

    pp = sub.add_parser("play", help="play in the terminal against bots (you are seat 0)")
    pp.add_argument("game", nargs="?", default="jalapeno", choices=game_ids())
    pp.add_argument("--players", type=int, default=4)
    pp.add_argument("--bots", default="heuristic", choices=BOT_LEVELS)
    pp.add_argument("--budget-ms", type=float, default=200.0)
    pp.add_argument("--seed", type=_seed, default=None)
    pp.add_argument("--rounds", type=int, default=None)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "selfplay":
        levels = (args.seats or "heuristic").split(",")
        levels = [lv.strip() for lv in levels]
        if len(levels) == 1:
            levels = levels * args.players
        bad = [lv for lv in levels if lv not in BOT_LEVELS]
        if bad:
            print(f"unknown level(s) {bad}; levels: {list(BOT_LEVELS)}", file=sys.stderr)
            return 2
        try:
            options = _options(args.option)
            result = selfplay(
                args.game,
                args.players,
                args.games,
                levels,
                args.budget_ms,
                args.seed,
                iterations=args.iterations,
                rounds=args.rounds,
                options=options,
                progress=None if args.quiet else lambda line: print(line, flush=True),
            )
        except ValueError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        print(summary_text(result))
        print(json.dumps(result), flush=True)
        return 0
    if args.command == "play":
        try:
            return play(
                args.game, args.players, args.bots, args.seed, args.budget_ms, 0, args.rounds
            )
        except KeyboardInterrupt:
            print("\nBye.")
            return 0
        except ValueError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
    return 2  # pragma: no cover
