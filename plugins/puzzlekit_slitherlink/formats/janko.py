"""Slitherlink in janko.at's text (see :mod:`puzzlekit.formats.janko`): ``puzzle
slitherlink``, a ``problem`` grid of ``-`` (no clue) and clues ``0``-``3``."""

from __future__ import annotations

from puzzlekit.formats import janko


class SlitherlinkJanko(janko.JankoFormat):
    name = "slitherlink-janko"
    genres = ("slitherlink",)
    summary = "janko.at text: begin / puzzle slitherlink / size / problem ... / end"
    names = ("slitherlink", "slither")

    def cell(self, block: janko.JankoBlock, token: janko.Token) -> str:
        if token.text in ("-", "."):
            return "."
        if token.text in ("0", "1", "2", "3"):
            return token.text
        raise block.error(token.line, token.col, f"expected a clue 0-3 or '-' (no clue), found {token.text[:10]!r}")
