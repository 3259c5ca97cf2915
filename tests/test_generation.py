"""Generators: every puzzle they make is unique (checked by engines independent of the
propagators), stamped with the rung it needs, reproducible from its seed."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from functools import cache
from pathlib import Path
from typing import ClassVar

import pytest
from brute_hashi import count_solutions as hashi_count
from brute_slitherlink import count_matching, count_table, loops
from click.testing import CliRunner

import puzzlekit
from puzzlekit.cli.main import main
from puzzlekit.engines.sat import solve_sat
from puzzlekit.errors import LevelError, UsageError
from puzzlekit.formats.level import read_blocks
from puzzlekit.generation import GenerateRequest, GenerationError, generate, needed_rung

SLITHER = puzzlekit.default_host().genre("slitherlink")
HASHI = puzzlekit.default_host().genre("hashiwokakero")


@cache
def slither_table(rows: int, cols: int) -> list[tuple[int, ...]]:
    return count_table(list(loops(rows, cols)), rows, cols)


def brute_slither(text: str) -> int:
    (p,) = puzzlekit.load("slitherlink", text)
    board = p.instance
    return count_matching(board.clues, slither_table(board.rows, board.cols))


def made(genre: puzzlekit.Genre, request: GenerateRequest, seed: str, count: int = 1) -> list[str]:
    return [g.text for g in generate(genre, request, seed, count=count, timeout=120)]


# -- uniqueness, proven independently -------------------------------------------------


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "expert"])
def test_small_slitherlinks_are_unique_by_brute_force(difficulty: str) -> None:
    for text in made(SLITHER, GenerateRequest(4, 3, difficulty), f"brute-{difficulty}", count=3):
        assert brute_slither(text) == 1, text


@pytest.mark.parametrize(("difficulty", "size"), [("easy", 5), ("medium", 6), ("hard", 7)])
def test_small_bridges_are_unique_by_brute_force(difficulty: str, size: int) -> None:
    for text in made(HASHI, GenerateRequest(size, size, difficulty), f"brute-{difficulty}", count=3):
        rows = [line for line in text.split("\n") if line and not line.startswith("#")]
        assert hashi_count(rows, limit=2) == 1, text


@pytest.mark.parametrize(
    ("genre", "size", "difficulty"),
    [
        (SLITHER, (9, 8), "easy"),
        (SLITHER, (8, 9), "medium"),
        (SLITHER, (10, 10), "hard"),
        (SLITHER, (8, 7), "expert"),
        (SLITHER, (12, 12), "expert"),
        (HASHI, (15, 15), "hard"),
        (HASHI, (20, 12), "medium"),
    ],
)
def test_bigger_puzzles_are_unique_by_the_sat_engine(
    genre: puzzlekit.Genre, size: tuple[int, int], difficulty: str
) -> None:
    for text in made(genre, GenerateRequest(*size, difficulty), "sat", count=2):
        (p,) = puzzlekit.load(genre, text)
        assert solve_sat(genre, p.instance).status == puzzlekit.Status.UNIQUE, text


# -- the stamp is what the solver needed ---------------------------------------------------


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "expert"])
def test_the_stamped_tier_is_the_rung_needed_and_the_rung_below_fails(difficulty: str) -> None:
    target = SLITHER.difficulties[difficulty]
    for g in generate(SLITHER, GenerateRequest(6, 6, difficulty), "tier", count=2, timeout=120):
        meta = read_blocks(g.text)[0].meta
        assert meta["difficulty"] == difficulty
        assert int(meta["tier"]) == g.rung == needed_rung(SLITHER, g.instance)
        assert g.rung == target  # an expert too: its top is proven by deduction up to its rung
        below = puzzlekit.solve("slitherlink", g.text, max_rung=target - 1, max_nodes=0)
        assert below.status == puzzlekit.Status.UNDECIDED  # the rung below cannot finish it
        at = puzzlekit.solve("slitherlink", g.text, max_rung=target, max_nodes=0)
        assert at.status == puzzlekit.Status.UNIQUE  # its own rung does, without a guess


def test_generated_files_read_straight_back() -> None:
    (text,) = made(SLITHER, GenerateRequest(5, 5, "medium"), "meta")
    block = read_blocks(text)[0]
    assert {"seed", "difficulty", "tier", "generator", "expect"} <= set(block.meta)
    assert block.meta["generator"].startswith(f"puzzlekit {puzzlekit.__version__} slitherlink/v")
    assert puzzlekit.solve("slitherlink", text).status == puzzlekit.Status.UNIQUE


# -- determinism ---------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_puzzles() -> None:
    request = GenerateRequest(6, 6, "hard")
    assert made(SLITHER, request, "2026-11-30", 3) == made(SLITHER, request, "2026-11-30", 3)
    assert made(SLITHER, request, "2026-11-30", 1) != made(SLITHER, request, "2026-12-01", 1)


def test_puzzle_n_of_a_batch_is_the_same_made_alone() -> None:
    request = GenerateRequest(5, 5, "medium")
    batch = made(SLITHER, request, "batch", 3)
    assert [g.text for g in generate(SLITHER, request, "batch", count=3)][2] == batch[2]


def test_the_same_puzzles_in_another_process_with_another_hash_seed(tmp_path: Path) -> None:
    args = ["generate", "slitherlink", "--size", "5x5", "--difficulty", "hard", "--seed", "x", "--count", "2"]
    here = CliRunner().invoke(main, args).output
    env = {**os.environ, "PYTHONHASHSEED": "987"}
    code = "import sys; from puzzlekit.cli.main import main; main(sys.argv[1:])"
    there = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env).stdout
    assert here == there and here.count("# seed:") == 2


def test_several_processes_give_the_same_output_as_one() -> None:
    args = ["generate", "hashi", "--size", "7x7", "--difficulty", "medium", "--seed", "jobs", "--count", "4"]
    one = CliRunner().invoke(main, args).output
    two = CliRunner().invoke(main, [*args, "--jobs", "2"]).output
    assert one == two


def test_no_duplicates_within_a_run() -> None:
    texts = made(SLITHER, GenerateRequest(3, 3, "easy"), "dupes", count=12)
    bodies = ["\n".join(line for line in t.split("\n") if not line.startswith("#")) for t in texts]
    assert len(set(bodies)) == len(bodies)


# -- options --------------------------------------------------------------------------------


def clue_rows(text: str) -> list[str]:
    return [line for line in text.split("\n") if line and not line.startswith("#")]


def test_rotational_symmetry_keeps_the_clue_layout_symmetric() -> None:
    for text in made(SLITHER, GenerateRequest(7, 6, "medium", symmetry="rotational"), "sym", count=2):
        rows = clue_rows(text)
        assert [[ch != "." for ch in row] for row in rows] == [[ch != "." for ch in row[::-1]] for row in rows[::-1]]


def test_mirror_symmetry_keeps_the_clue_layout_symmetric() -> None:
    for text in made(SLITHER, GenerateRequest(7, 6, "medium", symmetry="mirror"), "sym", count=2):
        rows = clue_rows(text)
        assert [[ch != "." for ch in row] for row in rows] == [[ch != "." for ch in row[::-1]] for row in rows]


HEART = ".xx.xx.\nxxxxxxx\nxxxxxxx\n.xxxxx.\n..xxx..\n...x...\n"


def test_a_mask_becomes_the_loop() -> None:
    mask = read_blocks(HEART, "heart.txt")[0]
    (g,) = generate(SLITHER, GenerateRequest(7, 6, "medium", mask=mask), "heart")
    solved = puzzlekit.solve("slitherlink", g.text)
    inside = {(r, c) for r, row in enumerate(HEART.split("\n")) for c, ch in enumerate(row) if ch == "x"}
    board = solved.puzzle.instance
    for cell in range(board.rows * board.cols):
        r, c = divmod(cell, board.cols)
        expected = sum(
            ((r + dr, c + dc) in inside) != ((r, c) in inside) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        )
        assert sum(solved.solutions[0].values[e] for e in board.grid.cell_edges[cell]) == expected


@pytest.mark.parametrize(
    ("mask", "line", "col", "words"),
    [
        ("x.x\n", 1, 3, "in pieces"),
        ("xxx\nx.x\nxxx\n", 2, 2, "has a hole"),
        ("x.\n.x\n", 2, 2, "in pieces"),  # a diagonal touch is not a join
        ("xo\n", 1, 2, "drawn with 'x'"),
        ("...\n", 1, 1, "no 'x' cell"),
    ],
)
def test_a_bad_mask_names_the_cell(mask: str, line: int, col: int, words: str) -> None:
    block = read_blocks(mask, "mask.txt")[0]
    with pytest.raises(LevelError) as info:
        list(generate(SLITHER, GenerateRequest(3, 3, "easy", mask=block), "m"))
    assert (info.value.line, info.value.col) == (line, col)
    assert words in info.value.message


def test_an_unknown_difficulty_is_a_clear_error() -> None:
    with pytest.raises(UsageError, match=r"hashiwokakero has no difficulty 'expert' \(known: easy, medium, hard\)"):
        list(generate(HASHI, GenerateRequest(7, 7, "expert"), "x"))


def test_a_budget_that_runs_out_ends_with_a_message_not_a_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("puzzlekit.generation.MAX_ATTEMPTS", 10**9)  # the deadline, not the cap, ends it
    with pytest.raises(GenerationError, match="found in time"):
        list(generate(SLITHER, GenerateRequest(2, 2, "expert"), "tiny", timeout=0.5))


def test_no_deadline_still_ends_when_a_size_cannot_reach_a_difficulty(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("puzzlekit.generation.MAX_ATTEMPTS", 50)
    with pytest.raises(GenerationError, match="found in 50 attempts"):
        list(generate(SLITHER, GenerateRequest(2, 2, "expert"), "tiny", timeout=None))


def test_the_generate_command(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["generate", "slitherlink", "--size", "6x5", "--difficulty", "easy", "--seed", "42"])
    assert result.exit_code == 0, result.output
    assert "# difficulty: easy" in result.output and "# seed: 42" in result.output
    (tmp_path / "heart.txt").write_text(HEART)
    result = runner.invoke(main, ["generate", "slitherlink", "--from-mask", str(tmp_path / "heart.txt"), "--seed", "1"])
    assert result.exit_code == 0, result.output
    (tmp_path / "bad.txt").write_text("xxx\nx.x\nxxx\n")
    result = runner.invoke(main, ["generate", "slitherlink", "--from-mask", str(tmp_path / "bad.txt")])
    assert result.exit_code == 1 and "bad.txt:2:2: the mask has a hole at r2c2" in result.stderr
    assert runner.invoke(main, ["generate", "slitherlink", "--size", "1x9"]).exit_code == 2
    result = runner.invoke(main, ["generate", "hashi", "--difficulty", "expert"])
    assert result.exit_code == 2 and "no difficulty 'expert'" in result.stderr


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"size": "axb"}, "a size is WxH"),
        ({"size": "1x9"}, "2 to 200 cells, not 1x9"),
        ({"size": "500"}, "2 to 200 cells, not 500x500"),
        ({"mask": "x.\n\nx.\n"}, "a mask holds one drawing, found 2"),
        ({"mask": "x\n"}, "2 to 200 cells, not 1x1"),
        ({"size": 7.5}, "a size is WxH"),
        ({"size": "10x"}, "a size is WxH"),
        ({"size": "1_0"}, "a size is WxH"),
    ],
)
def test_the_library_refuses_bad_requests_clearly(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(UsageError, match=words):
        puzzlekit.generate("slitherlink", **kwargs)  # type: ignore[arg-type]


def test_bad_generate_input_is_one_line_never_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "bad.bin").write_bytes(b"\xff\xfe")
    (tmp_path / "dot.txt").write_text("x\n")
    runner = CliRunner()
    result = runner.invoke(main, ["generate", "slitherlink", "--from-mask", str(tmp_path / "dot.txt")])
    assert result.exit_code == 2 and "2 to 200 cells, not 1x1" in result.output
    result = runner.invoke(main, ["generate", "slitherlink", "--from-mask", str(tmp_path / "bad.bin")])
    assert result.exit_code == 1 and "bad.bin: not UTF-8 text" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_genre_without_a_generator_says_so() -> None:
    from toygenre import Onesum

    with pytest.raises(UsageError, match="the onesum genre does not generate puzzles"):
        list(generate(Onesum(), GenerateRequest(3, 3, "easy"), "x"))


def test_a_size_is_one_number_a_string_or_a_pair() -> None:
    from puzzlekit.generation import parse_size

    assert parse_size(7) == parse_size("7") == parse_size("7x7") == parse_size((7, 7)) == (7, 7)
    assert parse_size(" 15X10 ") == (15, 10)


# -- deadlines and the region grower --------------------------------------------------------


def test_a_200x200_board_ends_at_a_short_deadline_with_a_clear_error() -> None:
    started = time.perf_counter()
    with pytest.raises(GenerationError, match="found in time"):
        list(generate(SLITHER, GenerateRequest(200, 200, "hard"), "big", timeout=0.3))
    assert time.perf_counter() - started < 30  # not a speed test: it must not hang for minutes


def test_generate_200x200_with_a_timeout_is_one_error_line_and_exit_1() -> None:
    result = CliRunner().invoke(main, ["generate", "slitherlink", "--size", "200x200", "--timeout", "0.3"])
    assert result.exit_code == 1
    assert "found in time" in result.stderr and "Traceback" not in result.output


def test_the_deadline_stops_before_a_model_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    from puzzlekit.generation import _OutOfTime, unique_at

    built = []
    monkeypatch.setattr(SLITHER, "build", lambda instance: built.append(instance))
    board = puzzlekit.load("slitherlink", "3.\n.3\n")[0].instance
    with pytest.raises(_OutOfTime):
        unique_at(SLITHER, board, 2, deadline=time.perf_counter() - 1)
    assert not built


def test_the_region_grower_is_linear_and_makes_one_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    import puzzlekit_slitherlink.generate as slither_generate

    from puzzlekit.core.rng import Rng

    calls = []
    real = slither_generate.can_join
    monkeypatch.setattr(slither_generate, "can_join", lambda *args: calls.append(1) or real(*args))
    for side in (10, 40):
        calls.clear()
        inside = slither_generate.grow_region(side, side, Rng(f"grow{side}"))
        assert 0.35 * side * side - 1 <= len(inside) <= 0.56 * side * side
        # Each join looks at a bounded number of cells: a cell that may not join waits
        # until its ring changes instead of being drawn again and again.
        assert len(calls) <= 3 * len(inside)
        block = read_blocks(
            "\n".join("".join("x" if (r, c) in inside else "." for c in range(side)) for r in range(side))
        )[0]
        assert slither_generate.read_mask(block)[0] == inside  # one piece, no hole


class _Stuck(type(SLITHER)):  # type: ignore[misc]
    """A genre whose generator never looks at the clock: a busy loop that gives up on its
    own only after 30 s (then the watchdog did not fire, and the test says so)."""

    ran_out: ClassVar[list[bool]] = []

    def generate(self, request: GenerateRequest, rng: object) -> None:
        ends = time.perf_counter() + 30
        while time.perf_counter() < ends:
            pass
        self.ran_out.append(True)
        return None


def test_the_watchdog_stops_a_generator_that_never_looks_at_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("puzzlekit.core.watchdog.GRACE", 0.2)
    with pytest.raises(GenerationError, match="found in time"):
        list(generate(_Stuck(), GenerateRequest(5, 5, "easy"), "stuck", timeout=0.2))
    assert not _Stuck.ran_out, "the busy loop ran to its end: no watchdog stopped it"
    import signal

    assert signal.getitimer(signal.ITIMER_REAL)[0] == 0 and signal.getsignal(signal.SIGALRM) == signal.SIG_DFL


def test_the_watchdog_leaves_someone_elses_alarm_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    import signal

    from puzzlekit.core.watchdog import watchdog

    fired: list[int] = []
    previous = signal.signal(signal.SIGALRM, lambda signum, frame: fired.append(signum))
    try:
        with watchdog(time.perf_counter() - 10):  # long past: armed, it would fire at once
            time.sleep(0.05)
        assert signal.getsignal(signal.SIGALRM) is not signal.SIG_DFL and not fired
    finally:
        signal.signal(signal.SIGALRM, previous)
