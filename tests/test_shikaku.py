"""Shikaku: the shared harness, brute force on small boards, formats, the command line."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from brute_shikaku import sample, solutions, text
from click.testing import CliRunner

import puzzlekit
from puzzlekit import interchange
from puzzlekit.cli.main import main
from puzzlekit.errors import LevelError
from puzzlekit.host import Host
from puzzlekit.testing import PuzzleConformance

EXAMPLES = Path(__file__).resolve().parents[1] / "plugins" / "puzzlekit_shikaku" / "examples"
# From pzprjs's own tests (robx/pzprjs test/script/shikaku.js): the URL, the answer pzprjs
# accepts, and answers it refuses (a region with no number, one with two, wrong size).
URL = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"
PUZZLE = "pzprv3/shikaku/6/6/. . . . 3 . /5 6 . . 6 . /. . . . . . /. . . . . . /. 6 . . 2 3 /. 5 . . . . /"
SOLVED = PUZZLE + (
    "1 -1 1 0 0 /1 0 1 0 0 /1 -1 1 0 0 /1 -1 0 1 1 /1 -1 0 1 1 /0 -1 -1 -1 1 /0 -1 -1 1 1 1 /"
    "-1 -1 -1 0 0 0 /-1 1 1 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /"
)
NO_NUMBER = PUZZLE + (
    "0 0 0 0 0 /1 0 0 0 0 /1 0 0 0 0 /1 0 0 0 0 /1 0 0 0 0 /0 -1 -1 -1 0 /0 0 0 0 0 0 /-1 0 0 0 0 0 /"
    "-1 0 0 0 0 0 /-1 0 0 0 0 0 /0 1 1 1 1 0 /"
)
WRONG_SIZE = PUZZLE + (
    "1 0 1 0 0 /1 0 1 0 0 /1 0 1 0 0 /1 -1 1 0 1 /1 -1 1 0 1 /0 -1 -1 -1 1 /0 0 0 1 1 1 /-1 1 1 0 0 0 /"
    "-1 0 0 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /"
)


class TestShikakuConformance(PuzzleConformance):
    puzzle = "shikaku"
    brute_force = 150
    bad_levels = (". 2\n.\n", "2 x\n. .\n", "0 .\n. .\n", ". .\n. 99999\n")


@pytest.mark.parametrize(
    ("rows", "cols", "boards", "seed"), [(3, 3, 700, 1), (4, 4, 700, 2), (3, 5, 400, 3), (5, 5, 200, 4)]
)
def test_random_boards_agree_with_brute_force(rows: int, cols: int, boards: int, seed: int) -> None:
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    for _ in range(boards):
        clues = sample(rng, rows, cols)
        truth = solutions(clues, rows, cols)
        result = puzzlekit.solve("shikaku", text(clues, rows, cols), limit=3, max_nodes=None)
        expected = "none" if not truth else "unique" if len(truth) == 1 else "multiple"
        assert result.status.value == expected, text(clues, rows, cols)
        found = sorted(tuple(s.values) for s in result.solutions)
        if len(truth) < 3:
            assert found == sorted(truth), text(clues, rows, cols)
        seen[expected] += 1
    assert len(seen) == 3, seen


def test_the_ladder_grades_by_technique() -> None:
    rungs = {}
    for name in ("fields", "quarry"):
        for result in puzzlekit.solve_all("shikaku", (EXAMPLES / f"{name}.txt").read_text()):
            rungs[result.puzzle.meta["seed"]] = result.stats.rung_name
    assert rungs == {"garden": "fitting", "orchard": "overlap", "quarry": "no room", "terraces": "no room"}


def test_check_names_a_region_that_is_not_its_number() -> None:
    puzzle = "2 . .\n. . 4\n3 . .\n"
    assert puzzlekit.check("shikaku", puzzle, "aab\nccb\ncab\n").status == "wrong"
    assert puzzlekit.check("shikaku", puzzle, "aab\n..b\n...\n").status == "incomplete"
    assert puzzlekit.check("shikaku", puzzle, "aa.\n...\n...\n").status == "incomplete"  # 4 and 3 not drawn yet
    assert puzzlekit.check("shikaku", puzzle).status == "incomplete"  # a bare puzzle, as every genre says
    solved = puzzlekit.solve("shikaku", puzzle)
    assert solved.status.value == "unique"
    assert puzzlekit.check("shikaku", puzzle, solved.solutions[0].text).status == "solved"


def decode(host: Host, source: str) -> str:
    out = interchange.decode(source, host.genre("shikaku"), host)
    assert out is not None
    return out


def test_the_recorded_pzprjs_url_reads_and_writes_back(host: Host) -> None:
    (puzzle,) = puzzlekit.load("shikaku", decode(host, URL))
    assert interchange.encode(puzzle, "url", host) == URL
    assert puzzlekit.solve("shikaku", puzzle).status.value == "unique"


@pytest.mark.parametrize(("source", "status"), [(SOLVED, "solved"), (NO_NUMBER, "wrong"), (WRONG_SIZE, "wrong")])
def test_pzprjs_answers_are_judged_as_pzprjs_does(host: Host, source: str, status: str) -> None:
    assert puzzlekit.check("shikaku", decode(host, source)).status == status


def test_a_solution_writes_as_the_borders_pzprjs_draws(host: Host) -> None:
    result = puzzlekit.solve("shikaku", decode(host, PUZZLE))
    dom = [1 << v for v in result.solutions[0].values]
    written = interchange.encode(result.puzzle, "pzpr", host, dom)
    assert puzzlekit.check("shikaku", decode(host, written)).status == "solved"


@pytest.mark.parametrize(
    ("source", "where"),
    [("https://puzz.link/p?shikaku/3/3/.o", "1:33"), ("pzprv3/shikaku/2/2/. - /. . /", "1:22")],
)
def test_unknown_numbers_are_refused_at_their_place(host: Host, source: str, where: str) -> None:
    with pytest.raises(LevelError) as err:
        decode(host, source)
    assert f"{err.value.line}:{err.value.col}" == where, err.value


def test_the_command_line_solves_hints_and_draws(tmp_path: Path) -> None:
    runner = CliRunner()
    solved = runner.invoke(main, ["solve", "shikaku", str(EXAMPLES / "fields.txt"), "--plain"])
    assert solved.exit_code == 0 and "# status: unique" in solved.output
    hinted = runner.invoke(main, ["hint", "shikaku", str(EXAMPLES / "small.txt")])
    assert "belongs to the" in hinted.output, hinted.output
    out = tmp_path / "board.svg"
    drawn = runner.invoke(main, ["render", "shikaku", str(EXAMPLES / "small.txt"), "--solution", "-o", str(out)])
    assert drawn.exit_code == 0, drawn.output
    assert out.read_text().count('class="wall"') > 10


def test_plays_in_the_browser_from_a_blank_board_to_solved() -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from puzzlekit.web import create_app

    client = TestClient(create_app())
    puzzle = (EXAMPLES / "small.txt").read_text().split("\n\n")[0]
    board = client.post("/api/load", json={"source": puzzle, "genre": "shikaku"}).json()
    assert board["places"]
    blank = client.post("/api/check", json={"genre": "shikaku", "puzzle": puzzle, "state": board["state"]}).json()
    assert blank["status"] == "playing", blank
    answer = client.post("/api/solve", json={"genre": "shikaku", "puzzle": puzzle}).json()["state"]
    solved = client.post("/api/check", json={"genre": "shikaku", "puzzle": puzzle, "state": answer}).json()
    assert solved["status"] == "solved", solved
