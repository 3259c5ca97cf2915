"""LITS as puzz.link URLs (``lits/COLS/ROWS/BORDER``: the regions' borders) and pzprjs
files (``pzprv3.1``: borders, then the shading; older ``pzprv3`` files hold room numbers
instead of borders, and are read too): ``puzzlekit.formats.rooms``."""

from __future__ import annotations

from puzzlekit.formats.rooms import RoomsPzpr, RoomsUrl

PIDS = ("lits",)


class LitsUrl(RoomsUrl):
    name, genres, pids, title = "lits-puzzlink", ("lits",), PIDS, "LITS"
    summary = "puzz.link URLs, https://puzz.link/p?lits/COLS/ROWS/BODY"


class LitsPzpr(RoomsPzpr):
    name, genres, pids, title = "lits-pzpr", ("lits",), PIDS, "LITS"


FORMATS = (LitsUrl, LitsPzpr)
