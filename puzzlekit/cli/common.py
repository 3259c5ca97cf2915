"""What every command shares: the plugin host, reading SOURCE, turning errors into exit codes."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click

from puzzlekit.cli.exitcodes import EXIT_BROKEN_PIPE, EXIT_ERROR, EXIT_USAGE, error_exit_code, fail, say
from puzzlekit.cli.stdio import attach_missing_streams as attach_missing_streams  # re-exported
from puzzlekit.cli.stdio import is_terminal as is_terminal  # re-exported
from puzzlekit.cli.validate import Seconds as Seconds  # re-exported: every --timeout is one
from puzzlekit.errors import LevelErrors, PuzzlekitError, UsageError, escaped
from puzzlekit.formats.codec import read_capped, shown
from puzzlekit.genre import Genre
from puzzlekit.host import Host, make_host
from puzzlekit.paths import exists

F = TypeVar("F", bound=Callable[..., Any])


def get_host(ctx: click.Context) -> Host:
    """The host on the root context, made on first use (warning about broken plugins)."""
    root = ctx.find_root()
    if not isinstance(root.obj, Host):
        try:
            root.obj = make_host(lazy=True)  # each plugin imported when first needed
        except PuzzlekitError as err:  # two plugins claiming one name, say
            say("error", str(err))
            ctx.exit(EXIT_ERROR)
        for failure in root.obj.failures:
            say("warning", str(failure))
        root.obj.on_failure = lambda failure: say("warning", str(failure))
    host: Host = root.obj
    return host


def reports_errors(func: F) -> F:
    """Turn the project's own errors and the system's into one line on stderr and the
    code the exit-code table gives them."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except LevelErrors as err:
            for each in err.errors:
                say("error", str(each))
            fail(f"{err.source}: {len(err.errors) + err.more} errors" + (f", {err.more} not shown" if err.more else ""))
        except PuzzlekitError as err:
            fail(str(err), error_exit_code(err))
        except BrokenPipeError:
            # The reader went away (``| head``): stop quietly, as shell tools do.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(EXIT_BROKEN_PIPE)
        except OSError as err:
            fail(os_error(err))
        except MemoryError:
            fail("out of memory (try a smaller board or fewer puzzles at once)")

    return wrapper  # type: ignore[return-value]


def os_error(err: OSError) -> str:
    """An OSError as the path and the problem (``out.svg: permission denied``), not
    ``[Errno 13] Permission denied: 'out.svg'``."""
    problem = (err.strerror or str(err)).rstrip(".")
    problem = problem[:1].lower() + problem[1:]
    if err.filename is None:
        return problem
    return f"{os.fsdecode(err.filename)}: {problem}"


def usage_error(ctx: click.Context, message: str) -> NoReturn:
    """A usage mistake found after parsing (``--puzzle`` past the end): one line, exit 2."""
    fail(message, EXIT_USAGE)


def complete_genre(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    try:
        names = get_host(ctx).registry.names()
    except Exception:  # completion must never crash the shell
        return []
    return [n for n in names if n.startswith(incomplete)]


def resolve_genre(ctx: click.Context, name: str) -> Genre:
    return get_host(ctx).genre(name)


def read_source(ctx: click.Context, genre: Genre, source: str, what: str = "SOURCE") -> tuple[str, str]:
    """The level text behind SOURCE: a registered format (a URL, say), ``-`` for stdin, or
    a file, whose content may itself be in a registered format (a pzprjs file, say)."""
    from puzzlekit import interchange  # the solver's API: not needed for --help

    host = get_host(ctx)
    decoded = interchange.decode(source, genre, host)
    if decoded is not None:
        return decoded, shown(source)
    text, name = read_raw(ctx, source, what)
    return interchange.decode(text, genre, host, name) or text, name


def read_raw(ctx: click.Context, source: str, what: str = "SOURCE") -> tuple[str, str]:
    """The text of ``-`` (stdin) or a file, as it is, and the name errors give it; at
    most :data:`MAX_SOURCE` bytes, as for a URL, so ``/dev/zero`` is one error line."""
    if source == "-":
        if sys.stdin is None:
            raise UsageError(f"{what} is -, but there is no standard input")
        return read_capped(sys.stdin.buffer, "<stdin>"), "<stdin>"
    name = escaped(source)  # how messages and output name it: never a terminal escape
    path = Path(source)
    if not exists(source) and "://" in source:
        raise PuzzlekitError(f"{shown(source)}: no installed format reads this URL (see 'puzzlekit formats')")
    if not exists(source):
        raise UsageError(f"{what}: no such file: {shown(source)}")
    if path.is_dir():
        raise PuzzlekitError(f"{name}: is a directory, not a level file")
    with path.open("rb") as stream:
        return read_capped(stream, name), name


GENRE = click.argument("genre", shell_complete=complete_genre)
