"""``puzzlekit selftest``: run the shared conformance checks on an installed genre."""

from __future__ import annotations

import sys

import click

from puzzlekit.cli.common import GENRE, get_host, reports_errors, resolve_genre
from puzzlekit.testing import check_puzzle, describe_outcomes


@click.command(name="selftest")
@GENRE
@click.option("--no-entry-point", is_flag=True, help="Skip the check that the genre is installed as a plugin.")
@click.pass_context
@reports_errors
def selftest_command(ctx: click.Context, genre: str, no_entry_point: bool) -> None:
    """Run the conformance checks a genre must pass (the same ones PuzzleConformance runs).

    Exit code 0 when every check passes, 1 otherwise.
    """
    g = resolve_genre(ctx, genre)
    outcomes = check_puzzle(g, host=get_host(ctx), entry_point=not no_entry_point)
    click.echo(describe_outcomes(outcomes))
    sys.exit(0 if all(o.passed for o in outcomes) else 1)
