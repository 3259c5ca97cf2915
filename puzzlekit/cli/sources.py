"""``[GENRE] SOURCE``: the genre may be left out when SOURCE names it.

A puzz.link URL carries its puzzle id and a pzprjs file its genre line, so asking for
the genre again is busywork.  With click the choice stays unambiguous by counting:
two arguments are GENRE and SOURCE, as always; one argument is SOURCE, whose genre
puzzlekit infers (a SOURCE that is a genre name is the mistake of leaving SOURCE out).
A SOURCE that does not say its genre (level text, an ID two games share) is a usage
error that asks for the genre.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

import click

from puzzlekit import interchange
from puzzlekit.api import Puzzle
from puzzlekit.batching.sources import PuzzleItem, checked, expand, listed_blocks, listed_genre_text, listed_lines
from puzzlekit.cli.common import complete_genre, get_host, read_raw, read_source, resolve_genre, usage_error
from puzzlekit.cli.stream import Puzzles
from puzzlekit.errors import LevelError, PuzzlekitError, UsageError
from puzzlekit.formats.codec import shown
from puzzlekit.formats.level import Block, read_blocks
from puzzlekit.genre import Genre
from puzzlekit.host import Host
from puzzlekit.paths import exists

F = TypeVar("F", bound=Callable[..., Any])


def genre_and_source(func: F) -> F:
    """The ``[GENRE] SOURCE`` arguments, as ``genre`` and ``source`` (None when one is given)."""
    func = click.argument("source", metavar="SOURCE", required=False)(func)
    return click.argument("genre", metavar="[GENRE]", shell_complete=complete_genre)(func)


def load_source(ctx: click.Context, genre: str, source: str | None) -> tuple[Genre, str, str]:
    """``(genre, level text, name for messages)`` from the command's ``[GENRE] SOURCE``."""
    if source is not None:
        g = resolve_genre(ctx, genre)
        return (g, *read_source(ctx, g, source))
    only = genre
    host = get_host(ctx)
    if host.is_genre(only):
        raise click.UsageError(f"Missing argument 'SOURCE' after the genre {only!r}.", ctx=ctx)
    if interchange.claimed_genres(only, host) or _shaped(only, host):
        g = _infer(ctx, only, only)
        return (g, *read_source(ctx, g, only))
    _no_such_genre_either(ctx, only)
    text, name = read_raw(ctx, only)
    g = _infer(ctx, text.strip(), name)
    return g, interchange.decode(text, g, host, name) or text, name


def _no_such_genre_either(ctx: click.Context, only: str) -> None:
    """A lone argument that is neither a file nor a URL but looks like a word was most
    likely a mistyped genre: say so (with "did you mean") rather than "no such file"."""
    if only == "-" or exists(only) or not only.replace("-", "").replace("_", "").isalnum():
        return
    try:
        get_host(ctx).genre(only)
    except PuzzlekitError as unknown:
        raise UsageError(f"{shown(only)} is neither a file nor an installed genre: {unknown}") from None


def read_state(ctx: click.Context, genre: Genre, state_path: str | None, source: str) -> tuple[str | None, str]:
    """The text of ``--state`` and its name for messages (None and ``<state>`` without
    one); SOURCE (the raw argument) and ``--state`` cannot both be stdin."""
    if state_path is None:
        return None, "<state>"
    if state_path == "-" and source == "-":
        usage_error(ctx, "SOURCE and --state cannot both be stdin")
    return read_source(ctx, genre, state_path, what="--state")


def puzzles_in(genre: Genre, text: str, name: str) -> Sequence[Puzzle]:
    """Every puzzle in SOURCE's text, parsed as it is used (see :mod:`puzzlekit.cli.stream`);
    one error line when there is none."""
    puzzles = Puzzles(genre, text, name)
    if not puzzles:
        raise PuzzlekitError(f"{name}: no puzzle found (blocks are separated by blank lines)")
    return puzzles


def choose(ctx: click.Context, puzzles: Sequence[Puzzle], index: int | None, name: str, *, required: bool) -> int:
    """The 0-based puzzle ``--puzzle`` picks (the first without it, unless ``required``
    asks for a choice among several), with one wording and exit 2 for every command."""
    if index is not None and index > len(puzzles):
        usage_error(ctx, f"--puzzle {index}: {name} holds {len(puzzles)} puzzle(s)")
    if index is None and required and len(puzzles) > 1:
        usage_error(ctx, f"{name} holds {len(puzzles)} puzzles; choose one with --puzzle N")
    return (index or 1) - 1


def _infer(ctx: click.Context, text: str, name: str) -> Genre:
    """The one genre ``text`` claims, or a usage error that asks for the genre."""
    try:
        return interchange.infer_genre(text, get_host(ctx), name, command=ctx.info_name or "solve")
    except UsageError as err:
        raise click.UsageError(str(err), ctx=ctx) from None


def genre_and_sources(func: F) -> F:
    """``[GENRE] SOURCE...``: several files, folders, globs, ``-``, URLs or game IDs, and
    files of URLs or IDs one per line, as ``genre`` and ``sources`` (empty when one is given)."""
    func = click.argument("sources", metavar="SOURCE...", nargs=-1)(func)
    return click.argument("genre", metavar="[GENRE]", shell_complete=complete_genre)(func)


class Sources:
    """The puzzles of a batch command's SOURCEs, read lazily one source at a time."""

    def __init__(self, ctx: click.Context, genre: Genre, specs: list[str]) -> None:
        self.ctx = ctx
        self.genre = genre
        self.specs = specs
        self._raw: dict[str, tuple[str, str]] = {}
        host = get_host(ctx)
        for spec in specs:  # a missing file is a usage error before any work starts
            if spec != "-" and interchange.decode(spec, genre, host) is None and not exists(spec):
                read_raw(ctx, spec)

    def raw(self, spec: str) -> tuple[str, str]:
        if spec == "-" or spec in self._raw:  # stdin is read once; a file read to infer the genre too
            if spec not in self._raw:
                self._raw[spec] = read_raw(self.ctx, spec)
            return self._raw[spec] if spec == "-" else self._raw.pop(spec)
        return read_raw(self.ctx, spec)

    def _read(self, spec: str) -> tuple[str, list[tuple[int, str]] | None, str]:
        """One source as (level text, or the entries of a list of URLs or IDs; its name)."""
        host, g = get_host(self.ctx), self.genre
        decoded = interchange.decode(spec, g, host)  # a URL or game ID given as SOURCE
        if decoded is not None:
            return decoded, None, shown(spec)
        text, name = self.raw(spec)
        entries = listed_lines(text, host, g)
        if entries is not None:
            return "", entries, name
        return interchange.decode(text, g, host, name) or text, None, name

    def blocks(self, spec: str) -> tuple[Iterable[Block], str]:
        """The puzzle blocks of one source and its name for messages."""
        level, entries, name = self._read(spec)
        if entries is not None:
            return listed_blocks(entries, self.genre, get_host(self.ctx), name), name
        return read_blocks(level, name), name

    def items(self) -> Iterator[PuzzleItem]:
        """Every puzzle, source by source, read as it is reached (``checked`` has parsed them)."""
        for spec in self.specs:
            blocks, _ = self.blocks(spec)
            for block in blocks:
                yield PuzzleItem(self.genre, block)

    def checked(self) -> int:
        """How many puzzles there are, every one parsed (and dropped): every bad board of a
        source is reported before any output (as ``puzzles_in`` does), and memory stays flat."""
        total = 0
        for spec in self.specs:
            level, entries, name = self._read(spec)
            if entries is not None:
                errors: list[LevelError] = []  # every bad line of the list, then every bad board
                blocks = listed_blocks(entries, self.genre, get_host(self.ctx), name, errors)
                total += checked(self.genre, blocks, name, errors)
            else:
                total += len(puzzles_in(self.genre, level, name))
        return total

    @property
    def name(self) -> str:
        """How messages call the sources: the one SOURCE, or how many there are."""
        if len(self.specs) > 1:
            return f"{len(self.specs)} sources"
        return "<stdin>" if self.specs[0] == "-" else shown(self.specs[0])


def _shaped(spec: str, host: Host) -> bool:
    """Is a SOURCE that is no file shaped like some format (a game ID of a game no genre
    reads, say)?  Then its genre cannot be told, and the message says why, not "no such file"."""
    return not exists(spec) and any(fmt.matches(spec) for fmt in host.formats())


def _written_in_a_format(spec: str, host: Host, genre: Genre | None = None) -> bool:
    """Is the SOURCE ``spec`` itself a URL or an ID (rather than a path or a glob)?"""
    formats = host.loaded.formats(genre.name) if genre is not None else []
    return any(fmt.matches(spec) for fmt in formats) or bool(interchange.claimed_genres(spec, host))


def load_sources(ctx: click.Context, genre: str, sources: tuple[str, ...]) -> Sources:
    """The genre and the puzzles of ``[GENRE] SOURCE...``; with one argument the genre is
    inferred from the (first) source, as for ``load_source``."""
    host = get_host(ctx)
    if sources:
        g = resolve_genre(ctx, genre)
        return Sources(ctx, g, expand(sources, lambda spec: _written_in_a_format(spec, host, g)))
    only = genre
    if host.is_genre(only):
        raise click.UsageError(f"Missing argument 'SOURCE' after the genre {only!r}.", ctx=ctx)
    _no_such_genre_either(ctx, only)
    specs = expand([only], lambda spec: _written_in_a_format(spec, host))
    first = specs[0]
    if first != "-" and not exists(first) and (interchange.claimed_genres(first, host) or _shaped(first, host)):
        return Sources(ctx, _infer(ctx, first, first), specs)
    text, name = read_raw(ctx, first)
    entry = listed_genre_text(text, host)
    found = Sources(ctx, _infer(ctx, (entry or text).strip(), name), specs)
    found._raw[first] = (text, name)
    return found
