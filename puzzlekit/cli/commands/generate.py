"""``puzzlekit generate``: new puzzles, proven unique, stamped with the difficulty they need."""

from __future__ import annotations

import secrets
import sys

import click

from puzzlekit.batching.output import Record
from puzzlekit.cli.batchrun import Emit, batch_options, run_batch
from puzzlekit.cli.common import Seconds, complete_genre, read_raw, reports_errors, resolve_genre, usage_error
from puzzlekit.cli.validate import Count, Number
from puzzlekit.errors import UsageError
from puzzlekit.formats.level import read_blocks
from puzzlekit.generation import (
    DIFFICULTIES,
    SYMMETRIES,
    Generated,
    GenerateRequest,
    MakeJob,
    Unrepeated,
    body_key,
    check_options,
    check_seed,
    item_seed,
    jobs_for,
    make_item,
    parse_size,
    target_rung,
)
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
@click.option("--timeout", type=Seconds(), default=60.0, show_default=True, help="Seconds per puzzle; 0: none.")
@batch_options()
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
    cluster: str | None,
    out: str | None,
    resume: bool,
    json_: bool,
) -> None:
    """Make new puzzles of GENRE, each proven unique and graded.

    The output is ordinary level text (metadata: seed, difficulty, tier, generator),
    so solve, grade and check read it straight back.  Same seed, size, difficulty and
    generator version: same puzzles, on every machine, however many --jobs.  Puzzle i
    is stamped with its own seed (S#i), which makes it again alone.
    """
    if resume and seed is None:
        raise click.UsageError("--resume must make the same puzzles as the stopped run: give its --seed")
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
    target_rung(g, difficulty)  # clear errors before any work, as generation.generate gives them
    check_seed(seed)
    check_options(g, request)
    unrepeated = Unrepeated()

    def restore(records: list[Record]) -> None:
        unrepeated.seen.update(r.key for r in records)

    def present(index: int, made: Generated) -> Emit:
        job = MakeJob(g, request, item_seed(seed, index), index, timeout or None)
        made = unrepeated.check(made, job)
        return Emit(_text(made, index, json_, g, difficulty), key=body_key(made.text))

    code = run_batch(
        ctx,
        make_item,
        jobs_for(g, request, seed, count, timeout or None),
        label="generating",
        total=count,
        present=present,
        restore=restore,
        describe=lambda index, job: f"puzzle {index + 1} (seed {item_seed(seed, index)})",
    )
    sys.exit(code)


def _text(puzzle: Generated, index: int, json_: bool, genre: Genre, difficulty: str) -> str:
    if json_:
        from puzzlekit.report import generated_report  # pydantic, only for --json

        return generated_report(genre, puzzle, difficulty).model_dump_json() + "\n"
    return ("\n" if index else "") + puzzle.text
