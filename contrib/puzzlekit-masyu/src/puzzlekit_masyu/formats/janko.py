"""Masyu in janko.at's text (see :mod:`puzzlekit.formats.janko`): ``puzzle masyu``, a
``problem`` grid of ``-`` (empty), ``w`` (white pearl) and ``b`` (black pearl), either case."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from puzzlekit.formats import janko
from puzzlekit_masyu.board import BLACK, EMPTY, WHITE


class MasyuJanko(janko.JankoFormat):
    name = "masyu-janko"
    genres = ("masyu",)
    summary = "janko.at text: begin / puzzle masyu / size / problem ... / end"
    names = ("masyu", "mashu", "pearl")
    tokens: ClassVar[Mapping[str, str]] = {EMPTY: "-", WHITE: "w", BLACK: "b"}

    def cell(self, block: janko.JankoBlock, token: janko.Token) -> str:
        pearl = {"-": EMPTY, ".": EMPTY, "w": WHITE, "b": BLACK}.get(token.text.lower())
        if pearl is None:
            raise block.error(
                token.line, token.col, f"expected 'w' (white), 'b' (black) or '-' (empty), found {token.text[:10]!r}"
            )
        return pearl
