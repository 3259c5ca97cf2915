"""The sea's shrunken articulation search agrees with ``needed_nodes`` on the whole piece."""

from __future__ import annotations

import random

from puzzlekit.core.graph import needed_nodes
from puzzlekit.grid.bits import BitGrid, flags_of, mask_of
from puzzlekit.grid.cuts import needed_cells
from puzzlekit.grid.topology import RectGrid


def _full(grid: RectGrid, bits: BitGrid, piece: int, roots: int, need: int) -> int:
    start = (roots & -roots).bit_length() - 1
    n = bits.n
    return mask_of(needed_nodes(grid.neighbours, flags_of(piece, n), flags_of(roots, n), start, need)[2])


def test_agrees_with_the_full_search_along_random_narrowings() -> None:
    rng = random.Random(23)
    checked = found = 0
    for rows, cols in ((5, 5), (6, 9), (9, 7), (12, 12)):
        grid = RectGrid(rows, cols)
        bits = BitGrid(grid)
        for _ in range(60):
            may = bits.full
            roots = 0
            while may:  # narrow cell by cell, as a solve does: out of the piece, or fixed in it
                cell = rng.randrange(bits.n)
                if rng.random() < 0.5:
                    may &= ~(1 << cell)
                else:
                    roots |= (1 << cell) & may
                roots &= may
                if not roots:
                    continue
                piece = bits.flood(roots & -roots, may)
                if roots & ~piece:
                    break
                need = rng.choice((0, rng.randrange(piece.bit_count())))
                if need >= piece.bit_count() - 1:
                    continue
                want = _full(grid, bits, piece, roots, need)
                assert needed_cells(grid, bits, piece, roots, need) == want
                checked += 1
                found += want != 0
    assert checked > 1000 and found > 100  # the boards exercised both answers


def test_cut_candidates_are_the_cells_whose_neighbours_do_not_meet_round_them() -> None:
    grid = RectGrid(3, 3)
    bits = BitGrid(grid)
    plus = mask_of([1, 3, 4, 5, 7])
    assert bits.cut_candidates(plus) == 1 << 4  # the centre of a plus joins its arms
    assert bits.cut_candidates(bits.full) == 0  # in a solid block every cell's neighbours meet
    ring = bits.full & ~(1 << 4)
    assert bits.cut_candidates(ring) == ring  # round a hole they meet only the long way
    corridor = mask_of([0, 1, 2])
    assert bits.cut_candidates(corridor) == 1 << 1


def test_a_cell_that_is_no_candidate_never_splits_its_piece() -> None:
    rng = random.Random(5)
    grid = RectGrid(7, 8)
    bits = BitGrid(grid)
    for _ in range(300):
        mask = rng.getrandbits(bits.n)
        candidates = bits.cut_candidates(mask)
        for cell in range(bits.n):
            if mask >> cell & 1 and not candidates >> cell & 1:
                rest = mask & ~(1 << cell)
                assert len(bits.pieces(rest)) == len(bits.pieces(mask)) + (0 if bits.spread(1 << cell) & mask else -1)
