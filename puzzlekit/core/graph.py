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
