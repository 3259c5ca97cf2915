"""Akari as puzz.link URLs (``akari`` or ``lightup``, a 4Cell body) and pzprjs files: a
number is a black cell with it, pzprjs's "no number" (``.`` / ``-``) a black cell; a
file's ``#`` is a bulb and ``+`` a cell marked empty.  As pzprjs does, a URL is written
with ``akari`` (its URL id for Light Up) and a file with ``lightup`` (its puzzle id)."""

from __future__ import annotations

from typing import ClassVar

from puzzlekit.formats.cells import CellFile, CellUrl
from puzzlekit.grid import MAX_SIDE

PIDS = ("lightup", "akari")
URL_PIDS = ("akari", "lightup")


class AkariUrl(CellUrl):
    name, genres, pids, title, body, unknown = "akari-puzzlink", ("akari",), URL_PIDS, "Akari", "4cell", "#"
    summary = "puzz.link URLs, https://puzz.link/p?akari/COLS/ROWS/BODY (or lightup)"
    numbers, max_side = range(0, 5), MAX_SIDE


class AkariPzpr(CellFile):
    name, genres, pids, title = "akari-pzpr", ("akari",), PIDS, "Akari"
    summary = "pzprjs files (pzprv3), with or without the player's bulbs"
    tokens: ClassVar[dict[str, str]] = {".": ".", "-": "#", "#": "*", "+": "x"}
    numbers, max_side = range(0, 5), MAX_SIDE


FORMATS = (AkariUrl, AkariPzpr)
