"""A Shikaku board: numbers in cells, the rectangles each number could be, and the text forms.

Variables are the cells: each holds the index of the number whose rectangle covers it
(numbers in reading order).  A number's rectangles ("candidates") have its area, lie on
the board, and hold no other number; each is a bitmask of cells.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from puzzlekit import Block, Violation
from puzzlekit.core import fixed_values
from puzzlekit.errors import LevelError, LevelErrors
from puzzlekit.formats import is_number
from puzzlekit.grid import Placements, RectGrid, grid_of, letter_pieces, rectangles, region_letters, write_grid

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_SIDE = 60


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    clues: tuple[tuple[int, int], ...]
    """(cell, number) in reading order."""
    places: Placements = field(init=False, repr=False, compare=False)
    """Per number, its candidate rectangles (of its area, holding no other number)."""

    def __post_init__(self) -> None:
        taken = sum(1 << cell for cell, _ in self.clues)
        rects = [[r for r in rectangles(self.rows, self.cols, cell, n) if not r & taken & ~(1 << cell)]
                 for cell, n in self.clues]  # fmt: skip
        object.__setattr__(self, "places", Placements(self.grid, rects, self.clue_name))

    @property
    def grid(self) -> RectGrid:
        return grid_of(self.rows, self.cols)

    def clue_name(self, i: int) -> str:
        cell, n = self.clues[i]
        return f"the {n} at {self.grid.name(cell)}"


def parse(block: Block) -> Board:
    """Rows of space-separated cells: a number, or '.'."""
    grid: list[list[int]] = []
    errors: list[LevelError] = []  # every bad cell and ragged row, so one pass mends them all
    for r, row in enumerate(block.rows):
        cells = []
        for m in re.finditer(r"\S+", row.split("|")[0]):
            ok = m.group() == "." or (is_number(m.group()) and 0 < int(m.group()) < 10000)
            if not ok:
                found = f"expected a number or '.' (cells are separated by spaces), found {m.group()[:8]!r}"
                errors.append(block.error(r, m.start(), found))
            cells.append(int(m.group()) if ok and m.group() != "." else 0)
        if not cells and not grid:
            errors.append(block.error(r, 0, "expected a row of cells (a number or '.', separated by spaces)"))
        elif grid and len(cells) != len(grid[0]):
            ragged = f"expected {len(grid[0])} cells like the first row, found {len(cells)}"
            errors.append(block.error(r, len(row), ragged))
        grid.append(cells)
        if len(errors) > LevelErrors.MAX_REPORTED:
            break
    LevelErrors.raise_any(errors)
    if len(grid) > MAX_SIDE or len(grid[0]) > MAX_SIDE:
        raise block.error(0, 0, f"boards are limited to {MAX_SIDE}x{MAX_SIDE}")
    C = len(grid[0])
    return Board(len(grid), C, tuple((r * C + c, n) for r, row in enumerate(grid) for c, n in enumerate(row) if n))


def parse_state(board: Board, block: Block) -> list[int]:
    """Letters, one per cell: the cells of one letter joined to a number are its rectangle;
    '.' is not known yet.  The bare puzzle reads as a state with nothing marked, and a
    puzzle row may carry the letters after a '|' (``. 4 . | aab``, as pzprjs answers read).
    An unmarked cell allows every number (and one more), so it never reads as marked."""
    dom = [(2 << len(board.clues)) - 1] * (board.rows * board.cols)
    rows = block.rows
    if any(is_number(ch) for row in rows for ch in row):
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
    for cell, i in clue_of.items():
        dom[cell] = 1 << i
    for piece in letter_pieces(board.grid, flat):
        owners = [clue_of[x] for x in piece if x in clue_of]
        for x in piece if owners else ():
            dom[x] = 1 << owners[0]  # a piece with two numbers is the first one's: both in one region
    return dom


def write(board: Board, dom: Sequence[int] | None = None) -> list[str]:
    """The numbers, space-separated; with ``dom``, each row the numbers, ``|``, then the
    state's letters, one region each (``. 4 . | aab``), so a solution read back is the
    same puzzle with its regions (letters alone would lose the numbers)."""
    numbers = dict(board.clues)
    puzzle = write_grid(board.grid, [str(numbers.get(c, ".")) for c in range(board.grid.n_cells)], separated=True)
    if dom is None:
        return puzzle
    letters = write_grid(board.grid, region_letters(board.grid, fixed_values(dom, -1), LETTERS))
    return [f"{row} | {marks}" for row, marks in zip(puzzle, letters)]


def violations(board: Board, owner: Sequence[int]) -> list[Violation]:
    """From the rules alone: every cell in one rectangle holding exactly one number, whose
    area it is.  ``owner[cell]`` is the number (index) whose region the cell is in, -1 none."""
    found = []
    open_cells = [cell for cell, o in enumerate(owner) if o < 0]
    for cell in open_cells:
        name = board.grid.name(cell)
        found.append(Violation("open", f"{name} is in no rectangle yet", (cell,), True, cells=(cell,), place=name))
    numbers = dict(board.clues)
    clue_index = {cell: i for i, (cell, _) in enumerate(board.clues)}
    for i, (clue_cell, n) in enumerate(board.clues):
        region = [cell for cell, o in enumerate(owner) if o == i]
        rs, cs = {cell // board.cols for cell in region}, {cell % board.cols for cell in region}
        rect = len(region) == (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1) if region else False
        inside = [cell for cell in region if cell in numbers]
        name = board.clue_name(i)
        if 0 <= owner[clue_cell] != i:
            continue  # in another number's region, whose violation names both
        if inside != [clue_cell]:
            message = f"the region of {name} holds {len(inside)} numbers"
            if len(inside) > 1:
                message += ": " + ", ".join(board.clue_name(clue_index[cell]) for cell in inside)
            unstarted = not region and bool(open_cells)  # a number whose rectangle is not drawn yet
            where = board.grid.name(clue_cell)
            found.append(Violation("numbers", message, tuple(region), unstarted, cells=tuple(region), place=where))
        elif not rect or len(region) != n:
            what = "is not a rectangle" if not rect else f"has {len(region)} cells"
            mendable = bool(open_cells) and len(region) < n
            found.append(
                Violation(
                    "size",
                    f"the region of {name} {what}, not a rectangle of {n}",
                    tuple(region),
                    mendable,
                    cells=tuple(region),
                    place=board.grid.name(clue_cell),
                )
            )
    return found
