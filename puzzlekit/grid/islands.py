"""Where each clue's region (a Nurikabe island) can still go, read off the board at once.

The analysis behind ``OneClueRegions``, as bit masks over the cells (``puzzlekit.grid.bits``):
``land`` the cells fixed to the colour, ``may`` those that can still take it.  For every
clue it finds the piece of land holding it, the cells its region may still take
(``allowed``: not fixed to the other colour, not beside another clue's piece) and, with
``sized``, how far it can reach: ``balls[d]`` are the cells at most ``d`` steps from the
piece, up to the cells the region still needs.

What a region may reach, and so what every rule reads, is narrowed three ways:

- a piece of land holding no clue (``loose``) joins whichever region takes one of its
  cells or a cell beside it, whole; a region that cannot take all of it within its size
  may not come next to it;
- (``deep``) land only one region can reach, and (with ``blocks``, where no 2x2 block may
  be all of the other colour: Nurikabe's pools) a 2x2 block only one region can break,
  must be that region's: a cell is out of its reach when a region holding its piece, the
  cell and that land (or a cell of that block) would need more cells than its number.
  With ``p`` the piece, ``q`` the land (each counted as one node) and ``y`` the cell, any
  connected region holding the three holds a tree with at least
  ``(d(p,q) + d(p,y) + d(q,y)) / 2`` edges, so at least ``|P| + |Q| - 1`` plus that many
  cells (``|P|`` plus that many for a block's cell);
- (``deep``) a cell the region cannot do without (removing it cuts the piece off from the
  cells it needs, ``puzzlekit.core.graph.needed_nodes``) is in the region.

Everything is exact about what it claims: each step only drops cells no solution's region
can hold, so the propagators built on it are sound for any genre.

A region's reach depends only on the board within its number (plus two) of its clue (its
``zone``), so ``IslandAnalyser`` keeps each region it worked out and hands it back while
nothing in its zone changed: a lookahead probe changes a few cells, and most regions are
then looked up, not flooded again.  ``analyse`` is the same without memory.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache, reduce
from itertools import accumulate, compress
from operator import and_, or_

from puzzlekit.core.graph import needed_nodes
from puzzlekit.grid.bits import BitGrid, cells_of, distance, flags_of, mask_of

MAX_DUTIES = 8
"""Duties (land or blocks only one region can reach) weighed per region and pass: the
farthest ones, which narrow the most."""

NEAR_CELLS = 64
"""Changed cells up to which ``analyse`` finds the regions to work out again by the cells
(``_near``) rather than by a test per region."""
NEAR_AFTER = 100
"""Analyses an analyser makes before ``_near`` may answer: the coverings it reads cost a
list entry per cell of every zone, which a lookahead's thousands of probes repay and a
generator's trial (a new model, a few dozen passes) does not."""
NEAR_REGIONS = 32
"""Regions below which ``analyse`` tests each one (as cheap as looking them up by cell)."""
MEMO_LIMIT = 50_000
"""Entries each memo of an ``IslandAnalyser`` keeps before it starts again."""
LOOSE_LISTED = 64
"""Pieces of loose land up to which a region's reach is tested against each one (a few
ands) rather than flooding the pieces it meets."""


@lru_cache(maxsize=8192)
def diamond(rows: int, cols: int, cell: int, radius: int) -> int:
    """The cells of a ``rows`` x ``cols`` grid at most ``radius`` steps from ``cell``, as a
    mask, one run of bits per row (cached: a generator asks for the same ones per trial)."""
    r0, c0 = divmod(cell, cols)
    out = 0
    for r in range(max(0, r0 - radius), min(rows, r0 + radius + 1)):
        side = radius - abs(r - r0)
        left, right = max(0, c0 - side), min(cols - 1, c0 + side)
        out |= ((1 << (right - left + 1)) - 1) << (r * cols + left)
    return out


class Region:
    """One clue's region as the board stands (shared between passes while its zone holds)."""

    __slots__ = ("clue", "size", "piece", "border", "allowed", "balls", "touch", "reach", "room", "needs")

    def __init__(self, clue: int, size: int, piece: int, border: int, allowed: int, balls: list[int]) -> None:
        self.clue = clue
        self.size = size
        """Its number (0 when regions are not sized)."""
        self.piece = piece
        """The land connected to the clue."""
        self.border = border
        """The piece and the cells next to it."""
        self.allowed = allowed
        """Cells it may take: not the other colour, not beside another clue's piece."""
        self.balls = balls
        """``balls[d]``: allowed cells within ``d`` steps of the piece (only the last, all
        it can reach, when unsized)."""
        self.touch = -1
        """The open 2x2 blocks (by corner) it reaches into, once worked out (-1: not yet)."""
        self.reach = balls[-1]
        """All it can reach (attributes, not properties: every pass reads them per region)."""
        self.room = size - piece.bit_count()
        self.needs: tuple[int, int, list[int]] | None = None
        """``_needed``'s answer for its reach and piece alone (no duty narrowed the reach, no
        loose land its own), once worked out: most regions of a pass, without hashing."""


@dataclass
class Islands:
    """What one analysis found; ``failure`` names a contradiction (None: none seen)."""

    regions: list[Region]
    reaches: list[int]
    """Per region, the cells it can still hold (its reach, narrowed by duties)."""
    between: int = 0
    """Cells beside two clues' pieces (they take the other colour)."""
    reached: int = 0
    """Cells some region can hold."""
    failure: str | None = None
    owns: list[list[int]] = field(default_factory=list)
    """(``deep``) per region, the loose land only it can reach."""
    needed: dict[int, int] = field(default_factory=dict)
    """(``deep``) cell -> the clue whose region cannot do without it."""
    fresh: list[bool] = field(default_factory=list)
    """Per region, whether it was worked out anew (else it is the one remembered, whose
    own deductions the board already holds)."""
    judged: list[int] = field(default_factory=list)
    """The regions worked out anew or narrowed by a duty, in order: the only ones whose
    reach can say what the board does not hold yet, or fall short of its number (a
    remembered region passed that test when it was worked out)."""


Memory = tuple[int, int, int, list[Region | None], tuple[int, int] | None]
"""What an analyser remembers of the last state it saw: its ``may``, ``land``, the land of
clued pieces, each region as worked out then (None: not known), and the cells beside
some piece and beside two (None: not known, when a region is not)."""


class IslandAnalyser:
    """The analysis of one board's regions, remembering what it worked out."""

    def __init__(
        self, bits: BitGrid, clues: Sequence[tuple[int, int]], sized: bool, deep: bool = False, blocks: bool = False
    ) -> None:
        self.bits = bits
        self.clues = list(clues)
        self.sized = sized
        self.deep = deep and sized
        self.blocks = blocks
        self.clue_mask = mask_of(cell for cell, _ in clues)
        grid = bits.grid
        self.zones = [diamond(grid.rows, grid.cols, cell, n + 2) if sized else bits.full for cell, n in clues]
        """Per region, the cells whose state its reach depends on."""
        self.inner = [diamond(grid.rows, grid.cols, cell, n + 1) if sized else bits.full for cell, n in clues]
        """Per region, the cells its piece can lie in (a piece outside is too big)."""
        self._covering: list[list[int]] | None = None
        self._zone_covering: list[list[int]] | None = None
        self.passes = 0
        """Analyses made so far (``NEAR_AFTER``)."""
        self.bounds: dict[tuple[int, int, int, int, int, int], int] = {}
        self.needs: dict[tuple[int, int, int], tuple[int, int, list[int]]] = {}
        self._loose: tuple[int, list[int]] = (0, [])
        """The last loose land seen and its pieces (``loose_pieces``)."""

    @property
    def covering(self) -> list[list[int]]:
        """Per cell, the regions whose inner zone holds it, worked out when first asked (a
        generator builds a model per trial, and most trials never ask)."""
        if self._covering is None:
            self._covering = [[] for _ in range(self.bits.n)]
            for i, zone in enumerate(self.inner):
                for c in cells_of(zone):
                    self._covering[c].append(i)
        return self._covering

    def analyse(self, may: int, land: int, before: Memory | None = None) -> tuple[Islands, Memory]:
        """The regions for ``may`` and ``land`` (every clue cell in ``land``), reusing the
        regions of ``before`` whose zones saw no change; and what to remember of this."""
        self.passes += 1
        near_ok = self.passes > NEAR_AFTER and len(self.clues) >= NEAR_REGIONS
        if before is not None and before[4] is not None and near_ok:
            near = self._near(may, land, before)
            if near is not None:
                return near
        bits = self.bits
        n_regions = len(self.clues)
        old: list[Region | None]
        if before is None:
            old_may, old_land, old_clued, old = 0, 0, 0, [None] * n_regions
            changed = bits.full
        else:
            old_may, old_land, old_clued, old, _ = before
            changed = (may ^ old_may) | (land ^ old_land)
        clue_mask = self.clue_mask
        pieces = []
        clued = 0
        for i, (cell, n) in enumerate(self.clues):
            known = old[i]
            if known is not None and not changed & self.inner[i]:
                piece = known.piece
            else:
                piece = bits.flood(1 << cell, land)
                failure = self._misfit(piece, cell, n, clue_mask)
                if failure:
                    return Islands([], [], failure=failure), (may, land, 0, [None] * n_regions, None)
            pieces.append(piece)
            clued |= piece
        changed |= clued ^ old_clued
        touched, multi, borders = self._borders(pieces, old)
        between = multi & may & ~land
        may &= ~between
        loose_mask = land & ~clued
        regions: list[Region] = []
        fresh = []
        for i, (piece, border) in enumerate(zip(pieces, borders)):
            known = old[i]
            fresh.append(known is None or bool(changed & self.zones[i]))
            if known is None or fresh[-1]:
                known = self._region(i, piece, border, may, touched, multi, loose_mask)
            regions.append(known)
        memory: Memory = (may | between, land, clued, list(regions), (touched, multi))
        return self._judged(Islands(regions, [r.reach for r in regions], between, fresh=fresh), land, memory)

    def _near(self, may: int, land: int, before: Memory) -> tuple[Islands, Memory] | None:
        """``analyse`` when few cells changed since ``before``: only the regions whose inner
        zones (pieces) or zones (reaches) hold a changed cell are looked at, found through
        ``covering`` and ``zone_covering`` rather than by a test per region (a lookahead
        probe on a board of 200 numbers works out a handful).  The same answer; None when
        too many cells changed for the shortcut to pay."""
        old_may, old_land, old_clued, old, layout = before
        changed = (may ^ old_may) | (land ^ old_land)
        if changed.bit_count() > NEAR_CELLS or layout is None:
            return None
        bits, clues, clue_mask = self.bits, self.clues, self.clue_mask
        known: list[Region] = old  # type: ignore[assignment]  # a layout is kept only with every region
        pieces: list[int] | None = None
        for i in self._touching(changed, self.covering):
            if known[i].border & land == known[i].piece:
                continue  # still all land, and no land beside it: the same piece
            cell, n = clues[i]
            piece = bits.flood(1 << cell, land)
            failure = self._misfit(piece, cell, n, clue_mask)
            if failure:
                return Islands([], [], failure=failure), (may, land, 0, [None] * len(clues), None)
            if piece != known[i].piece:
                if pieces is None:
                    pieces = [r.piece for r in known]
                pieces[i] = piece
        if pieces is None:
            clued = old_clued
            touched, multi = layout
            borders = None
        else:
            clued = 0
            for piece in pieces:
                clued |= piece
            changed |= clued ^ old_clued
            touched, multi, borders = self._borders(pieces, old)
        between = multi & may & ~land
        may &= ~between
        loose_mask = land & ~clued
        regions = list(known)
        fresh = [False] * len(clues)
        if changed.bit_count() > NEAR_CELLS:
            again = [i for i, zone in enumerate(self.zones) if changed & zone]
        else:
            again = self._touching(changed, self.zone_covering)
        for i in again:
            fresh[i] = True
            piece = known[i].piece if pieces is None else pieces[i]
            border = known[i].border if borders is None else borders[i]
            regions[i] = self._region(i, piece, border, may, touched, multi, loose_mask)
        memory: Memory = (may | between, land, clued, list(regions), (touched, multi))
        return self._judged(Islands(regions, [r.reach for r in regions], between, fresh=fresh), land, memory)

    @staticmethod
    def _touching(changed: int, covering: list[list[int]]) -> list[int]:
        """The regions ``covering`` lists for some cell of ``changed``, in order."""
        out: set[int] = set()
        for cell in cells_of(changed):
            out.update(covering[cell])
        return sorted(out)

    @property
    def zone_covering(self) -> list[list[int]]:
        """Per cell, the regions whose zone holds it (worked out when first asked)."""
        if self._zone_covering is None:
            self._zone_covering = [[] for _ in range(self.bits.n)]
            for i, zone in enumerate(self.zones):
                for c in cells_of(zone):
                    self._zone_covering[c].append(i)
        return self._zone_covering

    def _misfit(self, piece: int, cell: int, n: int, clue_mask: int) -> str | None:
        """What is wrong with the piece of land holding clue ``cell`` (None: nothing)."""
        if piece & clue_mask & ~(1 << cell):
            return "two clues joined in one region"
        if self.sized and piece.bit_count() > n:
            return "a region larger than its number"
        return None

    def _borders(self, pieces: list[int], old: Sequence[Region | None]) -> tuple[int, int, list[int]]:
        """The cells beside some piece (``touched``), beside two (``multi``), and each
        piece's border (a remembered region's while its piece is the same)."""
        grow = self.bits.grow
        touched = multi = 0
        borders = []
        for piece, known in zip(pieces, old):
            border = known.border if known is not None and known.piece == piece else grow(piece)
            borders.append(border)
            multi |= touched & border
            touched |= border
        return touched, multi, borders

    def _region(self, i: int, piece: int, border: int, may: int, touched: int, multi: int, loose_mask: int) -> Region:
        """Region ``i`` worked out anew."""
        cell, n = self.clues[i]
        allowed = may & ~((touched & ~border) | multi)
        if self.sized:
            allowed &= self.inner[i]
        allowed, balls = self._reach(piece, allowed, loose_mask, n)
        return Region(cell, n if self.sized else 0, piece, border, allowed, balls)

    def _judged(self, found: Islands, land: int, memory: Memory) -> tuple[Islands, Memory]:
        """``_judge``, and what to remember: no region of a board that fails (a pass skips
        the tests a remembered region passed)."""
        found = self._judge(found, land)
        if found.failure:
            return found, (memory[0], land, 0, [None] * len(self.clues), None)
        return found, memory

    def _judge(self, found: Islands, land: int) -> Islands:
        """The checks and the deep reasoning on the regions worked out."""
        regions, reaches = found.regions, found.reaches
        narrowed = self._duties(found, land) if self.deep else []
        judged = found.judged = sorted({*compress(range(len(regions)), found.fresh), *narrowed})
        if self.sized:
            for i in judged:
                if reaches[i].bit_count() < regions[i].size:
                    found.failure = f"the region of a {regions[i].size} cannot grow to its size"
                    return found
        found.reached = reached = reduce(or_, reaches, 0)
        if land & ~reached:
            found.failure = "land no clue's region can reach"
            return found
        if self.deep:
            self._needed(found)
        return found

    def loose_pieces(self, loose: int) -> list[int]:
        """The pieces of ``loose`` (land holding no clue) in order of their smallest cell,
        from the last ones asked for: a piece with no changed cell in or beside it stays a
        piece, and only the rest is flooded (every region of a pass and its duties ask)."""
        old, pieces = self._loose
        if old == loose:
            return pieces
        changed = old ^ loose
        if changed.bit_count() > NEAR_CELLS:
            out = self.bits.pieces(loose)
        else:
            near = self.bits.grow(changed)
            kept = [q for q in pieces if not q & near]
            rest = loose
            for q in kept:
                rest &= ~q
            out = sorted(kept + self.bits.pieces(rest), key=lambda q: q & -q)
        self._loose = (loose, out)
        return out

    def _reach(self, piece: int, allowed: int, loose_mask: int, n: int) -> tuple[int, list[int]]:
        """A region's allowed cells and balls, barring loose land it cannot take whole."""
        bits, sized = self.bits, self.sized
        room = n - piece.bit_count() if sized else bits.n
        size = piece.bit_count()
        listed = self.loose_pieces(loose_mask) if loose_mask else []
        if len(listed) > LOOSE_LISTED:
            listed = []
        while True:
            balls = bits.balls(piece, allowed, room)
            reach = balls[-1]
            barred = 0
            hit = reach & loose_mask
            while hit:
                if listed:
                    met = [q for q in listed if q & hit]
                    hit = 0
                else:
                    met = [bits.flood(hit & -hit, loose_mask)]
                    hit &= ~met[0]
                for q in met:
                    if q & ~reach or (sized and size + q.bit_count() + distance(balls, q) - 1 > n):
                        barred |= bits.grow(q)
            if not barred:
                return allowed, balls
            allowed &= ~barred

    # -- deep: duties and needed cells --------------------------------------------------

    def _duties(self, found: Islands, land: int) -> list[int]:
        """Narrow each region's reach by the land (and the 2x2 blocks) only it can reach;
        the regions with duties."""
        bits, regions, reaches = self.bits, found.regions, found.reaches
        duties: dict[int, list[tuple[int, int, int]]] = {}
        """Per region with any: (distance, cells, lump size) of each duty."""
        found.owns = [[] for _ in regions]
        for q in self.loose_pieces(land & ~self._clued(found)):
            owners = [i for i in self.covering[(q & -q).bit_length() - 1] if not q & ~reaches[i]]
            if len(owners) == 1:
                i = owners[0]
                found.owns[i].append(q)
                duties.setdefault(i, []).append((distance(regions[i].balls, q), q, q.bit_count()))
        if self.blocks and regions:
            for region in regions:
                if region.touch < 0:
                    region.touch = bits.blocks_touching(region.reach & ~land)
            touches = [region.touch for region in regions]
            # the blocks some region reaches into, and those two do (each step one C loop)
            before = list(accumulate(touches, or_))
            once = before[-1]
            twice = reduce(or_, map(and_, before, touches[1:]), 0)
            alone = once & ~twice & bits.corners & ~bits.blocks_touching(land)  # open blocks one region reaches into
            for i, corner in self._owners(alone, touches):
                block = bits.block_cells(corner) & reaches[i]
                duties.setdefault(i, []).append((distance(regions[i].balls, block), block, 0))
        bounds = self.bounds
        if len(bounds) > MEMO_LIMIT:
            bounds.clear()
        for i in sorted(duties):
            todo = duties[i]
            todo.sort(key=lambda duty: -duty[0])
            for d, target, lump in todo[:MAX_DUTIES]:
                if d < 0:
                    continue
                key = (reaches[i], regions[i].piece, target, lump, d, regions[i].size)
                kept = bounds.get(key)
                if kept is None:
                    kept = bounds[key] = self._bound(regions[i], reaches[i], d, target, lump)
                reaches[i] = kept
        return list(duties)

    def _owners(self, alone: int, touches: list[int]) -> list[tuple[int, int]]:
        """(region, corner) for each block of ``alone``, by region and then corner: looked up
        by the regions covering its cells once those are listed (a lookahead's passes), else
        by a test per region (a generator's model, which would not repay the listing)."""
        if self._covering is None:
            return [(i, corner) for i, t in enumerate(touches) if t & alone for corner in cells_of(t & alone)]
        covering, cols, out = self._covering, self.bits.cols, []
        for corner in cells_of(alone):
            i = next(
                j
                for cell in (corner, corner + 1, corner + cols, corner + cols + 1)
                for j in covering[cell]
                if touches[j] >> corner & 1
            )
            out.append((i, corner))
        return sorted(out)

    @staticmethod
    def _clued(found: Islands) -> int:
        clued = 0
        for region in found.regions:
            clued |= region.piece
        return clued

    def _bound(self, region: Region, within: int, d: int, target: int, lump: int) -> int:
        """The cells of ``within`` (the region's reach) left once no cell ``y`` is kept that
        no region of the piece, ``target`` and ``y`` fits: ``target`` is loose land of
        ``lump`` cells (one node), or (``lump`` 0) a block's cells, one of which the region
        takes."""
        bits, piece = self.bits, region.piece
        budget = 2 * (region.size - piece.bit_count() - (lump - 1 if lump else 0)) - d
        """The largest d(p, y) + d(target, y) a cell y may have."""
        if budget < d:  # the region cannot take the target at all (other duties narrowed it)
            return piece
        near_piece = bits.balls(piece, within, budget, target if lump else 0)
        near_target = bits.balls(target, within, budget, piece)
        kept = 0
        last = len(near_target) - 1
        for steps, ball in enumerate(near_piece):
            kept |= ball & near_target[min(budget - steps, last)]
        return within & (kept | piece)

    def _needs(
        self, neighbours: Sequence[Sequence[int]], reach: int, held_land: int, size: int
    ) -> tuple[int, int, list[int]]:
        """``needed_nodes`` over ``reach`` from the held land: the part's size, the held
        cells it misses, the cells it cannot do without.  When no cell of the part but the
        held ones could split it (``BitGrid.cut_candidates``) and it can spare a cell, none
        is needed, and the search is skipped (three calls in four on 690's probes find none)."""
        bits = self.bits
        low = held_land & -held_land
        part = bits.flood(low, reach | low)  # what the search visits from its start
        total = part.bit_count()
        if total > size and not bits.cut_candidates(part) & ~held_land:
            return total, (held_land & ~part).bit_count(), []
        n = bits.n
        total, held, needed = needed_nodes(
            neighbours, flags_of(reach, n), flags_of(held_land, n), low.bit_length() - 1, size
        )
        return total, held_land.bit_count() - held, needed

    def _needed(self, found: Islands) -> None:
        """The cells each region cannot do without (``needed_nodes`` over its reach)."""
        neighbours = self.bits.grid.neighbours
        needs = self.needs
        if len(needs) > MEMO_LIMIT:
            needs.clear()
        regions, reaches, owns_of = found.regions, found.reaches, found.owns
        for i in [i for i, region in enumerate(regions) if region.room > 0]:  # the complete need none
            region, reach, owns = regions[i], reaches[i], owns_of[i]
            plain = not owns and reach is region.reach
            known = region.needs if plain else None
            if known is None:
                held_land = region.piece
                for q in owns:
                    held_land |= q
                key = (reach, held_land, region.size)
                known = needs.get(key)
                if known is None:
                    known = needs[key] = self._needs(neighbours, reach, held_land, region.size)
                if plain:
                    region.needs = known
            total, missing, needed = known
            if missing or total < region.size:
                found.failure = f"the region of a {region.size} cannot take all the land it must"
                return
            for c in needed:
                found.needed.setdefault(c, region.clue)


def analyse(
    bits: BitGrid,
    may: int,
    land: int,
    clues: Sequence[tuple[int, int]],
    sized: bool,
    deep: bool = False,
    blocks: bool = False,
) -> Islands:
    """The regions for ``may`` and ``land``, worked out from scratch (``IslandAnalyser``
    without memory)."""
    return IslandAnalyser(bits, clues, sized, deep, blocks).analyse(may, land)[0]
