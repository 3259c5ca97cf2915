"""Generating puzzles that are proven unique and stamped with the difficulty they need.

The genre makes one attempt at a time (``Genre.generate``); this module supplies
what every generator shares:

- ``unique_at``: the uniqueness oracle.  A board that deduction capped at rung
  k solves without guessing is unique, no search needed; at the top difficulty,
  count-to-two under a node budget, and a spent budget counts as "not proven".
- ``reduce_clues``: remove clues (in symmetry orbits, shuffled) while the board
  stays unique at the target rung: Tatham's method.
- ``needed_rung``: the rung the board actually needs, so a board the rung below
  can solve is never stamped harder.
- ``generate``: the loop around attempts, with seeds per puzzle (so puzzle 7 of a
  batch is the same whether made alone, in order, or in another process),
  no duplicates within a run, and a deadline that ends with a clear error.
"""

from __future__ import annotations

import functools
import hashlib
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any, ParamSpec

from puzzlekit._version import __version__
from puzzlekit.batching.events import Failed, tell
from puzzlekit.batching.executor import BatchError, ordered
from puzzlekit.core.clock import until
from puzzlekit.core.clues import ClueModel, Idle
from puzzlekit.core.engine import Engine, Timeout
from puzzlekit.core.model import Model, value_of
from puzzlekit.core.rng import Rng
from puzzlekit.core.search import SearchOutcome, Status, count_solutions
from puzzlekit.core.watchdog import watchdog
from puzzlekit.errors import PuzzlekitError, UsageError
from puzzlekit.formats.level import read_blocks, write_block
from puzzlekit.genre import DEFAULT_BUDGET as DEFAULT_BUDGET  # both moved to the genre contract, which
from puzzlekit.genre import GenerateRequest as GenerateRequest  # names them; still importable from here
from puzzlekit.genre import Genre
from puzzlekit.host import Host, get_genre
from puzzlekit.puzzle import rung_name

P = ParamSpec("P")
DIFFICULTIES = ("easy", "medium", "hard", "expert")
SYMMETRIES = ("none", "rotational", "mirror")
GENERATOR_VERSION = 14
"""Bump when a change makes the same seed give a different puzzle (2: the cheap pass of
``reduce_clues`` covers only ``CHEAP_SHARE`` of the clues; 3: Slitherlink's linear region
grower, clues blanked in batches; 4: Slitherlink's corner-reasoning rung, so hard needs
corner reasoning and expert connectivity or more; in the same release Nurikabe's
generator climbs from a random solution and Masyu's reshapes its loop; 5: at the top
difficulty a removal is proven by a search per other clue value, each under the node
budget, instead of one count to two; ``DEFAULT_BUDGET`` 250; 6: the generators of wave 3, which scale
to 20x20 in every genre: each genre's change is listed below; 7: Heyawake's planted shading,
below; every other genre makes the same puzzles as version 6 did for another seed;
8: the generators of Numberlink, Heyawake, Fillomino and Norinori, below; the version is part
of every seed, so every other genre makes the puzzles of version 7 for other seeds;
9: Heyawake's hard, below; likewise every other genre makes version 8's puzzles for other seeds;
10, 11 and 12: the genres listed below, every other genre making the previous version's
puzzles for other seeds).

Version 6, per genre:

- Slitherlink: an expert is proven by deduction up to connectivity (``Genre.top_deduction``
  4), never by search, so it needs exactly rung 4; easy to hard make the puzzles of
  version 5 (the passes by halving, ``ClueTrials._halves``, keep what one trial per clue
  kept).
- Every genre proven by search at its top: a search first spends up to
  ``search.SMALL_TREE`` of the node budget depth-first, so a removal that learning
  proved within the budget may now be refused, or the other way round (Sudoku 9x9 hard
  makes other puzzles; Masyu, Akari, Shikaku, Hashiwokakero and Nurikabe 10x10 to 15x15
  made the same ones, measured on four seeds).
- Akari: Tatham's ladder (rung 1 numbers, sight and lighting; rung 2 sets; rung 3 trial), so
  easy, medium and hard are his Easy, Tricky and Hard; a layout the numbers pin down (black
  cells added where deduction leaves cells open) before numbers are taken away.
- Masyu: pearls read their neighbours' edges (a stronger rung 1); the climb flips up to
  eight squares apart per deduction and picks the flip that adds most pearls; one
  ``ClueTrials`` for both hard passes, top removals first refused by a search near the
  pearl, eight tried (more while none passed).
- Hashiwokakero: a hard board grows at least seven islands (``MIN_LOOKAHEAD_ISLANDS``); a
  network that stalls below two thirds of its islands, or leaves a side of the grid
  empty, is thrown away (``looks_whole``).
- Shikaku: numbers moved within their rectangles, on one model, until the difficulty's
  rung solves the board and the rung below does not (``grid.placing.climb``), so a hard
  board needs exactly no-room.
- Sudoku: its own full-grid fill (``Houses.fill``); givens blanked on one model
  (``Givens``), near twins refused without a search, one search per removal at the top,
  an expert's last pass ended after 6 failed removals in a row (``top_patience``).
- Nurikabe: a trial of the climb makes one change per 12 cells deduction left open (at
  least one), not always one, so a 20x20 climb closes in far fewer trials; boards from
  5x5 up with more than 12 open cells at some point differ.
- Heyawake and Star Battle (issue 20): new genres; their generators start at this version.

Version 7, per genre:

- Heyawake: a shading built directly (``grid.random_shading``), rooms cut round it and cut
  smaller (or the shading flipped) where deduction capped at the difficulty leaves cells
  open (``grid.RoomCutter.settle``), numbers blanked on one model by halving
  (``grid.ClueSlots``); hard is proven by deduction up to trial (``top_deduction`` 4), so it
  needs exactly rung 4; easy needs exactly rung 1 (it was rung 2, which almost no board
  needs exactly).  Every seed makes another board.

Version 8, per genre:

- Numberlink: while rungs 1-2 leave lines open, second solutions are searched near the open
  edges (``grid.paths.nearby_solution``: a window of radius 2, a few dozen nodes) and ruled
  out where they differ (``grid.paths.repair_paths``), instead of a search of the whole
  board; a path too short to cut round a corner is dropped; easy cuts paths where rung 1
  leaves lines open.  Every seed makes another board.
- Heyawake: where no room holding open cells may be cut, settling cuts one anyway and
  redraws the shading of the room and its ring to fit (``RoomCutter.force``), else redraws
  the shading round an open cell (``RoomCutter.reshade``), in place of flipping one cell;
  6 such moves per row at most.  15x15 and 20x20 are made (none were); every seed whose
  settling needed a flip makes another board.
- Fillomino: regions drawn as Tatham's Filling draws them (``grid.random_regions``: cells
  merged into their smallest neighbour while two regions of a size touch, a stuck region
  broken back into cells); givens blanked on one model (``grid.NumberGivens``) by halving;
  a new hard difficulty (a medium board blanked further at trial, ``harden``), whose trial
  rung probes with rung 1.  Every seed makes another board.
- Norinori: each join is judged on a window round the changed region, the region's cells
  alone (``grid.regions.RegionGrowth``), after a quick test with every other cell planted;
  the whole board is judged once at the end and the regions round what it leaves open grow
  again; hard joins the first 60% at rung 1; max(20, cells / 5) joins tried per cell, not 4.
  Every seed makes another board.
- Star Battle: stars placed row by row on bitmasks (``grid.spread_stars``, not clause
  learning), regions settled on one engine per layout (``grid.settle_regions``: every
  non-star cell given empty, givens taken away in batches while deduction capped at the
  rung below, then at the difficulty's, solves the board; the rest by moving cells beside
  those left open); hard is proven by deduction up to trial (``top_deduction`` 3), never by
  search, so it needs exactly rung 3.  Every seed makes another board.
- Yajilin (new since version 7, registered now): the unique board's arrows are then taken
  away while it stays unique at the difficulty's rung (``reduce_clues``); every seed makes
  another board, with fewer clues.

Version 9, per genre:

- Heyawake: hard blanks numbers at connectivity (rung 3, by halving on one engine), then
  ``harden`` at trial, instead of a whole pass at trial (whose probes woke with every
  halving step): 20x20 hard 6.6 -> 1.8 s CPU median, 10x10 0.37 -> 0.17 s.  Every seed of
  hard makes another board.

Version 10, per genre:

- Fillomino: hard tries its givens at trial in runs of ``RANK_RUN`` (16), each run in order
  of how many cells rung 2 leaves open without each given (``harden(rank=True)``,
  ``ClueTrials.ranked``: one halving pass at rung 2 per run), not in shuffled order: the
  trials that fail (mostly boards with a second solution) sweep large open areas, the ones
  that pass leave little open; it stops at the first removal that makes the board need
  trial (``patience`` 0).  Every seed of hard makes another board; easy and medium make
  the same ones (``RegionAt``, ``RoomToGrow`` and ``GivenCells`` skip work, same fixpoints).
- Star Battle: givens taken away by halving on one live engine (``grid.RegionEngines``),
  the givens left moved away one at a time, a board the rung below still solves hardened
  by more moves (not thrown away), 3 stars from 14x14 (``stars_for``; was 4 from 19x19).
  Every seed of every difficulty makes another board.
- Kakuro (new, registered now): a layout and fill climbed until the sums solve the board,
  then random digit changes until it needs needed digits (medium) or trial (hard).
- Heyawake: settling gives up after 12 forced or redrawn moves in a row that leave no fewer
  cells open than the fewest so far (not after 6 a row in all), redraws round an open cell
  with radius 3 where radius 2 finds nothing, and does not force a room again while the
  rows and columns through it are as when it last failed (``RoomCutter.refused``); hard
  hardens with patience 1.  Every seed whose settling forced or redrew makes another
  board, and hard boards keep more numbers.

Version 11, per genre:

- Norinori: boards built in solving order (``grid.orderedregions``: the solution drawn one
  domino at a time, each with a region of already known cells); hard moves one unshaded
  cell at a time until trial is needed.  Every seed and size makes another board.
- Star Battle: from 14x14 (3 stars) 100 moves round a given while settling (was 12); every
  seed from 14x14 makes another board, smaller boards the same.

Version 12, per genre:

- Yajilin: the fully clued board is repaired by deduction at the difficulty's rung (the
  shaded cell nearest what stays open turns arrow) instead of counting to two, no arrow is
  blanked, more cells are shaded (fewest off neighbours first), and hard is a repair state
  medium leaves open and trial finishes (``top_deduction`` 3).  Every seed and size makes
  another board.
- Heyawake: easy (settled at rung 1) cuts rooms of up to 8 cells first (was 12): every easy
  seed and size makes another board; medium and hard boards are the same.
- Kakuro: the climb judges each digit change on a window round it (``SumClimb.judge``),
  carries the fixpoint to the next layout, tries 12 changes per layout (was 20), and the
  walk to medium and hard keeps only boards rung 1 solves.  Every seed and size makes
  another board.
- LITS (registered): boards drawn in solving order (``grid.orderedpieces``), rung 1's
  ways reading 2x2 blocks (``shapes.unpooled``), careful steps, regions tracking what they
  need solved first; the stranded cells joined by ``RegionGrowth`` one pass at a time;
  medium and hard by moving unshaded cells (``grid.regions.moved_until``).  Every seed
  makes another board.
- Star Battle: regions drawn in solving order round the planted stars
  (``grid.orderedstars``), then settled as before; every seed and size makes another board.

Version 13, per genre (Slitherlink, Kurodoko and Kakuro got faster on the same boards):

- Hitori: easy moves its shading until no unshaded cell is one only the area rule decides
  (``grid.settle_area_only``); every easy seed and size makes another board, medium and hard
  the same.
- Star Battle: each ordered step starts from the stars nearest the board's edge, and from
  14x14 a draw that leaves stars without a region is drawn again; every seed and size makes
  another board.
- Heyawake: a settle stuck on a room regrows it (``RoomCutter.regrow``); boards change where
  a settle stalls (most 20x20 easy seeds, a few medium and hard), the rest are the same.
- Nurikabe: a climb stuck for 30 changes may also change cells beside the open ones; boards
  change where a climb stalls.
- Fillomino: hard orders its givens by what their window leaves open instead of a halving
  pass; hard boards change, easy and medium are the same.
- LITS (registered in this version): rung 1 refuses ways that fill a 2x2 with shaded cells
  beside them, each step keeps a piece that strands no cell, a closing region takes the
  walled-in pockets beside it, and medium and hard move one cell at a time; every seed and
  size makes another board.

Version 14 (Nurikabe, Norinori and LITS draws got faster on the same boards):

- LITS: medium judges only the moves that give a region a rival placement no piece rule
  refutes and that splits the shading (``grid.rivalpieces.rival_moves``), not random moves,
  and a fresh draw when none is kept; every medium seed and size makes another board, easy
  and hard the same.
"""
CHEAP_SHARE = 0.6
"""The share of clues (in shuffled order) first tried with the rung below the target.

The cheap pass is fast, but a board it has stripped bare leaves the target rung little
to remove, and a board the rung below still solves is thrown away.  Trying the last 40%
at the target only made 10x10 hard Slitherlinks about 1.7 times faster (median of 20
seeds) and halved the slowest 20x20 ones (benchmarks/generation.py)."""


progress_hook: ContextVar[Callable[[str, int], None] | None] = ContextVar("puzzlekit_generation_progress", default=None)
"""Told ``("attempt", 1)`` when an attempt starts and ``("removed", n)`` when n clues
go, so a long puzzle can show progress (``make_item`` sets it for a batch; by default nobody
is told)."""


def _tell(event: str, n: int = 1) -> None:
    hook = progress_hook.get()
    if hook is not None:
        hook(event, n)


class GenerationError(PuzzlekitError):
    """No puzzle could be made as asked (a size too small for a difficulty, a budget spent)."""


@dataclass(frozen=True)
class Generated:
    """One new puzzle: its level text (with metadata), its grade and what it cost."""

    index: int
    text: str
    instance: Any
    rung: int
    rung_name: str
    attempts: int
    seconds: float


def target_rung(genre: Genre, difficulty: str) -> int:
    if not genre.difficulties:
        raise UsageError(f"the {genre.name} genre does not generate puzzles")
    if difficulty not in genre.difficulties:
        known = ", ".join(genre.difficulties) or "none"
        raise UsageError(f"{genre.name} has no difficulty {difficulty!r} (known: {known})")
    return genre.difficulties[difficulty]


def is_top(genre: Genre, rung: int) -> bool:
    """The top difficulty: its boards may need more than its rung (``fits``)."""
    return rung >= max(genre.difficulties.values())


def deduction_cap(genre: Genre, rung: int) -> int | None:
    """The rung deduction is capped at to prove a board of difficulty ``rung`` unique:
    the rung itself below the top difficulty, ``Genre.top_deduction`` at the top; None
    when the top difficulty proves uniqueness by search instead (its default)."""
    return genre.top_deduction if is_top(genre, rung) else rung


def fits(genre: Genre, target: int, rung: int) -> bool:
    """May a board that needs ``rung`` be stamped with the difficulty of rung ``target``?
    Exactly its rung, except at the top: any rung from it up (up to ``top_deduction``,
    when the top is proven by deduction)."""
    if rung == target:
        return True
    cap = genre.top_deduction
    return is_top(genre, target) and rung > target and (cap is None or rung <= cap)


def unique_at(
    genre: Genre, instance: Any, rung: int, max_nodes: int = DEFAULT_BUDGET, deadline: float | None = None
) -> bool:
    """Is the board proven unique with rungs up to ``rung``?

    Deduction alone, capped at ``deduction_cap(rung)``, must solve it; at the top
    difficulty of a genre that proves it by search: count to two under ``max_nodes``,
    and a spent budget is "not proven".  Past ``deadline`` (a ``time.perf_counter()``
    value) the attempt ends (``_OutOfTime``).
    """
    out_of_time(deadline)
    model = genre.solving_model(instance)  # accept has the last word at every leaf
    cap = deduction_cap(genre, rung)
    outcome = _count(model, cap, max_nodes if cap is None else 0, deadline)
    return outcome.status == Status.UNIQUE


def needed_rung(
    genre: Genre,
    instance: Any,
    max_nodes: int = DEFAULT_BUDGET,
    deadline: float | None = None,
    proven: bool = False,
) -> int:
    """The rung the board needs: the least cap at which deduction solves it, or the
    search rung.  0 when it is not unique within the budget.

    ``proven``: the board is known to be unique (``ClueTrials.proven``), so only the
    deduction runs: what it leaves open needs the search rung, and no search is spent
    proving again what the trials proved (with a budget that might not reach it)."""
    out_of_time(deadline)
    outcome = _count(genre.solving_model(instance), None, 0 if proven else max_nodes, deadline)
    if proven and outcome.status == Status.UNDECIDED:
        return outcome.rung  # the search rung: deduction alone did not finish
    if outcome.status != Status.UNIQUE:
        return 0
    return outcome.rung


def _count(model: Model, cap: int | None, max_nodes: int, deadline: float | None, limit: int = 2) -> SearchOutcome:
    """Count to ``limit`` with the model built (the clock looked at before and after building)."""
    out_of_time(deadline)
    timeout = None if deadline is None else max(deadline - time.perf_counter(), 1e-6)
    outcome = count_solutions(model, limit=limit, max_nodes=max_nodes, timeout=timeout, max_rung=cap, record=False)
    if outcome.stopped_by == "timeout":
        raise _OutOfTime
    return outcome


_trials_made: ContextVar[list[ClueTrials] | None] = ContextVar("puzzlekit_clue_trials", default=None)
"""The ``ClueTrials`` made during the attempt in progress (``make_one`` reads them, so a
board the trials proved unique is graded without proving it again)."""

MAX_BATCH = 16
"""The most clue orbits ``reduce_clues`` blanks in one trial (see ``ClueTrials._one_by_one``)."""
RANK_RUN = 16
"""The orbits ``harden`` ranks in one halving pass (``ClueTrials.ranked``): on a 20x20
Fillomino a pass over all 170 cost more than the trials it spared."""
NEEDED_SAMPLE = 16
"""``ClueTrials._surely_kept`` judges every orbit of a pass only if at least a quarter of the
first this many are surely needed (20x20 Fillomino: 6 of 240 in the cheap pass, 125 of 263
in the second)."""
NEEDED_RUN = 32
"""Orbits a pass by halving takes at a time, those ``_surely_kept`` set aside first."""
LIVE = True
"""Passes below the top difficulty by halving on a live engine (``ClueTrials._halves``)
where the genre's ``ClueModel`` names its readers; False: one trial per orbit, the
reference tests/test_clue_halves.py holds it to (same seed, same puzzle either way)."""


class ClueTrials:
    """ "Still unique at rung k without these clues?" asked many times of one board.

    The board's ``ClueModel`` (when the genre has one) is built once and its clues
    blanked in place, with one engine per rung reset to its first state, instead of
    a model and an engine per trial.  The board's solution, once a trial has found
    it, is kept: the genre may know cheap variations of it (``Genre.twins_near``),
    and one that solves the trial (checked with ``Genre.accept``) proves the trial
    not unique without a search.  That check is exact, so it changes no answer,
    only the time.
    """

    def __init__(self, genre: Genre, instance: Any, max_nodes: int, deadline: float | None) -> None:
        self.genre = genre
        self.instance = instance
        """The board with every blanking accepted so far."""
        self.max_nodes = max_nodes
        self.deadline = deadline
        out_of_time(deadline)
        self.editable = genre.clue_model(instance)
        self.engines: dict[int, Engine] = {}
        self.solution: list[int] | None = None
        """The board's one solution, once a trial has found it."""
        self.solved_dom: list[int] | None = None
        """The solution as domains, once a deduction has reached it."""
        self.refused_by_twin = 0
        self.proven = False
        """True once ``instance`` is proven unique (``unique`` said so, or a blanking was
        kept: each is exact, so it stays true)."""
        made = _trials_made.get()
        if made is not None:
            made.append(self)

    def proves(self, instance: Any) -> bool:
        """Is ``instance`` this board, proven unique?"""
        return self.proven and instance is self.instance

    def unique(self, rung: int) -> bool:
        """Is the board as it stands unique at ``rung``?"""
        self.proven = self._unique(self.instance, rung)
        return self.proven

    def deduces(self, rung: int) -> bool:
        """Does deduction capped at ``rung`` (below the top) solve the board as it stands?
        Asks without touching ``proven``: the board may be unique at a higher rung."""
        return self._unique(self.instance, rung)

    def blank(self, positions: Sequence[Any], rung: int) -> bool:
        """Blank the clues at ``positions`` if the board stays unique at ``rung``; say whether."""
        genre, current = self.genre, self.instance
        trial = current
        for position in positions:
            trial = genre.with_clue(trial, position, None)
        if self._has_twin(trial, positions):
            self.refused_by_twin += 1
            return False
        cap = deduction_cap(genre, rung)
        if cap is not None and self._surely_kept([positions], cap, sample=False):
            return False  # deduction would not solve it: said cheaply (``ClueModel.needed``)
        editable = self.editable
        if editable is not None:
            for position in positions:
                editable.set_clue(position, None)
        unique = False
        try:
            broken = self._none_breaks(positions) if deduction_cap(genre, rung) is None else None
            unique = self._unique(trial, rung) if broken is None else broken
        finally:
            if editable is not None and not unique:
                for position in positions:
                    editable.set_clue(position, genre.clue_at(current, position))
        if unique:
            self.instance = trial
            self.proven = True
        return unique

    def _none_breaks(self, positions: Sequence[Any]) -> bool | None:
        """With the clues at ``positions`` blanked in the editable model: is the board still
        unique?  None when the genre cannot tell its clue values (``Genre.clue_values``).

        The board as it stands is unique, so a second solution without these clues breaks
        one of them: its count there is another value.  The cases, each a search for any
        solution: the first clue takes each other value (the rest blank), then the first
        keeps its clue and the second takes each other value, and so on (one search per clue
        when the model takes every other value at once: ``ClueModel.set_other``).  A solution
        in any case (or an undecided one) means not proven unique; none in every case means
        unique.  Counts no clue can say are ``twins_near``'s, checked before.  These
        searches start from a wrong clue, which deduction usually refutes at once, where
        counting to two must first find the solution and then exhaust the rest."""
        genre, editable, current = self.genre, self.editable, self.instance
        if editable is None or not self.proven:
            return None
        values = [genre.clue_values(current, position) for position in positions]
        clues = [genre.clue_at(current, position) for position in positions]
        try:
            for position, clue, others in zip(positions, clues, values):
                if others is None:
                    return None
                if clue is not None and editable.set_other(position, clue):
                    cases: list[int | None] = [None]  # every other value at once
                else:
                    cases = [value for value in others if value != clue]
                for value in cases:
                    if value is not None:
                        editable.set_clue(position, value)
                    outcome = _count(editable.model, None, self.max_nodes, self.deadline, limit=1)
                    if outcome.status != Status.NONE:
                        return False
                editable.set_clue(position, clue)  # later cases keep this clue
            return True
        finally:
            for position in positions:
                editable.set_clue(position, None)  # blank again, as the caller left them

    def _has_twin(self, trial: Any, positions: Sequence[Any]) -> bool:
        """Is there a second solution of ``trial`` near the board's own?"""
        solution = self.solution
        if solution is None:
            return False
        genre = self.genre
        for values in genre.twins_near(trial, solution, positions):
            if values != solution and not genre.accept(trial, values):
                return True
        return False

    def _unique(self, trial: Any, rung: int) -> bool:
        genre, editable = self.genre, self.editable
        cap = deduction_cap(genre, rung)
        if editable is None:
            out_of_time(self.deadline)
            model = genre.solving_model(trial)
        else:
            model = editable.model
            if cap is not None:
                return self._deduces(model, cap)
        outcome = _count(model, cap, self.max_nodes if cap is None else 0, self.deadline)
        if outcome.status == Status.UNIQUE and self.solution is None:
            self.solution = outcome.solutions[0]
        return outcome.status == Status.UNIQUE

    def _engine(self, rung: int) -> Engine:
        """The editable model's engine capped at ``rung`` (one per rung, kept), returned
        to its first state as ``undo(0)`` would leave it, at once, with the stand-ins of
        the clues blank now asleep (``Engine.sleep``: until its caller gives a clue back and
        wakes its readers, the model does not change)."""
        assert self.editable is not None
        model = self.editable.model
        engine = self.engines.get(rung)
        if engine is None:
            engine = Engine(model, max_rung=rung, deadline=self.deadline)
            if not engine.wired:
                raise _OutOfTime
            self.engines[rung] = engine
        engine.reset()
        for index, prop in enumerate(model.propagators):
            if isinstance(prop, Idle):
                engine.sleep(index)
        engine.deadline = self.deadline
        out_of_time(self.deadline)
        return engine

    def _deduces(self, model: Model, rung: int) -> bool:
        """Does deduction capped at ``rung`` solve the model?  ``count_solutions`` with no
        search nodes, on an engine kept per rung and returned to its first state."""
        engine = self._engine(rung)
        try:
            if not engine.start():
                return False
        except Timeout:
            raise _OutOfTime from None
        return self._solved(engine)

    def _solved(self, engine: Engine) -> bool:
        """Has the engine fixed every variable, to a solution?  (Kept as the board's.)

        Once the board's solution is known, a state equal to it is solved (one list
        comparison); any other is not: deduction is sound, so it never reaches another
        solution of a board that has one."""
        dom = engine.dom
        if self.solved_dom is not None:
            return dom == self.solved_dom
        if any(d & (d - 1) for d in dom):
            return False
        values = [value_of(d) for d in dom]
        accept = engine.model.leaf_check
        if accept is not None and not accept(values):
            return False
        self.solution = values
        self.solved_dom = list(dom)
        return True

    def blank_each(self, orbits: Sequence[Sequence[Any]], rung: int, batches: bool = False) -> list[Sequence[Any]]:
        """One pass: blank each orbit in turn (in order) if the board stays unique at
        ``rung``; the orbits that had to stay.

        Below the top difficulty, with a ``ClueModel`` that names its clues' readers,
        the pass is ``_halves``: the same answers as trying the orbits one by one (up to
        the order deduction happens to run in), from a few fixpoints in all instead of
        one per orbit.  Otherwise each orbit (or ``batches`` of them) is one trial."""
        if not orbits:
            return []
        if not self._by_halves(orbits, rung):
            return self._one_by_one(orbits, rung, batches)
        cap, kept = deduction_cap(self.genre, rung) or rung, []
        if not self._judges_needed():
            return self._halves(orbits, cap)  # nothing set aside: one halving, one start
        assert self.editable is not None
        step = len(orbits) if self.editable.needed_at_start else NEEDED_RUN
        for start in range(0, len(orbits), step):
            run = orbits[start : start + step]
            sure = self._surely_kept(run, cap)
            tried = [orbit for i, orbit in enumerate(run) if i not in sure]
            stayed = {id(orbit) for orbit in self._halves(tried, cap)} if tried else set()
            kept += [orbit for i, orbit in enumerate(run) if i in sure or id(orbit) in stayed]
        return kept

    def _judges_needed(self) -> bool:
        """Can the genre's ``ClueModel`` tell needed clues (``needed`` overridden)?  Without
        it a pass need not go in runs of ``NEEDED_RUN``: each run would start its engine from
        the first state again, where one halving over the pass shares its upper levels (the
        same trials, so the same clues stay)."""
        editable = self.editable
        return editable is not None and type(editable).needed is not ClueModel.needed

    def _surely_kept(self, orbits: Sequence[Sequence[Any]], rung: int, sample: bool = True) -> set[int]:
        """The orbits (their indices) the board surely needs at ``rung`` with every other clue
        standing (``ClueModel.needed``): with fewer clues deduction knows no more, so a pass
        keeps them whatever it blanks before them, and need not try them."""
        editable, solution = self.editable, self.solution
        if editable is None or solution is None:
            return set()
        sure: set[int] = set()
        for i, orbit in enumerate(orbits):
            if sample and i == NEEDED_SAMPLE and len(sure) * 4 < NEEDED_SAMPLE:
                break  # a pass that blanks most (the cheap one) gains less than the judging costs
            if editable.needed(orbit, solution, rung):
                sure.add(i)
        return sure

    def _one_by_one(self, orbits: Sequence[Sequence[Any]], rung: int, batches: bool) -> list[Sequence[Any]]:
        """``blank_each`` by one trial per orbit.

        With ``batches``, orbits go a few at once: a batch that keeps the board unique is
        blanked in one trial (and the next batch is twice as big); one that does not is
        tried again at half its size from its first orbit, down to one orbit alone.  With
        fewer clues deduction only knows less, so a batch that passes would have passed
        orbit by orbit too.  That pays where most removals pass (the cheap pass: about 30%
        fewer trials on 20x20 boards) and costs trials where most fail (the second pass).
        """
        kept: list[Sequence[Any]] = []
        i, size = 0, 1
        while i < len(orbits):
            batch = orbits[i : i + size]
            if self.blank([position for orbit in batch for position in orbit], rung):
                _tell("removed", sum(len(orbit) for orbit in batch))
                i += len(batch)
                size = min(2 * size, MAX_BATCH) if batches else 1
            elif len(batch) == 1:
                kept.append(batch[0])
                i += 1
            else:
                size = len(batch) // 2
        return kept

    def ranked(self, orbits: Sequence[Sequence[Any]], rung: int) -> list[Sequence[Any]]:
        """``blank_each`` at ``rung`` (below the top, by halving: the genre's ``ClueModel``
        names its readers), the orbits that had to stay ordered by how many variables
        deduction capped at ``rung`` leaves open without each, fewest first (ties in the
        given order).  On a board minimal at ``rung`` it blanks nothing and costs one
        halving pass: the order for ``harden`` at the rung above, whose trials pass where
        little is left open and are dear where much is (most of those are not unique).
        When the ``ClueModel`` estimates what is left open (``left_open``: Fillomino's
        window) every orbit is ordered by that instead, blanking nothing and with no pass
        (20x20 hard: the pass cost 0.07-0.17 s of a 0.45 s puzzle)."""
        if not self._by_halves(orbits, rung):
            return self.blank_each(orbits, rung)
        guessed = self._guessed_open(orbits, rung)
        if guessed is not None:  # the ClueModel's cheap estimate: no pass at all
            return [orbits[i] for i in sorted(range(len(orbits)), key=guessed.__getitem__)]
        left: dict[int, int] = {}
        kept = {id(orbit) for orbit in self._halves(orbits, deduction_cap(self.genre, rung) or rung, left)}
        order = sorted(range(len(orbits)), key=lambda i: left.get(i, 0))
        return [orbits[i] for i in order if id(orbits[i]) in kept]

    def _guessed_open(self, orbits: Sequence[Sequence[Any]], rung: int) -> list[int] | None:
        """Per orbit, ``ClueModel.left_open`` at ``rung``; None when the model cannot tell."""
        editable, solution, cap = self.editable, self.solution, deduction_cap(self.genre, rung) or rung
        if editable is None or solution is None:
            return None
        guessed = []
        for orbit in orbits:
            left = editable.left_open(orbit, solution, cap)
            if left is None:
                return None
            guessed.append(left)
        return guessed

    def _by_halves(self, orbits: Sequence[Sequence[Any]], rung: int) -> bool:
        """Does a pass at ``rung`` go by halving (``blank_each``)?"""
        editable = self.editable
        return (
            LIVE
            and editable is not None
            and deduction_cap(self.genre, rung) is not None
            and editable.readers(orbits[0][0]) is not None
        )

    def _halves(
        self, orbits: Sequence[Sequence[Any]], rung: int, left: dict[int, int] | None = None
    ) -> list[Sequence[Any]]:
        """``blank_each`` by halving, on one live engine capped at ``rung``.

        Trying orbit i asks whether deduction solves the board with the clues outside the
        pass, the orbits before i that stayed and every orbit after i.  Every trial of a
        run of orbits [lo, hi) shares the clues outside the pass, those kept before lo and
        the orbits from hi on; so the engine, holding the fixpoint of those, adds the
        orbits [mid, hi) and recurses into [lo, mid), then goes back (``undo``) and adds
        the orbits of [lo, mid) that stayed before recursing into [mid, hi).  A run whose
        shared clues already solve the board is blanked whole, as each of its trials
        would pass; a run of one orbit is its own trial.  Deduction from fewer clues
        holds with more, so the engine may start each step from where it stands; the
        clues a step adds wake only their readers (``ClueModel.readers``).  About one
        fixpoint per level of halving, where one trial per orbit costs one each.
        ``left``, when given, is told per orbit that stays how many variables its own
        trial left open (``ranked``)."""
        genre, editable = self.genre, self.editable
        assert editable is not None
        clues = [[genre.clue_at(self.instance, position) for position in orbit] for orbit in orbits]
        removed = [False] * len(orbits)
        props = editable.model.propagators

        def put(indices: Sequence[int], engine: Engine | None, back: bool = True) -> None:
            """Give the orbits their clues back (waking their readers), or blank them
            (``back`` False; their stand-ins sleep on a live ``engine``)."""
            for i in indices:
                for position, clue in zip(orbits[i], clues[i]):
                    editable.set_clue(position, clue if back else None)
                    if engine is not None:
                        for reader in editable.readers(position) or ():
                            if isinstance(props[reader], Idle):
                                engine.sleep(reader)  # a stand-in: nothing to deduce at any narrowing
                            elif back:
                                engine.wake(reader)

        def split(engine: Engine, lo: int, hi: int) -> None:
            """The engine holds the fixpoint shared by the trials of [lo, hi), whose orbits
            are blank in the model; decide them."""
            out_of_time(self.deadline)
            if self._solved(engine):
                for i in range(lo, hi):
                    removed[i] = True
                _tell("removed", sum(len(orbits[i]) for i in range(lo, hi)))
                return
            if hi - lo == 1:  # this trial's own clues do not solve the board: the orbit stays
                if left is not None:
                    left[lo] = sum(1 for d in engine.dom if d & (d - 1))
                return
            mid = (lo + hi) // 2
            mark = engine.mark()
            put(range(mid, hi), engine)
            if engine.run():
                split(engine, lo, mid)
            engine.undo(mark)  # a contradiction (deduction is sound, so never) keeps the orbits
            put(range(mid, hi), engine, back=False)
            put([i for i in range(lo, mid) if not removed[i]], engine)
            if engine.run():
                split(engine, mid, hi)

        put(range(len(orbits)), None, back=False)
        try:
            engine = self._engine(rung)
            if engine.start():
                split(engine, 0, len(orbits))
        except Timeout:
            raise _OutOfTime from None
        finally:
            for i, orbit in enumerate(orbits):  # the model as the board now stands
                for position, clue in zip(orbit, clues[i]):
                    editable.set_clue(position, None if removed[i] else clue)
        trial = self.instance
        for i, orbit in enumerate(orbits):
            if removed[i]:
                for position in orbit:
                    trial = genre.with_clue(trial, position, None)
        if trial is not self.instance:
            self.instance = trial
            self.proven = True
        return [orbit for i, orbit in enumerate(orbits) if not removed[i]]


def reduce_clues(
    genre: Genre,
    instance: Any,
    orbits: Sequence[Sequence[Any]],
    rung: int,
    rng: Rng,
    max_nodes: int = DEFAULT_BUDGET,
    deadline: float | None = None,
    trials: ClueTrials | None = None,
    top_patience: int | None = None,
) -> Any:
    """Blank clue orbits in shuffled order, keeping each removal only while the board
    stays unique at ``rung`` (Tatham's method; the symmetry lives in the orbits).

    ``trials``, when given, holds ``instance`` already (a caller that checked the full
    board with it, so its model is built once).

    Two passes: the first ``CHEAP_SHARE`` of the orbits are tried with the rung below
    (cheap, and it removes most of them), then every orbit still standing with ``rung``
    itself.  Every pass keeps the board unique at its rung, hence at ``rung``.

    ``top_patience``, at the top difficulty (where each trial is a search): the second pass
    ends after that many removals in a row fail, once the rung below no longer solves the
    board (it is then of the difficulty, if not minimal).
    """
    order = list(orbits)
    rng.shuffle(order)
    cheap = round(len(order) * CHEAP_SHARE) if rung > 1 else 0
    trials = trials or ClueTrials(genre, instance, max_nodes, deadline)
    if cheap and not trials.deduces(rung - 1):
        cheap = 0  # the rung below cannot solve even every clue: each of its trials would fail
    kept = trials.blank_each(order[:cheap], rung - 1, batches=True)
    if top_patience is not None and is_top(genre, rung) and trials.editable is not None:
        _blank_until_stale(trials, kept + order[cheap:], rung, top_patience)
    else:
        trials.blank_each(kept + order[cheap:], rung)
    return trials.instance


def harden(
    trials: ClueTrials, orbits: Sequence[Sequence[Any]], rung: int, rng: Rng, patience: int = 2, rank: bool = False
) -> Any:
    """Blank a board that ``reduce_clues`` left minimal at ``rung - 1`` further at ``rung``:
    without any of its clues the rung below no longer solves it, so the first orbit that
    blanks makes it need exactly ``rung``.  Orbits in shuffled order, one trial each, until
    ``patience`` in a row fail after one went (0: once one went; or none is left): a few trials at the dear
    rung where a whole pass there would try every clue.  ``rank``: the shuffled orbits
    go in runs of ``RANK_RUN``, each tried fewest left open at ``rung - 1`` first
    (``ClueTrials.ranked``, one halving pass there per run), where the rung below goes by
    halving: a trial whose board the rung below leaves nearly solved is cheap and likely
    to pass; one that leaves much open is dear and (on Fillomino) mostly not unique."""
    order = list(orbits)
    rng.shuffle(order)
    _blank_until_stale(trials, _ranked_runs(trials, order, rung - 1) if rank else order, rung, patience)
    return trials.instance


def _ranked_runs(trials: ClueTrials, order: Sequence[Sequence[Any]], rung: int) -> Iterator[Sequence[Any]]:
    """``order`` in runs of ``RANK_RUN``, each ranked at ``rung`` (``ClueTrials.ranked``)
    when the run before it is used up: a halving pass over a few orbits, not the board."""
    for start in range(0, len(order), RANK_RUN):
        yield from trials.ranked(order[start : start + RANK_RUN], rung)


def _blank_until_stale(trials: ClueTrials, orbits: Iterable[Sequence[Any]], rung: int, patience: int) -> None:
    """Blank each orbit in turn while the board stays unique at ``rung``, until ``patience``
    removals in a row fail after the rung below has stopped solving the board."""
    hard, misses = False, 0
    for orbit in orbits:
        if trials.blank(orbit, rung):
            _tell("removed", len(orbit))
            misses = 0
            hard = hard or not trials.deduces(rung - 1)
        else:
            misses += 1
        if hard and misses >= patience:
            return  # patience 0: the first removal that makes the board need ``rung`` ends it


def out_of_time(deadline: float | None) -> None:
    """Give up the current attempt once ``deadline`` (``GenerateRequest.deadline``) has
    passed: raises an exception the loop around attempts reports as a GenerationError.
    Public: a genre's long ``generate`` calls it between steps; None never expires."""
    if deadline is not None and time.perf_counter() > deadline:
        raise _OutOfTime


class _OutOfTime(Exception):
    """Raised inside an attempt when the deadline passes; ``make_one`` reports it."""


def symmetry_orbits(cols: int, rows: int, symmetry: str) -> list[list[tuple[int, int]]]:
    """Cells grouped so that a clue layout keeps the symmetry when a group goes at once."""
    if symmetry not in SYMMETRIES:
        raise UsageError(f"symmetry must be one of {', '.join(SYMMETRIES)}, not {symmetry!r}")
    seen: set[tuple[int, int]] = set()
    orbits = []
    for r in range(rows):
        for c in range(cols):
            if (r, c) in seen:
                continue
            if symmetry == "rotational":
                mates = {(r, c), (rows - 1 - r, cols - 1 - c)}
            elif symmetry == "mirror":
                mates = {(r, c), (r, cols - 1 - c)}
            else:
                mates = {(r, c)}
            seen |= mates
            orbits.append(sorted(mates))
    return orbits


MAX_SIDE = 200
"""The largest side a generator is asked for (the level readers cap boards at 200 too)."""


def parse_size(size: str | int | tuple[int, int]) -> tuple[int, int]:
    """``"WxH"`` (columns x rows, as Tatham and puzz.link write it), one number for a
    square, or a (cols, rows) pair; each side 2 to ``MAX_SIDE``."""
    if isinstance(size, str):
        match = re.fullmatch(r"\s*(\d{1,9})(?:[xX](\d{1,9}))?\s*", size)
        if match is None:
            raise UsageError(f"a size is WxH such as 10x10, or one number, not {size!r}")
        size = (int(match.group(1)), int(match.group(2) or match.group(1)))
    elif isinstance(size, int):
        size = (size, size)
    if not (isinstance(size, tuple) and len(size) == 2 and all(type(n) is int for n in size)):
        raise UsageError(f"a size is WxH, one number, or a (columns, rows) pair of ints, not {size!r}")
    if not all(2 <= n <= MAX_SIDE for n in size):
        raise UsageError(f"each side of a size is 2 to {MAX_SIDE} cells, not {size[0]}x{size[1]}")
    return size


def make_each(
    genre: str | Genre,
    *,
    size: str | int | tuple[int, int] = (10, 10),
    difficulty: str = "medium",
    seed: str = "puzzlekit",
    count: int = 1,
    symmetry: str = "none",
    mask: str | None = None,
    density: float | None = None,
    timeout: float | None = 60.0,
    jobs: int = 1,
    cluster: Any = None,
    host: Host | None = None,
) -> Iterator[Generated]:
    """The library's ``generate_each``: puzzles as ``Generated`` (text, instance, rung),
    streamed in order as they are made.

    ``size`` is ``"WxH"`` (columns x rows), one number, or a (cols, rows) pair;
    ``mask`` is level text of a region drawn with ``x``.  ``jobs`` (0: every core) and
    ``cluster`` (a Dask scheduler address or client) make them elsewhere, same puzzles.
    """
    g = get_genre(genre, host)
    size = parse_size(size)
    block = None
    if mask is not None:
        blocks = read_blocks(mask, "<mask>")
        if len(blocks) != 1:
            raise UsageError(f"a mask holds one drawing, found {len(blocks)}")
        block = blocks[0]
        size = parse_size((block.width, block.height))
    request = GenerateRequest(size[0], size[1], difficulty, symmetry, block, density)
    return generate(g, request, seed, count=count, timeout=timeout, jobs=jobs, cluster=cluster)


def _listed(each: Callable[P, Iterator[Generated]]) -> Callable[P, list[Generated]]:
    """A streaming function as one that returns the list (same arguments, same types)."""

    @functools.wraps(each)
    def listed(*args: P.args, **kwargs: P.kwargs) -> list[Generated]:
        return list(each(*args, **kwargs))

    listed.__doc__ = "The library's ``generate``: ``generate_each`` as a list, in order."
    listed.__name__ = listed.__qualname__ = "make"
    return listed


make = _listed(make_each)


def split_seed(seed: str) -> tuple[str, int]:
    """``"42#7"`` is item 7 of the batch seeded ``"42"``: (base, item).  Any other seed is
    item 0 of itself, so the seed stamped on item i of a batch makes that item alone."""
    match = re.fullmatch(r"(.*)#(0|[1-9][0-9]{0,17})", seed, re.DOTALL)
    return (match.group(1), int(match.group(2))) if match else (seed, 0)


def item_seed(seed: str, index: int) -> str:
    """The seed stamped on item ``index`` of the batch seeded ``seed`` (``"42#1"``)."""
    base, first = split_seed(seed)
    n = first + index
    return base if n == 0 else f"{base}#{n}"


OPTION_NAMES = {"symmetry": "--symmetry", "mask": "--from-mask", "density": "--density"}
"""The GenerateRequest fields a genre may or may not read, and the option that sets each."""


def check_options(genre: Genre, request: GenerateRequest) -> None:
    """Refuse an option the genre's generator would ignore (``--density`` for
    Slitherlink), since an ignored option would still change the seed's puzzle."""
    takes = genre.generate_options
    if takes is None:
        return
    given = {
        "symmetry": request.symmetry != "none",
        "mask": request.mask is not None,
        "density": request.density is not None,
    }
    for field_name, option in OPTION_NAMES.items():
        if given[field_name] and field_name not in takes:
            raise UsageError(f"{genre.name} puzzles are not generated with {option}")


def check_seed(seed: str) -> None:
    """A seed is one line of text: it is written back as ``# seed:``, so a newline, a
    control character or a byte that is not UTF-8 would make a file that does not read back."""
    bad = next((ch for ch in seed if ord(ch) < 0x20 or ord(ch) == 0x7F or 0xD800 <= ord(ch) <= 0xDFFF), None)
    if bad is not None:
        where = "a byte that is not UTF-8" if 0xD800 <= ord(bad) <= 0xDFFF else "a control character"
        raise UsageError(f"the seed {seed!r} holds {where}; a seed is one line of text")
    if seed != seed.strip():
        raise UsageError(f"the seed {seed!r} starts or ends with a space, which '# seed:' would not keep")


def seed_for(genre: Genre, request: GenerateRequest, seed: str, index: int) -> str:
    """Everything that defines a puzzle, in one string: same string, same puzzle."""
    mask = "/".join(request.mask.rows) if request.mask else ""
    return (
        f"{genre.name}/v{GENERATOR_VERSION}/{request.cols}x{request.rows}/{request.difficulty}/"
        f"{request.symmetry}/{request.density}/{mask}/{seed}/{index}"
    )


MAX_ATTEMPTS = 2000
"""Attempts per puzzle before giving up, whatever the deadline (``--timeout 0`` has
none): a size that cannot reach a difficulty (a 2x2 board is never expert) ends soon."""


def make_one(
    genre: Genre, request: GenerateRequest, seed: str, index: int, deadline: float | None, avoid: frozenset[str]
) -> Generated:
    """Attempts for puzzle ``index`` until one meets the request, or the deadline passes."""
    started = time.perf_counter()
    base, first = split_seed(seed)
    rng = Rng(seed_for(genre, request, base, first + index))
    target = target_rung(genre, request.difficulty)
    timed = replace(request, deadline=deadline)
    made: list[ClueTrials] = []
    token = _trials_made.set(made)
    try:
        with watchdog(deadline):  # genre code that never looks at the clock is stopped too
            return _attempts(genre, request, seed, index, deadline, avoid, rng, target, timed, started, made)
    except Timeout:  # the watchdog fired between two of the attempt loop's own checks
        raise _not_in_time(genre, request, "") from None
    finally:
        _trials_made.reset(token)


def _not_in_time(genre: Genre, request: GenerateRequest, attempts: str) -> GenerationError:
    return GenerationError(
        f"no {request.difficulty} {genre.name} of {request.cols}x{request.rows} found in time{attempts}; "
        "try another size or difficulty, or a longer --timeout"
    )


def _attempts(
    genre: Genre,
    request: GenerateRequest,
    seed: str,
    index: int,
    deadline: float | None,
    avoid: frozenset[str],
    rng: Rng,
    target: int,
    timed: GenerateRequest,
    started: float,
    made: list[ClueTrials],
) -> Generated:
    """The loop of ``make_one``."""
    attempts = 0
    while True:
        made.clear()
        if attempts >= MAX_ATTEMPTS:
            raise GenerationError(
                f"no {request.difficulty} {genre.name} of {request.cols}x{request.rows} found in "
                f"{MAX_ATTEMPTS} attempts; try another size or difficulty"
            )
        try:
            out_of_time(deadline)
            attempts += 1
            _tell("attempt")
            with until(deadline):  # building models looks at the clock too
                instance = genre.generate(timed, rng)
                if instance is None:
                    continue
                rows = genre.write(instance)
                if "\n".join(rows) in avoid:
                    continue
                proven = any(trials.proves(instance) for trials in made)
                rung = needed_rung(genre, instance, request.max_nodes, deadline, proven)
        except (_OutOfTime, Timeout):
            raise _not_in_time(genre, request, f" ({attempts} attempts)") from None
        if not fits(genre, target, rung):
            continue  # the rung below solves it (or it is not unique): not shipped as harder
        meta = {
            "seed": item_seed(seed, index),
            "difficulty": request.difficulty,
            "tier": str(rung),
            "generator": f"puzzlekit {__version__} {genre.name}/v{GENERATOR_VERSION}"
            + (f".{genre.generator_revision}" if genre.generator_revision else ""),
            "expect": "unique",
        }
        return Generated(
            index,
            write_block(rows, meta),
            instance,
            rung,
            rung_name(genre, rung),
            attempts,
            time.perf_counter() - started,
        )


def generate(
    genre: Genre,
    request: GenerateRequest,
    seed: str,
    count: int = 1,
    timeout: float | None = 60.0,
    jobs: int = 1,
    cluster: Any = None,
) -> Iterator[Generated]:
    """Puzzles ``0 .. count-1`` for ``seed``, streamed in order as they are made.

    ``timeout`` is per puzzle.  ``jobs`` local processes (0: every core) or a Dask
    ``cluster`` make them elsewhere (``puzzlekit.batching``); the output is the same as
    with one.  Item i is made from the seed stamped on it (``item_seed``) alone.
    """
    target_rung(genre, request.difficulty)  # a clear error before any work
    if count < 1:
        raise UsageError("--count must be at least 1")
    check_seed(seed)
    check_options(genre, request)
    yield from generated(genre, request, seed, count, timeout, jobs=jobs, cluster=cluster)


# -- many puzzles as a batch -----------------------------------------------------
#
# Item i made from the seed stamped on it, anywhere: item i of ``--seed S`` is made from
# the item seed ``S#i`` alone (``item_seed``),
# so it is the same puzzle in this process, on a local worker or on a cluster machine,
# and ``--seed 'S#i'`` makes it again by itself.  A batch holds no two equal puzzles: the
# rare item that repeats an earlier one is made again, in order, from the seed
# ``S#i~1`` (then ``~2``...), which is stamped on it and reproduces it alone too.
#
# (Once puzzlekit/batching/making.py; here since issue 22, so batching runs the work it is
# handed and never imports the generator back.)

MAX_REMAKES = 20
"""Remakes of one item that keeps repeating earlier ones before giving up."""


@dataclass(frozen=True)
class MakeJob:
    """Everything one puzzle needs, small enough to send to another machine."""

    genre: Genre
    request: GenerateRequest
    seed: str
    """The item's own seed (``S#i``), the one stamped on it."""
    index: int
    timeout: float | None
    keep_instance: bool = False
    """Keep the genre's object (in this process; instances need not pickle)."""


class _Counter:
    """Turns the generator's events into the running item's progress."""

    def __init__(self) -> None:
        self.attempts = 0
        self.removed = 0

    def __call__(self, event: str, n: int) -> None:
        if event == "attempt":
            self.attempts += n
            self.removed = 0
        elif event == "removed":
            self.removed += n
        tell({"attempt": self.attempts, "removed": self.removed})


def make_item(job: MakeJob) -> Generated:
    """One puzzle from its item seed (``timeout`` seconds from now)."""
    deadline = None if not job.timeout else time.perf_counter() + job.timeout
    token = progress_hook.set(_Counter())
    try:
        made = make_one(job.genre, job.request, job.seed, 0, deadline, frozenset())
    finally:
        progress_hook.reset(token)
    return replace(made, index=job.index, instance=made.instance if job.keep_instance else None)


def jobs_for(
    genre: Genre,
    request: GenerateRequest,
    seed: str,
    count: int,
    timeout: float | None,
    *,
    start: int = 0,
    keep_instance: bool = False,
) -> Iterator[MakeJob]:
    """The jobs of items ``start .. count-1`` of the batch seeded ``seed``."""
    for index in range(start, count):
        yield MakeJob(genre, request, item_seed(seed, index), index, timeout, keep_instance)


def body_key(text: str) -> str:
    """A puzzle's identity for the duplicate check: its rows as the level reader reads
    them, not its metadata (a row may start with ``#`` in some genres)."""
    rows = "\n\n".join("\n".join(block.rows) for block in read_blocks(text))
    return hashlib.sha256(rows.encode("utf-8")).hexdigest()[:20]


class Unrepeated:
    """The duplicate check of one batch, applied in order (so it is the same however
    the items were made)."""

    def __init__(self, keys: Iterable[str] = ()) -> None:
        self.seen = set(keys)

    def check(self, made: Generated, job: MakeJob) -> Generated:
        for n in range(1, MAX_REMAKES + 1):
            key = body_key(made.text)
            if key not in self.seen:
                self.seen.add(key)
                return made
            made = make_item(replace(job, seed=f"{job.seed}~{n}"))
        raise GenerationError(f"puzzle {job.index + 1} repeated earlier puzzles {MAX_REMAKES} times; ask for fewer")


def generated(
    genre: Genre,
    request: GenerateRequest,
    seed: str,
    count: int,
    timeout: float | None,
    *,
    jobs: int = 1,
    cluster: Any = None,
) -> Iterator[Generated]:
    """Puzzles ``0 .. count-1`` in order as they are made (see :func:`generate`)."""
    inline = cluster is None and jobs == 1
    todo = jobs_for(genre, request, seed, count, timeout, keep_instance=inline)
    unrepeated = Unrepeated()
    for outcome in ordered(make_item, todo, jobs=jobs, cluster=cluster):
        if isinstance(outcome, Failed):
            if outcome.error is not None:
                raise outcome.error
            if outcome.died:
                raise BatchError(outcome.index, outcome.message, died=True)
            raise GenerationError(outcome.message)
        job = MakeJob(genre, request, item_seed(seed, outcome.index), outcome.index, timeout, inline)
        yield unrepeated.check(outcome.value, job)
