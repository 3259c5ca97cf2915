"""Bridges of the graph of open links, and the pieces left without them, against
brute-force definitions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit.core.graph import bridge_pieces, find_bridges

OPEN, CLOSED = 0b11, 0b01


def adjacency(n: int, links: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    out: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for e, (a, b) in enumerate(links):
        out[a].append((e, b))
        out[b].append((e, a))
    return out


def pieces(n: int, links: list[tuple[int, int]], dom: list[int], without: int = -1) -> int:
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for e, (a, b) in enumerate(links):
        if e != without and dom[e] != CLOSED:
            parent[find(a)] = find(b)
    return len({find(x) for x in range(n)})


def test_every_link_of_a_path_is_a_bridge() -> None:
    links = [(0, 1), (1, 2), (2, 3)]
    assert sorted(find_bridges(adjacency(4, links), [OPEN] * 3, CLOSED)[0]) == [0, 1, 2]


def test_a_cycle_has_no_bridge_until_a_link_closes() -> None:
    links = [(0, 1), (1, 2), (2, 0)]
    assert find_bridges(adjacency(3, links), [OPEN] * 3, CLOSED) == ([], 1)
    bridges, count = find_bridges(adjacency(3, links), [OPEN, OPEN, CLOSED], CLOSED)
    assert (sorted(bridges), count) == ([0, 1], 1)


def test_two_cycles_joined_by_one_link() -> None:
    links = [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5), (5, 3)]
    assert find_bridges(adjacency(6, links), [OPEN] * 7, CLOSED) == ([3], 1)


def test_isolated_nodes_are_pieces_of_their_own() -> None:
    assert find_bridges(adjacency(3, [(0, 1)]), [CLOSED], CLOSED) == ([], 3)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(1, 7).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(
                st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda ab: ab[0] != ab[1]),
                max_size=12,
            ),
        )
    ),
    st.data(),
)
def test_bridges_are_exactly_the_links_whose_removal_adds_a_piece(
    graph: tuple[int, list[tuple[int, int]]], data: st.DataObject
) -> None:
    n, links = graph
    dom = [data.draw(st.sampled_from([OPEN, CLOSED])) for _ in links]
    bridges, count = find_bridges(adjacency(n, links), dom, CLOSED)
    base = pieces(n, links, dom)
    assert count == base
    expected = [e for e in range(len(links)) if dom[e] != CLOSED and pieces(n, links, dom, without=e) > base]
    assert sorted(bridges) == expected


GRAPHS = st.integers(1, 7).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(
            st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda ab: ab[0] != ab[1]),
            max_size=12,
        ),
    )
)


@settings(max_examples=150, deadline=None)
@given(GRAPHS, st.data())
def test_bridge_pieces_are_the_components_once_the_bridges_are_removed(
    graph: tuple[int, list[tuple[int, int]]], data: st.DataObject
) -> None:
    n, links = graph
    dom = [data.draw(st.sampled_from([OPEN, CLOSED])) for _ in links]
    adjacent = adjacency(n, links)
    bridges, label = bridge_pieces(adjacent, dom, CLOSED)
    assert bridges == find_bridges(adjacent, dom, CLOSED)[0]
    cut = [CLOSED if e in bridges else d for e, d in enumerate(dom)]
    for a in range(n):  # same piece exactly when joined by open links that are not bridges
        for b in range(n):
            joined = _joined(n, links, cut, a, b)
            assert (label[a] == label[b]) == joined, (a, b)
    assert sorted(set(label)) == list(range(len(set(label))))


def _joined(n: int, links: list[tuple[int, int]], dom: list[int], a: int, b: int) -> bool:
    reach, todo = {a}, [a]
    while todo:
        x = todo.pop()
        for e, (u, w) in enumerate(links):
            if dom[e] != CLOSED and x in (u, w):
                y = w if x == u else u
                if y not in reach:
                    reach.add(y)
                    todo.append(y)
    return b in reach
