"""Acceptance from the rules alone: one loop (the core's loop check), every pearl on
it, and each pearl's turn-or-straight rule."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit import Violation
from puzzlekit.core import NOT_ONE_LOOP, loop_violations
from puzzlekit_masyu.board import BLACK, Board


def violations(board: Board, lines: Sequence[int]) -> list[Violation]:
    """Everything wrong with ``lines`` as a solution; a black pearl's line that has not
    yet gone on through the next cell is ``unfinished`` while the loop is still open."""
    visit = [cell in board.pearls for cell in range(board.rows * board.cols)]
    found = loop_violations(board.loop, lines, visit)
    closed = not any(v.kind in NOT_ONE_LOOP for v in found)
    for cell in sorted(board.pearls):
        arms = board.arms(cell)
        on = [first >= 0 and bool(lines[first]) for first, _ in arms]
        if sum(on) != 2:
            continue  # the loop check has already said the pearl is not on one loop
        beyond = [onward >= 0 and bool(lines[onward]) for _, onward in arms]
        straight = (on[0] and on[2]) or (on[1] and on[3])
        name = board.pearl_name(cell)
        edges = tuple(e for pair in arms for e in pair if e >= 0)
        if board.pearls[cell] == BLACK:
            if straight:
                found.append(Violation("black", f"the loop must turn at {name}", edges))
            elif not all(beyond[d] for d in range(4) if on[d]):
                words = f"the loop must go straight on through both cells next to {name}"
                found.append(Violation("black", words, edges, unfinished=not closed))
        else:
            if not straight:
                found.append(Violation("white", f"the loop must go straight through {name}", edges))
            elif all(beyond[d] for d in range(4) if on[d]):
                found.append(Violation("white", f"the loop must turn in a cell next to {name}", edges))
    return found
