"""Masyu in janko.at's text (see :mod:`puzzlekit.formats.janko`): ``puzzle masyu``, a
``problem`` grid of ``-`` (empty), ``w`` (white pearl) and ``b`` (black pearl), either case.
janko.at's pages from number 521 on write the pearls as ``1`` (white) and ``2`` (black):
their solutions go straight through every ``1`` and turn at every ``2`` (checked on all 113
such pages of janko.at's 770)."""

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
        pearl = PEARLS.get(token.text.lower())
        if pearl is None:
            expected = "expected 'w' or '1' (white), 'b' or '2' (black) or '-' (empty)"
            raise block.error(token.line, token.col, f"{expected}, found {token.text[:10]!r}")
        return pearl


PEARLS = {"-": EMPTY, ".": EMPTY, "w": WHITE, "b": BLACK, "1": WHITE, "2": BLACK}
"""janko.at's problem tokens: letters on the older pages, digits from page 521 on."""
