"""Sudoku as a puzz.link URL (``https://puzz.link/p?sudoku/9/9/BODY``, Number16 digits)
and as a pzprjs file (one size line, the givens, then the player's digits).

pzprjs draws 4x4, 9x9 and 16x16 boards in square boxes and 6x6 in boxes 3 wide and
2 tall; other sizes or box shapes are refused at the size, or on writing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlekit import Genre
from puzzlekit.core import fixed_values
from puzzlekit.formats import is_number, puzzlink, pzpr, pzprfile
from puzzlekit.formats.codec import CannotWrite, cell_name, error_at, grid_rows, level_text
from puzzlekit.grid import Houses
from puzzlekit_sudoku.board import MAX_N, SYMBOLS, Board

if TYPE_CHECKING:
    from puzzlekit import Puzzle

PIDS = ("sudoku",)
MARKS = ("+", "-", "=", "%", "c", ".")
"""pzprjs's answer-cell marks that are not a digit (read as an empty cell)."""
UNKNOWN = "a given without its digit (pzprjs's '?'): puzzlekit's Sudoku needs every given's digit"


def pzpr_box(n: int) -> tuple[int, int] | None:
    return Houses.box_shape(n) if n in (4, 6, 9, 16) else None


def _checked(board: Board) -> Board:
    if (board.box_w, board.box_h) != pzpr_box(board.n):
        raise CannotWrite(f"puzz.link has no {board.n}x{board.n} Sudoku with {board.box_w}x{board.box_h} boxes")
    return board


class SudokuUrl(puzzlink.PuzzLinkFormat):
    name = "sudoku-puzzlink"
    genres = ("sudoku",)
    summary = "puzz.link URLs, https://puzz.link/p?sudoku/9/9/BODY (4x4, 6x6, 9x9, 16x16)"
    pids = PIDS

    def read(self, source: str, genre: Genre) -> str:
        url = puzzlink.parse_genre(source, PIDS, "Sudoku", MAX_N)
        n = url.cols
        if url.rows != n or pzpr_box(n) is None:
            raise error_at(source, url.flags_at, f"puzz.link Sudokus are 4x4, 6x6, 9x9 or 16x16, not {n}x{url.rows}")
        cells = ["."] * (n * n)
        for clue in pzpr.decode_number16(source, url.body, url.body_at, n * n):
            if clue.value == pzpr.UNKNOWN:
                raise error_at(source, clue.pos, f"{cell_name(clue.cell, n)} is {UNKNOWN}")
            if not 1 <= clue.value <= n:
                raise error_at(
                    source, clue.pos, f"digit {clue.value} at {cell_name(clue.cell, n)}: this Sudoku has 1-{n}"
                )
            cells[clue.cell] = SYMBOLS[clue.value]
        return level_text(grid_rows(cells, n, n), {"url": source.strip()})

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board = _checked(puzzle.instance)
        body = pzpr.encode_number16([g or pzpr.BLANK for g in board.givens])
        return puzzlink.build(PIDS[0], board.n, board.n, body)


class SudokuPzpr(pzprfile.PzprFormat):
    name = "sudoku-pzpr"
    genres = ("sudoku",)
    summary = "pzprjs files (pzprv3), with or without the player's digits"
    pids = PIDS

    def read(self, source: str, genre: Genre) -> str:
        f = pzprfile.open_genre(source, PIDS, "Sudoku", MAX_N, square=True)
        n = f.rows
        if pzpr_box(n) is None:
            raise f.error(None, f"pzprjs Sudokus are 4x4, 6x6, 9x9 or 16x16, not {n}x{n}")

        def digit(value: pzprfile.Value, marks: tuple[str, ...]) -> str:
            if value.text in marks or value.text.startswith("["):
                return "."
            if value.text == "-" and "-" not in marks:
                raise f.error(value, f"this is {UNKNOWN}")
            if is_number(value.text) and 1 <= int(value.text) <= n:
                return SYMBOLS[int(value.text)]
            raise f.error(value, f"expected a digit 1-{n} or '.', found {value.text[:10]!r}")

        givens = ["".join(row) for row in pzprfile.each(f.block(n, n, "the givens"), lambda v: digit(v, (".",)))]
        if f.at_end():
            return level_text(givens)
        entered = pzprfile.each(f.block(n, n, "the player's digits"), lambda v: digit(v, MARKS))
        answers = ["".join(row) for row in entered]
        return level_text([f"{g} {a}" for g, a in zip(givens, answers)])

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board = _checked(puzzle.instance)
        n = board.n
        given = [[str(g) if g else "." for g in board.givens[r * n : (r + 1) * n]] for r in range(n)]
        entered = ["." if g or not v else str(v) for g, v in zip(board.givens, fixed_values(state or [0] * (n * n)))]
        return pzprfile.write(PIDS[0], n, n, [given, [entered[r * n : (r + 1) * n] for r in range(n)]], square=True)


FORMATS = (SudokuUrl, SudokuPzpr)
