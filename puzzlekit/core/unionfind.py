"""Union-find over dense ints, plain and with a parity bit, both undoable.

Genres use these for connectivity (islands, loop chains) and for two-colourings
(inside/outside of a loop).  Search needs to take unions back:

- ``UnionFind`` and ``ParityUnionFind`` stand alone and keep their own trail:
  ``rollback(mark)`` undoes every union after ``mark``.  Because of the undo,
  ``find`` does no path compression; union by size keeps trees O(log n) deep.
- ``TrailedParityUnionFind`` lives in an engine's aux slots, so the engine's
  own trail undoes it together with the domains; propagators use it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from puzzlekit.core.engine import Engine
    from puzzlekit.core.model import Model


class _UndoableForest:
    """Parent pointers with union by size and a trail of the links made."""

    __slots__ = ("parent", "size", "trail", "components")

    def __init__(self, n: int) -> None:
        self.parent: list[int] = list(range(n))
        self.size: list[int] = [1] * n
        self.trail: list[int] = []
        self.components = n

    def _link(self, ra: int, rb: int) -> int:
        """Hang the smaller of two roots under the larger; returns the one hung."""
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]
        self.trail.append(rb)
        self.components -= 1
        return rb

    def _unlinked(self, rb: int) -> None:
        """Called by ``rollback`` for each root it detaches again."""

    def mark(self) -> int:
        """A point in history to ``rollback`` to."""
        return len(self.trail)

    def rollback(self, mark: int) -> None:
        """Undo every union made after ``mark`` (latest first)."""
        trail, parent, size = self.trail, self.parent, self.size
        while len(trail) > mark:
            rb = trail.pop()
            size[parent[rb]] -= size[rb]
            parent[rb] = rb
            self._unlinked(rb)
            self.components += 1


class UnionFind(_UndoableForest):
    """Disjoint sets over ``0..n-1`` with union by size and an undo trail."""

    __slots__ = ()

    def find(self, x: int) -> int:
        parent = self.parent
        while parent[x] != x:
            x = parent[x]
        return x

    def same(self, a: int, b: int) -> bool:
        return self.find(a) == self.find(b)

    def union(self, a: int, b: int) -> bool:
        """Join the sets of ``a`` and ``b``; False when they were already one."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        self._link(ra, rb)
        return True


class ParityUnionFind(_UndoableForest):
    """Union-find whose members carry a parity relative to their root.

    ``relate(a, b, p)`` records colour(a) XOR colour(b) == p ("same" is 0,
    "opposite" is 1).  A relation that contradicts what is already known makes
    ``relate`` return None, so a two-colouring conflict is a value, not an
    exception.
    """

    __slots__ = ("parity",)

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.parity: list[int] = [0] * n

    def find(self, x: int) -> tuple[int, int]:
        """The root of ``x`` and the parity of ``x`` relative to it."""
        parent, parity = self.parent, self.parity
        p = 0
        while parent[x] != x:
            p ^= parity[x]
            x = parent[x]
        return x, p

    def relation(self, a: int, b: int) -> int | None:
        """0 when a and b are known equal, 1 when known opposite, else None."""
        ra, pa = self.find(a)
        rb, pb = self.find(b)
        if ra != rb:
            return None
        return pa ^ pb

    def relate(self, a: int, b: int, p: int) -> bool | None:
        """Record colour(a) ^ colour(b) == p.

        True when this is new, False when already known, None on contradiction.
        """
        ra, pa = self.find(a)
        rb, pb = self.find(b)
        if ra == rb:
            return False if (pa ^ pb) == p else None
        self.parity[self._link(ra, rb)] = pa ^ pb ^ p
        return True

    def _unlinked(self, rb: int) -> None:
        self.parity[rb] = 0


class TrailedParityUnionFind:
    """A parity union-find kept in an engine's aux slots, so the trail undoes it.

    For propagators that relate things incrementally during propagation (cell
    colours, say): search and lookahead take relations back with everything
    else.  It is a quick-find: every member stores its class's root and its
    parity to that root, so a lookup is two reads.  A merge relabels the
    smaller class (union by size keeps the total O(n log n) along one path)
    and calls ``merging`` first, while both classes are still apart, so a
    subclass can react to exactly the pairs that just became related.
    ``next`` links each class's members in a ring.
    """

    def __init__(self, model: Model, n: int) -> None:
        self.n = n
        self.root = model.add_state(range(n))
        self.parity = model.add_state([0] * n)
        self.size = model.add_state([1] * n)
        self.next = model.add_state(range(n))

    def find(self, aux: list[int], x: int) -> tuple[int, int]:
        """Root of ``x``'s class and the parity of ``x`` relative to it."""
        return aux[self.root + x], aux[self.parity + x]

    def relation(self, aux: list[int], a: int, b: int) -> int | None:
        """0 when a and b are known equal, 1 when known opposite, else None."""
        root, parity = self.root, self.parity
        if aux[root + a] != aux[root + b]:
            return None
        return aux[parity + a] ^ aux[parity + b]

    def members(self, aux: list[int], x: int) -> list[int]:
        """Every member of ``x``'s class, ``x`` first."""
        out = [x]
        nxt = self.next
        y = aux[nxt + x]
        while y != x:
            out.append(y)
            y = aux[nxt + y]
        return out

    def relate(self, engine: Engine, a: int, b: int, p: int) -> bool | None:
        """Record colour(a) ^ colour(b) == p.

        True when new, False when already known, None on contradiction.
        """
        aux = engine.aux
        ROOT, PARITY, SIZE, NEXT = self.root, self.parity, self.size, self.next
        ra, pa = aux[ROOT + a], aux[PARITY + a]
        rb, pb = aux[ROOT + b], aux[PARITY + b]
        if ra == rb:
            return False if (pa ^ pb) == p else None
        if aux[SIZE + ra] < aux[SIZE + rb]:
            ra, rb = rb, ra
        flip = pa ^ pb ^ p  # colour(rb) ^ colour(ra)
        self.merging(engine, ra, rb, flip)
        put, trail = engine.put, engine.trail  # ``put`` inline in the loop: the trail's pairs
        f = rb
        while True:
            slot = ROOT + f
            trail.append(~slot)
            trail.append(aux[slot])
            aux[slot] = ra
            if flip:
                slot = PARITY + f
                old = aux[slot]
                trail.append(~slot)
                trail.append(old)
                aux[slot] = old ^ 1
            f = aux[NEXT + f]
            if f == rb:
                break
        put(SIZE + ra, aux[SIZE + ra] + aux[SIZE + rb])
        na, nb = aux[NEXT + ra], aux[NEXT + rb]
        put(NEXT + ra, nb)
        put(NEXT + rb, na)
        return True

    def merging(self, engine: Engine, keep: int, absorbed: int, flip: int) -> None:
        """Called just before class ``absorbed`` joins class ``keep`` (both roots);
        ``flip`` is colour(absorbed root) ^ colour(keep root).  Default: nothing."""
