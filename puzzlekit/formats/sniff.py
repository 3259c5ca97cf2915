"""Telling a format by its first characters, cheaply and in linear time.

Every format's ``matches`` and ``genre_of`` run on every SOURCE (and a web server runs
them on every request), so a sniffer looks at a bounded prefix of the text only
(:data:`SNIFF` characters) and scans it line by line or with regular expressions that
have no nested or overlapping quantifiers: hostile text (a comment line and forty blank
lines, ``&m=edit`` a hundred thousand times) costs microseconds, never exponential or
quadratic backtracking.  ``tests/test_sniffing.py`` holds every sniffing pattern to that.
"""

from __future__ import annotations

from collections.abc import Iterator

SNIFF = 4096
"""Characters of a text a sniffer looks at."""


def head(text: str) -> str:
    """The part of ``text`` a sniffer may look at, leading blank space skipped (at most
    :data:`SNIFF` characters in all)."""
    return text[:SNIFF].lstrip()


def lines(text: str) -> Iterator[str]:
    """The stripped lines of the sniffed prefix that are neither blank nor ``#`` comments."""
    for line in text[:SNIFF].split("\n"):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield stripped


def first_line(text: str) -> str | None:
    """The first line of the sniffed prefix that is not blank or a ``#`` comment, stripped."""
    return next(lines(text), None)


def begins_janko(text: str) -> bool:
    """Does ``text`` start as janko.at text does (its first line that is not blank or a
    ``#`` comment says ``begin``)?  Here, below the codecs, so the file reader can ask."""
    line = first_line(text)
    return line is not None and line.lower() == "begin"
