"""Pictures of puzzles, for any genre that draws itself.

Drawing is a genre capability (``Genre.draw_svg``, whose default refuses
with one clear error naming the genre); this module is the genre-agnostic
front, settling the choices every genre shares (crosses shown only while
something is still open, as the lattice form does).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlekit.core.model import Violation, is_fixed
from puzzlekit.genre import Genre

if TYPE_CHECKING:  # the solver's API is not needed to draw (and costs start-up time)
    from puzzlekit.puzzle import Puzzle


def can_draw(genre: Genre) -> bool:
    """Does the genre implement ``draw_svg`` (rather than inherit the refusing default)?"""
    return type(genre).draw_svg is not Genre.draw_svg


def default_crosses(dom: Sequence[int] | None) -> bool:
    """Crosses help while a board is unfinished; on a finished one every blank would be a cross."""
    return dom is not None and any(not is_fixed(d) for d in dom)


def draw(
    puzzle: Puzzle,
    dom: Sequence[int] | None = None,
    *,
    violations: Sequence[Violation] = (),
    crosses: bool | None = None,
    hint: Sequence[int] = (),
) -> str:
    """The puzzle as an SVG document: bare when ``dom`` is None, else that state.

    ``crosses`` None means "only while some variable is still open".
    """
    genre = puzzle.genre  # a genre that does not draw raises CannotDraw, naming itself
    show_crosses = default_crosses(dom) if crosses is None else crosses
    return genre.draw_svg(puzzle.instance, dom, violations=violations, crosses=show_crosses, hint=hint)
