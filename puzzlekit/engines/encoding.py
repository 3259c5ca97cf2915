"""A puzzle as CNF: the type ``Genre.sat_encoding`` returns, and the clauses genres build it from.

It lives with the genre contract, below every engine (docs/DESIGN.md, "Layers"):
``puzzlekit.engines.sat`` solves an encoding with python-sat, and the core's learning
search reads one as ``Model.cnf``.  Every name here is importable from
``puzzlekit.engines.sat`` too, where plugins have always found them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from puzzlekit.core import clock
from puzzlekit.core.loops import LoopGraph, line_pieces

Clause = list[int]


@dataclass
class SatEncoding:
    """A puzzle as CNF over variables 1..n, and the way back to puzzle values."""

    clauses: list[Clause]
    decode: Callable[[set[int]], list[int]]
    """Puzzle values from the set of true SAT variables."""
    refine: Callable[[list[int]], list[Clause]]
    """Clauses that forbid a candidate breaking a rule the CNF leaves out (empty: it is fine)."""
    block: Callable[[list[int]], Clause]
    """A clause forbidding exactly this solution (to count on)."""
    top: int = 0
    """The largest SAT variable in use."""
    direct: bool = False
    """True when SAT variable ``v + 1`` is puzzle variable ``v`` for every (boolean) puzzle
    variable, any variable above them auxiliary (``boolean``): the core's learning search
    can then use the clauses."""
    values: list[list[int]] | None = None
    """For a finite-domain model: ``values[v][k]`` is the SAT variable that is true exactly
    when puzzle variable ``v`` takes value ``k`` (bit ``k`` of its domain mask), 0 for a
    value it can never take (``one_hot``).  With it, the core's learning search can use the
    clauses of a model that is not boolean (``puzzlekit.core.fdtwin``)."""
    true_first: bool = False
    """The core's learning search tries "true" first on every variable it has not yet seen
    (by default "false": most lines are not drawn).  Akari's twin sets it: a bulb settles
    its row and column, an empty cell settles nothing, and a search that empties cells
    first ends up proving, on an open board, that too few bulbs cannot light it."""

    @classmethod
    def boolean(
        cls,
        n: int,
        clauses: list[Clause],
        refine: Callable[[list[int]], list[Clause]] | None = None,
        top: int | None = None,
    ) -> SatEncoding:
        """For ``n`` boolean puzzle variables, variable ``v`` being SAT variable ``v + 1``
        (edges of a loop, say): decoding and blocking come for free.  ``top``: the largest
        SAT variable when the clauses use auxiliary ones above ``n`` (``Cnf`` counts them)."""

        def decode(true: set[int]) -> list[int]:
            return [1 if v + 1 in true else 0 for v in range(n)]

        def block(values: list[int]) -> Clause:
            return [-(v + 1) if value else v + 1 for v, value in enumerate(values)]

        return cls(clauses, decode, refine or (lambda values: []), block, max(n, top or 0), True)

    @classmethod
    def one_hot(
        cls,
        widths: Sequence[int],
        clauses: list[Clause],
        refine: Callable[[list[int]], list[Clause]] | None = None,
        domains: Sequence[int] | None = None,
    ) -> SatEncoding:
        """For finite-domain puzzle variables, variable ``v`` taking values ``0..widths[v]-1``:
        one SAT variable per (variable, value), numbered first, in order (``value_table``),
        and exactly one of each variable's true; ``clauses`` (written over those numbers and
        any auxiliary variables above them) say the rest.  ``domains`` (masks, as in the
        model) leave out the values whose bit is clear.  Decoding and blocking come for free."""
        values = value_table(widths, domains)
        top = max((max(lits, default=0) for lits in values), default=0)
        given = [c for c in clauses if c]
        if given:  # auxiliary variables above the values (one pass each way, in C)
            top = max(top, max(map(max, given)), -min(map(min, given)))
        out = list(clauses)
        for lits in values:
            out += exactly_one([lit for lit in lits if lit])

        def decode(true: set[int]) -> list[int]:
            return [next((k for k, lit in enumerate(lits) if lit and lit in true), 0) for lits in values]

        def block(chosen: list[int]) -> Clause:
            return [-values[v][k] for v, k in enumerate(chosen)]

        return cls(out, decode, refine or (lambda chosen: []), block, top, False, values)

    @classmethod
    def single_loop(cls, graph: LoopGraph, clauses: list[Clause], visit: Sequence[bool] | None = None) -> SatEncoding:
        """A loop genre's encoding (the SAT twin of ``add_single_loop``): its own
        ``clauses`` plus two lines or none at each node (two at a node ``visit`` marks),
        at least one line, and one loop by lazy cuts.  Edge variables start at 0."""
        lits = [var + 1 for var in graph.edge_vars]
        clauses = list(clauses)
        for node, edges in enumerate(graph.node_edges):
            clauses += exactly([var + 1 for var in edges], [2] if visit is not None and visit[node] else [0, 2])
        clauses.append(lits)
        return cls.boolean(len(lits), clauses, lambda values: loop_cuts(graph, values))


def value_table(widths: Sequence[int], domains: Sequence[int] | None = None) -> list[list[int]]:
    """The SAT variables ``SatEncoding.one_hot`` gives each (variable, value): numbered from 1,
    variable by variable, value by value, skipping (0) a value whose bit ``domains`` clears."""
    if domains is None:
        starts = [0] * len(widths)
        total = 1
        for v, width in enumerate(widths):
            starts[v] = total
            total += width
        return [list(range(start, start + width)) for start, width in zip(starts, widths)]
    table: list[list[int]] = []
    nxt = 1
    for v, width in enumerate(widths):
        row = []
        for k in range(width):
            if not domains[v] >> k & 1:
                row.append(0)
            else:
                row.append(nxt)
                nxt += 1
        table.append(row)
    return table


def exactly_one(literals: Sequence[int]) -> list[Clause]:
    """At least one of ``literals`` and no two (pairwise: unit propagation reads it in full)."""
    lits = list(literals)
    return [lits, *map(list, combinations([-lit for lit in lits], 2))]  # the pairs made in C


def exactly(literals: Sequence[int], allowed: Sequence[int]) -> list[Clause]:
    """Clauses saying the number of true literals is one of ``allowed``, by forbidding
    every other pattern (for the handful of literals around one cell or dot).

    ``puzzlekit.core.cdcl.cardinality`` says the same in clauses from which unit
    propagation draws every conclusion; the core's learning search uses that one."""
    clock.tick()  # encodings call this per cell or node: the deadline holds while encoding
    n = len(literals)
    clauses = []
    for pattern in range(1 << n):
        if bin(pattern).count("1") not in allowed:
            clauses.append([-lit if pattern >> i & 1 else lit for i, lit in enumerate(literals)])
    return clauses


def loop_cuts(graph: LoopGraph, values: Sequence[int]) -> list[Clause]:
    """For a candidate whose lines (degrees already 0 or 2 by the clauses) form several
    loops: per loop C through the nodes S and another loop D, a clause saying a solution
    using an edge of C and an edge of D crosses the boundary of S, as one loop joining
    them must.  Empty when the lines are one loop (or none).  The SAT variable of edge
    variable ``v`` is ``v + 1``, as in every encoding here."""
    loops = line_pieces(graph, values)
    if len(loops) < 2:
        return []
    clauses = []
    for loop in loops:
        nodes = {n for var in loop for n in graph.ends[var - graph.first_var]}
        cut = [var + 1 for var, (u, w) in zip(graph.edge_vars, graph.ends) if (u in nodes) != (w in nodes)]
        for other in loops:
            if other is not loop:
                clauses.append([*cut, -(loop[0] + 1), -(other[0] + 1)])
    return clauses


SMALL_COUNT = 6
"""Literals up to which ``count_between`` forbids patterns outright (no auxiliary
variables); past it, a totalizer."""


def count_between(literals: Sequence[int], low: int, high: int, top: int) -> tuple[list[Clause], int]:
    """Clauses saying ``low`` to ``high`` of ``literals`` are true, and the new largest SAT
    variable: "exactly 2 of a 20-cell room" in a few hundred clauses, where ``exactly``
    would write a million.  A handful of literals get ``core.cdcl.cardinality``'s clauses
    (no auxiliary variables); more get a totalizer (Bailleux and Boufkhad) over fresh
    variables above ``top``, cut off at ``high + 1`` (Büttner and Rintanen).  Either way
    unit propagation draws every conclusion the count allows (a bound met empties the
    rest, one short fills them), which the core's learning search needs."""
    lits = list(literals)
    n = len(lits)
    low, high = max(low, 0), min(high, n)
    if low > high:
        return [[]], top
    if low == 0 and high == n:
        return [], top
    if n <= SMALL_COUNT:
        from puzzlekit.core.cdcl import cardinality  # the one rule for a handful, shared

        return cardinality(lits, range(low, high + 1)), top
    clock.tick()
    cap = min(high + 1, n)  # "at least high + 1" is the most any output needs to say
    clauses: list[Clause] = []

    def total(part: list[int]) -> list[int]:
        """Unary outputs: ``out[i]`` true when at least ``i + 1`` of ``part`` are."""
        nonlocal top
        if len(part) == 1:
            return part
        left, right = total(part[: len(part) // 2]), total(part[len(part) // 2 :])
        size = min(len(left) + len(right), cap)
        out = list(range(top + 1, top + size + 1))
        top += size
        for i in range(len(left) + 1):
            for j in range(len(right) + 1):
                if i + j and i + j <= size:  # i of the left and j of the right: at least i + j
                    clauses.append([*([-left[i - 1]] if i else []), *([-right[j - 1]] if j else []), out[i + j - 1]])
                if i + j < size:  # fewer than i+1 left and j+1 right: fewer than i + j + 1
                    clauses.append([*([left[i]] if i < len(left) else []), *([right[j]] if j < len(right) else []),
                                    -out[i + j]])  # fmt: skip
        return out

    outputs = total(lits)
    if low > 0:
        clauses.append([outputs[low - 1]])
    if high < n:
        clauses.append([-outputs[high]])
    return clauses, top


class Cnf:
    """Clauses being written for a SAT twin, with fresh variables above the puzzle's ``n``
    (puzzle variable ``v`` is SAT variable ``v + 1``): ``add``, ``count`` (a totalizer when
    there are many literals), ``fresh``; ``encoding(refine)`` is the ``SatEncoding``."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.top = n
        self.clauses: list[Clause] = []

    def add(self, *clauses: Clause) -> None:
        self.clauses.extend(clauses)

    def fresh(self) -> int:
        """A new auxiliary SAT variable."""
        self.top += 1
        return self.top

    def count(self, literals: Sequence[int], low: int, high: int | None = None) -> None:
        """``low`` to ``high`` (default ``low``: exactly) of ``literals`` are true."""
        clauses, self.top = count_between(literals, low, low if high is None else high, self.top)
        self.clauses.extend(clauses)

    def encoding(self, refine: Callable[[list[int]], list[Clause]] | None = None) -> SatEncoding:
        return SatEncoding.boolean(self.n, self.clauses, refine, self.top)
