"""Hints: the next deduction from a player's state, cheapest rung first, in words.

The puzzle is solved first (hints need exactly one solution).  A mark that
disagrees with the solution is pointed out instead of hinting from a wrong
state.  Otherwise the engine runs from the player's marks with the deduction
log on; the engine always works the cheapest rung first, so the first entry of
the log is the easiest next step, and its reads say what to look at.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from puzzlekit.api import Puzzle, Source, explain_entry, judge, load_one, solve, source_text
from puzzlekit.budget import Budget
from puzzlekit.core.engine import Engine, Timeout
from puzzlekit.core.model import Model
from puzzlekit.core.search import DEFAULT_TIMEOUT, Status, smallest_domain
from puzzlekit.errors import BudgetSpent, PuzzlekitError
from puzzlekit.formats.level import read_blocks
from puzzlekit.genre import Genre
from puzzlekit.host import Host

HintKind = Literal["deduction", "mistake", "solved", "search"]


@dataclass(frozen=True)
class Hint:
    puzzle: Puzzle
    kind: HintKind
    """deduction: the next step; mistake: a mark is wrong; solved: nothing left;
    search: no rule decides anything from here (the step shown is the solution's)."""
    text: str
    variable: int | None
    """The variable the hint is about (the wrong mark, or the one deduced)."""
    mask: int | None
    """What that variable becomes (for a mistake: what the solution has)."""
    reads: tuple[int, ...] = ()
    """The variables the rule looked at."""
    rule: str | None = None
    rung: int = 0
    state: tuple[int, ...] = ()
    """The player's marks as domains (what a picture of the hint draws)."""


def hint(
    genre: str | Genre,
    puzzle: Source | Puzzle,
    state: Source | None = None,
    host: Host | None = None,
    state_source: str = "<state>",
    *,
    timeout: float | None = DEFAULT_TIMEOUT,
) -> Hint:
    """The next step for a player whose marks are ``state`` (default: the puzzle's own
    marks, or none); ``state_source`` names the state in error messages.  Solving and
    deducing share ``timeout`` seconds (None: no deadline)."""
    budget = Budget.of(timeout)
    p = load_one(genre, puzzle, host)
    g, instance = p.genre, p.instance
    solved = solve(g, p, timeout=budget.remaining())
    if solved.status == Status.UNDECIDED:
        why = "the time ran out" if solved.stats.stopped_by == "timeout" else "the search budget ran out"
        raise BudgetSpent(f"{p.where}: {why} before the puzzle was solved, so no hint can be given (see --timeout)")
    if solved.status != Status.UNIQUE:
        raise PuzzlekitError(
            f"{p.where}: hints need a puzzle with exactly one solution; this one is {solved.status.value}"
        )
    answer = solved.solutions[0].values
    model = budget.build(g, instance)
    if model is None:
        raise BudgetSpent(f"{p.where}: the time ran out while building the puzzle's rules (see --timeout)")
    if state is not None:
        state, state_source = source_text(state, state_source)
        blocks = read_blocks(state, state_source)
        if len(blocks) != 1:
            raise PuzzlekitError(f"{state_source}: a hint's state is one drawing of the board, found {len(blocks)}")
        dom = g.parse_state(instance, blocks[0])
    else:
        try:
            dom = g.parse_state(instance, p.block)
        except PuzzlekitError:
            dom = list(model.domains)  # a bare puzzle: no marks yet
    return hint_from(p, dom, answer, model, deadline=budget.deadline)


def hint_from(
    p: Puzzle,
    given: Sequence[int],
    answer: Sequence[int],
    model: Model | None = None,
    deadline: float | None = None,
    markable: Callable[[int, int], bool] | None = None,
) -> Hint:
    """The next step from marks given as domains, for a puzzle whose one solution is
    ``answer`` (the web app keeps both, and keeps marks text cannot hold); the deduction
    stops at ``deadline`` (a ``time.perf_counter()`` value) with BudgetSpent.

    ``markable(var, mask)`` says whether a player can mark what a step deduces (the
    browser cannot mark Shikaku's "one of these two numbers"): the hint is then the first
    step that can be marked, saying what the steps before it found."""
    g, instance = p.genre, p.instance
    model = model or Budget(deadline).build(g, instance)
    if model is None:
        raise BudgetSpent(f"{p.where}: the time ran out while building the puzzle's rules (see --timeout)")
    dom = [d & m for d, m in zip(given, model.domains)]
    marks = tuple(dom)

    for var, (d, value) in enumerate(zip(dom, answer)):
        if not d >> value & 1:
            # Marks the rules cannot hold at all (a Shikaku number claimed by another one)
            # leave nothing after the mask: say what the player marked, not an empty choice.
            yours = g.describe_step(instance, var, d or given[var])
            right = g.describe_step(instance, var, 1 << value)
            words = f"{yours} in your marks, but the solution has: {right}"
            return Hint(p, "mistake", words, var, 1 << value, state=marks)
    if judge(p, given).status == "solved":  # what check says of the same marks
        return Hint(p, "solved", "every mark is in place: the puzzle is solved", None, None, state=marks)

    engine = Engine(model, record=True, deadline=deadline)
    engine.dom[:] = dom
    try:
        engine.start()
    except Timeout:
        raise BudgetSpent(f"{p.where}: the time ran out while deducing from your marks (see --timeout)") from None
    if engine.log:
        log = engine.log
        at = 0 if markable is None else next((i for i, e in enumerate(log) if markable(e.var, e.mask)), 0)
        step, first = explain_entry(p, engine, log[at]), log[at]
        return Hint(p, "deduction", _after(p, engine, at) + step.text, first.var, first.mask, step.reads, step.rule,
                    step.rung, marks)  # fmt: skip
    # Nothing deduces from here: show the solution at the place the search would try.
    var = (model.brancher or smallest_domain)(list(dom))
    mask = 1 << answer[var]
    words = f"no rule decides anything from here; the solution has: {g.describe_step(instance, var, mask)}"
    return Hint(p, "search", words, var, mask, rung=model.search_rung, state=marks)


def _after(p: Puzzle, engine: Engine, at: int) -> str:
    """What the steps before the hinted one found, when they cannot be marked (the first
    in full, then how many more), so the hinted step's reason reads in order."""
    if at == 0 or not engine.log:
        return ""
    first = explain_entry(p, engine, engine.log[0]).text
    more = f", and {at - 1} more step{'s' if at > 2 else ''} like it" if at > 1 else ""
    return f"First {first}{more}. Then "
