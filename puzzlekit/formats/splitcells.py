"""puzz.link URLs and pzprjs files of run-sum boards: white cells and black cells cut by a
diagonal, holding a down and an across clue (pzprjs's ``51`` cells, Kakuro's).

The level text they read to and write from is ``grid.runboard``'s: ``.`` a white cell (or a
digit 1-9 in it), ``#`` a black one, ``D\\A`` a black cell with its down and across clues.
pzprjs's board is one row and column smaller than the level's: its first row and column
(black, where the edge runs' clues go) are the file's and the URL's outside clues.

- A pzprv3 file (``SplitCellsPzpr``): a block one row and column bigger than the board, its
  first row the columns' down clues, its first column the rows' across clues, ``A,D`` for a
  black cell inside (across, then down; 0 for none), ``.`` a white cell; then the player's
  digits (``.`` for none: pzprjs writes the block even empty; a file without it reads too).
- A URL (``SplitCellsUrl``): letters k-z skip 1-16 white cells, ``.`` a black cell, two clue
  digits (``SYMBOLS``) a clue cell (down, across); then the columns' and the rows' outside
  clues, where the board's first cell is white.

A genre subclasses both with its ``name``, ``genres``, ``pids`` and ``title``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from puzzlekit.core.model import fixed_values
from puzzlekit.formats import puzzlink, pzprfile
from puzzlekit.formats.codec import CannotWrite, error_at, level_text
from puzzlekit.formats.level import is_number
from puzzlekit.grid.runboard import RunBoard, clue_token

if TYPE_CHECKING:
    from puzzlekit.genre import Genre
    from puzzlekit.puzzle import Puzzle

MOST = 45
"""The biggest clue: 1 + 2 + ... + 9."""
SYMBOLS = "0123456789abcdefghijABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""pzprjs's clue digits in a URL: 0-9, then a-j for 10-19 and A-Z for 20-45."""


def _number(f: pzprfile.PzprFile, value: pzprfile.Value, text: str) -> int:
    if is_number(text.removeprefix("-")) and int(text) <= MOST:
        return max(int(text), 0)
    raise f.error(value, f"expected a clue 0-{MOST}, found {value.text[:9]!r}")


def read_file(source: str, pids: tuple[str, ...], title: str) -> str:
    """Level text of a pzprv3 file, with the player's digits when it has them."""
    f = pzprfile.open_genre(source, pids, title)
    clues = f.block(f.rows + 1, f.cols + 1, "the clues")
    digits = f.block(f.rows, f.cols, "the digits") if not f.at_end() else None
    rows = []
    for r, row in enumerate(clues):
        tokens = []
        for c, value in enumerate(row):
            if r == 0 or c == 0:
                n = _number(f, value, value.text) if value.text != "." else 0
                tokens.append("#" if r == c or not n else clue_token(n, 0) if r == 0 else clue_token(0, n))
            elif value.text == ".":
                d = digits[r - 1][c - 1].text if digits else "."
                if d not in ".0" and not (len(d) == 1 and "1" <= d <= "9"):
                    raise f.error(digits[r - 1][c - 1] if digits else value, f"expected a digit 1-9, found {d!r}")
                tokens.append(d if d not in ".0" else ".")
            else:
                parts = value.text.split(",")
                if len(parts) != 2:
                    raise f.error(value, f"expected '.' or a clue cell 'ACROSS,DOWN', found {value.text[:9]!r}")
                across, down = (_number(f, value, p) for p in parts)
                tokens.append(clue_token(down, across))
        rows.append(" ".join(tokens))
    return level_text(rows)


def writable(board: RunBoard) -> None:
    """Refuse a board whose level text is only its clue row or column: pzprjs's board is
    one row and column smaller, and it has no 0-wide boards (read back, it is an error)."""
    if board.grid.cols < 2 or board.grid.rows < 2:
        raise CannotWrite(
            f"a {board.grid.cols}x{board.grid.rows} board has no cell besides its clue row and column; "
            "pzprjs's boards need one"
        )


def write_file(pid: str, board: RunBoard, state: Sequence[int] | None = None) -> str:
    """A pzprv3 file of the board, with the digits ``state`` fixes (pzprjs's ``.`` for none)."""
    writable(board)
    grid, cols = board.grid, board.grid.cols
    out = []
    for r in range(grid.rows):
        row = []
        for c in range(cols):
            cell = r * cols + c
            if board.white[cell]:
                row.append(".")
            elif r == 0 or c == 0:
                row.append("0" if r == c else str(board.down[cell] if r == 0 else board.across[cell]))
            else:
                row.append(f"{board.across[cell]},{board.down[cell]}")
        out.append(row)
    values = fixed_values(state) if state is not None else [0] * grid.n_cells
    digits = [[str(values[r * cols + c] or ".") for c in range(1, cols)] for r in range(1, grid.rows)]
    return pzprfile.write(pid, grid.rows - 1, cols - 1, [out, digits])


def _clue(source: str, at: int, ch: str) -> int:
    if ch == "-" or (len(ch) == 1 and ch in SYMBOLS):
        return max(SYMBOLS.find(ch), 0)
    raise error_at(source, at, f"expected a clue digit (0-9, a-j, A-Z) or '-', found {ch!r}")


def read_url(source: str, pids: tuple[str, ...], title: str) -> str:
    """Level text of a puzz.link URL."""
    url = puzzlink.parse_genre(source, pids, title)
    cols, rows, body, at = url.cols, url.rows, url.body, url.body_at
    tokens: list[str] = []
    i = 0
    while len(tokens) < cols * rows and i < len(body):
        ch = body[i]
        if "k" <= ch <= "z":
            tokens += ["."] * (int(ch, 36) - 19)
        elif ch == ".":
            tokens.append("#")
        else:
            d, a = _clue(source, at + i, ch), _clue(source, at + i + 1, body[i + 1 : i + 2] or "?")
            tokens.append(clue_token(d, a))
            i += 1
        i += 1
    if len(tokens) < cols * rows:
        raise error_at(source, at + i, f"the body ends after {len(tokens)} of the board's {cols * rows} cells")
    top, left = ["#"], []
    for c in range(cols):
        n = _clue(source, at + i, body[i : i + 1] or "?") if tokens[c] == "." else 0
        i += tokens[c] == "."
        top.append(clue_token(n, 0))
    for r in range(rows):
        n = _clue(source, at + i, body[i : i + 1] or "?") if tokens[r * cols] == "." else 0
        i += tokens[r * cols] == "."
        left.append(clue_token(0, n))
    grid = [" ".join(top)] + [" ".join([left[r], *tokens[r * cols : (r + 1) * cols]]) for r in range(rows)]
    return level_text(grid)


def write_url(pid: str, board: RunBoard) -> str:
    """The canonical URL of the board, as puzz.link writes it."""
    writable(board)
    cols, out, skip = board.grid.cols, "", 0
    inner = [c for c in range(board.grid.n_cells) if c >= cols and c % cols]
    for c in inner:
        if board.white[c]:
            skip += 1
            if skip == 16:
                out, skip = out + "z", 0
            continue
        out += chr(ord("k") + skip - 1) if skip else ""
        skip = 0
        d, a = board.down[c], board.across[c]
        out += SYMBOLS[d] + SYMBOLS[a] if d or a else "."
    out += chr(ord("k") + skip - 1) if skip else ""
    out += "".join(SYMBOLS[board.down[c]] for c in range(1, cols) if board.white[cols + c])
    out += "".join(SYMBOLS[board.across[r * cols]] for r in range(1, board.grid.rows) if board.white[r * cols + 1])
    return puzzlink.build(pid, cols - 1, board.grid.rows - 1, out)


class SplitCellsPzpr(pzprfile.PzprFormat):
    """pzprv3 files of a run-sum genre; a subclass names its ``pids`` and ``title``."""

    title: ClassVar[str]
    summary = "pzprjs files (pzprv3), with or without the player's digits"

    def read(self, source: str, genre: Genre) -> str:
        return read_file(source, self.pids, self.title)

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        return write_file(self.pids[0], puzzle.instance, state)


class SplitCellsUrl(puzzlink.PuzzLinkFormat):
    """puzz.link URLs of a run-sum genre; a subclass names its ``pids`` and ``title``."""

    title: ClassVar[str]

    def read(self, source: str, genre: Genre) -> str:
        return read_url(source, self.pids, self.title)

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        """The URL of the puzzle (a URL holds no answer, so ``state`` is left out)."""
        return write_url(self.pids[0], puzzle.instance)
