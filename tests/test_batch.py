"""The batch engine: ordered streaming in this process and on local workers, dead
workers reported by item, the resumable output file, the library entry points."""

from __future__ import annotations

from pathlib import Path

import batch_helpers as h
import pytest

import puzzlekit
from puzzlekit.batching import BatchError, Done, Failed, every_core, ordered, resolve_jobs
from puzzlekit.batching.output import ItemWriter, Record, journal_path
from puzzlekit.batching.pool import LocalPool
from puzzlekit.errors import PuzzlekitError, UsageError
from puzzlekit.generation import GenerateRequest, MakeJob, Unrepeated, body_key, item_seed, make_item, split_seed

EXAMPLES = Path(__file__).resolve().parents[1] / "plugins" / "puzzlekit_slitherlink" / "examples"


@pytest.mark.parametrize("jobs", [1, 3])
def test_outcomes_come_in_input_order_whoever_runs_them(jobs: int) -> None:
    outcomes = list(ordered(h.shuffled_square, range(15), jobs=jobs))
    assert [o.index for o in outcomes] == list(range(15))
    assert [o.value for o in outcomes if isinstance(o, Done)] == [x * x for x in range(15)]


def test_a_late_item_holds_back_only_what_comes_after_it(tmp_path: Path) -> None:
    gate = tmp_path / "gate"
    outcomes = ordered(h.gated, [(x, str(gate)) for x in range(4)], jobs=2)
    first = next(outcomes)  # item 1 is still waiting for the gate: item 0 came out anyway
    assert isinstance(first, Done) and first.index == 0
    gate.write_text("open")
    rest = list(outcomes)
    assert [o.value for o in rest if isinstance(o, Done)] == ["released", "free", "free"]


def test_items_are_read_no_further_ahead_than_the_window() -> None:
    pulled: list[int] = []

    def items() -> object:
        for x in range(1000):
            pulled.append(x)
            yield x

    outcomes = ordered(h.square, items(), jobs=1, window=5)  # type: ignore[arg-type]
    next(outcomes)
    assert len(pulled) <= 6
    outcomes.close()


def test_a_killed_worker_is_reported_by_its_item_and_the_others_go_on() -> None:
    outcomes = list(ordered(h.dies_at_three, range(7), jobs=2))
    failed = [o for o in outcomes if isinstance(o, Failed)]
    assert [o.index for o in failed] == [3]
    assert failed[0].died and "SIGKILL" in failed[0].message and failed[0].item == 3
    assert [o.value for o in outcomes if isinstance(o, Done)] == [0, 1, 2, 4, 5, 6]


def test_batch_raises_after_every_result_before_the_failed_item() -> None:
    got: list[int] = []
    with pytest.raises(BatchError) as caught:
        got.extend(puzzlekit.batch(h.fails_at_two, range(6), jobs=2))
    assert got == [0, 1] and caught.value.index == 2 and "two is not allowed" in str(caught.value)
    with pytest.raises(PuzzlekitError, match="two is not allowed"):  # here: the item's own error
        list(puzzlekit.batch(h.fails_at_two, range(6)))


def test_a_pool_starts_a_worker_only_for_an_item() -> None:
    pool = LocalPool(h.pid, 64)
    try:
        pool.submit(0, 0)
        pool.submit(1, 1)
        done: list[object] = []
        while len(done) < 2:
            done += pool.poll(1.0)
        assert len(pool.workers) == 2
    finally:
        pool.close()
    assert pool.workers == []


def test_jobs_zero_is_every_core_and_nonsense_is_refused() -> None:
    assert resolve_jobs(0) == every_core() >= 1
    assert resolve_jobs(3) == 3
    with pytest.raises(UsageError):
        resolve_jobs(-1)


def test_resume_cuts_an_item_journalled_but_not_all_written(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    writer = ItemWriter(str(out), fingerprint="f")
    writer.write("one\n", 0, "k1")
    writer.write("two\n", 4, "k2")
    writer.close(finished=False)
    with journal_path(out).open("a") as f:
        f.write("14 0 k3\n")  # a kill after journalling the third item, while it was written
    with out.open("a") as f:
        f.write("thr")
    again = ItemWriter(str(out), resume=True, fingerprint="f")
    assert again.done == 2 and [r.code for r in again.records] == [0, 4] and again.records[1].key == "k2"
    again.write("three\n")
    again.close(finished=True)
    assert out.read_text() == "one\ntwo\nthree\n"
    assert not journal_path(out).exists()


def test_resume_refuses_text_added_to_a_stopped_runs_file(tmp_path: Path) -> None:
    """It was cut away silently: now the run says so and leaves the file as it is."""
    out = tmp_path / "out.txt"
    writer = ItemWriter(str(out), fingerprint="f")
    writer.write("one\n", 0, "k1")
    writer.close(finished=False)
    with out.open("a") as f:
        f.write("my notes\n")
    with pytest.raises(PuzzlekitError, match=r"has 9 byte\(s\) after what the stopped run wrote"):
        ItemWriter(str(out), resume=True, fingerprint="f")
    assert out.read_text() == "one\nmy notes\n"


def test_a_failure_journalled_with_an_item_cut_short_is_retried(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    writer = ItemWriter(str(out), fingerprint="f")
    writer.write("one\n")
    writer.fail("item 2 broke")
    writer.close(finished=False)
    with journal_path(out).open("a") as f:
        f.write("4 1 ! item 2 broke\n9 0\n")  # journalled with item 3, which was cut short
    with out.open("a") as f:
        f.write("thr")
    again = ItemWriter(str(out), resume=True, fingerprint="f")
    assert again.done == 1 and again.failed == 0


def test_resume_refuses_another_commands_run_and_a_finished_one_is_a_no_op(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    writer = ItemWriter(str(out), fingerprint="this")
    writer.write("one\n")
    writer.close(finished=False)
    with pytest.raises(PuzzlekitError, match="another command or other options"):
        ItemWriter(str(out), resume=True, fingerprint="that")
    writer = ItemWriter(str(out), resume=True, fingerprint="this")
    writer.close(finished=True)
    assert ItemWriter(str(out), resume=True, fingerprint="this").finished and out.read_text() == "one\n"
    empty = tmp_path / "empty.txt"
    empty.write_text("")  # nothing in it: the run simply starts
    assert not ItemWriter(str(empty), resume=True, fingerprint="this").finished


def test_a_failed_item_is_journalled_only_once_an_item_after_it_is_written(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    writer = ItemWriter(str(out), fingerprint="f")
    writer.write("one\n")
    writer.fail("a.txt:3: no such\nthing")
    writer.close(finished=False)  # stopped at the failure: a resume retries it
    again = ItemWriter(str(out), resume=True, fingerprint="f")
    assert again.done == 1 and again.failed == 0
    again.fail("a.txt:3: no such thing")
    again.write("three\n")
    again.close(finished=False)
    third = ItemWriter(str(out), resume=True, fingerprint="f")
    assert third.done == 3 and third.failed == 1
    assert third.records[1] == Record(1, "", "a.txt:3: no such thing")
    third.close(finished=True)
    assert ItemWriter(str(out), resume=True, fingerprint="f").finished
    assert out.read_text() == "one\nthree\n"


def test_item_seeds_name_their_item() -> None:
    assert [item_seed("42", i) for i in range(3)] == ["42", "42#1", "42#2"]
    assert item_seed("42#5", 2) == "42#7"
    assert split_seed("42#1") == ("42", 1)
    assert split_seed("a#b") == ("a#b", 0) and split_seed("x#01") == ("x#01", 0)


def test_a_repeated_puzzle_is_made_again_from_a_seed_stamped_on_it(host: puzzlekit.Host) -> None:
    g = host.genre("slitherlink")
    request = GenerateRequest(5, 5, "easy")
    job = MakeJob(g, request, "dup", 0, 60)
    first = make_item(job)
    unrepeated = Unrepeated([body_key(first.text)])  # as if an earlier item were this one
    again = unrepeated.check(first, job)
    assert "# seed: dup~1" in again.text and body_key(again.text) != body_key(first.text)
    alone = make_item(MakeJob(g, request, "dup~1", 0, 60))
    assert alone.text == again.text


def test_solve_all_with_jobs_gives_the_same_results() -> None:
    text = "\n".join((EXAMPLES / name).read_text() for name in ("first.txt", "garden.txt", "river.txt"))
    here = [(r.status, [s.text for s in r.solutions]) for r in puzzlekit.solve_all("slitherlink", text)]
    there = [(r.status, [s.text for s in r.solutions]) for r in puzzlekit.solve_all("slitherlink", text, jobs=2)]
    assert here == there


def test_generate_with_jobs_gives_the_same_puzzles() -> None:
    one = puzzlekit.generate("slitherlink", size=5, difficulty="easy", seed="api", count=3)
    two = puzzlekit.generate("slitherlink", size=5, difficulty="easy", seed="api", count=3, jobs=2)
    assert [p.text for p in one] == [p.text for p in two]
    assert one[0].instance is not None and two[0].instance is None


def test_a_long_puzzle_reports_its_attempts_and_clues_removed(host: puzzlekit.Host) -> None:
    from puzzlekit.batching.events import reporter
    from puzzlekit.batching.progress import describe

    seen: list[dict[str, int]] = []
    token = reporter.set(lambda info: seen.append(dict(info)))
    try:
        made = make_item(MakeJob(host.genre("slitherlink"), GenerateRequest(5, 5, "hard"), "watched", 0, 60))
    finally:
        reporter.reset(token)
    assert seen and seen[-1]["attempt"] == made.attempts
    assert max(info["removed"] for info in seen) > 0
    assert describe(2, {"attempt": 3, "removed": 12}) == "#3: attempt 3, 12 clues removed"


def test_output_to_a_folder_is_refused_and_to_a_device_written_in_place(tmp_path: Path) -> None:
    with pytest.raises(PuzzlekitError, match="is a directory; give -o a file name"):
        ItemWriter(str(tmp_path))
    writer = ItemWriter("/dev/null")
    writer.write("one\n")
    writer.close(finished=True)
    assert writer.done == 1 and not Path("/dev/null.resume").exists()
    with pytest.raises(UsageError, match="nothing to resume"):
        ItemWriter("/dev/null", resume=True)


def test_a_worker_that_died_idle_is_replaced_and_loses_nothing() -> None:
    import os
    import signal

    pool = LocalPool(h.square, 2)
    try:
        for i in range(2):
            pool.submit(i, i)
        done: list[object] = []
        while len(done) < 2:
            done += [e for e in pool.poll(1.0) if isinstance(e, Done | Failed)]
        victim = pool.workers[0].process
        os.kill(victim.pid, signal.SIGKILL)  # idle, between items
        victim.join(5)
        for i in range(2, 6):
            pool.submit(i, i)
        while len(done) < 6:
            done += [e for e in pool.poll(1.0) if isinstance(e, Done | Failed)]
        assert sorted((e.index, e.value) for e in done if isinstance(e, Done)) == [(i, i * i) for i in range(6)]
    finally:
        pool.close()
