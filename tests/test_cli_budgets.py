"""Budgets that hold, and commands that say what they are: analyze, grade, hint,
render --solution and generate under --timeout, with the documented exit codes."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import puzzlekit
from puzzlekit.analysis import analyze
from puzzlekit.cli.main import main
from puzzlekit.core.search import Status
from puzzlekit.errors import BudgetSpent, UsageError

EXAMPLES = Path(__file__).resolve().parents[1] / "plugins" / "puzzlekit_slitherlink" / "examples"
UNIQUE = "31\n..\n"
MULTIPLE = "23\n32\n"
NONE = "3\n"


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


@pytest.mark.parametrize(("text", "code"), [(UNIQUE, 0), (NONE, 3), (MULTIPLE, 4)])
def test_analyze_exits_with_the_status_code(text: str, code: int) -> None:
    assert run("analyze", "slitherlink", "-", stdin=text).exit_code == code


def test_analyze_gives_the_first_code_that_is_not_unique() -> None:
    assert run("analyze", "slitherlink", "-", stdin=f"{UNIQUE}\n{MULTIPLE}\n{NONE}").exit_code == 4


def test_a_contradiction_is_reduced_to_a_minimal_set() -> None:
    board = ("0000\n" * 4).strip() + "\n"  # no line anywhere, so no loop: no solution
    found = analyze("slitherlink", board)
    assert found.status == Status.NONE and found.complete and not found.note
    assert 0 < len(found.contradiction) < 16
    g = puzzlekit.default_host().genre("slitherlink")
    kept = {c.position for c in found.contradiction}
    instance = found.puzzle.instance
    for clue in found.contradiction:  # minimal: without any one of them the board has solutions
        trial = instance
        for pos in g.clue_positions(instance):
            if pos not in kept or pos == clue.position:
                trial = g.with_clue(trial, pos, None)
        assert puzzlekit.solve(g, "\n".join(g.write(trial)) + "\n").status != Status.NONE


def test_analyze_stops_at_its_timeout_and_says_the_answer_is_partial() -> None:
    board = ("0" * 20 + "\n") * 20
    found = analyze("slitherlink", board, timeout=0.3)
    assert not found.complete
    assert "the time ran out" in found.note
    result = run("analyze", "slitherlink", "-", "--timeout", "0.3", stdin=board)
    assert result.exit_code == 3
    assert "not reduced to a minimal set" in result.output and "the time ran out" in result.output


def test_a_long_contradiction_is_listed_in_part_with_a_count() -> None:
    result = run("analyze", "slitherlink", "-", stdin=("0" * 10 + "\n") * 10)
    line = next(x for x in result.output.splitlines() if "contradict" in x)
    assert " more (--json lists all)" in line and line.count(" at r") == 24


def test_grade_gives_no_tier_to_a_puzzle_that_is_not_unique() -> None:
    result = run("grade", "slitherlink", "-", stdin=MULTIPLE)
    assert result.exit_code == 4
    assert "multiple; no tier;" in result.output
    assert puzzlekit.grade("slitherlink", MULTIPLE).tier is None
    assert puzzlekit.grade("slitherlink", UNIQUE).tier == 2


def test_hint_and_render_solution_take_a_timeout() -> None:
    river = (EXAMPLES / "river.txt").read_text()
    with pytest.raises(BudgetSpent):
        puzzlekit.hint("slitherlink", river, timeout=0.0001)
    result = run("hint", "slitherlink", str(EXAMPLES / "river.txt"), "--timeout", "0.0001")
    assert result.exit_code == 5 and "the time ran out" in result.stderr
    assert run("hint", "slitherlink", str(EXAMPLES / "first.txt"), "--timeout", "30").exit_code == 0
    result = run("render", "slitherlink", str(EXAMPLES / "river.txt"), "--solution", "--timeout", "0.0001")
    assert result.exit_code == 5 and "was not solved within the budget" in result.stderr


def test_limit_says_the_time_stopped_the_count() -> None:
    result = run("solve", "slitherlink", "-", "--limit", "1000000000", "--timeout", "0.3", stdin="....\n" * 4)
    assert result.exit_code == 4
    assert "(stopped counting: the time ran out)" in result.output
    assert "--limit" not in result.output


def test_solves_deadline_covers_building_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    g = puzzlekit.default_host().genre("slitherlink")
    slow_build = type(g).build

    def build(self: object, instance: object) -> object:
        time.sleep(0.3)
        return slow_build(self, instance)  # type: ignore[arg-type]

    monkeypatch.setattr(type(g), "build", build)
    river = (EXAMPLES / "river.txt").read_text()
    result = puzzlekit.solve(g, river, timeout=0.2)
    assert result.status == Status.UNDECIDED and result.stats.stopped_by == "timeout"
    assert puzzlekit.solve(g, river, timeout=5).status == Status.UNIQUE


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["generate", "hashi", "--from-mask", "MASK"], "hashiwokakero puzzles are not generated with --from-mask"),
        (["generate", "slitherlink", "--density", "0.3"], "slitherlink puzzles are not generated with --density"),
        (["generate", "hashi", "--symmetry", "mirror"], "hashiwokakero puzzles are not generated with --symmetry"),
        (["generate", "slitherlink", "--from-mask", "MASK", "--size", "5"], "leave out --size"),
        (["generate", "slitherlink", "--seed", "a\nb"], "holds a control character; a seed is one line of text"),
        (["generate", "slitherlink", "--seed", "a\udcffb"], "holds a byte that is not UTF-8"),
    ],
)
def test_generate_refuses_what_it_would_ignore_or_could_not_read_back(
    tmp_path: Path, args: list[str], words: str
) -> None:
    mask = tmp_path / "mask.txt"
    mask.write_text(".xx.\nxxxx\n.xx.\n")
    result = run(*[str(mask) if a == "MASK" else a for a in args])
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and words in result.stderr


def test_the_api_refuses_options_a_genre_ignores() -> None:
    with pytest.raises(UsageError, match="--density"):
        puzzlekit.generate("slitherlink", size=5, density=0.3)


def test_generate_starts_no_more_processes_than_puzzles(monkeypatch: pytest.MonkeyPatch) -> None:
    import concurrent.futures

    import puzzlekit.generation as generation

    asked: list[int] = []

    class Pool:
        def __init__(self, max_workers: int) -> None:
            asked.append(max_workers)
            raise RuntimeError("stop here")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Pool)
    g = puzzlekit.default_host().genre("slitherlink")
    with pytest.raises(RuntimeError, match="stop here"):
        list(generation.generate(g, generation.GenerateRequest(5, 5), "s", count=2, jobs=64))
    assert asked == [2]


def test_reprs_are_short() -> None:
    graded = puzzlekit.grade("slitherlink", UNIQUE)
    assert repr(graded).startswith("Grade(status=") and "block" not in repr(graded)
    assert repr(graded.puzzle) == "<Puzzle slitherlink 2x2 at <string>:1>"
    assert repr(graded.puzzle.genre) == "<Slitherlink genre 'slitherlink'>"
