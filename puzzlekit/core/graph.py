"""Graph helpers for connectivity rules: bridges of the graph of still-open links.

Genres describe their graph once as adjacency tuples ``(link variable, other
node)`` per node; a link is usable while its variable's domain is not
``closed`` (the "no line" / "no bridge" singleton).  Pure functions over the
current domains, so they need no undo.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

Adjacency = Sequence[Sequence[tuple[int, int]]]


def find_bridges(adjacent: Adjacency, dom: Sequence[int], closed: int) -> tuple[list[int], int]:
    """The links whose removal disconnects the usable graph, and its number of pieces.

    One iterative Tarjan pass (no recursion limit on big boards); nodes with no
    usable link count as pieces of their own.
    """
    return _tarjan(adjacent, dom, closed, None)


def bridge_pieces(adjacent: Adjacency, dom: Sequence[int], closed: int) -> tuple[list[int], list[int]]:
    """The bridges, as ``find_bridges`` finds them, and each node's piece once they are
    removed too (its 2-edge-connected component, numbered from 0), from the same pass."""
    label = [-1] * len(adjacent)
    return _tarjan(adjacent, dom, closed, label)[0], label


def _tarjan(adjacent: Adjacency, dom: Sequence[int], closed: int, label: list[int] | None) -> tuple[list[int], int]:
    """Bridges and connected pieces; with ``label``, each node's piece without the bridges
    written there: a node whose lowest reach is itself heads one, which holds it and every
    node found after it that no earlier head took."""
    n = len(adjacent)
    disc = [0] * n
    low = [0] * n
    timer = 0
    pieces = 0
    heads = 0
    bridges: list[int] = []
    found: list[int] = []  # nodes not yet given a piece, in the order they were found
    for start in range(n):
        if disc[start]:
            continue
        pieces += 1
        timer += 1
        disc[start] = low[start] = timer
        if label is not None:
            found.append(start)
        # Each frame: a node, the link it was entered by, and where its scan of links stands.
        stack: list[tuple[int, int, Iterator[tuple[int, int]]]] = [(start, -1, iter(adjacent[start]))]
        while stack:
            v, via, links = stack[-1]
            for e, w in links:
                if e == via or dom[e] == closed:
                    continue
                dw = disc[w]
                if dw:
                    if dw < low[v]:
                        low[v] = dw
                else:
                    timer += 1
                    disc[w] = low[w] = timer
                    if label is not None:
                        found.append(w)
                    stack.append((w, e, iter(adjacent[w])))
                    break
            else:  # every link of v is seen
                stack.pop()
                lv = low[v]
                if label is not None and lv == disc[v]:
                    while True:
                        x = found.pop()
                        label[x] = heads
                        if x == v:
                            break
                    heads += 1
                if stack:
                    u = stack[-1][0]
                    if lv < low[u]:
                        low[u] = lv
                    if lv > disc[u]:
                        bridges.append(via)
    return bridges, pieces


def needed_nodes(
    neighbours: Sequence[Sequence[int]],
    inside: Sequence[int],
    is_root: Sequence[int],
    start: int,
    need: int,
    weight: Sequence[int] | None = None,
) -> tuple[int, int, list[int]]:
    """The nodes every piece of at least ``need`` nodes holding all roots must use.

    The piece is sought among the nodes where ``inside`` is true (bytes, say), connected
    through ``neighbours``; the roots are the nodes where ``is_root`` is true, ``start``
    one of them.  A node is needed when removing it separates two roots, or leaves the
    roots' side with fewer than ``need`` nodes: an island that must grow to its number
    through a neck, a sea that cannot spare a cell.  One iterative Tarjan pass from
    ``start``, which keeps per node the size of its DFS subtree and the roots in it.
    Returns the size of the part of ``inside`` connected to ``start``, the roots found
    in it (fewer than all: no such piece), and the needed nodes that are not roots.
    With ``weight``, a node counts as that many in the sizes (a piece of a larger graph
    contracted to one node); the size test takes out one, so a node weighing more is a
    root or its verdict is not meant.
    """
    n = len(neighbours)
    disc = [0] * n
    low = [0] * n
    size = [1] * n if weight is None else list(weight)
    holds = [0] * n
    cut_size = [0] * n
    """Per node, the nodes in the subtrees its removal cuts off from ``start``."""
    cut_holds = [0] * n
    disc[start] = low[start] = 1
    holds[start] = 1
    timer = 1
    stack = [(start, -1, iter(neighbours[start]))]
    order = [start]
    push, visit = stack.append, order.append
    while stack:
        v, p, links = stack[-1]
        for w in links:
            if inside[w] and w != p:
                dw = disc[w]
                if dw:
                    if dw < low[v]:
                        low[v] = dw
                else:
                    timer += 1
                    disc[w] = low[w] = timer
                    holds[w] = is_root[w]
                    push((w, v, iter(neighbours[w])))
                    visit(w)
                    break
        else:
            stack.pop()
            if p >= 0:
                lv = low[v]
                if lv < low[p]:
                    low[p] = lv
                size[p] += size[v]
                holds[p] += holds[v]
                if lv >= disc[p]:
                    cut_size[p] += size[v]
                    cut_holds[p] += holds[v]
    total = size[start]
    needed = [v for v in order if not is_root[v] and (cut_holds[v] or total - 1 - cut_size[v] < need)]
    return total, holds[start], needed
