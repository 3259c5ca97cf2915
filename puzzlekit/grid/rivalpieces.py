"""Moves that give a region of a LITS-like board (one piece a region, the pieces one shaded
whole, no 2x2 block shaded, equal pieces never side by side) a rival piece that only
connectivity rules out: one or two unshaded cells move into the region so that another
placement fits there, the board with it in place of the region's piece breaks no rule of
pieces (so no rule of pieces alone tells the two apart) and leaves the shading in several
parts (so it is no second answer).  A generator wanting a board that needs connectivity
judges these few moves instead of random ones (LITS medium, 10x10: about one random
single-cell move in forty is one)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from puzzlekit.grid.shapes import touching_equal
from puzzlekit.grid.topology import RectGrid

Move = tuple[tuple[int, ...], int]
"""The cells that move (sorted) and the region they join."""


def rival_moves(
    grid: RectGrid,
    owner: Sequence[int],
    shaded: Sequence[bool],
    through: Sequence[Sequence[tuple[int, ...]]],
    most: int = 3,
) -> list[Move]:
    """Every move of up to ``most`` unshaded cells of a placement into a region, with the
    bits of their regions they cut off from those regions' pieces, after which the region's new
    placements (``through``: per cell, the sorted placements through it) that no rule of
    pieces refutes beside the other pieces all split the shading, and there is one.
    ``owner`` is a region per cell (each region holding its piece), ``shaded`` the answer,
    which stays one under the moved walls (only unshaded cells move).  In board order, each
    move once."""
    members: dict[int, list[int]] = {}
    for c in range(grid.n_cells):
        members.setdefault(owner[c], []).append(c)
    piece = {r: [c for c in cells if shaded[c]] for r, cells in members.items()}
    blocks: list[list[tuple[int, ...]]] = [[] for _ in range(grid.n_cells)]
    for block in grid.blocks(2):
        for c in block:
            blocks[c].append(block)
    found, tried = list[Move](), set[Move]()
    for region in sorted(members):
        cells, old = members[region], set(piece[region])
        rest = _labels(grid, lambda c: bool(shaded[c]) and c not in old)  # noqa: B023
        for way in dict.fromkeys(w for c in cells for w in through[c]):
            into = [x for x in way if owner[x] != region]
            if not 0 < len(into) <= most or any(shaded[x] for x in into):
                continue
            moved = _taken(grid, owner, members, piece, into)
            if (moved, region) in tried:
                continue
            tried.add((moved, region))
            inside, split = set(cells) | set(moved), False
            for w in dict.fromkeys(w for x in moved for w in through[x] if inside.issuperset(w)):
                rival = _rival(grid, owner, shaded, piece, blocks, rest, region, w, moved)
                if rival is False:
                    break
                split |= rival is True
            else:
                if split:
                    found.append((moved, region))
    return found


def _rival(
    grid: RectGrid,
    owner: Sequence[int],
    shaded: Sequence[bool],
    piece: dict[int, list[int]],
    blocks: Sequence[Sequence[tuple[int, ...]]],
    rest: tuple[list[int], int],
    region: int,
    way: Sequence[int],
    moved: Sequence[int],
) -> bool | None:
    """``way`` in place of ``region``'s piece, with ``moved`` joined to it: None when a
    rule of pieces refutes it (a 2x2 block, an equal piece beside it), True when it splits
    the shading, False when it is a second answer.  ``rest``: the parts of the shading
    without the region's piece (``_labels``); ``way`` joins them all or not."""
    inside, old = set(way), set(piece[region])

    def on(c: int) -> bool:
        return c in inside or (bool(shaded[c]) and c not in old)

    if any(all(on(x) for x in block) for c in way for block in blocks[c]):
        return None
    if _clashes(grid, owner, piece, region, way, moved):
        return None
    label, parts = rest
    return len({label[m] for c in way for m in grid.neighbours[c]} - {-1}) < parts


def _clashes(
    grid: RectGrid,
    owner: Sequence[int],
    piece: dict[int, list[int]],
    region: int,
    way: Sequence[int],
    moved: Sequence[int],
) -> bool:
    """Does ``way``, in ``region`` with ``moved`` joined to it, touch an equal piece across a wall?"""
    near = {owner[m] for c in way for m in grid.neighbours[c] if m not in moved} - {region}
    return any(touching_equal(grid, way, piece[r]) for r in near)


def _labels(grid: RectGrid, on: Callable[[int], bool]) -> tuple[list[int], int]:
    """Per cell its part of the ``on`` cells (-1: not on), and how many parts."""
    label = [-1] * grid.n_cells
    for part, cells in enumerate(grid.pieces(on)):
        for c in cells:
            label[c] = part
    return label, max(label) + 1


def _taken(
    grid: RectGrid,
    owner: Sequence[int],
    members: dict[int, list[int]],
    piece: dict[int, list[int]],
    cells: Sequence[int],
) -> tuple[int, ...]:
    """``cells`` and the bits of their regions they cut off from those regions' pieces (all
    unshaded): what moves when ``cells`` do, so that every region stays one piece."""
    gone = set(cells)
    for region in {owner[x] for x in cells}:
        left = {c for c in members[region] if c not in gone}
        kept = _reached(grid, left.__contains__, piece[region][0])
        if len(kept) < len(left):
            gone |= left - kept
    return tuple(sorted(gone))


def _reached(grid: RectGrid, on: Callable[[int], bool], start: int) -> set[int]:
    """The ``on`` cells joined to ``start``."""
    seen, todo = {start}, [start]
    while todo:
        for m in grid.neighbours[todo.pop()]:
            if m not in seen and on(m):
                seen.add(m)
                todo.append(m)
    return seen
