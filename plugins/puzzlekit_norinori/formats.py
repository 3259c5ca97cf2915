"""Norinori as puzz.link URLs (``norinori/COLS/ROWS/BORDER``: the regions' borders) and
pzprjs files (``pzprv3.1``: borders, then the shading; older ``pzprv3`` files hold room
numbers instead of borders, and are read too): ``puzzlekit.formats.rooms``."""

from __future__ import annotations

from puzzlekit.formats.rooms import RoomsPzpr, RoomsUrl

PIDS = ("norinori",)


class NorinoriUrl(RoomsUrl):
    name, genres, pids, title = "norinori-puzzlink", ("norinori",), PIDS, "Norinori"
    summary = "puzz.link URLs, https://puzz.link/p?norinori/COLS/ROWS/BODY"


class NorinoriPzpr(RoomsPzpr):
    name, genres, pids, title = "norinori-pzpr", ("norinori",), PIDS, "Norinori"


FORMATS = (NorinoriUrl, NorinoriPzpr)
