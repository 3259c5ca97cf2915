"""Slitherlink as a game ID of Loopy, from Simon Tatham's Portable Puzzle Collection.

An ID is ``PARAMS:DESCRIPTION``.  PARAMS is ``WxH`` (columns x rows; a bare ``W`` is
WxW), then ``tT`` the grid type (0 is the square grid, the only one that is Slitherlink
as puzzlekit reads it) and ``dX`` the difficulty (``e`` easy, ``n`` normal, ``t``
tricky, ``h`` hard).  ``sgt-loopy --generate`` prints the short form without the
difficulty (``10x10t0:...``); the full form has it (``10x10t0dh:...``) and is what
puzzlekit writes when the difficulty is Loopy's own: the puzzle came from Loopy (it has
``# tatham-id:``) and its ``# difficulty:`` is one of Loopy's words.  The
description lists the cells row by row: a digit is a clue, a letter ``a``-``z`` a run
of 1-26 blank cells.

Loopy's square grid is at least 3x3 ("Width and height for this grid type must both be
at least 3"), so a smaller board is refused both ways, as Bridges' are.

``tools/tatham_loopy.py`` builds the test fixtures with :func:`decode_id`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzlekit.formats import tatham
from puzzlekit.formats.codec import CannotWrite, error_at, grid_rows
from puzzlekit_slitherlink.text import BLANK, MAX_SIDE, Board

if TYPE_CHECKING:
    from puzzlekit import Puzzle

GAME = "Loopy"
DIFFICULTIES = {"e": "easy", "n": "normal", "t": "tricky", "h": "hard"}
LETTERS = {word: letter for letter, word in DIFFICULTIES.items()}
SQUARE = 0
MIN_SIDE = 3
"""Loopy refuses a square grid narrower or shorter than this."""

_SHAPE = re.compile(r"\d{1,9}(?:x\d{1,9})?(?:t\d{1,9})?(?:d[a-z])?[:#]")
_REST = re.compile(r"(?:t(\d{1,9}))?(?:d(.))?")


@dataclass(frozen=True)
class LoopyParams:
    """Loopy's parameters: size, grid type, and the difficulty word when the ID gives one."""

    cols: int
    rows: int
    grid_type: int
    difficulty: str | None


@dataclass(frozen=True)
class LoopyBoard:
    """A decoded ID: its parameters and the clue grid, ``0``-``3`` clues and ``.`` blanks."""

    params: LoopyParams
    rows: list[str]


class LoopyId(tatham.TathamFormat):
    name = "slitherlink-tatham"
    genres = ("slitherlink",)
    shape = _SHAPE
    summary = "Loopy game IDs (Simon Tatham's puzzles), square grids: 10x10t0:... or 10x10t0dh:..."

    def decode(self, source: str) -> tuple[list[str], str | None]:
        board = decode_id(source)
        return board.rows, board.params.difficulty

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        """The game ID; the full form when the puzzle came from Loopy with its difficulty."""
        return encode(puzzle.instance, tatham.tatham_difficulty(puzzle.meta))


def parse_params(source: str, params: str, at: int = 0) -> LoopyParams:
    """``WxH[tT][dX]`` read strictly; ``at`` is where ``params`` starts in ``source``."""
    cols, rows, end = tatham.read_size(source, params, at, MAX_SIDE)
    rest = _REST.fullmatch(params, end)
    if rest is None:
        raise error_at(
            source,
            at + end,
            f"cannot read Loopy parameters {params[:30]!r}: expected WIDTHxHEIGHT, then optionally "
            "tTYPE and dDIFFICULTY, as in '10x10t0dh'",
        )
    grid_type = int(rest.group(1)) if rest.group(1) is not None else SQUARE
    letter = rest.group(2)
    if letter is not None and letter not in DIFFICULTIES:
        known = ", ".join(f"{k} {v}" for k, v in DIFFICULTIES.items())
        raise error_at(source, at + rest.start(2), f"unknown Loopy difficulty {letter!r} (known: {known})")
    if cols < MIN_SIDE or rows < MIN_SIDE:
        raise error_at(source, at, f"Loopy needs a board of {MIN_SIDE}x{MIN_SIDE} or more; this one is {cols}x{rows}")
    return LoopyParams(cols, rows, grid_type, DIFFICULTIES[letter] if letter else None)


def decode_id(source: str) -> LoopyBoard:
    """A square-grid Loopy game ID, decoded; LevelError at the offending character otherwise."""
    params, desc, at = tatham.split_id(source, GAME)
    start = len(source) - len(source.lstrip())
    p = parse_params(source, params, start)
    if p.grid_type != SQUARE:
        raise error_at(
            source,
            start,
            f"this Loopy ID uses grid type t{p.grid_type}; only the square grid (t0) is Slitherlink "
            "as puzzlekit reads it",
        )
    cells, _ = tatham.expand_runs(source, desc, at, p.cols * p.rows, _clue(source))
    return LoopyBoard(p, grid_rows(cells, p.cols, p.rows))


def _clue(source: str) -> tatham.Square:
    def clue(pos: int, ch: str) -> str:
        if "0" <= ch <= "3":
            return ch
        if "4" <= ch <= "9":
            raise error_at(source, pos, f"clue {ch}: a square cell has four sides and puzzlekit reads clues 0-3")
        raise error_at(source, pos, f"unexpected character {ch!r}: expected a clue 0-3 or a run letter a-z")

    return clue


def encode(board: Board, difficulty: str | None = None) -> str:
    """The game ID of a board: the full form when ``difficulty`` is one of Loopy's words."""
    if board.full:
        raise CannotWrite(
            "Loopy has no variant where the loop passes every dot ('# flags: full'); write it as a url or pzpr"
        )
    if board.cols < MIN_SIDE or board.rows < MIN_SIDE:
        raise CannotWrite(
            f"Loopy needs a board of {MIN_SIDE}x{MIN_SIDE} or more; this one is {board.cols}x{board.rows}"
            " (write it as a url or pzpr)"
        )
    letter = LETTERS.get((difficulty or "").strip().lower())
    params = f"{board.cols}x{board.rows}t{SQUARE}" + (f"d{letter}" if letter else "")
    squares = [tatham.EMPTY if clue == BLANK else str(clue) for clue in board.clues]
    return f"{params}:{tatham.encode_runs(squares)}"
