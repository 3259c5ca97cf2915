"""Numberlink as puz.link URLs (``numlin``: the numbers in pzprjs's Number16) and pzprjs
files (``pzprv3``: the numbers, then the lines between cells side by side and above each
other: ``puzzlekit.formats.lines``)."""

from __future__ import annotations

from puzzlekit.formats import cells, lines

PIDS = ("numlin", "numberlink")
NO_UNKNOWN = "pzprjs's '?' (a number not given) is not read: Numberlink joins given, equal numbers; write it in"


class NumberlinkUrl(cells.CellUrl):
    name, genres, pids, title, body = "numberlink-puzzlink", ("numberlink",), PIDS, "Numberlink", "number16"
    summary = "puzz.link URLs, https://puzz.link/p?numlin/COLS/ROWS/BODY"
    unknown, numbers, no_unknown = None, range(1, 1000), NO_UNKNOWN


class NumberlinkPzpr(lines.NumbersAndLines):
    name, genres, pids, title, refused = "numberlink-pzpr", ("numberlink",), PIDS, "Numberlink", {"-": NO_UNKNOWN}


FORMATS = (NumberlinkUrl, NumberlinkPzpr)
