"""Kakuro as pzprjs files (``pzprv3``): a block one row and column bigger than the board, its
first row the columns' down clues, its first column the rows' across clues, ``A,D`` for a
black cell inside (across, then down; 0 for none), ``.`` a white cell; then the player's
digits (``.`` for none: pzprjs writes the block even empty; a file without it reads too).
The level's board is that bigger one: its first row and column black."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puzzlekit import Genre, Puzzle
from puzzlekit.core import fixed_values
from puzzlekit.formats import puzzlink, pzprfile
from puzzlekit.formats.codec import error_at, level_text

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
        values = fixed_values(state) if state is not None else [0] * grid.n_cells  # pzprjs writes "." for none
        digits = [[str(values[r * cols + c] or ".") for c in range(1, cols)] for r in range(1, grid.rows)]
        return pzprfile.write(PIDS[0], grid.rows - 1, cols - 1, [out, digits])


SYMBOLS = "0123456789abcdefghijABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""pzprjs's clue digits: 0-9, then a-j for 10-19 and A-Z for 20-45."""


def _clue(source: str, at: int, ch: str) -> int:
    if ch == "-" or (len(ch) == 1 and ch in SYMBOLS):
        return max(SYMBOLS.find(ch), 0)
    raise error_at(source, at, f"expected a clue digit (0-9, a-j, A-Z) or '-', found {ch!r}")


class KakuroUrl(puzzlink.PuzzLinkFormat):
    name, genres, pids = "kakuro-puzzlink", ("kakuro",), PIDS
    summary = "puzz.link URLs, https://puzz.link/p?kakuro/COLS/ROWS/BODY"

    @staticmethod
    def decode(source: str) -> str:
        """Letters k-z skip 1-16 white cells, ``.`` a black cell, two clue digits a clue cell
        (down, across); then the columns' and the rows' outside clues, where the board's
        first cell is white."""
        url = puzzlink.parse_genre(source, PIDS, "Kakuro")
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
                tokens.append(f"{d or ''}\\{a or ''}" if d or a else "#")
                i += 1
            i += 1
        if len(tokens) < cols * rows:
            raise error_at(source, at + i, f"the body ends after {len(tokens)} of the board's {cols * rows} cells")
        top, left = ["#"], []
        for c in range(cols):
            n = _clue(source, at + i, body[i : i + 1] or "?") if tokens[c] == "." else 0
            i += tokens[c] == "."
            top.append(f"{n}\\" if n else "#")
        for r in range(rows):
            n = _clue(source, at + i, body[i : i + 1] or "?") if tokens[r * cols] == "." else 0
            i += tokens[r * cols] == "."
            left.append(f"\\{n}" if n else "#")
        grid = [" ".join(top)] + [" ".join([left[r], *tokens[r * cols : (r + 1) * cols]]) for r in range(rows)]
        return level_text(grid)

    @staticmethod
    def encode(board: Any) -> str:
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
        return puzzlink.build(PIDS[0], cols - 1, board.grid.rows - 1, out)


FORMATS = (KakuroUrl, KakuroPzpr)
