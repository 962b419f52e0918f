"""The command line: python -m engine score / replay."""

import contextlib
import io
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine import dumps, new_game
from engine.tools.cli import main

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str


def run(*args: str, stdin: str = "") -> Run:
    """Run the command line in this process (so it also runs inside Pyodide)."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(args))
    finally:
        sys.stdin = old_stdin
    return Run(code, out.getvalue(), err.getvalue())


def test_score_prints_points_and_rays_for_every_rulebook_example() -> None:
    """`score FILE` prints raw points per colour and the rays, matching the rulebook."""
    expected = {
        "1-one-blue.json": 1,
        "2-red-and-two-blue.json": 3,
        "3-double-blue.json": 4,
        "4-two-red-four-blue.json": 6,
        "5-twelve-green.json": 12,
    }
    for name, total in expected.items():
        out = run("score", str(ROOT / "docs" / "positions" / name))
        assert out.returncode == 0, out.stderr
        data = json.loads(out.stdout)
        assert sum(data["points"].values()) == total
        assert sum(r["points"] for r in data["rays"]) == total


def test_score_reads_stdin() -> None:
    """`score -` reads the position from standard input."""
    out = run("score", "-", stdin='{"zone": 5, "placement": [[4, 0, "blue"], [4, 1, "red"]]}')
    assert json.loads(out.stdout)["points"]["blue"] == 1


def test_score_checks_only_adjacent_empty_cells_in_the_zone() -> None:
    """`score` ignores the first-placement rule but refuses a placement that breaks geometry."""
    ok = run("score", "-", stdin='{"zone": 5, "placement": [[0, 0, "blue"], [1, 0, "red"]]}')
    assert ok.returncode == 0
    bad = run("score", "-", stdin='{"zone": 5, "placement": [[0, 0, "blue"], [2, 0, "red"]]}')
    assert bad.returncode != 0 and "adjacent" in bad.stderr and "Traceback" not in bad.stderr


def test_malformed_file_gives_a_clear_error() -> None:
    """Bad input: a malformed or missing file prints one clear line and exits non-zero."""
    out = run("score", "-", stdin="{oops")
    assert out.returncode == 2 and out.stderr.startswith("error:") and "Traceback" not in out.stderr
    out = run("score", "/no/such/file.json")
    assert out.returncode == 2 and "cannot read" in out.stderr


def test_replay_prints_the_game_move_by_move(tmp_path: Path) -> None:
    """`replay SAVE` prints every move with its points and the scores."""
    game = new_game("standard", 2, seed=2, names=["Ann", "Bob"])
    for _ in range(4):
        game.apply(game.legal_moves()[0])
    save = tmp_path / "game.json"
    save.write_text(dumps(game))
    out = run("replay", str(save))
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("scores:") == 4 and "Ann" in out.stdout and "Bob" in out.stdout
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "ingenious", "version": 7}')
    out = run("replay", str(broken))
    assert out.returncode == 2 and "newer" in out.stderr


def test_review_answers_bad_input_with_one_line_and_status_2(tmp_path: Path) -> None:
    """The probe's findings: a file that is not JSON, nested too deeply, or not a game,
    and --seats naming a seat the game lacks (it exited 0 and reviewed nothing): one
    error line each, status 2, no traceback."""
    game = new_game("standard", 2, seed=2, names=["Ann", "Bob"])
    for _ in range(2):
        game.apply(game.legal_moves()[0])
    good = tmp_path / "game.json"
    good.write_text(dumps(game))
    cases = {
        "{oops": ("not valid JSON",),
        "[" * 100_000: ("nested too deeply",),
        '{"format": "ingenious", "version": 2, "variant": "standard", "players": 2, '
        '"names": ["A", "B"], "seed": 1, "moves": ["9,9:red 9,10:red"]}': ("illegal",),
        '{"format": "ingenious", "version": 2, "players": "2"}': ("variant",),
    }
    for text, words in cases.items():
        bad = tmp_path / "bad.json"
        bad.write_text(text)
        out = run("review", str(bad), "--worlds", "1")
        assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr[:300]
        assert out.stderr.startswith("error:") and all(w in out.stderr for w in words)
    for seats, words in (("9", "seats 0 to 1, not 9"), ("-1", "not -1"), ("a", "0,1")):
        out = run("review", str(good), "--seats", seats, "--worlds", "1")
        assert out.returncode == 2 and words in out.stderr and out.stderr.count("\n") == 1


def test_a_malformed_command_line_is_one_line_and_status_2() -> None:
    for args in (["arena", "--games", "x"], [], ["review", "--worlds", "0"], ["nope"]):
        out = io.StringIO()
        with contextlib.redirect_stderr(out):
            try:
                main(args)
            except SystemExit as exc:
                code = exc.code
        assert code == 2 and out.getvalue().count("\n") == 1, (args, out.getvalue())
        assert out.getvalue().startswith("error:")


def one_error_line(out: Run) -> str:
    """The command's one line on stderr (status 2, no traceback, nothing on stdout)."""
    assert out.returncode == 2, (out.returncode, out.stderr[-300:])
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: "), out.stderr[-300:]
    assert "Traceback" not in out.stderr and out.stdout == ""
    return out.stderr


def run_or_exit(*args: str) -> Run:
    """`run`, also for a command line the parser refuses (it exits with status 2)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return Run(code, out.getvalue(), err.getvalue())


def test_every_option_of_the_probe_gives_one_error_line_and_status_2(tmp_path: Path) -> None:
    """The probe's command lines (tracebacks, or a bench run until killed): numbers that are
    not finite or not positive, and a results file that is a folder or in a missing one,
    are refused before any work starts, with one line and status 2."""
    cases = {
        ("arena", "--budget-scale", "inf"): "--budget-scale",
        ("arena", "--budget-scale", "nan"): "--budget-scale",
        ("arena", "--budget-scale", "-1"): "--budget-scale",
        ("arena", "--results", str(tmp_path)): "not a regular file",
        ("arena", "--results", str(tmp_path / "missing" / "r.jsonl")): "does not exist",
        ("bench", "--seconds", "-1"): "--seconds",
        ("bench", "--seconds", "nan"): "--seconds",
        ("bench", "--seconds", "inf"): "--seconds",
        ("bench", "--seconds", "0"): "--seconds",
        ("arena", "--jobs", "100000000"): "--jobs",
        ("arena", "--games", "10000000000000"): "--games",
        ("arena", "--budget-ms", "9" * 30): "--budget-ms",
        ("arena", "--seed", "-5"): "--seed",
        ("arena", "--players", "9"): "--players",
        ("review", "--worlds", "100000000"): "--worlds",
        ("soak", "--games", "-1"): "--games",
        ("audit", "--seed", "1e9"): "--seed",
    }
    for args, words in cases.items():
        line = one_error_line(run_or_exit(*args))
        assert words in line, (args, line)


def test_a_results_file_that_cannot_be_written_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full device: the arena's results file refuses a write (here the settings line);
    one line naming the file, status 2."""
    import errno
    import pathlib

    target = tmp_path / "r.jsonl"

    def full(self: pathlib.Path, *args: object, **kwargs: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device", str(self))

    monkeypatch.setattr(pathlib.Path, "write_text", full)
    line = one_error_line(run("arena", "--games", "1", "--results", str(target)))
    assert "No space left on device" in line and "r.jsonl" in line


class Endless(io.StringIO):
    """Standard input that never ends (as ``/dev/zero`` or an endless pipe): reading it
    whole is a failure of the test, not a hang."""

    def __init__(self) -> None:
        super().__init__()
        self.taken = 0

    def read(self, size: int | None = -1) -> str:
        if size is None or size < 0:
            raise AssertionError("the whole of an endless input was asked for")
        self.taken += size
        return " " * size


def test_an_input_is_read_with_a_size_bound(tmp_path: Path) -> None:
    """`score /dev/zero` read the whole endless input before checking its size: now at
    most one character past the limit is read, from a pipe or a file, and the command
    says the input is too large."""
    for command in ("score", "replay", "review"):
        endless = Endless()
        old_stdin, sys.stdin = sys.stdin, endless
        try:
            out = run_or_exit(command, "-")
        finally:
            sys.stdin = old_stdin
        assert "too large" in one_error_line(out) and endless.taken <= 512 * 1024 + 1
    big = tmp_path / "big.json"
    big.write_text(" " * (600 * 1024))
    assert "too large" in one_error_line(run("score", str(big)))


def test_bench_still_takes_a_small_positive_number_of_seconds() -> None:
    out = run("bench", "--seconds", "0.05", "--json")
    assert out.returncode == 0 and json.loads(out.stdout)["random_games_per_s"] > 0


def test_the_puzzle_maker_checks_its_count() -> None:
    """``python -m engine.puzzles COUNT``: a count that is not a whole number from 1 to
    its limit is one line and status 2 (it raised a ValueError)."""
    from engine.coach.puzzles import main as make_puzzles

    for args in (["x"], ["0"], ["-3"], ["9" * 30], ["1", "2"]):
        err = io.StringIO()
        with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as exit_:
            make_puzzles(args)
        assert exit_.value.code == 2 and err.getvalue().count("\n") == 1, args
        assert err.getvalue().startswith("error: COUNT")
