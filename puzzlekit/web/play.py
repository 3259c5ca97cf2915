"""What the web app does with a puzzle, without any web framework: load it from any
source, validate a player's marks, judge them, hint, solve, draw, export.

The app knows no genre.  Everything goes through the genre contract: ``places``
says what a player can mark, ``draw_svg`` draws, ``accept`` (through ``api.judge``)
judges, and the library's hint, solve, grade and generate do the rest.  The client
sends the puzzle's level text and the marks (one domain per variable) with every
request, so the server keeps no session.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from puzzlekit import interchange
from puzzlekit.api import Puzzle, default_host, judge, load, solve
from puzzlekit.core.model import Model, Violation, domains_of, is_fixed, state_values, value_of
from puzzlekit.core.search import Status
from puzzlekit.errors import PuzzlekitError, UsageError
from puzzlekit.formats import puzzlink
from puzzlekit.formats.puzzlink import PuzzLinkFormat
from puzzlekit.genre import Genre, Place
from puzzlekit.grid.genre import GridGenre
from puzzlekit.hints import Hint, hint_from
from puzzlekit.host import Host
from puzzlekit.pictures import can_draw, draw
from puzzlekit.pictures.svg import num, unindented

PlayStatus = Literal["playing", "solved", "wrong"]


class PlayError(PuzzlekitError):
    """Bad input from a player or an app (a 4xx answer): the message names the problem."""

    status_code = 422


class TooLarge(PlayError):
    status_code = 413


class Busy(PlayError):
    status_code = 429


@dataclass(frozen=True)
class Board:
    """One puzzle ready to play: the puzzle, its places and the unmarked state."""

    puzzle: Puzzle
    places: tuple[Place, ...]
    blank: tuple[int, ...]
    """The state before any mark: each place's first mark, the model's domain elsewhere."""
    model: Model
    """The genre's model, built once."""

    @property
    def genre(self) -> Genre:
        return self.puzzle.genre

    @property
    def text(self) -> str:
        return self.puzzle.text()

    @property
    def key(self) -> str:
        """A short stable name for the puzzle (where the browser keeps the attempt): the
        board alone, so the same puzzle read from a URL or a file with a title agrees."""
        rows = "\n".join(self.genre.write(self.puzzle.instance))
        digest = hashlib.sha256(f"{self.genre.name}\n{rows}".encode()).hexdigest()
        return f"{self.genre.name}-{digest[:16]}"


def playable(genre: Genre) -> bool:
    """Can the genre be played: it draws, and it says what a player marks on some board?"""
    return can_draw(genre) and type(genre).places is not Genre.places


def genre_of(name: str, host: Host | None = None) -> Genre:
    host = host or default_host()
    genre = host.genre(name)  # UnknownGenre names the installed ones
    if not playable(genre):
        raise PlayError(f"the {genre.name} genre cannot be played in the browser (it has no Genre.places)")
    return genre


def level_text(
    source: str, genre: str | None, host: Host | None = None, fallback: str | None = None
) -> tuple[Genre, str]:
    """The genre and level text behind ``source``: level text, a puzz.link URL, a game ID or
    a pzprjs file; ``genre`` may be None when the source names its own, and ``fallback``
    is the genre to read a source that names none as (the page's menu)."""
    host = host or default_host()
    g = genre_of(genre, host) if genre else _named_genre(source.strip(), host, fallback)
    return g, interchange.decode(source, g, host) or source


def _named_genre(source: str, host: Host, fallback: str | None) -> Genre:
    """The genre a source names; ``fallback`` when it names none.  A puzz.link URL of a
    genre not installed says which genres are (not "name the genre")."""
    names = interchange.claimed_genres(source, host)
    pid = puzzlink.pid_of(source)
    if not names and pid is not None:
        ids = sorted({i for fmt in host.registry.formats() if isinstance(fmt, PuzzLinkFormat) for i in fmt.pids})
        raise PlayError(
            f"this puzz.link URL is a {pid!r} puzzle, and no genre installed here reads those "
            f"(puzz.link puzzles read here: {', '.join(ids) or 'none'})"
        )
    if not names and fallback:
        return genre_of(fallback, host)
    try:
        g = interchange.infer_genre(source, host, "the source", command=None)
    except UsageError as err:
        raise PlayError(str(err)) from None
    return genre_of(g.name, host)


MAX_TEXT_PER_CELL = 12
"""Characters of level text a board may take per cell before it is parsed: a lattice
takes about 4 a cell, space-separated numbers with the player's marks up to about 10."""
MAX_HEADER = 4096
"""Characters of metadata lines a puzzle's text may have on top of its board."""


def open_board(genre: Genre, text: str, max_cells: int, source: str = "puzzle") -> Board:
    """Parse one puzzle and check its size and places; PlayError for anything wrong.

    A board over ``max_cells`` is refused before its model is built (and a text far
    longer than such a board takes, before it is parsed), so a refused board costs
    milliseconds and no memory."""
    return board_of(open_puzzle(genre, text, max_cells, source))


def open_puzzle(genre: Genre, text: str, max_cells: int, source: str = "puzzle") -> Puzzle:
    """``open_board`` without the model and places: the puzzle parsed and its size checked
    (the editor changes a draft's clues on the instance alone)."""
    if len(text) > MAX_TEXT_PER_CELL * max_cells + MAX_HEADER:
        raise TooLarge(f"{source}: {len(text):,} characters is more than a board of {max_cells} cells takes")
    puzzles = load(genre, text, source)
    if len(puzzles) != 1:
        raise PlayError(f"{source}: expected one puzzle, found {len(puzzles)}")
    size = puzzles[0].size
    if _cells(size) > max_cells:
        raise TooLarge(f"{source}: the board is {size}; this server plays boards of at most {max_cells} cells")
    return puzzles[0]


def board_of(puzzle: Puzzle) -> Board:
    genre, model = puzzle.genre, puzzle.genre.build(puzzle.instance)
    if isinstance(genre, GridGenre) and type(genre).places is GridGenre.places:  # the model built once
        places = tuple(genre.places_on(puzzle.instance, model))
    else:
        places = tuple(genre.places(puzzle.instance))
    blank = list(model.domains)
    for place in places:
        blank[place.var] = place.marks[0]
    return Board(puzzle, places, tuple(blank), model)


def _cells(size: str) -> int:
    cols, _, rows = size.partition("x")
    return int(cols) * int(rows) if cols.isdigit() and rows.isdigit() else 0


def state_of(board: Board, state: Sequence[int] | None) -> list[int]:
    """The player's marks, checked: one domain per variable, each a mark of its place."""
    if state is None:
        return list(board.blank)
    if len(state) != len(board.blank):
        raise PlayError(f"state: expected {len(board.blank)} marks (one per variable), found {len(state)}")
    marks = {p.var: p.marks for p in board.places}
    for var, d in enumerate(state):
        allowed = marks.get(var, (board.blank[var],))
        if d not in allowed:
            where = board.genre.describe(board.puzzle.instance, var)
            raise PlayError(f"state[{var}] = {d} is not a mark of {where} (allowed: {', '.join(map(str, allowed))})")
    return list(state)


def hint_vars(board: Board, hint: Sequence[int]) -> list[int]:
    n = len(board.blank)
    for v in hint:
        if not 0 <= v < n:
            raise PlayError(f"hint: variable {v} is not on this board (0 to {n - 1})")
    return list(hint)


# -- judging -------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    status: PlayStatus
    shown: list[Violation]
    """The contradictions the visible rules already prove (never "differs from the solution")."""


def verdict(board: Board, state: Sequence[int]) -> Verdict:
    """The live check: solved, wrong (a rule broken for good) or still playing.

    Solved is ``api.judge``'s word (the marks read as a finished attempt, as
    ``puzzlekit check`` reads them).  Mistakes come from the genre's ``accept`` on the
    marks as drawn, every unmarked place read as its "nothing" value, keeping only the
    violations more marks could not mend (``unfinished`` is False): a clue with too
    many lines, a dot where three meet, a closed loop that misses clues; with every
    place marked, all of them (an Akari of bulbs and crosses leaving a cell dark).  Nothing is
    compared with the solution.  (``Genre.finished`` is left out here: it fills in
    what a text state cannot show, which on a half-marked board would be a guess.)
    """
    genre = board.genre
    found = genre.accept(board.puzzle.instance, in_play(genre, board.puzzle.instance, state))
    same_reading = type(genre).finished is Genre.finished  # then judge would only look again
    if (not found) if same_reading else judge(board.puzzle, state).status == "solved":
        return Verdict("solved", [])
    full = all(map(is_fixed, state))  # nothing left to mark: every broken rule is broken for good
    broken = [v for v in found if full or not v.unfinished]
    return Verdict("wrong" if broken else "playing", broken)


def in_play(genre: Genre, instance: object, state: Sequence[int]) -> list[int]:
    """The marks of a half-played board as ``accept`` reads them: an unmarked place as the
    genre's ``open_value`` (unfinished, never wrong), through ``finished`` when it keeps
    places open, else as its smallest value ("nothing": no line, no bridge)."""
    if genre.open_value is not None:
        return [value_of(d) if is_fixed(d) else genre.open_value for d in state]
    return genre.finished(instance, state) if genre.keeps_open else state_values(state)


# -- drawing -------------------------------------------------------------------------


def picture(
    board: Board,
    state: Sequence[int] | None,
    *,
    violations: Sequence[Violation] = (),
    hint: Sequence[int] = (),
    places: bool = True,
) -> str:
    """The genre's drawing of the marks, with every place laid over it as an invisible
    polygon carrying ``data-place`` (the DOM contract the page and its tests use)."""
    with unindented():
        svg = draw(board.puzzle, state, violations=violations, hint=hint)
    if not places:
        return svg
    return tag_places(svg, board.places)


def tag_places(svg: str, places: Sequence[Place]) -> str:
    """The drawing with a last layer of place polygons, inline (no XML declaration)."""
    return layered(svg, place_layer(places))


def place_layer(places: Sequence[Place]) -> str:
    return _layer(tuple(places))


def layered(svg: str, *layers: str) -> str:
    """The drawing inline (no XML declaration), with ``layers`` (SVG groups) on top."""
    body = svg[svg.index("?>") + 2 :].lstrip() if svg.startswith("<?xml") else svg
    end = body.rindex("</svg>")
    return f"{body[:end]}{''.join(layers)}{body[end:]}"


def polygon(outline: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in outline)


@lru_cache(maxsize=64)
def _layer(places: tuple[Place, ...]) -> str:
    polygons = "".join(
        f'<polygon class="place" data-place="{p.var}" points="{polygon(p.outline)}" fill="#000" fill-opacity="0" />'
        for p in places
    )
    return f'<g class="places">{polygons}</g>\n'


# -- the library's answers, bounded ------------------------------------------------------


def solution_state(board: Board, timeout: float) -> tuple[Status, list[int] | None]:
    """The one solution as marks (None unless the puzzle is unique within ``timeout``)."""
    status, values = _solved(board.genre, board.text, timeout)
    return status, (domains_of(values) if values is not None else None)


def answer(board: Board, timeout: float) -> tuple[int, ...]:
    status, values = _solved(board.genre, board.text, timeout)
    if values is None:
        raise PlayError(f"hints need a puzzle with exactly one solution; this one is {status.value}")
    return values


@lru_cache(maxsize=256)
def _solved(genre: Genre, text: str, timeout: float) -> tuple[Status, tuple[int, ...] | None]:
    """Solve once per puzzle (hints and "show solution" ask again and again)."""
    result = solve(genre, text, timeout=timeout)
    if result.status == Status.UNDECIDED:  # raised, so a calmer moment may still decide it
        raise PlayError(f"the solver did not decide this puzzle within its budget ({num(timeout)} s)")
    if result.status != Status.UNIQUE:
        return result.status, None
    return result.status, result.solutions[0].values


def hint(board: Board, state: Sequence[int], timeout: float, notes: Sequence[int] | None = None) -> Hint:
    """The library's hint from the marks as domains (which keep the "no bridge" marks that
    a bridge map's text cannot hold), with the one solution solved once per puzzle.

    ``notes`` are a digit genre's pencil marks (per variable, the values still written
    in; 0 for none): they narrow the open places, so a hint never repeats what the notes
    already say, and a note that rules out the solution's digit is a mistake.  In a genre
    without notes, the hint is the first step a player can mark."""
    given = list(state)
    if notes is not None:
        given = [d & n if n and not is_fixed(d) else d for d, n in zip(given, notes)]
    marks = {p.var: set(p.marks) for p in board.places}
    markable = None if board.genre.marking == "digits" else (lambda var, mask: mask in marks.get(var, ()))
    return hint_from(board.puzzle, given, answer(board, timeout), markable=markable)


def notes_of(board: Board, notes: Sequence[int] | None) -> list[int] | None:
    """Pencil marks, checked: one per variable, each within the place's unmarked domain."""
    if notes is None:
        return None
    if len(notes) != len(board.blank):
        raise PlayError(f"notes: expected {len(board.blank)} (one per variable), found {len(notes)}")
    for var, n in enumerate(notes):
        if n < 0 or n & ~board.blank[var]:
            where = board.genre.describe(board.puzzle.instance, var)
            raise PlayError(f"notes[{var}] = {n} holds values {where} cannot take")
    return list(notes)


def link_source(board: Board, host: Host | None = None) -> str:
    """What the page's link carries: a puzz.link URL when the genre writes one, else the text."""
    host = host or default_host()
    if "url" in host.registry.writers(board.genre.name):
        try:
            return interchange.encode(board.puzzle, "url", host)
        except PuzzlekitError:
            pass
    return board.text


def export(board: Board, state: Sequence[int], kind: str, host: Host | None = None) -> str:
    """The attempt as ``ascii`` (a puzzlekit state ``check --state`` reads) or a format's kind."""
    marked = list(state)
    if kind == "ascii":
        return "\n".join(board.genre.write(board.puzzle.instance, marked)) + "\n"
    return interchange.encode(board.puzzle, kind, host, state=marked)


def export_kinds(board: Board, host: Host | None = None) -> list[str]:
    return interchange.kinds(board.genre, host)
