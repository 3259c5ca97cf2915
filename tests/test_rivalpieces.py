"""``grid.rivalpieces``: each move it lists keeps the answer one and gives a region a rival
piece that no rule of pieces refutes, so rung 1 leaves cells open; and connectivity then
finishes some of those boards (LITS medium's step)."""

from __future__ import annotations

from puzzlekit_lits.genre import SHAPE_SET, Lits

from puzzlekit.core import BOOL, Engine
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import solve_sat
from puzzlekit.grid import RectGrid, Regions
from puzzlekit.grid.orderedpieces import ordered_pieces
from puzzlekit.grid.regionshading import RegionBoard
from puzzlekit.grid.rivalpieces import rival_moves
from puzzlekit.grid.shapes import piece_ways


def _open_after(instance: RegionBoard, rung: int) -> bool | None:
    """Does deduction up to ``rung`` leave cells open (None: it contradicts)?"""
    engine = Engine(Lits().build(instance), max_rung=rung)
    return BOOL in engine.dom if engine.start(rung) else None


def test_a_rival_move_keeps_the_answer_and_leaves_rung_1_open() -> None:
    moves = medium = 0
    for i in range(16):
        grid, rng = RectGrid(5 + i % 2, 6), Rng(f"rivalpieces:{i}")
        board = ordered_pieces(grid, rng, SHAPE_SET)
        if board.stranded():
            continue
        answer = [int(k == 1) for k in board.known]
        assert _open_after(RegionBoard(Regions(grid, board.owner)), 1) is False  # drawn in solving order
        for cells, region in rival_moves(grid, board.owner, [k == 1 for k in board.known], board.through):
            assert all(board.owner[c] != region and not answer[c] for c in cells)
            owner = [region if c in cells else r for c, r in enumerate(board.owner)]
            regions = Regions(grid, owner)
            assert all(len(grid.pieces(set(rc).__contains__)) == 1 for rc in regions.cells)
            instance = RegionBoard(regions)
            assert not Lits().accept(instance, answer)
            assert _open_after(instance, 1) is True
            inside = [c for c in range(grid.n_cells) if owner[c] == region]
            piece = [c for c in inside if answer[c]]
            for way in piece_ways(grid, inside, 4):  # no second answer in the region
                other = [int(c in way[0] or (answer[c] and c not in piece)) for c in range(grid.n_cells)]
                assert other == answer or Lits().accept(instance, other)
            moves += 1
            if _open_after(instance, 2) is False:
                assert solve_sat(Lits(), instance, limit=2, timeout=None).solutions == [answer]
                medium += 1
    assert moves and medium
