"""The grid toolkit: topology, level text of boards and marks, drawing by cell."""

from __future__ import annotations

import random

import pytest

from puzzlekit import LevelError, Violation
from puzzlekit.core import BOOL, FALSE, TRUE, find_bridges
from puzzlekit.formats.level import read_blocks
from puzzlekit.grid import EAST, NORTH, RING, SOUTH, WEST, RectGrid, marks_of, read_grid, read_state, write_grid
from puzzlekit.pictures import CellSvg, CellText, cell_tones

LEGEND = {"#": "a black cell", ".": "an empty cell", "01234": "a clue"}


def block(text: str, source: str = "lvl.txt"):  # type: ignore[no-untyped-def]
    return read_blocks(text, source)[0]


# -- topology ------------------------------------------------------------------------


def test_cells_are_row_major_and_named_from_one() -> None:
    grid = RectGrid(3, 4)
    assert grid.cell(1, 2) == 6 and grid.rc(6) == (1, 2)
    assert grid.name(6) == "r2c3"
    assert grid.cell(3, 0) == -1 and grid.cell(0, -1) == -1
    assert grid.names([0, 1, 5]) == "r1c1, r1c2 and r2c2"


def test_around_lists_north_east_south_west_with_minus_one_off_the_board() -> None:
    grid = RectGrid(3, 4)
    assert grid.around[0] == (-1, 1, 4, -1)
    assert grid.around[5] == (1, 6, 9, 4)
    assert grid.neighbours[0] == (1, 4)
    assert len(grid.kings[5]) == 8 and len(grid.kings[0]) == 3
    assert grid.step(5, EAST, 2) == 7 and grid.step(5, NORTH, 2) == -1


def test_edges_join_neighbours_horizontal_pairs_first() -> None:
    grid = RectGrid(2, 3)
    assert grid.n_edges == 2 * 2 + 1 * 3
    assert grid.edge_cells[0] == (0, 1) and grid.edge_cells[4] == (0, 3)
    assert grid.edge_between(4, 1) == grid.edge_between(1, 4) == 5
    assert grid.edge_between(0, 4) == -1
    assert grid.cell_edges[4] == (5, 3, -1, 2)
    assert grid.edge_name(5) == "r1c2–r2c2"
    assert grid.is_horizontal(0) and not grid.is_horizontal(5)
    assert [n for _, n in grid.links[4]] == [1, 5, 3]


def test_links_feed_find_bridges_and_loop_is_a_loop_graph() -> None:
    grid = RectGrid(1, 3)  # a path of three cells: both edges are bridges
    bridges, pieces = find_bridges(grid.links, [BOOL] * grid.n_edges, FALSE)
    assert sorted(bridges) == [0, 1] and pieces == 1
    assert grid.loop.node_edges[1] == (0, 1) or sorted(grid.loop.node_edges[1]) == [0, 1]


def test_dots_are_corners_named_by_a_cell() -> None:
    grid = RectGrid(2, 2)
    assert grid.n_dots == 9
    assert grid.cell_dots(3) == (4, 5, 8, 7)
    assert grid.dot_name(4) == "top-left corner of r2c2"
    assert grid.dot_name(8) == "bottom-right corner of r2c2"


def test_rows_columns_boxes_and_rectangles() -> None:
    grid = RectGrid(4, 4)
    assert grid.row(1) == (4, 5, 6, 7) and grid.column(2) == (2, 6, 10, 14)
    assert len(grid.lines) == 8
    assert grid.boxes(2, 2)[1] == (2, 3, 6, 7)
    assert grid.rectangle(3, 3, 2, 1) == ()
    with pytest.raises(ValueError):
        grid.boxes(3, 3)


def test_segments_and_sight_stop_at_blocked_cells() -> None:
    grid = RectGrid(3, 3)
    wall = {4}
    runs = grid.segments(lambda c: c in wall, min_length=2)
    assert (0, 1, 2) in runs and (0, 3, 6) in runs and (3,) not in runs
    assert sorted(grid.sight(1, lambda c: c in wall)) == [0, 2]
    assert sorted(grid.sight(0, lambda c: c in wall)) == [1, 2, 3, 6]
    assert list(grid.ray(0, SOUTH)) == [3, 6] and list(grid.ray(0, WEST)) == []


def test_pieces_flood_fill_and_two_by_two_blocks() -> None:
    grid = RectGrid(3, 3)
    inside = {0, 1, 3, 4, 8}
    assert grid.pieces(lambda c: c in inside) == [[0, 1, 3, 4], [8]]
    assert grid.has_block(lambda c: c in inside) == (0, 1, 3, 4)
    assert grid.has_block(lambda c: c in {0, 1, 3}) == ()


def _simple_region(grid: RectGrid, inside: set[int]) -> bool:
    """Globally: one piece, every outside piece reaching the board's edge, no 2x2 checkerboard."""
    if len(grid.pieces(inside.__contains__)) != 1:
        return False
    edge = {
        c for c in range(grid.n_cells) if grid.rc(c)[0] in (0, grid.rows - 1) or grid.rc(c)[1] in (0, grid.cols - 1)
    }
    if any(not edge & set(piece) for piece in grid.pieces(lambda c: c not in inside)):
        return False
    for top in range(grid.rows - 1):
        for left in range(grid.cols - 1):
            a, b, c, d = (grid.cell(top + dr, left + dc) in inside for dr, dc in ((0, 0), (0, 1), (1, 0), (1, 1)))
            if a == d and b == c and a != b:
                return False
    return True


@pytest.mark.parametrize("rows, cols", [(1, 5), (3, 3), (4, 6), (6, 5)])
def test_flip_keeps_simple_agrees_with_the_global_check(rows: int, cols: int) -> None:
    grid = RectGrid(rows, cols)
    rng = random.Random(rows * 100 + cols)
    for _ in range(40):
        inside = {rng.randrange(grid.n_cells)}
        for _ in range(300):
            cell = rng.randrange(grid.n_cells)
            flipped = inside ^ {cell}
            expected = bool(flipped) and _simple_region(grid, flipped)
            assert grid.flip_keeps_simple(inside, cell) == expected, (sorted(inside), cell)
            if expected:
                inside = flipped


@pytest.mark.parametrize("rows, cols", [(3, 3), (4, 6), (6, 5)])
def test_flips_keep_simple_agrees_with_the_global_check(rows: int, cols: int) -> None:
    grid = RectGrid(rows, cols)
    rng = random.Random(rows * 10 + cols)
    inside = {rng.randrange(grid.n_cells)}
    fallbacks = 0
    for _ in range(3000):
        x = rng.randrange(grid.n_cells)
        r, c = divmod(x, cols)
        dr, dc = rng.choice(RING)
        cells = {x} if not (0 <= r + dr < rows and 0 <= c + dc < cols) else {x, (r + dr) * cols + c + dc}
        flipped = inside ^ cells
        expected = bool(flipped) and _simple_region(grid, flipped)
        before = set(inside)
        assert grid.flips_keep_simple(inside, cells) == expected, (sorted(inside), sorted(cells))
        assert inside == before  # given back unchanged
        fallbacks += expected and not all(
            grid.flip_keeps_simple(inside ^ set(sorted(cells)[:i]), y) for i, y in enumerate(sorted(cells))
        )
        if expected:
            inside = flipped
    assert fallbacks  # pairs that are simple together and not flip by flip were met


# -- level text ----------------------------------------------------------------------


def test_read_grid_reads_tokens_and_a_first_row_of_black_cells() -> None:
    parsed = read_grid(block("# title: t\n#..1\n.2.#\n"), LEGEND)
    assert (parsed.grid.rows, parsed.grid.cols) == (2, 4)
    assert parsed.tokens[:4] == ("#", ".", ".", "1")
    assert parsed.number(3) == 1 and parsed.number(0) is None


def test_read_grid_points_at_a_bad_cell_and_says_what_was_expected() -> None:
    with pytest.raises(LevelError) as err:
        read_grid(block("#..1\n.2x#\n"), LEGEND)
    assert str(err.value) == "lvl.txt:2:3: expected '#' (a black cell), '.' (an empty cell) or 0-4 (a clue), found 'x'"


def test_read_grid_refuses_ragged_rows_at_the_first_missing_or_extra_cell() -> None:
    with pytest.raises(LevelError, match=r"lvl.txt:2:3: ragged row: expected 4 cells"):
        read_grid(block("#..1\n.2\n"), LEGEND)
    with pytest.raises(LevelError, match=r"lvl.txt:2:5: ragged row"):
        read_grid(block("#..1\n.2...\n"), LEGEND)


def test_read_grid_separated_takes_numbers_of_several_digits() -> None:
    parsed = read_grid(block(" . 12\n 3  .\n"), {".": "an unknown cell"}, numbers=range(1, 100), separated=True)
    assert parsed.tokens == (".", "12", "3", ".")
    with pytest.raises(LevelError, match=r"lvl.txt:1:4: a number here is 1-99, found 120"):
        read_grid(block(" . 120\n 3  .\n"), {".": "an unknown cell"}, numbers=range(1, 100), separated=True)


def test_read_grid_refuses_boards_beyond_the_cap() -> None:
    with pytest.raises(LevelError, match="limited to 3x3"):
        read_grid(block("....\n"), LEGEND, max_side=3)


def test_read_state_repeats_givens_and_reads_marks_on_open_cells() -> None:
    puzzle = read_grid(block("#..1\n"), LEGEND)
    marks = {"*": TRUE, "x": FALSE, ".": BOOL}
    legend = {**LEGEND, "*": "a bulb", "x": "no bulb"}
    assert read_state(block("#*x1\n"), puzzle, marks, legend=legend) == [None, TRUE, FALSE, None]
    with pytest.raises(LevelError, match=r"lvl.txt:1:4: r1c4 is '1' in the puzzle, found '2'"):
        read_state(block("#*x2\n"), puzzle, marks, legend=legend)
    with pytest.raises(LevelError, match=r"lvl.txt:1:2: r1c2 is open in the puzzle: expected a mark"):
        read_state(block("##x1\n"), puzzle, marks, legend=legend)
    with pytest.raises(LevelError, match="the state is 3x1 but the puzzle is 4x1"):
        read_state(block("#*x\n"), puzzle, marks, legend=legend)


def test_write_grid_and_marks_read_back() -> None:
    grid = RectGrid(2, 2)
    assert write_grid(grid, ["#", "*", ".", "1"]) == ["#*", ".1"]
    assert write_grid(grid, [".", "12", "3", "."], separated=True) == [" . 12", " 3  ."]
    assert marks_of([TRUE, FALSE, BOOL], {TRUE: "*", FALSE: "x"}) == ["*", "x", "."]


# -- drawing -------------------------------------------------------------------------


def test_cell_tones_come_from_violation_cells_and_hints_win() -> None:
    violations = [
        Violation("clue", "too many", cells=(1, 2)),
        Violation("open", "short", unfinished=True, cells=(2, 3)),
    ]
    assert cell_tones(violations, [3]) == {1: "wrong", 2: "wrong", 3: "hint"}


def test_cell_svg_draws_each_mark_with_its_class() -> None:
    grid = RectGrid(2, 3)
    canvas = CellSvg(grid, kind="test")
    canvas.shaded(0)
    canvas.black(1, "2", tone="wrong")
    canvas.lit(2)
    canvas.dotted(3)
    canvas.disc(4, cls="bulb", fill="#f0b400")
    canvas.wall(0)
    canvas.tint(5, "hint")
    canvas.grid_lines()
    svg = canvas.to_string()
    for cls in ('class="shaded"', 'class="black"', 'class="lit"', 'class="dotted"', 'class="bulb"', 'class="wall"'):
        assert cls in svg
    assert 'class="shade hint"' in svg and 'class="clue wrong"' in svg
    assert svg.count('class="border"') == 4


def test_cell_text_gives_plain_and_coloured_views_of_one_drawing() -> None:
    grid = RectGrid(1, 4)
    canvas = CellText(grid)
    canvas.black(0, "1")
    canvas.shaded(1)
    canvas.disc(2, cls="bulb")
    canvas.tint(3, "wrong")
    canvas.dotted(3)
    assert canvas.plain() == " 1██ ● ∙"
    assert canvas.to_text().plain == canvas.plain()
    styles = {str(span.style) for span in canvas.to_text().spans}
    assert "bold red" in styles and "bold yellow" in styles


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (3, 5), (5, 3)])
def test_ray_walks_the_steps_to_the_edge(rows: int, cols: int) -> None:
    grid = RectGrid(rows, cols)
    for cell in range(grid.n_cells):
        for direction in (NORTH, EAST, SOUTH, WEST):
            walked, nxt = [], grid.step(cell, direction)
            while nxt >= 0:
                walked.append(nxt)
                nxt = grid.step(nxt, direction)
            assert list(grid.ray(cell, direction)) == walked


def test_planted_shaded_loop_and_what_deduction_leaves_open() -> None:
    from puzzlekit_yajilin.genre import Yajilin

    from puzzlekit.core.rng import Rng
    from puzzlekit.genre import GenerateRequest
    from puzzlekit.grid import shadedloop

    grid = RectGrid(6, 6)
    loop, off, shaded = shadedloop.planted_shaded_loop(grid, Rng("t"), 0.45)
    on = {c for c in range(grid.n_cells) if any(loop[e] for e in grid.loop.node_edges[c])}
    assert sorted(off) == sorted(set(range(grid.n_cells)) - on) and shaded <= set(off)
    assert not any(b in shaded for a in shaded for b in grid.neighbours[a])
    genre, request, rng = Yajilin(), GenerateRequest(6, 6, "easy"), Rng("t")
    assert shadedloop.cells_left_open(genre.solving_model(genre.blank(6, 6)), grid, 2)  # nothing to go on
    board = None
    while board is None:
        board = genre.generate(request, rng)
    assert shadedloop.cells_left_open(genre.solving_model(board), grid, 1) == set()  # the generator's repair ended
