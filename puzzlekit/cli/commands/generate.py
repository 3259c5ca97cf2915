"""``puzzlekit generate``: new puzzles, proven unique, stamped with the difficulty they need."""

from __future__ import annotations

import secrets
import sys
from collections.abc import Iterator

import click

from puzzlekit.cli.common import (
    Seconds,
    complete_genre,
    is_terminal,
    read_raw,
    reports_errors,
    resolve_genre,
    usage_error,
)
from puzzlekit.cli.validate import Count, Number
from puzzlekit.errors import UsageError
from puzzlekit.formats.level import read_blocks
from puzzlekit.generation import DIFFICULTIES, SYMMETRIES, Generated, GenerateRequest, generate, parse_size
from puzzlekit.genre import Genre


def size_option(ctx: click.Context, param: click.Parameter, value: str) -> tuple[int, int]:
    try:
        return parse_size(value)
    except UsageError as err:
        raise click.BadParameter(str(err)) from None


@click.command(name="generate")
@click.argument("genre", shell_complete=complete_genre)
@click.option("--size", default="10x10", show_default=True, callback=size_option, help="Columns x rows, or one number.")
@click.option("--difficulty", type=click.Choice(DIFFICULTIES), default="medium", show_default=True)
@click.option("--seed", default=None, help="Any string; the same seed gives the same puzzles (default: a fresh one).")
@click.option("--count", type=Count(1, 100_000), default=1, show_default=True, help="How many puzzles.")
@click.option("--symmetry", type=click.Choice(SYMMETRIES), default="none", show_default=True, help="Clue layout.")
@click.option("--from-mask", "mask_path", type=click.Path(exists=True, dir_okay=False), help="A region drawn with x.")
@click.option("--density", type=Number(0.02, 0.5), default=None, help="Islands per square (Hashiwokakero).")
@click.option(
    "--timeout", type=Seconds(), default=60.0, show_default=True, help="Seconds per puzzle; 0: none."
)
@click.option("--jobs", type=Count(1, 256), default=1, show_default=True, help="Processes (same output).")
@click.option("--json", "json_", is_flag=True, help="JSON Lines: one object per puzzle.")
@click.pass_context
@reports_errors
def generate_command(
    ctx: click.Context,
    genre: str,
    size: tuple[int, int],
    difficulty: str,
    seed: str | None,
    count: int,
    symmetry: str,
    mask_path: str | None,
    density: float | None,
    timeout: float,
    jobs: int,
    json_: bool,
) -> None:
    """Make new puzzles of GENRE, each proven unique and graded.

    The output is ordinary level text (metadata: seed, difficulty, tier, generator),
    so solve, grade and check read it straight back.  Same seed, size, difficulty and
    generator version: same puzzles, on every machine.
    """
    g = resolve_genre(ctx, genre)
    mask = None
    if mask_path is not None and ctx.get_parameter_source("size") == click.core.ParameterSource.COMMANDLINE:
        usage_error(ctx, "--from-mask takes its size from the drawing; leave out --size")
    if mask_path is not None:
        blocks = read_blocks(read_raw(ctx, mask_path, "--from-mask")[0], mask_path)
        if len(blocks) != 1:
            raise click.BadParameter("a mask file holds one drawing", param_hint="--from-mask")
        mask = blocks[0]
        try:
            size = parse_size((mask.width, mask.height))
        except UsageError as err:
            raise click.BadParameter(f"the drawing: {err}", param_hint="--from-mask") from None
    request = GenerateRequest(size[0], size[1], difficulty, symmetry, mask, density)
    seed = seed if seed is not None else secrets.token_hex(4)
    made = generate(g, request, seed, count=count, timeout=timeout or None, jobs=jobs)
    if count > 1 and is_terminal(sys.stderr) and not json_:
        _with_progress(made, count)
    else:
        for i, puzzle in enumerate(made):
            _emit(puzzle, i, json_, g, difficulty)


def _emit(puzzle: Generated, index: int, json_: bool, genre: Genre | None = None, difficulty: str = "") -> None:
    if json_ and genre is not None:
        from puzzlekit.report import generated_report  # pydantic, only for --json

        click.echo(generated_report(genre, puzzle, difficulty).model_dump_json())
        return
    if index:
        click.echo()
    click.echo(puzzle.text, nl=False)


def _with_progress(made: Iterator[Generated], count: int) -> None:
    """A progress bar on stderr while puzzles stream to stdout (terminals only)."""
    from rich.console import Console
    from rich.progress import Progress

    with Progress(transient=True, console=Console(stderr=True)) as progress:
        task = progress.add_task("generating", total=count)
        for i, puzzle in enumerate(made):
            _emit(puzzle, i, False)
            progress.advance(task)
