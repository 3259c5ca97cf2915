"""The genre contract: what a plugin implements so the core can solve its puzzles.

The core knows no genre.  A genre parses its level text into an instance,
declares the instance's variables and propagators in a ``Model``, writes
states back as text, and judges a full assignment with ``accept``, written
from the puzzle's rules alone and independent of the propagators.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from puzzlekit.core.model import Model, Rule, Rung, Violation, state_values, values_of
from puzzlekit.core.rng import Rng
from puzzlekit.errors import CannotDraw, LevelError
from puzzlekit.formats.level import Block, read_blocks

if TYPE_CHECKING:
    from rich.text import Text

    from puzzlekit.core.clues import ClueModel
    from puzzlekit.engines.encoding import SatEncoding

__all__ = ["ClueSpot", "Genre", "Place", "Violation", "bundled_examples"]

SOLUTION_SUFFIX = ".solution.txt"
ATTEMPT_SUFFIX = ".attempt.txt"


def bundled_examples(folder: Path) -> list[Path]:
    """The puzzle files in an examples folder.

    Convention: ``NAME.txt`` holds puzzles, ``NAME.solution.txt`` their known
    solutions (blocks pair by order, read by the test harness), and
    ``NAME.attempt.txt`` a player's attempt for ``puzzlekit check``.
    """
    return sorted(p for p in folder.glob("*.txt") if not p.name.endswith((SOLUTION_SUFFIX, ATTEMPT_SUFFIX)))


DEFAULT_BUDGET = 250
"""Search nodes for one uniqueness check at the top difficulty (``GenerateRequest.max_nodes``):
a node budget (not a clock) keeps generation the same on fast and slow machines.

250, measured (benchmarks/generation.py-style runs, seeds bench-0..4, one run side by
side): Slitherlink 20x20 expert median 13.0 CPU s at 250 against 15.2 at 1000, with the
same clue densities seed by seed (37/34/38/34/39% against 37/34/38/34/38%): since each
removal is proven by searches from a wrong clue (``generation.ClueTrials._none_breaks``),
few need more than a few dozen nodes, and a budget that runs out keeps a clue, so a higher one
buys almost nothing.  100 was no faster than 250 on two seeds; Bridges 30x30, Akari
10x10, Shikaku 10x10 and Masyu 6x6 hard were unchanged between 250 and 500."""


@dataclass(frozen=True)
class GenerateRequest:
    """What the user asked for; genres read what applies to them."""

    cols: int
    rows: int
    difficulty: str = "medium"
    symmetry: str = "none"
    mask: Block | None = None
    """A drawn region (``x`` inside, ``.`` outside), for genres that take one."""
    density: float | None = None
    """Islands per square, for genres that place islands."""
    max_nodes: int = DEFAULT_BUDGET
    """Search budget of each uniqueness check at the top difficulty."""
    deadline: float | None = None
    """``time.perf_counter()`` past which the attempt gives up (not part of the puzzle's
    identity: running out of time ends with an error, it never changes a puzzle)."""


Point = tuple[float, float]


@dataclass(frozen=True)
class Place:
    """One place a player can mark in the browser (``puzzlekit play``): a variable, the
    marks a click cycles through, and where on the genre's SVG drawing a click lands.

    ``marks`` are domains, the unmarked one first (Slitherlink's edge: open, line,
    crossed).  ``outline`` is a polygon in ``draw_svg``'s coordinates; the web app
    lays it over the drawing as an invisible element with ``data-place="VAR"``.
    """

    var: int
    marks: tuple[int, ...]
    outline: tuple[Point, ...]

    @classmethod
    def edge(cls, var: int, a: Point, b: Point, marks: tuple[int, ...]) -> Place:
        """A line between two points (a loop edge): the diamond whose other corners are the
        centres on either side, so neighbouring edges tile the board without gaps."""
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        hx, hy = (b[1] - a[1]) / 2, (a[0] - b[0]) / 2  # half the edge, turned a quarter
        return cls(var, marks, (a, (mx + hx, my + hy), b, (mx - hx, my - hy)))

    @classmethod
    def band(cls, var: int, a: Point, b: Point, width: float, marks: tuple[int, ...]) -> Place:
        """A straight band ``width`` wide from ``a`` to ``b`` (a bridge between two islands)."""
        length = max(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5, 1e-9)
        nx, ny = (a[1] - b[1]) / length * width / 2, (b[0] - a[0]) / length * width / 2
        corners = ((a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny))
        return cls(var, marks, corners)


@dataclass(frozen=True)
class ClueSpot:
    """One place a setter clicks in the browser's editor: a clue position, the clues a
    click there cycles through, and where on ``draw_svg``'s drawing it lands.

    ``values`` start with None (nothing there); the others are whatever
    ``Genre.edit_clue`` takes at ``position`` (by default ``with_clue``'s clues).
    """

    position: Any
    values: tuple[int | None, ...]
    outline: tuple[Point, ...]
    value: int | None = None
    """What stands there now (one of ``values``)."""


class Genre(ABC):
    """Base class of every genre, built-in or third-party.

    ``Instance`` is whatever the genre likes; the core only passes it back.
    States and solutions are lists of domains (see ``puzzlekit.core.model``),
    one per variable of the model the genre builds.
    """

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    summary: ClassVar[str] = ""
    ladder: ClassVar[tuple[Rung, ...]]
    rules: ClassVar[tuple[Rule, ...]] = ()
    flags: ClassVar[tuple[str, ...]] = ()
    """``# flags:`` words this genre understands; any other is refused."""
    bad_levels: ClassVar[tuple[str, ...]] = ()
    """Levels the genre must refuse with a located LevelError: the harness checks them
    (``puzzlekit selftest`` and ``PuzzleConformance`` alike)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} genre {getattr(self, 'name', '?')!r}>"

    @abstractmethod
    def parse(self, block: Block) -> Any:
        """Turn a block into an instance, or raise LevelError at the offending character."""

    @abstractmethod
    def build(self, instance: Any) -> Model:
        """Declare the instance's variables and propagators."""

    @abstractmethod
    def accept(self, instance: Any, values: Sequence[int]) -> list[Violation]:
        """Every rule a full assignment breaks; empty means it is a solution.  Every solve
        through the library asks it about each leaf (``solving_model``), so a propagator
        that lets a wrong assignment through can never make it a solution."""

    def is_solution(self, instance: Any, values: Sequence[int]) -> bool:
        """Is this full assignment a solution?  ``not accept(...)`` unless a genre gives a
        quicker test (counts on plain ints before ``accept``'s worded violations): the
        harness's brute force asks it about every assignment of a small board, tens of
        thousands of times.  An override must agree with ``accept``; the harness checks
        that on every board it enumerates (``puzzlekit.testing.checks``)."""
        return not self.accept(instance, values)

    def solving_model(self, instance: Any) -> Model:
        """The model every solve searches: ``build``'s, with ``accept`` as the last word on
        each leaf (after the model's own ``leaf_check``, when it sets one).

        The API's solve, hints, analysis, the generator's uniqueness checks and the test
        harness all search this model, so a full assignment ``accept`` rejects is never a
        solution, however lax a propagator is.  ``build`` alone is for what reads the model
        without searching it (its domains, an engine run for grading a rung).  A genre's
        ``clue_model`` keeps its own ``leaf_check`` (its clues change in place)."""
        model = self.build(instance)
        own, accept = model.leaf_check, self.accept

        def leaf_check(values: list[int]) -> bool:
            return (own is None or own(values)) and not accept(instance, values)

        model.leaf_check = leaf_check
        return model

    @abstractmethod
    def parse_state(self, instance: Any, block: Block) -> list[int]:
        """A player's marks (or a solution) as domains; raise LevelError on bad text."""

    @abstractmethod
    def write(self, instance: Any, dom: Sequence[int] | None = None) -> list[str]:
        """Rows of text: the bare puzzle, or a state when ``dom`` is given; reads back."""

    def finished(self, instance: Any, dom: Sequence[int]) -> list[int]:
        """A player's state read as a finished attempt (what ``check`` judges): by default
        every unmarked variable takes its smallest value (no line, no bridge)."""
        return state_values(dom)

    keeps_open: ClassVar[bool] = False
    """True when ``finished`` leaves an unmarked variable unmarked (a value ``accept`` calls
    unfinished, as Sudoku's empty cell) instead of guessing: the browser's live check then
    reads a half-marked board through ``finished`` (no value of its domain means "nothing")."""

    def describe(self, instance: Any, var: int) -> str:
        """A variable in words, for deduction steps."""
        return f"variable {var}"

    def describe_step(self, instance: Any, var: int, mask: int) -> str:
        """What a deduction established, in words ("top of r1c2 is a line")."""
        allowed = [str(v) for v in values_of(mask)]
        return f"{self.describe(instance, var)} is {' or '.join(allowed)}"

    def size(self, instance: Any) -> str:
        """The board's size as columns x rows."""
        return "?"

    def pretty(self, instance: Any, dom: Sequence[int]) -> str:
        """A view for terminals; defaults to the plain text form."""
        return "\n".join(self.write(instance, dom))

    # -- optional capability: pictures ----------------------------------------------

    def draw_svg(
        self,
        instance: Any,
        dom: Sequence[int] | None = None,
        *,
        violations: Sequence[Violation] = (),
        crosses: bool = False,
        hint: Sequence[int] = (),
    ) -> str:
        """The board as a standalone SVG document (``puzzlekit render``, printable sheets).

        ``dom`` None draws the bare puzzle, else that state: fixed marks drawn,
        open ones left blank.  ``violations`` (from ``accept``) are highlighted
        through their ``variables`` and ``kind``; ``crosses`` draws the "no line"
        marks; ``hint`` lists variables of a hinted move, drawn in the hint colour.
        The document needs ``width``, ``height`` and a ``viewBox`` so sheets can
        scale it.  ``puzzlekit.pictures.Svg`` gives the shared look.

        Optional: the default raises ``CannotDraw`` naming the genre, which the
        command line prints as one line.
        """
        raise CannotDraw(f"the {self.name} genre cannot draw pictures (it does not implement Genre.draw_svg)")

    def draw_terminal(
        self, instance: Any, dom: Sequence[int], *, violations: Sequence[Violation] = (), hint: Sequence[int] = ()
    ) -> Text:
        """The terminal view in colour, as a rich ``Text``: what ``solve`` and ``check``
        show on a terminal, with violations and the hinted move emphasised.

        Defaults to ``pretty`` without colour; ``puzzlekit.pictures.TextGrid``
        draws both views from one drawing.
        """
        from rich.text import Text

        return Text(self.pretty(instance, dom))

    # -- optional capability: play in the browser ---------------------------------------

    def places(self, instance: Any) -> list[Place]:
        """Every place a player can mark, with its marks and its outline on ``draw_svg``'s
        drawing (``puzzlekit play``, ``puzzlekit serve``).  Needs ``draw_svg``.

        Optional: the default (no places) means the genre cannot be played.  Variables
        without a place keep the domain the model gives them.
        """
        return []

    display_name: ClassVar[str] = ""
    """The genre's name for people, as menus and titles show it ("Bridges"); empty: the
    name, capitalised."""

    marking: ClassVar[str] = "cycle"
    """How the browser marks places: ``cycle`` (a click steps through a place's marks, a
    drag gives a run of places the first one's), ``digits`` (a digit pad and pencil marks,
    for genres whose places take one number each) or ``regions`` (a drag draws a rectangle
    and gives it the one given inside it: places with a single mark are the givens)."""

    open_value: ClassVar[int | None] = None
    """The value ``accept`` reads as "not marked yet" (an unfinished, never a wrong, cell),
    when the genre has one: the browser's live check reads every unmarked place as it, so
    a half-marked board is judged on its marks alone (Nurikabe's cell neither shaded nor
    dotted).  None: an unmarked place reads as its smallest value (no line, no bridge)."""

    def example_paths(self) -> list[Path]:
        """Bundled example puzzle files (drawn or generated by the genre's authors);
        see ``bundled_examples`` for the folder convention."""
        return []

    # -- optional capabilities: generating puzzles, and clues for setters ---------------

    difficulties: ClassVar[dict[str, int]] = {}
    """Difficulty names (easy, medium, hard, expert) and the rung each must need."""

    top_deduction: ClassVar[int | None] = None
    """How the top difficulty proves a board unique: None (the default) by search under
    a node budget, so its boards may need any rung from its own up, search included; a
    rung: by deduction capped there, as the difficulties below it do, so its boards need
    its rung up to this one and never a guess (``puzzlekit.generation.deduction_cap``)."""

    sizes: ClassVar[tuple[str, ...]] = ("5x5", "7x7", "10x10", "15x15", "20x20")
    """The sizes the web app's New-puzzle menu may offer (it shows those made in time:
    ``puzzlekit.web.offer``)."""

    def difficulties_at(self, cols: int, rows: int) -> dict[str, int]:
        """The difficulties the generator makes at a size at all, however long it is given
        (a request for another fails at once): by default all of ``difficulties``; none at
        a size it never makes (a Sudoku whose side is prime has no boxes)."""
        return dict(self.difficulties)

    daily_size: ClassVar[str] = "7x7"
    """The size of the web app's daily puzzle: small enough to finish over a coffee (a
    genre whose natural board is another size, Sudoku's 9x9, says so)."""

    generator_revision: ClassVar[int] = 0
    """Bump when a change to this genre alone makes the same seed give a different puzzle:
    a generated puzzle's ``# generator:`` then says ``GENRE/vN.R`` (N: the core's version)."""

    generate_options: ClassVar[frozenset[str] | None] = None
    """The optional fields of a GenerateRequest the generator reads (``symmetry``,
    ``mask``, ``density``); any other one given is refused instead of silently ignored.
    None (not declared) lets every option through."""

    def generate(self, request: GenerateRequest, rng: Rng) -> Any | None:
        """One attempt at a new puzzle: an instance proven unique at the requested
        difficulty, or None to be asked again (with the same ``rng``, which moves on).

        Genres that generate override this and fill ``difficulties``.
        """
        raise NotImplementedError(f"{self.name} does not generate puzzles")

    def clue_positions(self, instance: Any) -> list[Any]:
        """Every place a clue can stand (given or not), for ``analyze``."""
        raise NotImplementedError(f"{self.name} does not describe its clues")

    def clue_at(self, instance: Any, position: Any) -> int | None:
        """The clue given at ``position``, or None."""
        raise NotImplementedError

    def with_clue(self, instance: Any, position: Any, clue: int | None) -> Any:
        """A copy of the instance with ``position`` given ``clue`` (None: no clue)."""
        raise NotImplementedError

    def clue_of_solution(self, instance: Any, position: Any, values: Sequence[int]) -> int:
        """The clue a solution implies at ``position`` (how many lines around a cell, say)."""
        raise NotImplementedError

    def clue_name(self, instance: Any, position: Any) -> str:
        """A clue's place in words ("r2c3")."""
        return str(position)

    def twins_near(self, instance: Any, values: Sequence[int], positions: Sequence[Any]) -> list[list[int]]:
        """Cheap variations of the solution ``values`` that might also solve ``instance``
        (which lacks the clues at ``positions``): candidates only, each checked with
        ``accept`` before a generator believes it.  Default: none."""
        return []

    def clue_values(self, instance: Any, position: Any) -> Sequence[int] | None:
        """Every clue that could stand at ``position`` and agree with some solution, so a
        generator can prove a board still unique without a clue by ruling out a solution
        under each other value there (``puzzlekit.generation.ClueTrials``).  A count a
        solution can show there but no clue can say must be among ``twins_near``'s
        candidates.  None (the default): the generator counts solutions instead."""
        return None

    def clue_model(self, instance: Any) -> ClueModel | None:
        """A model of ``instance`` whose clues change in place (see ``puzzlekit.core.clues``),
        so a generator trying many clue sets builds it once; None (the default): the
        generator builds a model for every clue set it tries."""
        return None

    def clue_spots(self, instance: Any) -> list[ClueSpot]:
        """Where a setter can put clues on this board, and which (the browser's editor):
        every spot, given or not, on ``draw_svg``'s drawing.  A spot's position may lie
        outside ``clue_positions`` when the editor also draws the board's shape (Akari's
        black cells).  Optional: the default (none) means the genre cannot be edited."""
        return []

    def edit_clue(self, instance: Any, position: Any, value: int | None) -> Any:
        """A copy of the instance with the setter's choice ``value`` (one of the spot's
        ``values``) at ``position``; by default ``with_clue``."""
        return self.with_clue(instance, position, value)

    def blank(self, cols: int, rows: int) -> Any:
        """An instance without any clue, for the editor to start from; by default the
        level text of a board of dots.  LevelError when the genre has no such board."""
        return self.parse(read_blocks("\n".join("." * cols for _ in range(rows)) + "\n", "<blank>")[0])

    def small_board(self, rng: Rng) -> Any:
        """Optional, for the harness's brute-force check: a random small instance (a few
        open variables, at most 2^16 assignments in all), drawn only from ``rng``.  The
        harness enumerates every assignment through ``accept`` and compares with the
        solver's status and solution; include boards with none and with many solutions."""
        raise NotImplementedError(f"{self.name} has no small-board sampler")

    # -- optional capability: an independent engine ---------------------------------------

    def sat_encoding(self, instance: Any) -> SatEncoding:
        """The puzzle as CNF for ``puzzlekit.engines.sat`` (``solve --engine sat``)."""
        raise NotImplementedError(f"{self.name} has no SAT encoding")

    def check_flags(self, block: Block) -> None:
        """Refuse ``# flags:`` words this genre does not implement, by name."""
        unknown = sorted(block.flags() - set(self.flags))
        if unknown:
            supported = ", ".join(self.flags) if self.flags else "none"
            raise LevelError(
                block.source,
                block.meta_lines.get("flags", block.first_line),
                1,
                f"{self.name} does not support flag(s) {', '.join(unknown)} (supported: {supported})",
            )
