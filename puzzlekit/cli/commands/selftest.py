"""``puzzlekit selftest``: run the shared conformance checks on an installed genre."""

from __future__ import annotations

import re
import sys

import click

from puzzlekit.cli.common import GENRE, get_host, reports_errors, resolve_genre
from puzzlekit.cli.validate import Count
from puzzlekit.testing import check_puzzle, describe_outcomes


@click.command(name="selftest")
@GENRE
@click.option("--no-entry-point", is_flag=True, help="Skip the check that the genre is installed as a plugin.")
@click.option(
    "--brute-force",
    "brute_force",
    type=Count(0, 1_000_000),
    default=0,
    show_default=True,
    help="Compare the solver with brute-force enumeration on N random small boards (Genre.small_board).",
)
@click.option(
    "--bad-levels",
    "bad_levels_path",
    type=click.Path(exists=True, dir_okay=False),
    help="A file of levels the genre must refuse (separated by lines of ---), besides Genre.bad_levels.",
)
@click.pass_context
@reports_errors
def selftest_command(
    ctx: click.Context, genre: str, no_entry_point: bool, brute_force: int, bad_levels_path: str | None
) -> None:
    """Run the conformance checks a genre must pass (the same ones PuzzleConformance runs).

    Exit code 0 when every check passes, 1 otherwise.
    """
    g = resolve_genre(ctx, genre)
    bad: list[str] = []
    if bad_levels_path:
        with open(bad_levels_path, encoding="utf-8") as handle:
            text = handle.read()
        bad = [part.strip("\n") + "\n" for part in re.split(r"^---\s*$", text, flags=re.M) if part.strip()]
    outcomes = check_puzzle(
        g, host=get_host(ctx), entry_point=not no_entry_point, bad_levels=bad, brute_force=brute_force
    )
    click.echo(describe_outcomes(outcomes))
    sys.exit(0 if all(o.passed for o in outcomes) else 1)
