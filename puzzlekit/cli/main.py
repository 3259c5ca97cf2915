"""The ``puzzlekit`` command: solve, check and list genres.

The plugin host is built lazily and kept on the root context's ``obj``, so
tests inject one with ``CliRunner().invoke(main, args, obj=host)``.  Every
error a user can cause ends as one line on stderr and a documented exit code.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from puzzlekit import __version__
from puzzlekit.api import check_all, load, solve
from puzzlekit.cli import output
from puzzlekit.cli.exitcodes import EXIT_ERROR, EXIT_REJECTED, status_exit_code
from puzzlekit.core.search import DEFAULT_LIMIT, DEFAULT_MAX_NODES, DEFAULT_TIMEOUT
from puzzlekit.errors import PuzzlekitError
from puzzlekit.genre import Genre
from puzzlekit.host import Host, make_host

F = TypeVar("F", bound=Callable[..., Any])


def get_host(ctx: click.Context) -> Host:
    """The host on the root context, made on first use (warning about broken plugins)."""
    root = ctx.find_root()
    if not isinstance(root.obj, Host):
        try:
            root.obj = make_host()
        except PuzzlekitError as err:  # two plugins claiming one name, say
            click.echo(f"puzzlekit: error: {err}", err=True)
            ctx.exit(EXIT_ERROR)
        for failure in root.obj.failures:
            click.echo(f"puzzlekit: warning: {failure}", err=True)
    host: Host = root.obj
    return host


class PuzzlekitGroup(click.Group):
    """The command group, plus commands that plugins register."""

    def _plugin_commands(self, ctx: click.Context) -> dict[str, click.Command]:
        try:
            return get_host(ctx).commands(super().list_commands(ctx))
        except PuzzlekitError as err:
            click.echo(f"puzzlekit: error: {err}", err=True)
            ctx.exit(EXIT_ERROR)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self._plugin_commands(ctx)))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            return command
        return self._plugin_commands(ctx).get(cmd_name)


def reports_errors(func: F) -> F:
    """Turn the project's own errors into one line on stderr and exit code 1."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except PuzzlekitError as err:
            click.echo(f"puzzlekit: error: {err}", err=True)
            sys.exit(EXIT_ERROR)
        except OSError as err:
            click.echo(f"puzzlekit: error: {err}", err=True)
            sys.exit(EXIT_ERROR)

    return wrapper  # type: ignore[return-value]


def complete_genre(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    try:
        names = get_host(ctx).registry.names()
    except Exception:  # completion must never crash the shell
        return []
    return [n for n in names if n.startswith(incomplete)]


def resolve_genre(ctx: click.Context, name: str) -> Genre:
    return get_host(ctx).genre(name)


def read_source(ctx: click.Context, genre: Genre, source: str, what: str = "SOURCE") -> tuple[str, str]:
    """The text behind SOURCE: a registered format (a URL, say), ``-`` for stdin, or a file."""
    for fmt in get_host(ctx).formats(genre.name):
        if fmt.matches(source):
            return fmt.read(source, genre), source
    if source == "-":
        return sys.stdin.read(), "<stdin>"
    path = Path(source)
    if not path.exists():
        raise click.BadParameter(f"no such file: {source}", ctx=ctx, param_hint=what)
    if path.is_dir():
        raise PuzzlekitError(f"{source}: is a directory, not a level file")
    data = path.read_bytes()
    try:
        return data.decode("utf-8"), source
    except UnicodeDecodeError as err:
        raise PuzzlekitError(f"{source}: not UTF-8 text (bad byte at offset {err.start})") from None


@click.group(cls=PuzzlekitGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="puzzlekit")
def main() -> None:
    """Logic puzzles with a solver inside.

    \b
    puzzlekit solve slitherlink level.txt     solve, and prove the solution unique
    puzzlekit check slitherlink level.txt --state attempt.txt
    puzzlekit genres                          installed genres

    Exit codes: 0 success, 1 error, 2 usage, 3 no solution, 4 several solutions,
    5 undecided (budget spent), 6 rejected attempt.
    """


GENRE = click.argument("genre", shell_complete=complete_genre)
SOURCE = click.argument("source")


@main.command(name="solve")
@GENRE
@SOURCE
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=DEFAULT_LIMIT,
    show_default=True,
    help="Count solutions up to this many (2 proves uniqueness).",
)
@click.option(
    "--max-nodes",
    type=click.IntRange(min=0),
    default=DEFAULT_MAX_NODES,
    show_default=True,
    help="Search nodes allowed per puzzle before giving up as undecided.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0),
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds allowed per puzzle (0: no deadline, the node budget still applies).",
)
@click.option("--steps", is_flag=True, help="Print the deduction log in words.")
@click.option("--json", "json_", is_flag=True, help="JSON Lines: one object per puzzle.")
@click.option("--plain", is_flag=True, help="Plain text even on a terminal (it reads back).")
@click.pass_context
@reports_errors
def solve_command(
    ctx: click.Context,
    genre: str,
    source: str,
    limit: int,
    max_nodes: int,
    timeout: float,
    steps: bool,
    json_: bool,
    plain: bool,
) -> None:
    """Solve every puzzle in SOURCE (a file, or - for stdin) and say whether it is unique.

    Exit code 0 when every puzzle has exactly one solution; otherwise the code
    of the first that does not: 3 none, 4 several, 5 undecided.
    """
    g = resolve_genre(ctx, genre)
    text, name = read_source(ctx, g, source)
    puzzles = load(g, text, name)
    if not puzzles:
        raise PuzzlekitError(f"{name}: no puzzle found (blocks are separated by blank lines)")
    pretty = not plain and not json_ and sys.stdout.isatty()
    code = 0
    for i, puzzle in enumerate(puzzles):
        result = solve(g, puzzle, limit=limit, max_nodes=max_nodes, timeout=timeout or None)
        if json_:
            click.echo(output.solve_json(result, steps))
        elif pretty:
            click.echo(output.solve_pretty(result, steps, len(puzzles)))
        else:
            if i:
                click.echo()
            click.echo(output.solve_plain(result, steps), nl=False)
        if code == 0:
            code = status_exit_code(result.status)
    sys.exit(code)


@main.command(name="check")
@GENRE
@SOURCE
@click.option(
    "--state",
    "state_path",
    metavar="FILE",
    help="The player's marks (a file or -); pairs with SOURCE's puzzles by order.",
)
@click.option("--json", "json_", is_flag=True, help="JSON Lines: one object per puzzle.")
@click.pass_context
@reports_errors
def check_command(ctx: click.Context, genre: str, source: str, state_path: str | None, json_: bool) -> None:
    """Check a player's attempt against the rules and list every violation with its place.

    Without --state, SOURCE itself must carry the marks (a Slitherlink lattice,
    say).  Exit code 0 when every attempt is solved, 6 when one is wrong or
    unfinished.
    """
    g = resolve_genre(ctx, genre)
    text, name = read_source(ctx, g, source)
    state_text, state_name = (None, "<state>")
    if state_path is not None:
        if state_path == "-" and source == "-":
            raise click.BadParameter("SOURCE and --state cannot both be stdin", ctx=ctx)
        state_text, state_name = read_source(ctx, g, state_path, what="--state")
    results = check_all(g, text, state_text, source=name, state_source=state_name)
    if not results:
        raise PuzzlekitError(f"{name}: no puzzle found")
    for result in results:
        click.echo(output.check_json(result) if json_ else output.check_plain(result))
    sys.exit(0 if all(r.status == "solved" for r in results) else EXIT_REJECTED)


@main.command(name="genres")
@click.option("--json", "json_", is_flag=True, help="One JSON object per genre.")
@click.pass_context
@reports_errors
def genres_command(ctx: click.Context, json_: bool) -> None:
    """List installed genres, the plugin each comes from, and its version."""
    host = get_host(ctx)
    click.echo(output.genres_json(host) if json_ else output.genres_plain(host))
