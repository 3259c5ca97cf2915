"""``puzzlekit render``: draw a puzzle, its solution or an attempt as SVG, PNG or PDF;
or a whole file as a printable sheet.

The format comes from ``--format`` or the ``-o`` suffix; standard output
takes SVG only (PNG and PDF are files).  Every mistake a user can make ends
as one line on stderr: a usage mistake exits 2; a genre that cannot draw, a
missing ``pictures`` extra or bad level text exits 1, checked before any
solving starts.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import click

from puzzlekit.api import CheckResult, Puzzle, SolveResult, check_all, solve
from puzzlekit.cli.common import Seconds, reports_errors, usage_error
from puzzlekit.cli.exitcodes import say, status_exit_code
from puzzlekit.cli.sources import choose, genre_and_source, load_source, puzzles_in, read_state
from puzzlekit.cli.validate import Count, Number
from puzzlekit.cli.writing import write_output
from puzzlekit.core.model import domains_of
from puzzlekit.core.search import DEFAULT_TIMEOUT, Status
from puzzlekit.errors import CannotDraw, MissingExtra, PuzzlekitError
from puzzlekit.genre import Genre
from puzzlekit.pictures import (
    Entry,
    can_draw,
    draw,
    pages_to_pdf,
    pictures_problem,
    sheet_pages,
    svg_to_pdf,
    svg_to_png,
)
from puzzlekit.pictures.sheet import LAYOUTS

FORMATS = ("svg", "png", "pdf")


@click.command(name="render")
@genre_and_source
@click.option(
    "-o",
    "--output",
    "out",
    metavar="FILE",
    help="Where to write (- or none: SVG on standard output); an existing file is replaced atomically.",
)
@click.option(
    "--format", "fmt", type=click.Choice(FORMATS), help="svg, png or pdf (default: from the -o suffix, else svg)."
)
@click.option("--solution", is_flag=True, help="Solve the puzzle and draw its solution.")
@click.option(
    "--timeout",
    type=Seconds(),
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds for solving each puzzle (--solution, --sheet; 0: no deadline).",
)
@click.option(
    "--state", "state_path", metavar="FILE", help="Draw a player's marks (pairs with SOURCE's puzzles by order)."
)
@click.option(
    "--violations",
    is_flag=True,
    help="Highlight every broken rule of the drawn state (without --state: the marks SOURCE carries).",
)
@click.option(
    "--crosses/--no-crosses", default=None, help="Draw 'no line' marks [default: while the board is unfinished]."
)
@click.option("--puzzle", "index", type=Count(min=1), help="Which puzzle of SOURCE to draw (1 is the first).")
@click.option("--sheet", is_flag=True, help="Every puzzle of SOURCE on printable pages, solutions at the back (PDF).")
@click.option(
    "--per-page",
    type=click.Choice([str(n) for n in LAYOUTS]),
    default="4",
    show_default=True,
    help="Boards per sheet page.",
)
@click.option("--title", help="The sheet's heading (default: SOURCE's file name).")
@click.option("--scale", type=Number(0.1, 20), default=2.0, show_default=True, help="PNG pixels per SVG unit.")
@click.pass_context
@reports_errors
def render_command(
    ctx: click.Context,
    genre: str,
    source: str | None,
    out: str | None,
    fmt: str | None,
    solution: bool,
    timeout: float,
    state_path: str | None,
    violations: bool,
    crosses: bool | None,
    index: int | None,
    sheet: bool,
    per_page: str,
    title: str | None,
    scale: float,
) -> None:
    """Draw a puzzle of SOURCE as SVG, PNG or PDF: the bare board, its solution
    (--solution) or a player's attempt (--state, with --violations to highlight
    broken rules).  --sheet lays every puzzle out on printable PDF pages.

    With --solution or --sheet the exit code follows the puzzles' status, as
    in solve.  PNG and PDF need the optional extra (and the system cairo library):

    \b
        pip install 'puzzlekit-engine[pictures]'
    """
    target = None if out in (None, "-") else Path(out)
    kind = _format(ctx, fmt, target)
    _check_options(ctx, kind, target, solution, state_path, sheet, index)
    g, text, name = load_source(ctx, genre, source)
    if not can_draw(g):
        raise CannotDraw(f"the {g.name} genre cannot draw pictures (it does not implement Genre.draw_svg)")
    if kind != "svg" and (problem := pictures_problem()):
        raise MissingExtra(problem)
    puzzles = puzzles_in(g, text, name)
    if sheet:
        heading = title if title is not None else Path(name).name
        pages, code = _sheet(puzzles, heading, int(per_page), timeout or None)
        _write(target, pages_to_pdf(pages))
        sys.exit(code)
    chosen = choose(ctx, puzzles, index, name, required=False)
    if index is None and len(puzzles) > 1:
        say(
            "note",
            f"{name} holds {len(puzzles)} puzzles; drawing the first "
            "(choose one with --puzzle N, or draw them all with --sheet)",
        )
    puzzle = puzzles[chosen]
    code = 0
    if solution:
        result = solve(g, puzzle, timeout=timeout or None)
        svg, code = draw(puzzle, _solution_dom(result), crosses=crosses), status_exit_code(result.status)
    elif state_path is not None or violations:
        attempt = _attempt(ctx, g, text, name, state_path, source or genre)[chosen]
        shown = attempt.violations if violations else []
        svg = draw(puzzle, attempt.state, violations=shown, crosses=crosses)
    else:
        svg = draw(puzzle, crosses=crosses)
    _write(target, svg if kind == "svg" else svg_to_png(svg, scale) if kind == "png" else svg_to_pdf(svg))
    sys.exit(code)


def _format(ctx: click.Context, fmt: str | None, target: Path | None) -> str:
    if fmt is not None and not (target is not None and target.is_dir()):
        return fmt
    if target is None:
        return "svg"
    if target.is_dir():
        raise PuzzlekitError(f"{target}: is a directory; give -o a file name")
    suffix = target.suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        usage_error(ctx, f"cannot tell the format of {str(target)!r}: name it .svg, .png or .pdf, or give --format")
    return suffix


def _check_options(
    ctx: click.Context,
    kind: str,
    target: Path | None,
    solution: bool,
    state_path: str | None,
    sheet: bool,
    index: int | None,
) -> None:
    if target is None and kind != "svg":
        usage_error(ctx, f"{kind.upper()} is written to a file: give -o FILE.{kind} (standard output takes SVG)")
    if solution and state_path is not None:
        usage_error(ctx, "--solution and --state draw two different boards; choose one")
    if sheet and kind != "pdf":
        usage_error(ctx, "a sheet is a multi-page PDF: give -o FILE.pdf (or --format pdf)")
    if sheet and (solution or state_path is not None or index is not None):
        usage_error(ctx, "--sheet draws every puzzle and its solution; it takes no --solution, --state or --puzzle")


def _solution_dom(result: SolveResult) -> list[int]:
    """The first solution found; none found is an error with the status's exit code."""
    where = result.puzzle.where
    if result.solutions:
        if result.status == Status.MULTIPLE:
            say("warning", f"{where}: several solutions; drawing the first")
        elif result.status == Status.UNDECIDED:
            say("warning", f"{where}: uniqueness not proven; drawing the solution found")
        return domains_of(result.solutions[0].values)
    words = "has no solution" if result.status == Status.NONE else "was not solved within the budget"
    say("error", f"{where}: {words}; nothing to draw")
    sys.exit(status_exit_code(result.status))


def _attempt(
    ctx: click.Context, g: Genre, text: str, name: str, state_path: str | None, source: str
) -> list[CheckResult]:
    """Attempts judged as ``check`` judges them: --state pairs by order, else SOURCE's own marks."""
    state_text, state_name = read_state(ctx, g, state_path, source)
    return check_all(g, text, state_text, source=name, state_source=state_name)


def _sheet(puzzles: Sequence[Puzzle], heading: str, per_page: int, timeout: float | None) -> tuple[list[str], int]:
    """Pages of bare puzzles, then pages of their solutions; the exit code as ``solve`` gives it."""
    boards, answers = [], []
    code = 0
    for number, puzzle in enumerate(puzzles, start=1):
        label = f"{number}. {puzzle.meta['title']}" if puzzle.meta.get("title") else f"{number}."
        boards.append(Entry(draw(puzzle), f"{label} ({puzzle.size})"))
        result = solve(puzzle.genre, puzzle, timeout=timeout)
        if result.solutions:
            note = "" if result.status == Status.UNIQUE else f" ({result.status.value}: one solution shown)"
            answers.append(Entry(draw(puzzle, domains_of(result.solutions[0].values)), label + note))
        else:
            answers.append(Entry(draw(puzzle, result.partial or None), f"{label} ({result.status.value}: no solution)"))
        if code == 0:
            code = status_exit_code(result.status)
    return sheet_pages(boards, answers, title=heading, per_page=per_page), code


def _write(target: Path | None, data: str | bytes) -> None:
    """To the file, or SVG text to standard output (the options have ruled out PNG and PDF there)."""
    if target is None:
        click.echo(data if isinstance(data, str) else data.decode("utf-8"), nl=False)
    else:
        write_output(target, data)
