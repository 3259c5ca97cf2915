"""Nurikabe as puzz.link URLs (``nurikabe``, a Number16 body) and pzprjs files: a number
is a clue; a file's ``#`` is a shaded cell and ``+`` a cell marked unshaded.  pzprjs's
clue without a number is refused at its character."""

from __future__ import annotations

from typing import ClassVar

from puzzlekit.formats.cells import CellFile, CellUrl
from puzzlekit.grid import MAX_SIDE

PIDS = ("nurikabe",)


class NurikabeUrl(CellUrl):
    name, genres, pids, title, body, unknown = "nurikabe-puzzlink", ("nurikabe",), PIDS, "Nurikabe", "number16", None
    summary = "puzz.link URLs, https://puzz.link/p?nurikabe/COLS/ROWS/BODY"
    numbers, max_side = range(1, 1000), MAX_SIDE


class NurikabePzpr(CellFile):
    name, genres, pids, title = "nurikabe-pzpr", ("nurikabe",), PIDS, "Nurikabe"
    summary = "pzprjs files (pzprv3), with or without the player's shading"
    tokens: ClassVar[dict[str, str]] = {".": ".", "#": "#", "+": "o"}
    numbers, max_side = range(1, 1000), MAX_SIDE


FORMATS = (NurikabeUrl, NurikabePzpr)
