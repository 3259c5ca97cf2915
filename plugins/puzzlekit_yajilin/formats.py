"""Yajilin as puz.link URLs (pzprjs's ArrowNumber16) and pzprjs files (``pzprv3``, with
the player's shading and lines), on ``puzzlekit.formats.arrows``."""

from __future__ import annotations

from puzzlekit.formats import arrows

PIDS = ("yajilin", "yajirin")


class YajilinUrl(arrows.ArrowUrl):
    name, genres, pids, title = "yajilin-puzzlink", ("yajilin",), PIDS, "Yajilin"
    summary = "puzz.link URLs, https://puzz.link/p?yajilin/COLS/ROWS/BODY"


class YajilinPzpr(arrows.ShadedLoopPzpr):
    name, genres, pids, title = "yajilin-pzpr", ("yajilin",), PIDS[::-1], "Yajilin"  # files say yajirin
    summary = "pzprjs files (pzprv3), with or without the player's shading and lines"


FORMATS = (YajilinUrl, YajilinPzpr)
