"""Which puzzles a batch reads: several SOURCEs, folders, globs, ``-``, and files of
URLs or game IDs one per line, mixed, in a fixed order (so a resumed run skips exactly
the puzzles it had finished)."""

from __future__ import annotations

import glob
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from puzzlekit import interchange
from puzzlekit.batching import stash
from puzzlekit.errors import LevelError, LevelErrors, PuzzlekitError, UsageError, an
from puzzlekit.formats.level import Block, parse_block, read_blocks
from puzzlekit.genre import Genre
from puzzlekit.host import Host
from puzzlekit.paths import exists, is_dir
from puzzlekit.puzzle import Puzzle

GLOB_CHARS = frozenset("*?[")
SKIPPED_SUFFIXES = (".resume",)
"""A folder's files that are not puzzles: the journals ``--output`` keeps beside a file."""


def expand(sources: Sequence[str], text: Callable[[str], bool] = lambda source: False) -> list[str]:
    """Each SOURCE as what to read, in order: a folder as its files by name (hidden files
    skipped), a glob as its matches by name, anything else as given (a file, ``-``, a
    URL, a game ID).  A SOURCE that ``text`` says is written in a format (a URL without
    its scheme has a ``?``) is never taken for a glob; a glob that matches nothing is a
    usage error, as a missing file is."""
    out: list[str] = []
    for source in sources:
        if source != "-" and is_dir(source):
            files = sorted(p for p in Path(source).iterdir() if _is_puzzle_file(p))
            if not files:
                raise PuzzlekitError(f"{source}: is a folder with no file in it")
            out += [str(p) for p in files]
        elif source != "-" and GLOB_CHARS & set(source) and not _written(source, text):
            matches = sorted(m for m in glob.glob(source, recursive=True) if _is_puzzle_file(Path(m)))
            if not matches:
                raise UsageError(f"{source}: no file matches")
            out += matches
        else:
            out.append(source)
    return out


def _written(source: str, text: Callable[[str], bool]) -> bool:
    """Is ``source`` a file's name or a puzzle written out (a URL, an ID), not a glob?"""
    return "://" in source or exists(source) or text(source)


def _is_puzzle_file(path: Path) -> bool:
    """Not a hidden file, nor a stopped run's journal or kept results (``FILE.resume.d/9``,
    which a recursive glob reaches)."""
    if path.parent.name.endswith(stash.SUFFIX):
        return False
    return path.is_file() and not path.name.startswith(".") and not path.name.endswith(SKIPPED_SUFFIXES)


def listed_lines(text: str, host: Host, genre: Genre | None = None) -> list[tuple[int, str]] | None:
    """The ``(line number, entry)`` pairs of a file of URLs or game IDs one per line (blank
    lines and ``#`` comments allowed); None when ``text`` is not such a list (level text).

    With ``genre`` the formats loaded for it are asked first, so reading level text of a
    named genre imports no other genre's plugin (a lazy host); other genres' formats are asked only when an entry
    looks like a URL or an ID (has a ``:``), to name the genre a stray entry belongs to.
    """
    entries = []
    for number, line in enumerate(text.splitlines(), start=1):
        entry = line.strip()
        if entry and not entry.startswith("#"):
            entries.append((number, entry))
    if not entries:
        return None
    if genre is not None:
        own = host.loaded.formats(genre.name)  # loaded: the genre's plugin is, the others need not be
        if all(any(fmt.matches(entry) for fmt in own) for _, entry in entries):
            return entries
        if not any(":" in entry for _, entry in entries):
            return None
    formats = host.formats()
    if not all(any(fmt.matches(entry) for fmt in formats) for _, entry in entries):
        return None
    return entries


def listed_genre_text(text: str, host: Host) -> str | None:
    """The first entry of a list of URLs or IDs, which tells the list's genre.

    A lazy host asks the plugin the first entry names (a puzz.link puzzle id) alone; a
    text whose entries have no ``:`` and no ``/`` (a pzprjs file, level text) is no list,
    and no plugin is loaded to say so."""
    if host.pending:
        entries = [e for _, e in _entries(text)]
        if entries and not any(":" in e or "/" in e for e in entries):
            return None
        claims = interchange.claimed_genres(entries[0], host) if entries else []
        if len(claims) == 1:
            own = listed_lines(text, host, host.genre(claims[0]))
            if own is not None:
                return own[0][1]
    entries_all = listed_lines(text, host)
    return entries_all[0][1] if entries_all else None


def _entries(text: str) -> list[tuple[int, str]]:
    """The lines of ``text`` that are not blank or ``#`` comments, with their numbers."""
    return [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1) if line.strip()[:1] not in ("", "#")]


def listed_blocks(
    entries: list[tuple[int, str]], genre: Genre, host: Host, name: str, errors: list[LevelError] | None = None
) -> Iterator[Block]:
    """The puzzles of a list of URLs or IDs, each placed at its line of the list.  With
    ``errors``, an entry that does not decode is added there (located by its line) and
    the list goes on, so every bad line is reported; without, it is raised."""
    index = 0
    for number, entry in entries:
        try:
            level = interchange.decode(entry, genre, host)
            if level is None:  # matched some format, but none of this genre's
                raise PuzzlekitError(f"not {an(genre.name)} URL or game ID")
        except PuzzlekitError as err:
            located = (
                LevelError(name, number, err.col, err.message)
                if isinstance(err, LevelError)
                else LevelError(name, number, 1, str(err))
            )
            if errors is None:
                raise located from None
            errors.append(located)
            if len(errors) > LevelErrors.MAX_REPORTED:
                return
            continue
        for block in read_blocks(level, name):
            yield replace(block, lines=[number] * len(block.lines), meta_lines={}, index=index)
            index += 1


@dataclass(frozen=True)
class PuzzleItem:
    """One puzzle of a batch as it travels: the genre and the text block (a parsed
    instance need not pickle; the block is parsed again where the work runs)."""

    genre: Genre
    block: Block

    @property
    def where(self) -> str:
        return f"{self.block.source}:{self.block.first_line}"

    def puzzle(self) -> Puzzle:
        return Puzzle(self.genre, parse_block(self.genre.parse, self.block), self.block)


def checked(genre: Genre, blocks: Iterable[Block], name: str, errors: list[LevelError] | None = None) -> int:
    """How many puzzles one source holds, each parsed (and dropped) so that bad text is
    reported at its file, line and column before any work starts: every bad board (and,
    in ``errors``, what ``blocks`` found bad as it went, see :func:`listed_blocks`)."""
    found = 0
    errors = [] if errors is None else errors
    for block in blocks:
        try:
            parse_block(genre.parse, block)
        except LevelError as err:
            errors.append(err)
            if len(errors) > LevelErrors.MAX_REPORTED:
                break
        found += 1
    LevelErrors.raise_any(errors)
    if not found:
        raise PuzzlekitError(f"{name}: no puzzle found (blocks are separated by blank lines)")
    return found
