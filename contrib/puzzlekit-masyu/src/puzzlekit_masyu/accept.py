"""Acceptance from the rules alone: one loop (the core's loop check), every pearl on
it, and each pearl's turn-or-straight rule."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit import Violation
from puzzlekit.core import NOT_ONE_LOOP, loop_violations
from puzzlekit_masyu.board import BLACK, Board, arms_of
from puzzlekit_masyu.rules import BLACK_KIND, WHITE_KIND, fits


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


def fits_some(arms: tuple[tuple[int, int], ...], lines: Sequence[int]) -> bool:
    """Would a white or a black pearl fit the loop ``lines`` at the cell with these arms?"""
    on = tuple(first >= 0 and lines[first] for first, _ in arms)
    beyond = tuple(onward >= 0 and lines[onward] for _, onward in arms)
    return fits(WHITE_KIND, on, beyond) or fits(BLACK_KIND, on, beyond)


def solves(board: Board, lines: Sequence[int]) -> bool:
    """``not violations(board, lines)``, without the words: what the solver's leaf check
    and its "does closing this loop finish the puzzle?" ask thousands of times while a
    generator works (a test holds the two to the same answer)."""
    arms = arms_of(board.rows, board.cols)
    for cell, colour in board.pearls.items():
        on = tuple(first >= 0 and lines[first] for first, _ in arms[cell])
        beyond = tuple(onward >= 0 and lines[onward] for _, onward in arms[cell])
        if not fits(BLACK_KIND if colour == BLACK else WHITE_KIND, on, beyond):
            return False
    return one_loop(board, lines)


def one_loop(board: Board, lines: Sequence[int]) -> bool:
    """Are the lines one closed loop (and at least one line)?"""
    loop = board.loop
    node_edges, ends = loop.node_edges, loop.ends
    total = sum(1 for v in lines if v)
    if not total:
        return False
    first = next(e for e, v in enumerate(lines) if v)
    start, node, previous, seen = ends[first][0], ends[first][1], first, 1
    while node != start:  # walk the loop: two lines at each node, and it holds every line
        drawn_here = [e for e in node_edges[node] if lines[e]]
        if len(drawn_here) != 2:
            return False
        edge = drawn_here[0] if drawn_here[1] == previous else drawn_here[1]
        a, b = ends[edge]
        node, previous, seen = (b if a == node else a), edge, seen + 1
    return seen == total and sum(1 for e in node_edges[start] if lines[e]) == 2
