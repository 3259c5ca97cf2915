"""What every command shares: the plugin host, reading SOURCE, turning errors into exit codes."""

from __future__ import annotations

import functools
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click

from puzzlekit.cli.exitcodes import EXIT_BROKEN_PIPE, EXIT_ERROR, EXIT_USAGE
from puzzlekit.errors import PuzzlekitError
from puzzlekit.formats.codec import shown
from puzzlekit.genre import Genre
from puzzlekit.host import Host, make_host

F = TypeVar("F", bound=Callable[..., Any])


def get_host(ctx: click.Context) -> Host:
    """The host on the root context, made on first use (warning about broken plugins)."""
    root = ctx.find_root()
    if not isinstance(root.obj, Host):
        try:
            root.obj = make_host(lazy=True)  # each plugin imported when first needed
        except PuzzlekitError as err:  # two plugins claiming one name, say
            click.echo(f"puzzlekit: error: {err}", err=True)
            ctx.exit(EXIT_ERROR)
        for failure in root.obj.failures:
            click.echo(f"puzzlekit: warning: {failure}", err=True)
        root.obj.on_failure = lambda failure: click.echo(f"puzzlekit: warning: {failure}", err=True)
    host: Host = root.obj
    return host


def reports_errors(func: F) -> F:
    """Turn the project's own errors into one line on stderr and exit code 1."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except PuzzlekitError as err:
            click.echo(f"puzzlekit: error: {err}", err=True)
            sys.exit(EXIT_ERROR)
        except BrokenPipeError:
            # The reader went away (``| head``): stop quietly, as shell tools do.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(EXIT_BROKEN_PIPE)
        except OSError as err:
            click.echo(f"puzzlekit: error: {err}", err=True)
            sys.exit(EXIT_ERROR)

    return wrapper  # type: ignore[return-value]


def usage_error(ctx: click.Context, message: str) -> NoReturn:
    """A usage mistake found after parsing (``--puzzle`` past the end): one line, exit 2."""
    click.echo(f"puzzlekit: error: {message}", err=True)
    ctx.exit(EXIT_USAGE)


class Seconds(click.FloatRange):
    """A ``--timeout``: zero or more seconds, never NaN or infinity (a FloatRange lets
    those through)."""

    name = "seconds"

    def __init__(self) -> None:
        super().__init__(min=0)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        seconds = super().convert(value, param, ctx)
        if not math.isfinite(seconds):
            self.fail("must be a finite number of seconds", param, ctx)
        return float(seconds)


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
    """The text of ``-`` (stdin) or a file, as it is, and the name errors give it."""
    if source == "-":
        return _utf8(sys.stdin.buffer.read(), "<stdin>"), "<stdin>"
    path = Path(source)
    if not path.exists() and "://" in source:
        raise PuzzlekitError(f"{shown(source)}: no installed format reads this URL (see 'puzzlekit formats')")
    if not path.exists():
        raise click.BadParameter(f"no such file: {source}", ctx=ctx, param_hint=what)
    if path.is_dir():
        raise PuzzlekitError(f"{source}: is a directory, not a level file")
    return _utf8(path.read_bytes(), source), source


def _utf8(data: bytes, source: str) -> str:
    """Level text is UTF-8, from a file or from stdin alike."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise PuzzlekitError(f"{source}: not UTF-8 text (bad byte at offset {err.start})") from None


GENRE = click.argument("genre", shell_complete=complete_genre)
