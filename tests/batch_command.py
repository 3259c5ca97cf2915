"""A batch command with work the tests control (a slow item, a dying one, bad ones),
built from the same ``batch_options`` and ``run_batch`` as the real commands, so a test
can stop it anywhere and count which items a resumed run makes again (each made item
is logged to ``--log``, wherever it runs)."""

from __future__ import annotations

from functools import partial

import batch_helpers as h
import click

from puzzlekit.cli.batchrun import batch_options, run_batch
from puzzlekit.cli.common import reports_errors


@click.command(name="numbers")
@click.argument("count", type=int)
@click.option("--gate", default="", help="While this file is missing, --slow waits and --die dies.")
@click.option("--slow", type=int, default=-1)
@click.option("--die", type=int, default=-1)
@click.option("--once", is_flag=True, help="--die kills its worker once only (it opens the gate).")
@click.option("--fail", type=int, multiple=True)
@click.option("--log", default="", help="A file each made item's number is appended to.")
@batch_options()
@click.pass_context
@reports_errors
def numbers(
    ctx: click.Context,
    count: int,
    gate: str,
    slow: int,
    die: int,
    fail: tuple[int, ...],
    log: str,
    once: bool,
    jobs: int,
    cluster: str | None,
    out: str | None,
    resume: bool,
) -> None:
    how = (gate or "/nonexistent/gate", slow, die, once, fail, log)
    work = partial(h.number_item, how)
    ctx.exit(run_batch(ctx, work, range(count), label="numbers", total=count, describe=lambda i, x: f"number {x}"))


if __name__ == "__main__":
    numbers()
