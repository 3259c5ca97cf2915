"""A grid of characters with a role per cell: one drawing, two outputs.

A genre draws its terminal view once into a ``TextGrid``; ``plain()`` gives
the uncoloured text (``Genre.pretty``) and ``to_text()`` the same characters
as a rich ``Text`` coloured by role and tone (``Genre.draw_terminal``), so the
two views can never disagree about where a line is.  rich is imported only
when colour is asked for, which keeps it off the command line's start-up path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlekit.core.model import FALSE, TRUE
from puzzlekit.pictures import theme
from puzzlekit.pictures.emphasis import Emphasis, strongest
from puzzlekit.pictures.theme import Tone

if TYPE_CHECKING:
    from rich.text import Text

_JUNCTIONS: dict[tuple[int, int, int, int], str] = {
    (0, 0, 0, 0): "·",
    (1, 0, 1, 0): "│",
    (0, 1, 0, 1): "─",
    (0, 1, 1, 0): "┌",
    (0, 0, 1, 1): "┐",
    (1, 1, 0, 0): "└",
    (1, 0, 0, 1): "┘",
    (1, 0, 0, 0): "╵",
    (0, 1, 0, 0): "╶",
    (0, 0, 1, 0): "╷",
    (0, 0, 0, 1): "╴",
    (1, 1, 1, 0): "├",
    (0, 1, 1, 1): "┬",
    (1, 0, 1, 1): "┤",
    (1, 1, 0, 1): "┴",
    (1, 1, 1, 1): "┼",
}

HORIZONTAL = ("───", " × ", "┄┄┄")
"""A horizontal edge three characters wide: as a line, as a cross, as a hinted blank."""
VERTICAL = ("│", "×", "┆")
"""A vertical edge one character wide, the same three ways."""


def junction(up: bool, right: bool, down: bool, left: bool) -> str:
    """The box-drawing character where lines leave a point in these directions (``·`` for none)."""
    return _JUNCTIONS[(int(up), int(right), int(down), int(left))]


class TextGrid:
    """``rows`` x ``cols`` characters, blank to start; each set character keeps a style role."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows = rows
        self.cols = cols
        self.chars = [[" "] * cols for _ in range(rows)]
        self.roles: list[list[str]] = [["plain"] * cols for _ in range(rows)]

    def put(self, row: int, col: int, text: str, role: str = "plain", tone: Tone = "normal") -> None:
        """Write ``text`` from (row, col) rightwards; a tone other than normal overrides the role."""
        style = role if tone == "normal" else tone
        for i, ch in enumerate(text):
            self.chars[row][col + i] = ch
            self.roles[row][col + i] = style

    def edge(self, row: int, col: int, glyphs: tuple[str, str, str], value: int, tone: Tone, crosses: bool) -> None:
        """A line-or-not edge (``value`` a boolean domain) drawn with ``HORIZONTAL`` or
        ``VERTICAL`` glyphs: a line, a cross when ``crosses`` (or hinted), or a hinted blank."""
        line, cross, hinted = glyphs
        if value == TRUE:
            self.put(row, col, line, "line", tone)
        elif value == FALSE and (crosses or tone == "hint"):
            self.put(row, col, cross, "cross", tone)
        elif tone == "hint":
            self.put(row, col, hinted, "hint")

    def node(
        self,
        row: int,
        col: int,
        around: Sequence[int],
        dom: Sequence[int],
        edges: Emphasis,
        tone: Tone = "normal",
        glyph: tuple[str, str] | None = None,
    ) -> None:
        """Where up to four line-or-not edges meet (``around``: up, right, down, left, -1
        off the board): the junction of its lines, toned by the strongest of ``tone`` and
        its lines' tones.  ``glyph`` (text, role) stands instead of the junction (a pearl)."""
        on = [e >= 0 and dom[e] == TRUE for e in around]
        tones = [tone, *(edges.tone(e) for e, drawn in zip(around, on) if drawn)]
        text, role = glyph or (junction(*on), "line" if any(on) else "dot")
        self.put(row, col, text, role, strongest(tones))

    def plain(self) -> str:
        """The characters alone, trailing spaces trimmed from each row."""
        return "\n".join("".join(row).rstrip() for row in self.chars)

    def to_text(self) -> Text:
        """The characters styled by role (see ``theme.TERMINAL``), as one rich ``Text``."""
        from rich.text import Text

        out = Text()
        for r, row in enumerate(self.chars):
            if r:
                out.append("\n")
            end = len("".join(row).rstrip())
            start = 0
            while start < end:
                role = self.roles[r][start]
                stop = start
                while stop < end and self.roles[r][stop] == role:
                    stop += 1
                out.append("".join(row[start:stop]), style=theme.TERMINAL.get(role, ""))
                start = stop
        return out
