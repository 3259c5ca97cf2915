"""Graph helpers for connectivity rules: bridges of the graph of still-open links.

Genres describe their graph once as adjacency tuples ``(link variable, other
node)`` per node; a link is usable while its variable's domain is not
``closed`` (the "no line" / "no bridge" singleton).  Pure functions over the
current domains, so they need no undo.
"""

from __future__ import annotations

from collections.abc import Sequence

Adjacency = Sequence[Sequence[tuple[int, int]]]


def find_bridges(adjacent: Adjacency, dom: Sequence[int], closed: int) -> tuple[list[int], int]:
    """The links whose removal disconnects the usable graph, and its number of pieces.

    One iterative Tarjan pass (no recursion limit on big boards); nodes with no
    usable link count as pieces of their own.
    """
    n = len(adjacent)
    disc = [0] * n
    low = [0] * n
    cursor = [0] * n
    parent_link = [-1] * n
    timer = 0
    pieces = 0
    bridges: list[int] = []
    for start in range(n):
        if disc[start]:
            continue
        pieces += 1
        timer += 1
        disc[start] = low[start] = timer
        stack = [start]
        while stack:
            v = stack[-1]
            links = adjacent[v]
            i = cursor[v]
            if i < len(links):
                cursor[v] = i + 1
                e, w = links[i]
                if dom[e] == closed or e == parent_link[v]:
                    continue
                if disc[w]:
                    if disc[w] < low[v]:
                        low[v] = disc[w]
                else:
                    parent_link[w] = e
                    timer += 1
                    disc[w] = low[w] = timer
                    stack.append(w)
            else:
                stack.pop()
                if stack:
                    u = stack[-1]
                    if low[v] < low[u]:
                        low[u] = low[v]
                    if low[v] > disc[u]:
                        bridges.append(parent_link[v])
    return bridges, pieces
