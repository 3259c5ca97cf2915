"""Pictures of puzzles: SVG boards, coloured terminal views, printable sheets.

Public API (third-party genres draw with these, as the built-in ones do):

- ``Svg``: the SVG builder with the shared marks (segments, bars, crosses,
  dots, discs, labels, shades, halos) sized from one ``unit``;
- ``TextGrid``: a character grid with a style role per character, giving the
  plain terminal view and the rich, coloured one from one drawing (``node`` and
  ``edge`` draw loops on it, with ``junction``,
  ``HORIZONTAL`` and ``VERTICAL``);
- ``Emphasis``, ``Tone``, ``tone_of``, ``strongest``: which variables a
  violation or a hint emphasises, and how;
- ``CellSvg``, ``CellText``, ``cell_tones``: a rectangular board of cells drawn by
  cell (shaded, black, lit, dotted cells, clues, discs, walls), as SVG and for the
  terminal, toned from ``Violation.cells`` (``puzzlekit.grid.GridGenre`` uses them);
- ``theme``: the shared colours, proportions and terminal styles;
- ``draw``, ``can_draw``: a puzzle's SVG through its genre's ``draw_svg``;
- ``Entry``, ``sheet_pages``: A4 pages of boards, puzzles first, solutions at the back;
- ``svg_to_png``, ``svg_to_pdf``, ``pages_to_pdf``: conversions through the
  optional ``pictures`` extra (cairosvg); ``MissingExtra`` when it is absent.
"""

from puzzlekit.errors import CannotDraw, MissingExtra
from puzzlekit.pictures import theme
from puzzlekit.pictures.cells import CellSvg, CellText, cell_tones
from puzzlekit.pictures.convert import pages_to_pdf, pictures_problem, svg_to_pdf, svg_to_png
from puzzlekit.pictures.draw import can_draw, default_crosses, draw
from puzzlekit.pictures.emphasis import Emphasis, strongest, tone_of
from puzzlekit.pictures.sheet import Entry, sheet_pages
from puzzlekit.pictures.svg import Svg
from puzzlekit.pictures.textgrid import HORIZONTAL, VERTICAL, TextGrid, junction
from puzzlekit.pictures.theme import Tone

__all__ = [
    "HORIZONTAL",
    "VERTICAL",
    "CannotDraw",
    "CellSvg",
    "CellText",
    "Emphasis",
    "Entry",
    "MissingExtra",
    "Svg",
    "TextGrid",
    "Tone",
    "can_draw",
    "cell_tones",
    "default_crosses",
    "draw",
    "junction",
    "pages_to_pdf",
    "pictures_problem",
    "sheet_pages",
    "strongest",
    "svg_to_pdf",
    "svg_to_png",
    "theme",
    "tone_of",
]
