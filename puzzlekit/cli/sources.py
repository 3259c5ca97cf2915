"""``[GENRE] SOURCE``: the genre may be left out when SOURCE names it.

A puzz.link URL carries its puzzle id and a pzprjs file its genre line, so asking for
the genre again is busywork.  With click the choice stays unambiguous by counting:
two arguments are GENRE and SOURCE, as always; one argument is SOURCE, whose genre
puzzlekit infers (a SOURCE that is a genre name is the mistake of leaving SOURCE out).
A SOURCE that does not say its genre (level text, an ID two games share) is a usage
error that asks for the genre.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from puzzlekit import interchange
from puzzlekit.api import Puzzle
from puzzlekit.cli.common import complete_genre, get_host, read_raw, read_source, resolve_genre, usage_error
from puzzlekit.cli.stream import Puzzles
from puzzlekit.errors import PuzzlekitError, UsageError
from puzzlekit.genre import Genre

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
    if only.lower() in host.registry.names():
        raise click.UsageError(f"Missing argument 'SOURCE' after the genre {only!r}.", ctx=ctx)
    if interchange.claimed_genres(only, host):
        g = _infer(ctx, only, only)
        return (g, *read_source(ctx, g, only))
    text, name = read_raw(ctx, only)
    g = _infer(ctx, text.strip(), name)
    return g, interchange.decode(text, g, host, name) or text, name


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
