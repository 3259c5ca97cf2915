"""Analysis for setters: why a draft is not unique, and what would fix it.

- several solutions: two of them, where they differ, and clues that make the puzzle
  unique (read off the first solution, or off another when the first has a twin that no
  clue can tell apart from it);
- one solution: the clues that could each be removed without losing that;
- none: a minimal set of clues that already has no solution (remove any one of
  them and the contradiction goes away), found by deletion filtering in halving
  chunks, and the rule that saw it.
Each question is a solve; all of them share one time budget (``timeout``), and an
answer cut short by it says so in ``note`` instead of passing for a complete one.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    """Clues read off one solution (the target), added until the board is proven unique.

    The first solution is the first target.  A target *blind* to another solution (every
    clue position free to take a clue reads the same in both, as when Kakuro digits swap and
    every run keeps its sum) can never be made the only one, so then the target is the next
    solution found that is blind to no other found, with up to ``POOL`` solutions counted
    when those at hand run out.  ``add`` holds clues only once the board with them is proven
    unique; otherwise ``tried`` holds the last target's clues and the note says why: every
    solution has a blind twin (the board must change), every one looked at did, or the
    budget ended the search.
    """
    first, second = solutions[0].values, solutions[1].values
    differences = tuple(v for v, (a, b) in enumerate(zip(first, second)) if a != b)
    free = [pos for pos in g.clue_positions(p.instance) if g.clue_at(p.instance, pos) is None]
    reading: dict[tuple[int, ...], list[int | None]] = {}
    pool: list[list[int]] = []
    for shown in (first, second):
        _meet(g, p.instance, free, list(shown), pool, reading)
    counted = exhaustive = False
    targets: list[list[int]] = []  # tried, and blind to a solution found since
    blind_at: tuple[int, ...] = ()  # where the first blind pair found differs
    added: list[Clue] = []

    def stopped(note: str, complete: bool = True) -> Analysis:
        return Analysis(p, Status.MULTIPLE, solutions[:2], differences, tried=added, note=note, complete=complete)

    if not free:
        where = f"no clue position of {g.name} is left without one"
        return stopped(f"no clue can be added: {where}, so the board itself needs changing")
    while True:
        blind = [(t, o) for t in pool if t not in targets for o in pool if o is not t and _blind(reading, t, o)]
        if blind and not blind_at:
            t, o = blind[0]
            blind_at = tuple(v for v, (a, b) in enumerate(zip(t, o)) if a != b)
        target = next((t for t in pool if t not in targets and all(t is not b for b, _ in blind)), None)
        if target is None and not counted:
            counted = True
            model = budget.build(g, p.instance)
            if model is None:
                return stopped(f"{_blind_note(g, p, blind_at)}; the time ran out before others were counted", False)
            left = budget.remaining()
            timeout = None if left is None else max(left / 2, MIN_SLICE)
            outcome = count_solutions(model, limit=POOL, max_nodes=BUDGET, timeout=timeout, record=False)
            for found in outcome.solutions:
                _meet(g, p.instance, free, found, pool, reading)
            exhaustive = outcome.exhausted
            continue
        if target is None:
            if exhaustive:
                return stopped(
                    f"{_blind_note(g, p, blind_at)}, and each of its {len(pool)} solutions has such a twin: "
                    f"no clue {g.name} can give makes it unique, so the board itself needs changing"
                )
            return stopped(
                f"{_blind_note(g, p, blind_at)}, and so does each of the {len(pool)} solutions looked at "
                "(there are more): none of them can be made the only one",
                False,
            )
        targets.append(target)
        tried = _target(g, p, target, [s for s in pool if s is not target], budget)
        added = tried.added
        if tried.unique:
            why = "no clues make either of them the only one, so these are read off another solution"
            note = "" if target is pool[0] else f"{_blind_note(g, p, blind_at)}: {why}"
            return Analysis(p, Status.MULTIPLE, solutions[:2], differences, add=added, note=note)
        if tried.note:
            return stopped(tried.note, tried.complete)
        for s in tried.seen:
            _meet(g, p.instance, free, s, pool, reading)


POOL = 16
"""Solutions counted to look for a target when every one at hand has a blind twin."""


def _meet(
    g: Genre,
    instance: Any,
    free: list[Any],
    s: list[int],
    pool: list[list[int]],
    reading: dict[tuple[int, ...], list[int | None]],
) -> None:
    """Add ``s`` to ``pool`` (once) with its reading: the clue it shows at each free
    position, None where no clue can say it."""
    key = tuple(s)
    if key in reading:
        return
    clues = [g.clue_of_solution(instance, pos, s) for pos in free]
    reading[key] = [c if _sayable(g, instance, pos, c) else None for pos, c in zip(free, clues)]
    pool.append(s)


def _blind(reading: dict[tuple[int, ...], list[int | None]], target: list[int], other: list[int]) -> bool:
    """No clue read off ``target`` tells ``other`` apart: clues never make ``target`` the only one."""
    mine, theirs = reading[tuple(target)], reading[tuple(other)]
    return all(m is None or m == t for m, t in zip(mine, theirs))


@dataclass
class _Tried:
    """One target's clues: they made it unique, or a note says why not, or (neither) a
    solution it is blind to turned up among ``seen``."""

    added: list[Clue]
    unique: bool = False
    note: str = ""
    complete: bool = True
    seen: list[list[int]] = field(default_factory=list)


def _target(g: Genre, p: Puzzle, target: list[int], others: list[list[int]], budget: Budget) -> _Tried:
    """Clues read off ``target``, each telling it from another solution of the board as it
    stands (one that settles everything at once first), until the board is unique."""
    instance = p.instance
    added: list[Clue] = []
    out_of_time = "the time ran out while choosing clues; the ones tried do not make it unique"
    for _ in range(MAX_ADDED):
        if budget.spent():
            return _Tried(added, note=out_of_time, complete=False)
        splits = [_splitters(g, instance, target, other) for other in others]
        if not all(splits):
            return _Tried(added, seen=others)
        candidates = splits[0]
        settles = next(
            (
                pos
                for pos in candidates
                if _status(g, g.with_clue(instance, pos, g.clue_of_solution(instance, pos, target)), budget)
                == Status.UNIQUE
            ),
            None,
        )
        chosen = candidates[0] if settles is None else settles
        value = g.clue_of_solution(instance, chosen, target)
        added.append(Clue(chosen, g.clue_name(instance, chosen), value))
        instance = g.with_clue(instance, chosen, value)
        model = budget.build(g, instance)
        if model is None:
            return _Tried(added, note=out_of_time, complete=False)
        outcome = count_solutions(model, limit=3, max_nodes=BUDGET, timeout=budget.remaining(), record=False)
        if outcome.status == Status.UNIQUE:
            return _Tried(added, unique=True)
        if outcome.status == Status.UNDECIDED:
            why = "a search ran out of budget while choosing clues; the ones tried are not proven"
            return _Tried(added, note=why, complete=False)
        if outcome.status != Status.MULTIPLE:
            raise PuzzlekitError(f"{p.where}: adding clues made the puzzle {outcome.status.value}; this is a bug")
        others = [s for s in outcome.solutions if s != target]
    return _Tried(
        added, note=f"the {len(added)} clues tried still leave several solutions ({MAX_ADDED} at most)", complete=False
    )


def _splitters(g: Genre, instance: Any, target: Sequence[int], other: Sequence[int]) -> list[Any]:
    """The positions free to take a clue that tell ``target`` from ``other`` by a clue
    that can be said there."""
    return [
        pos
        for pos in g.clue_positions(instance)
        if g.clue_at(instance, pos) is None
        and g.clue_of_solution(instance, pos, target) != g.clue_of_solution(instance, pos, other)
        and _sayable(g, instance, pos, g.clue_of_solution(instance, pos, target))
    ]


def _blind_note(g: Genre, p: Puzzle, where: tuple[int, ...]) -> str:
    places = ", ".join(g.describe(p.instance, v) for v in where[:6]) + (", ..." if len(where) > 6 else "")
    return f"two solutions differ only where no clue {g.name} can give tells them apart ({places})"


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
