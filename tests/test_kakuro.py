"""Kakuro: the harness with brute force, pzprjs's sample and failing answers, the run-sum
words, the pzprv3 round trip, the twin, and the generator (unique, at its rung, repeatable)."""

from __future__ import annotations

from pathlib import Path

import pytest
from puzzlekit_kakuro import Kakuro
from puzzlekit_kakuro.formats import KakuroPzpr, KakuroUrl

import puzzlekit
from puzzlekit import LevelError, Model, Rule, Rung, UsageError
from puzzlekit.core import fixed_values
from puzzlekit.core.engine import Engine
from puzzlekit.core.rng import Rng
from puzzlekit.formats.level import read_blocks
from puzzlekit.grid import RectGrid, RunDigit, digit_sets, runs_of
from puzzlekit.testing import PuzzleConformance

SAMPLE = (Path(__file__).parent.parent / "plugins/puzzlekit_kakuro/examples/sample.txt").read_text()
# pzprjs's own test data (test/script/kakuro.js in robx/pzprjs): the board, then per failing
# answer the error it names (None: the answer) and the kind we report.
PZPR_BOARD = (
    "pzprv3/kakuro/5/5/0 0 12 4 0 0 /0 8,4 . . 0,10 0,0 /10 . . . . 0,10 /3 . . 3,17 . . /"
    "0 21,0 . . . . /0 0,0 12,0 . . 0,0 /"
)
PZPR_ANSWERS = {
    "nmDupRow": (". . . . . /2 . . . . /2 . . . . /. . . . . /. . . . . /", "repeat"),
    "nmSumRowNe": (". . 3 . . /3 4 1 5 . /1 2 . . . /. . . . . /. . . . . /", "sum"),
    "ceNoNum": (". . 3 . . /3 4 1 2 . /1 2 . 1 2 /. . 9 . 8 /. . 8 4 . /", "empty"),
    None: (". 5 3 . . /3 4 1 2 . /1 2 . 1 2 /. 1 9 3 8 /. . 8 4 . /", None),
}


class TestKakuro(PuzzleConformance):
    puzzle = "kakuro"
    brute_force = 150


def _state(source: str) -> tuple[puzzlekit.Puzzle, list[int]]:
    genre = Kakuro()
    text = KakuroPzpr().read(source.replace("/", "\n"), genre)
    (puzzle,) = puzzlekit.load(genre, text)
    (block,) = read_blocks(text)
    return puzzle, fixed_values(genre.parse_state(puzzle.instance, block))


def test_the_pzprjs_sample_solves_to_its_answer() -> None:
    result = puzzlekit.solve(Kakuro(), SAMPLE)
    assert result.status == puzzlekit.Status.UNIQUE
    _, answer = _state(PZPR_BOARD + PZPR_ANSWERS[None][0])
    assert list(result.solutions[0].values) == answer


@pytest.mark.parametrize("error", [e for e in PZPR_ANSWERS if e])
def test_pzprjs_s_failing_answers_break_the_rule_pzprjs_names(error: str) -> None:
    puzzle, values = _state(PZPR_BOARD + PZPR_ANSWERS[error][0])
    found = Kakuro().accept(puzzle.instance, values)
    finished = [v.kind for v in found if not v.unfinished]
    assert (finished or [v.kind for v in found])[0] == PZPR_ANSWERS[error][1], found


def test_check_and_hints_say_what_is_wrong_in_words() -> None:
    puzzle, values = _state(PZPR_BOARD + PZPR_ANSWERS["nmSumRowNe"][0])
    (sum_wrong,) = [v for v in Kakuro().accept(puzzle.instance, values) if v.kind == "sum"]
    assert sum_wrong.message == "the run across from r3c1 adds up to 13, not 10"
    hint = puzzlekit.hint(Kakuro(), SAMPLE)
    assert "adds up to" in hint.text or "holds" in hint.text, hint.text


def test_pzprv3_files_round_trip_byte_for_byte() -> None:
    source = (PZPR_BOARD + PZPR_ANSWERS[None][0]).replace("/", "\n")
    puzzle, values = _state(PZPR_BOARD + PZPR_ANSWERS[None][0])
    assert KakuroPzpr().write(puzzle, [1 << v for v in values]) == source


def test_a_puzzle_alone_is_written_as_pzprjs_writes_it_with_an_empty_digits_block() -> None:
    """pzpr 0.10's ``getFileData`` of the sample opened from its URL, byte for byte."""
    (puzzle,) = puzzlekit.load(Kakuro(), SAMPLE)
    assert KakuroPzpr().write(puzzle) == (PZPR_BOARD + ". . . . . /" * 5).replace("/", "\n")
    assert KakuroPzpr().read(PZPR_BOARD.replace("/", "\n"), Kakuro()) == KakuroPzpr().read(
        KakuroPzpr().write(puzzle), Kakuro()
    )


def test_sat_twin_agrees_with_propagation() -> None:
    pytest.importorskip("pysat")
    genre, rng = Kakuro(), Rng("tests")
    for _ in range(30):
        board = genre.small_board(rng)
        text = "\n".join(genre.write(board)) + "\n"
        ours, sat = puzzlekit.solve(genre, text), puzzlekit.solve(genre, text, engine="sat")
        assert ours.status == sat.status, text
        if ours.status == puzzlekit.Status.UNIQUE:
            assert list(ours.solutions[0].values) == list(sat.solutions[0].values), text


def test_digit_sets_and_runs() -> None:
    assert digit_sets(2, 4) == (0b1010,)  # 1+3
    assert digit_sets(9, 45) == ((1 << 10) - 2,)
    assert digit_sets(2, 18) == ()
    grid = RectGrid(3, 3)
    white = (False, False, False, False, True, True, False, True, False)
    runs = runs_of(grid, white, {3: 5}, {1: 9})
    assert [(r.clue, r.across, r.cells, r.total) for r in runs] == [(3, True, (4, 5), 5), (1, False, (4, 7), 9)]


@pytest.mark.parametrize(
    ("level", "where", "says"),
    [
        ("\\3 x\n", "1:4", "expected '.', '#', a clue like"),
        (". 46\\ .\n", "1:3", "45 at most"),
        (". .\n. . .\n", "2:5", "ragged row"),
    ],
)
def test_bad_levels_are_located(level: str, where: str, says: str) -> None:
    with pytest.raises(LevelError) as err:
        puzzlekit.load(Kakuro(), level)
    assert where in str(err.value) and says in str(err.value), str(err.value)


def test_the_pzprjs_sample_url_is_the_sample_and_writes_back_byte_for_byte() -> None:
    url = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"
    (from_url,) = puzzlekit.load(Kakuro(), KakuroUrl().read(url, Kakuro()))
    (drawn,) = puzzlekit.load(Kakuro(), SAMPLE)
    assert from_url.instance.key == drawn.instance.key
    assert KakuroUrl().write(drawn) == url
    with pytest.raises(LevelError, match="ends after"):
        KakuroUrl().read("https://puzz.link/p?kakuro/5/5/48la0", Kakuro())


@pytest.mark.parametrize(("difficulty", "rung"), [("easy", 1), ("medium", 2), ("hard", 3)])
def test_generated_boards_are_unique_at_their_difficulty_s_rung(difficulty: str, rung: int) -> None:
    pytest.importorskip("pysat")
    for made in puzzlekit.generate("kakuro", size="8x8", difficulty=difficulty, seed="kakuro-tests", count=2):
        assert made.rung == rung
        grade = puzzlekit.grade("kakuro", made.text)
        assert (grade.tier, grade.difficulty) == (rung, difficulty)
        sat = puzzlekit.solve("kakuro", made.text, engine="sat", limit=2)
        assert sat.status == puzzlekit.Status.UNIQUE, made.text
        ours = puzzlekit.solve("kakuro", made.text)
        assert list(ours.solutions[0].values) == list(sat.solutions[0].values)


def test_the_same_seed_makes_the_same_bytes() -> None:
    first, again = (puzzlekit.generate("kakuro", size="7x9", difficulty="hard", seed="again") for _ in range(2))
    assert first[0].text == again[0].text
    other = puzzlekit.generate("kakuro", size="7x9", difficulty="hard", seed="another")
    assert other[0].text != first[0].text


def test_the_needed_digit_goes_in_the_one_cell_that_can_take_it() -> None:
    grid = RectGrid(1, 4)
    (run,) = runs_of(grid, (False, True, True, True), {0: 6}, {})  # 6 in three cells: 1 + 2 + 3 only
    rule = Rule("needed-digit", 1, "test")
    model = Model((Rung(1, "needed", "test"),), domains=[1, 0b110, 0b110, 0b11110])
    model.add(RunDigit(rule, grid, run))
    engine = Engine(model)
    assert engine.start()
    assert engine.dom[3] == 1 << 3  # the 3 has no other cell
    model.domains = [1, 0b110, 0b110, 0b110]  # no cell for the 3: no set fits
    assert not Engine(model).start()


def test_a_clue_cell_is_cut_by_a_diagonal_its_down_clue_below_and_across_clue_above() -> None:
    """As pzprjs and Nikoli draw it: two-digit pairs such as 17\\3 fit in their cell."""
    import xml.etree.ElementTree as ET

    (puzzle,) = puzzlekit.load(Kakuro(), SAMPLE)
    board = puzzle.instance
    root = ET.fromstring(Kakuro().draw_svg(board))
    ns = "{http://www.w3.org/2000/svg}"
    clued = [c for c in range(board.grid.n_cells) if board.down[c] or board.across[c]]
    diagonals = [e for e in root.iter(f"{ns}line") if e.get("class") == "diagonal"]
    assert len(diagonals) == len(clued)
    labels = [(float(e.get("x", 0)), float(e.get("y", 0)), e.text) for e in root.iter(f"{ns}text")]
    cell = next(c for c in clued if board.down[c] == 17)  # r3c3: 17 down, 3 across
    (x0, y0), u = (6 + 40 * (cell % board.grid.cols), 6 + 40 * (cell // board.grid.cols)), 40
    inside = sorted(
        ((t, x - x0, y - y0) for x, y, t in labels if 0 < x - x0 < u and 0 < y - y0 < u), key=lambda t: t[2]
    )
    (across, ax, ay), (down, dx, dy) = inside
    assert (across, down) == ("3", "17") and dx < dy and ax > ay  # below and above the diagonal
    assert {t for _, _, t in labels} == {str(n) for n in (*board.down, *board.across) if n}


def test_touching_black_cells_read_as_one_black_area() -> None:
    """No grid line between two black cells (pzprjs and print draw none); one wherever a
    white cell is beside; black cells drawn with crisp edges, so no seam of paper shows
    when the page scales the picture."""
    import xml.etree.ElementTree as ET

    (puzzle,) = puzzlekit.load(Kakuro(), SAMPLE)
    board, cols = puzzle.instance, puzzle.instance.grid.cols
    root = ET.fromstring(Kakuro().draw_svg(board))
    ns = "{http://www.w3.org/2000/svg}"
    guides = [e for e in root.iter(f"{ns}line") if e.get("class") == "grid"]

    def drawn(x: float, y: float) -> bool:  # some grid line passes through the point
        ends = [tuple(float(e.get(k, 0)) for k in ("x1", "y1", "x2", "y2")) for e in guides]
        return any(min(a, c) <= x <= max(a, c) and min(b, d) <= y <= max(b, d) for a, b, c, d in ends)

    for cell in range(board.grid.n_cells - cols):  # each cell's edge with the one below
        x, y = 6 + 40 * (cell % cols) + 20, 6 + 40 * (cell // cols + 1)
        both_black = not board.white[cell] and not board.white[cell + cols]
        assert drawn(x, y) != both_black, cell
    for cell in [c for c in range(board.grid.n_cells) if c % cols < cols - 1]:  # with the one to its right
        x, y = 6 + 40 * (cell % cols + 1), 6 + 40 * (cell // cols) + 20
        assert drawn(x, y) != (not board.white[cell] and not board.white[cell + 1]), cell
    black = [e for e in root.iter(f"{ns}rect") if e.get("class") == "black"]
    assert len(black) == board.white.count(False) and all(e.get("shape-rendering") == "crispEdges" for e in black)


def test_filling_gives_a_layout_up_after_its_steps() -> None:
    """``fill_runs`` backtracks chronologically; on a layout it thrashes on (a 10x10 seed
    ran for minutes) its step budget ends the try, and ``solved_climb`` draws another."""
    from puzzlekit.core.rng import Rng
    from puzzlekit.grid import RectGrid, fill_runs, run_layout, runs_of

    grid = RectGrid(6, 6)
    rng = Rng("fill")
    white = run_layout(grid, rng)
    runs = runs_of(grid, white, {}, {})
    assert sum(white) > 3
    with pytest.raises(ValueError, match="within the steps allowed"):
        fill_runs(grid, runs, Rng("fill"), steps=3)
    values = fill_runs(grid, runs, Rng("fill"))
    assert all((v > 0) == w for v, w in zip(values, white))


def test_the_terminal_view_shows_both_sums_of_every_clue_cell() -> None:
    (puzzle,) = puzzlekit.load("kakuro", SAMPLE)
    solved = puzzlekit.solve("kakuro", SAMPLE).solutions[0]
    view = puzzle.genre.pretty(puzzle.instance, [1 << v for v in solved.values]).splitlines()
    assert view[3].split() == ["\\3", "1", "2", "17\\3", "1", "2"]  # was clipped to two characters: "\3"
    assert view[1].split() == ["█", "4\\8", "5", "3", "10\\", "█"]


def test_the_editor_has_two_clue_spots_a_cell_down_below_the_diagonal_across_above() -> None:
    g = Kakuro()
    board = g.blank(3, 3)
    assert g.write(board) == ["# # #", "# . .", "# . ."]
    spots = g.clue_spots(board)
    assert [s.position for s in spots[:4]] == [(0, False), (0, True), (1, False), (1, True)]
    down, across = spots[2], spots[3]  # r1c2's halves: a run of two below it, none to its right
    assert down.values == (None, 0, *range(3, 18)) and down.value == 0 and across.values == (None, 0)
    (x0, y0), (x1, _), (_, y1), _ = g.cell_outline(board, 1)
    assert set(down.outline) == {(x0, y0), (x1, y1), (x0, y1)}  # the lower-left half
    assert set(across.outline) == {(x0, y0), (x1, y0), (x1, y1)}  # the upper-right half
    for position, clue in (((1, False), 8), ((2, False), 11), ((3, True), 16), ((6, True), 3)):
        board = g.edit_clue(board, position, clue)
    assert g.write(board) == ["#   8\\  11\\", "\\16 .   .", "\\3  .   ."]
    (puzzle,) = puzzlekit.load(g, "\n".join(g.write(board)) + "\n")
    assert puzzlekit.solve(g, puzzle).status.name == "UNIQUE"  # 7 9 / 1 2
    black = g.edit_clue(board, (4, False), 0)  # r2c2 turns black, no clue in either half
    assert g.write(black)[1:] == ["\\16 #   .", "\\3  .   ."]
    assert g.clue_spots(black)[7].values == (None, 0, 16)  # 16 stays offered after a run it cannot fit
    assert g.write(g.edit_clue(board, (3, False), None))[1] == ".   .   ."  # white again: 16 goes
    with pytest.raises(UsageError, match="a run adds up to 45 at most"):
        g.edit_clue(board, (1, False), 46)
