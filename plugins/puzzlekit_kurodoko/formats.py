"""Kurodoko as puzz.link URLs (``kurodoko``: Number16 per cell), pzprjs files (the numbers,
then the shading) and Tatham's Range game IDs (``WxH:`` then numbers in decimal, ``a``-``z``
runs of empty cells and ``_`` between two numbers side by side)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from puzzlekit import Puzzle
from puzzlekit.formats import is_number, tatham
from puzzlekit.formats.cells import CellUrl
from puzzlekit.formats.codec import error_at
from puzzlekit.formats.shaded import NumbersAndShading, number_rows
from puzzlekit.grid import RectGrid

PIDS = ("kurodoko",)


class KurodokoUrl(CellUrl):
    name, genres, pids, title = "kurodoko-puzzlink", ("kurodoko",), PIDS, "Kurodoko"
    summary = "puzz.link URLs, https://puzz.link/p?kurodoko/COLS/ROWS/BODY"
    body, unknown, numbers = "number16", None, range(1, 4096)


class KurodokoPzpr(NumbersAndShading):
    name, genres, pids, title = "kurodoko-pzpr", ("kurodoko",), PIDS, "Kurodoko"


class RangeId(tatham.TathamFormat):
    name, genres = "range-id", ("kurodoko",)
    summary = "Simon Tatham's Range game IDs, WxH:DESCRIPTION"
    shape = re.compile(r"\d+x\d+[:#]")  # he always writes both sides, and no letters

    def decode(self, source: str) -> tuple[list[str], str | None]:
        params, desc, at = tatham.split_id(source, "Range")
        start = len(source) - len(source.lstrip())
        cols, rows, _ = tatham.read_size(source, params, start)
        tokens: list[str] = []
        for piece in re.finditer(r"[a-z]|_|[1-9]\d{0,3}|.", desc):
            text, where = piece.group(), at + piece.start()
            if is_number(text):
                tokens.append(text)
            elif text.islower():
                tokens += ["."] * (ord(text) - ord("a") + 1)
            elif text != "_":
                raise error_at(source, where, f"expected a number, a-z (empty cells) or '_', found {text!r}")
            if len(tokens) > cols * rows:
                raise error_at(source, where, f"the description runs past the board's {cols * rows} cells")
        if len(tokens) < cols * rows:
            raise error_at(source, at + len(desc), f"the description ends after {len(tokens)} of {cols * rows} cells")
        return number_rows(RectGrid(rows, cols), tokens), None

    def genre_of(self, source: str) -> str | None:
        """Rectangles IDs are written alike; their numbers add up to the board (each cell in one
        rectangle), so those are left unclaimed (naming kurodoko still reads them)."""
        claim = super().genre_of(source)
        if claim is None or "#" in source.split(":", 1)[0]:
            return claim
        params, desc, _ = tatham.split_id(source, "Range")
        cols, rows, _ = tatham.read_size(source, params, 0)
        return None if sum(int(n) for n in re.findall(r"\d+", desc)) == cols * rows else claim

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board, pieces = puzzle.instance, []
        for i, n in enumerate(board.numbers):
            if n is not None and i and board.numbers[i - 1] is not None:
                pieces.append("_")
            pieces.append(tatham.EMPTY if n is None else str(n))
        return f"{board.grid.cols}x{board.grid.rows}:" + tatham.encode_runs(pieces)


FORMATS = (KurodokoUrl, KurodokoPzpr, RangeId)
