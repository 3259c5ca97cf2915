"""The batch options every batch command shares, and the loop that runs one.

``--jobs``, ``--cluster``, ``--output`` and ``--resume`` mean the same in ``solve``,
``check``, ``grade``, ``analyze``, ``convert``, ``render --sheet`` and ``generate``:
the work goes through ``puzzlekit.batching`` (ordered and streamed, whoever runs it),
finished items are written whole as they come, a bar shows progress on a terminal, and
the first Ctrl-C stops everything within a second or two, keeping what was written,
with exit code 130.  A failed item is reported by its source on stderr and the run goes
on without it, ending with exit code 1 (``--fail-fast``: stop at it instead); the same
whichever runs the work.
"""

from __future__ import annotations

import itertools
import signal
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, NoReturn, TypeVar

import click

from puzzlekit.batching import MAX_JOBS, Failed, ordered
from puzzlekit.batching.output import ItemWriter, Record, fingerprint, whole
from puzzlekit.batching.progress import Bar
from puzzlekit.cli.exitcodes import EXIT_ERROR, EXIT_INTERRUPTED, EXIT_OK, escaped
from puzzlekit.cli.validate import Count
from puzzlekit.errors import PuzzlekitError

F = TypeVar("F", bound=Callable[..., Any])

HOW = ("jobs", "cluster", "resume")
"""Options that change how a run is made, not what it outputs (left out of the resume check)."""
FAIL_FAST = "puzzlekit_fail_fast"
"""Where ``--fail-fast`` is kept (``ctx.meta``: no command has to take it as a parameter)."""
FAILURES_IN_A_ROW = 10
"""Failed items in a row that stop a run even without --fail-fast: then every item is
failing (a cluster gone, a broken plugin), and a million error lines help nobody."""


def batch_options(*, output: bool = True, resume: bool = True) -> Callable[[F], F]:
    """``--jobs``, ``--cluster``, ``--resume`` (for output written item by item) and
    (unless the command has its own) ``-o/--output``."""

    def decorate(func: F) -> F:
        if resume:
            func = click.option(
                "--fail-fast",
                is_flag=True,
                expose_value=False,
                callback=_remember_fail_fast,
                help="Stop at the first failed item (default: report it and go on; exit code 1).",
            )(func)
            func = click.option(
                "--resume",
                is_flag=True,
                help="Continue a stopped run into its --output FILE: nothing redone, nothing repeated.",
            )(func)
        if output:
            func = click.option(
                "-o",
                "--output",
                "out",
                metavar="FILE",
                default=None,
                help="Write to FILE, each item as it is finished (resumable with --resume).",
            )(func)
        func = click.option(
            "--cluster",
            metavar="ADDRESS",
            default=None,
            help="Run on a Dask scheduler (tcp://host:8786; the cluster extra).",
        )(func)
        return click.option(
            "--jobs",
            type=Count(0, MAX_JOBS),
            default=1,
            show_default=True,
            help="Local processes (0: every core); same output.",
        )(func)

    return decorate


def _remember_fail_fast(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    ctx.meta[FAIL_FAST] = value
    return value


@dataclass(frozen=True)
class Emit:
    """One finished item as the command writes it."""

    text: Any
    """Text (what files and pipes get), or a rich renderable for the terminal."""
    code: int = 0
    """The item's exit code (the run exits with the first non-zero one)."""
    key: str = ""
    """Kept in the resume journal (the generator's duplicate check)."""
    notes: tuple[str, ...] = ()
    """Warnings for stderr."""
    plain: str = ""
    """The plain text of a terminal view, shown instead when the board is wider than the terminal."""


@dataclass
class Run:
    """How a batch command was asked to run: its batch options, read from the context."""

    jobs: int
    cluster: str | None
    out: str | None
    resume: bool
    fingerprint: str
    fail_fast: bool = False

    @classmethod
    def of(cls, ctx: click.Context) -> Run:
        params = ctx.params
        out = params.get("out")
        return cls(
            jobs=params.get("jobs", 1),
            cluster=params.get("cluster"),
            out=None if out in (None, "-") else out,
            resume=bool(params.get("resume")),
            fingerprint=fingerprint(ctx.info_name or "", params, HOW),
            fail_fast=bool(ctx.meta.get(FAIL_FAST)),
        )


def run_batch(
    ctx: click.Context,
    work: Callable[[Any], Any],
    items: Iterable[Any],
    *,
    label: str,
    total: int | None = None,
    present: Callable[[int, Any], Emit] | None = None,
    restore: Callable[[list[Record]], None] | None = None,
    describe: Callable[[int, Any], str] | None = None,
) -> int:
    """Run ``work`` over ``items`` and write each finished item; the exit code.

    ``work`` runs wherever the options say and returns an ``Emit`` (or what ``present``,
    run here in order, turns into one).  On resume, ``restore`` gets the journal's
    records, the items already written are skipped and those that had finished out of
    order are taken back, not redone.  A failed item is reported (``describe`` names it)
    and the run goes on; the exit code is then 1.  With --fail-fast, or after
    ``FAILURES_IN_A_ROW`` failures, the run stops cleanly instead: everything before the
    failure is written, and --resume retries from it.
    """
    run = Run.of(ctx)
    writer = ItemWriter(run.out, resume=run.resume, fingerprint=run.fingerprint)
    if writer.finished:
        note = f"{run.out} is already finished (it has no journal beside it); nothing to resume"
        click.echo(f"puzzlekit: note: {escaped(note)}", err=True)
        return EXIT_OK
    if restore is not None:
        restore(writer.records)
    try:
        code, finished = _drive(run, writer, work, items, label, total, present, describe)
    except KeyboardInterrupt:
        writer.close(finished=False)
        interrupted(writer.done, run.out, len(writer.stash.kept) if writer.stash else 0)
    finally:
        writer.close(finished=False)  # a no-op after a finished run closed it
    if writer.failed and (total or 2) > 1:  # (one item's error line says it all)
        stopped = "" if finished else ", and the run stopped there"
        click.echo(f"puzzlekit: error: {writer.failed} item(s) failed (reported above){stopped}", err=True)
    if not finished and run.out is not None:
        click.echo(f"puzzlekit: note: {writer.done} item(s) are in {run.out}; add --resume to go on", err=True)
    return code


def interrupted(written: int, out: str | None, aside: int = 0) -> NoReturn:
    """The first Ctrl-C: say what was kept and exit 130 (a second one is not let in
    while the workers are stopped)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    kept = f" (and {aside} finished out of order kept for it)" if aside else ""
    where = f" to {out}; add --resume to continue{kept}" if out else ""
    click.echo(f"puzzlekit: interrupted: {written} item(s) written{where}", err=True)
    sys.exit(EXIT_INTERRUPTED)


def _drive(
    run: Run,
    writer: ItemWriter,
    work: Callable[[Any], Any],
    items: Iterable[Any],
    label: str,
    total: int | None,
    present: Callable[[int, Any], Emit] | None,
    describe: Callable[[int, Any], str] | None,
) -> tuple[int, bool]:
    """The loop of ``run_batch``: the exit code, and whether every item was written."""
    code = next((r.code for r in writer.records if r.code and r.failed is None), 0)
    skip = writer.done
    stash = writer.stash
    ready = {index - skip: value for index, value in stash.load(skip).items()} if stash and run.resume else {}
    if ready:
        click.echo(f"puzzlekit: note: {len(ready)} item(s) that had finished out of order are taken back", err=True)
    in_a_row = 0
    with Bar(label, total, done=skip) as bar:
        writer.sink = _sink(bar)
        outcomes = ordered(
            work,
            itertools.islice(items, skip, None),
            jobs=run.jobs,
            cluster=run.cluster,
            on_progress=lambda index, info: bar.item(skip + index, info),
            ready=ready,
            on_held=None if stash is None else lambda done: stash.keep(skip + done.index, done.value),
        )
        try:
            for outcome in outcomes:
                index = skip + outcome.index
                if isinstance(outcome, Failed):
                    where = describe(index, outcome.item) if describe else f"item {index + 1}"
                    bar.note(f"puzzlekit: error: {escaped(where)}: {escaped(outcome.message)}")
                    writer.fail(f"{where}: {outcome.message}", EXIT_ERROR)
                    in_a_row += 1
                    if run.fail_fast or in_a_row >= FAILURES_IN_A_ROW:
                        if not run.fail_fast:
                            bar.note(f"puzzlekit: error: {in_a_row} items failed in a row; stopping")
                        return EXIT_ERROR, False
                    bar.advance()
                    continue
                in_a_row = 0
                emit: Emit = present(index, outcome.value) if present else outcome.value
                for note in emit.notes:
                    bar.note(note)
                if isinstance(emit.text, str) or run.out is not None:
                    writer.write(emit.text if isinstance(emit.text, str) else str(emit.text), emit.code, emit.key)
                else:
                    with whole():
                        _show(bar, emit)
                if stash is not None:
                    stash.drop(index)
                if code == 0:
                    code = emit.code
                bar.advance()
        finally:
            outcomes.close()  # stops the workers, at once when the run did not finish
    code = EXIT_ERROR if writer.failed else code
    writer.close(finished=True)
    return code, True


def _sink(bar: Bar) -> Callable[[str], None]:
    def sink(text: str) -> None:
        printer = bar.printer()
        if printer is not None:
            printer.print(text, end="", markup=False, highlight=False, soft_wrap=True)
        else:
            click.echo(text, nl=False)

    return sink


def _show(bar: Bar, emit: Emit) -> None:
    """A terminal view: above the bar when one is drawn, else as ``terminal.show`` decides
    (the plain text when the board is wider than the terminal)."""
    printer = bar.printer()
    if printer is not None:
        printer.print(emit.text)
        return
    from puzzlekit.cli import terminal

    terminal.show(emit.text, emit.plain)


def separated(index: int, emit: Emit) -> Emit:
    """Level blocks after the first get a blank line before them (the output reads back)."""
    return replace(emit, text="\n" + emit.text) if index else emit


def describe_item(index: int, item: Any) -> str:
    """A failed item named by where its puzzle is (``file:line``)."""
    where = getattr(item, "where", None)
    return where if isinstance(where, str) else f"puzzle {index + 1}"


def in_this_process(ctx: click.Context) -> bool:
    """Does the work run here (so it may use objects that do not pickle, such as the host)?"""
    params = ctx.params
    return params.get("cluster") is None and params.get("jobs", 1) == 1


def collect(
    ctx: click.Context, work: Callable[[Any], Any], items: Iterable[Any], *, label: str, total: int | None = None
) -> list[Any]:
    """Every item's result, in order, for output made whole at the end (a PDF sheet).

    A failed item is an error naming it; Ctrl-C stops at once with exit code 130 and
    writes nothing.
    """
    run = Run.of(ctx)
    values: list[Any] = []
    try:
        _collect(run, work, items, label, total, values)
    except KeyboardInterrupt:
        interrupted(0, None)
    return values


def _collect(
    run: Run, work: Callable[[Any], Any], items: Iterable[Any], label: str, total: int | None, values: list[Any]
) -> None:
    with Bar(label, total) as bar:
        outcomes = ordered(
            work, items, jobs=run.jobs, cluster=run.cluster, on_progress=lambda index, info: bar.item(index, info)
        )
        try:
            for outcome in outcomes:
                if isinstance(outcome, Failed):
                    raise PuzzlekitError(f"{describe_item(outcome.index, outcome.item)}: {outcome.message}")
                values.append(outcome.value)
                bar.advance()
        finally:
            outcomes.close()
