"""The setter's editor, without any web framework: a draft puzzle's clue spots, a change
at a spot, and the verdict on the draft (unique, several solutions, none) with its grade
and the analyzer's advice, all within a second.

Everything goes through the genre contract: ``clue_spots`` says where a setter clicks and
what a click cycles through, ``edit_clue`` makes the change, ``write`` and ``parse``
carry the draft as level text (the genre's own parser refuses a board it cannot have,
with its own words), ``puzzlekit.analysis.advise`` finds clues that would make the draft
unique, and the solver grades it.  Every solve runs under a node budget and a deadline.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from puzzlekit.analysis import BUDGET, Analysis, Clue, advise
from puzzlekit.api import load, solve
from puzzlekit.core.model import domains_of
from puzzlekit.core.search import Status
from puzzlekit.errors import PuzzlekitError
from puzzlekit.formats.level import write_block
from puzzlekit.genre import ClueSpot, Genre
from puzzlekit.grading import difficulty_of
from puzzlekit.pictures import can_draw
from puzzlekit.pictures.svg import num
from puzzlekit.web import play
from puzzlekit.web.play import Board, PlayError

KEPT_META = ("title", "author", "source")
"""Metadata a draft keeps over a change (a generated puzzle's seed and tier no longer hold)."""
SOLVE_SHARE = 0.5
"""The part of the verdict's budget the solve (status and grade) gets; the advice the rest."""
VERDICTS = {Status.UNIQUE: "unique", Status.MULTIPLE: "multiple", Status.NONE: "none", Status.UNDECIDED: "unknown"}


def editable(genre: Genre) -> bool:
    """Can the genre be edited in the browser: it draws, and it says where clues go?"""
    return can_draw(genre) and type(genre).clue_spots is not Genre.clue_spots


def spots(board: Board) -> list[ClueSpot]:
    return _spots(board.genre, board.text)


@lru_cache(maxsize=64)
def _spots(genre: Genre, text: str) -> list[ClueSpot]:
    return genre.clue_spots(load(genre, text, "puzzle")[0].instance)  # parsed again: no model built


def blank(genre: Genre, cols: int, rows: int, max_cells: int) -> Board:
    """An empty board of the size asked for."""
    if cols * rows > max_cells:
        raise play.TooLarge(f"size: this server edits boards of at most {max_cells} cells")
    try:
        instance = genre.blank(cols, rows)
    except NotImplementedError:
        raise PlayError(f"{genre.name} has no empty board to start from (Genre.blank)") from None
    return play.open_board(genre, "\n".join(genre.write(instance)) + "\n", max_cells, "the empty board")


@dataclass(frozen=True)
class Change:
    spot: int
    value: int | None


def changed(board: Board, changes: Sequence[Change], max_cells: int) -> Board:
    """The draft with each change made in turn, read back through the genre's parser."""
    genre, instance = board.genre, board.puzzle.instance
    meta = {k: v for k, v in board.puzzle.meta.items() if k in KEPT_META}
    for change in changes:
        here = genre.clue_spots(instance)
        if not 0 <= change.spot < len(here):
            raise PlayError(f"spot: {change.spot} is not a clue spot of this board (0 to {len(here) - 1})")
        instance = genre.edit_clue(instance, here[change.spot].position, change.value)
    text = write_block(genre.write(instance), meta)
    try:
        return play.open_board(genre, text, max_cells, "the changed board")
    except PlayError:
        raise
    except PuzzlekitError as err:  # the genre's own words: "a board needs at least one island"
        message = getattr(err, "message", str(err))
        raise PlayError(f"that change makes a board {genre.name} cannot have: {message}") from None


@dataclass(frozen=True)
class Advice:
    add: list[Clue] = field(default_factory=list)
    removable: list[Clue] = field(default_factory=list)
    contradiction: list[Clue] = field(default_factory=list)
    tried: list[Clue] = field(default_factory=list)
    rule: str | None = None
    note: str = ""
    clues_known: bool = True
    """False for a genre without ``clue_positions``: no clue advice was looked for."""


@dataclass(frozen=True)
class Verdict:
    verdict: str
    """unique, multiple, none, or unknown (the budget ran out first)."""
    rung: int | None
    rung_name: str | None
    difficulty: str | None
    differences: tuple[int, ...]
    """Variables where two solutions differ (multiple)."""
    solution: list[int] | None
    """The first solution as marks (unique or multiple)."""
    advice: Advice
    seconds: float


def verdict(board: Board, budget: float, max_nodes: int = BUDGET) -> Verdict:
    """Solve the draft (two solutions at most) and grade it, then ask the analyzer for
    advice, all within ``budget`` seconds and ``max_nodes`` search nodes per question."""
    started = time.perf_counter()
    p = board.puzzle
    result = solve(p.genre, p, limit=2, max_nodes=max_nodes, timeout=budget * SOLVE_SHARE)
    unique = result.status == Status.UNIQUE
    stats = result.stats
    left = max(budget - (time.perf_counter() - started), 0.01)
    found = advise(p, result, left) if result.status != Status.UNDECIDED else None
    solution = domains_of(result.solutions[0].values) if result.solutions else None
    return Verdict(
        VERDICTS[result.status],
        stats.rung if unique else None,
        stats.rung_name if unique else None,
        difficulty_of(p.genre, stats.rung) if unique else None,
        found.differences if found is not None else (),
        solution,
        _advice(found, result.stats.stopped_by, budget),
        time.perf_counter() - started,
    )


def _advice(found: Analysis | None, stopped_by: str | None, budget: float) -> Advice:
    if found is None:
        why = "the time" if stopped_by == "timeout" else "the search budget"
        return Advice(note=f"{why} ran out before the solver decided ({num(budget)} s for the editor's verdict)")
    return Advice(
        found.add, found.removable, found.contradiction, found.tried, found.rule, found.note, found.clues_known
    )


def spot_of(board: Board, clue: Clue) -> int | None:
    """The clue spot where an analyzer's clue stands, when the genre's spots and clue
    positions agree (they are the same positions in most genres)."""
    for i, spot in enumerate(spots(board)):
        if spot.position == clue.position:
            return i
    return None


def picture(board: Board, found: Verdict | None = None) -> str:
    """The draft as the editor shows it: bare, or (several solutions) with the places where
    two solutions differ drawn as one of them has them, in the hint colour; the places, then
    the clue spots (``data-clue="I"``), laid over it."""
    state = None
    differences: tuple[int, ...] = ()
    if found is not None and found.verdict == "multiple" and found.solution is not None:
        differences = found.differences
        state = list(board.blank)
        for var in differences:  # only where two solutions differ: one of them, in the hint colour
            state[var] = found.solution[var]
    svg = play.picture(board, state, hint=differences, places=False)
    return play.layered(svg, play.place_layer(board.places), _spot_layer(tuple(spots(board))))


@lru_cache(maxsize=64)
def _spot_layer(spots: tuple[ClueSpot, ...]) -> str:
    polygons = "".join(
        f'<polygon class="clue" data-clue="{i}" points="{play.polygon(s.outline)}" fill="#000" fill-opacity="0" />'
        for i, s in enumerate(spots)
    )
    return f'<g class="clues">{polygons}</g>\n'


def advice_words(found: Verdict) -> str:
    """The verdict and the analyzer's advice in a sentence or two, for the page."""
    a = found.advice
    note = a.note if a.clues_known else ""  # "this genre does not describe its clues" helps nobody here
    note = note[:1].upper() + note[1:] + ("" if not note or note.endswith(".") else ".")  # a sentence of its own

    def named(clues: Sequence[Clue]) -> str:
        return ", ".join(f"{c.value} at {c.name}" for c in clues)

    if found.verdict == "unique":
        graded = f"Unique: it needs {found.rung_name} (rung {found.rung})" if found.rung_name else "Unique"
        graded += f", {found.difficulty}." if found.difficulty else "."
        if a.removable:
            graded += f" These clues could each go and it stays unique: {', '.join(c.name for c in a.removable)}."
        return f"{graded} {note}".strip()
    if found.verdict == "multiple":
        if a.add:
            return f"Several solutions: the places where two differ are marked. Add {named(a.add)} to make it unique."
        return f"Several solutions: the places where two differ are marked. {note}".strip()
    if found.verdict == "none":
        why = f" ({a.rule} sees it)" if a.rule else ""
        if a.contradiction:
            return f"No solution: these clues cannot all hold{why}: {', '.join(c.name for c in a.contradiction)}."
        return f"No solution{why}. {note}".strip()
    return f"Not decided in time. {a.note}".strip()
