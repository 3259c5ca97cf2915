"""Kakuro as pzprjs files (``pzprv3``): a block one row and column bigger than the board, its
first row the columns' down clues, its first column the rows' across clues, ``A,D`` for a
black cell inside (across, then down; 0 for none), ``.`` a white cell; then the player's
digits, if any.  The level's board is that bigger one: its first row and column black."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit import Genre, Puzzle
from puzzlekit.core import fixed_values
from puzzlekit.formats import pzprfile
from puzzlekit.formats.codec import level_text

PIDS = ("kakuro",)


def _number(f: pzprfile.PzprFile, value: pzprfile.Value, text: str) -> int:
    if text.lstrip("-").isdigit() and int(text) <= 45:
        return max(int(text), 0)
    raise f.error(value, f"expected a clue 0-45, found {value.text[:9]!r}")


class KakuroPzpr(pzprfile.PzprFormat):
    name, genres, pids = "kakuro-pzpr", ("kakuro",), PIDS
    summary = "pzprjs files (pzprv3), with or without the player's digits"

    def read(self, source: str, genre: Genre) -> str:
        f = pzprfile.open_genre(source, self.pids, "Kakuro")
        clues = f.block(f.rows + 1, f.cols + 1, "the clues")
        digits = f.block(f.rows, f.cols, "the digits") if not f.at_end() else None
        rows = []
        for r, row in enumerate(clues):
            tokens = []
            for c, value in enumerate(row):
                if r == 0 or c == 0:
                    n = _number(f, value, value.text) if value.text != "." else 0
                    tokens.append("#" if r == c or not n else f"{n}\\" if r == 0 else f"\\{n}")
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
                    tokens.append(f"{down or ''}\\{across or ''}" if across or down else "#")
            rows.append(" ".join(tokens))
        return level_text(rows)

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board, grid = puzzle.instance, puzzle.instance.grid
        cols = grid.cols
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
        blocks = [out]
        if state is not None:
            values = fixed_values(state)
            blocks.append(
                [
                    [str(values[r * cols + c]) if values[r * cols + c] else "." for c in range(1, cols)]
                    for r in range(1, grid.rows)
                ]
            )
        return pzprfile.write(PIDS[0], grid.rows - 1, cols - 1, blocks)


FORMATS = (KakuroPzpr,)
