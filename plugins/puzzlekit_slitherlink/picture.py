"""A Slitherlink board as SVG: lattice dots, clues, one path per loop segment, crosses.

Emphasis follows ``highlight.Highlights``: a clue whose count is wrong is
tinted red (amber while it is only short), a dot where lines branch or end
is ringed, and the lines of a rule broken for good (a branch, a separate
loop, too many at a clue) are drawn red.  A hinted edge is green: a line, a
cross, or a dashed guide where it is still open.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit import ClueSpot, Place
from puzzlekit.core import BOOL, FALSE, TRUE, Violation
from puzzlekit.pictures import Svg
from puzzlekit_slitherlink.highlight import Highlights
from puzzlekit_slitherlink.text import BLANK, Board

UNIT = 40.0
MARGIN = 20.0


EDGE_MARKS = (BOOL, TRUE, FALSE)
"""What a click on an edge cycles through: open, a line, crossed."""


def _at(board: Board, vertex: int) -> tuple[float, float]:
    r, c = divmod(vertex, board.grid.cols + 1)
    return MARGIN + c * UNIT, MARGIN + r * UNIT


def places(board: Board) -> list[Place]:
    """Every edge is a place: the diamond between its two dots and the cells on either side."""
    ends = board.grid.edge_vertices
    return [Place.edge(edge, _at(board, u), _at(board, w), EDGE_MARKS) for edge, (u, w) in enumerate(ends)]


CLUE_CHOICES = (None, 0, 1, 2, 3)
"""What a setter's click on a cell cycles through in the editor: no clue, then 0 to 3."""


def clue_spots(board: Board) -> list[ClueSpot]:
    """Every cell is a clue spot: its square between the four dots."""
    spots = []
    for r in range(board.rows):
        for c in range(board.cols):
            x, y, clue = MARGIN + c * UNIT, MARGIN + r * UNIT, board.clues[r * board.cols + c]
            square = ((x, y), (x + UNIT, y), (x + UNIT, y + UNIT), (x, y + UNIT))
            spots.append(ClueSpot((r, c), CLUE_CHOICES, square, None if clue == BLANK else clue))
    return spots


def draw_svg(
    board: Board,
    dom: Sequence[int] | None,
    violations: Sequence[Violation] = (),
    crosses: bool = False,
    hint: Sequence[int] = (),
) -> str:
    grid = board.grid
    R, C = grid.rows, grid.cols
    marks = Highlights.of(board, dom, violations, hint)
    svg = Svg(C * UNIT + 2 * MARGIN, R * UNIT + 2 * MARGIN, UNIT, kind="slitherlink")

    def at(vertex: int) -> tuple[float, float]:
        return _at(board, vertex)

    for cell, shade in sorted(marks.cells.items()):
        r, c = divmod(cell, C)
        svg.shade(MARGIN + c * UNIT, MARGIN + r * UNIT, UNIT, UNIT, tone=shade)
    for vertex in range(grid.n_vertices):
        x, y = at(vertex)
        svg.dot(x, y)
    for cell, clue in enumerate(board.clues):
        if clue != BLANK:
            r, c = divmod(cell, C)
            svg.label(
                MARGIN + (c + 0.5) * UNIT, MARGIN + (r + 0.5) * UNIT, str(clue), tone=marks.cells.get(cell, "normal")
            )
    for edge, (u, w) in enumerate(grid.edge_vertices):
        value = dom[edge] if dom is not None else None
        svg.loop_edge(at(u), at(w), value, tone=marks.edges.tone(edge), crosses=crosses)
    for vertex, ring in sorted(marks.dots.items()):
        x, y = at(vertex)
        svg.halo(x, y, tone=ring)
    return svg.to_string()
