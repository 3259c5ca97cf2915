"""Nurikabe: shade cells so that every island of unshaded cells holds one number, as many
cells as it says; the shaded sea is connected and has no 2x2 pool."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from puzzlekit import Block, ClueSpot, Model, Rule, Rung, Violation, bundled_examples
from puzzlekit.core import (
    BOOL,
    FALSE,
    TRUE,
    Engine,
    Lookahead,
    UnionFind,
    is_fixed,
    state_values,
    value_of,
)
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import Clause, SatEncoding
from puzzlekit.errors import LevelErrors
from puzzlekit.formats import is_number
from puzzlekit.grid import (
    AnchoredTheory,
    Canvas,
    GridGenre,
    NotAll,
    OneClueRegions,
    ParsedGrid,
    PieceTheory,
    RectGrid,
    StaysConnected,
    cells_of,
    exactly_k,
    has_pool,
    lone_pieces,
    marks_of,
    piece_cuts,
    piece_masks,
    read_grid,
    read_state,
    sized_regions,
    twin_size,
    write_grid,
)
from puzzlekit.pictures import Tone

if TYPE_CHECKING:  # generation's imports wait until a puzzle is made (a quick --help)
    from puzzlekit.generation import GenerateRequest

LEGEND = {".": "an unknown cell", "#": "a shaded cell", "o": "an unshaded cell"}
MARKS = {"#": TRUE, "o": FALSE, ".": BOOL}
NUMBERS = range(1, 1000)
Clues = dict[int, int]
LADDER = (
    Rung(1, "islands and pools", "complete islands walled in, cells out of reach or between two numbers, no 2x2 pool"),
    Rung(2, "one sea", "the shaded cells stay connected"),
    Rung(3, "island reach", "land or a 2x2 block only one island can reach is its; cells an island needs"),
    Rung(4, "trial", "a cell whose shading makes the rungs below contradict takes the other colour"),
)
ISLANDS = Rule(
    "islands",
    1,
    "Each island holds one number and as many cells: complete ones are walled in, "
    "cells no island can reach or that would join two are shaded, an island with one way out grows.",
)
POOL = Rule("no-pool", 1, "No 2x2 block is all shaded: three shaded cells of one leave the fourth unshaded.")
SEA = Rule(
    "one-sea",
    2,
    "The shaded cells form one sea: a cell cut off from it is unshaded, a cell it cannot do without is shaded.",
)
REACH = Rule(
    "island-reach",
    3,
    "Land or a 2x2 block only one island can reach must be its, so cells too far from both are not; "
    "a cell an island cannot be finished without is in it.",
)
TRIAL = Rule("trial", 4, "If shading a cell (or not) made the simpler rules contradict, it takes the other colour.")


TWIN_LIMIT = 150_000
"""The largest SAT twin (its label and counter variables, ``grid.twin_size``) the learning
search is given; a board of huge numbers (janko's 50s) is searched depth-first instead."""

UNMARKED = 2
"""``finished``'s value for a cell the player has not marked (neither shaded nor dotted)."""


@dataclass(frozen=True)
class Board:
    grid: RectGrid
    clues: dict[int, int]


class Nurikabe(GridGenre):
    name = "nurikabe"
    summary = "Shade cells: each island holds one number and that many cells; one sea, no 2x2 pool."
    ladder = LADDER
    rules = (ISLANDS, POOL, SEA, REACH, TRIAL)
    difficulties: ClassVar[dict[str, int]] = {"easy": 1, "medium": 2, "hard": 3}
    bad_levels = ("1.0\n", "..\n.\n", "1.a\n", "2 . 10\n. .\n")
    open_value = UNMARKED

    def parse(self, block: Block) -> Board:
        separated = any(" " in r for r in block.rows)
        parsed = LevelErrors.run(
            lambda: read_grid(block, LEGEND, numbers=NUMBERS, separated=separated), lambda: self.check_flags(block)
        )
        clues = {c: int(t) for c, t in enumerate(parsed.tokens) if is_number(t)}
        return Board(parsed.grid, clues)

    def build(self, instance: Board) -> Model:
        model = _model(instance, len(LADDER))
        if twin_size(instance.grid, instance.clues) <= TWIN_LIMIT:  # the learning search: the SAT twin and one sea
            # shaded first: a sea that fills out decides an open board quickly (a lattice of 6s
            # 15x15: 3.7 s -> 0.6 s CPU)
            def twin(dom: list[int] | None = None) -> SatEncoding:  # from the root state when given it
                return dataclasses.replace(self.sat_encoding(instance, dom), direct=True, true_first=True)

            model.cnf, model.cnf_at = twin, twin
            model.theories.append(lambda: PieceTheory(instance.grid))
            model.theories.append(lambda: AnchoredTheory(instance.grid, instance.clues))
        return model

    def sat_encoding(self, instance: Board, dom: Sequence[int] | None = None) -> SatEncoding:
        """From the rules alone: cell ``c`` shaded is SAT variable ``c + 1``; islands are
        labelled regions of their numbers' sizes (``sized_regions``); no 2x2 pool; the sea's
        pieces and numberless islands are joined by lazy cuts.  With ``dom`` (a root state),
        the twin of the solutions that agree with it: its counters over its open cells only."""
        grid, island = instance.grid, lambda c: -c - 1
        land = None if dom is None else [None if d == BOOL else d == FALSE for d in dom]
        clauses, top = sized_regions(grid, instance.clues, island, grid.n_cells, land)
        clauses += [[-c - 1 for c in pool] for pool in grid.blocks()]
        sea = grid.n_cells - sum(instance.clues.values())  # the islands' sizes are exact
        if sea > 1:  # a sea of several cells: no lone shaded cell
            clauses += [[-c - 1, *(d + 1 for d in grid.neighbours[c])] for c in range(grid.n_cells)]
        if 0 <= sea < grid.rows + grid.cols:  # a small sea, counted too: janko's 1030, 10 cells on a
            # 32x32 (CaDiCaL: 58k -> 5k conflicts)
            open_cells = range(grid.n_cells) if dom is None else [c for c, d in enumerate(dom) if d == BOOL]
            shaded = 0 if dom is None else dom.count(TRUE)
            more, top = exactly_k([c + 1 for c in open_cells], sea - shaded, top) if sea >= shaded else ([[]], top)
            clauses += more

        def refine(values: list[int]) -> list[Clause]:
            cuts = lone_pieces(grid, grid.pieces(lambda c: not values[c]), instance.clues, island)
            return cuts + piece_cuts(grid.neighbours, grid.pieces(lambda c: bool(values[c])), lambda c: c + 1, sea)

        plain = SatEncoding.boolean(grid.n_cells, clauses, refine)
        return SatEncoding(clauses, plain.decode, refine, plain.block, top)

    def finished(self, instance: Board, dom: Sequence[int]) -> list[int]:
        """An attempt as ``accept`` judges it.  A state written as a solution (``#`` and
        ``.``, no ``o``) reads ``.`` as unshaded; in one with ``o`` dots, or with nothing
        marked at all (a bare puzzle), an unmarked cell stays :data:`UNMARKED`."""
        open_cells = [c for c, d in enumerate(dom) if not is_fixed(d)]
        dotted = any(d == FALSE for c, d in enumerate(dom) if c not in instance.clues)
        if not open_cells or (not dotted and any(d == TRUE for d in dom)):
            return state_values(dom)
        return [value_of(d) if is_fixed(d) else UNMARKED for d in dom]

    def accept(self, instance: Board, values: Sequence[int]) -> list[Violation]:
        """From the rules alone: islands of one number and its size, one sea, no pool.  An
        island with :data:`UNMARKED` cells that shading could mend (several numbers, too
        many cells) is unfinished rather than wrong."""
        grid, found = instance.grid, []
        for island in grid.pieces(lambda c: values[c] != 1):
            numbers = [c for c in island if c in instance.clues]
            where = grid.name(island[0])
            mendable = any(values[c] == UNMARKED for c in island)
            if len(numbers) != 1:
                message = f"the island at {where} holds {len(numbers)} numbers, not one"
                found.append(Violation("island", message, tuple(island), not numbers or mendable, tuple(island), where))
            elif len(island) != instance.clues[numbers[0]]:
                n, short = instance.clues[numbers[0]], len(island) < instance.clues[numbers[0]]
                message = f"the island of the {n} at {grid.name(numbers[0])} has {len(island)} cells"
                found.append(Violation("size", message, tuple(island), short or mendable, tuple(island), where))
        for c in sorted(c for c in instance.clues if values[c] == 1):
            found.append(Violation("number", f"{grid.name(c)} holds a number and is shaded", (c,), cells=(c,)))
        seas = grid.pieces(lambda c: values[c] == 1)
        if len(seas) > 1:
            cells = tuple(c for sea in seas[1:] for c in sea)
            found.append(Violation("sea", f"the sea is in {len(seas)} pieces", cells, True, cells))
        pool = grid.has_block(lambda c: values[c] == 1)
        if pool:
            found.append(Violation("pool", f"a 2x2 pool at {grid.name(pool[0])}", pool, cells=pool))
        return found

    def parse_state(self, instance: Board, block: Block) -> list[int]:
        tokens = tuple(str(instance.clues.get(c, ".")) for c in range(instance.grid.n_cells))
        separated = any(" " in r for r in block.rows)
        marks = read_state(
            block,
            ParsedGrid(instance.grid, tokens, block, ()),
            MARKS,
            legend=LEGEND,
            numbers=NUMBERS,
            separated=separated,
        )
        return [FALSE if m is None else m for m in marks]

    def write(self, instance: Board, dom: Sequence[int] | None = None) -> list[str]:
        glyphs = {TRUE: "#", FALSE: "o" if dom is not None and BOOL in dom else "."}
        tokens = marks_of(dom or [BOOL] * instance.grid.n_cells, glyphs)
        for c, n in instance.clues.items():
            tokens[c] = str(n)
        return write_grid(instance.grid, tokens, separated=max(instance.clues.values(), default=0) > 9)

    def describe_step(self, instance: Board, var: int, mask: int) -> str:
        return f"{self.describe(instance, var)} is {'shaded' if mask == TRUE else 'unshaded'}"

    def paint(
        self, instance: Board, dom: Sequence[int] | None, canvas: Canvas, tones: dict[int, Tone], crosses: bool
    ) -> None:
        for cell in range(instance.grid.n_cells):
            tone = tones.get(cell, "normal")
            d = dom[cell] if dom is not None else BOOL
            if cell in instance.clues:
                canvas.clue(cell, str(instance.clues[cell]), tone)
            elif d == TRUE:
                canvas.shaded(cell, tone)
            elif d == FALSE and (crosses or dom is None or BOOL not in dom):
                canvas.dotted(cell, tone)
            else:
                canvas.open(cell, tone)

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "examples")

    # -- the editor ------------------------------------------------------------------------

    def clue_spots(self, instance: Board) -> list[ClueSpot]:
        """Every cell may hold a number (a click cycles 1 to 9; the editor types larger ones)."""
        return self.cell_spots(instance, (None, *range(1, 10)))

    def clue_at(self, instance: Board, position: int) -> int | None:
        return instance.clues.get(position)

    def with_clue(self, instance: Board, position: int, clue: int | None) -> Board:
        clues = {c: n for c, n in instance.clues.items() if c != position}
        if clue is not None:
            clues[position] = clue
        return Board(instance.grid, dict(sorted(clues.items())))

    # -- generating, and small boards for the harness ------------------------------------

    def generate(self, request: GenerateRequest, rng: Rng) -> Board | None:
        """A random solution with a number in each island, then a climb: a cell deduction capped at the
        difficulty leaves open changes colour (or its island's number moves) while no more stay open."""
        from puzzlekit.generation import out_of_time, target_rung  # not at start-up

        grid, rung = RectGrid(request.rows, request.cols), target_rung(self, request.difficulty)
        layout = _layout(grid, rng, rng.between(3, 6)) or set()
        board = Board(grid, {rng.choice(i): len(i) for i in grid.pieces(lambda c: c not in layout)})
        sea = sum(1 << c for c in layout)  # a mask: cell c is bit c
        scores: dict[tuple[tuple[int, int], ...], tuple[int, list[int]] | None] = {}

        def scored(clues: Clues) -> tuple[int, list[int]] | None:
            """``_score``, once per set of numbers: a stuck climb walks back and forth between
            the same few boards (half its trials, measured at 20x20 easy)."""
            key = tuple(sorted(clues.items()))
            if key not in scores:
                scores[key] = self._score(Board(grid, clues), rung)
            return scores[key]

        score, best, stalled = scored(board.clues), (rung, grid.n_cells + 1), 0
        for _ in range(grid.n_cells):  # then a new solution
            if score is None or not score[1]:
                break
            out_of_time(request.deadline)
            varied = _batch(grid, sea, board.clues, _spots(grid, score[1], stalled), rng)
            trial = None if varied is None else scored(varied[1])
            if varied is not None and trial is not None and (trial[0], len(trial[1])) <= (score[0], len(score[1])):
                sea, score, board = varied[0], trial, Board(grid, varied[1])
            stalled = 0 if (score[0], len(score[1])) < best else stalled + 1
            best = min(best, (score[0], len(score[1])))
        return board if score is not None and not score[1] else None

    def _score(self, board: Board, rung: int) -> tuple[int, list[int]] | None:
        """How far the board is from needing ``rung``: the cells it leaves open, or the (cheaper) rung below's,
        ranked worse, while over 20; None when the rung below solves it (a solvable board never contradicts)."""
        engine = Engine(_model(board, rung), max_rung=rung)
        if rung > 1:  # the rung below to its fixpoint first, the target rung's propagators kept queued
            engine.start(rung - 1)
            left = [c for c, d in enumerate(engine.dom) if d == BOOL]
            if not left:
                return None
            if len(left) > 20:
                return 1, left
            engine.run()  # then the target rung carries on from there rather than starting again
        else:
            engine.start()
        return 0, [c for c, d in enumerate(engine.dom) if d == BOOL]

    def small_board(self, rng: Rng) -> Board:
        grid = RectGrid(rng.between(1, 3), rng.between(1, 4))
        sea = _layout(grid, rng, 4) or set()
        clues = {rng.choice(island): len(island) for island in grid.pieces(lambda c: c not in sea)}
        if rng.chance(1, 3):  # a damaged clue set: boards with none or many solutions too
            clues = {rng.below(grid.n_cells): rng.between(1, 4) for _ in range(rng.between(1, 3))}
        return Board(grid, clues)


def _model(board: Board, top: int) -> Model:
    """The board's model with the rules up to rung ``top`` (a generator's trial needs no dearer ones)."""
    grid, cells, clues = board.grid, range(board.grid.n_cells), board.clues
    model = Model(LADDER)
    model.domains = [FALSE if c in clues else BOOL for c in cells]
    islands = OneClueRegions(ISLANDS, grid, cells, 0, clues, sized=True, model=model)
    model.add(islands)
    for block in _blocks(grid.rows, grid.cols):
        model.add(NotAll(POOL, block))
    if top >= SEA.rung:
        model.add(StaysConnected(SEA, grid, cells, 1, grid.n_cells - sum(clues.values())))
    if top >= REACH.rung:
        model.add(OneClueRegions(REACH, grid, cells, 0, clues, True, True, True, model, partner=islands))
    if top >= TRIAL.rung:
        # a failure's chain runs through the cells next to the ones it fixed (janko 1055:
        # 5,892 probes in eight laps on the sweep alone, 2,725 so)
        model.add(Lookahead(TRIAL, 3, lambda v, m: "shaded" if m == TRUE else "unshaded", near=grid.neighbours))
    return model


@lru_cache(maxsize=16)
def _blocks(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """The 2x2 blocks of a board that size (cached: a generator builds a model per trial)."""
    return tuple(RectGrid(rows, cols).blocks())


STUCK = 30
"""Changes in a row without a new fewest open cells, after which changes are made beside the
open cells as well as at them: a climb stuck at a few open cells (one 20x20 easy seed in
three) walked between the same boards for its last 77-355 changes and was thrown away;
with this every such seed of bench-0..23 finished its first climb (easy median 0.38 -> 0.32 s,
worst 0.88 -> 0.57 s; measured in docs/generating.md, "How a Nurikabe is made")."""


def _spots(grid: RectGrid, left: list[int], stalled: int) -> list[int]:
    """The cells a trial changes at: the open ones, and their neighbours once ``STUCK``."""
    return left if stalled < STUCK else sorted({*left, *(n for c in left for n in grid.neighbours[c])})


BATCH = 12
"""Open cells per change a trial makes: one change while few cells stay open, several at
random open cells while many do.  A trial costs a propagation of the whole board, and on a
board with hundreds of open cells changes far apart hardly meet, so a 20x20 climb closes in
a fraction of the trials (measured: docs/generating.md, "How a Nurikabe is made")."""


def _batch(grid: RectGrid, sea: int, clues: Clues, left: list[int], rng: Rng) -> tuple[int, Clues] | None:
    """One change per ``BATCH`` open cells (at least one), made one after the other."""
    varied = None
    for _ in range(max(1, len(left) // BATCH)):
        step = _varied(grid, sea, clues, rng.choice(left), rng)
        if step is not None:
            varied = step
            sea, clues = step
    return varied


def _varied(grid: RectGrid, sea: int, clues: Clues, cell: int, rng: Rng) -> tuple[int, Clues] | None:
    """The solution (its sea a mask: cell ``c`` is bit ``c``) and numbers with ``cell``
    recoloured, or (half the time) the number of the island at or beside it moved within
    the island; None when that breaks a rule.  On masks: a climb makes thousands."""
    full, marks = (1 << grid.n_cells) - 1, sum(1 << c for c in clues)
    if rng.chance(1, 2):
        islands = piece_masks(grid, full & ~sea)
        around = sum(1 << c for c in (cell, *grid.neighbours[cell]))
        near = [i for i in islands if i & (i - 1) and i & around]
        if not near:
            return None
        island = rng.choice(near)
        flipped, marks = sea, marks & ~island | 1 << rng.choice(cells_of(island & ~marks))
    else:
        flipped, marks = sea ^ 1 << cell, marks & ~(1 << cell)
        if len(piece_masks(grid, flipped)) != 1 or has_pool(grid, flipped):
            return None
        if cell in clues:  # a shaded number moves to a neighbour in its island, if it has one
            marks |= sum(rng.choice([[1 << n] for n in grid.neighbours[cell] if not flipped >> n & 1] or [[]]))
        islands = piece_masks(grid, full & ~flipped)
    numbers = {}  # each island's size on its marked cell (its first cell when none is)
    for island in islands:
        inside = island & marks
        if inside & (inside - 1):
            return None  # two numbers joined
        numbers[(inside or island & -island).bit_length() - 1] = island.bit_count()
    return flipped, numbers


def _layout(grid: RectGrid, rng: Rng, largest: int) -> set[int] | None:
    """A random solution's sea, which can have no 2x2 pool: a random spanning tree over the
    cells of even row and column (every 2x2 block holds a cell of odd row and column, never
    shaded), more passages carved until no island outgrows ``largest``, then cells
    unshaded at random while the sea stays connected and no two islands join."""
    nodes = [grid.cell(r, c) for r in range(0, grid.rows, 2) for c in range(0, grid.cols, 2)]
    links = []
    for a in nodes:
        r, c = grid.rc(a)
        for b, middle in ((grid.cell(r, c + 2), grid.cell(r, c + 1)), (grid.cell(r + 2, c), grid.cell(r + 1, c))):
            if b >= 0:
                links.append((a, b, middle))
    rng.shuffle(links)
    tree, sea, spare = UnionFind(grid.n_cells), set(nodes), []
    for a, b, middle in links:
        (sea.add(middle) if tree.union(a, b) else spare.append(middle))
    for cell in range(grid.n_cells):  # a link cell past the last row or column of nodes: sea or not
        r, c = grid.rc(cell)
        if (r % 2 != c % 2) and (r == grid.rows - 1 if r % 2 else c == grid.cols - 1) and rng.chance(1, 2):
            sea.add(cell)
    while True:
        big = [p for p in grid.pieces(lambda c: c not in sea) if len(p) > largest]
        if not big:
            break
        inside = set(big[0])
        choices = [m for m in spare if m in inside]
        if not choices:
            break  # an island no passage can cut stays as it is
        sea.add(rng.choice(choices))
    order = sorted(sea)
    rng.shuffle(order)
    for cell in order:
        near = [p for p in grid.pieces(lambda c: c not in sea) if set(grid.neighbours[cell]) & set(p)]
        small = len(near) <= 1 and sum(map(len, near)) < largest and rng.chance(1, 3)
        if small and len(grid.pieces((sea - {cell}).__contains__)) == 1:
            sea.discard(cell)
    return sea
