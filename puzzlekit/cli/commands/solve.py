"""``puzzlekit solve``: solve every puzzle in SOURCE and say whether each is unique."""

from __future__ import annotations

import sys

import click

from puzzlekit.api import SolveResult, solve
from puzzlekit.cli import output
from puzzlekit.cli.common import Seconds, is_terminal, reports_errors
from puzzlekit.cli.exitcodes import say, status_exit_code
from puzzlekit.cli.sources import genre_and_source, load_source, puzzles_in
from puzzlekit.cli.validate import Count
from puzzlekit.core.search import DEFAULT_LIMIT, DEFAULT_MAX_NODES, DEFAULT_TIMEOUT


@click.command(name="solve")
@genre_and_source
@click.option(
    "--limit",
    type=Count(min=1),
    default=DEFAULT_LIMIT,
    show_default=True,
    help="Count solutions up to this many (2 proves uniqueness).",
)
@click.option(
    "--max-nodes",
    type=Count(min=0),
    default=DEFAULT_MAX_NODES,
    show_default=True,
    help="Search nodes allowed per puzzle before giving up as undecided.",
)
@click.option(
    "--timeout",
    type=Seconds(),
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds allowed per puzzle (0: no deadline, the node budget still applies).",
)
@click.option(
    "--max-rung",
    type=Count(min=0),
    default=None,
    help="Deduce with the rungs up to this one only (search still runs unless --max-nodes 0).",
)
@click.option(
    "--engine",
    type=click.Choice(["propagation", "sat"]),
    default="propagation",
    show_default=True,
    help="sat: the independent SAT engine (pip install 'puzzlekit-engine[sat]'); no steps, no rungs.",
)
@click.option("--steps", is_flag=True, help="Print the deduction log in words.")
@click.option("--json", "json_", is_flag=True, help="JSON Lines: one object per puzzle.")
@click.option("--plain", is_flag=True, help="Plain text even on a terminal (it reads back).")
@click.pass_context
@reports_errors
def solve_command(
    ctx: click.Context,
    genre: str,
    source: str | None,
    limit: int,
    max_nodes: int,
    timeout: float,
    max_rung: int | None,
    engine: str,
    steps: bool,
    json_: bool,
    plain: bool,
) -> None:
    """Solve every puzzle in SOURCE (a file, - for stdin, a puzz.link URL, a Tatham game
    ID or a pzprjs file) and say whether it is unique.  GENRE may be left out when
    SOURCE names it (a URL, a pzprjs file).

    Exit code 0 when every puzzle has exactly one solution; otherwise the code
    of the first that does not: 3 none, 4 several, 5 undecided.
    """
    if json_ and plain:
        raise click.UsageError("--json and --plain are two different outputs; choose one")
    g, text, name = load_source(ctx, genre, source)
    puzzles = puzzles_in(g, text, name)
    pretty = not plain and not json_ and is_terminal(sys.stdout)
    code = 0
    for i, puzzle in enumerate(puzzles):
        result = solve(
            g, puzzle, limit=limit, max_nodes=max_nodes, timeout=timeout or None, max_rung=max_rung, engine=engine
        )
        warn_if_unexpected(result)
        if json_:
            click.echo(output.solve_json(result, steps))
        elif pretty:
            from puzzlekit.cli import terminal  # rich, only on a terminal

            terminal.show(terminal.solve_view(result, steps, len(puzzles)), output.solve_plain(result, steps))
        else:
            if i:
                click.echo()
            click.echo(output.solve_plain(result, steps), nl=False)
        if code == 0:
            code = status_exit_code(result.status)
    sys.exit(code)


def warn_if_unexpected(result: SolveResult) -> None:
    """A status that contradicts the puzzle's ``# expect:`` is worth a line on stderr."""
    expected = result.puzzle.expect()
    if expected and result.status.value not in (expected, "undecided"):
        say("warning", f"{result.puzzle.where}: expected {expected}, found {result.status.value}")
