"""A Masyu board as SVG: faint cell borders, pearls, one path per loop segment, crosses.

Built on ``puzzlekit.pictures`` alone, as any third-party genre would draw.
The loop runs through cell centres beneath the pearls; a cross sits on the
border between two cells.  Emphasis follows ``highlight.Highlights``: a cell
where a rule breaks is tinted (a pearl's outline too), red when broken for
good and amber while more lines could mend it.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit import Place, Violation
from puzzlekit.core import BOOL, FALSE, TRUE
from puzzlekit.pictures import Svg, theme
from puzzlekit_masyu.board import BLACK, Board
from puzzlekit_masyu.highlight import Highlights

UNIT = 40.0
MARGIN = 6.0
PEARL_RADIUS = 0.3


EDGE_MARKS = (BOOL, TRUE, FALSE)
"""What a click on an edge cycles through: open, a line, crossed."""


def _centre(board: Board, cell: int) -> tuple[float, float]:
    r, c = divmod(cell, board.cols)
    return MARGIN + (c + 0.5) * UNIT, MARGIN + (r + 0.5) * UNIT


def places(board: Board) -> list[Place]:
    """Every edge between two cell centres is a place: the diamond reaching the cell corners."""
    return [Place.edge(e, _centre(board, a), _centre(board, b), EDGE_MARKS) for e, (a, b) in enumerate(board.ends)]


def cell_square(board: Board, r: int, c: int) -> tuple[tuple[float, float], ...]:
    """A cell's square (where the editor's click on it lands)."""
    x, y = MARGIN + c * UNIT, MARGIN + r * UNIT
    return ((x, y), (x + UNIT, y), (x + UNIT, y + UNIT), (x, y + UNIT))


def draw_svg(
    board: Board,
    dom: Sequence[int] | None,
    violations: Sequence[Violation] = (),
    crosses: bool = False,
    hint: Sequence[int] = (),
) -> str:
    marks = Highlights.of(board, violations, hint)
    R, C = board.rows, board.cols
    svg = Svg(C * UNIT + 2 * MARGIN, R * UNIT + 2 * MARGIN, UNIT, kind="masyu")

    def centre(cell: int) -> tuple[float, float]:
        return _centre(board, cell)

    for r in range(R + 1):
        svg.guide((MARGIN, MARGIN + r * UNIT), (MARGIN + C * UNIT, MARGIN + r * UNIT))
    for c in range(C + 1):
        svg.guide((MARGIN + c * UNIT, MARGIN), (MARGIN + c * UNIT, MARGIN + R * UNIT))
    for cell, tone in sorted(marks.cells.items()):
        r, c = divmod(cell, C)
        svg.shade(MARGIN + c * UNIT, MARGIN + r * UNIT, UNIT, UNIT, tone=tone)
    for edge, (a, b) in enumerate(board.ends):
        value = dom[edge] if dom is not None else None
        svg.loop_edge(centre(a), centre(b), value, tone=marks.edges.tone(edge), crosses=crosses)
    for cell, colour in sorted(board.pearls.items()):
        x, y = centre(cell)
        fill = theme.INK if colour == BLACK else theme.PAPER
        kind = "pearl black" if colour == BLACK else "pearl white"
        svg.disc(x, y, PEARL_RADIUS, cls=kind, fill=fill, tone=marks.cells.get(cell, "normal"))
    return svg.to_string()
