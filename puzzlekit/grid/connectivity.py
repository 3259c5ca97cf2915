"""Cell connectivity for shading genres: one colour stays connected, regions hold one clue.

Each cell has a boolean variable (``cell_vars[cell]``, -1 for a cell that is
never of the colour watched, a wall say); ``value`` is the colour a rule is
about (``1``: shaded, ``0``: unshaded).  A cell "may" be that colour while its
domain still allows ``value``, and "is" it once fixed to it.

- ``StaysConnected``: the cells of the colour form one orthogonally connected
  piece (Nurikabe's sea, Heyawake's white cells).  Cells that cannot reach the
  fixed ones take the other colour; a cell whose loss would cut fixed cells
  apart (an articulation point of the "may" graph) is forced to the colour.
- ``OneClueRegions``: every piece of the colour holds exactly one clue cell,
  and with ``sized`` as many cells as the clue says (Nurikabe's islands).  A
  cell touching two pieces with clues, or out of every clue's reach, takes the
  other colour; a finished piece is walled in; a piece with one way out grows.
- ``reach``: distances from some cells through cells that may be the colour.

Both are pure functions of the domains (no incremental state), so they need no
undo, and both are exact about what they claim (sound for any genre using them).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache, lru_cache

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import Model, Propagator, Rule
from puzzlekit.grid.bits import BitGrid, cells_of, domain_masks, mask_of, table_of
from puzzlekit.grid.cuts import needed_cells
from puzzlekit.grid.islands import IslandAnalyser, Islands, Memory
from puzzlekit.grid.topology import RectGrid


def reach(
    grid: RectGrid,
    may: Sequence[bool],
    starts: Iterable[int],
    limit: int | None = None,
    blocked: Sequence[bool] | None = None,
) -> dict[int, int]:
    """Cells reachable from ``starts`` (distance 0) through cells where ``may`` holds and
    ``blocked`` does not, within ``limit`` steps: cell -> steps."""
    dist = {s: 0 for s in starts}
    queue = deque(dist)
    neighbours = grid.neighbours
    while queue:
        cell = queue.popleft()
        d = dist[cell] + 1
        if limit is not None and d > limit:
            continue
        for n in neighbours[cell]:
            if n not in dist and may[n] and (blocked is None or not blocked[n]):
                dist[n] = d
                queue.append(n)
    return dist


@lru_cache(maxsize=32)
def _bit_grid(grid: RectGrid) -> BitGrid:
    """One ``BitGrid`` per grid (read only, so shared): a generator builds a model per
    trial on the same grid, and each rule's own took a tenth of that."""
    return BitGrid(grid)


def pieces_of(grid: RectGrid, cells: Iterable[int]) -> list[list[int]]:
    """The orthogonally connected pieces of ``cells``, each sorted, in order of their
    smallest cell: ``RectGrid.pieces`` on bit masks (a generator's trial asks it often)."""
    return [cells_of(piece) for piece in _bit_grid(grid).pieces(mask_of(cells))]


def piece_masks(grid: RectGrid, mask: int) -> list[int]:
    """``pieces_of`` for the cells of a mask (cell ``c`` is bit ``c``), each piece a mask:
    a generator that needs only each piece's size and lowest cell (``int.bit_count``,
    ``piece & -piece``) skips listing the cells."""
    return _bit_grid(grid).pieces(mask)


def has_pool(grid: RectGrid, cells: Iterable[int] | int) -> bool:
    """Whether some 2x2 block is all of ``cells`` (``RectGrid.has_block``, on bit masks;
    ``cells`` may be a mask already)."""
    mask, cols = cells if isinstance(cells, int) else mask_of(cells), grid.cols
    return bool(mask & mask >> 1 & mask >> cols & mask >> (cols + 1) & _bit_grid(grid).corners)


@cache
def _table(*values: int) -> bytes:
    return table_of(values)


class _CellRule(Propagator):
    __slots__ = (
        "rule",
        "grid",
        "cell_vars",
        "value",
        "bit",
        "other",
        "watches",
        "bits",
        "may_table",
        "is_table",
        "direct",
    )

    def __init__(self, rule: Rule, grid: RectGrid, cell_vars: Sequence[int], value: int) -> None:
        if len(cell_vars) != grid.n_cells:
            raise ValueError(f"cell_vars has {len(cell_vars)} entries for {grid.n_cells} cells")
        self.rule = rule
        self.grid = grid
        self.cell_vars = tuple(cell_vars)
        self.value = value
        self.bit = 1 << value
        self.other = 1 << (1 - value)
        self.watches = tuple(v for v in cell_vars if v >= 0)
        self.bits = _bit_grid(grid)
        self.may_table = _table(self.bit, 0b11)
        self.is_table = _table(self.bit)
        self.direct = self.cell_vars == tuple(range(len(self.cell_vars)))
        """Cell ``c`` is variable ``c`` (made once: a probe reads the masks at every pass)."""

    def _masks(self, dom: Sequence[int]) -> tuple[int, int]:
        """The cells that may be the colour, and those fixed to it, as masks."""
        cell_vars = self.cell_vars
        # a wall (-1) is never the colour
        cells = dom if self.direct and len(dom) == len(cell_vars) else [dom[v] if v >= 0 else 0 for v in cell_vars]
        may, fixed = domain_masks(cells, self.may_table, self.is_table)
        return may, fixed

    def _set_all(self, engine: Engine, mask: int, colour: bool, note: Callable[[int], str]) -> bool:
        """Narrow every cell of ``mask`` to the colour (or the other one); notes only while
        the engine keeps a log (they cost more than the deduction)."""
        bit = self.bit if colour else self.other
        logged = engine.log is not None
        for cell in cells_of(mask):
            if not engine.set(self.cell_vars[cell], bit, self.watches, note(cell) if logged else None):
                return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        return str(note) if note else self.rule.summary

    def _note(self, clue: int, says: str) -> Callable[[int], str]:
        """A note "the region of <clue> <says>" for ``_set_all`` (``{cell}``: the cell set)."""
        name = self.grid.name
        return lambda cell: f"the region of {name(clue)} " + says.format(cell=name(cell))


class StaysConnected(_CellRule):
    """The cells of colour ``value`` form one connected piece (of exactly ``size`` cells,
    when given: Nurikabe's sea is every cell no island takes)."""

    __slots__ = ("size",)

    def __init__(
        self, rule: Rule, grid: RectGrid, cell_vars: Sequence[int], value: int, size: int | None = None
    ) -> None:
        super().__init__(rule, grid, cell_vars, value)
        self.size = size

    def propagate(self, engine: Engine) -> bool:
        may, fixed = self._masks(engine.dom)
        if not fixed:
            return True
        name = self.grid.name
        piece = self.bits.flood(fixed & -fixed, may)
        if fixed & ~piece:
            return False  # two fixed cells of the colour that can never meet
        if not self._set_all(engine, may & ~piece, False, lambda c: f"{name(c)} cannot join the rest"):
            return False
        size = self.size
        if size is not None:
            have, can = fixed.bit_count(), piece.bit_count()
            if have > size or can < size:
                return False
            if have == size or can == size:  # all it needs, or all it can get
                note = "has all its cells" if have == size else "needs every cell it can reach"
                return self._set_all(engine, piece & ~fixed, can == size, lambda c: f"the piece {note}")
            far = self._too_far(piece, fixed, size)
            if far:
                note = f"is too far from the rest for a piece of {size}"
                if not self._set_all(engine, far, False, lambda c: f"{name(c)} {note}"):
                    return False
                piece &= ~far
        needed = needed_cells(self.grid, self.bits, piece, fixed, size or 0)
        note = "is the only link between parts that must join"
        return self._set_all(engine, needed, True, lambda c: f"{name(c)} {note}")

    def _too_far(self, piece: int, fixed: int, size: int) -> int:
        """The cells of ``piece`` no connected piece of ``size`` cells holding them and the
        fixed ones can reach: a path from a fixed piece ``Q`` to a cell ``d`` steps away
        adds ``d`` cells, so ``|Q| + d <= size``.  Asked only of a piece smaller than the
        board's rows plus columns (a sea of 10 on a 32x32: janko's 1030, where a shaded
        probe then makes the far board land); a bigger one is seldom that tight, and its
        passes (and every generated board) stay as they were."""
        bits = self.bits
        if size >= self.grid.rows + self.grid.cols:
            return 0
        keep = piece
        for q in bits.pieces(fixed):
            keep &= bits.balls(q, piece, size - q.bit_count())[-1]
        return piece & ~keep


class OneClueRegions(_CellRule):
    """Every piece of colour ``value`` holds exactly one clue; with ``sized``, as many
    cells as its clue's number.  With ``deep``, the dearer reasoning of
    ``puzzlekit.grid.islands`` too: land only one region can reach, and the cells a region
    cannot do without; with ``blocks`` as well (the genre forbids a 2x2 block all of the
    other colour), the blocks only one region can break.

    Given the ``model`` it is added to, it keeps what it worked out in an aux slot (so the
    trail undoes it with the domains) and works out again only the regions whose
    surroundings changed; without, every pass starts from scratch.  Given a ``partner``
    over the same regions (Nurikabe's deep rule and its cheap one, which a lookahead probe
    runs one after the other on nearly the same board), each starts from whichever
    analysis is nearer the board: its own or the partner's last settled one.  The same
    deductions either way."""

    __slots__ = ("clues", "sized", "analyser", "clue_mask", "slot", "memories", "serial", "partner", "settled")

    MEMORIES = 4096
    """Remembered states kept before starting again (a forgotten one is worked out anew)."""

    def __init__(
        self,
        rule: Rule,
        grid: RectGrid,
        cell_vars: Sequence[int],
        value: int,
        clues: Mapping[int, int],
        sized: bool,
        deep: bool = False,
        blocks: bool = False,
        model: Model | None = None,
        partner: OneClueRegions | None = None,
    ) -> None:
        super().__init__(rule, grid, cell_vars, value)
        self.clues = dict(clues)
        self.sized = sized
        self.analyser = IslandAnalyser(self.bits, sorted(self.clues.items()), sized, deep, blocks)
        self.clue_mask = mask_of(self.clues)
        self.slot = -1 if model is None else model.add_state([0])
        """The aux slot naming the state last worked out (0: none)."""
        self.memories: dict[int, Memory] = {}
        self.serial = 0
        self.partner = partner
        """A rule over the same regions whose analyses this one may start from (and back)."""
        self.settled: Memory | None = None
        """The analysis of the last pass that deduced nothing: on that board (and so, region
        by region, on any board equal within a region's zone) what each region says holds
        already, whichever engine or branch it came from."""
        if partner is not None:
            if (partner.grid, partner.cell_vars, partner.value, partner.clues, partner.sized) != (
                grid,
                self.cell_vars,
                value,
                self.clues,
                sized,
            ):
                raise ValueError("a partner must watch the same cells, colour, clues and sizes")
            partner.partner = self

    def propagate(self, engine: Engine) -> bool:
        # Its own narrowings do not wake it, so it runs passes until one changes nothing
        # (the aux slot it writes is not a narrowing: ``_pass`` says where its own began).
        while True:
            mark = self._pass(engine)
            if mark < 0:
                return False
            if engine.mark() == mark:
                return True

    def _remember(self, engine: Engine, memory: Memory) -> None:
        if self.slot < 0:
            return
        if len(self.memories) >= self.MEMORIES:
            self.memories.clear()
        self.serial += 1
        self.memories[self.serial] = memory
        engine.put(self.slot, self.serial)

    def _pass(self, engine: Engine) -> int:
        """One pass: -1 on a contradiction, else the trail's mark after the aux write, before
        the pass's deductions."""
        may, land = self._masks(engine.dom)
        name = self.grid.name
        missing = self.clue_mask & ~land
        if missing:  # a clue cell is of the colour
            if missing & ~may or not self._set_all(engine, missing, True, lambda c: f"{name(c)} holds a clue"):
                return -1
            land |= missing
        before = self.memories.get(engine.aux[self.slot]) if self.slot >= 0 else None
        borrowed = self.partner.settled if self.partner is not None else None
        if borrowed is not None and _changes(borrowed, may, land) < _changes(before, may, land):
            before = borrowed
        found, memory = self.analyser.analyse(may, land, before)
        if before is None or before is borrowed or before[:3] != memory[:3]:
            self._remember(engine, memory)
        start = engine.mark()
        if found.failure or not self._deduce(engine, found, may, land):
            return -1
        if engine.mark() == start:
            self.settled = memory
        return start

    def _deduce(self, engine: Engine, found: Islands, may: int, land: int) -> bool:
        name = self.grid.name
        if not self._set_all(
            engine, found.between, False, lambda c: f"{name(c)} would join two regions that each hold a clue"
        ):
            return False
        spread, regions, reaches, fresh = self.bits.spread, found.regions, found.reaches, found.fresh
        for i in found.judged if self.sized else ():  # the others say what the board holds
            region, reach = regions[i], reaches[i]
            if not fresh[i] and reach == region.reach:
                continue  # the board holds what it says already
            clue = region.clue
            if region.room == 0:
                walls = spread(region.piece) & may & ~land
                if not self._set_all(engine, walls, False, self._note(clue, "is complete")):
                    return False
            elif reach.bit_count() == region.size:
                note = self._note(clue, "needs every cell it can reach")
                if not self._set_all(engine, reach & ~land, True, note):
                    return False
            else:
                exits = spread(region.piece) & reach & ~land
                if exits & (exits - 1) == 0:
                    note = self._note(clue, "can only grow through {cell}")
                    if not self._set_all(engine, exits, True, note):
                        return False
        unreached = may & ~land & ~found.reached & ~found.between
        if not self._set_all(engine, unreached, False, lambda c: f"no clue's region can reach {name(c)}"):
            return False
        for cell, clue in found.needed.items():
            why = f"the region of {name(clue)} cannot be finished without {name(cell)}"
            if not engine.set(self.cell_vars[cell], self.bit, self.watches, why if engine.log is not None else None):
                return False
        return True


def _changes(memory: Memory | None, may: int, land: int) -> int:
    """Cells whose state differs between ``memory``'s board and this one (all: no memory)."""
    if memory is None:
        return may.bit_length() + 1
    return ((may ^ memory[0]) | (land ^ memory[1])).bit_count()


__all__ = ["OneClueRegions", "StaysConnected", "has_pool", "pieces_of", "reach"]


class NotAll(Propagator):
    """The cells are not all of colour ``value`` (Nurikabe's 2x2 pool, LITS's 2x2 block):
    when all but one are, the last takes the other colour."""

    __slots__ = ("rule", "watches", "value")

    def __init__(self, rule: Rule, cells: Sequence[int], value: int = 1) -> None:
        self.rule, self.watches, self.value = rule, tuple(cells), value

    def propagate(self, engine: Engine) -> bool:
        mask = 1 << self.value
        coloured = [v for v in self.watches if engine.dom[v] == mask]
        if len(coloured) < len(self.watches) - 1:
            return True
        others = [v for v in self.watches if v not in coloured]
        return len(others) == 1 and all(engine.set(v, ~mask & 0b11, coloured) for v in others)
