"""The setter's editor, without any web framework: a draft puzzle's clue spots, a change
at a spot, and the verdict on the draft (unique, several solutions, none) with its grade
and the analyzer's advice, all within a second.

Everything goes through the genre contract: ``clue_spots`` says where a setter clicks and
what a click cycles through, ``edit_clue`` makes the change, ``write`` and ``parse``
carry the draft as level text (the genre's own parser refuses a board it cannot have,
with its own words), ``puzzlekit.analysis.advise`` finds clues that would make the draft
unique, and the solver grades it.  Every solve runs under a node budget and a deadline.
A grid genre with given regions (``GridGenre.regions_of``) gets a wall spot on every edge
between two cells as well (``puzzlekit.grid.walledit``): its regions are what the walls
cut, and a draft whose walls close no region yet is judged ``invalid``, naming them.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from puzzlekit.analysis import BUDGET, Analysis, Clue, advise
from puzzlekit.api import Puzzle, SolveResult, load, solve
from puzzlekit.core.model import domains_of
from puzzlekit.core.search import Status
from puzzlekit.errors import PuzzlekitError
from puzzlekit.formats.level import write_block
from puzzlekit.genre import ClueSpot, Genre
from puzzlekit.grading import difficulty_of
from puzzlekit.grid import walledit
from puzzlekit.grid.genre import GridGenre
from puzzlekit.grid.walledit import Wall, WallDraft
from puzzlekit.pictures import can_draw, theme
from puzzlekit.pictures.svg import num
from puzzlekit.web import play
from puzzlekit.web.play import Board, PlayError

KEPT_META = ("title", "author", "source")
"""Metadata a draft keeps over a change (a generated puzzle's seed and tier no longer hold)."""
LOOSE_WIDTH = 0.09
"""A loose wall's stroke, in cells (a closed wall's is ``theme.BORDER_WIDTH``)."""
SOLVE_SHARE = 0.5
"""The part of the verdict's budget the solve (status and grade) gets; the advice the rest."""
VERDICTS = {Status.UNIQUE: "unique", Status.MULTIPLE: "multiple", Status.NONE: "none", Status.UNDECIDED: "unknown"}


def editable(genre: Genre) -> bool:
    """Can the genre be edited in the browser: it draws, and it says where clues go or
    has regions to draw?"""
    return can_draw(genre) and (type(genre).clue_spots is not Genre.clue_spots or walled(genre))


def walled(genre: Genre) -> bool:
    """Does the editor draw the genre's regions as walls (``GridGenre.regions_of`` and
    ``with_regions`` both given)?"""
    kind = type(genre)
    if not issubclass(kind, GridGenre):
        return False
    return kind.regions_of is not GridGenre.regions_of and kind.with_regions is not GridGenre.with_regions


def walls_of(genre: Genre, instance: object, meta: dict[str, str]) -> WallDraft | None:
    """The draft's regions and loose walls (``# walls:``), for a genre with regions."""
    if not isinstance(genre, GridGenre) or not walled(genre):
        return None
    regions = genre.regions_of(instance)
    if regions is None:
        return None
    try:
        return walledit.draft_of(regions, meta)
    except PuzzlekitError as err:
        raise PlayError(str(err)) from None


def spots(board: Board) -> list[ClueSpot]:
    return _spots(board.genre, board.text)


@lru_cache(maxsize=64)
def _spots(genre: Genre, text: str) -> list[ClueSpot]:
    p = load(genre, text, "puzzle")[0]  # parsed again: no model built
    return _spots_of(genre, p.instance, walls_of(genre, p.instance, p.meta))


def _spots_of(genre: Genre, instance: object, walls: WallDraft | None) -> list[ClueSpot]:
    """A genre with regions: first a wall spot on every edge (spot ``e`` is edge ``e``, as
    the regions change), then the genre's clue spots."""
    out = genre.clue_spots(instance)
    if walls is not None and isinstance(genre, GridGenre):
        out = walledit.spots(walls, genre.cell_squares(instance)) + out
    return out


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


def changed(draft: Puzzle, changes: Sequence[Change], max_cells: int) -> Board:
    """The draft with each change made in turn, read back through the genre's parser (the
    draft's own model is never built: only the changed board's)."""
    genre, instance = draft.genre, draft.instance
    meta = {k: v for k, v in draft.meta.items() if k in KEPT_META}
    walls = walls_of(genre, instance, draft.meta)
    try:
        for change in changes:
            here = _spots_of(genre, instance, walls)
            if not 0 <= change.spot < len(here):
                raise PlayError(f"spot: {change.spot} is not a clue spot of this board (0 to {len(here) - 1})")
            position = here[change.spot].position
            if isinstance(position, Wall) and walls is not None and isinstance(genre, GridGenre):
                walls = walls.toggled(position.edge, change.value is not None)
                instance = genre.with_regions(instance, walls.regions)
            else:
                instance = genre.edit_clue(instance, position, change.value)
        if walls is not None and walls.loose:
            meta[walledit.WALLS_KEY] = walledit.write_loose(walls.regions.grid, walls.loose)
        text = write_block(genre.write(instance), meta)
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
    where: str = ""
    """No solution, a genre without clue positions: what ``rule`` saw it in (a region)."""


@dataclass(frozen=True)
class Verdict:
    verdict: str
    """unique, multiple, none, unknown (the budget ran out first) or invalid (no puzzle
    yet: a wall that closes no region)."""
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
    walls = walls_of(p.genre, p.instance, p.meta)
    if walls is not None and walls.loose:
        return _unclosed(board, walls, time.perf_counter() - started)
    # The board's model, built as the draft was read, is searched: not built a second time.
    result = solve(p.genre, p, limit=2, max_nodes=max_nodes, timeout=budget * SOLVE_SHARE, model=board.model)
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
        _advice(found, result, budget),
        time.perf_counter() - started,
    )


def _unclosed(board: Board, walls: WallDraft, seconds: float) -> Verdict:
    """The verdict on a draft with loose walls: not a puzzle yet, those walls named (as
    contradicting clues, so the page marks their spots)."""
    grid = walls.regions.grid
    loose = [Clue(Wall(e), grid.edge_name(e), 1) for e in sorted(walls.loose)]
    note = "draw a wall on to the board's edge or to another wall, or take it away"
    return Verdict("invalid", None, None, None, (), None, Advice(contradiction=loose, note=note), seconds)


def _advice(found: Analysis | None, result: SolveResult, budget: float) -> Advice:
    if found is None:
        why = "the time" if result.stats.stopped_by == "timeout" else "the search budget"
        return Advice(note=f"{why} ran out before the solver decided ({num(budget)} s for the editor's verdict)")
    rule, where = found.rule, ""
    if not found.clues_known and found.status == Status.NONE:  # no clues to blame: the rule, and where
        rule, where = _failed(result)
    return Advice(
        found.add, found.removable, found.contradiction, found.tried, rule, found.note, found.clues_known, where
    )


def _failed(result: SolveResult) -> tuple[str | None, str]:
    """The rule whose propagator found the contradiction at the root, and what it was
    about ("the region at r4c4"), as ``analysis`` reads it for the clues' genres."""
    engine = result._outcome.engine if result._outcome is not None else None
    if engine is None or engine.failed < 0:
        return None, ""
    prop = engine.props[engine.failed]
    return prop.rule.name, str(getattr(prop, "what", "") or "")


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
    return play.layered(svg, _loose_layer(board), play.place_layer(board.places), _spot_layer(tuple(spots(board))))


@lru_cache(maxsize=64)
def _spot_layer(spots: tuple[ClueSpot, ...]) -> str:
    """The spots' polygons, the walls' thin bands last: on top of the cells' squares."""
    order = sorted(range(len(spots)), key=lambda i: isinstance(spots[i].position, Wall))
    polygons = "".join(
        f'<polygon class="{"clue wall" if isinstance(spots[i].position, Wall) else "clue"}" data-clue="{i}" '
        f'points="{play.polygon(spots[i].outline)}" fill="#000" fill-opacity="0" />'
        for i in order
    )
    return f'<g class="clues">{polygons}</g>\n'


def _loose_layer(board: Board) -> str:
    """The walls drawn that close no region yet (the genre's picture has only the closed
    ones), dashed in the colour of a rule still short of marks."""
    genre, p = board.genre, board.puzzle
    walls = walls_of(genre, p.instance, p.meta)
    if walls is None or not walls.loose or not isinstance(genre, GridGenre):
        return ""
    grid = walls.regions.grid
    squares = genre.cell_squares(p.instance)
    width = num(abs(squares[0][1][0] - squares[0][0][0]) * LOOSE_WIDTH)
    lines = "".join(
        f'<line class="loose" x1="{num(a[0])}" y1="{num(a[1])}" x2="{num(b[0])}" y2="{num(b[1])}" />'
        for a, b in (walledit.segment(grid, squares, e) for e in sorted(walls.loose))
    )
    look = f'stroke="{theme.STROKE["unfinished"]}" stroke-width="{width}" stroke-dasharray="{width} {width}"'
    return f'<g class="loose-walls" {look}>{lines}</g>\n'


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
        why = f" ({a.rule} sees it{f' in {a.where}' if a.where else ''})" if a.rule else ""
        if a.contradiction:
            return f"No solution: these clues cannot all hold{why}: {', '.join(c.name for c in a.contradiction)}."
        return f"No solution{why}. {note}".strip()
    if found.verdict == "invalid":
        names = [c.name for c in a.contradiction]
        if len(names) == 1:
            return f"Not a puzzle yet: the wall {names[0]} closes no region. {note}".strip()
        return f"Not a puzzle yet: the walls {', '.join(names[:-1])} and {names[-1]} close no region. {note}".strip()
    return f"Not decided in time. {a.note}".strip()
