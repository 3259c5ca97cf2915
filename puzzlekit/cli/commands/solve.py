"""``puzzlekit solve``: solve every puzzle in SOURCE and say whether each is unique."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import partial

import click

from puzzlekit.api import SolveResult, solve
from puzzlekit.batching.sources import PuzzleItem
from puzzlekit.cli import output
from puzzlekit.cli.batchrun import Emit, batch_options, describe_item, run_batch, separated
from puzzlekit.cli.common import Seconds, is_terminal, reports_errors
from puzzlekit.cli.exitcodes import escaped, status_exit_code
from puzzlekit.cli.sources import genre_and_sources, load_sources
from puzzlekit.cli.validate import Count
from puzzlekit.core.search import DEFAULT_LIMIT, DEFAULT_MAX_NODES, DEFAULT_TIMEOUT


@click.command(name="solve")
@genre_and_sources
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
@batch_options()
@click.pass_context
@reports_errors
def solve_command(
    ctx: click.Context,
    genre: str,
    sources: tuple[str, ...],
    limit: int,
    max_nodes: int,
    timeout: float,
    max_rung: int | None,
    engine: str,
    steps: bool,
    json_: bool,
    plain: bool,
    jobs: int,
    cluster: str | None,
    out: str | None,
    resume: bool,
) -> None:
    """Solve every puzzle in SOURCE (a file, - for stdin, a puzz.link URL, a Tatham game
    ID or a pzprjs file) and say whether it is unique.  GENRE may be left out when
    SOURCE names it (a URL, a pzprjs file).

    Several SOURCEs may follow: files, folders, globs, -, URLs, files of URLs or IDs.
    --jobs, --cluster, -o and --resume run big batches (docs/batch.md).

    Exit code 0 when every puzzle has exactly one solution; otherwise the code
    of the first that does not: 3 none, 4 several, 5 undecided.
    """
    if json_ and plain:
        raise click.UsageError("--json and --plain are two different outputs; choose one")
    found = load_sources(ctx, genre, sources)
    pretty = not plain and not json_ and out in (None, "-") and is_terminal(sys.stdout)
    total = found.checked()
    how = SolveOptions(limit, max_nodes, timeout or None, max_rung, engine, steps, json_, pretty, (total or 2) > 1)
    code = run_batch(
        ctx,
        partial(solve_item, how),
        found.items(),
        label="solving",
        total=total,
        present=None if json_ or pretty else separated,
        describe=describe_item,
    )
    sys.exit(code)


@dataclass(frozen=True)
class SolveOptions:
    limit: int
    max_nodes: int
    timeout: float | None
    max_rung: int | None
    engine: str
    steps: bool
    json: bool
    pretty: bool
    several: bool


def solve_item(how: SolveOptions, item: PuzzleItem) -> Emit:
    """One puzzle solved and written as the options ask, wherever it runs."""
    g = item.genre
    result = solve(
        g,
        item.puzzle(),
        limit=how.limit,
        max_nodes=how.max_nodes,
        timeout=how.timeout,
        max_rung=how.max_rung,
        engine=how.engine,
    )
    code = status_exit_code(result.status)
    notes = unexpected(result)
    if how.json:
        return Emit(output.solve_json(result, how.steps) + "\n", code, notes=notes)
    if how.pretty:
        from puzzlekit.cli import terminal  # rich, only on a terminal

        view = terminal.solve_view(result, how.steps, 2 if how.several else 1)
        return Emit(view, code, notes=notes, plain=output.solve_plain(result, how.steps))
    return Emit(output.solve_plain(result, how.steps), code, notes=notes)


def unexpected(result: SolveResult) -> tuple[str, ...]:
    """A status that contradicts the puzzle's ``# expect:`` is worth a line on stderr."""
    expected = result.puzzle.expect()
    if expected and result.status.value not in (expected, "undecided"):
        return (
            f"puzzlekit: warning: {escaped(result.puzzle.where)}: expected {expected}, found {result.status.value}",
        )
    return ()
