"""A Hashiwokakero board as SVG: islands as clued discs, single and double bridges.

Bridges run centre to centre beneath the discs; a double bridge is two
parallel lines.  Water cells are faint dots, so positions can be counted.
A pair the player marked "no bridge" gets a small cross when ``crosses`` is on.
Emphasis follows ``highlight.Highlights``: a wrong island is ringed red (amber
while short), crossing bridges are red with a ring where they cross, and a
hinted pair is green (dashed while it is still open).
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit import ClueSpot, Place
from puzzlekit.core import Violation, is_fixed, value_of
from puzzlekit.pictures import Svg, theme
from puzzlekit_hashi.board import NO_CLUE, Board
from puzzlekit_hashi.highlight import Highlights

UNIT = 40.0
MARGIN = 6.0
ISLAND_RADIUS = 0.4
DOUBLE_GAP = 0.12
"""Half the distance between the two lines of a double bridge, in units."""


PAIR_MARKS = (0b111, 0b010, 0b100, 0b001)
"""What a click on a pair cycles through: open, one bridge, two bridges, no bridge."""
NO_BRIDGE = 0b001


def _centre(cell: tuple[int, int]) -> tuple[float, float]:
    r, c = cell
    return MARGIN + (c + 0.5) * UNIT, MARGIN + (r + 0.5) * UNIT


def places(board: Board) -> list[Place]:
    """Every pair is a place: a band along its bridges, from one island's rim to the other's."""
    out = []
    for e, (a, b) in enumerate(board.edges):
        (x1, y1), (x2, y2) = _centre(board.islands[a]), _centre(board.islands[b])
        inset = ISLAND_RADIUS * UNIT
        dx, dy = (inset, 0.0) if board.horizontal[e] else (0.0, inset)
        out.append(Place.band(e, (x1 + dx, y1 + dy), (x2 - dx, y2 - dy), 0.6 * UNIT, PAIR_MARKS))
    return out


ISLAND = NO_CLUE
"""The editor's value for an island without a number ('?')."""
CLUE_CHOICES = (None, 1, 2, 3, 4, 5, 6, 7, 8, ISLAND)
"""What a setter's click on a square cycles through: water, an island of 1 to 8, then '?'."""


def clue_spots(board: Board) -> list[ClueSpot]:
    """Every square is a clue spot: water, or an island with its number."""
    spots = []
    for r in range(board.rows):
        for c in range(board.cols):
            x, y = MARGIN + c * UNIT, MARGIN + r * UNIT
            square = ((x, y), (x + UNIT, y), (x + UNIT, y + UNIT), (x, y + UNIT))
            island = board.island_at.get((r, c))
            spots.append(ClueSpot((r, c), CLUE_CHOICES, square, None if island is None else board.clues[island]))
    return spots


def with_island(board: Board, cell: tuple[int, int], value: int | None) -> Board:
    """The board with water (None) or an island of clue ``value`` at ``cell``."""
    islands = {at: board.clues[i] for at, i in board.island_at.items()}
    islands.pop(cell, None)
    if value is not None:
        islands[cell] = value
    order = sorted(islands)
    return Board(board.rows, board.cols, tuple(order), tuple(islands[at] for at in order))


def draw_svg(
    board: Board,
    dom: Sequence[int] | None,
    violations: Sequence[Violation] = (),
    hint: Sequence[int] = (),
    crosses: bool = False,
) -> str:
    marks = Highlights.of(board, dom, violations, hint)
    svg = Svg(board.cols * UNIT + 2 * MARGIN, board.rows * UNIT + 2 * MARGIN, UNIT, kind="hashiwokakero")
    centre = _centre

    drawn = [dom is not None and is_fixed(dom[e]) and dom[e] != 1 for e in range(board.n_edges)]
    bridged = {cell for e, cells in enumerate(board.water) if drawn[e] for cell in cells}
    for r in range(board.rows):
        for c in range(board.cols):
            if (r, c) not in board.island_at and (r, c) not in bridged:
                x, y = centre((r, c))
                svg.dot(x, y, cls="water", radius=0.04, colour=theme.GRID)
    for e, (a, b) in enumerate(board.edges):
        d = dom[e] if dom is not None else None
        tone = marks.pairs.tone(e)
        (x1, y1), (x2, y2) = centre(board.islands[a]), centre(board.islands[b])
        if d is None or not is_fixed(d):
            if tone == "hint":
                svg.pointer((x1, y1), (x2, y2))
            continue
        if d == NO_BRIDGE and (crosses or tone == "hint"):
            svg.cross((x1 + x2) / 2, (y1 + y2) / 2, tone=tone)
        count = value_of(d)
        # Offsets across the bridge: vertical for a horizontal pair, horizontal for a vertical one.
        dx, dy = (0.0, DOUBLE_GAP * UNIT) if board.horizontal[e] else (DOUBLE_GAP * UNIT, 0.0)
        offsets = [0.0] if count == 1 else [-1.0, 1.0] if count == 2 else []
        for k in offsets:
            svg.bar((x1 + k * dx, y1 + k * dy), (x2 + k * dx, y2 + k * dy), cls="bridge", tone=tone, width=0.7)
    for (r, c), tone in sorted(marks.crossings.items()):
        x, y = centre((r, c))
        svg.halo(x, y, tone=tone, radius=0.3)
    for island, ((r, c), clue) in enumerate(zip(board.islands, board.clues)):
        x, y = centre((r, c))
        tone = marks.islands.get(island, "normal")
        svg.disc(x, y, ISLAND_RADIUS, cls="island", tone=tone)
        svg.label(x, y, "?" if clue == NO_CLUE else str(clue), cls="clue", tone=tone, size=0.48)
    return svg.to_string()
