"""Analysis for setters: why a draft is not unique, and what would fix it.

- several solutions: two of them, where they differ, and clues (read off the
  first solution where the two disagree) that make the puzzle unique;
- one solution: the clues that could each be removed without losing that;
- none: a smallest set of clues found that already has no solution (remove any
  one of them and the contradiction goes away), and the rule that saw it.
Each question is a solve, under the usual budgets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from puzzlekit.api import Puzzle, Solution, load_one, solve
from puzzlekit.core.search import Status, count_solutions
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
    """Clues added before the search for ``add`` gave up (they did not make it unique)."""
    removable: list[Clue] = field(default_factory=list)
    """Clues each of which could go without losing uniqueness (one solution)."""
    contradiction: list[Clue] = field(default_factory=list)
    """A smallest set of the given clues found that has no solution (none)."""
    rule: str | None = None
    """The rule that found the contradiction at the root, if one did."""
    note: str = ""
    clues_known: bool = True
    """False when the genre does not describe its clues: no clue advice was looked for."""


def _status(genre: Genre, instance: Any) -> Status:
    return count_solutions(genre.build(instance), limit=2, max_nodes=BUDGET, timeout=None, record=False).status


def _given(genre: Genre, instance: Any) -> list[Clue]:
    out = []
    for position in genre.clue_positions(instance):
        value = genre.clue_at(instance, position)
        if value is not None:
            out.append(Clue(position, genre.clue_name(instance, position), value))
    return out


def analyze(genre: str | Genre, puzzle: str | Puzzle, host: Host | None = None) -> Analysis:
    p = load_one(genre, puzzle, host)
    g, instance = p.genre, p.instance
    result = solve(g, p, limit=2, max_nodes=BUDGET)
    try:
        g.clue_positions(instance)
    except NotImplementedError:
        note = f"{g.name} does not describe its clues (Genre.clue_positions), so no clue can be suggested"
        return Analysis(p, result.status, result.solutions, note=note, clues_known=False)
    if result.status == Status.MULTIPLE:
        return _several(g, p, result.solutions)
    if result.status == Status.UNIQUE:
        removable = [
            clue
            for clue in _given(g, instance)
            if _status(g, g.with_clue(instance, clue.position, None)) == Status.UNIQUE
        ]
        return Analysis(p, result.status, result.solutions, removable=removable)
    if result.status == Status.NONE:
        return _contradiction(g, p, result)
    return Analysis(p, result.status, result.solutions, note="the search budget ran out before an answer")


def _several(g: Genre, p: Puzzle, solutions: list[Solution]) -> Analysis:
    """Clues read off the first solution, added until the board is proven unique.

    Each round looks at the two solutions the board has now; a clue that tells the
    first solution apart from either is added (one that settles everything at once
    first).  It stops only on a proof: unique with the clues added, or no clue
    position that separates the solutions left, which is said plainly instead of
    advice that does not work.
    """
    first, second = solutions[0].values, solutions[1].values
    differences = tuple(v for v, (a, b) in enumerate(zip(first, second)) if a != b)
    instance = p.instance
    added: list[Clue] = []
    others = [list(second)]  # solutions of the board as it stands, other than the first
    unique = False
    for _ in range(MAX_ADDED):
        candidates: list[Any] = []
        for other in others:
            candidates = [
                pos
                for pos in g.clue_positions(instance)
                if g.clue_at(instance, pos) is None
                and g.clue_of_solution(instance, pos, first) != g.clue_of_solution(instance, pos, other)
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
                if _status(g, g.with_clue(instance, pos, g.clue_of_solution(instance, pos, first))) == Status.UNIQUE
            ),
            None,
        )
        chosen = candidates[0] if settles is None else settles
        value = g.clue_of_solution(instance, chosen, first)
        added.append(Clue(chosen, g.clue_name(instance, chosen), value))
        instance = g.with_clue(instance, chosen, value)
        outcome = count_solutions(g.build(instance), limit=3, max_nodes=BUDGET, timeout=None, record=False)
        if outcome.status == Status.UNIQUE:
            unique = True
            break
        if outcome.status != Status.MULTIPLE:
            if outcome.status == Status.NONE:
                raise PuzzlekitError(f"{p.where}: adding clues made the puzzle {outcome.status.value}; this is a bug")
            break  # undecided within the budget: no claim either way
        others = [s for s in outcome.solutions if s != list(first)]
    if unique:
        return Analysis(p, Status.MULTIPLE, solutions[:2], differences, add=added)
    what = f"the {len(added)} clue(s) found still leave several solutions" if added else "no clue can be added"
    note = (
        f"{what}: no clue position of {g.name} tells the remaining solutions apart within {MAX_ADDED} clues, "
        "so the board itself needs changing"
    )
    return Analysis(p, Status.MULTIPLE, solutions[:2], differences, add=[], tried=added, note=note)


def _contradiction(g: Genre, p: Puzzle, result: Any) -> Analysis:
    engine = result._outcome.engine if result._outcome is not None else None
    rule = engine.props[engine.failed].rule.name if engine is not None and engine.failed >= 0 else None
    instance = p.instance
    core = _given(g, instance)
    # Deletion filter: drop each clue whose absence keeps the board impossible.
    for clue in list(core):
        trial = g.with_clue(instance, clue.position, None)
        if _status(g, trial) == Status.NONE:
            instance = trial
            core.remove(clue)
    return Analysis(p, Status.NONE, [], contradiction=core, rule=rule)
