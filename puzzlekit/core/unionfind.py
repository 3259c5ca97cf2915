"""Union-find over dense ints, plain and with a parity bit, both undoable.

Genres use these for connectivity (islands, loop chains) and for two-colourings
(inside/outside of a loop).  Search needs to take unions back, so every union
is written to a trail and ``rollback(mark)`` undoes everything after ``mark``.
Because of the undo, ``find`` does no path compression; union by size keeps
trees O(log n) deep, which is what makes that affordable.
"""

from __future__ import annotations


class UnionFind:
    """Disjoint sets over ``0..n-1`` with union by size and an undo trail."""

    __slots__ = ("parent", "size", "trail", "components")

    def __init__(self, n: int) -> None:
        self.parent: list[int] = list(range(n))
        self.size: list[int] = [1] * n
        self.trail: list[int] = []
        self.components = n

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
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]
        self.trail.append(rb)
        self.components -= 1
        return True

    def mark(self) -> int:
        """A point in history to ``rollback`` to."""
        return len(self.trail)

    def rollback(self, mark: int) -> None:
        """Undo every union made after ``mark`` (latest first)."""
        trail, parent, size = self.trail, self.parent, self.size
        while len(trail) > mark:
            rb = trail.pop()
            ra = parent[rb]
            size[ra] -= size[rb]
            parent[rb] = rb
            self.components += 1


class ParityUnionFind:
    """Union-find whose members carry a parity relative to their root.

    ``relate(a, b, p)`` records colour(a) XOR colour(b) == p ("same" is 0,
    "opposite" is 1).  A relation that contradicts what is already known makes
    ``relate`` return None, so a two-colouring conflict is a value, not an
    exception.
    """

    __slots__ = ("parent", "parity", "size", "trail", "components")

    def __init__(self, n: int) -> None:
        self.parent: list[int] = list(range(n))
        self.parity: list[int] = [0] * n
        self.size: list[int] = [1] * n
        self.trail: list[int] = []
        self.components = n

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
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.parity[rb] = pa ^ pb ^ p
        self.size[ra] += self.size[rb]
        self.trail.append(rb)
        self.components -= 1
        return True

    def mark(self) -> int:
        """A point in history to ``rollback`` to."""
        return len(self.trail)

    def rollback(self, mark: int) -> None:
        """Undo every relation recorded after ``mark`` (latest first)."""
        trail, parent, size, parity = self.trail, self.parent, self.size, self.parity
        while len(trail) > mark:
            rb = trail.pop()
            ra = parent[rb]
            size[ra] -= size[rb]
            parent[rb] = rb
            parity[rb] = 0
            self.components += 1
