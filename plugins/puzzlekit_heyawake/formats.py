"""Heyawake as puzz.link URLs (``heyawake``: the rooms' borders, then a Number16 per room)
and pzprjs files (``pzprv3.1``: borders, numbers, the shading; older ``pzprv3`` files hold
room numbers instead of borders, and are read too): ``puzzlekit.formats.rooms``."""

from __future__ import annotations

from puzzlekit.formats.rooms import NumberedRoomsPzpr, NumberedRoomsUrl

PIDS = ("heyawake",)


class HeyawakeUrl(NumberedRoomsUrl):
    name, genres, pids, title = "heyawake-puzzlink", ("heyawake",), PIDS, "Heyawake"
    summary = "puzz.link URLs, https://puzz.link/p?heyawake/COLS/ROWS/BODY"


class HeyawakePzpr(NumberedRoomsPzpr):
    name, genres, pids, title = "heyawake-pzpr", ("heyawake",), PIDS, "Heyawake"


FORMATS = (HeyawakeUrl, HeyawakePzpr)
