"""``grid.orderedpieces``: open cells no later piece can go in are taken by the region
closing beside them, and counted as stranding while no region has them."""

from __future__ import annotations

from puzzlekit.core.rng import Rng
from puzzlekit.grid import RectGrid
from puzzlekit.grid.orderedpieces import UNKNOWN, PieceBoard
from puzzlekit.grid.shapes import TETROMINOES

SHAPES = frozenset(s for s, name in TETROMINOES.items() if name != "O")


def test_an_open_pocket_no_piece_fits_in_strands_whatever_its_size() -> None:
    """A 2x2 pocket of open cells holds only an O, which is no piece: four cells stranded."""
    grid = RectGrid(4, 4)
    board = PieceBoard(grid, SHAPES, 7)
    pocket = {grid.cell(r, c) for r in (1, 2) for c in (1, 2)}
    board.known = [UNKNOWN if c in pocket else 0 for c in range(grid.n_cells)]
    assert board.strands() == 4
    board.known[grid.cell(0, 1)] = UNKNOWN  # five cells: an L fits, so nothing strands yet
    assert board.strands() == 0


def test_a_region_at_its_size_cap_still_takes_open_cells_no_later_piece_can_go_in() -> None:
    """With regions capped at their piece (``largest=4``) a region closing grows only by open
    cells walled in beside it (no ``settle`` here), and each region stays one piece, joined."""
    grown = 0
    for i in range(6):
        grid, rng = RectGrid(8, 8), Rng(f"orderedpieces:cap:{i}")
        board = PieceBoard(grid, SHAPES, 4)
        while board.step(rng):
            pass
        for region, piece in enumerate(board.pieces):
            cells = [c for c in range(grid.n_cells) if board.owner[c] == region]
            assert [c for c in cells if board.known[c] == 1] == sorted(piece)
            assert len(grid.pieces(set(cells).__contains__)) == 1
            grown += len(cells) > 4
    assert grown


def test_a_careful_step_reads_strands_only_round_the_cells_it_changed() -> None:
    """``_more_dead`` (pockets and free cells round a candidate's changed cells) is the whole
    board's ``strands()`` after less before, for every candidate closed along real draws, and
    the count a step carries forward (``dead``) is the board's ``strands()``."""
    checked = 0
    for i in range(4):
        grid, rng = RectGrid(8, 8), Rng(f"orderedpieces:dead:{i}")
        board = PieceBoard(grid, SHAPES, 7)
        while board.step(rng):
            assert board.dead == board.strands()
            ways = [p for c in range(grid.n_cells) for p in board.through[c] if c == p[0]]
            for way in [p for p in ways if all(board.known[c] == UNKNOWN for c in p) and board._fits(p)][:4]:
                after = board.copy()
                changed = after._close(way, 5)
                assert board._more_dead(after, changed) == after.strands() - board.strands()
                checked += 1
    assert checked > 40
