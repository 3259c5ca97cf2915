"""Hitori as puzz.link URLs (``hitori``: pzprjs's Number36, a base-36 digit per cell,
``-`` and two digits for 36 and up, ``.`` a cell without a number), pzprjs files (the numbers, then the
shading) and Tatham's Singles game IDs (``WxH[dX]:`` and a digit or letter per cell)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from puzzlekit import Puzzle, UsageError
from puzzlekit.formats import tatham
from puzzlekit.formats.cells import CellUrl
from puzzlekit.formats.codec import error_at
from puzzlekit.formats.shaded import NumbersAndShading, number_rows
from puzzlekit.grid import RectGrid

PIDS = ("hitori",)
TATHAM = "0123456789abcdefghijklmnopqrstuvwxyz" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LEVELS = {"e": "Easy", "k": "Tricky"}


class HitoriUrl(CellUrl):
    name, genres, pids, title = "hitori-puzzlink", ("hitori",), PIDS, "Hitori"
    summary = "puzz.link URLs, https://puzz.link/p?hitori/COLS/ROWS/BODY"
    body, unknown, numbers = "number36", None, range(1, 1296)


class HitoriPzpr(NumbersAndShading):
    name, genres, pids, title = "hitori-pzpr", ("hitori",), PIDS, "Hitori"


class SinglesId(tatham.TathamFormat):
    name, genres = "singles-id", ("hitori",)
    summary = "Simon Tatham's Singles game IDs, WxH[dX]:DESCRIPTION (a digit or letter per cell)"
    shape = re.compile(r"\d+x\d+(d[a-z])?[:#]")

    def decode(self, source: str) -> tuple[list[str], str | None]:
        params, desc, at = tatham.split_id(source, "Singles")
        start = len(source) - len(source.lstrip())
        cols, rows, end = tatham.read_size(source, params, start)
        level = params[end + 1 :] if params[end : end + 1] == "d" else ""
        if params[end:] not in ("", f"d{level}") or (level and level not in LEVELS):
            raise error_at(source, start + end, f"expected d{'/d'.join(LEVELS)} after the size, found {params[end:]!r}")
        top = max(cols, rows)
        if len(desc) != cols * rows:
            raise error_at(source, at, f"expected {cols * rows} numbers (one per cell), found {len(desc)}")
        for i, ch in enumerate(desc):
            if ch not in TATHAM[1 : top + 1]:
                raise error_at(source, at + i, f"expected a number 1-{top} as 1-9, a-z, A-Z, found {ch!r}")
        tokens = [str(TATHAM.index(ch)) for ch in desc]
        return number_rows(RectGrid(rows, cols), tokens), LEVELS.get(level)

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board = puzzle.instance
        top = max(board.grid.rows, board.grid.cols)
        if any(n is None or n > min(top, len(TATHAM) - 1) for n in board.numbers):
            raise UsageError(f"Singles IDs need a number 1-{top} in every cell")
        return f"{board.grid.cols}x{board.grid.rows}:" + "".join(TATHAM[n] for n in board.numbers)


FORMATS = (HitoriUrl, HitoriPzpr, SinglesId)
