"""The command line: ``python -m engine selfplay`` and ``python -m engine play``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from engine.cli import main, play

ROOT = Path(__file__).resolve().parents[1]
KEYS = {"win_rate", "mean_decision_ms", "actions", "seconds"}


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_selfplay_prints_a_json_last_line() -> None:
    proc = run(
        "selfplay",
        "--game",
        "jalapeno",
        "--players",
        "4",
        "--games",
        "2",
        "--seats",
        "search,heuristic,random,heuristic",
        "--budget-ms",
        "5",
        "--iterations",
        "6",
        "--rounds",
        "1",
        "--seed",
        "3",
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) > 1, "a readable summary comes before the JSON line"
    result = json.loads(lines[-1])
    assert KEYS <= set(result)
    assert len(result["win_rate"]) == len(result["mean_decision_ms"]) == 4
    assert abs(sum(result["win_rate"]) - 1) < 1e-3  # shared first places split 1/k
    assert result["actions"] > 0 and result["games"] == 2


def test_selfplay_is_reproducible_with_an_iteration_budget(capsys) -> None:
    args = ["selfplay", "--players", "3", "--games", "2", "--seats", "search,heuristic,random"]
    args += ["--iterations", "5", "--rounds", "1", "--seed", "x", "--quiet"]
    results = []
    for _ in range(2):
        assert main(args) == 0
        result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
        results.append((result["win_rate"], result["mean_score"], result["actions"]))
    assert results[0] == results[1]


def test_selfplay_one_level_means_every_seat(capsys) -> None:
    assert main(["selfplay", "--players", "5", "--games", "1", "--seats", "random", "--quiet"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["seats"] == ["random"] * 5


def test_selfplay_rejects_bad_seats(capsys) -> None:
    assert main(["selfplay", "--players", "4", "--seats", "random,genius,random,random"]) == 2
    assert main(["selfplay", "--players", "4", "--seats", "random,random"]) == 2
    assert "level" in capsys.readouterr().err


def test_play_handles_eof() -> None:
    proc = run("play", "jalapeno", "--players", "4", "--seed", "1", stdin="")
    assert proc.returncode == 0, proc.stderr
    assert "end of input" in proc.stdout


def test_play_explains_illegal_moves_and_quits() -> None:
    out = io.StringIO()
    code = play("jalapeno", 4, "random", 5, 0, stdin=io.StringIO("ZZ9\nP18\nhelp\nquit\n"), out=out)
    text = out.getvalue()
    assert code == 0
    assert "Your hand:" in text and "Legal:" in text
    assert text.count("Not allowed:") == 2
    assert "Bye." in text


class FirstLegal(io.StringIO):
    """A player who always types the first card of the last 'Legal:' line printed."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__()
        self.out = out

    def readline(self, *args: object) -> str:
        legal = [ln for ln in self.out.getvalue().splitlines() if ln.startswith("Legal: ")][-1]
        return legal.split()[1] + "\n"


def test_play_a_whole_short_game() -> None:
    out = io.StringIO()
    code = play("jalapeno", 3, "heuristic", 2, 0, rounds=2, stdin=FirstLegal(out), out=out)
    text = out.getvalue()
    assert code == 0
    assert text.count("Round over.") == 2
    assert "Game over. Winner(s):" in text
    assert "takes the trick" in text


def test_selfplay_resumes_from_its_file_and_shards_share_it(tmp_path, capsys) -> None:
    args = ["selfplay", "--players", "3", "--games", "4", "--seats", "search,heuristic,random"]
    args += ["--iterations", "4", "--rounds", "1", "--seed", "r", "--quiet"]
    assert main(args) == 0
    whole = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    out = tmp_path / "run.jsonl"
    for shard in ("1/2", "0/2"):
        assert main([*args, "--out", str(out), "--shard", shard]) == 0
        half = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert half["games"] == 4 and half["win_rate"] == whole["win_rate"]
    assert half["mean_score"] == whole["mean_score"] and half["actions"] == whole["actions"]
    assert len(out.read_text().splitlines()) == 1 + 4  # the settings, then one line a game
    assert main([*args, "--out", str(out)]) == 0  # all done: nothing is played again
    again = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert again["win_rate"] == whole["win_rate"] and len(out.read_text().splitlines()) == 5
    other = [a if a != "r" else "s" for a in args]
    assert main([*other, "--out", str(out)]) == 2  # a file of other settings is refused
    assert "other settings" in capsys.readouterr().err
