"""The cells a connected piece of a grid cannot do without, found on a shrunken graph.

``needed_nodes`` over a whole Nurikabe sea walks every cell of it at every pass (a
lookahead probe's, on a 50x50 board: 1,700 cells, most of them already sea).  Only a cell
whose neighbours do not meet around it (``BitGrid.cut_candidates``) can split the piece,
so the rest is contracted: the pieces left once the candidates are taken out become one
node each, weighing their cells, and the search runs on the candidates and those pieces
(on 690's probes, median: 80 candidates of 626 open cells).  Taking out a candidate
splits the contracted graph exactly as it splits the piece (each contracted piece stays
whole without it), so the answer is the same.
"""

from __future__ import annotations

from puzzlekit.core.graph import needed_nodes
from puzzlekit.grid.bits import BitGrid, cells_of
from puzzlekit.grid.topology import RectGrid


def needed_cells(grid: RectGrid, bits: BitGrid, piece: int, roots: int, need: int) -> int:
    """The cells of connected ``piece`` outside ``roots`` that every connected part of it
    holding all of ``roots`` (a nonempty subset of ``piece``) and at least ``need`` cells
    must use, as a mask; ``need`` below ``piece``'s size less one (else every cell is)."""
    candidates = bits.cut_candidates(piece) & ~roots
    if not candidates:
        return 0
    cells = cells_of(candidates)
    m = len(cells)
    node = {cell: i for i, cell in enumerate(cells)}
    # the node of each candidate, and of each cell next to one (the part holding it)
    touching = bits.spread(candidates) & ~candidates
    parts = bits.pieces(piece & ~candidates)
    is_root = bytearray(m)
    weight = [1] * m
    first_root = roots & -roots
    start = -1
    for k, part in enumerate(parts, m):
        for cell in cells_of(part & touching):
            node[cell] = k
        is_root.append(1 if part & roots else 0)
        weight.append(part.bit_count())
        if part & first_root:
            start = k
    graph: list[list[int]] = [[] for _ in range(m + len(parts))]
    neighbours, get = grid.neighbours, node.get
    for i, cell in enumerate(cells):  # a link twice over is harmless: a cut is of nodes, not links
        links = graph[i]
        for w in neighbours[cell]:
            near = get(w)
            if near is not None:
                links.append(near)
                if near >= m:
                    graph[near].append(i)
    _, _, needed = needed_nodes(graph, b"\x01" * len(graph), is_root, start, need, weight)
    out = 0
    for v in needed:
        if v < m:  # a contracted piece is no cell to narrow (and none of its cells is a cut)
            out |= 1 << cells[v]
    return out
