"""The grid-genre toolkit: what every genre on a rectangular board of cells shares.

Public API (kept stable; see docs/plugins/toolkit.md):

- ``RectGrid``: cells ``r*C + c`` named ``r1c1``, orthogonal ``neighbours`` and
  ``around`` (north, east, south, west; -1 off the board), ``kings``, ``edges``
  between neighbours (``edge_cells``, ``cell_edges``, ``edge_between``, ``links``
  for ``find_bridges``, ``loop`` for loop genres), dots, ``row``/``column``/
  ``lines``, ``segments`` between blocked cells, ``sight``, ``boxes``,
  ``rectangle``, ``pieces`` (flood fill) and ``has_block`` (a 2x2 pool);
- ``NORTH``, ``EAST``, ``SOUTH``, ``WEST``, ``STEPS``: directions;
- ``read_grid`` -> ``ParsedGrid`` (tokens, ``error(cell, message)``), ``read_state``,
  ``write_grid``, ``marks_of``, ``describe_legend``, ``MAX_SIDE``: level text of a board
  and of a player's marks, with errors at ``file:line:col``;
- ``StaysConnected``, ``OneClueRegions``, ``reach``: cell connectivity for shading
  genres (one colour stays connected; every region holds one clue, of its size);
  ``PieceTheory``, ``AnchoredTheory``: the same two rules for the core's learning search;
  ``pieces_of``, ``piece_masks`` and ``has_pool``: ``RectGrid.pieces`` and ``has_block``
  on a set of cells or a mask, on bit masks (a generator's trials);
  ``sized_regions`` (with ``region_reach``, ``region_levels``, ``twin_size``, ``exactly_k``), ``lone_pieces``,
  ``piece_cuts``: the same as CNF, for a SAT twin;
- ``Houses``, ``House``: cells that each hold every value once (Sudoku's rows, columns
  and boxes), with the single-house techniques as propagators and the rule as CNF;
  ``Givens``, their ``ClueModel`` (givens changed in place, for a generator);
- ``Placements``, ``rectangles``, ``cut_rectangles``, ``cells_of``, ``NoRoom``: one piece
  per clue tiling the board (Shikaku), its propagators and its exact-cover CNF;
  ``MovingClues``, ``climb``: clues moved within their regions until a rung is needed;
- ``GridGenre``: a ``Genre`` base that names variables by cell and draws SVG and
  terminal views from one ``paint``, toned from ``Violation.cells`` (``walled``: the
  terminal view frames its cells, so region walls show there too);
- ``Count``, ``Patterns``, ``Confined``: "k of these cells" as a count, as every way to
  place them none touching, and as regions confined to as many rows (Star Battle);
- ``Apart``, ``add_apart``, ``shading_marks``, ``touching``, ``split``, ``full_blocks``, ``counted``,
  ``apart_clauses``, ``block_clauses``: the shading family's rules, judged and as CNF;
- ``puzzlekit.grid.shapes`` (imported from there): polyominoes, ``shape_of``,
  ``TETROMINOES``, ``connected_sets``, ``Ways`` (a region shaded in one of its ways),
  ``OnePartner`` and ``partner_clauses`` (dominoes), ``sized_pieces``;
- ``Regions``, ``LETTERS``, ``REGION_LEGEND``: given regions (rooms from letters or
  pzprjs's borders, walls, names, runs across rooms);
- ``add_sized_regions`` (``RegionAt``), ``RoomToGrow``, ``GivenCells``, ``NumberGivens``, ``given_mask``,
  ``open_domains``, ``size_violations``, ``sized_regions_twin``, ``number_step``, ``numbers_text``,
  ``random_regions``, ``paint_numbers``: number fill (Fillomino's regions of their size);
  ``NumberFill``, ``FillBoard``: a base for number-fill genres (givens in, a number per cell out);
- ``Run``, ``RunSum``, ``RunDigit``, ``runs_of``, ``digit_sets``, ``run_violations``, ``run_sums_twin``, ``sum_cuts``:
  run sums (Kakuro's runs of distinct digits adding up to a clue); ``NakedSingle`` (``units``);
  ``RunBoard``, ``RunSums``, ``read_run_board``: a base for run-sum genres (black cells holding
  a down and an across clue: the board, its text, pictures and editor spots);
  ``run_layout``, ``fill_runs``, ``SumClimb``, ``black_near``, ``blacken``, ``may_black``,
  ``settle_runs``, ``solved_climb``, ``walk_to``, ``ladder_rung``, ``sum_board``: making them;
- ``layers``, ``join_layers``, ``read_layered``, ``read_marks``, ``meta_number``, ``meta_rows``,
  ``board_rows``: multi-layer level text and the metadata a puzzle depends on;
- ``Repeats``, ``Twins``, ``TwinPatterns``: no label twice among a line's unshaded cells
  (Hitori); ``OneWayOut``, ``add_ways_out``: an unshaded cell's last way out;
  ``SeesExactly``, ``seen``, ``sight_clauses``: sight lines (Kurodoko's count);
  ``NumberedShading``, ``NumberBoard``: a base for shading genres with a number per cell;
- ``SharedPropagators``, ``grid_of``, ``assert_unchanged``: stateless propagators made once
  per grid and shared by every model of it (a generator's rounds), one grid per size.
"""

from puzzlekit.grid.bits import cells_of
from puzzlekit.grid.cnf import exactly_k, lone_pieces, piece_cuts, region_levels, region_reach, sized_regions, twin_size
from puzzlekit.grid.connectivity import NotAll, OneClueRegions, StaysConnected, has_pool, piece_masks, pieces_of, reach
from puzzlekit.grid.counting import MAX_WAYS, ClueSlots, Confined, Count, Patterns
from puzzlekit.grid.exits import OneWayOut, add_ways_out
from puzzlekit.grid.genre import Canvas, GridGenre
from puzzlekit.grid.growing import Engines, RegionEngines, settle_regions, spread_stars
from puzzlekit.grid.layers import (
    board_rows,
    join_layers,
    layers,
    meta_number,
    meta_rows,
    read_layered,
    read_marks,
)
from puzzlekit.grid.learning import AnchoredTheory, PieceTheory
from puzzlekit.grid.liveleft import LiveLeft
from puzzlekit.grid.numbered import NumberBoard, NumberedShading
from puzzlekit.grid.numberfill import (
    GivenCells,
    NumberGivens,
    RegionAt,
    RoomToGrow,
    add_sized_regions,
    given_mask,
    number_step,
    numbers_text,
    open_domains,
    paint_numbers,
    random_regions,
    size_violations,
    sized_regions_twin,
)
from puzzlekit.grid.numberfillgenre import FillBoard, NumberFill
from puzzlekit.grid.pergrid import SharedPropagators, assert_unchanged, grid_of
from puzzlekit.grid.placements import NoRoom, Placements, cut_rectangles, rectangles
from puzzlekit.grid.placing import MovingClues, climb
from puzzlekit.grid.regions import (
    LETTERS,
    REGION_LEGEND,
    Rect,
    Regions,
    RoomCutter,
    grown_regions,
    moved_path,
    split_rect,
)
from puzzlekit.grid.repeats import Repeats, TwinPatterns, Twins
from puzzlekit.grid.roomnumbers import NumberedRooms, RoomNumbers
from puzzlekit.grid.runboard import RunBoard, RunSums, read_run_board
from puzzlekit.grid.shading import (
    Apart,
    Shading,
    add_apart,
    any_touching,
    apart_clauses,
    area_only,
    block_clauses,
    counted,
    full_blocks,
    left_open,
    paint_shading,
    random_shading,
    settle_area_only,
    shading_marks,
    split,
    touching,
    touching_pairs,
)
from puzzlekit.grid.sight import SeesExactly, seen, sight_clauses
from puzzlekit.grid.sumboards import (
    SumClimb,
    black_near,
    blacken,
    fill_runs,
    ladder_rung,
    may_black,
    run_layout,
    settle_runs,
    solved_climb,
    sum_board,
    walk_to,
)
from puzzlekit.grid.sums import Run, RunDigit, RunSum, digit_sets, run_sums_twin, run_violations, runs_of, sum_cuts
from puzzlekit.grid.text import (
    MAX_SIDE,
    ParsedGrid,
    describe_legend,
    letter_pieces,
    marks_of,
    read_grid,
    read_state,
    region_letters,
    write_grid,
)
from puzzlekit.grid.topology import DIRECTION_NAMES, EAST, NORTH, RING, SOUTH, STEPS, WEST, RectGrid, ring_keeps_simple
from puzzlekit.grid.units import Givens, House, Houses, NakedSingle

__all__ = [
    "DIRECTION_NAMES",
    "EAST",
    "LETTERS",
    "MAX_SIDE",
    "MAX_WAYS",
    "NORTH",
    "REGION_LEGEND",
    "RING",
    "SOUTH",
    "STEPS",
    "WEST",
    "AnchoredTheory",
    "Apart",
    "Canvas",
    "ClueSlots",
    "Confined",
    "Count",
    "Engines",
    "FillBoard",
    "GivenCells",
    "Givens",
    "GridGenre",
    "House",
    "Houses",
    "LiveLeft",
    "MovingClues",
    "NakedSingle",
    "NoRoom",
    "NotAll",
    "NumberBoard",
    "NumberFill",
    "NumberGivens",
    "NumberedRooms",
    "NumberedShading",
    "OneClueRegions",
    "OneWayOut",
    "ParsedGrid",
    "Patterns",
    "PieceTheory",
    "Placements",
    "Rect",
    "RectGrid",
    "RegionAt",
    "RegionEngines",
    "Regions",
    "Repeats",
    "RoomCutter",
    "RoomNumbers",
    "RoomToGrow",
    "Run",
    "RunBoard",
    "RunDigit",
    "RunSum",
    "RunSums",
    "SeesExactly",
    "Shading",
    "SharedPropagators",
    "StaysConnected",
    "SumClimb",
    "TwinPatterns",
    "Twins",
    "add_apart",
    "add_sized_regions",
    "add_ways_out",
    "any_touching",
    "apart_clauses",
    "area_only",
    "assert_unchanged",
    "black_near",
    "blacken",
    "block_clauses",
    "board_rows",
    "cells_of",
    "climb",
    "counted",
    "cut_rectangles",
    "describe_legend",
    "digit_sets",
    "exactly_k",
    "fill_runs",
    "full_blocks",
    "given_mask",
    "grid_of",
    "grown_regions",
    "has_pool",
    "join_layers",
    "ladder_rung",
    "layers",
    "left_open",
    "letter_pieces",
    "lone_pieces",
    "marks_of",
    "may_black",
    "meta_number",
    "meta_rows",
    "moved_path",
    "number_step",
    "numbers_text",
    "open_domains",
    "paint_numbers",
    "paint_shading",
    "piece_cuts",
    "piece_masks",
    "pieces_of",
    "random_regions",
    "random_shading",
    "reach",
    "read_grid",
    "read_layered",
    "read_marks",
    "read_run_board",
    "read_state",
    "rectangles",
    "region_letters",
    "region_levels",
    "region_reach",
    "ring_keeps_simple",
    "run_layout",
    "run_sums_twin",
    "run_violations",
    "runs_of",
    "seen",
    "settle_area_only",
    "settle_regions",
    "settle_runs",
    "shading_marks",
    "sight_clauses",
    "size_violations",
    "sized_regions",
    "sized_regions_twin",
    "solved_climb",
    "split",
    "split_rect",
    "spread_stars",
    "sum_board",
    "sum_cuts",
    "touching",
    "touching_pairs",
    "twin_size",
    "walk_to",
    "write_grid",
]
