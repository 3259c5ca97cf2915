"""Hashiwokakero as a game ID of Bridges, from Simon Tatham's Portable Puzzle Collection.

An ID is ``PARAMS:DESCRIPTION``.  PARAMS is Bridges' own, in its order: ``WxH`` the size
(columns x rows), then optionally ``iN`` the island percentage (1-30), ``eN`` the
expansion percentage (0-100), ``mN`` the most bridges between two islands, ``L`` the
no-loops variant and ``dN`` the difficulty (0 easy, 1 medium, 2 hard).  Generated IDs
keep only ``WxHmN`` (the short form); puzzlekit writes ``WxHm2dN`` when the difficulty
is Bridges' own: the puzzle came from Bridges (``# tatham-id:``) and its ``# difficulty:``
is one of Bridges' words.  The description lists the squares row by
row: ``1``-``8`` an island, ``a``-``z`` a run of 1-26 water squares.

puzzlekit's Hashiwokakero allows exactly two bridges per pair and loops, so ``m`` other
than 2 and ``L`` are refused, as are islands of 9 or more (``9``, ``A``-``G``), which
``m2`` cannot reach.  Bridges itself refuses boards under 3x3, fewer than two islands
and islands side by side; so does this codec, both ways, and it cannot write a ``?``
island, which Bridges does not have.

``tools/tatham_bridges.py`` builds the test fixtures with :func:`decode_id`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzlekit.formats import tatham
from puzzlekit.formats.codec import CannotWrite, cell_name, error_at, grid_rows
from puzzlekit_hashi.board import MAX_BRIDGES, NO_CLUE, Board
from puzzlekit_hashi.text import MAX_SIDE

if TYPE_CHECKING:
    from puzzlekit import Puzzle

GAME = "Bridges"
DIFFICULTIES = {0: "easy", 1: "medium", 2: "hard"}
NUMBERS = {word: number for number, word in DIFFICULTIES.items()}
MAX_CLUE = 4 * MAX_BRIDGES
MIN_SIDE = 3

_N = r"(\d{1,9})"
_SHAPE = re.compile(r"\d{1,9}(?:x\d{1,9})?(?:i\d{1,9})?(?:e\d{1,9})?(?:m\d{1,9})?L?(?:d\d{1,9})?[:#]")
_REST = re.compile(rf"(?:i{_N})?(?:e{_N})?(?:m{_N})?(L)?(?:d{_N})?")


@dataclass(frozen=True)
class BridgesParams:
    """Bridges' parameters; the optional ones are None where the ID leaves them out."""

    cols: int
    rows: int
    islands: int | None
    expansion: int | None
    max_bridges: int
    difficulty: int | None

    @property
    def difficulty_word(self) -> str | None:
        return None if self.difficulty is None else DIFFICULTIES[self.difficulty]


@dataclass(frozen=True)
class BridgesBoard:
    """A decoded ID: its parameters and the clue grid, ``1``-``8`` islands and ``.`` water."""

    params: BridgesParams
    rows: list[str]


class BridgesId(tatham.TathamFormat):
    name = "hashiwokakero-tatham"
    genres = ("hashiwokakero",)
    shape = _SHAPE
    summary = "Bridges game IDs (Simon Tatham's puzzles): 7x7m2:... or 7x7m2d2:..."

    def decode(self, source: str) -> tuple[list[str], str | None]:
        board = decode_id(source)
        return board.rows, board.params.difficulty_word

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        """The game ID; with the difficulty when the puzzle came from Bridges with one."""
        return encode(puzzle.instance, tatham.tatham_difficulty(puzzle.meta))


def parse_params(source: str, params: str, at: int = 0) -> BridgesParams:
    """``WxH[iN][eN][mN][L][dN]`` read strictly, refusing what puzzlekit or Bridges cannot
    play; ``at`` is where ``params`` starts in ``source``."""
    cols, rows, end = tatham.read_size(source, params, at, MAX_SIDE)
    rest = _REST.fullmatch(params, end)
    if rest is None:
        raise error_at(
            source,
            at + end,
            f"cannot read Bridges parameters {params[:30]!r}: expected WIDTHxHEIGHT, then optionally "
            "iISLANDS, eEXPANSION, mMAXBRIDGES, L and dDIFFICULTY in that order, as in '10x10i30e10m2d1'",
        )
    islands, expansion, most, no_loops, difficulty = (rest.group(i) for i in range(1, 6))
    max_bridges = int(most) if most is not None else MAX_BRIDGES
    if max_bridges != MAX_BRIDGES:
        raise error_at(
            source,
            at + rest.start(3) - 1,
            f"m{max_bridges} allows up to {max_bridges} bridges between two islands; puzzlekit's Hashiwokakero "
            f"allows exactly {MAX_BRIDGES} (m{MAX_BRIDGES})",
        )
    if no_loops is not None:
        raise error_at(
            source, at + rest.start(4), "L asks for Bridges' no-loops variant, which puzzlekit's Hashiwokakero lacks"
        )
    if difficulty is not None and int(difficulty) not in DIFFICULTIES:
        known = ", ".join(f"{k} {v}" for k, v in DIFFICULTIES.items())
        raise error_at(source, at + rest.start(5) - 1, f"unknown Bridges difficulty d{difficulty} (known: {known})")
    if cols < MIN_SIDE or rows < MIN_SIDE:
        raise error_at(source, at, f"Bridges needs a board of {MIN_SIDE}x{MIN_SIDE} or more; this one is {cols}x{rows}")
    if islands is not None and not 1 <= int(islands) <= 30:
        raise error_at(source, at + rest.start(1) - 1, f"island percentage i{islands} is outside Bridges' 1-30")
    if expansion is not None and not 0 <= int(expansion) <= 100:
        raise error_at(source, at + rest.start(2) - 1, f"expansion percentage e{expansion} is outside Bridges' 0-100")
    return BridgesParams(
        cols,
        rows,
        int(islands) if islands is not None else None,
        int(expansion) if expansion is not None else None,
        max_bridges,
        int(difficulty) if difficulty is not None else None,
    )


def decode_id(source: str) -> BridgesBoard:
    """A Bridges game ID, decoded; LevelError at the offending character otherwise."""
    params, desc, at = tatham.split_id(source, GAME)
    start = len(source) - len(source.lstrip())
    p = parse_params(source, params, start)
    cells, where = tatham.expand_runs(source, desc, at, p.cols * p.rows, _island(source))
    islands = sorted(where)
    if len(islands) < 2:
        raise error_at(source, at, f"the description has {len(islands)} island(s); Bridges needs two or more")
    for cell in islands:
        r, c = divmod(cell, p.cols)
        for other in (cell + 1 if c + 1 < p.cols else -1, cell + p.cols if r + 1 < p.rows else -1):
            if other in where:
                raise error_at(
                    source,
                    where[other],
                    f"islands {cell_name(cell, p.cols)} and {cell_name(other, p.cols)} touch, which Bridges "
                    "refuses (it can draw no bridge between them)",
                )
    return BridgesBoard(p, grid_rows(cells, p.cols, p.rows))


def _island(source: str) -> tatham.Square:
    def island(pos: int, ch: str) -> str:
        if "1" <= ch <= str(MAX_CLUE):
            return ch
        if ch == "9" or "A" <= ch <= "G":
            clue = 9 if ch == "9" else ord(ch) - ord("A") + 10
            raise error_at(
                source,
                pos,
                f"island {clue} ({ch!r}): with at most {MAX_BRIDGES} bridges each way an island has at most {MAX_CLUE}",
            )
        raise error_at(
            source, pos, f"unexpected character {ch!r}: expected an island 1-{MAX_CLUE} or a water run letter a-z"
        )

    return island


def encode(board: Board, difficulty: str | None = None) -> str:
    """The game ID of a board; ``m2dN`` when ``difficulty`` is one of Bridges' words."""
    if board.cols < MIN_SIDE or board.rows < MIN_SIDE:
        raise CannotWrite(
            f"Bridges needs a board of {MIN_SIDE}x{MIN_SIDE} or more; this one is {board.cols}x{board.rows}"
        )
    if len(board.islands) < 2:
        raise CannotWrite("Bridges needs two islands or more")
    for (r, c), clue in zip(board.islands, board.clues):
        if clue == NO_CLUE:
            raise CannotWrite(f"the island at r{r + 1}c{c + 1} has no number, which Bridges cannot show")
    for a, b in board.edges:
        (ra, ca), (rb, cb) = board.islands[a], board.islands[b]
        if abs(ra - rb) + abs(ca - cb) == 1:
            raise CannotWrite(f"the islands at r{ra + 1}c{ca + 1} and r{rb + 1}c{cb + 1} touch, which Bridges refuses")
    squares = [tatham.EMPTY] * (board.rows * board.cols)
    for (r, c), clue in zip(board.islands, board.clues):
        squares[r * board.cols + c] = str(clue)
    number = NUMBERS.get((difficulty or "").strip().lower())
    params = f"{board.cols}x{board.rows}m{MAX_BRIDGES}" + (f"d{number}" if number is not None else "")
    return f"{params}:{tatham.encode_runs(squares)}"
