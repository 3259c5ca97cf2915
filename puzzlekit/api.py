"""The library surface: load, solve and check puzzles of any installed genre.

The front door: it calls down into interchange, batching, the engines and the puzzle as
data (``puzzlekit.puzzle``), and nothing below it imports it (docs/DESIGN.md, "Layers").
Every function returns result objects and never prints.  ``genre`` may be a
name (aliases work) or a Genre object; ``host`` defaults to one built from the
installed plugins on first use.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial
from pathlib import Path
from typing import Any, Literal

from puzzlekit import interchange
from puzzlekit.batching import batch
from puzzlekit.batching.sources import PuzzleItem
from puzzlekit.budget import Budget
from puzzlekit.core.engine import Engine, LogEntry
from puzzlekit.core.model import Model, domains_of, is_fixed, values_of
from puzzlekit.core.search import (
    DEFAULT_LIMIT,
    DEFAULT_MAX_NODES,
    DEFAULT_TIMEOUT,
    SearchOutcome,
    Status,
    count_solutions,
)
from puzzlekit.engines.sat import solve_sat  # python-sat itself loads when a SAT solve runs
from puzzlekit.errors import BudgetSpent, LevelError, LevelErrors, UsageError
from puzzlekit.formats.codec import read_capped, utf8
from puzzlekit.formats.level import parse_block, read_blocks
from puzzlekit.genre import Genre, Violation
from puzzlekit.host import Host

# The puzzle as data and the genre lookup live below the API (issue 22); still importable from here.
from puzzlekit.host import default_host as default_host
from puzzlekit.host import get_genre as get_genre
from puzzlekit.puzzle import Puzzle as Puzzle
from puzzlekit.puzzle import rung_name as rung_name

Source = str | bytes | os.PathLike[str]
"""What the API reads, as the CLI's SOURCE: level text, a URL, a game ID, a pzprjs
file's content (each as ``str`` or UTF-8 ``bytes``), or the ``Path`` of a file holding any of them."""


def source_text(text: Source, source: str = "<string>") -> tuple[str, str]:
    """``(text, name for errors)`` of a :data:`Source`: a path is read (1 MiB at most),
    bytes are decoded as UTF-8."""
    if isinstance(text, os.PathLike):
        path = Path(text)
        if not path.is_file():
            raise UsageError(f"{path}: no such file" if not path.exists() else f"{path}: not a file")
        with path.open("rb") as stream:
            return read_capped(stream, str(path)), str(path) if source == "<string>" else source
    if isinstance(text, bytes):
        return utf8(text, source), source
    if not isinstance(text, str):
        raise UsageError(f"a puzzle is text, bytes or a Path, not {type(text).__name__}")
    return text, source


def load(genre: str | Genre, text: Source, source: str = "<string>", host: Host | None = None) -> list[Puzzle]:
    """Every puzzle in ``text`` (level text, or a URL, a game ID, a pzprjs file, bytes or a
    Path: see :data:`Source`); LevelError (file:line:col) on bad input."""
    g = get_genre(genre, host)
    from_file = isinstance(text, os.PathLike)
    text, source = source_text(text, source)
    text = interchange.decode(text, g, host, source if from_file else None) or text
    puzzles = []
    errors: list[LevelError] = []
    for block in read_blocks(text, source):
        try:
            puzzles.append(Puzzle(g, parse_block(g.parse, block), block))  # "# expect:" checked too
        except LevelError as err:  # go on: every bad block is reported, not the first only
            errors.append(err)
            if len(errors) > LevelErrors.MAX_REPORTED:
                break
    LevelErrors.raise_any(errors)
    return puzzles


def load_one(genre: str | Genre, puzzle: Source | Puzzle, host: Host | None = None) -> Puzzle:
    if isinstance(puzzle, Puzzle):
        wanted = get_genre(genre, host)
        if wanted.name != puzzle.genre.name:
            raise UsageError(f"asked for {wanted.name}, but this puzzle was loaded as {puzzle.genre.name}")
        return puzzle
    puzzles = load(genre, puzzle, host=host)
    if len(puzzles) != 1:
        raise UsageError(f"expected one puzzle, found {len(puzzles)}; use solve_all() for several")
    return puzzles[0]


# -- solving -----------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One deduction, in order: which variable, what it became, and why."""

    number: int
    rule: str
    rung: int
    variable: int
    values: tuple[int, ...]
    """The values still allowed after this step."""
    reads: tuple[int, ...]
    """The variables the rule looked at (empty for whole-board rules)."""
    text: str


@dataclass(frozen=True)
class Solution:
    values: tuple[int, ...]
    text: str
    """The solved board in the genre's plain text form, which reads back."""


@dataclass(frozen=True)
class Stats:
    nodes: int
    """Search nodes after root propagation; 0 means deduction alone decided it."""
    seconds: float
    rung: int
    """The highest rung needed; the search rung when branching was needed."""
    rung_name: str
    rule_counts: dict[str, int]
    """Deductions per rule during root propagation."""
    exhausted: bool
    """True when the search space was covered, so the solution count is exact."""
    stopped_by: str | None
    """'max-nodes' or 'timeout' when a budget ended the search."""


@dataclass
class SolveResult:
    """What solving one puzzle proved."""

    puzzle: Puzzle
    status: Status
    solutions: list[Solution]
    stats: Stats
    partial: list[int]
    """Domains after root propagation: what deduction alone established."""
    _outcome: SearchOutcome | None = field(repr=False)
    """The propagation engine's outcome (None when another engine solved it)."""

    @cached_property
    def steps(self) -> list[Step]:
        """The root deduction log in words, cheapest rung first as it happened."""
        if self._outcome is None:
            return []  # the SAT engine does not explain itself
        return explain_log(self.puzzle, self._outcome.engine)

    @property
    def partial_text(self) -> str:
        """What deduction established, written out (the bare puzzle after a contradiction)."""
        return "\n".join(self.puzzle.genre.write(self.puzzle.instance, self.partial or None))


def explain_entry(puzzle: Puzzle, engine: Engine, entry: LogEntry, number: int = 1) -> Step:
    """One logged narrowing as a ``Step``, in the genre's words and the rule's."""
    prop = engine.props[entry.by]
    what = puzzle.genre.describe_step(puzzle.instance, entry.var, entry.mask)
    why = prop.explain(entry.var, entry.mask, entry.note)
    rule = prop.rule
    values = tuple(values_of(entry.mask))
    return Step(number, rule.name, rule.rung, entry.var, values, tuple(entry.reads), f"{what}: {why}")


def explain_log(puzzle: Puzzle, engine: Engine) -> list[Step]:
    return [explain_entry(puzzle, engine, entry, n) for n, entry in enumerate(engine.log or [], start=1)]


def _solutions(p: Puzzle, value_lists: Sequence[Sequence[int]]) -> list[Solution]:
    return [Solution(tuple(v), "\n".join(p.genre.write(p.instance, domains_of(v)))) for v in value_lists]


def solve(
    genre: str | Genre,
    puzzle: Source | Puzzle,
    *,
    limit: int = DEFAULT_LIMIT,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    timeout: float | None = DEFAULT_TIMEOUT,
    max_rung: int | None = None,
    engine: str = "propagation",
    host: Host | None = None,
    model: Model | None = None,
) -> SolveResult:
    """Solve one puzzle, counting solutions up to ``limit`` (2 proves uniqueness).

    ``engine="sat"`` uses the independent SAT engine (the optional extra ``sat``):
    same statuses and solutions, no deduction log.  ``model`` is the puzzle's model when
    the caller has built it already (the web editor's board): the search copies its
    domains and slots, so the model is left as it was and may be searched again.
    """
    started = time.perf_counter()
    budget = Budget.of(timeout)  # one deadline for parsing, building and searching
    p = load_one(genre, puzzle, host)
    if engine == "sat":
        return _solve_sat(p, limit, budget.remaining())
    if engine != "propagation":
        raise UsageError(f"unknown engine {engine!r}: choose propagation or sat")
    model = model if model is not None else budget.build(p.genre, p.instance)
    if model is None:
        return _out_of_time(p, started)
    outcome = count_solutions(model, limit=limit, max_nodes=max_nodes, timeout=budget.remaining(), max_rung=max_rung)
    solutions = _solutions(p, outcome.solutions)
    stats = Stats(
        nodes=outcome.nodes,
        seconds=outcome.seconds,
        rung=outcome.rung,
        rung_name=rung_name(p.genre, outcome.rung),
        rule_counts=outcome.rule_counts,
        exhausted=outcome.exhausted,
        stopped_by=outcome.stopped_by,
    )
    return SolveResult(p, outcome.status, solutions, stats, outcome.root, outcome)


def _out_of_time(p: Puzzle, started: float) -> SolveResult:
    """Undecided: the time ran out while the model was being built, before any deduction."""
    search = len(p.genre.ladder) + 1
    stats = Stats(0, time.perf_counter() - started, search, rung_name(p.genre, search), {}, False, "timeout")
    return SolveResult(p, Status.UNDECIDED, [], stats, [], None)


def _solve_sat(p: Puzzle, limit: int, timeout: float | None) -> SolveResult:
    try:
        outcome = solve_sat(p.genre, p.instance, limit=limit, timeout=timeout)
    except NotImplementedError as err:
        raise UsageError(str(err)) from None
    solutions = _solutions(p, outcome.solutions)
    stats = Stats(outcome.rounds, outcome.seconds, 0, "sat", {}, outcome.exhausted, outcome.stopped_by)
    return SolveResult(p, outcome.status, solutions, stats, [], None)


def solve_all(
    genre: str | Genre,
    text: Source,
    *,
    source: str = "<string>",
    limit: int = DEFAULT_LIMIT,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    timeout: float | None = DEFAULT_TIMEOUT,
    max_rung: int | None = None,
    host: Host | None = None,
    jobs: int = 1,
    cluster: Any = None,
) -> Iterator[SolveResult]:
    """Solve every puzzle in ``text``, one result at a time, in order.

    ``jobs`` local processes (0: every core) or a Dask ``cluster`` (an address or a
    client) solve them elsewhere (``puzzlekit.batching``): the same results, streamed in
    order, but without ``steps`` (the deduction log stays where the puzzle was solved).
    """
    puzzles = load(genre, text, source, host)
    if jobs == 1 and cluster is None:
        for p in puzzles:
            yield solve(p.genre, p, limit=limit, max_nodes=max_nodes, timeout=timeout, max_rung=max_rung)
        return
    work = partial(_solved_elsewhere, limit, max_nodes, timeout, max_rung)
    items = [PuzzleItem(p.genre, p.block) for p in puzzles]
    for p, (status, solutions, stats, partial_) in zip(puzzles, batch(work, items, jobs=jobs, cluster=cluster)):
        yield SolveResult(p, status, solutions, stats, partial_, None)


def _solved_elsewhere(
    limit: int, max_nodes: int | None, timeout: float | None, max_rung: int | None, item: Any
) -> tuple[Status, list[Solution], Stats, list[int]]:
    """A solve in another process: what pickles of its result (not the engine)."""
    r = solve(item.genre, item.puzzle(), limit=limit, max_nodes=max_nodes, timeout=timeout, max_rung=max_rung)
    return r.status, r.solutions, r.stats, r.partial


# -- checking ----------------------------------------------------------------

CheckStatus = Literal["solved", "incomplete", "wrong"]


@dataclass(frozen=True)
class CheckResult:
    """A player's attempt judged against the rules."""

    puzzle: Puzzle
    status: CheckStatus
    violations: list[Violation]
    state: tuple[int, ...] = ()
    """The attempt as judged (domains; open variables left open), so a picture can draw it."""


def judge(puzzle: Puzzle, dom: Sequence[int]) -> CheckResult:
    """Solved, incomplete (every broken rule could still be mended by more marks) or wrong.
    With every variable marked no more marks can come, so a broken rule is then wrong."""
    found = puzzle.genre.accept(puzzle.instance, puzzle.genre.finished(puzzle.instance, dom))
    status: CheckStatus
    if not found:
        status = "solved"
    elif all(v.unfinished for v in found) and not all(map(is_fixed, dom)):
        status = "incomplete"
    else:
        status = "wrong"
    return CheckResult(puzzle, status, found, tuple(dom))


def judge_within(puzzle: Puzzle, dom: Sequence[int] | None, timeout: float | None = DEFAULT_TIMEOUT) -> CheckResult:
    """``judge`` the marks ``dom``, or the puzzle's own marks when None, within ``timeout``
    seconds: the bare marks of a puzzle come from its model, which a huge board takes a
    while to build (BudgetSpent past the deadline)."""
    if dom is None:
        dom = Budget.of(timeout).within(puzzle.own_marks)
        if dom is None:
            raise BudgetSpent(f"{puzzle.where}: the time ran out while reading the attempt (see --timeout)")
    return judge(puzzle, dom)


def check(
    genre: str | Genre,
    puzzle: Source | Puzzle,
    state: Source | None = None,
    host: Host | None = None,
    *,
    timeout: float | None = DEFAULT_TIMEOUT,
) -> CheckResult:
    """Judge one attempt; without ``state`` the puzzle text must carry the marks itself."""
    p = load_one(genre, puzzle, host)
    if state is None:
        return judge_within(p, None, timeout)
    state, name = source_text(state, "<state>")
    blocks = read_blocks(state, name)
    if len(blocks) != 1:
        raise UsageError(f"expected one state, found {len(blocks)}")
    return judge(p, p.genre.parse_state(p.instance, blocks[0]))


def check_all(
    genre: str | Genre,
    text: Source,
    state: Source | None = None,
    *,
    source: str = "<string>",
    state_source: str = "<state>",
    host: Host | None = None,
) -> list[CheckResult]:
    """Judge attempts; puzzle and state blocks pair by order."""
    puzzles = load(genre, text, source, host)
    if state is None:
        return [judge(p, p.own_marks()) for p in puzzles]
    state, state_source = source_text(state, state_source)
    states = read_blocks(state, state_source)
    if len(states) != len(puzzles):
        raise UsageError(
            f"{source} holds {len(puzzles)} puzzle(s) but {state_source} holds {len(states)} state(s); "
            "they pair by order"
        )
    return [judge(p, p.genre.parse_state(p.instance, s)) for p, s in zip(puzzles, states)]
