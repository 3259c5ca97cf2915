"""Hashiwokakero in janko.at's text (see :mod:`puzzlekit.formats.janko`): ``puzzle
hashi``, a ``problem`` grid of ``-`` (water) and islands ``1``-``8``."""

from __future__ import annotations

from puzzlekit.formats import is_number, janko
from puzzlekit_hashi.board import MAX_BRIDGES

MAX_CLUE = 4 * MAX_BRIDGES


class HashiJanko(janko.JankoFormat):
    name = "hashiwokakero-janko"
    genres = ("hashiwokakero",)
    summary = "janko.at text: begin / puzzle hashi / size / problem ... / end"
    names = ("hashi", "hashiwokakero", "hashikake", "bridges")

    def cell(self, block: janko.JankoBlock, token: janko.Token) -> str:
        if token.text in ("-", "."):
            return "."
        if is_number(token.text) and 1 <= int(token.text[:3]) <= MAX_CLUE:
            return token.text
        raise block.error(
            token.line, token.col, f"expected an island 1-{MAX_CLUE} or '-' (water), found {token.text[:10]!r}"
        )
