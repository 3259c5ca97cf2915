"""Fillomino as puzz.link URLs (``fillomino``: a Number16 body), pzprjs files (``pzprv3``:
the givens, the player's numbers, the player's borders, which are not read) and game IDs of
Tatham's Filling (``WxH:`` then a digit per given and a letter per run of empty cells; his
numbers are 1-9, so his boards say ``# largest: 9``)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from puzzlekit import Genre, Puzzle
from puzzlekit.core import fixed_values
from puzzlekit.formats import cells, is_number, pzprfile, tatham
from puzzlekit.formats.cells import CellUrl
from puzzlekit.formats.codec import error_at, level_text
from puzzlekit.grid import MAX_SIDE, join_layers

PIDS = ("fillomino",)


class FillominoUrl(CellUrl):
    name, genres, pids, title, body, unknown = "fillomino-puzzlink", ("fillomino",), PIDS, "Fillomino", "number16", None
    summary = "puzz.link URLs, https://puzz.link/p?fillomino/COLS/ROWS/BODY"
    numbers, max_side = range(1, 1000), MAX_SIDE


def _token(f: pzprfile.PzprFile, value: pzprfile.Value, what: str) -> str:
    text = value.text.split("[", 1)[0]  # the player's pencil marks, [1,2,,], are not read
    if text in (".", "") or (is_number(text) and 0 < int(text) < 1000):
        return text or "."
    raise f.error(value, f"expected a number 1-999 or '.' for {what}, found {value.text[:9]!r}")


class FillominoPzpr(pzprfile.PzprFormat):
    name, genres, pids = "fillomino-pzpr", ("fillomino",), PIDS
    summary = "pzprjs files (pzprv3), with or without the player's numbers"

    def read(self, source: str, genre: Genre) -> str:
        f = pzprfile.open_genre(source, self.pids, "Fillomino")
        if f.flag("t"):
            raise f.error(None, "this file is pzprjs's variant with regions of 1 to 3 cells ('t'), not plain Fillomino")
        givens = [_token(f, v, "a given") for row in f.block(f.rows, f.cols, "the givens") for v in row]
        sep = " " if any(len(t) > 1 for t in givens) else ""
        rows = [sep.join(givens[r * f.cols : (r + 1) * f.cols]) for r in range(f.rows)]
        if f.at_end():
            return level_text(rows)
        entered = [_token(f, v, "a number") for row in f.block(f.rows, f.cols, "the numbers") for v in row]
        shown = [g if g != "." else e for g, e in zip(givens, entered)]
        width = max(len(t) for t in shown)
        marks = [" ".join(t.rjust(width) for t in shown[r * f.cols : (r + 1) * f.cols]) for r in range(f.rows)]
        return level_text(join_layers(marks, rows))

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board, grid = puzzle.instance, puzzle.instance.grid
        givens = [str(g) if g else "." for g in board.givens]
        blocks = [[givens[r * grid.cols : (r + 1) * grid.cols] for r in range(grid.rows)]]
        if state is not None:
            values = fixed_values(state)
            numbers = ["." if g or not v else str(v) for g, v in zip(board.givens, values)]
            blocks.append([numbers[r * grid.cols : (r + 1) * grid.cols] for r in range(grid.rows)])
            blocks += cells.border_blocks([v or -1 for v in values], grid.rows, grid.cols)
        return pzprfile.write(PIDS[0], grid.rows, grid.cols, blocks)


class FillingId(tatham.TathamFormat):
    name, genres = "filling-tatham", ("fillomino",)
    summary = "Simon Tatham's Filling game IDs, 9x7:a4b2...: digits are givens, letters runs of empty cells"
    shape = re.compile(r"\d+x\d+[:#]")

    def decode(self, source: str) -> tuple[list[str], str | None]:
        params, desc, at = tatham.split_id(source, "Filling")
        cols, rows, end = tatham.read_size(source, params, 0)
        if end != len(params):
            raise error_at(source, end, f"Filling's parameters are the size WxH alone, found {params[end:]!r}")
        top = str(min(max(cols, rows, 3), 9))

        def square(i: int, ch: str) -> str:
            if "0" <= ch <= top:
                return ch if ch != "0" else tatham.EMPTY
            raise error_at(source, i, f"expected a digit 0-{top} or a run letter a-z, found {ch!r}")

        squares, _ = tatham.expand_runs(source, desc, at, cols * rows, square)
        return [
            f"# largest: {min(9, cols * rows)}",
            *("".join(squares[r * cols : (r + 1) * cols]) for r in range(rows)),
        ], None

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board, grid = puzzle.instance, puzzle.instance.grid
        if max(board.givens) > 9:
            raise error_at("", 0, "Tatham's Filling has numbers 1-9 only; this board gives a larger one")
        squares = [str(g) if g else tatham.EMPTY for g in board.givens]
        return f"{grid.cols}x{grid.rows}:{tatham.encode_runs(squares)}"


FORMATS = (FillominoUrl, FillominoPzpr, FillingId)
