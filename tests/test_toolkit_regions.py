"""Given regions (issue 20): multi-layer level text located in the file, metadata a puzzle
depends on, ``Regions`` and pzprjs's border and room codecs, walls in the terminal view."""

from __future__ import annotations

import functools
from collections.abc import Sequence

import pytest

from puzzlekit import LevelError
from puzzlekit.core import Engine
from puzzlekit.core.rng import Rng
from puzzlekit.formats import regions as codec
from puzzlekit.formats.cells import border_blocks
from puzzlekit.formats.level import read_blocks, write_block
from puzzlekit.formats.pzprfile import PzprFile
from puzzlekit.grid import (
    REGION_LEGEND,
    RectGrid,
    Regions,
    RoomCutter,
    join_layers,
    layers,
    meta_number,
    meta_rows,
    random_shading,
    read_grid,
    split,
    touching,
)
from puzzlekit.grid.layers import board_rows, read_layered
from puzzlekit.pictures import CellText

# pzprjs's Heyawake sample (test/script/heyawake.js): its borders, and the rooms they cut.
SAMPLE_BORDER = "lll155007rs1"
SAMPLE_ROOMS = ["abbccd", "abbccd", "abbccd", "eeeeed", "fffggd", "fffggh"]


def block(text: str):  # type: ignore[no-untyped-def]
    return read_blocks(text, "lvl.txt")[0]


# -- layers and metadata ---------------------------------------------------------------


def test_layers_keep_their_columns_in_the_file() -> None:
    clues, rooms = layers(block("# stars: 2\n1 . | ab\n. . |a?\n"), ("clues", "rooms"))
    assert clues.rows == ["1 .", ". ."] and rooms.rows == ["ab", "a?"]
    assert rooms.offsets == [6, 5]
    with pytest.raises(LevelError) as err:
        read_grid(rooms, REGION_LEGEND)
    assert (err.value.line, err.value.col) == (3, 7)
    assert "expected a-z, A-Z, 0-9 (a region's letter), found '?'" in str(err.value)


def test_a_row_with_another_number_of_layers_is_located() -> None:
    with pytest.raises(LevelError) as err:
        layers(block("ab | ab\nab | ab | ab\n"), ("clues", "rooms"))
    assert err.value.line == 2 and err.value.col == 9  # the extra '|'
    assert "expected 2 layers side by side (clues | rooms), found 3" in str(err.value)
    with pytest.raises(LevelError, match="found 1"):
        layers(block("ab\n"), ("clues", "rooms"))


def test_a_marks_layer_in_front_tells_a_state_from_a_puzzle() -> None:
    marks, (clues, rooms) = read_layered(block("#o | 1. | ab\n"), ("clues", "rooms"))
    assert marks is not None and marks.rows == ["#o"] and rooms.offsets == [10]
    marks, (clues, rooms) = read_layered(block("1. | ab\n"), ("clues", "rooms"))
    assert marks is None and clues.rows == ["1."]
    assert join_layers(["#o"], ["1."], ["ab"]) == ["#o | 1. | ab"]


def test_metadata_a_puzzle_depends_on_reads_and_writes_once() -> None:
    b = block("# stars: 2\nab\n")
    assert meta_number(b, "stars", 1, range(1, 100)) == 2
    assert meta_number(block("ab\n"), "stars", 1, range(1, 100)) == 1
    with pytest.raises(LevelError) as err:
        meta_number(block("# title: x\n# stars: 0\nab\n"), "stars", 1, range(1, 100))
    assert err.value.line == 2 and "'# stars:' is a number 1-99, not '0'" in str(err.value)
    rows = [*meta_rows({"stars": 2}), "ab"]
    assert board_rows(rows) == ["ab"]
    written = write_block(rows, {"title": "t", "stars": "9"})
    assert written == "# title: t\n# stars: 2\nab\n"  # the genre's own line wins, once
    again = block(written)
    assert again.meta["stars"] == "2" and again.rows == ["ab"]


# -- Regions ---------------------------------------------------------------------------


def test_regions_are_numbered_by_first_cell_with_walls_between() -> None:
    grid = RectGrid(2, 3)
    rooms = Regions(grid, list("bbaxxa"), "room")
    assert rooms.owner == (0, 0, 1, 2, 2, 1) and rooms.cells == ((0, 1), (2, 5), (3, 4))
    assert rooms.name(1) == "the room at r1c3"
    walls = {frozenset(grid.edge_cells[e]) for e in rooms.walls}
    assert walls == {frozenset(p) for p in ((1, 2), (4, 5), (0, 3), (1, 4))}
    assert rooms.adjacent[0] == frozenset({1, 2})
    assert Regions.from_walls(grid, rooms.walls).owner == rooms.owner
    assert rooms.letters() == list("aabccb")
    assert Regions(grid, rooms.letters()).owner == rooms.owner
    split = Regions(grid, list("aabbaa"))  # one letter, two pieces: two regions
    assert split.n == 3


def test_runs_across_two_walls_are_as_short_as_can_be() -> None:
    rooms = Regions(RectGrid(2, 5), list("aabccaabcc"), "room")
    assert rooms.runs_across(2)[:2] == [(1, 2, 3), (6, 7, 8)]
    assert all(len(run) == 3 for run in rooms.runs_across(2))
    assert Regions(RectGrid(1, 4), list("abcd")).runs_across(2) == [(0, 1, 2), (1, 2, 3)]


def test_top_is_pzprjs_s_cell_for_a_room_number() -> None:
    rooms = Regions(RectGrid(3, 3), list("baaaaaaaa"))
    assert rooms.top(1) == 3  # leftmost column first, then topmost: r2c1


def test_too_many_regions_for_letters_still_write_apart() -> None:
    grid = RectGrid(9, 9)
    rooms = Regions(grid, list(range(81)))
    letters = rooms.letters()
    assert Regions(grid, letters).owner == rooms.owner


# -- pzprjs codecs ---------------------------------------------------------------------


def test_the_border_codec_reads_pzprjs_s_sample_and_writes_it_back() -> None:
    grid = RectGrid(6, 6)
    walls, used = codec.decode_border("url", SAMPLE_BORDER + "2222j", 0, 6, 6)
    assert used == len(SAMPLE_BORDER) == codec.border_length(6, 6)
    assert Regions.from_walls(grid, walls).owner == Regions(grid, list("".join(SAMPLE_ROOMS))).owner
    assert codec.encode_border(walls, 6, 6) == SAMPLE_BORDER


def test_border_codec_round_trips_random_boards_and_refuses_bad_bodies() -> None:
    rng = Rng("borders")
    for _ in range(50):
        rows, cols = rng.between(1, 7), rng.between(1, 7)
        grid = RectGrid(rows, cols)
        walls = sorted({rng.below(grid.n_edges) for _ in range(grid.n_edges)}) if grid.n_edges else []
        body = codec.encode_border(walls, cols, rows)
        assert codec.decode_border("u", body, 0, cols, rows) == (walls, len(body))
    with pytest.raises(LevelError, match="cut short"):
        codec.decode_border("u/lll", "lll", 2, 6, 6)
    with pytest.raises(LevelError, match="unexpected character 'z'") as err:
        codec.decode_border("u/llz", "llz", 2, 6, 6)
    assert err.value.col == 5


def test_room_numbers_and_border_blocks_round_trip_through_a_file() -> None:
    grid = RectGrid(3, 4)
    rooms = Regions(grid, list("aabbacbbdddd"))
    count, ids = codec.room_id_lines(rooms.owner, grid.cols)
    text = "\n".join(["pzprv3", "x", "3", "4", count, *(" ".join(r) + " " for r in ids)]) + "\n"
    assert codec.read_room_ids(PzprFile(text)) == list(rooms.owner)
    with pytest.raises(LevelError, match="expected a room number 0-3, found '4'"):
        codec.read_room_ids(PzprFile(text.replace("3 3 3 3", "3 3 4 3")))
    vertical, horizontal = border_blocks(rooms.owner, grid.rows, grid.cols)
    flat = [x for row in vertical + horizontal for x in row]
    assert [e for e, x in enumerate(flat) if x == "1"] == list(rooms.walls)  # edge order: walls are edges


# -- walls in the terminal view --------------------------------------------------------


def test_the_terminal_view_frames_cells_and_draws_walls() -> None:
    grid = RectGrid(2, 2)
    rooms = Regions(grid, list("aabb"))
    text = CellText(grid, walls=True)
    for e in rooms.walls:
        text.wall(e)
    text.shaded(0)
    drawn = ["┌─────┐", "│██   │", "├─────┤", "│     │", "└─────┘"]
    assert text.plain().splitlines() == drawn
    assert text.plain().splitlines() == drawn  # framed once
    cut = CellText(grid, walls=True)
    cut.wall(next(e for e in range(grid.n_edges) if grid.edge_cells[e] == (0, 1)))
    assert cut.plain().splitlines()[:2] == ["┌──┬──┐", "│  │  │"]
    flat = CellText(grid)
    flat.wall(rooms.walls[0])
    flat.shaded(3)
    assert flat.plain().splitlines() == ["", "  ██"]  # side by side: no frame, no wall


def test_a_players_shading_is_written_as_pzprjs_saves_it() -> None:
    from puzzlekit.core import BOOL, FALSE, TRUE

    assert codec.shading_block([TRUE, FALSE, BOOL, TRUE], 4, 2) == [["#", "+"], [".", "#"]]
    assert codec.shading_block(None, 4, 2) == [[".", "."], [".", "."]]


# -- cutting rooms round a shading (Heyawake's generator) ---------------------------------


def _runs_ok(rooms: Regions, values: list[int]) -> bool:
    return all(any(values[c] for c in run) for run in rooms.runs_across(2))


def test_a_random_shading_keeps_shaded_cells_apart_and_the_rest_one_area() -> None:
    for n in (1, 2, 5, 9):
        grid, values = RectGrid(n, n + 1), random_shading(RectGrid(n, n + 1), Rng(f"shade{n}")).values
        shaded, unshaded = (
            [c for c in range(grid.n_cells) if values[c]],
            [c for c in range(grid.n_cells) if not values[c]],
        )
        assert not touching(grid, shaded.__contains__, "x") and not split(grid, unshaded.__contains__, "x")
        assert values == random_shading(RectGrid(n, n + 1), Rng(f"shade{n}")).values
    assert sum(random_shading(RectGrid(12, 12), Rng("dense")).values) > 144 // 5  # as many as fit


def test_rooms_cut_round_a_shading_never_put_an_unshaded_run_across_three() -> None:
    redrawn = forced = 0
    for seed in range(12):
        grid, rng = RectGrid(7, 8), Rng(f"rooms{seed}")
        cutter = RoomCutter(random_shading(grid, rng, 1 + seed % 3), rng)
        cutter.cut_down(4 + seed % 5)
        rects = cutter.rects
        cells = sorted(c for r0, c0, r1, c1 in rects for r in range(r0, r1) for c in range(r * 8 + c0, r * 8 + c1))
        assert cells == list(range(grid.n_cells))  # the rectangles tile the board
        rooms = Regions(grid, cutter.owner)
        assert _runs_ok(rooms, cutter.shading.values)
        for cell in range(0, grid.n_cells, 5):  # a redrawn shading keeps the rules
            before = list(cutter.shading.values)
            if cutter.reshade(cutter.around(cell, 1 + seed % 2), differ=True, nodes=1 + seed * 30):
                redrawn += cutter.shading.values != before
            else:
                assert cutter.shading.values == before  # none found: as it was
            assert _runs_ok(Regions(grid, cutter.owner), cutter.shading.values)
            assert not touching(grid, lambda c: cutter.shading.values[c] == 1, "x")  # noqa: B023
            unshaded = {c for c, v in enumerate(cutter.shading.values) if not v}
            assert not split(grid, unshaded.__contains__, "x")
        for k in range(len(rects)):  # a forced cut keeps the rules too, or changes nothing
            before, owner = list(cutter.shading.values), list(cutter.owner)
            if cutter.force(k):
                forced += 1
            else:
                assert (cutter.shading.values, cutter.owner) == (before, owner)
            assert _runs_ok(Regions(grid, cutter.owner), cutter.shading.values)
            assert not touching(grid, lambda c: cutter.shading.values[c] == 1, "x")  # noqa: B023
    assert redrawn and forced


def _in_big_rooms(cutter: RoomCutter, most: int) -> list[int]:
    """Stands in for "the cells deduction leaves open": those of rooms of more than ``most``."""
    rooms = Regions(cutter.grid, cutter.owner)
    return [c for c in range(cutter.grid.n_cells) if len(rooms.cells[rooms.owner[c]]) > most]


def test_settling_cuts_until_nothing_is_left_open() -> None:
    settled = 0
    for seed in range(6):
        grid, rng = RectGrid(6, 6), Rng(f"settle{seed}")
        cutter = RoomCutter(random_shading(grid, rng, 3), rng)
        cutter.cut_down(36)
        if cutter.settle(functools.partial(_in_big_rooms, cutter, 9), 36):
            settled += 1
            assert not _in_big_rooms(cutter, 9) and _runs_ok(Regions(grid, cutter.owner), cutter.shading.values)
    assert settled >= 4


def test_region_growth_keeps_the_board_solved_and_undoes_refused_changes() -> None:
    """The toolkit's worked example: dominoes planted, each a region, every other cell
    joining one while rung 1 settles it; a refused attempt leaves everything as it was."""
    from puzzlekit_norinori.genre import LADDER, PAIRS, Norinori, region_rules

    from puzzlekit.grid.regions import OFF, RegionGrowth
    from puzzlekit.grid.regionshading import RegionBoard
    from puzzlekit.grid.shapes import OnePartner, random_dominoes

    grid, rng = RectGrid(6, 6), Rng("b")
    shaded = random_dominoes(grid, rng)
    assert all(sum(shaded[n] for n in grid.neighbours[c]) == 1 for c in range(grid.n_cells) if shaded[c])
    growth = RegionGrowth(
        grid, LADDER, shaded, 1, lambda c: [OnePartner(PAIRS, grid, c)], lambda cells: region_rules(grid, cells)
    )
    for i, piece in enumerate(grid.pieces(lambda c: shaded[c] == 1)):
        for c in piece:
            growth.put(c, i)
    refused = 0

    def join(cell: int) -> bool:
        nonlocal refused
        for region in {growth.owner[n] for n in grid.neighbours[cell]} - {OFF}:
            before = (list(growth.owner), list(growth.shaded))
            if growth.attempt((cell,), region):
                return True
            refused += 1
            assert (growth.owner, growth.shaded) == before
        return False

    assert growth.grow(join, rng, lambda: None, 20 * grid.n_cells)
    assert OFF not in growth.owner and not growth.open_cells()
    assert refused
    board = RegionBoard(Regions(grid, growth.owner))
    values = [1 if v else 0 for v in growth.shaded]
    assert Norinori().accept(board, values) == []


@pytest.mark.parametrize(("n", "k"), [(5, 1), (8, 1), (10, 2), (15, 3), (20, 4)])
def test_spread_stars_puts_k_in_every_row_and_column_none_touching(n: int, k: int) -> None:
    from puzzlekit.grid import spread_stars

    stars = spread_stars(n, n, k, Rng(f"stars-{n}"))
    assert stars is not None and stars == spread_stars(n, n, k, Rng(f"stars-{n}"))
    grid = RectGrid(n, n)
    assert all(sum(c in stars for c in grid.row(r)) == k for r in range(n))
    assert all(sum(c in stars for c in grid.column(r)) == k for r in range(n))
    assert not any(x in stars for c in stars for x in grid.kings[c])
    assert spread_stars(3, 3, 2, Rng("x")) is None  # two in a row of three always touch


def _left_open(grid: RectGrid, k: int, owner: list[int], given: list[bool], cap: int) -> list[int]:
    """The cells deduction capped at ``cap`` leaves open, built afresh from Star Battle's own model."""
    from puzzlekit_starbattle.genre import Board, StarBattle

    from puzzlekit.core import BOOL, FALSE

    model = StarBattle().build(Board(Regions(grid, owner), k))
    for cell, fixed in enumerate(given):
        if fixed:
            model.domains[cell] = FALSE
    engine = Engine(model, max_rung=cap)
    assert engine.start()  # the planted stars are a solution
    return [c for c, d in enumerate(engine.dom) if d == BOOL]


def _fresh(grid: RectGrid, k: int, owner: Sequence[int], cap: int) -> Engine:
    """A new engine on Star Battle's own model, in place of the generator's ``RegionEngines``."""
    from puzzlekit_starbattle.genre import Board, StarBattle

    return Engine(StarBattle().build(Board(Regions(grid, list(owner)), k)), max_rung=cap)


def test_settled_regions_hold_their_stars_in_one_piece_and_deduction_solves_them() -> None:
    from puzzlekit.grid import grown_regions, settle_regions, spread_stars

    grid, made = RectGrid(7, 7), 0
    for seed in range(6):
        rng = Rng(f"settle-{seed}")
        stars = spread_stars(7, 7, 1, rng)
        assert stars is not None
        owner = grown_regions(grid, stars, 1, rng)
        if owner is None:
            continue
        if settle_regions(grid, owner, stars, lambda o, cap: _fresh(grid, 1, o, cap), [1, 2], rng, 200):
            made += 1
            regions = Regions(grid, owner)
            assert regions.n == 7 and all(sum(c in stars for c in cells) == 1 for cells in regions.cells)
            assert not _left_open(grid, 1, owner, [False] * 49, 2)
    assert made


def test_a_room_force_found_no_cut_for_is_refused_at_once_until_its_rows_change() -> None:
    grid, rng = RectGrid(8, 8), Rng("refused")
    cutter = RoomCutter(random_shading(grid, rng), rng)
    cutter.cut_down(4)
    searched: list[object] = []
    cutter.reshade = lambda *args, **kw: searched.append(args) or False  # type: ignore[method-assign]
    rooms = [k for k, (r0, c0, r1, c1) in enumerate(cutter.rects) if (r1 - r0) * (c1 - c0) > 1]
    assert rooms and not any(cutter.force(k) for k in rooms) and len(cutter.refused) == len(rooms)
    searched.clear()
    assert not any(cutter.force(k) for k in rooms) and not searched  # refused without a search
    r0, c0, r1, c1 = cutter.rects[rooms[0]]
    far = next(c for c in range(grid.n_cells) if r0 <= c // 8 < r1 and c % 8 not in range(c0 - 1, c1 + 1))
    cutter.shading.values[far] ^= 1  # a cell on a row through it changed: searched again
    assert not cutter.force(rooms[0]) and searched


def _tiles(cutter: RoomCutter) -> bool:
    """The cutter's rectangles tile the board, and ``owner`` names each cell's."""
    return all(cutter.owner[c] == k for k in range(len(cutter.rects)) for c in cutter.cells(k)) and sum(
        len(cutter.cells(k)) for k in range(len(cutter.rects))
    ) == len(cutter.owner)


def test_a_regrown_room_keeps_the_rules_and_the_rooms_tile_the_board() -> None:
    regrown = 0
    for seed in range(8):
        grid, rng = RectGrid(8, 9), Rng(f"regrow{seed}")
        cutter = RoomCutter.round_shading(grid, rng, 4 + seed % 4)
        for k in (0, 3, 7, 11):
            before = (list(cutter.shading.values), list(cutter.owner), list(cutter.rects))
            if cutter.regrow(min(k, len(cutter.rects) - 1)):
                regrown += 1
            else:
                assert (cutter.shading.values, cutter.owner, cutter.rects) == before
            assert _tiles(cutter) and _runs_ok(Regions(grid, cutter.owner), cutter.shading.values)
            assert cutter.runs() == [tuple(run) for run in Regions(grid, cutter.owner).runs_across(2)]
            assert not touching(grid, lambda c: cutter.shading.values[c] == 1, "x")  # noqa: B023
            assert not split(grid, lambda c: not cutter.shading.values[c], "x")  # noqa: B023
    assert regrown >= 20
