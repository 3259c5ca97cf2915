"""Stopped runs lose no finished work, failed items are reported and gone past, and a
finished run resumes to nothing: run with ``batch_command`` (work the tests control,
through the same ``run_batch`` as every batch command) and with the real ``generate``."""

from __future__ import annotations

import os
import pickle
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlekit.cli.main import main

HERE = Path(__file__).resolve().parent
NUMBERS = [sys.executable, str(HERE / "batch_command.py")]
COUNT = 12


def expected(items: range | list[int]) -> str:
    return "".join(f"{x} squared is {x * x}\n" for x in items)


def journalled(out: Path) -> int:
    try:
        return max(0, Path(f"{out}.resume").read_text().count("\n") - 1)
    except FileNotFoundError:
        return 0


def stashed(out: Path) -> set[int]:
    try:
        return {int(name) for name in os.listdir(f"{out}.resume.d") if name.isdigit()}
    except FileNotFoundError:
        return set()


def made(log: Path) -> list[int]:
    return [int(line) for line in log.read_text().split()] if log.exists() else []


def numbers(tmp_path: Path, *args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [*NUMBERS, str(COUNT), "--gate", str(tmp_path / "gate"), "--log", str(tmp_path / "made.log"), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )


def stopped_behind_a_slow_item(tmp_path: Path, how: signal.Signals) -> tuple[Path, int, set[int], bytes]:
    """A run whose item ``slow`` waits while later items finish, stopped by ``how``:
    the output, the slow item, the items done as far as the run knew, and its stderr."""
    out = tmp_path / "out.txt"
    slow = random.Random().randint(0, 4)
    proc = numbers(tmp_path, "--slow", str(slow), "--jobs", "2", "-o", str(out))
    deadline = time.monotonic() + 60
    while (journalled(out) < slow or len(stashed(out)) < 4) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert journalled(out) == slow and len(stashed(out)) >= 4, "the later items did not finish"
    os.killpg(proc.pid, how)
    _, stderr = proc.communicate(timeout=30)
    done = set(range(journalled(out))) | stashed(out)
    assert slow not in done and len(done) > slow
    return out, slow, done, stderr


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGINT])
def test_items_finished_behind_a_slow_one_are_kept_and_not_made_again(tmp_path: Path, how: signal.Signals) -> None:
    out, slow, done, stderr = stopped_behind_a_slow_item(tmp_path, how)
    assert out.read_text() == expected(range(slow))  # the file itself: whole items, in order
    if how == signal.SIGINT:
        assert b"finished out of order kept for it" in stderr and b"Traceback" not in stderr
    log = tmp_path / "made.log"
    log.unlink()
    (tmp_path / "gate").write_text("open")
    resumed = numbers(tmp_path, "--slow", str(slow), "--jobs", "2", "-o", str(out), "--resume")
    _, stderr = resumed.communicate(timeout=60)
    assert resumed.returncode == 0, stderr
    assert out.read_text() == expected(range(COUNT))  # exactly the uninterrupted output
    again = made(log)
    assert not set(again) & done, f"made again: {sorted(set(again) & done)}"
    assert sorted(again) == sorted(set(range(COUNT)) - done)  # and each of the rest once
    assert f"{len(done) - slow} item(s) that had finished out of order are taken back".encode() in stderr
    assert not Path(f"{out}.resume.d").exists()


def test_a_planted_result_runs_no_code_and_its_item_is_made_again(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    proc = numbers(tmp_path, "--slow", "0", "--jobs", "2", "-o", str(out))
    deadline = time.monotonic() + 60
    while len(stashed(out)) < 3 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(10)
    victim = min(stashed(out))
    planted = tmp_path / "planted"

    class Evil:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return (os.system, (f"touch {planted}",))

    Path(f"{out}.resume.d/{victim}").write_bytes(pickle.dumps(Evil()))
    (tmp_path / "made.log").unlink(missing_ok=True)
    (tmp_path / "gate").write_text("open")
    resumed = numbers(tmp_path, "--jobs", "2", "--slow", "0", "-o", str(out), "--resume")
    resumed.communicate(timeout=60)
    assert resumed.returncode == 0 and not planted.exists()
    assert out.read_text() == expected(range(COUNT)) and victim in made(tmp_path / "made.log")


# -- failed items -------------------------------------------------------------


def test_failed_items_are_reported_by_source_and_the_run_goes_on(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    proc = numbers(tmp_path, "--fail", "3", "--fail", "7", "--jobs", "2", "-o", str(out))
    _, stderr = proc.communicate(timeout=60)
    text = stderr.decode()
    assert proc.returncode == 1, text
    assert "puzzlekit: error: number 3: 3 is not allowed" in text and "number 7: 7 is not allowed" in text
    assert "2 item(s) failed (reported above)" in text and "Traceback" not in text
    assert out.read_text() == expected([x for x in range(COUNT) if x not in (3, 7)])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["made.log", "out.txt"]  # finished: nothing else


@pytest.mark.parametrize("fail_fast", [False, True])
def test_a_worker_killed_mid_run_is_reported_by_item_and_never_hangs(tmp_path: Path, fail_fast: bool) -> None:
    out = tmp_path / "out.txt"
    args = ["--die", "5", "--jobs", "2", "-o", str(out), *(["--fail-fast"] if fail_fast else [])]
    proc = numbers(tmp_path, *args)
    _, stderr = proc.communicate(timeout=60)
    text = stderr.decode()
    assert proc.returncode == 1, text
    assert "puzzlekit: error: number 5: its worker process died (killed by SIGKILL)" in text
    if not fail_fast:  # gone past: every other item is there
        assert out.read_text() == expected([x for x in range(COUNT) if x != 5])
        return
    assert "the run stopped there" in text and "add --resume" in text
    assert out.read_text() == expected(range(5))  # stopped cleanly at it
    (tmp_path / "gate").write_text("open")  # the worker would live now
    (tmp_path / "made.log").unlink()
    resumed = numbers(tmp_path, *args, "--resume")
    resumed.communicate(timeout=60)
    assert resumed.returncode == 0 and out.read_text() == expected(range(COUNT))
    assert 5 in made(tmp_path / "made.log") and not set(made(tmp_path / "made.log")) & set(range(5))


def test_many_failures_in_a_row_stop_the_run(tmp_path: Path) -> None:
    from batch_command import numbers as command

    bad = [arg for x in range(2, 12) for arg in ("--fail", str(x))]
    result = CliRunner().invoke(command, ["12", *bad])
    assert result.exit_code == 1
    assert "10 items failed in a row; stopping" in result.stderr
    assert result.stdout == expected(range(2))


# -- resuming a finished run --------------------------------------------------

GENERATE = ["generate", "slitherlink", "--size", "5x5", "--difficulty", "easy", "--seed", "done", "--count", "3"]


def test_resume_of_a_finished_run_does_nothing_and_of_a_stopped_one_refuses_other_options(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    first = CliRunner().invoke(main, [*GENERATE, "-o", str(out)])
    assert first.exit_code == 0
    before = out.read_bytes()
    again = CliRunner().invoke(main, [*GENERATE, "-o", str(out), "--resume", "--jobs", "2"])
    assert again.exit_code == 0, again.stderr
    note = f"{out} is already finished (it has no journal beside it); nothing to resume"
    assert again.stderr == f"puzzlekit: note: {note}\n"
    assert out.read_bytes() == before
    # A stopped run (stopped before its first item): its journal names the command and options.
    Path(f"{out}.resume").write_text(f"puzzlekit-resume 1 {fingerprint_of([*GENERATE, '-o', str(out)])}\n")
    out.write_bytes(b"")
    other = CliRunner().invoke(main, [*GENERATE[:-1], "5", "-o", str(out), "--resume"])
    assert other.exit_code == 2 and other.stderr.count("\n") == 1, other.stderr
    assert "was written by another command or other options" in other.stderr
    assert out.read_bytes() == b""
    same = CliRunner().invoke(main, [*GENERATE, "-o", str(out), "--resume"])
    assert same.exit_code == 0 and out.read_bytes() == before  # (all three made again, the same)


def fingerprint_of(args: list[str]) -> str:
    """The fingerprint a run of ``args`` writes in its journal."""
    import click

    from puzzlekit.batching.output import fingerprint
    from puzzlekit.cli.batchrun import HOW

    command = main.get_command(click.Context(main), args[0])
    assert command is not None
    ctx = command.make_context(args[0], args[1:])
    return fingerprint(args[0], ctx.params, HOW)


def test_a_glob_over_a_stopped_runs_folder_skips_its_journal_and_kept_results(tmp_path: Path) -> None:
    from puzzlekit.batching.sources import expand

    (tmp_path / "book.txt").write_text("x")
    (tmp_path / "out.txt.resume").write_text("puzzlekit-resume 1 f\n")
    (tmp_path / "out.txt.resume.d").mkdir()
    (tmp_path / "out.txt.resume.d" / "9").write_bytes(b"\x80\x05")
    assert [Path(p).name for p in expand([f"{tmp_path}/**/*"])] == ["book.txt"]
    assert [Path(p).name for p in expand([str(tmp_path)])] == ["book.txt"]
