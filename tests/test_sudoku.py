"""Sudoku: the shared harness, brute force on small boards, formats, the command line."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from brute_sudoku import sample, solutions, text
from click.testing import CliRunner

import puzzlekit
from puzzlekit import interchange
from puzzlekit.cli.main import main
from puzzlekit.errors import LevelError
from puzzlekit.host import Host
from puzzlekit.testing import PuzzleConformance

EXAMPLES = Path(__file__).resolve().parents[1] / "plugins" / "puzzlekit_sudoku" / "examples"
# From pzprjs's own tests (robx/pzprjs test/script/sudoku.js): the URL, and files that
# pzprjs judges solved, a box duplicate, a column duplicate, and unfinished.
URL = "https://puzz.link/p?sudoku/4/4/g1k23k3g"
PZPR = "pzprv3/sudoku/4/. 1 . . /. . . 2 /3 . . . /. . 3 . /"
SOLVED = PZPR + "2 . 4 3 /4 3 1 . /. 4 2 1 /1 2 . 4 /"
BOX_TWICE = PZPR + ". . . . /1 . . . /. . . . /. . . . /"
COLUMN_TWICE = PZPR + ". . . . /. . . . /. . . . /. 1 . . /"
UNFINISHED = PZPR + "2 . . . /. . . . /. 4 2 . /1 2 . . /"


class TestSudokuConformance(PuzzleConformance):
    puzzle = "sudoku"
    brute_force = 200
    bad_levels = (
        "12\n3\n",
        "1x..\n....\n....\n....\n",
        "5...\n....\n....\n....\n",
        "# box: 3x3\n....\n....\n....\n....\n",
    )


@pytest.mark.parametrize(("n", "w", "h", "boards", "seed"), [(4, 2, 2, 2000, 1), (6, 3, 2, 60, 2), (6, 2, 3, 40, 3)])
def test_random_boards_agree_with_brute_force(n: int, w: int, h: int, boards: int, seed: int) -> None:
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    for _ in range(boards):
        givens = sample(rng, n, w, h)
        level = (f"# box: {w}x{h}\n" if (w, h) != (3, 2) or n != 6 else "") + text(givens, n)
        truth = solutions(givens, n, w, h)
        result = puzzlekit.solve("sudoku", level, limit=3, max_nodes=None)
        expected = "none" if not truth else "unique" if len(truth) == 1 else "multiple"
        assert result.status.value == expected, level
        found = sorted(tuple(s.values) for s in result.solutions)
        if len(truth) < 3:
            assert found == sorted(truth), level
        else:
            assert len(found) == 3 and all(result.puzzle.genre.accept(result.puzzle.instance, s) == [] for s in found)
        seen[expected] += 1
    assert len(seen) == 3, seen


def test_the_ladder_grades_by_technique() -> None:
    by_title = {}
    for path in sorted(EXAMPLES.glob("*.txt")):
        if not path.name.endswith(".solution.txt"):
            for result in puzzlekit.solve_all("sudoku", path.read_text()):
                by_title[result.puzzle.meta.get("seed", "")] = result.stats.rung_name
    assert by_title["first"] == "naked singles"
    assert by_title["second"] == "hidden singles"
    assert by_title["third"] == "locked candidates and subsets"
    assert by_title["fourth"] == "lookahead"


def test_steps_name_the_techniques_in_words() -> None:
    (puzzle,) = [p for p in puzzlekit.load("sudoku", (EXAMPLES / "tough.txt").read_text())][:1]
    result = puzzlekit.solve("sudoku", puzzle)
    rules = {step.rule for step in result.steps}
    assert {"naked-single", "hidden-single"} <= rules and rules & {"locked-candidates", "subsets"}
    words = [step.text for step in result.steps if step.rule in ("locked-candidates", "subsets")]
    assert words and all(" r" in w or "row" in w or "column" in w or "box" in w for w in words)


def test_check_names_the_broken_house() -> None:
    result = puzzlekit.check("sudoku", "12..\n....\n....\n....\n", "12.1\n....\n....\n....\n")
    assert result.status == "wrong"
    assert "row 1 holds 1 twice (r1c1 and r1c4)" in [v.message for v in result.violations]
    assert puzzlekit.check("sudoku", "12..\n....\n....\n....\n").status == "incomplete"


def test_a_state_that_changes_a_given_is_refused_at_the_cell() -> None:
    with pytest.raises(LevelError, match=r"<state>:1:2: the state has '3' where the puzzle gives '2'"):
        puzzlekit.check("sudoku", "12..\n....\n....\n....\n", "13..\n....\n....\n....\n")


def decode(host: Host, source: str) -> str:
    out = interchange.decode(source, host.genre("sudoku"), host)
    assert out is not None
    return out


def test_the_recorded_pzprjs_url_reads_and_writes_back(host: Host) -> None:
    level = decode(host, URL)
    assert [row for row in level.splitlines() if not row.startswith("#")] == [".1..", "...2", "3...", "..3."]
    (puzzle,) = puzzlekit.load("sudoku", level)
    assert interchange.encode(puzzle, "url", host) == URL
    assert puzzlekit.solve("sudoku", level).status.value == "unique"


@pytest.mark.parametrize(
    ("source", "status"),
    [(SOLVED, "solved"), (BOX_TWICE, "wrong"), (COLUMN_TWICE, "wrong"), (UNFINISHED, "incomplete")],
)
def test_pzprjs_answers_are_judged_as_pzprjs_does(host: Host, source: str, status: str) -> None:
    assert puzzlekit.check("sudoku", decode(host, source)).status == status


def test_a_pzprjs_file_writes_back_byte_for_byte(host: Host) -> None:
    (puzzle,) = puzzlekit.load("sudoku", decode(host, SOLVED))
    dom = puzzle.genre.parse_state(puzzle.instance, puzzle.block)
    assert interchange.encode(puzzle, "pzpr", host, dom) == SOLVED.replace(" /", " \n").replace("/", "\n")


def test_nine_by_nine_urls_round_trip(host: Host) -> None:
    for puzzle in puzzlekit.load("sudoku", (EXAMPLES / "classic.txt").read_text()):
        url = interchange.encode(puzzle, "url", host)
        assert url.startswith("https://puzz.link/p?sudoku/9/9/")
        (again,) = puzzlekit.load("sudoku", decode(host, url))
        assert again.instance == puzzle.instance


@pytest.mark.parametrize(
    ("source", "where"),
    [
        ("https://puzz.link/p?sudoku/5/5/g", "1:28"),
        ("https://puzz.link/p?sudoku/4/4/5u", "1:32"),
        ("pzprv3/sudoku/4/. 1 . 7 /. . . 2 /3 . . . /. . 3 . /", "1:23"),
    ],
)
def test_bad_sources_are_located(host: Host, source: str, where: str) -> None:
    with pytest.raises(LevelError) as err:
        decode(host, source)
    assert f"{err.value.line}:{err.value.col}" == where, err.value


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ("12345678\n", "1:2: expected 1 cell, as the board has 1 row; found 8"),  # was "expected 1 cells"
        ("123\n12\n312\n", "2:3: expected 3 cells, as the board has 3 rows; found 2"),
        ("123\n231 2\n312\n", "2:4: expected 3 cells, as the board has 3 rows; found more after a space"),
    ],
)
def test_a_row_of_the_wrong_length_says_how_long_it_should_be(board: str, message: str) -> None:
    with pytest.raises(LevelError) as err:
        puzzlekit.load("sudoku", board)
    assert f"{err.value.line}:{err.value.col}: {err.value.message}" == message


def test_the_command_line_solves_hints_and_draws(tmp_path: Path) -> None:
    runner = CliRunner()
    path = EXAMPLES / "classic.txt"
    solved = runner.invoke(main, ["solve", "sudoku", str(path), "--plain"])
    assert solved.exit_code == 0 and "# status: unique" in solved.output
    hinted = runner.invoke(main, ["hint", "sudoku", str(EXAMPLES / "small.txt")])
    assert hinted.exit_code in (0, 2) and "r" in hinted.output
    out = tmp_path / "board.svg"
    drawn = runner.invoke(main, ["render", "sudoku", str(EXAMPLES / "small.txt"), "--solution", "-o", str(out)])
    assert drawn.exit_code == 0, drawn.output
    assert out.read_text().count("<text") >= 16


def test_plays_in_the_browser_from_a_blank_board_to_solved() -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from puzzlekit.web import create_app

    client = TestClient(create_app())
    puzzle = (EXAMPLES / "small.txt").read_text().split("\n\n")[0]
    board = client.post("/api/load", json={"source": puzzle, "genre": "sudoku"}).json()
    assert board["places"]
    blank = client.post("/api/check", json={"genre": "sudoku", "puzzle": puzzle, "state": board["state"]}).json()
    assert blank["status"] == "playing", blank
    answer = client.post("/api/solve", json={"genre": "sudoku", "puzzle": puzzle}).json()["state"]
    solved = client.post("/api/check", json={"genre": "sudoku", "puzzle": puzzle, "state": answer}).json()
    assert solved["status"] == "solved", solved


def test_lookahead_probing_with_houses_singles_deduces_what_it_does_through_the_engine() -> None:
    """``Houses.singles_probe`` in place of the engine's probes: the same root state and the
    same narrowings per rule, on famous hard boards (lookahead's own ground) and the examples."""
    from puzzlekit.core.engine import Engine
    from puzzlekit.core.lookahead import Lookahead

    famous = Path(__file__).resolve().parents[1] / "benchmarks" / "sets" / "sudoku-famous.txt"
    boards = puzzlekit.load("sudoku", famous.read_text())
    for path in sorted(EXAMPLES.glob("*.txt")):
        if not path.name.endswith(".solution.txt"):
            boards += puzzlekit.load("sudoku", path.read_text())
    probed = 0
    for board in boards:
        found = []
        for fast in (True, False):
            model = board.genre.build(board.instance)
            lookahead = next(p for p in model.propagators if isinstance(p, Lookahead))
            assert lookahead.fast_probe is not None
            if not fast:
                lookahead.fast_probe = None
            engine = Engine(model)
            found.append((engine.start(), engine.dom, engine.rule_counts()))
        assert found[0] == found[1]
        probed += found[0][2].get("lookahead", 0) > 0
    assert probed >= 5
