"""Analysis for setters: why a draft is not unique, and what would fix it.

- several solutions: two of them, where they differ, and clues (read off the
  first solution where the two disagree) that make the puzzle unique;
- one solution: the clues that could each be removed without losing that;
- none: a minimal set of clues that already has no solution (remove any one of
  them and the contradiction goes away), found by deletion filtering in halving
  chunks, and the rule that saw it.
Each question is a solve; all of them share one time budget (``timeout``), and an
answer cut short by it says so in ``note`` instead of passing for a complete one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from puzzlekit.api import Puzzle, Solution, SolveResult, Source, load_one, solve
from puzzlekit.budget import MIN_SLICE, Budget
from puzzlekit.core.search import DEFAULT_TIMEOUT, Status, count_solutions
from puzzlekit.errors import PuzzlekitError
from puzzlekit.genre import Genre
from puzzlekit.host import Host

BUDGET = 20_000
MAX_ADDED = 12


@dataclass(frozen=True)
class Clue:
    position: Any
    name: str
    """The clue's place in words ("r2c3")."""
    value: int


@dataclass(frozen=True)
class Analysis:
    puzzle: Puzzle
    status: Status
    solutions: list[Solution]
    differences: tuple[int, ...] = ()
    """Variables where the two solutions shown differ."""
    add: list[Clue] = field(default_factory=list)
    """Clues that, added together, make the puzzle unique (several solutions): proven, the
    board with them solved again; empty when no such clues were found."""
    tried: list[Clue] = field(default_factory=list)
    """Clues added before the search for ``add`` stopped (they did not make it unique)."""
    removable: list[Clue] = field(default_factory=list)
    """Clues each of which could go without losing uniqueness (one solution)."""
    contradiction: list[Clue] = field(default_factory=list)
    """A set of the given clues that has no solution (none); minimal unless ``note`` says not."""
    rule: str | None = None
    """The rule that found the contradiction at the root, if one did."""
    note: str = ""
    """Why an answer is partial (the time ran out, a search was undecided), or empty."""
    complete: bool = True
    """False when the budget cut the analysis short (``note`` says where)."""
    clues_known: bool = True
    """False when the genre does not describe its clues: no clue advice was looked for."""


def _status(genre: Genre, instance: Any, budget: Budget, share: int = 1) -> Status:
    """The status under the node budget and ``1/share`` of the time left (so each of
    ``share`` questions still to ask gets its turn)."""
    model = budget.build(genre, instance)
    if model is None:
        return Status.UNDECIDED
    left = budget.remaining()
    timeout = None if left is None else max(left / share, MIN_SLICE)
    return count_solutions(model, limit=2, max_nodes=BUDGET, timeout=timeout, record=False).status


def _given(genre: Genre, instance: Any) -> list[Clue]:
    out = []
    for position in genre.clue_positions(instance):
        value = genre.clue_at(instance, position)
        if value is not None:
            out.append(Clue(position, genre.clue_name(instance, position), value))
    return out


def analyze(
    genre: str | Genre, puzzle: Source | Puzzle, host: Host | None = None, *, timeout: float | None = DEFAULT_TIMEOUT
) -> Analysis:
    """The analysis of one draft, all of it within ``timeout`` seconds (None: no deadline)."""
    budget = Budget.of(timeout)
    p = load_one(genre, puzzle, host)
    result = solve(p.genre, p, limit=2, max_nodes=BUDGET, timeout=budget.remaining())
    return advise(p, result, budget.remaining())


def advise(p: Puzzle, result: SolveResult, timeout: float | None = DEFAULT_TIMEOUT) -> Analysis:
    """The analysis of a draft already solved (``solve`` with ``limit=2``: the web app's
    editor grades from the same solve), its questions within ``timeout`` seconds."""
    budget = Budget.of(timeout)
    g, instance = p.genre, p.instance
    try:
        g.clue_positions(instance)
    except NotImplementedError:
        note = f"{g.name} does not describe its clues (Genre.clue_positions), so no clue can be suggested"
        return Analysis(p, result.status, result.solutions, note=note, clues_known=False)
    if result.status == Status.MULTIPLE:
        return _several(g, p, result.solutions, budget)
    if result.status == Status.UNIQUE:
        return _removable(g, p, result.solutions, budget)
    if result.status == Status.NONE:
        return _contradiction(g, p, result, budget)
    why = "the time ran out" if result.stats.stopped_by == "timeout" else "the search budget ran out"
    return Analysis(p, result.status, result.solutions, note=f"{why} before an answer", complete=False)


def _removable(g: Genre, p: Puzzle, solutions: list[Solution], budget: Budget) -> Analysis:
    given = _given(g, p.instance)
    removable: list[Clue] = []
    undecided = 0
    for checked, clue in enumerate(given):
        if budget.spent():
            note = f"the time ran out after {checked} of {len(given)} clues; only those were tried"
            return Analysis(p, Status.UNIQUE, solutions, removable=removable, note=note, complete=False)
        status = _status(g, g.with_clue(p.instance, clue.position, None), budget, share=len(given) - checked)
        if status == Status.UNIQUE:
            removable.append(clue)
        undecided += status == Status.UNDECIDED
    note = f"{undecided} clue(s) could not be decided within their share of the budget" if undecided else ""
    return Analysis(p, Status.UNIQUE, solutions, removable=removable, note=note, complete=not undecided)


def _several(g: Genre, p: Puzzle, solutions: list[Solution], budget: Budget) -> Analysis:
    """Clues read off the first solution, added until the board is proven unique.

    Each round looks at the solutions the board has now; a clue that tells the first
    solution apart from one of them is added (one that settles everything at once
    first).  ``add`` holds clues only once the board with them is proven unique; when
    no clue position separates the solutions left, or the budget ends the search, the
    clues tried are ``tried`` and the note says why instead of advice that does not work.
    """
    first, second = solutions[0].values, solutions[1].values
    differences = tuple(v for v, (a, b) in enumerate(zip(first, second)) if a != b)
    instance = p.instance
    added: list[Clue] = []
    others = [list(second)]  # solutions of the board as it stands, other than the first

    def stopped(note: str, complete: bool = True) -> Analysis:
        return Analysis(p, Status.MULTIPLE, solutions[:2], differences, tried=added, note=note, complete=complete)

    for _ in range(MAX_ADDED):
        if budget.spent():
            return stopped("the time ran out while choosing clues; the ones tried do not make it unique", False)
        candidates: list[Any] = []
        for other in others:
            candidates = [
                pos
                for pos in g.clue_positions(instance)
                if g.clue_at(instance, pos) is None
                and g.clue_of_solution(instance, pos, first) != g.clue_of_solution(instance, pos, other)
                and _sayable(g, instance, pos, g.clue_of_solution(instance, pos, first))
            ]
            if candidates:
                break
        if not candidates:
            break
        # Prefer a single clue that settles everything; else take the first that splits them.
        settles = next(
            (
                pos
                for pos in candidates
                if _status(g, g.with_clue(instance, pos, g.clue_of_solution(instance, pos, first)), budget)
                == Status.UNIQUE
            ),
            None,
        )
        chosen = candidates[0] if settles is None else settles
        value = g.clue_of_solution(instance, chosen, first)
        added.append(Clue(chosen, g.clue_name(instance, chosen), value))
        instance = g.with_clue(instance, chosen, value)
        model = budget.build(g, instance)
        if model is None:
            return stopped("the time ran out while choosing clues; the ones tried do not make it unique", False)
        outcome = count_solutions(model, limit=3, max_nodes=BUDGET, timeout=budget.remaining(), record=False)
        if outcome.status == Status.UNIQUE:
            return Analysis(p, Status.MULTIPLE, solutions[:2], differences, add=added)
        if outcome.status == Status.UNDECIDED:
            return stopped("a search ran out of budget while choosing clues; the ones tried are not proven", False)
        if outcome.status != Status.MULTIPLE:
            raise PuzzlekitError(f"{p.where}: adding clues made the puzzle {outcome.status.value}; this is a bug")
        others = [s for s in outcome.solutions if s != list(first)]
    what = f"the {len(added)} clue(s) found still leave several solutions" if added else "no clue can be added"
    return stopped(
        f"{what}: no clue position of {g.name} tells the remaining solutions apart within {MAX_ADDED} clues, "
        "so the board itself needs changing"
    )


def _sayable(g: Genre, instance: Any, position: Any, value: int) -> bool:
    """Can a clue say ``value`` there (a Slitherlink cell the loop runs round alone shows 4,
    which no clue says)?"""
    values = g.clue_values(instance, position)
    return values is None or value in values


def _contradiction(g: Genre, p: Puzzle, result: Any, budget: Budget) -> Analysis:
    engine = result._outcome.engine if result._outcome is not None else None
    rule = engine.props[engine.failed].rule.name if engine is not None and engine.failed >= 0 else None
    core, complete = _minimal_core(g, p.instance, _given(g, p.instance), budget)
    note = (
        ""
        if complete
        else (
            f"the time ran out before the set was minimal: {len(core)} clues still in it"
            if budget.spent()
            else "a search ran out of budget, so the set may not be minimal"
        )
    )
    return Analysis(p, Status.NONE, [], contradiction=core, rule=rule, note=note, complete=complete)


def _minimal_core(g: Genre, instance: Any, clues: list[Clue], budget: Budget) -> tuple[list[Clue], bool]:
    """Deletion filtering in halving chunks: drop a chunk of clues whenever the board
    stays impossible without it, then try smaller chunks, down to single clues.  Fewer
    clues never make a board less solvable, so a clue found necessary stays necessary:
    the last pass (chunks of one) leaves a minimal set, if every search decided."""
    core = list(clues)
    decided = True
    chunk = max(1, len(core) // 2)
    while True:
        i = 0
        while i < len(core):
            if budget.spent():
                return core, False
            part = core[i : i + chunk]
            trial = instance
            for clue in part:
                trial = g.with_clue(trial, clue.position, None)
            status = _status(g, trial, budget)
            if status == Status.NONE:
                instance = trial
                del core[i : i + chunk]
            else:
                decided = decided and (status != Status.UNDECIDED or len(part) > 1)
                i += len(part)
        if chunk == 1:
            return core, decided and not budget.spent()
        chunk = max(1, chunk // 2)
