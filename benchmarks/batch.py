"""Benchmark batch work: one process, local jobs and a Dask cluster, on this machine.

    python benchmarks/batch.py                  # the issue's measurements (a few minutes)
    python benchmarks/batch.py --count 10 --tiny 500   # a quicker look

Table 1 times ``puzzlekit generate slitherlink --size 10x10 --difficulty hard --count N``
as a user runs it (a fresh process each time, its start-up included) with ``--jobs 1``,
``--jobs 2`` and ``--cluster`` on a ``LocalCluster`` of two single-threaded worker
processes started beforehand (its start-up excluded, as a running cluster's is), and
checks that the three outputs are the same bytes.  Table 2 measures Dask's scheduling
cost per item: many tiny 5x5 solves (a handful of boards repeated) through
``puzzlekit.batching.ordered`` in this process, then on the cluster; the overhead per
item is the busy time the cluster spent beyond the work itself (its wall time times its
workers, less one process's time), over the items.  The machine's load
(``os.getloadavg``) is printed with every row: on a shared machine, rerun when quiet.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

PUZZLEKIT = [sys.executable, "-c", "from puzzlekit.cli.main import main; main()"]


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.2f} / {five:.2f}"


def children_cpu(running: list[int]) -> float:
    """CPU seconds of every finished descendant (the command and the workers it joined),
    plus those of the ``running`` processes (the cluster's workers) so far (Linux)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = usage.ru_utime + usage.ru_stime
    for pid in running:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            pass
    return total


def self_cpu() -> float:
    """CPU seconds of this process (the client and, for a LocalCluster, its scheduler)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def running_children() -> list[int]:
    """This process's children now (started before any timed run: the cluster's)."""
    pid = os.getpid()
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
        return [int(c) for t in tasks for c in Path(f"/proc/{pid}/task/{t}/children").read_text().split()]
    except OSError:
        return []


def timed_generate(count: int, extra: list[str], cluster: list[int]) -> tuple[float, bytes, str, float]:
    """Wall seconds, output, load before, and CPU seconds of the run's processes."""
    args = [*PUZZLEKIT, "generate", "slitherlink", "--size", "10x10", "--difficulty", "hard"]
    args += ["--count", str(count), "--seed", "bench", "--timeout", "0", *extra]
    before, cpu = load(), children_cpu(cluster)
    started = time.perf_counter()
    done = subprocess.run(args, capture_output=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(extra)}: exit {done.returncode}: {done.stderr.decode()[-500:]}")
    return time.perf_counter() - started, done.stdout, before, children_cpu(cluster) - cpu


def tiny_puzzles(n: int) -> list[object]:
    """``n`` 5x5 Slitherlink items (five boards, repeated), ready for ``solve_item``."""
    import puzzlekit
    from puzzlekit.batching.sources import PuzzleItem

    made = puzzlekit.generate("slitherlink", size=5, difficulty="medium", seed="tiny", count=5)
    text = "\n".join(m.text for m in made)
    puzzles = puzzlekit.load("slitherlink", text)
    return [PuzzleItem(p.genre, p.block) for p in (puzzles * (n // 5 + 1))[:n]]


def kept_on_cluster(work: object, items: list[object], client: object, workers: list[int]) -> tuple[float, float, int]:
    """The cluster run again as ``-o FILE`` makes it: every result that finishes out of
    order kept in the stash until its turn (wall s, CPU s, items kept aside)."""
    import tempfile

    from puzzlekit.batching import ordered
    from puzzlekit.batching.stash import Stash

    with tempfile.TemporaryDirectory() as folder:
        stash = Stash(Path(folder) / "out.txt.resume.d")
        aside = 0

        def keep(done: object) -> None:
            nonlocal aside
            aside += 1
            stash.keep(done.index, done.value)  # type: ignore[attr-defined]

        cpu0, started = self_cpu() + children_cpu(workers), time.perf_counter()
        for outcome in ordered(work, items, cluster=client, on_held=keep):  # type: ignore[arg-type]
            stash.drop(outcome.index)
        wall, cpu = time.perf_counter() - started, self_cpu() + children_cpu(workers) - cpu0
        stash.clear()
    return wall, cpu, aside


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=40, help="puzzles per generate run (default 40)")
    parser.add_argument("--tiny", type=int, default=2000, help="tiny solves for the overhead (default 2000)")
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="interleaved rounds; the fastest of each run counts (default 1)",
    )
    args = parser.parse_args(argv)

    from distributed import Client, LocalCluster

    from puzzlekit.batching import ordered
    from puzzlekit.cli.commands.solve import SolveOptions, solve_item

    print(f"cores: {os.cpu_count()}; load (1 / 5 min) at start: {load()}", flush=True)
    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0", silence_logs=40
    ) as cluster:
        address = cluster.scheduler_address
        workers = running_children()
        runs = (("1 job", ["--jobs", "1"]), ("2 jobs", ["--jobs", "2"]), ("cluster, 2 workers", ["--cluster", address]))
        best: dict[str, tuple[str, float, bytes, str, str, float]] = {}
        for round_ in range(args.rounds):
            for name, extra in runs:  # interleaved, so a burst of load hits every run alike
                seconds, out, before, cpu = timed_generate(args.count, extra, workers)
                print(f"  round {round_ + 1}, {name}: {seconds:.1f} s (load {before})", file=sys.stderr, flush=True)
                if name not in best or seconds < best[name][1]:
                    best[name] = (name, seconds, out, before, load(), cpu)
        rows = [best[name] for name, _ in runs]
        base, local = rows[0][1], rows[1][1]
        same = len({r[2] for r in rows}) == 1
        print()
        print(f"generate slitherlink --size 10x10 --difficulty hard --count {args.count} (best of {args.rounds})")
        print()
        print("| run | seconds | puzzles/s | vs 1 job | vs 2 jobs | CPU s | load before | load after |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |")
        for name, seconds, _, before, after, cpu in rows:
            print(
                f"| {name} | {seconds:.1f} | {args.count / seconds:.2f} | {base / seconds:.2f}x | "
                f"{local / seconds:.2f}x | {cpu:.1f} | {before} | {after} |"
            )
        print()
        print("CPU s: the CPU time of the command, its workers and the cluster's workers during the run;")
        print("with the machine shared, wall time waits for the CPU, so compare CPU s too.")
        print()
        print(f"identical output bytes in all three: {'yes' if same else 'NO'}")

        how = SolveOptions(2, 100_000, 60.0, None, "propagation", False, True, False, True)
        work = partial(solve_item, how)
        items = tiny_puzzles(args.tiny)
        list(ordered(work, items[:50]))  # warm this process as the workers are warmed
        before = load()
        cpu0, started = self_cpu(), time.perf_counter()
        inline = sum(1 for _ in ordered(work, items))
        one, one_cpu = time.perf_counter() - started, self_cpu() - cpu0
        with Client(cluster) as client:  # type: ignore[no-untyped-call]
            list(ordered(work, items[:50], cluster=client))  # warm the workers' imports
            cpu0, started = self_cpu() + children_cpu(workers), time.perf_counter()
            there = sum(1 for _ in ordered(work, items, cluster=client))
            wall, there_cpu = time.perf_counter() - started, self_cpu() + children_cpu(workers) - cpu0
            kept_wall, kept_cpu, kept_aside = kept_on_cluster(work, items, client, workers)
        overhead = (wall * 2 - one) / args.tiny
        print()
        print(f"scheduling overhead: {args.tiny} tiny 5x5 solves")
        print()
        print("| run | seconds | ms per item | CPU ms per item | load before | load after |")
        print("| --- | ---: | ---: | ---: | --- | --- |")
        per, per_cpu = one / inline * 1000, one_cpu / inline * 1000
        print(f"| one process | {one:.2f} | {per:.2f} | {per_cpu:.2f} | {before} | {load()} |")
        print(
            f"| cluster, 2 workers | {wall:.2f} | {wall / there * 1000:.2f} | {there_cpu / there * 1000:.2f} | "
            f"| {load()} |"
        )
        print(
            f"| cluster, results kept aside as with -o | {kept_wall:.2f} | {kept_wall / args.tiny * 1000:.2f} | "
            f"{kept_cpu / args.tiny * 1000:.2f} | | {load()} |"
        )
        print()
        print(f"kept aside (finished out of order, written to FILE.resume.d): {kept_aside} of {args.tiny} items")
        print(f"overhead per item, wall (wall x 2 workers - one process) / items: {overhead * 1000:.3f} ms")
        print(
            f"overhead per item, CPU (client, scheduler and workers - one process) / items: "
            f"{(there_cpu - one_cpu) / args.tiny * 1000:.3f} ms"
        )
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
