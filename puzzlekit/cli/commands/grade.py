"""``puzzlekit grade``: the rung each puzzle needs and the deductions each rule made."""

from __future__ import annotations

import sys

import click

from puzzlekit.api import solve
from puzzlekit.cli.common import Seconds, reports_errors
from puzzlekit.cli.exitcodes import status_exit_code
from puzzlekit.cli.sources import genre_and_source, load_source, puzzles_in
from puzzlekit.cli.validate import Count
from puzzlekit.core.search import DEFAULT_MAX_NODES, DEFAULT_TIMEOUT
from puzzlekit.grading import Grade, grade_result


@click.command(name="grade")
@genre_and_source
@click.option("--max-nodes", type=Count(min=0), default=DEFAULT_MAX_NODES, show_default=True)
@click.option("--timeout", type=Seconds(), default=DEFAULT_TIMEOUT, show_default=True)
@click.option("--json", "json_", is_flag=True, help="JSON Lines: one object per puzzle.")
@click.pass_context
@reports_errors
def grade_command(
    ctx: click.Context, genre: str, source: str | None, max_nodes: int, timeout: float, json_: bool
) -> None:
    """Grade every puzzle in SOURCE: the rung it needs (tier 1 is the cheapest; search is
    the last), its difficulty name, the deductions per rule and the search nodes.

    Exit codes as for solve: 0 when every puzzle is unique.
    """
    g, text, name = load_source(ctx, genre, source)
    puzzles = puzzles_in(g, text, name)
    code = 0
    for puzzle in puzzles:
        result = solve(g, puzzle, max_nodes=max_nodes, timeout=timeout or None)
        graded = grade_result(result)
        click.echo(grade_json(graded) if json_ else grade_plain(graded))
        if code == 0:
            code = status_exit_code(result.status)
    sys.exit(code)


def grade_plain(grade: Grade) -> str:
    p = grade.puzzle
    difficulty = f", {grade.difficulty}" if grade.difficulty else ""
    tier = f"tier {grade.tier} ({grade.rung_name}{difficulty})" if grade.tier is not None else "no tier"
    head = f"{p.where}: {grade.status.value}; {tier}; {grade.nodes} search nodes"
    rules = ", ".join(f"{rule} {n}" for rule, n in grade.rule_counts.items()) or "none"
    return f"{head}\n  deductions: {rules}"


def grade_json(grade: Grade) -> str:
    from puzzlekit.report import grade_report  # pydantic, only for --json

    return grade_report(grade).model_dump_json()
