"""``GridGenre``: a ``Genre`` on a rectangular board that draws itself cell by cell.

It removes the boilerplate every grid genre used to copy: the board's size,
``r1c1`` names for variables, and the drawing forwarders.  A genre says where
its grid is (``grid_of``), which cell each variable sits in (``cell_of``) and
how to paint one state (``paint``); ``draw_svg``, ``draw_terminal`` and
``pretty`` then come from one drawing, with violations (``Violation.cells``)
and the hinted variables' cells toned.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from puzzlekit.core.model import FALSE, TRUE, Model, Violation, is_fixed, values_of
from puzzlekit.genre import ClueSpot, Genre, Place, Point
from puzzlekit.grid.topology import RectGrid
from puzzlekit.pictures.cells import CellSvg, CellText, cell_tones
from puzzlekit.pictures.theme import Tone

if TYPE_CHECKING:
    from rich.text import Text

    from puzzlekit.grid.regions import Regions

Canvas = CellSvg | CellText
"""Where ``GridGenre.paint`` draws: both take the same marks by cell."""


class GridGenre(Genre):
    """A genre whose board is a ``RectGrid``; subclasses implement ``paint``."""

    walled: ClassVar[bool] = False
    """True for a genre whose board has walls (regions, boxes): the terminal view frames
    its cells so that ``canvas.wall(edge)`` shows there too (``CellText(walls=True)``)."""

    place_marks: ClassVar[tuple[int, ...] | None] = (TRUE, FALSE)
    """What a click on a cell cycles through in the browser after "unmarked" (``places``):
    by default shaded (or a bulb), then marked the other way; None: each value the cell's
    domain allows, in order (Sudoku's digits, Shikaku's numbers)."""

    text_width: ClassVar[int] = 2
    """Characters per cell in the terminal view (``CellText``): wide enough for the
    longest mark (Kakuro's ``45\\45`` takes 5)."""

    def places(self, instance: Any) -> list[Place]:
        """Every variable's cell, as a square of ``draw_svg``'s drawing, with the marks
        ``place_marks`` (``puzzlekit play``).  A variable the model fixes (a given) is a
        place with its one mark: a click leaves it as it is, but the keyboard's focus
        walks over it as over any cell, and a ``regions`` genre reads it as the given."""
        return self.places_on(instance, self.build(instance))

    def places_on(self, instance: Any, model: Model) -> list[Place]:
        """``places`` from the instance's model when the caller has built it already (the
        web app keeps it: a big region's model can take seconds to build)."""
        out = []
        squares = self.cell_squares(instance)
        for var, domain in enumerate(model.domains):
            if not domain:
                continue
            outline = squares[self.cell_of(instance, var)]
            if is_fixed(domain):
                out.append(Place(var, (domain,), outline))
                continue
            choices = self.place_marks if self.place_marks is not None else [1 << v for v in values_of(domain)]
            marks = (domain, *(m for m in choices if m & domain))
            out.append(Place(var, marks, outline))
        return out

    def cell_squares(self, instance: Any) -> list[tuple[Point, ...]]:
        """Every cell's square on ``draw_svg``'s drawing (``cell_outline``), in cell order."""
        canvas = CellSvg(self.grid_of(instance), kind=self.name)
        u = canvas.unit
        corners = (canvas.corner(cell) for cell in range(self.grid_of(instance).n_cells))
        return [((x, y), (x + u, y), (x + u, y + u), (x, y + u)) for x, y in corners]

    def cell_outline(self, instance: Any, cell: int) -> tuple[Point, ...]:
        """A cell's square on ``draw_svg``'s drawing."""
        canvas = CellSvg(self.grid_of(instance), kind=self.name)
        x, y = canvas.corner(cell)
        u = canvas.unit
        return ((x, y), (x + u, y), (x + u, y + u), (x, y + u))

    def cell_spots(self, instance: Any, values: Sequence[int | None]) -> list[ClueSpot]:
        """A clue spot on every cell (position: the cell's index), a click cycling through
        ``values`` (None first): the editor's spots for a genre whose clues are numbers in
        cells.  A number typed in the editor may be any the genre reads, beyond ``values``."""
        shown = tuple(values)
        cells = range(self.grid_of(instance).n_cells)
        return [ClueSpot(c, shown, self.cell_outline(instance, c), self.clue_at(instance, c)) for c in cells]

    def regions_of(self, instance: Any) -> Regions | None:
        """The board's given regions, for a genre whose puzzle has them (Star Battle's,
        Heyawake's rooms): the browser's editor then draws them as walls a setter clicks
        (``puzzlekit.grid.walledit``).  None (the default): no regions to draw."""
        return None

    def with_regions(self, instance: Any, regions: Regions) -> Any:
        """A copy of the instance on ``regions`` (the editor's walls changed), the rest of
        the puzzle kept; a ``PuzzlekitError`` in the genre's words when it cannot be."""
        raise NotImplementedError(f"{self.name} does not take new regions (GridGenre.with_regions)")

    def grid_of(self, instance: Any) -> RectGrid:
        """The instance's grid; by default its ``grid`` attribute."""
        grid: RectGrid = instance.grid
        return grid

    def cell_of(self, instance: Any, var: int) -> int:
        """The cell variable ``var`` belongs to (by default variable i is cell i)."""
        return var

    def describe(self, instance: Any, var: int) -> str:
        return self.grid_of(instance).name(self.cell_of(instance, var))

    def clue_name(self, instance: Any, position: Any) -> str:
        """A clue position that is a cell index, named ``r2c3``."""
        return self.grid_of(instance).name(position) if isinstance(position, int) else str(position)

    def size(self, instance: Any) -> str:
        grid = self.grid_of(instance)
        return f"{grid.cols}x{grid.rows}"

    def paint(
        self, instance: Any, dom: Sequence[int] | None, canvas: Canvas, tones: dict[int, Tone], crosses: bool
    ) -> None:
        """Draw the puzzle (``dom`` None) or a state on ``canvas``, cell by cell; ``tones``
        gives each emphasised cell's tone, ``crosses`` whether to show "not here" marks."""
        raise NotImplementedError(f"{self.name} does not paint its board (GridGenre.paint)")

    def _tones(self, instance: Any, violations: Sequence[Violation], hint: Sequence[int]) -> dict[int, Tone]:
        return cell_tones(violations, [self.cell_of(instance, v) for v in hint])

    def draw_svg(
        self,
        instance: Any,
        dom: Sequence[int] | None = None,
        *,
        violations: Sequence[Violation] = (),
        crosses: bool = False,
        hint: Sequence[int] = (),
    ) -> str:
        canvas = CellSvg(self.grid_of(instance), kind=self.name)
        tones = self._tones(instance, violations, hint)
        for cell, tone in sorted(tones.items()):
            canvas.tint(cell, tone)
        self.paint(instance, dom, canvas, tones, crosses)
        canvas.grid_lines()
        return canvas.to_string()

    def _text(
        self, instance: Any, dom: Sequence[int], violations: Sequence[Violation], hint: Sequence[int]
    ) -> CellText:
        canvas = CellText(self.grid_of(instance), width=self.text_width, walls=self.walled)
        tones = self._tones(instance, violations, hint)
        for cell, tone in tones.items():
            canvas.tint(cell, tone)
        self.paint(instance, dom, canvas, tones, True)
        return canvas

    def draw_terminal(
        self, instance: Any, dom: Sequence[int], *, violations: Sequence[Violation] = (), hint: Sequence[int] = ()
    ) -> Text:
        return self._text(instance, dom, violations, hint).to_text()

    def pretty(self, instance: Any, dom: Sequence[int]) -> str:
        return self._text(instance, dom, (), ()).plain()
