"""Acceptance, from the rules alone: is this drawing a solution, and if not, why?

Written independently of the propagators (the clue counts here, the loop check
in ``puzzlekit.core.loops.loop_violations``), so it can judge their answers.
Violations that more lines could mend (a clue still short, a loose end) are
marked ``unfinished``.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit import Violation
from puzzlekit.core import NOT_ONE_LOOP, loop_violations
from puzzlekit_slitherlink.text import Board


def violations(board: Board, lines: Sequence[int]) -> list[Violation]:
    """Everything wrong with ``lines`` (1 = line, 0 = none) as a solution of ``board``.

    A shortfall is "unfinished" only while more lines could still come: once the
    lines are one closed loop, nothing can be added without breaking it.
    """
    grid = board.grid
    loop = loop_violations(grid.loop, lines, [board.full] * grid.n_vertices)
    closed = not any(v.kind in NOT_ONE_LOOP for v in loop)
    found: list[Violation] = []
    for cell, clue in enumerate(board.clues):
        if clue < 0:
            continue
        sides = grid.cell_edges[cell]
        count = sum(lines[e] for e in sides)
        if count != clue:
            lined = "line" if count == 1 else "lines"
            amount = (
                "no lines" if count == 0 else f"only {count} {lined}" if count < clue else f"{count} {lined}, too many"
            )
            found.append(
                Violation(
                    "clue",
                    f"the {clue} at {grid.cell_name(cell)} has {amount}",
                    tuple(sides),
                    unfinished=count < clue and not closed,
                )
            )
    return found + loop
