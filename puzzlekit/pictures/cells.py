"""Drawing a rectangular board of cells: the SVG and the terminal view from one grid.

``CellSvg`` and ``CellText`` place every mark by cell (``puzzlekit.grid.
RectGrid`` numbering), so a grid genre draws "this cell is shaded, that one
lit, a 3 here" and never computes a coordinate.  Both know the same marks:
``shaded`` (a painted cell: Nurikabe's sea, Heyawake's black), ``black``
(a cell that is no part of the play, Akari's walls, with its clue in paper),
``lit``, ``dotted`` (certainly not shaded), ``clue``, ``disc`` (a bulb, a
circle), ``tint`` (a cell a rule breaks at) and ``wall`` (a thick border
along an edge: regions, boxes).  Tones come from violations through
``cell_tones`` (``Violation.cells``) and a hint.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from puzzlekit.core.model import Violation
from puzzlekit.pictures import theme
from puzzlekit.pictures.emphasis import strongest, tone_of
from puzzlekit.pictures.svg import Svg
from puzzlekit.pictures.textgrid import TextGrid, junction
from puzzlekit.pictures.theme import Tone

if TYPE_CHECKING:
    from rich.text import Text

    from puzzlekit.grid.topology import RectGrid

UNIT = 40.0
MARGIN = 6.0


def cell_tones(violations: Sequence[Violation] = (), hint_cells: Iterable[int] = ()) -> dict[int, Tone]:
    """The tone of every cell a violation names (``Violation.cells``) or a hint
    touches: hint first, then broken, then unfinished, as ``Emphasis`` ranks them."""
    tones: dict[int, Tone] = {}
    for violation in violations:
        tone = tone_of(violation)
        for cell in violation.cells:
            tones[cell] = strongest((tones.get(cell, "normal"), tone))
    for cell in hint_cells:
        tones[cell] = "hint"
    return tones


def _pieces(hidden: Sequence[bool]) -> list[tuple[int, int]]:
    """The runs ``(a, b)`` of the unit steps ``a..b-1`` of a line not ``hidden``."""
    out: list[tuple[int, int]] = []
    for i, h in enumerate(hidden):
        if h:
            continue
        if out and out[-1][1] == i:
            out[-1] = (out[-1][0], i + 1)
        else:
            out.append((i, i + 1))
    return out


class CellSvg:
    """An SVG of an R x C board: cells ``UNIT`` wide inside a ``MARGIN``."""

    def __init__(self, grid: RectGrid, *, kind: str, unit: float = UNIT, margin: float = MARGIN) -> None:
        self.grid = grid
        self.unit = unit
        self.margin = margin
        self.svg = Svg(grid.cols * unit + 2 * margin, grid.rows * unit + 2 * margin, unit, kind=kind)
        self.ink = [False] * grid.n_cells
        """Per cell, is it a black cell (``black``, ``split``): no guide between two of them."""

    def corner(self, cell: int) -> tuple[float, float]:
        """Top-left corner of a cell."""
        r, c = self.grid.rc(cell)
        return self.margin + c * self.unit, self.margin + r * self.unit

    def centre(self, cell: int) -> tuple[float, float]:
        x, y = self.corner(cell)
        return x + self.unit / 2, y + self.unit / 2

    def grid_lines(self, *, border: bool = True) -> None:
        """Thin guides between the cells, and the board's thick outline.  None between two
        black cells: touching black cells read as one black area, as printed (a line is cut
        into the pieces that have a cell of play on a side; a board without two touching
        black cells keeps one line per row and column)."""
        g, m, u, ink = self.grid, self.margin, self.unit, self.ink
        cols, rows = g.cols, g.rows
        for r in range(rows + 1):
            inner = 0 < r < rows
            hidden = [inner and ink[(r - 1) * cols + c] and ink[r * cols + c] for c in range(cols)]
            for lo, hi in _pieces(hidden):
                self.svg.guide((m + lo * u, m + r * u), (m + hi * u, m + r * u))
        for c in range(cols + 1):
            inner = 0 < c < cols
            hidden = [inner and ink[r * cols + c - 1] and ink[r * cols + c] for r in range(rows)]
            for lo, hi in _pieces(hidden):
                self.svg.guide((m + c * u, m + lo * u), (m + c * u, m + hi * u))
        if border:
            w, h = m + g.cols * u, m + g.rows * u
            for a, b in (((m, m), (w, m)), ((w, m), (w, h)), ((w, h), (m, h)), ((m, h), (m, m))):
                self.svg.wall(a, b, cls="border")

    def _fill(self, cell: int, colour: str, cls: str, tone: Tone, crisp: bool = False) -> None:
        x, y = self.corner(cell)
        self.svg.fill(
            x, y, self.unit, self.unit, colour=colour, cls=cls if tone == "normal" else f"{cls} {tone}", crisp=crisp
        )

    def shaded(self, cell: int, tone: Tone = "normal") -> None:
        """A painted cell, dark (red, amber or green when toned)."""
        self._fill(cell, theme.SHADED[tone], "shaded", tone)

    def black(self, cell: int, clue: str = "", tone: Tone = "normal") -> None:
        """A black cell outside the play, its clue (if any) written in paper (toned when broken)."""
        self._fill(cell, theme.INK, "black", "normal", crisp=True)
        self.ink[cell] = True
        if clue:
            x, y = self.centre(cell)
            self.svg.label(x, y, clue, tone=tone, colour=theme.PAPER)

    def split(self, cell: int, lower: str, upper: str, tone: Tone = "normal") -> None:
        """A black cell cut from its top-left to its bottom-right corner, a small clue in
        paper in each half (``lower``: the bottom-left one, ``upper``: the top-right; ""
        for none): Kakuro's clue cells, as Nikoli and pzprjs draw them.  With neither, a
        plain black cell."""
        self._fill(cell, theme.INK, "black", "normal", crisp=True)
        self.ink[cell] = True
        if not (lower or upper):
            return
        x, y = self.corner(cell)
        u = self.unit
        self.svg.guide((x, y), (x + u, y + u), cls="diagonal")
        for text, (dx, dy) in ((lower, (0.28, 0.72)), (upper, (0.72, 0.28))):
            if text:
                self.svg.label(x + dx * u, y + dy * u, text, tone=tone, size=theme.SPLIT_SIZE, colour=theme.PAPER)

    def lit(self, cell: int, tone: Tone = "normal") -> None:
        self._fill(cell, theme.LIT[tone], "lit", tone)

    def open(self, cell: int, tone: Tone = "normal") -> None:
        """A cell not marked yet: nothing to draw in a picture (the terminal shows ``.``)."""

    def tint(self, cell: int, tone: Tone) -> None:
        """The background of a cell where a rule breaks (or a hinted cell)."""
        if tone != "normal":
            x, y = self.corner(cell)
            self.svg.shade(x, y, self.unit, self.unit, tone=tone)

    def dotted(self, cell: int, tone: Tone = "normal") -> None:
        """A small dot in the centre: "certainly not shaded"."""
        x, y = self.centre(cell)
        colour = theme.DOTTED if tone == "normal" else theme.STROKE[tone]
        self.svg.dot(x, y, cls="dotted" if tone == "normal" else f"dotted {tone}", radius=0.08, colour=colour)

    def clue(self, cell: int, text: str, tone: Tone = "normal") -> None:
        x, y = self.centre(cell)
        self.svg.label(x, y, text, tone=tone)

    def disc(self, cell: int, *, cls: str, fill: str, radius: float = 0.3, tone: Tone = "normal") -> None:
        """A circle in the cell (a light bulb, a pearl)."""
        x, y = self.centre(cell)
        self.svg.disc(x, y, radius, cls=cls, fill=fill, tone=tone)

    def wall(self, edge: int, tone: Tone = "normal") -> None:
        """A thick line along the border between the edge's two cells."""
        a = self.grid.edge_cells[edge][0]
        xa, ya = self.corner(a)
        u = self.unit
        if self.grid.is_horizontal(edge):  # side by side: the wall is vertical
            self.svg.wall((xa + u, ya), (xa + u, ya + u), tone=tone)
        else:
            self.svg.wall((xa, ya + u), (xa + u, ya + u), tone=tone)

    def to_string(self) -> str:
        return self.svg.to_string()


class CellText:
    """A terminal view of an R x C board, each cell ``width`` characters wide, one
    drawing giving the plain text (``plain``) and the coloured one (``to_text``).

    With ``walls``, cells sit in a frame of box-drawing lines one character apart, so
    ``wall(edge)`` draws a region's border between two cells (Heyawake's rooms, Sudoku's
    boxes) and the board's outline is drawn round it."""

    SHADED = "█"
    LIT = "·"
    DOT = "∙"

    def __init__(self, grid: RectGrid, *, width: int = 2, walls: bool = False) -> None:
        self.grid = grid
        self.width = width
        self.walled = walls
        self.walls: set[int] = set()
        self.framed = False
        step = width + 1
        framed = TextGrid(2 * grid.rows + 1, grid.cols * step + 1) if walls else None
        self.text = framed or TextGrid(grid.rows, grid.cols * width)
        self.tints: dict[int, Tone] = {}

    def _at(self, cell: int) -> tuple[int, int]:
        """Where a cell's characters start in the text."""
        r, c = self.grid.rc(cell)
        return (2 * r + 1, c * (self.width + 1) + 1) if self.walled else (r, c * self.width)

    def put(self, cell: int, glyph: str, role: str = "plain", tone: Tone = "normal") -> None:
        """``glyph`` right-aligned in the cell's characters, in the cell's tint unless toned."""
        row, col = self._at(cell)
        tone = tone if tone != "normal" else self.tints.get(cell, "normal")
        self.text.put(row, col, glyph.rjust(self.width)[-self.width :], role, tone)

    def tint(self, cell: int, tone: Tone) -> None:
        """Marks put in the cell from now on take ``tone`` (the terminal has no backgrounds)."""
        if tone != "normal":
            self.tints[cell] = tone

    def disc(self, cell: int, *, cls: str, fill: str = "", radius: float = 0.3, tone: Tone = "normal") -> None:
        """A bulb or circle: ``●`` (``cls`` names the role, as in the SVG)."""
        self.put(cell, "●", cls.split()[0] if cls.split()[0] in theme.TERMINAL else "bulb", tone)

    def wall(self, edge: int, tone: Tone = "normal") -> None:
        """A border between the edge's two cells: drawn in a view made with ``walls``
        (a no-op without, where cells sit side by side)."""
        self.walls.add(edge)

    def _frame(self) -> None:
        """The walls and the outline, with their junctions, drawn into the text once."""
        walls, grid, step = self.walls, self.grid, self.width + 1
        if not self.walled or self.framed:
            return
        self.framed = True  # a second plain() or to_text() leaves the text as it is
        R, C = grid.rows, grid.cols
        down = [[c in (0, C) for c in range(C + 1)] for _ in range(R)]  # a wall on the left of cell (r, c)
        across = [[r in (0, R) for _ in range(C)] for r in range(R + 1)]  # a wall above cell (r, c)
        for edge in walls:
            r, c = grid.rc(grid.edge_cells[edge][1])
            if grid.is_horizontal(edge):
                down[r][c] = True
            else:
                across[r][c] = True
        for r in range(R):
            for c in range(C + 1):
                if down[r][c]:
                    self.text.put(2 * r + 1, c * step, "│", "wall")
        for r in range(R + 1):
            for c in range(C):
                if across[r][c]:
                    self.text.put(2 * r, c * step + 1, "─" * self.width, "wall")
            for c in range(C + 1):
                up = r > 0 and down[r - 1][c]
                below = r < R and down[r][c]
                left = c > 0 and across[r][c - 1]
                right = c < C and across[r][c]
                self.text.put(2 * r, c * step, junction(up, right, below, left), "wall" if up or below else "grid")

    def shaded(self, cell: int, tone: Tone = "normal") -> None:
        self.put(cell, self.SHADED * self.width, "shaded", tone)

    def black(self, cell: int, clue: str = "", tone: Tone = "normal") -> None:
        self.put(cell, clue or self.SHADED, "black", tone)

    def split(self, cell: int, lower: str, upper: str, tone: Tone = "normal") -> None:
        """A black cell with two clues: ``lower\\upper`` (the last ``width`` characters)."""
        self.black(cell, f"{lower}\\{upper}" if lower or upper else "", tone)

    def lit(self, cell: int, tone: Tone = "normal") -> None:
        self.put(cell, self.LIT, "lit", tone)

    def dotted(self, cell: int, tone: Tone = "normal") -> None:
        self.put(cell, self.DOT, "dotted", tone)

    def clue(self, cell: int, text: str, tone: Tone = "normal") -> None:
        self.put(cell, text, "clue", tone)

    def open(self, cell: int, tone: Tone = "normal") -> None:
        """A cell not marked yet."""
        self.put(cell, ".", "dot", tone)

    def plain(self) -> str:
        self._frame()
        return self.text.plain()

    def to_text(self) -> Text:
        self._frame()
        return self.text.to_text()
