"""The same batches on a real Dask cluster (a LocalCluster of two worker processes,
started once for this module): same bytes as one process and as local jobs, in order."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import batch_helpers as h
import pytest
from click.testing import CliRunner, Result

import puzzlekit
from puzzlekit.batching import Done, Failed, ordered
from puzzlekit.cli.main import main

distributed = pytest.importorskip("distributed")

EXAMPLES = Path(__file__).resolve().parents[1] / "plugins" / "puzzlekit_slitherlink" / "examples"
GENERATE = ["generate", "slitherlink", "--size", "5x5", "--difficulty", "medium", "--seed", "dask", "--count", "6"]


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    import dask

    # A task whose worker dies is given up at once (Dask's default retries it on three more).
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0", silence_logs=50
        ) as local,
    ):
        yield local


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_generate_gives_the_same_bytes_in_one_process_local_jobs_and_the_cluster(cluster: Any) -> None:
    one = run(*GENERATE)
    jobs = run(*GENERATE, "--jobs", "2")
    dask = run(*GENERATE, "--cluster", cluster.scheduler_address)
    assert one.exit_code == jobs.exit_code == dask.exit_code == 0, dask.stderr
    assert one.stdout_bytes == jobs.stdout_bytes == dask.stdout_bytes
    assert one.stdout.count("# seed: dask") == 6


def test_solve_of_several_files_gives_the_same_bytes_on_the_cluster(cluster: Any) -> None:
    files = [str(EXAMPLES / name) for name in ("first.txt", "garden.txt", "river.txt")]
    here = run("solve", "slitherlink", *files, "--json")
    there = run("solve", "slitherlink", *files, "--json", "--cluster", cluster.scheduler_address)
    assert here.exit_code == there.exit_code == 0
    strip = [line.split('"seconds"')[0] for line in here.stdout.splitlines()]  # the time differs, nothing else
    assert strip == [line.split('"seconds"')[0] for line in there.stdout.splitlines()]


def test_many_tiny_items_come_back_in_order_in_chunks(cluster: Any) -> None:
    with distributed.Client(cluster) as client:
        outcomes = list(ordered(h.square, range(500), cluster=client))
        assert [o.index for o in outcomes] == list(range(500))
        assert [o.value for o in outcomes if isinstance(o, Done)] == [x * x for x in range(500)]
        late = list(puzzlekit.batch(h.shuffled_square, range(20), cluster=client))
        assert late == [x * x for x in range(20)]
        with pytest.raises(puzzlekit.BatchError) as caught:
            list(puzzlekit.batch(h.fails_at_two, range(5), cluster=client))
        assert caught.value.index == 2


def test_an_unreachable_scheduler_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("puzzlekit.batching.cluster.CONNECT_TIMEOUT", "1s")
    result = run("solve", "slitherlink", str(EXAMPLES / "first.txt"), "--cluster", "tcp://127.0.0.1:9")
    assert result.exit_code == 1
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.stderr


def test_a_long_puzzle_on_the_cluster_says_how_far_it_is(cluster: Any, host: puzzlekit.Host) -> None:
    from puzzlekit.generation import GenerateRequest, jobs_for, make_item

    if "masyu" not in host.registry.names():
        pytest.skip("masyu is not installed")
    heard: list[tuple[int, dict[str, int]]] = []
    # Work that lasts as long as its budget on any machine (a fast one made a 5x5 Slitherlink
    # before its progress reached the client): no hard 4x4 Masyu exists, so both items try for 1.5 s.
    jobs = jobs_for(host.genre("masyu"), GenerateRequest(4, 4, "hard"), "heard", 2, 1.5)
    outcomes = list(ordered(make_item, jobs, cluster=cluster, on_progress=lambda i, info: heard.append((i, info))))
    assert [o.index for o in outcomes] == [0, 1]
    assert all(isinstance(o, Failed) and "masyu" in o.message for o in outcomes), outcomes
    assert heard and all("attempt" in info for _, info in heard)


def test_a_worker_killed_on_the_cluster_is_reported_by_its_item(cluster: Any) -> None:
    outcomes = list(ordered(h.dies_at_three, range(6), cluster=cluster.scheduler_address))
    failed = {o.index: o for o in outcomes if isinstance(o, Failed)}
    assert 3 in failed and failed[3].died and "died" in failed[3].message
    assert all(o.value == o.index for o in outcomes if isinstance(o, Done))
    assert [o.index for o in outcomes] == list(range(6))


def test_a_cluster_run_reports_a_dead_workers_item_and_goes_on(cluster: Any) -> None:
    from batch_command import numbers

    with distributed.Client(cluster) as client:
        client.wait_for_workers(2, timeout=60)  # (a test before killed one)
    result = CliRunner().invoke(numbers, ["6", "--die", "3", "--cluster", cluster.scheduler_address])
    assert result.exit_code == 1, result.stderr
    assert "puzzlekit: error: number 3: the Dask workers running it died" in result.stderr
    assert "item(s) failed (reported above)" in result.stderr and "Traceback" not in result.stderr
    # Reported by item (this cluster gives a task up at the first death it sees, so one
    # queued on the dying worker may go with it), and the run went on past it.
    reported = {int(n) for n in re.findall(r"error: number (\d+): ", result.stderr)}
    assert 3 in reported and len(reported) <= 2, result.stderr
    assert result.stdout == "".join(f"{x} squared is {x * x}\n" for x in range(6) if x not in reported)


def test_a_chunk_whose_worker_died_is_sent_again_item_by_item(cluster: Any, tmp_path: Path) -> None:
    from batch_command import numbers

    with distributed.Client(cluster) as client:
        client.wait_for_workers(2, timeout=60)
    # Item 30 travels in a chunk with others (tiny items do) and kills its worker once:
    # this cluster gives the chunk up at once, and its items, sent again alone, all live.
    gate = tmp_path / "gate"
    args = ["40", "--die", "30", "--once", "--gate", str(gate), "--cluster", cluster.scheduler_address]
    result = CliRunner().invoke(numbers, args)
    assert gate.exists(), "item 30 never ran"
    written = [int(n) for n in re.findall(r"^(\d+) squared", result.stdout, re.M)]
    assert 30 in written and written == sorted(written) and len(written) >= 38, result.stderr
    if result.exit_code != 0:  # one queued on a worker a test before killed may be given up with it
        assert "1 item(s) failed" in result.stderr and len(written) == 39, result.stderr


def test_a_cluster_run_killed_behind_a_slow_item_resumes_without_making_finished_ones_again(
    cluster: Any, tmp_path: Path
) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    out, log, gate = tmp_path / "out.txt", tmp_path / "made.log", tmp_path / "gate"
    here = Path(__file__).resolve().parent
    args = [sys.executable, str(here / "batch_command.py"), "12", "--gate", str(gate), "--slow", "1"]
    args += ["--log", str(log), "--cluster", cluster.scheduler_address, "-o", str(out)]

    def aside() -> set[int]:
        folder = Path(f"{out}.resume.d")
        return {int(n) for n in os.listdir(folder) if n.isdigit()} if folder.exists() else set()

    proc = subprocess.Popen(args, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 60
    while len(aside()) < 4 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    os.killpg(proc.pid, signal.SIGKILL)  # the client, with no warning (the cluster lives on)
    proc.wait(10)
    gate.write_text("open")  # (lets the orphaned slow task end on its worker)
    done = set(range(Path(f"{out}.resume").read_text().count("\n") - 1)) | aside()
    assert 1 not in done and len(done) >= 5, done
    log.unlink(missing_ok=True)
    resumed = subprocess.run([*args, "--resume"], capture_output=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    assert out.read_text() == "".join(f"{x} squared is {x * x}\n" for x in range(12))
    again = {int(n) for n in log.read_text().split()}
    assert again == set(range(12)) - done, resumed.stderr


def test_a_scheduler_without_workers_stops_the_run_instead_of_waiting_for_ever(monkeypatch: pytest.MonkeyPatch) -> None:
    from batch_command import numbers

    monkeypatch.setattr("puzzlekit.batching.cluster.NO_WORKERS_TIMEOUT", 1.0)
    with distributed.LocalCluster(
        n_workers=0, processes=False, protocol="tcp", dashboard_address="127.0.0.1:0", silence_logs=50
    ) as empty:
        result = CliRunner().invoke(numbers, ["3", "--cluster", empty.scheduler_address])
    assert result.exit_code == 1
    assert f"the Dask scheduler at {empty.scheduler_address} has had no workers for 1 s" in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
