"""Game IDs of Simon Tatham's Portable Puzzle Collection: what Loopy and Bridges share.

A game ID is ``PARAMS:DESCRIPTION``.  PARAMS is the game's parameter string (the size
first, ``WxH``, then game-specific letters); DESCRIPTION lists the squares in reading
order, a letter ``a``-``z`` standing for a run of 1-26 empty squares and anything else
for one square, which the game's own codec reads.  ``PARAMS#SEED`` is a random-seed ID:
it names a puzzle only together with the program that generates it, so it is refused.

Here: splitting an ID, reading the size, the run-length letters both ways, and
``TathamFormat``, the shape of a genre's game-ID format.
"""

from __future__ import annotations

import re
from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from puzzlekit.errors import PuzzlekitError
from puzzlekit.formats.codec import MAX_DIGITS, MAX_SIDE, check_length, check_size, error_at, level_text
from puzzlekit.genre import Genre
from puzzlekit.registry import Format

MAX_RUN = 26
EMPTY = "."
"""An empty square, as the decoders hand it to the game's codec and the encoders expect it."""

_SIZE = re.compile(rf"(\d{{1,{MAX_DIGITS}}})(?:x(\d{{1,{MAX_DIGITS}}}))?")

Square = Callable[[int, str], str]
"""Reads the description character at a 0-based source position: its square, or raises."""


def split_id(source: str, game: str) -> tuple[str, str, int]:
    """``(PARAMS, DESCRIPTION, where DESCRIPTION starts)`` of ``PARAMS:DESCRIPTION``.

    Surrounding space is ignored.  A random-seed ID (``PARAMS#SEED``) and a string
    without a colon are refused, naming ``game`` (``Loopy``, ``Bridges``).
    """
    check_length(source)
    start = len(source) - len(source.lstrip())
    text = source.strip()
    params, sep, desc = text.partition(":")
    if not sep:
        if "#" in text:
            raise error_at(
                source,
                start + text.index("#"),
                f"{params.split('#')[0]}#... is a random-seed {game} ID: it names a board only together with "
                f"the program that generates it; use the game ID {game} shows under Game > Specific",
            )
        raise error_at(source, start, f"not a {game} game ID: expected PARAMS:DESCRIPTION")
    return params, desc, start + len(params) + 1


def read_size(source: str, params: str, at: int, limit: int = MAX_SIDE) -> tuple[int, int, int]:
    """``(cols, rows, where the size ends)`` of PARAMS that start with ``W[xH]`` (a bare W means WxW).

    The size is checked against ``limit`` here, before anything is allocated.
    """
    match = _SIZE.match(params)
    if match is None:
        raise error_at(source, at, f"expected the size WIDTHxHEIGHT at the start of {params[:20]!r}")
    cols = int(match.group(1))
    rows = int(match.group(2)) if match.group(2) is not None else cols
    check_size(source, at, cols, rows, limit)
    return cols, rows, match.end()


def expand_runs(source: str, desc: str, at: int, count: int, square: Square) -> tuple[list[str], dict[int, int]]:
    """The ``count`` squares of a description that starts at ``at`` of ``source``, and
    where in ``source`` each square that is not EMPTY came from.

    A run letter is EMPTY squares; anything else goes to ``square`` with its position.
    A description that leaves squares over (too short) or runs past the last square
    (too long) is refused at the character where that shows.
    """
    cells: list[str] = []
    where: dict[int, int] = {}
    for i, ch in enumerate(desc):
        if len(cells) >= count:
            raise error_at(source, at + i, f"the board's {count} squares are full here but the description goes on")
        if "a" <= ch <= "z":
            run = ord(ch) - ord("a") + 1
            if len(cells) + run > count:
                raise error_at(
                    source,
                    at + i,
                    f"the run {ch!r} of {run} empty squares goes past the board's {count} squares",
                )
            cells.extend(EMPTY * run)
        else:
            where[len(cells)] = at + i
            cells.append(square(at + i, ch))
    if len(cells) < count:
        raise error_at(
            source,
            at + len(desc),
            f"the description ends after {len(cells)} of the board's {count} squares: the ID looks cut short",
        )
    return cells, where


def tatham_difficulty(meta: Mapping[str, str]) -> str | None:
    """The puzzle's ``# difficulty:`` when it is the game's own grading: only a puzzle that
    came from Tatham's program (it carries ``# tatham-id:``) has one.  puzzlekit's
    generator grades with words like ``hard`` too, on a different scale."""
    return meta.get("difficulty") if "tatham-id" in meta else None


def encode_runs(squares: Sequence[str]) -> str:
    """A description: EMPTY squares as run letters (26 at most each), others as they are."""
    pieces: list[str] = []
    run = 0
    for square in squares:
        if square == EMPTY:
            run += 1
            if run == MAX_RUN:
                pieces.append("z")
                run = 0
            continue
        if run:
            pieces.append(chr(ord("a") + run - 1))
            run = 0
        pieces.append(square)
    if run:
        pieces.append(chr(ord("a") + run - 1))
    return "".join(pieces)


class TathamFormat(Format):
    """A genre's game IDs: recognised by the shape of their parameters, claimed when the
    description reads as this game's, read into level text with ``# tatham-id:`` and the
    difficulty word.  A subclass sets ``shape`` and its one genre, and supplies ``decode``
    and ``write``.

    Many of Tatham's games share the shape ``WxH:`` (Bridges, Light Up, Solo, Rectangles,
    Pearl), so the shape alone says little: an ID is this genre's only when it decodes
    (a random-seed ID ``PARAMS#SEED`` is claimed by its shape, so reading it can say why
    it names no board).  An ID is one line: level text never matches."""

    kind = "tatham"
    shape: ClassVar[re.Pattern[str]]
    """Matches the start of an ID of this game (``PARAMS:`` or ``PARAMS#``)."""

    def matches(self, source: str) -> bool:
        text = source.strip()
        return "\n" not in text and self.shape.match(text) is not None

    def genre_of(self, source: str) -> str | None:
        if not self.matches(source):
            return None
        params = source.strip().split(":", 1)[0]
        if "#" not in params:
            try:
                self.decode(source)
            except PuzzlekitError:
                return None  # shaped like this game's IDs, but not one: another game's, or damaged
        return self.genres[0]

    def read(self, source: str, genre: Genre) -> str:
        rows, difficulty = self.decode(source)
        meta = {"tatham-id": source.strip()}
        if difficulty is not None:
            meta["difficulty"] = difficulty
        return level_text(rows, meta)

    @abstractmethod
    def decode(self, source: str) -> tuple[list[str], str | None]:
        """The clue grid's rows and the difficulty word the ID gives (None when it gives none)."""
