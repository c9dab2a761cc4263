"""Command line: bot self-play benchmarks and a terminal game against bots.

    python -m engine selfplay --game jalapeno --players 4 --games 100 \\
        --seats search,heuristic,heuristic,heuristic --budget-ms 50 --seed 1
    python -m engine play jalapeno --players 4 [--bots heuristic] [--seed 7]

``selfplay`` prints a readable summary, then as its last line one JSON object with
``win_rate`` (per seat; a shared first place counts 1/k), ``mean_decision_ms`` (per seat),
``actions`` and ``seconds`` among others. ``--iterations N`` gives search bots a fixed
iteration budget instead of time (reproducible), and ``--rounds R`` shortens games (fast tests).
``--out FILE`` keeps every finished game in a JSON-lines file, so that a long run stopped on a
busy machine resumes where it was; ``--shard K/N`` lets N processes share that file.
"""

from __future__ import annotations

import argparse
import importlib
import json
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from .bots import BOT_LEVELS, Bot, make_bot
from .protocol import ENVELOPE_KEYS, IllegalAction, State
from .registry import game_ids, get_game

# -- selfplay -------------------------------------------------------------------------------


def game_options(game_id: str, rounds: int | None, pairs: Sequence[str] = ()) -> dict[str, Any]:
    """Options from ``--option name=value`` pairs, read against the game's declaration (and
    ``--rounds R``, a shorthand for ``--option rounds=R``)."""
    game = get_game(game_id)
    options: dict[str, Any] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        spec = game.options.get(name.strip())
        if spec is None or not _:
            raise ValueError(f"--option takes name=value; {game.name} has {sorted(game.options)}")
        options[name.strip()] = spec.parse(text)
    if rounds is not None:
        if "rounds" not in game.options:
            raise ValueError(f"{game.name} has no rounds option")
        options["rounds"] = rounds
    return options


def play_one(
    game_id: str,
    seats: Sequence[str],
    budget_ms: float,
    seed: int | str,
    g: int,
    *,
    iterations: int | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Game ``g`` of a self-play run, dealt from seed ``"{seed}/{g}"``, seat ``s``'s bot seeded
    ``"{seed}/{g}/{s}"``: its winners, scores and what each seat's decisions cost (a record,
    one JSON line of ``--out``). Every seat in ``current_players()`` is asked, each from its own
    view (simultaneous choices)."""
    game = get_game(game_id)
    players = len(seats)
    state: State = game.new_game(players, seed=f"{seed}/{g}", options=options or {})
    bots = [
        make_bot(game_id, level, s, seed=f"{seed}/{g}/{s}", iterations=iterations)
        for s, level in enumerate(seats)
    ]
    decision_s = [0.0] * players
    decisions = [0] * players
    choices = [0] * players  # decisions with more than one legal action
    search_iters = [0] * players
    search_s = [0.0] * players
    actions = 0
    while not state.is_over():
        for seat in state.current_players():
            if seat not in state.current_players():
                continue  # an earlier choice this round ended this seat's turn
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
    return {
        "g": g,
        "winners": state.winners(),
        "scores": state.scores(),
        "decision_s": decision_s,
        "decisions": decisions,
        "choices": choices,
        "search_iterations": search_iters,
        "search_s": search_s,
        "actions": actions,
    }


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
    out: str | Path | None = None,
    shard: tuple[int, int] = (0, 1),
) -> dict[str, Any]:
    """Play ``games`` seeded games between bots of the given levels (``play_one``); return the
    statistics. Any single game can be replayed alone.

    ``out``: a JSON-lines file that makes a long run resumable — its first line is the run's
    settings, then one record per finished game; games already in it are not played again (a
    file of other settings is refused). ``shard=(k, n)`` plays only the games with
    ``g % n == k``, so that ``n`` processes can share one file; the statistics then cover the
    games in the file.
    """
    get_game(game_id)  # an unknown game raises ValueError before anything is written
    if len(seats) != players:
        raise ValueError(f"--seats needs {players} levels (one per seat), got {len(seats)}")
    options = {**(options or {}), **({} if rounds is None else {"rounds": rounds})}
    settings = {
        "game": game_id,
        "seats": list(seats),
        "seed": seed,
        "budget_ms": budget_ms,
        "iterations": iterations,
        "options": options,
    }
    records = _read_records(out, settings) if out is not None else {}
    started = time.perf_counter()
    for g in range(games):
        if g in records or g % shard[1] != shard[0]:
            continue
        record = play_one(
            game_id, seats, budget_ms, seed, g, iterations=iterations, options=options
        )
        records[g] = record
        if out is not None:
            with open(out, "a", encoding="utf-8") as f:
                f.write(json.dumps(record) + "\n")
        if progress is not None:
            done = [records[k] for k in sorted(records) if k < games]
            rate = [round(w, 3) for w in _wins(done, players, len(done))]
            progress(
                f"game {g + 1}/{games}: winners {record['winners']} scores {record['scores']}"
                f" running win rate {rate}"
            )
    seconds = time.perf_counter() - started
    played = [records[g] for g in sorted(records) if g < games]
    n = max(len(played), 1)

    def total(key: str) -> list[Any]:
        return [sum(r[key][s] for r in played) for s in range(players)]

    decision_s, decisions, choices = total("decision_s"), total("decisions"), total("choices")
    search_iters, search_s = total("search_iterations"), total("search_s")
    actions = sum(r["actions"] for r in played)
    return {
        "game": game_id,
        "players": players,
        "games": len(played),
        "seats": list(seats),
        "seed": seed,
        "budget_ms": budget_ms,
        "iterations": iterations,
        "rounds": options.get("rounds"),
        "options": options,
        "win_rate": [round(w, 4) for w in _wins(played, players, n)],
        "wins": [round(w, 4) for w in _wins(played, players, 1)],
        "mean_score": [round(s / n, 3) for s in total("scores")],
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
        "actions_per_second": round(actions / seconds, 1) if seconds and actions else None,
        "seconds": round(seconds, 3),
    }


def _wins(records: Sequence[dict[str, Any]], players: int, n: int) -> list[float]:
    """Wins per seat over ``records`` divided by ``n`` (a shared first place counts 1/k)."""
    wins = [0.0] * players
    for r in records:
        for w in r["winners"]:
            wins[w] += 1 / len(r["winners"])
    return [w / n for w in wins]


def _read_records(out: str | Path, settings: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The games already in ``out`` (creating it with ``settings`` as its first line)."""
    path = Path(out)
    if not path.exists() or path.stat().st_size == 0:
        path.write_text(json.dumps({"settings": settings}) + "\n", encoding="utf-8")
        return {}
    lines = path.read_text(encoding="utf-8").splitlines()
    if json.loads(lines[0]).get("settings") != json.loads(json.dumps(settings)):
        raise ValueError(f"{out} holds games of other settings: {lines[0]}")
    records = {}
    for line in lines[1:]:
        if line.strip():
            try:
                record = json.loads(line)
            except json.JSONDecodeError:  # a line cut short when a run was stopped
                continue
            records[record["g"]] = record
    return records


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


class _GenericText:
    """How a game without a text module is shown: its own view part and events as JSON."""

    @staticmethod
    def table_text(view: dict[str, Any], names: Sequence[str]) -> str:
        own = {k: v for k, v in view.items() if k not in ENVELOPE_KEYS}
        return json.dumps(own, ensure_ascii=False, sort_keys=True)

    @staticmethod
    def event_text(event: dict[str, Any], names: Sequence[str], you: int | None) -> str | None:
        who = "" if event["seat"] is None else names[event["seat"]] + ": "
        rest = {k: v for k, v in event.items() if k not in ("kind", "seat")}
        return f"{who}{event['kind']} {json.dumps(rest, ensure_ascii=False)}"


def _as_typed(state: State, seat: int, text: str) -> str:
    """What the player typed, matched to a legal action's notation ignoring case."""
    for action in state.legal_actions(seat):
        if str(action).lower() == text.lower():
            return str(action)
    return text


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
    options: dict[str, Any] | None = None,
) -> int:
    """A terminal game: the human at ``human`` types actions (e.g. ``R7``); bots take the rest.
    Every seat in ``current_players()`` acts (simultaneous choices included); what happens is
    told from the events of each step, as the human's seat may see them."""
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    game = get_game(game_id)
    text = importlib.import_module(game.text) if game.text else _GenericText
    if seed is None:  # pick one and say it, so a memorable game can be replayed
        seed = secrets.randbelow(10**6)
    options = {**(options or {}), **({} if rounds is None else {"rounds": rounds})}
    state = game.new_game(players, seed=seed, options=options)
    names = ["You" if s == human else f"Seat {s}" for s in range(players)]
    bots: dict[int, Bot] = {
        s: make_bot(game_id, bots_level, s, seed=f"{seed}/{s}")
        for s in range(players)
        if s != human
    }

    def say(line: str = "") -> None:
        print(line, file=out, flush=True)

    say(
        f"{game.name} for {players}, seed {seed}. You are seat {human}, the rest {bots_level} bots."
    )
    say("Type an action as listed; 'help' lists them again, 'quit' leaves.")
    while not state.is_over():
        for seat in state.current_players():
            if seat not in state.current_players():
                continue
            if seat == human:
                view = state.view(human)
                say()
                say(text.table_text(view, names))
                say("Legal: " + " ".join(view["legal"]))
                while True:
                    out.write("Your move> ")
                    out.flush()
                    line = stdin.readline()
                    if not line:  # EOF: leave quietly, the game is simply abandoned
                        say("\n(end of input: leaving the game)")
                        return 0
                    typed = line.strip()
                    if not typed:
                        continue
                    if typed.lower() in {"quit", "exit", "q"}:
                        say("Bye.")
                        return 0
                    if typed.lower() in {"help", "?", "h"}:
                        say("Legal: " + " ".join(view["legal"]))
                        continue
                    try:
                        state = state.apply(human, _as_typed(state, human, typed))
                        break
                    except IllegalAction as err:
                        say(f"Not allowed: {err}")
            else:
                action = bots[seat].choose(state.view(seat), state.legal_actions(seat), budget_ms)
                state = state.apply(seat, action)
            for event in state.view(human)["events"]:
                told = text.event_text(event, names, human)
                if told:
                    say(told)
    winners = state.winners()
    say("Game over. Winner(s): " + ", ".join(names[w] for w in winners))
    return 0


# -- argument parsing -----------------------------------------------------------------------


def _seed(text: str) -> int | str:
    try:
        return int(text)
    except ValueError:
        return text


def _shard(text: str) -> tuple[int, int]:
    k, _, n = text.partition("/")
    try:
        shard = int(k), int(n)
    except ValueError:
        raise ValueError(f"--shard takes K/N, got {text!r}") from None
    if not 0 <= shard[0] < shard[1]:
        raise ValueError(f"--shard K/N needs 0 <= K < N, got {text!r}")
    return shard


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    sp = sub.add_parser("selfplay", help="play seeded games between bots and print statistics")
    sp.add_argument("--game", default=game_ids()[0], choices=game_ids())
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
    sp.add_argument("--option", action="append", default=[], help="a game option: name=value")
    sp.add_argument("--seed", type=_seed, default=0)
    sp.add_argument("--quiet", action="store_true", help="no per-game progress lines")
    sp.add_argument(
        "--out", default=None, help="JSON-lines file of finished games: a resumable run"
    )
    sp.add_argument(
        "--shard", default="0/1", help="K/N: play only games g with g %% N == K (share --out)"
    )

    pp = sub.add_parser("play", help="play in the terminal against bots (you are seat 0)")
    pp.add_argument("game", nargs="?", default=game_ids()[0], choices=game_ids())
    pp.add_argument("--players", type=int, default=4)
    pp.add_argument("--bots", default="heuristic", choices=BOT_LEVELS)
    pp.add_argument("--budget-ms", type=float, default=200.0)
    pp.add_argument("--seed", type=_seed, default=None)
    pp.add_argument("--rounds", type=int, default=None)
    pp.add_argument("--option", action="append", default=[], help="a game option: name=value")
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
            result = selfplay(
                args.game,
                args.players,
                args.games,
                levels,
                args.budget_ms,
                args.seed,
                iterations=args.iterations,
                options=game_options(args.game, args.rounds, args.option),
                progress=None if args.quiet else lambda line: print(line, flush=True),
                out=args.out,
                shard=_shard(args.shard),
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
                args.game,
                args.players,
                args.bots,
                args.seed,
                args.budget_ms,
                0,
                options=game_options(args.game, args.rounds, args.option),
            )
        except KeyboardInterrupt:
            print("\nBye.")
            return 0
        except ValueError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
    return 2  # pragma: no cover
