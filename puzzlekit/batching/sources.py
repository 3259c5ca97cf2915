"""Which puzzles a batch reads: several SOURCEs, folders, globs, ``-``, and files of
URLs or game IDs one per line, mixed, in a fixed order (so a resumed run skips exactly
the puzzles it had finished)."""

from __future__ import annotations

import glob
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from puzzlekit import interchange
from puzzlekit.api import Puzzle
from puzzlekit.batching import stash
from puzzlekit.errors import LevelError, PuzzlekitError
from puzzlekit.formats.level import Block, read_blocks
from puzzlekit.genre import Genre
from puzzlekit.host import Host

GLOB_CHARS = frozenset("*?[")
SKIPPED_SUFFIXES = (".resume",)
"""A folder's files that are not puzzles: the journals ``--output`` keeps beside a file."""


def expand(sources: Sequence[str]) -> list[str]:
    """Each SOURCE as what to read, in order: a folder as its files by name (hidden files
    skipped), a glob as its matches by name, anything else as given (a file, ``-``, a
    URL, a game ID)."""
    out: list[str] = []
    for source in sources:
        path = Path(source)
        if source != "-" and path.is_dir():
            files = sorted(p for p in path.iterdir() if _is_puzzle_file(p))
            if not files:
                raise PuzzlekitError(f"{source}: is a folder with no file in it")
            out += [str(p) for p in files]
        elif source != "-" and not path.exists() and "://" not in source and GLOB_CHARS & set(source):
            matches = sorted(m for m in glob.glob(source, recursive=True) if _is_puzzle_file(Path(m)))
            if not matches:
                raise PuzzlekitError(f"{source}: no file matches")
            out += matches
        else:
            out.append(source)
    return out


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
    """The first entry of a list of URLs or IDs, which tells the list's genre."""
    entries = listed_lines(text, host)
    return entries[0][1] if entries else None


def listed_blocks(entries: list[tuple[int, str]], genre: Genre, host: Host, name: str) -> Iterator[Block]:
    """The puzzles of a list of URLs or IDs, each placed at its line of the list."""
    index = 0
    for number, entry in entries:
        try:
            level = interchange.decode(entry, genre, host)
        except LevelError as err:
            raise LevelError(name, number, err.col, err.message) from None
        except PuzzlekitError as err:
            raise PuzzlekitError(f"{name}:{number}: {err}") from None
        if level is None:  # matched some format, but none of this genre's
            raise PuzzlekitError(f"{name}:{number}: not a {genre.name} URL or game ID")
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
        return Puzzle(self.genre, self.genre.parse(self.block), self.block)


def checked(genre: Genre, blocks: Iterable[Block], name: str) -> int:
    """How many puzzles one source holds, each parsed (and dropped) so that bad text is
    reported at its file, line and column before any work starts."""
    found = 0
    for block in blocks:
        block.expect()  # a bad "# expect:" is bad input, located like any other
        genre.parse(block)
        found += 1
    if not found:
        raise PuzzlekitError(f"{name}: no puzzle found (blocks are separated by blank lines)")
    return found
