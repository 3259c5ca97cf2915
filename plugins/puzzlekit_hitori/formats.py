"""Hitori as puzz.link URLs (``hitori``: a base-36 digit per cell, ``-`` and two digits
for 36 and up, ``.`` a cell without a number), pzprjs files (the numbers, then the
shading) and Tatham's Singles game IDs (``WxH[dX]:`` and a digit or letter per cell)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from puzzlekit import Genre, Puzzle, UsageError
from puzzlekit.formats import puzzlink, tatham
from puzzlekit.formats.codec import error_at, level_text
from puzzlekit.formats.shaded import NumbersAndShading, number_rows
from puzzlekit.grid import RectGrid

PIDS = ("hitori",)
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
TATHAM = DIGITS + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LEVELS = {"e": "Easy", "k": "Tricky"}


class HitoriUrl(puzzlink.PuzzLinkFormat):
    name, genres, pids = "hitori-puzzlink", ("hitori",), PIDS
    summary = "puzz.link URLs, https://puzz.link/p?hitori/COLS/ROWS/BODY"

    def read(self, source: str, genre: Genre) -> str:
        url = puzzlink.parse_genre(source, self.pids, "Hitori")
        if url.flags:
            raise error_at(source, url.flags_at, f"Hitori URLs have no variant flags, found {url.flags!r}")
        grid, body, i = RectGrid(url.rows, url.cols), url.body, 0
        tokens = ["."] * grid.n_cells
        for cell in range(grid.n_cells):
            if i >= len(body):
                break
            wide = body[i] == "-"
            digits = body[i + 1 : i + 3] if wide else body[i]
            if digits != "." and not (len(digits) == 1 + wide and all(d in DIGITS for d in digits)):
                raise error_at(source, url.body_at + i, f"expected a base-36 number or '.', found {body[i : i + 3]!r}")
            if digits != "." and int(digits, 36) == 0:
                raise error_at(source, url.body_at + i, "Hitori numbers are 1 and up, not 0")
            tokens[cell] = "." if digits == "." else str(int(digits, 36))
            i += 3 if wide else 1
        return level_text(number_rows(grid, tokens), {"url": source.strip()})

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board = puzzle.instance
        body = "".join("." if n is None else _base36(n) for n in board.numbers)
        return puzzlink.build(PIDS[0], board.grid.cols, board.grid.rows, body)


def _base36(n: int) -> str:
    if n >= 1296:
        raise UsageError(f"puzz.link writes Hitori numbers up to 1295, not {n}")
    return DIGITS[n] if n < 36 else "-" + DIGITS[n // 36] + DIGITS[n % 36]


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
