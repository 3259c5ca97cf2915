"""The ``puzzlekit`` command group.

The plugin host is built lazily and kept on the root context's ``obj``, so
tests inject one with ``CliRunner().invoke(main, args, obj=host)``.  Every
error a user can cause ends as one line on stderr and a documented exit code.
Each built-in command lives in its own module under ``puzzlekit.cli.commands``.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Any

import click

from puzzlekit._version import __version__

BUILT_IN: dict[str, tuple[str, str, str]] = {
    "analyze": ("puzzlekit.cli.commands.analyze", "analyze_command", "Explain each draft in SOURCE."),
    "check": (
        "puzzlekit.cli.commands.check",
        "check_command",
        "Check a player's attempt against the rules and list every violation with its place.",
    ),
    "convert": (
        "puzzlekit.cli.commands.convert",
        "convert_command",
        "Write the puzzles of SOURCE as level text, a puzz.link URL, a Tatham game ID or a pzprjs file.",
    ),
    "daily": (
        "puzzlekit.cli.commands.daily",
        "daily_command",
        "Today's puzzle of GENRE: the same board for everyone on the same date.",
    ),
    "examples": (
        "puzzlekit.cli.commands.examples",
        "examples_command",
        "List the example puzzles every installed genre (or GENRE) ships, or copy them with --copy DIR.",
    ),
    "formats": (
        "puzzlekit.cli.commands.formats",
        "formats_command",
        "List the registered formats: the genre, the kind to pass to convert --to, whether it writes as well as "
        "reads, and what it is.",
    ),
    "generate": (
        "puzzlekit.cli.commands.generate",
        "generate_command",
        "Make new puzzles of GENRE, each proven unique and graded.",
    ),
    "genres": (
        "puzzlekit.cli.commands.genres",
        "genres_command",
        "List installed genres, the plugin each comes from, and its version.",
    ),
    "grade": (
        "puzzlekit.cli.commands.grade",
        "grade_command",
        "Grade every puzzle in SOURCE: the rung it needs (tier 1 is the cheapest; search is the last), its "
        "difficulty name, the deductions per rule and the search nodes.",
    ),
    "hint": (
        "puzzlekit.cli.commands.hint",
        "hint_command",
        "The next deduction from the player's marks, in words, with the places involved.",
    ),
    "play": (
        "puzzlekit.cli.commands.play",
        "play_command",
        "Play in the browser: a puzzle from SOURCE, or choose a new one or today's puzzle.",
    ),
    "render": (
        "puzzlekit.cli.commands.render",
        "render_command",
        "Draw a puzzle of SOURCE as SVG, PNG or PDF: the bare board, its solution (--solution) or a player's "
        "attempt (--state, with --violations to highlight broken rules).",
    ),
    "selftest": (
        "puzzlekit.cli.commands.selftest",
        "selftest_command",
        "Run the conformance checks a genre must pass (the same ones PuzzleConformance runs).",
    ),
    "serve": (
        "puzzlekit.cli.commands.serve",
        "serve_command",
        "Serve the play page and the JSON API under /api/ (schema: /api/openapi.json).",
    ),
    "solve": (
        "puzzlekit.cli.commands.solve",
        "solve_command",
        "Solve every puzzle in SOURCE (a file, - for stdin, a puzz.link URL, a Tatham game ID or a pzprjs file) "
        "and say whether it is unique.",
    ),
}
"""Built-in commands: (module, attribute, short help).  A command's module is imported only
when the command runs, so ``--version`` and ``--help`` load no solver; ``--help`` shows the
short help kept here (a test checks it matches each command's own)."""


class PuzzlekitGroup(click.Group):
    """The command group, plus commands that plugins register."""

    def _plugin_commands(self, ctx: click.Context) -> dict[str, click.Command]:
        from puzzlekit.cli.common import get_host
        from puzzlekit.cli.exitcodes import EXIT_ERROR, say
        from puzzlekit.cli.validate import validated
        from puzzlekit.errors import PuzzlekitError

        try:
            commands = get_host(ctx).commands(self.list_built_in())
            return {name: validated(command) for name, command in commands.items()}  # numbers checked
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
        from puzzlekit.cli.exitcodes import EXIT_ERROR, EXIT_INTERRUPTED, EXIT_USAGE, say
        from puzzlekit.cli.stdio import attach_missing_streams, finish_output

        attach_missing_streams()
        try:
            code = super().main(args, prog_name, standalone_mode=False, **kwargs)
        except SystemExit:
            finish_output()  # a command's own exit code stands only if its output got out
            raise
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
        except BrokenPipeError:
            finish_output()
        except OSError as err:  # standard output closed, say, where no command caught it
            from puzzlekit.cli.common import os_error

            say("error", os_error(err))
            sys.exit(EXIT_ERROR)
        finish_output()
        sys.exit(code if isinstance(code, int) else 0)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """click's lookup, with "did you mean" for a mistyped command, as for a genre."""
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError:
            import difflib

            close = difflib.get_close_matches(args[0], self.list_commands(ctx), n=1, cutoff=0.6) if args else []
            if not close:
                raise
            raise click.UsageError(f"No such command {args[0]!r} (did you mean {close[0]!r}?)", ctx) from None

    def list_built_in(self) -> list[str]:
        return sorted(set(self.commands) | set(BUILT_IN))

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.list_built_in()) | set(self._plugin_commands(ctx)))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            return command
        if cmd_name in BUILT_IN:
            module, attribute, _ = BUILT_IN[cmd_name]
            command = getattr(importlib.import_module(module), attribute)
            assert isinstance(command, click.Command)
            self.add_command(command, cmd_name)
            return command
        return self._plugin_commands(ctx).get(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list, without importing the built-in commands' modules."""
        plugins = self._plugin_commands(ctx)
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            if name in BUILT_IN and name not in self.commands:
                text = click.Command(name, help=BUILT_IN[name][2]).get_short_help_str(limit)
            else:
                command = self.commands.get(name) or plugins[name]
                if command.hidden:
                    continue
                text = command.get_short_help_str(limit)
            rows.append((name, text))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=PuzzlekitGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="puzzlekit")
def main() -> None:
    """Logic puzzles with a solver inside.

    \b
    puzzlekit examples --copy .               the bundled examples, a folder per genre
    cd slitherlink                            (they are in slitherlink/, hashiwokakero/, ...)
    puzzlekit solve slitherlink first.txt     solve, and prove the solution unique
    puzzlekit check slitherlink first.txt --state first.attempt.txt
    puzzlekit render slitherlink first.txt --solution -o solved.svg
    puzzlekit solve 'https://puzz.link/p?slither/5/5/cbcbcddad'   the genre from the URL
    puzzlekit convert slitherlink first.txt --to url   also tatham, pzpr, penpa, ascii
    puzzlekit genres                          installed genres
    puzzlekit formats                         URLs, game IDs and files it reads and writes
    puzzlekit selftest mygenre                conformance checks for a genre

    Exit codes: 0 success, 1 error, 2 usage, 3 no solution, 4 several solutions,
    5 undecided (budget spent), 6 rejected attempt (docs/cli.md has the table).
    """
