"""Random solutions for generators: a depth-first search that picks the variable and the
value to try at random, so the same model yields a different full solution per seed.

A generator usually starts from a random solution of the rules without clues (stars that
do not touch, one per row and column; shaded cells that do not touch with the rest
connected), then writes the clues that solution shows and removes what it can
(``puzzlekit.generation.reduce_clues``).  ``random_solution`` finds such a solution with
the genre's own propagators, randomness only from a ``puzzlekit.core.rng.Rng``;
``random_clause_solution`` finds one of the rules as clauses, by clause learning, where
the layout is too tight for a depth-first search.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from puzzlekit.core.cdcl import Cdcl, Twin, internal
from puzzlekit.core.engine import Engine, Timeout
from puzzlekit.core.model import Model, value_of
from puzzlekit.core.rng import Rng

DEFAULT_NODES = 20_000


def random_solution(
    model: Model,
    rng: Rng,
    *,
    max_nodes: int = DEFAULT_NODES,
    max_rung: int | None = None,
    deadline: float | None = None,
    true_first: tuple[int, int] = (1, 2),
    in_order: bool = False,
) -> list[int] | None:
    """A random full assignment that the model's propagators (up to ``max_rung``) and its
    ``leaf_check`` accept, or None when there is none or ``max_nodes`` decisions (or the
    ``deadline``, a ``time.perf_counter()`` value) ran out first.

    At each node an open variable is chosen at random (``in_order``: the first one, so a
    board fills row by row, which a tight puzzle such as a star layout needs); a boolean
    tries true first with chance ``true_first`` (shading sparsely: ``(1, 4)``), any other
    domain its values in a random order."""
    engine = Engine(model, max_rung=max_rung, deadline=deadline)
    dom, accept = engine.dom, model.leaf_check
    try:
        if not engine.start():
            return None

        def branch() -> tuple[int, list[int]] | None:
            if in_order:
                var = next((v for v, d in enumerate(dom) if d & (d - 1)), -1)
                if var < 0:
                    return None
            else:
                open_vars = [v for v, d in enumerate(dom) if d & (d - 1)]
                if not open_vars:
                    return None
                var = rng.choice(open_vars)
            bits = [1 << k for k in range(dom[var].bit_length()) if dom[var] >> k & 1]
            if len(bits) == 2 and dom[var] == 0b11:
                bits = [0b10, 0b01] if rng.chance(*true_first) else [0b01, 0b10]
            else:
                rng.shuffle(bits)
            return var, bits[::-1]  # popped from the end: the first to try last

        def solved() -> list[int] | None:
            values = [value_of(d) for d in dom]
            return values if accept is None or accept(values) else None

        first = branch()
        if first is None:
            return solved()
        stack = [(engine.mark(), *first)]
        nodes = 0
        while stack:
            mark, var, bits = stack[-1]
            engine.undo(mark)
            if not bits:
                stack.pop()
                continue
            nodes += 1
            if nodes > max_nodes or (deadline is not None and not nodes % 64 and time.perf_counter() > deadline):
                return None
            if not engine.decide(var, bits.pop()):
                continue
            nxt = branch()
            if nxt is None:
                found = solved()
                if found is not None:
                    return found
                continue
            stack.append((engine.mark(), *nxt))
        return None
    except Timeout:
        return None


def random_clause_solution(
    twin: Twin,
    n: int,
    rng: Rng,
    *,
    max_nodes: int = DEFAULT_NODES,
    deadline: float | None = None,
    true_first: tuple[int, int] = (1, 2),
    accept: Callable[[list[int]], bool] | None = None,
) -> list[int] | None:
    """A random solution of a clause twin (a genre's ``sat_encoding``, or a ``Cnf`` of
    rules without clues) over its first ``n`` variables, by clause learning from random
    phases (true first with chance ``true_first``) and a random first order: for layouts
    too tight for ``random_solution``'s depth-first search (4 stars a row on 20x20).
    ``accept`` has the last word on a candidate, after the twin's ``refine``; None when
    there is none, or the budget ran out."""
    solver = Cdcl(twin.top, [])
    solver.add_clauses(twin.clauses)
    for v in range(twin.top):
        solver.phase[v] = 0 if rng.chance(*true_first) else 1
        solver.activity[v] = rng.below(1 << 20) / float(1 << 40)
    solver.rebuild_heap()

    def block(values: list[int]) -> list[int]:
        return [internal(lit) for lit in twin.block(values)]

    def refine(values: list[int]) -> list[list[int]]:
        return twin.refine(values)

    found = solver.solve(1, accept or (lambda values: True), refine, block, max_nodes, deadline, n)
    return found.solutions[0] if found.solutions else None
