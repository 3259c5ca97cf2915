"""A Shikaku board: numbers in cells, the rectangles each number could be, and the text forms.

Variables are the cells: each holds the index of the number whose rectangle covers it
(numbers in reading order).  A number's rectangles ("candidates") have its area, lie on
the board, and hold no other number; each is a bitmask of cells.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property

from puzzlekit import Block, Violation
from puzzlekit.errors import LevelError, LevelErrors
from puzzlekit.grid import RectGrid

grid_of = cache(RectGrid)
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_SIDE = 60


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    clues: tuple[tuple[int, int], ...]
    """(cell, number) in reading order."""
    rects: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    """Per number, its candidate rectangles as cell bitmasks."""

    def __post_init__(self) -> None:
        taken = sum(1 << cell for cell, _ in self.clues)
        rects = tuple(
            tuple(rect for rect in rectangles(self.rows, self.cols, cell, n) if not rect & taken & ~(1 << cell))
            for cell, n in self.clues
        )
        object.__setattr__(self, "rects", rects)

    @property
    def grid(self) -> RectGrid:
        return grid_of(self.rows, self.cols)

    @cached_property
    def covering(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Per cell, (number, bitmask of its candidates covering the cell)."""
        out: list[list[tuple[int, int]]] = [[] for _ in range(self.rows * self.cols)]
        for i, rects in enumerate(self.rects):
            masks: dict[int, int] = {}
            for k, rect in enumerate(rects):
                for cell in cells_of(rect):
                    masks[cell] = masks.get(cell, 0) | 1 << k
            for cell, mask in masks.items():
                out[cell].append((i, mask))
        return tuple(tuple(x) for x in out)

    def name(self, cell: int) -> str:
        r, c = divmod(cell, self.cols)
        return f"r{r + 1}c{c + 1}"

    def clue_name(self, i: int) -> str:
        cell, n = self.clues[i]
        return f"the {n} at {self.name(cell)}"

    def domains(self) -> list[int]:
        """Per cell, the numbers some candidate of which covers it."""
        dom = [0] * (self.rows * self.cols)
        for i, rects in enumerate(self.rects):
            union = 0
            for rect in rects:
                union |= rect
            for cell in cells_of(union):
                dom[cell] |= 1 << i
        return dom


@cache
def rectangles(rows: int, cols: int, cell: int, n: int) -> tuple[int, ...]:
    """Every rectangle of ``n`` cells on the board that covers ``cell``, as a bitmask."""
    r0, c0 = divmod(cell, cols)
    out = []
    for h in (h for h in range(1, n + 1) if n % h == 0 and h <= rows and n // h <= cols):
        w = n // h
        for top in range(max(0, r0 - h + 1), min(r0, rows - h) + 1):
            for left in range(max(0, c0 - w + 1), min(c0, cols - w) + 1):
                line = ((1 << w) - 1) << (top * cols + left)
                out.append(sum(line << (r * cols) for r in range(h)))
    return tuple(out)


def cells_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def parse(block: Block) -> Board:
    """Rows of space-separated cells: a number, or '.'."""
    grid: list[list[int]] = []
    errors: list[LevelError] = []  # every bad cell and ragged row, so one pass mends them all
    for r, row in enumerate(block.rows):
        cells = []
        for m in re.finditer(r"\S+", row.split("|")[0]):
            if not (m.group() == "." or (m.group().isdigit() and m.group().isascii() and 0 < int(m.group()) < 10000)):
                found = f"expected a number or '.' (cells are separated by spaces), found {m.group()[:8]!r}"
                errors.append(block.error(r, m.start(), found))
                cells.append(0)
                continue
            cells.append(0 if m.group() == "." else int(m.group()))
        if grid and len(cells) != len(grid[0]):
            errors.append(
                block.error(r, len(row), f"expected {len(grid[0])} cells like the first row, found {len(cells)}")
            )
        grid.append(cells)
        if len(errors) > LevelErrors.MAX_REPORTED:
            break
    LevelErrors.raise_any(errors)
    if len(grid) > MAX_SIDE or len(grid[0]) > MAX_SIDE:
        raise block.error(0, 0, f"boards are limited to {MAX_SIDE}x{MAX_SIDE}")
    cols = len(grid[0])
    return Board(
        len(grid), cols, tuple((r * cols + c, n) for r, row in enumerate(grid) for c, n in enumerate(row) if n)
    )


def parse_state(board: Board, block: Block) -> list[int]:
    """Letters, one per cell: the cells of one letter joined to a number are its rectangle;
    '.' is not known yet.  The bare puzzle reads as a state with nothing marked, and a
    puzzle row may carry the letters after a '|' (``. 4 . | aab``, as pzprjs answers read).
    An unmarked cell allows every number (and one more), so it never reads as marked."""
    dom = [(2 << len(board.clues)) - 1] * (board.rows * board.cols)
    rows = block.rows
    if any(ch.isdigit() for row in rows for ch in row):
        if parse(block) != board:
            raise block.error(0, 0, "this is another puzzle than the one being played")
        if not all("|" in row for row in rows):
            return dom
        rows = [row.split("|", 1)[1].strip() for row in rows]
    for r, row in enumerate(rows):
        bad = next((c for c, ch in enumerate(row) if ch not in LETTERS + "."), None)
        if len(rows) != board.rows or len(row) != board.cols or bad is not None:
            raise block.error(r, bad or 0, f"expected {board.rows} rows of {board.cols} letters or '.' (one per cell)")
    flat, clue_of = "".join(rows), {cell: i for i, (cell, _) in enumerate(board.clues)}
    for letter in sorted(set(flat) - {"."}):
        for piece in board.grid.pieces(lambda x, letter=letter: flat[x] == letter):  # type: ignore[misc]
            owners = [clue_of[x] for x in piece if x in clue_of]
            for x in piece if owners else ():
                dom[x] = 1 << clue_of.get(x, owners[0])
    for cell, i in clue_of.items():
        dom[cell] = 1 << i
    return dom


def write(board: Board, dom: Sequence[int] | None = None) -> list[str]:
    if dom is None:
        numbers = dict(board.clues)
        width = max(len(str(n)) for n in numbers.values()) if numbers else 1
        return [
            " ".join(str(numbers.get(r * board.cols + c, ".")).rjust(width) for c in range(board.cols)).rstrip()
            for r in range(board.rows)
        ]
    owner = [d.bit_length() - 1 if d and not d & (d - 1) else -1 for d in dom]
    letter: dict[int, str] = {}
    for i in range(len(board.clues)):  # neighbouring regions get different letters
        near = {letter.get(owner[x]) for cell, o in enumerate(owner) if o == i for x in board.grid.neighbours[cell]}
        letter[i] = next((ch for ch in LETTERS if ch not in near), LETTERS[i % len(LETTERS)])
    return [
        "".join(letter[o] if o >= 0 else "." for o in owner[r * board.cols : (r + 1) * board.cols])
        for r in range(board.rows)
    ]


def violations(board: Board, owner: Sequence[int]) -> list[Violation]:
    """From the rules alone: every cell in one rectangle holding exactly one number, whose
    area it is.  ``owner[cell]`` is the number (index) whose region the cell is in, -1 none."""
    found = []
    open_cells = [cell for cell, o in enumerate(owner) if o < 0]
    for cell in open_cells:
        name = board.name(cell)
        found.append(Violation("open", f"{name} is in no rectangle yet", (cell,), True, cells=(cell,), place=name))
    numbers = dict(board.clues)
    for i, (clue_cell, n) in enumerate(board.clues):
        region = [cell for cell, o in enumerate(owner) if o == i]
        rs, cs = {cell // board.cols for cell in region}, {cell % board.cols for cell in region}
        rect = len(region) == (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1) if region else False
        inside = [cell for cell in region if cell in numbers]
        name = board.clue_name(i)
        if inside != [clue_cell]:
            message = f"the region of {name} holds {len(inside)} numbers"
            unstarted = not region and bool(open_cells)  # a number whose rectangle is not drawn yet
            found.append(
                Violation(
                    "numbers", message, tuple(region), unstarted, cells=tuple(region), place=board.name(clue_cell)
                )
            )
        elif not rect or len(region) != n:
            what = "is not a rectangle" if not rect else f"has {len(region)} cells"
            mendable = bool(open_cells) and len(region) < n
            found.append(
                Violation("size", f"the region of {name} {what}, not a rectangle of {n}", tuple(region), mendable,
                          cells=tuple(region), place=board.name(clue_cell))
            )
    return found
