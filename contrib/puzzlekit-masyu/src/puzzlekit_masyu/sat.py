"""Masyu as CNF, for puzzlekit's SAT engine: one variable per edge between cells.

Written from the rules, not from the propagators: every cell has two lines or
none (a pearl two); a white pearl goes straight, and the loop turns in a cell
next to it; a black pearl turns, and the loop goes straight on through both
cells next to it.  Degrees and "one loop" come from the core (``SatEncoding.single_loop``).
"""

from __future__ import annotations

from collections.abc import Iterable

from puzzlekit.engines.sat import Clause, SatEncoding
from puzzlekit_masyu.board import BLACK, Board

NORTH, EAST, SOUTH, WEST = range(4)


def encode(board: Board, none_fits: Iterable[int] = ()) -> SatEncoding:
    """The board; and, for a generator proving a removal, cells where no pearl may fit."""
    clauses: list[Clause] = []
    for cell, colour in board.pearls.items():
        clauses += _black(board.arms(cell)) if colour == BLACK else _white(board.arms(cell))
    for cell in none_fits:
        clauses += _neither(board.arms(cell))
    visit = [cell in board.pearls for cell in range(board.rows * board.cols)]
    return SatEncoding.single_loop(board.loop, clauses, visit)


def _white(arms: tuple[tuple[int, int], ...]) -> list[Clause]:
    """Straight through (no line of one axis with one of the other), turning next door:
    not both onward edges of the axis it runs along (an onward edge off the board is a turn)."""
    clauses: list[Clause] = []
    for a in (NORTH, SOUTH):
        for b in (EAST, WEST):
            if arms[a][0] >= 0 and arms[b][0] >= 0:
                clauses.append([-(arms[a][0] + 1), -(arms[b][0] + 1)])
    for one, two in ((NORTH, SOUTH), (EAST, WEST)):
        (first1, onward1), (first2, onward2) = arms[one], arms[two]
        if min(first1, first2, onward1, onward2) >= 0:
            clauses.append([-(first1 + 1), -(first2 + 1), -(onward1 + 1), -(onward2 + 1)])
    return clauses


def _black(arms: tuple[tuple[int, int], ...]) -> list[Clause]:
    """A turn (never both lines of one axis), and each line it uses goes on straight."""
    clauses: list[Clause] = []
    for one, two in ((NORTH, SOUTH), (EAST, WEST)):
        if arms[one][0] >= 0 and arms[two][0] >= 0:
            clauses.append([-(arms[one][0] + 1), -(arms[two][0] + 1)])
    for first, onward in arms:
        if first >= 0:
            clauses.append([-(first + 1), onward + 1] if onward >= 0 else [-(first + 1)])
    return clauses


def _neither(arms: tuple[tuple[int, int], ...]) -> list[Clause]:
    """The loop passes so that no pearl would fit: going straight, it goes on straight at
    both ends (else a white pearl fits); turning, one of its lines turns at once (else a
    black pearl fits)."""
    clauses: list[Clause] = []
    for one, two in ((NORTH, SOUTH), (EAST, WEST)):
        (first1, onward1), (first2, onward2) = arms[one], arms[two]
        if first1 >= 0 and first2 >= 0:
            straight = [-(first1 + 1), -(first2 + 1)]
            for onward in (onward1, onward2):
                clauses.append([*straight, onward + 1] if onward >= 0 else straight)
    for a in (NORTH, SOUTH):
        for b in (EAST, WEST):
            (first1, onward1), (first2, onward2) = arms[a], arms[b]
            if min(first1, first2, onward1, onward2) >= 0:
                clauses.append([-(first1 + 1), -(first2 + 1), -(onward1 + 1), -(onward2 + 1)])
    return clauses
