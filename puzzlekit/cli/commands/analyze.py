"""``puzzlekit analyze``: for setters, why a draft is not unique and what would fix it."""

from __future__ import annotations

import sys

import click

from puzzlekit.analysis import Analysis, analyze
from puzzlekit.cli.common import Seconds, reports_errors
from puzzlekit.cli.exitcodes import status_exit_code
from puzzlekit.cli.sources import genre_and_source, load_source, puzzles_in
from puzzlekit.core.search import DEFAULT_TIMEOUT


@click.command(name="analyze")
@genre_and_source
@click.option(
    "--timeout",
    type=Seconds(),
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds for each draft's whole analysis (0: no deadline); a cut-short answer says so.",
)
@click.option("--json", "json_", is_flag=True, help="JSON Lines: one object per puzzle.")
@click.pass_context
@reports_errors
def analyze_command(ctx: click.Context, genre: str, source: str | None, timeout: float, json_: bool) -> None:
    """Explain each draft in SOURCE.

    \b
    several solutions: two of them, where they differ, and clues that make it unique;
    one solution:      the clues that could each be removed and keep it unique;
    no solution:       a minimal set of clues that already has no solution.

    Exit codes as for solve: 0 unique, 3 none, 4 several, 5 undecided (the first
    draft that is not unique gives the code).
    """
    g, text, name = load_source(ctx, genre, source)
    puzzles = puzzles_in(g, text, name)
    code = 0
    for i, puzzle in enumerate(puzzles):
        report = analyze(g, puzzle, timeout=timeout or None)
        code = code or status_exit_code(report.status)
        if json_:
            click.echo(analysis_json(report))
        else:
            if i:
                click.echo()
            click.echo(analysis_plain(report))
    sys.exit(code)


SHOWN_CLUES = 24
"""Clues a plain report lists before "and N more": a long list reads as noise."""


def analysis_plain(a: Analysis) -> str:
    p = a.puzzle
    g, instance = p.genre, p.instance
    out = [f"{p.where}: {a.status.value}"]
    if a.note:
        out.append(f"  {a.note}")
    if len(a.solutions) >= 2:
        places = ", ".join(g.describe(instance, v) for v in a.differences[:12])
        more = f" and {len(a.differences) - 12} more" if len(a.differences) > 12 else ""
        out.append(f"  two solutions differ at {len(a.differences)} places: {places}{more}")
        for k, sol in enumerate(a.solutions[:2], start=1):
            out.append(f"  solution {k}:")
            out += [f"    {row}" for row in sol.text.split("\n")]
    if a.add:
        clues = ", ".join(f"{c.value} at {c.name}" for c in a.add)
        out.append(f"  add {clues} to make it unique")
    if a.tried:
        tried = ", ".join(f"{c.value} at {c.name}" for c in a.tried)
        out.append(f"  tried {tried}: not enough")
    if a.status.value == "unique" and a.clues_known:
        removable = ", ".join(f"{c.value} at {c.name}" for c in a.removable) or "none"
        out.append(f"  clues that could each be removed: {removable}")
    if a.contradiction:
        shown = a.contradiction[:SHOWN_CLUES]
        clues = ", ".join(f"{c.value} at {c.name}" for c in shown)
        more = (
            f" and {len(a.contradiction) - len(shown)} more (--json lists all)"
            if len(shown) < len(a.contradiction)
            else ""
        )
        seen = f" (first seen by the rule {a.rule!r})" if a.rule else ""
        minimal = "together" if a.complete else "together (not reduced to a minimal set; see above)"
        out.append(f"  these {len(a.contradiction)} clues already contradict each other {minimal}: {clues}{more}{seen}")
    return "\n".join(out)


def analysis_json(a: Analysis) -> str:
    from puzzlekit.report import analysis_report  # pydantic, only for --json

    return analysis_report(a).model_dump_json()
