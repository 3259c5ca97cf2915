"""The ``puzzlekit`` command group.

The plugin host is built lazily and kept on the root context's ``obj``, so
tests inject one with ``CliRunner().invoke(main, args, obj=host)``.  Every
error a user can cause ends as one line on stderr and a documented exit code.
Each built-in command lives in its own module under ``puzzlekit.cli.commands``.
"""

from __future__ import annotations

import click

from puzzlekit import __version__
from puzzlekit.cli.commands.analyze import analyze_command
from puzzlekit.cli.commands.check import check_command
from puzzlekit.cli.commands.convert import convert_command
from puzzlekit.cli.commands.daily import daily_command
from puzzlekit.cli.commands.formats import formats_command
from puzzlekit.cli.commands.generate import generate_command
from puzzlekit.cli.commands.genres import genres_command
from puzzlekit.cli.commands.grade import grade_command
from puzzlekit.cli.commands.hint import hint_command
from puzzlekit.cli.commands.play import play_command
from puzzlekit.cli.commands.render import render_command
from puzzlekit.cli.commands.selftest import selftest_command
from puzzlekit.cli.commands.serve import serve_command
from puzzlekit.cli.commands.solve import solve_command
from puzzlekit.cli.common import get_host
from puzzlekit.cli.exitcodes import EXIT_ERROR
from puzzlekit.errors import PuzzlekitError


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


@click.group(cls=PuzzlekitGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="puzzlekit")
def main() -> None:
    """Logic puzzles with a solver inside.

    \b
    puzzlekit solve slitherlink level.txt     solve, and prove the solution unique
    puzzlekit check slitherlink level.txt --state attempt.txt
    puzzlekit render slitherlink level.txt --solution -o solved.svg
    puzzlekit solve 'https://puzz.link/p?slither/5/5/cbcbcddad'   the genre from the URL
    puzzlekit convert slitherlink level.txt --to url   also tatham, pzpr, ascii
    puzzlekit genres                          installed genres
    puzzlekit formats                         URLs, game IDs and files it reads and writes
    puzzlekit selftest mygenre                conformance checks for a genre

    Exit codes: 0 success, 1 error, 2 usage, 3 no solution, 4 several solutions,
    5 undecided (budget spent), 6 rejected attempt.
    """


for command in (solve_command, check_command, genres_command, selftest_command, render_command):
    main.add_command(command)
main.add_command(convert_command)
main.add_command(formats_command)
for command in (generate_command, grade_command, hint_command, analyze_command):
    main.add_command(command)
for command in (play_command, serve_command, daily_command):
    main.add_command(command)
