"""Kakuro as puzz.link URLs and pzprjs files (``pzprv3``), from ``formats.splitcells``: the
level's board is pzprjs's one row and column bigger, its first row and column black."""

from __future__ import annotations

from puzzlekit.formats.splitcells import SplitCellsPzpr, SplitCellsUrl

PIDS = ("kakuro",)


class KakuroPzpr(SplitCellsPzpr):
    name, genres, pids, title = "kakuro-pzpr", ("kakuro",), PIDS, "Kakuro"


class KakuroUrl(SplitCellsUrl):
    name, genres, pids, title = "kakuro-puzzlink", ("kakuro",), PIDS, "Kakuro"
    summary = "puzz.link URLs, https://puzz.link/p?kakuro/COLS/ROWS/BODY"


FORMATS = (KakuroUrl, KakuroPzpr)
