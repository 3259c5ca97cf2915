"""``puzzlekit analyze``: for setters, why a draft is not unique and what would fix it."""

from __future__ import annotations

import json

import click

from puzzlekit.analysis import Analysis, analyze
from puzzlekit.cli.common import reports_errors
from puzzlekit.cli.sources import genre_and_source, load_source, puzzles_in


@click.command(name="analyze")
@genre_and_source
@click.option("--json", "json_", is_flag=True, help="JSON Lines: one object per puzzle.")
@click.pass_context
@reports_errors
def analyze_command(ctx: click.Context, genre: str, source: str | None, json_: bool) -> None:
    """Explain each draft in SOURCE.

    \b
    several solutions: two of them, where they differ, and clues that make it unique;
    one solution:      the clues that could each be removed and keep it unique;
    no solution:       a smallest set of clues found that already has no solution.
    """
    g, text, name = load_source(ctx, genre, source)
    puzzles = puzzles_in(g, text, name)
    for i, puzzle in enumerate(puzzles):
        report = analyze(g, puzzle)
        if json_:
            click.echo(analysis_json(report))
        else:
            if i:
                click.echo()
            click.echo(analysis_plain(report))


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
    if a.status.value == "unique" and a.clues_known:
        removable = ", ".join(f"{c.value} at {c.name}" for c in a.removable) or "none"
        out.append(f"  clues that could each be removed: {removable}")
    if a.contradiction:
        clues = ", ".join(f"{c.value} at {c.name}" for c in a.contradiction)
        seen = f" (first seen by the rule {a.rule!r})" if a.rule else ""
        out.append(f"  these clues already contradict each other: {clues}{seen}")
    return "\n".join(out)


def analysis_json(a: Analysis) -> str:
    p = a.puzzle

    def clues(items: list) -> list[dict[str, object]]:  # type: ignore[type-arg]
        return [{"place": c.name, "clue": c.value} for c in items]

    return json.dumps(
        {
            "genre": p.genre.name,
            "source": p.source,
            "line": p.block.first_line,
            "status": a.status.value,
            "solutions": [s.text for s in a.solutions],
            "differences": [p.genre.describe(p.instance, v) for v in a.differences],
            "add": clues(a.add),
            "tried": clues(a.tried),
            "removable": clues(a.removable),
            "contradiction": clues(a.contradiction),
            "rule": a.rule,
            "note": a.note,
        }
    )
