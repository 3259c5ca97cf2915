"""Batch commands as a user meets them: many SOURCEs, stamped seeds that reproduce,
progress only on a terminal's stderr, and runs stopped by Ctrl-C, SIGKILL or a dead
worker that keep what they finished and resume to exactly the uninterrupted output."""

from __future__ import annotations

import os
import pty
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from puzzlekit.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[1] / "plugins" / "puzzlekit_slitherlink" / "examples"
PUZZLEKIT = [sys.executable, "-c", "from puzzlekit.cli.main import main; main()"]
GENERATE = ["generate", "slitherlink", "--size", "5x5", "--difficulty", "medium", "--seed", "stop"]
COUNT = 14


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def copy_examples(tmp_path: Path) -> list[Path]:
    paths = []
    for name in ("first.txt", "garden.txt", "river.txt"):
        path = tmp_path / name
        path.write_text((EXAMPLES / name).read_text())
        paths.append(path)
    return paths


# -- sources ----------------------------------------------------------------


def test_several_files_solve_as_one_file_of_them_all(tmp_path: Path) -> None:
    a, b, c = copy_examples(tmp_path)
    joined = tmp_path / "all.txt"
    joined.write_text("\n".join(p.read_text() for p in (a, b, c)))
    several = run("solve", "slitherlink", str(a), str(b), str(c))
    one = run("solve", "slitherlink", str(joined))
    assert several.exit_code == one.exit_code == 0
    strip = [line for line in several.stdout.splitlines() if not line.startswith("# ")]
    assert strip == [line for line in one.stdout.splitlines() if not line.startswith("# ")]
    assert several.stdout.count("# status: unique") == 3


def test_a_folder_a_glob_stdin_and_a_file_of_urls_mix(tmp_path: Path) -> None:
    folder = tmp_path / "book"
    folder.mkdir()
    copy_examples(folder)
    urls = run("convert", "slitherlink", str(folder), "--to", "url")
    assert urls.exit_code == 0 and urls.stdout.count("https://") == 3
    listed = tmp_path / "urls.txt"
    listed.write_text("# three puzzles\n\n" + urls.stdout.replace("\n", "\n\n", 1))
    by_folder = run("grade", "slitherlink", str(folder))
    by_glob = run("grade", "slitherlink", str(folder / "*.txt"))
    by_list = run("grade", str(listed))  # the genre comes from the URLs
    by_stdin = run("grade", "slitherlink", "-", stdin=(folder / "first.txt").read_text())
    mixed = run("grade", "slitherlink", str(folder / "first.txt"), str(listed), "-", stdin=urls.stdout)
    tiers = [line.split(";")[1] for line in by_folder.stdout.splitlines() if "tier" in line]
    assert len(tiers) == 3
    for result in (by_glob, by_list):
        assert [line.split(";")[1] for line in result.stdout.splitlines() if "tier" in line] == tiers
    assert by_stdin.exit_code == 0 and "<stdin>:" in by_stdin.stdout
    assert mixed.exit_code == 0 and mixed.stdout.count("tier") == 7
    places = [line.split(": ")[0] for line in by_list.stdout.splitlines() if "tier" in line]
    assert places == [f"{listed}:{n}" for n in (3, 5, 6)]  # each puzzle is placed at its line of the list


def test_a_bad_line_in_a_file_of_ids_is_placed(tmp_path: Path) -> None:
    listed = tmp_path / "ids.txt"
    listed.write_text("5x5t0:e1112a12a1a32b2b0a0\n# a comment\n5x5t0:e1112a12a1a32b2b0a0zzzz\n")
    result = run("solve", "slitherlink", str(listed))
    assert result.exit_code == 1
    assert f"{listed}:3:" in result.stderr and "Traceback" not in result.stderr


def test_a_glob_that_matches_nothing_is_one_line_and_a_usage_error_as_a_missing_file_is(tmp_path: Path) -> None:
    result = run("solve", "slitherlink", str(tmp_path / "*.txt"))
    assert result.exit_code == 2 and "no file matches" in result.stderr


# -- seeds ------------------------------------------------------------------


def test_the_seed_stamped_on_an_item_makes_it_alone() -> None:
    batch = run("generate", "slitherlink", "--size", "5x5", "--seed", "42", "--count", "3")
    alone = run("generate", "slitherlink", "--size", "5x5", "--seed", "42#2")
    assert batch.exit_code == alone.exit_code == 0
    blocks = batch.stdout.split("\n\n")
    assert "# seed: 42#2" in blocks[2]
    assert blocks[2] == alone.stdout
    later = run("generate", "slitherlink", "--size", "5x5", "--seed", "42#1", "--count", "2")
    assert later.stdout == "\n\n".join(blocks[1:])


# -- same bytes however it runs, progress only on a terminal's stderr --------


def test_jobs_give_the_same_bytes_and_a_file_gets_them_too(tmp_path: Path) -> None:
    one = run(*GENERATE, "--count", "6")
    two = run(*GENERATE, "--count", "6", "--jobs", "2")
    every = run(*GENERATE, "--count", "6", "--jobs", "0", "-o", str(tmp_path / "out.txt"))
    assert one.exit_code == two.exit_code == every.exit_code == 0
    assert one.stdout_bytes == two.stdout_bytes == (tmp_path / "out.txt").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]  # a finished run leaves nothing else


def test_the_bar_is_drawn_on_a_terminals_stderr_and_never_on_stdout(tmp_path: Path) -> None:
    args = [*PUZZLEKIT, *GENERATE, "--count", "4"]
    plain = subprocess.run(args, capture_output=True, check=True)
    assert plain.stderr == b""  # stderr is not a terminal: no bar
    leader, follower = pty.openpty()
    seen: list[bytes] = []

    def read_terminal() -> None:  # read as it comes, or a full terminal buffer would block the bar
        try:
            while chunk := os.read(leader, 65536):
                seen.append(chunk)
        except OSError:
            pass

    reader = threading.Thread(target=read_terminal, daemon=True)
    reader.start()
    with subprocess.Popen(args, stdout=subprocess.PIPE, stderr=follower) as proc:
        os.close(follower)
        out = proc.stdout.read() if proc.stdout else b""
        proc.wait(120)
    reader.join(10)
    os.close(leader)
    assert out == plain.stdout
    assert b"generating" in b"".join(seen)


# -- stopping and resuming ----------------------------------------------------


def journalled(out: Path) -> int:
    journal = out.with_name(out.name + ".resume")
    try:
        return max(0, journal.read_text().count("\n") - 1)
    except FileNotFoundError:
        return 0


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def start(args: list[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen([*PUZZLEKIT, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)


def wait_for(out: Path, items: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while journalled(out) < items and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    out = tmp_path_factory.mktemp("whole") / "out.txt"
    subprocess.run([*PUZZLEKIT, *GENERATE, "--count", str(COUNT), "--jobs", "2", "-o", str(out)], check=True)
    return out.read_bytes()


def test_resume_after_a_sigkill_at_a_random_item_gives_the_uninterrupted_output(
    tmp_path: Path, uninterrupted: bytes
) -> None:
    out = tmp_path / "out.txt"
    at = random.Random().randint(1, COUNT - 3)
    proc = start([*GENERATE, "--count", str(COUNT), "--jobs", "2", "-o", str(out)])
    wait_for(out, at, proc)
    os.killpg(proc.pid, signal.SIGKILL)  # the parent and its workers, with no warning
    proc.wait(10)
    assert 0 < journalled(out) < COUNT, f"killed after {journalled(out)} of {COUNT}"
    folder = Path(f"{out}.resume.d")
    aside = {int(n) for n in os.listdir(folder) if n.isdigit()} if folder.exists() else set()
    aside -= set(range(journalled(out)))  # (one written but not yet dropped is not taken back)
    resumed = subprocess.run(
        [*PUZZLEKIT, *GENERATE, "--count", str(COUNT), "--jobs", "2", "-o", str(out), "--resume"],
        capture_output=True,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert out.read_bytes() == uninterrupted, f"killed at item {at}"
    note = f"{len(aside)} item(s) that had finished out of order are taken back".encode()
    assert (note in resumed.stderr) == bool(aside), resumed.stderr  # tests/test_batch_resume.py counts them


def test_ctrl_c_stops_at_once_keeps_finished_items_and_exits_130(tmp_path: Path, uninterrupted: bytes) -> None:
    out = tmp_path / "out.txt"
    proc = start([*GENERATE, "--count", str(COUNT), "--jobs", "2", "-o", str(out)])
    wait_for(out, 2, proc)
    workers = children(proc.pid)
    sent = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)  # what a terminal sends the whole foreground group
    _, stderr = proc.communicate(timeout=30)
    took = time.monotonic() - sent
    assert proc.returncode == 130, stderr
    assert took < 4, f"took {took:.1f} s to stop"  # the promise is 2 s; a loaded machine gets slack
    assert b"interrupted" in stderr and b"--resume" in stderr and b"Traceback" not in stderr
    kept = journalled(out)
    assert kept >= 2 and uninterrupted.startswith(out.read_bytes())  # whole items only
    time.sleep(0.2)
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists() and _alive(pid)]
    resumed = subprocess.run([*PUZZLEKIT, *GENERATE, "--count", str(COUNT), "-o", str(out), "--resume"], check=True)
    assert resumed.returncode == 0 and out.read_bytes() == uninterrupted


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split()[2]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize("fail_fast", [False, True])
def test_a_worker_killed_mid_run_is_reported_and_the_run_goes_on_or_stops_cleanly(
    tmp_path: Path, uninterrupted: bytes, fail_fast: bool
) -> None:
    out = tmp_path / "out.txt"
    args = [*GENERATE, "--count", str(COUNT), "--jobs", "2", "-o", str(out), *(["--fail-fast"] if fail_fast else [])]
    proc = start(args)
    wait_for(out, 1, proc)
    workers = children(proc.pid)
    assert workers, "no worker process to kill"
    os.kill(workers[0], signal.SIGKILL)  # out of memory, say
    _, stderr = proc.communicate(timeout=60)
    text = stderr.decode()
    if proc.returncode == 0:  # the worker had just finished its last item: nothing to report
        assert out.read_bytes() == uninterrupted
        return
    assert proc.returncode == 1, text
    died = re.search(r"puzzle (\d+) \(seed stop#?\d*\): its worker process died \(killed by SIGKILL\)", text)
    assert died, text
    lost = int(died.group(1)) - 1
    blocks = uninterrupted.decode().split("\n\n")  # item i is written as "\n" + its text after the first
    items = [("\n" if i else "") + b + ("\n" if i < len(blocks) - 1 else "") for i, b in enumerate(blocks)]
    if not fail_fast:  # every other puzzle is there, in order
        assert out.read_text() == "".join(item for i, item in enumerate(items) if i != lost)
        return
    assert out.read_text() == "".join(items[:lost])  # stopped cleanly at it
    subprocess.run([*PUZZLEKIT, *args, "--resume"], check=True)
    assert out.read_bytes() == uninterrupted


def test_resume_needs_a_file_and_a_seed() -> None:
    assert run("solve", "slitherlink", str(EXAMPLES / "first.txt"), "--resume").exit_code == 2  # a usage mistake
    result = run("generate", "slitherlink", "--resume", "-o", "x.txt")
    assert result.exit_code == 2 and "--seed" in result.stderr


def test_solve_resumes_a_book_too(tmp_path: Path) -> None:
    a, b, c = copy_examples(tmp_path)
    whole = run("solve", "slitherlink", str(a), str(b), str(c))
    out = tmp_path / "out.txt"
    partial = run("solve", "slitherlink", str(a), "-o", str(out))
    assert partial.exit_code == 0
    # a run of the whole book stopped after its first puzzle leaves what the journal says
    first = run("solve", "slitherlink", str(a), str(b), str(c), "-o", str(out), "--jobs", "2")
    assert first.exit_code == 0 and out.read_text() == whole.stdout


def test_workers_do_not_outlive_a_killed_parent(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    proc = start([*GENERATE, "--count", str(COUNT), "--jobs", "2", "-o", str(out)])
    wait_for(out, 1, proc)
    workers = children(proc.pid)
    os.kill(proc.pid, signal.SIGKILL)  # the parent alone: its workers are orphans now
    proc.wait(10)
    deadline = time.monotonic() + 15
    while [pid for pid in workers if _alive(pid)] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if _alive(pid)]


def test_a_sheet_drawn_by_two_jobs_is_the_same_pdf(tmp_path: Path) -> None:
    from puzzlekit.pictures import pictures_problem

    if pictures_problem():
        pytest.skip(f"the pictures extra is unusable here: {pictures_problem()}")
    files = [str(p) for p in copy_examples(tmp_path)]
    one, two = tmp_path / "one.pdf", tmp_path / "two.pdf"
    assert run("render", "slitherlink", *files, "--sheet", "-o", str(one)).exit_code == 0
    assert run("render", "slitherlink", *files, "--sheet", "-o", str(two), "--jobs", "2").exit_code == 0

    def undated(path: Path) -> list[bytes]:
        return [line for line in path.read_bytes().split(b"\n") if b"/CreationDate" not in line]

    assert undated(one) == undated(two)


@pytest.mark.parametrize(
    "command",
    [
        ["check", "slitherlink", "first.attempt.txt", "first.solution.txt"],
        ["grade", "slitherlink", "first.txt", "garden.txt", "river.txt"],
        ["analyze", "slitherlink", "first.txt", "garden.txt"],
        ["convert", "slitherlink", "first.txt", "garden.txt", "river.txt", "--to", "tatham"],
        ["solve", "slitherlink", "first.txt", "garden.txt", "river.txt", "--steps"],
    ],
)
def test_every_batch_command_gives_the_same_bytes_with_jobs(command: list[str]) -> None:
    args = [str(EXAMPLES / a) if a.endswith(".txt") else a for a in command]
    one, two = run(*args), run(*args, "--jobs", "2")
    assert (one.exit_code, one.stdout_bytes, one.stderr) == (two.exit_code, two.stdout_bytes, two.stderr)
    assert one.stdout
