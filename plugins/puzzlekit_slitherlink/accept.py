"""Acceptance, from the rules alone: is this drawing a solution, and if not, why?

Written independently of the propagators (no shared code but the grid's
indices), so it can judge their answers.  Violations that more lines could
mend (a clue still short, a loose end) are marked ``unfinished``.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit.genre import Violation
from puzzlekit_slitherlink.text import Board


def violations(board: Board, lines: Sequence[int]) -> list[Violation]:
    """Everything wrong with ``lines`` (1 = line, 0 = none) as a solution of ``board``."""
    grid = board.grid
    found: list[Violation] = []
    for cell, clue in enumerate(board.clues):
        if clue < 0:
            continue
        sides = grid.cell_edges[cell]
        count = sum(lines[e] for e in sides)
        if count != clue:
            lined = "line" if count == 1 else "lines"
            amount = f"only {count} {lined}" if count < clue else f"{count} {lined}, too many"
            found.append(
                Violation(
                    "clue",
                    f"the {clue} at {grid.cell_name(cell)} has {amount}",
                    tuple(sides),
                    unfinished=count < clue,
                )
            )
    degree = [0] * grid.n_vertices
    for e, (u, w) in enumerate(grid.edge_vertices):
        if lines[e]:
            degree[u] += 1
            degree[w] += 1
    for vertex, d in enumerate(degree):
        edges = grid.vertex_edges[vertex]
        where = grid.vertex_name(vertex)
        if d > 2:
            found.append(Violation("branch", f"{d} lines meet at the {where}", edges))
        elif d == 1:
            found.append(Violation("dead-end", f"a line ends at the {where}", edges, unfinished=True))
        elif d == 0 and board.full:
            found.append(Violation("unvisited", f"the loop must pass the {where}", edges, unfinished=True))
    found.extend(_loop_violations(board, lines, degree))
    return found


def _loop_violations(board: Board, lines: Sequence[int], degree: list[int]) -> list[Violation]:
    """Exactly one loop, and at least one line."""
    grid = board.grid
    if not any(lines):
        return [Violation("empty", "no lines are drawn yet", (), unfinished=True)]
    # Connected pieces of line, found by walking from dot to dot.
    neighbours: list[list[tuple[int, int]]] = [[] for _ in range(grid.n_vertices)]
    for e, (u, w) in enumerate(grid.edge_vertices):
        if lines[e]:
            neighbours[u].append((w, e))
            neighbours[w].append((u, e))
    piece_of = [-1] * grid.n_vertices
    pieces: list[list[int]] = []
    for start in range(grid.n_vertices):
        if piece_of[start] != -1 or not neighbours[start]:
            continue
        edges: set[int] = set()
        piece_of[start] = len(pieces)
        todo = [start]
        while todo:
            v = todo.pop()
            for w, e in neighbours[v]:
                edges.add(e)
                if piece_of[w] == -1:
                    piece_of[w] = len(pieces)
                    todo.append(w)
        pieces.append(sorted(edges))
    if len(pieces) == 1:
        return []
    closed = [p for p in pieces if all(degree[v] == 2 for e in p for v in grid.edge_vertices[e])]
    if len(closed) >= 2:
        return [
            Violation(
                "loops",
                f"{len(closed)} separate loops; the solution is one loop",
                tuple(e for p in closed for e in p),
            )
        ]
    if closed:
        return [
            Violation(
                "loops",
                "a closed loop with other lines outside it; the solution is one loop",
                tuple(closed[0]),
            )
        ]
    return [
        Violation(
            "pieces",
            f"the lines form {len(pieces)} separate pieces that still have to join",
            (),
            unfinished=True,
        )
    ]
