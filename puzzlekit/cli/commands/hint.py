"""``puzzlekit hint``: the next step from a player's marks, cheapest rung first."""

from __future__ import annotations

import sys

import click

from puzzlekit.cli.common import Seconds, is_terminal, reports_errors
from puzzlekit.cli.exitcodes import EXIT_REJECTED
from puzzlekit.cli.sources import choose, genre_and_source, load_source, puzzles_in, read_state
from puzzlekit.cli.validate import Count
from puzzlekit.core.search import DEFAULT_TIMEOUT
from puzzlekit.hints import Hint, hint


@click.command(name="hint")
@genre_and_source
@click.option("--state", "state_path", metavar="FILE", help="The player's marks (a file or -).")
@click.option("--puzzle", "index", type=Count(min=1), help="Which puzzle of SOURCE (1 is the first).")
@click.option(
    "--timeout",
    type=Seconds(),
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds for solving and deducing together (0: no deadline); past it, exit 5.",
)
@click.option("--json", "json_", is_flag=True, help="One JSON object.")
@click.option("--plain", is_flag=True, help="Plain text even on a terminal (no board, no colour).")
@click.pass_context
@reports_errors
def hint_command(
    ctx: click.Context,
    genre: str,
    source: str | None,
    state_path: str | None,
    index: int | None,
    timeout: float,
    json_: bool,
    plain: bool,
) -> None:
    """The next deduction from the player's marks, in words, with the places involved.

    Without --state, SOURCE's own marks are the state (or none).  A mark that
    contradicts the solution is pointed out instead, with exit code 6.  On a
    terminal the marks are drawn with the hinted place in green.  With several
    puzzles in SOURCE, --puzzle N chooses one; --state then holds that puzzle's marks.
    """
    g, text, name = load_source(ctx, genre, source)
    puzzles = puzzles_in(g, text, name)
    chosen = choose(ctx, puzzles, index, name, required=True)
    state, state_name = read_state(ctx, g, state_path, source or genre)
    found = hint(g, puzzles[chosen], state, state_source=state_name, timeout=timeout or None)
    if json_:
        click.echo(hint_json(found))
    elif not plain and is_terminal(sys.stdout):
        from puzzlekit.cli import terminal  # rich, only on a terminal

        terminal.show(terminal.hint_view(found, hint_plain(found)), hint_plain(found))
    else:
        click.echo(hint_plain(found))
    sys.exit(EXIT_REJECTED if found.kind == "mistake" else 0)


def hint_plain(found: Hint) -> str:
    head = {"deduction": "hint", "mistake": "mistake", "solved": "solved", "search": "stuck"}[found.kind]
    rung = f" (rung {found.rung}, {found.rule})" if found.rule else ""
    lines = [f"{head}{rung}: {found.text}"]
    g, instance = found.puzzle.genre, found.puzzle.instance
    if found.variable is not None:
        lines.append(f"  mark: {g.describe(instance, found.variable)}")
    others = [g.describe(instance, v) for v in found.reads if v != found.variable]
    if others:
        lines.append(f"  look at: {', '.join(others)}")
    return "\n".join(lines)


def hint_json(found: Hint) -> str:
    from puzzlekit.report import hint_report  # pydantic, only for --json

    return hint_report(found).model_dump_json()
