"""puzz.link URLs: recognise them, split them into their parts, and build the canonical form.

puzz.link is the home of pzprjs, the web editor most puzzle people share puzzles from;
pzv.jp is its older home, and forks (pzprxs.vercel.app, pzplus.tck.mn) read the same
URLs.  A URL is::

    https://puzz.link/p?PID/[FLAGS/]COLS/ROWS/BODY

PID names the genre (``slither``, ``hashikake``; each genre has aliases), FLAGS is an
optional word of variant letters (``f``: Slitherlink's loop through every dot), COLS and
ROWS the size, and BODY the clues in a genre-specific encoding (see
:mod:`puzzlekit.formats.pzpr`).  Any ``http``/``https`` host with the path ``/p`` or
``/p.html`` is read; without a scheme, only the known hosts are (so a relative file
path is never mistaken for a URL).  The spellings pzprjs reads are read too: query
parameters before the puzzle id (``p?type=editor&slither/...``), a mode after it
(``slither_edit``, ``slither_play``) and a ``#fragment`` at the end, which are dropped;
a pzprjs file inside a URL (``p?pzprv3/slither/...``) is the pzprv3 format's (see
:func:`file_inside`).  Everything here is genre-agnostic: the genre plugins decode the body.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from puzzlekit.formats.codec import MAX_DIGITS, MAX_SIDE, check_length, check_size, error_at
from puzzlekit.formats.level import is_number
from puzzlekit.formats.sniff import head
from puzzlekit.registry import Format

if TYPE_CHECKING:
    from puzzlekit.genre import Genre
    from puzzlekit.puzzle import Puzzle

CANONICAL = "https://puzz.link/p?"
"""What puzzlekit writes: the host and path puzz.link itself links to."""

KNOWN_HOSTS = ("puzz.link", "pzv.jp", "pzprxs.vercel.app", "pzplus.tck.mn")

_HOSTS = "|".join(re.escape(h) for h in KNOWN_HOSTS)
_PREFIX = re.compile(
    rf"(?:https?://[A-Za-z0-9.-]+(?::\d{{1,5}})?|(?:www\.)?(?:{_HOSTS}))/p(?:\.html)?\?",
    re.IGNORECASE,
)
_PID = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_FLAGS = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_PARAM = re.compile(r"[A-Za-z0-9_]+=[A-Za-z0-9_]*&")
"""A query parameter before the puzzle id (``type=editor&``), as pzprjs skips them."""
MODES = ("_edit", "_play")
"""What pzprjs reads after a puzzle id to open the editor or the player."""
FILE_PIDS = ("pzprv3",)
"""The "puzzle id" of a URL that holds a whole pzprjs file."""


@dataclass(frozen=True)
class PuzzLinkUrl:
    """A puzz.link URL split into its parts, with where PID, FLAGS and BODY start in ``source``."""

    source: str
    pid: str
    flags: str
    cols: int
    rows: int
    body: str
    pid_at: int
    flags_at: int
    body_at: int


def looks_like(source: str) -> bool:
    """Is ``source`` a puzz.link-style URL (of any genre)?  Cheap, and never raises."""
    return pid_of(source) is not None


def pid_of(source: str) -> str | None:
    """The puzzle id of a puzz.link-style URL, lower-cased and without a mode (``_edit``);
    None when ``source`` is not one, or holds a pzprjs file (:func:`file_inside`)."""
    text = head(source)
    at = _pid_start(text)
    pid = _PID.match(text, at) if at is not None else None
    if pid is None or pid.group(0).lower() in FILE_PIDS:
        return None
    return _without_mode(pid.group(0)).lower()


def file_inside(source: str) -> str | None:
    """The pzprjs file a URL holds (``https://puzz.link/p?pzprv3/slither/5/5/...``, with
    ``%20`` for spaces and ``/`` for line breaks, as pzprjs makes them); None otherwise."""
    text = source.strip()
    at = _pid_start(head(text))
    if at is None or not text[at:].lower().startswith(FILE_PIDS):
        return None
    return urllib.parse.unquote(_without_fragment(text, at)[at:])


def _pid_start(text: str) -> int | None:
    """Where the puzzle id starts in a URL (after the host, the ``?`` and any query
    parameters pzprjs skips), or None when ``text`` is not a puzz.link-style URL."""
    prefix = _PREFIX.match(text)
    if prefix is None:
        return None
    at = prefix.end()
    while (param := _PARAM.match(text, at)) is not None:
        at = param.end()
    return at


def _without_mode(pid: str) -> str:
    """``slither`` for ``slither_edit`` and ``slither_play``."""
    for mode in MODES:
        if pid.lower().endswith(mode) and len(pid) > len(mode):
            return pid[: -len(mode)]
    return pid


def _without_fragment(text: str, at: int) -> str:
    """The URL without its ``#fragment`` (no body uses ``#``; a browser drops it too)."""
    cut = text.find("#", at)
    return text if cut < 0 else text[:cut]


def parse(source: str, limit: int = MAX_SIDE) -> PuzzLinkUrl:
    """Split a URL into its parts, refusing a malformed one with a located LevelError.

    The size is checked against ``limit`` before the body is looked at.  Trailing
    slashes after the body are URL punctuation and are dropped, as is a ``#fragment``.
    """
    check_length(source)
    text = source.strip()
    start = len(source) - len(source.lstrip())
    at = _pid_start(text)
    if at is None:
        raise error_at(source, start, "not a puzz.link URL: expected https://puzz.link/p?PID/COLS/ROWS/BODY")
    text = _without_fragment(text, at)
    pid = _PID.match(text, at)
    if pid is None:
        raise error_at(source, start + at, "expected a puzzle id after '?', such as 'slither' or 'hashikake'")
    parts, positions = _split(text, pid.end())
    flags = ""
    flags_at = start + positions[0]
    if parts and parts[0] and not is_number(parts[0]):
        if not _FLAGS.fullmatch(parts[0]):
            raise error_at(source, start + positions[0], f"expected variant flags or the width, found {parts[0]!r}")
        flags = parts.pop(0)
        positions.pop(0)
    cols = _number(source, start, parts, positions, 0, "the number of columns")
    rows = _number(source, start, parts, positions, 1, "the number of rows")
    check_size(source, start + positions[0], cols, rows, limit)
    if len(parts) < 3:
        raise error_at(source, len(source.rstrip()), "the URL ends after the size: the body with the clues is missing")
    body = "/".join(parts[2:]).rstrip("/")
    name = _without_mode(pid.group(0)).lower()
    return PuzzLinkUrl(source, name, flags, cols, rows, body, start + at, flags_at, start + positions[2])


def _split(text: str, at: int) -> tuple[list[str], list[int]]:
    """The '/'-separated parts after the puzzle id, and where each starts."""
    if at >= len(text) or text[at] != "/":
        return [], [at]
    parts = text[at + 1 :].split("/")
    positions = []
    pos = at + 1
    for part in parts:
        positions.append(pos)
        pos += len(part) + 1
    return parts, positions


def _number(source: str, start: int, parts: list[str], positions: list[int], index: int, what: str) -> int:
    if index >= len(parts) or not parts[index]:
        pos = positions[index] if index < len(positions) else len(source.rstrip())
        raise error_at(source, start + pos, f"expected {what} here, as in p?PID/COLS/ROWS/BODY")
    part = parts[index]
    if not is_number(part):
        raise error_at(source, start + positions[index], f"expected {what}, found {part[:20]!r}")
    if len(part) > MAX_DIGITS:
        raise error_at(source, start + positions[index], f"{what} has {len(part)} digits; boards are far smaller")
    return int(part)


def build(pid: str, cols: int, rows: int, body: str, flags: str = "") -> str:
    """The canonical URL: ``https://puzz.link/p?PID/[FLAGS/]COLS/ROWS/BODY``.

    As pzprjs does, a ``/`` follows a body that ends in anything but a letter or a
    digit (a ``.``, say), so that link shorteners and chat programs keep that character.
    """
    variant = f"{flags}/" if flags else ""
    url = f"{CANONICAL}{pid}/{variant}{cols}/{rows}/{body}"
    return url if url[-1:].isascii() and url[-1:].isalnum() else url + "/"


def parse_genre(source: str, pids: tuple[str, ...], title: str, limit: int = MAX_SIDE) -> PuzzLinkUrl:
    """``parse``, refusing a URL of another genre at its puzzle id (``title`` names the genre)."""
    url = parse(source, limit)
    if url.pid not in pids:
        raise error_at(
            source, url.pid_at, f"this is a puzz.link {url.pid!r} puzzle, not {title} (puzzle ids {', '.join(pids)})"
        )
    return url


class PuzzLinkFormat(Format):
    """A genre's puzz.link URLs: recognised by shape, claimed by puzzle id.  A subclass
    names its ``pids`` and its one genre, and reads and writes bodies: with its two codec
    functions ``decode`` (a URL to level text) and ``encode`` (a board to a URL), or its
    own ``read`` and ``write``."""

    kind = "url"
    pids: ClassVar[tuple[str, ...]]

    @staticmethod
    def decode(source: str) -> str:
        """Level text for a URL of this genre; LevelError at the offending character."""
        raise NotImplementedError

    @staticmethod
    def encode(board: Any) -> str:
        """The canonical URL of a board, as puzz.link itself would write it."""
        raise NotImplementedError

    def read(self, source: str, genre: Genre) -> str:
        return type(self).decode(source)

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        """The URL of the puzzle (a URL holds no answer, so ``state`` is left out)."""
        return type(self).encode(puzzle.instance)

    def matches(self, source: str) -> bool:
        return looks_like(source)

    def genre_of(self, source: str) -> str | None:
        return self.genres[0] if pid_of(source) in self.pids else None
