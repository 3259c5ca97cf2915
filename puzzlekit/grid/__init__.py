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
  ``pieces_of`` and ``has_pool``: ``RectGrid.pieces`` and ``has_block`` on a set of
  cells, on bit masks (a generator's trials);
  ``sized_regions``, ``lone_pieces``, ``piece_cuts``: the same as CNF, for a SAT twin;
- ``Houses``, ``House``: cells that each hold every value once (Sudoku's rows, columns
  and boxes), with the single-house techniques as propagators and the rule as CNF;
  ``Givens``, their ``ClueModel`` (givens changed in place, for a generator);
- ``Placements``, ``rectangles``, ``cut_rectangles``, ``cells_of``, ``NoRoom``: one piece
  per clue tiling the board (Shikaku), its propagators and its exact-cover CNF;
  ``MovingClues``, ``climb``: clues moved within their regions until a rung is needed;
- ``GridGenre``: a ``Genre`` base that names variables by cell and draws SVG and
  terminal views from one ``paint``, toned from ``Violation.cells``.
"""

from puzzlekit.grid.bits import cells_of
from puzzlekit.grid.cnf import lone_pieces, piece_cuts, sized_regions
from puzzlekit.grid.connectivity import NotAll, OneClueRegions, StaysConnected, has_pool, pieces_of, reach
from puzzlekit.grid.genre import Canvas, GridGenre
from puzzlekit.grid.placements import NoRoom, Placements, cut_rectangles, rectangles
from puzzlekit.grid.placing import MovingClues, climb
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
from puzzlekit.grid.topology import DIRECTION_NAMES, EAST, NORTH, SOUTH, STEPS, WEST, RectGrid
from puzzlekit.grid.units import Givens, House, Houses

__all__ = [
    "DIRECTION_NAMES",
    "EAST",
    "MAX_SIDE",
    "NORTH",
    "SOUTH",
    "STEPS",
    "WEST",
    "Canvas",
    "Givens",
    "GridGenre",
    "House",
    "Houses",
    "MovingClues",
    "NoRoom",
    "NotAll",
    "OneClueRegions",
    "ParsedGrid",
    "Placements",
    "RectGrid",
    "StaysConnected",
    "cells_of",
    "climb",
    "cut_rectangles",
    "describe_legend",
    "has_pool",
    "letter_pieces",
    "lone_pieces",
    "marks_of",
    "piece_cuts",
    "pieces_of",
    "reach",
    "read_grid",
    "read_state",
    "rectangles",
    "region_letters",
    "sized_regions",
    "write_grid",
]
