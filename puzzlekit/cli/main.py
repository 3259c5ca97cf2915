"""The ``puzzlekit`` command group.

The plugin host is built lazily and kept on the root context's ``obj``, so
tests inject one with ``CliRunner().invoke(main, args, obj=host)``.  Every
error a user can cause ends as one line on stderr and a documented exit code.
Each built-in command lives in its own module under ``puzzlekit.cli.commands``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import click

from puzzlekit import __version__
from puzzlekit.cli.commands.analyze import analyze_command
from puzzlekit.cli.commands.check import check_command
from puzzlekit.cli.commands.convert import convert_command
from puzzlekit.cli.commands.examples import examples_command
from puzzlekit.cli.commands.formats import formats_command
from puzzlekit.cli.commands.generate import generate_command
from puzzlekit.cli.commands.genres import genres_command
from puzzlekit.cli.commands.grade import grade_command
from puzzlekit.cli.commands.hint import hint_command
from puzzlekit.cli.commands.render import render_command
from puzzlekit.cli.commands.selftest import selftest_command
from puzzlekit.cli.commands.solve import solve_command
from puzzlekit.cli.common import attach_missing_streams, get_host
from puzzlekit.cli.exitcodes import EXIT_ERROR, EXIT_INTERRUPTED, EXIT_USAGE, say
from puzzlekit.errors import PuzzlekitError


class PuzzlekitGroup(click.Group):
    """The command group, plus commands that plugins register."""

    def _plugin_commands(self, ctx: click.Context) -> dict[str, click.Command]:
        try:
            return get_host(ctx).commands(super().list_commands(ctx))
        except PuzzlekitError as err:
            say("error", str(err))
            ctx.exit(EXIT_ERROR)

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        standalone_mode: bool = True,
        **kwargs: Any,
    ) -> Any:
        """click's main, with every usage mistake as one line (not click's usage block)
        and a missing standard stream (closed, or none under a scheduler) as the null device."""
        if not standalone_mode:
            return super().main(args, prog_name, standalone_mode=False, **kwargs)
        attach_missing_streams()
        try:
            code = super().main(args, prog_name, standalone_mode=False, **kwargs)
        except click.exceptions.NoArgsIsHelpError as err:
            click.echo(err.ctx.get_help() if err.ctx else str(err), err=True)
            sys.exit(EXIT_USAGE)
        except click.ClickException as err:
            where = err.ctx.command_path if isinstance(err, click.UsageError) and err.ctx else "puzzlekit"
            say("error", f"{err.format_message().rstrip('.')} (see '{where} --help')")
            sys.exit(err.exit_code)
        except click.Abort:
            say("error", "interrupted")
            sys.exit(EXIT_INTERRUPTED)
        sys.exit(code if isinstance(code, int) else 0)

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
    puzzlekit examples --copy .               the bundled example puzzles, to try these on
    puzzlekit solve slitherlink first.txt     solve, and prove the solution unique
    puzzlekit check slitherlink first.txt --state first.attempt.txt
    puzzlekit render slitherlink first.txt --solution -o solved.svg
    puzzlekit solve 'https://puzz.link/p?slither/5/5/cbcbcddad'   the genre from the URL
    puzzlekit convert slitherlink first.txt --to url   also tatham, pzpr, ascii
    puzzlekit genres                          installed genres
    puzzlekit formats                         URLs, game IDs and files it reads and writes
    puzzlekit selftest mygenre                conformance checks for a genre

    Exit codes: 0 success, 1 error, 2 usage, 3 no solution, 4 several solutions,
    5 undecided (budget spent), 6 rejected attempt (docs/cli.md has the table).
    """


for command in (solve_command, check_command, genres_command, selftest_command, render_command):
    main.add_command(command)
main.add_command(convert_command)
main.add_command(formats_command)
for command in (generate_command, grade_command, hint_command, analyze_command):
    main.add_command(command)
main.add_command(examples_command)
