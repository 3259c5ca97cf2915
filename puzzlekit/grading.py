"""Grading: the rung a puzzle needs, the deductions each rule made, and the difficulty
name that rung earns in the genre.

The grade is what the laddered solver actually needed: the highest rung that had to
act, or the search rung when deduction alone did not finish.  ``tier`` is that rung's
number (1 = the cheapest; 0 when the givens alone decide every cell, so no rule had to
act); the genre's ``difficulties`` map names onto tiers, a tier 0 board being the easiest.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzlekit.api import Puzzle, SolveResult, Source, load_one, solve
from puzzlekit.core.search import DEFAULT_MAX_NODES, DEFAULT_TIMEOUT, Status
from puzzlekit.genre import Genre
from puzzlekit.host import Host


@dataclass(frozen=True)
class Grade:
    puzzle: Puzzle = field(repr=False)
    status: Status
    tier: int | None
    """The rung needed: 1 is the cheapest; the search rung when deduction did not finish;
    0 when nothing had to be deduced (the givens decide every cell).  None for a puzzle
    without exactly one solution: what it took to find several (or none) grades nothing a
    solver would meet."""
    rung_name: str | None
    difficulty: str | None
    """The genre's name for that tier: the easiest for tier 0, the hardest above it (None
    for a puzzle that is not unique, or a genre that names no difficulties)."""
    rule_counts: dict[str, int] = field(repr=False)
    nodes: int
    seconds: float = field(repr=False)


def difficulty_of(genre: Genre, tier: int) -> str | None:
    """The difficulty whose tier this is; above the hardest, the hardest (it is at least
    that); below the easiest (tier 0: nothing to deduce), the easiest (it is at most that)."""
    if not genre.difficulties:
        return None
    for name, rung in genre.difficulties.items():
        if rung == tier:
            return name
    hardest = max(genre.difficulties, key=lambda name: genre.difficulties[name])
    easiest = min(genre.difficulties, key=lambda name: genre.difficulties[name])
    if tier > genre.difficulties[hardest]:
        return hardest
    return easiest if tier < genre.difficulties[easiest] else None


def grade_result(result: SolveResult) -> Grade:
    genre = result.puzzle.genre
    unique = result.status == Status.UNIQUE
    s = result.stats
    return Grade(
        result.puzzle,
        result.status,
        s.rung if unique else None,
        s.rung_name if unique else None,
        difficulty_of(genre, s.rung) if unique else None,
        s.rule_counts,
        s.nodes,
        s.seconds,
    )


def grade(
    genre: str | Genre,
    puzzle: Source | Puzzle,
    *,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    timeout: float | None = DEFAULT_TIMEOUT,
    host: Host | None = None,
) -> Grade:
    """Solve with the whole ladder and report what it took."""
    p = load_one(genre, puzzle, host)
    return grade_result(solve(p.genre, p, max_nodes=max_nodes, timeout=timeout))
