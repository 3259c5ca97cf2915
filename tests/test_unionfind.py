"""UnionFind and ParityUnionFind: the rules they promise, checked by hand and against naive models.

The naive models are deliberately dumb: a partition held as a list of sets, and
for the parity version the set of every two-colouring still consistent with the
relations recorded so far.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import Model, Rung
from puzzlekit.core.unionfind import ParityUnionFind, TrailedParityUnionFind, UnionFind

# -- helpers -------------------------------------------------------------------


def depth(parent: list[int], x: int) -> int:
    """How many parent links lie between ``x`` and its root."""
    steps = 0
    while parent[x] != x:
        x = parent[x]
        steps += 1
    return steps


def partition_of(uf: UnionFind, n: int) -> set[frozenset[int]]:
    """The sets the union-find currently holds, read through ``same`` only."""
    return {frozenset(b for b in range(n) if uf.same(a, b)) for a in range(n)}


def naive_union(parts: list[set[int]], a: int, b: int) -> bool:
    """Merge the sets of ``a`` and ``b`` in a list-of-sets partition; True when they were apart."""
    pa = next(p for p in parts if a in p)
    pb = next(p for p in parts if b in p)
    if pa is pb:
        return False
    parts.remove(pb)
    pa |= pb
    return True


Colouring = tuple[int, ...]


def all_colourings(n: int) -> set[Colouring]:
    return set(itertools.product((0, 1), repeat=n))


def naive_relation(colourings: set[Colouring], a: int, b: int) -> int | None:
    """0 or 1 when every consistent colouring agrees on colour(a) ^ colour(b), else None."""
    seen = {c[a] ^ c[b] for c in colourings}
    return seen.pop() if len(seen) == 1 else None


# -- UnionFind: plain rules ----------------------------------------------------


def test_every_element_starts_in_its_own_set() -> None:
    uf = UnionFind(4)
    assert uf.components == 4
    assert all(uf.find(x) == x for x in range(4))
    assert not uf.same(0, 1)


def test_union_joins_two_sets_and_reports_it_was_new() -> None:
    uf = UnionFind(4)
    assert uf.union(0, 1) is True
    assert uf.same(0, 1)
    assert uf.same(1, 0)
    assert not uf.same(0, 2)
    assert uf.components == 3


def test_union_of_already_joined_elements_returns_false_and_changes_nothing() -> None:
    uf = UnionFind(4)
    uf.union(0, 1)
    uf.union(1, 2)
    mark = uf.mark()
    assert uf.union(2, 0) is False
    assert uf.union(3, 3) is False
    assert uf.components == 2
    assert uf.mark() == mark  # nothing went on the trail


def test_union_is_transitive() -> None:
    uf = UnionFind(5)
    uf.union(0, 1)
    uf.union(3, 4)
    uf.union(1, 4)
    assert uf.same(0, 3)
    assert not uf.same(0, 2)
    assert uf.components == 2


def test_rollback_restores_components_after_union() -> None:
    uf = UnionFind(5)
    uf.union(0, 1)
    mark = uf.mark()
    uf.union(1, 2)
    uf.union(3, 4)
    assert uf.components == 2
    uf.rollback(mark)
    assert uf.components == 4
    assert uf.same(0, 1)
    assert not uf.same(1, 2)
    assert not uf.same(3, 4)


def test_rollback_to_an_outer_mark_undoes_inner_marks_too() -> None:
    uf = UnionFind(4)
    outer = uf.mark()
    uf.union(0, 1)
    inner = uf.mark()
    uf.union(2, 3)
    uf.rollback(inner)
    assert uf.same(0, 1)
    assert not uf.same(2, 3)
    uf.rollback(outer)
    assert partition_of(uf, 4) == {frozenset({x}) for x in range(4)}
    assert uf.components == 4


def test_rollback_to_the_current_mark_changes_nothing() -> None:
    uf = UnionFind(3)
    uf.union(0, 2)
    uf.rollback(uf.mark())
    assert uf.same(0, 2)
    assert uf.components == 2


def test_union_after_rollback_works_like_new() -> None:
    uf = UnionFind(3)
    mark = uf.mark()
    uf.union(0, 1)
    uf.rollback(mark)
    assert uf.union(0, 1) is True
    assert uf.union(1, 2) is True
    assert uf.components == 1


def test_union_by_size_keeps_a_chain_of_unions_shallow() -> None:
    # Without compression, linking root under root naively would make a 1024-deep chain.
    n = 1024
    forward, backward = UnionFind(n), UnionFind(n)
    for x in range(n - 1):
        forward.union(x, x + 1)
        backward.union(x + 1, x)
    for uf in (forward, backward):
        assert uf.components == 1
        assert max(depth(uf.parent, x) for x in range(n)) <= 10


def test_the_bigger_set_keeps_its_root() -> None:
    uf = UnionFind(5)
    uf.union(1, 2)
    uf.union(1, 3)
    big = uf.find(1)
    uf.union(0, 3)
    assert uf.find(0) == big
    uf.union(4, 0)
    assert uf.find(4) == big


# -- ParityUnionFind: plain rules ----------------------------------------------


def test_unrelated_elements_have_no_known_relation() -> None:
    puf = ParityUnionFind(3)
    assert puf.relation(0, 1) is None
    assert puf.relation(2, 2) == 0
    assert puf.components == 3


def test_relate_records_same_and_opposite() -> None:
    puf = ParityUnionFind(3)
    assert puf.relate(0, 1, 0) is True
    assert puf.relate(1, 2, 1) is True
    assert puf.relation(0, 1) == 0
    assert puf.relation(1, 2) == 1
    assert puf.relation(2, 1) == 1
    assert puf.components == 1


def test_relations_compose_by_xor() -> None:
    puf = ParityUnionFind(4)
    puf.relate(0, 1, 1)
    puf.relate(1, 2, 1)
    puf.relate(2, 3, 1)
    assert puf.relation(0, 2) == 0
    assert puf.relation(0, 3) == 1
    assert puf.relation(3, 1) == 0


def test_relate_returns_false_when_the_relation_is_already_known() -> None:
    puf = ParityUnionFind(3)
    puf.relate(0, 1, 1)
    puf.relate(1, 2, 1)
    mark = puf.mark()
    assert puf.relate(0, 2, 0) is False
    assert puf.relate(1, 1, 0) is False
    assert puf.mark() == mark
    assert puf.components == 1


def test_relate_returns_none_on_a_contradiction_and_changes_nothing() -> None:
    puf = ParityUnionFind(4)
    puf.relate(0, 1, 1)
    puf.relate(1, 2, 1)
    before = [puf.find(x) for x in range(4)]
    assert puf.relate(0, 2, 1) is None
    assert puf.relate(3, 3, 1) is None  # nothing is the opposite of itself
    assert [puf.find(x) for x in range(4)] == before
    assert puf.relation(0, 2) == 0
    assert puf.components == 2


def test_rollback_forgets_relations_made_after_the_mark() -> None:
    puf = ParityUnionFind(4)
    puf.relate(0, 1, 1)
    mark = puf.mark()
    puf.relate(1, 2, 0)
    puf.relate(2, 3, 1)
    puf.rollback(mark)
    assert puf.relation(0, 1) == 1
    assert puf.relation(1, 2) is None
    assert puf.relation(2, 3) is None
    assert puf.components == 3
    # After the rollback the forgotten relation may be recorded the other way round.
    assert puf.relate(1, 2, 1) is True
    assert puf.relation(0, 2) == 0


def test_parity_union_by_size_keeps_a_chain_shallow() -> None:
    n = 1024
    puf = ParityUnionFind(n)
    for x in range(n - 1):
        puf.relate(x + 1, x, 1)
    assert max(depth(puf.parent, x) for x in range(n)) <= 10
    assert puf.relation(0, n - 1) == (n - 1) % 2


# -- properties against naive models -----------------------------------------

N = 6

union_ops = st.lists(
    st.one_of(
        st.tuples(st.just("union"), st.integers(0, N - 1), st.integers(0, N - 1)),
        st.tuples(st.just("mark"), st.just(0), st.just(0)),
        st.tuples(st.just("rollback"), st.integers(0, 7), st.just(0)),
    ),
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(union_ops)
def test_union_find_matches_a_list_of_sets_through_marks_and_rollbacks(
    ops: list[tuple[str, int, int]],
) -> None:
    uf = UnionFind(N)
    parts: list[set[int]] = [{x} for x in range(N)]
    # Each saved mark: the trail mark, the naive partition then, and what find() answered then.
    saved: list[tuple[int, list[set[int]], list[int]]] = []
    for op, a, b in ops:
        if op == "union":
            root_a, root_b = uf.find(a), uf.find(b)
            size_a, size_b = (len(next(p for p in parts if x in p)) for x in (a, b))
            assert uf.union(a, b) == naive_union(parts, a, b)
            if root_a != root_b:  # union by size: the bigger set's root stays the root
                assert uf.find(a) == (root_b if size_a < size_b else root_a)
        elif op == "mark":
            saved.append((uf.mark(), [set(p) for p in parts], [uf.find(x) for x in range(N)]))
        elif saved:
            keep = a % len(saved)
            del saved[keep + 1 :]
            mark, old_parts, old_roots = saved[keep]
            uf.rollback(mark)
            parts = [set(p) for p in old_parts]
            assert [uf.find(x) for x in range(N)] == old_roots
        assert partition_of(uf, N) == {frozenset(p) for p in parts}
        assert uf.components == len(parts)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 63), st.integers(0, 63)), max_size=200))
def test_union_by_size_keeps_every_tree_logarithmically_deep(pairs: list[tuple[int, int]]) -> None:
    uf = UnionFind(64)
    for a, b in pairs:
        uf.union(a, b)
    assert max(depth(uf.parent, x) for x in range(64)) <= 6  # log2(64)


P = 5

parity_ops = st.lists(
    st.one_of(
        st.tuples(st.just("relate"), st.integers(0, P - 1), st.integers(0, P - 1), st.integers(0, 1)),
        st.tuples(st.just("mark"), st.just(0), st.just(0), st.just(0)),
        st.tuples(st.just("rollback"), st.integers(0, 7), st.just(0), st.just(0)),
    ),
    max_size=30,
)


@settings(max_examples=150, deadline=None)
@given(parity_ops)
def test_parity_union_find_matches_brute_force_colourings(ops: list[tuple[str, int, int, int]]) -> None:
    puf = ParityUnionFind(P)
    colourings = all_colourings(P)
    saved: list[tuple[int, set[Colouring], list[tuple[int, int]]]] = []
    for op, a, b, p in ops:
        if op == "relate":
            agree = {c for c in colourings if c[a] ^ c[b] == p}
            expected: bool | None
            if agree == colourings:
                expected = False
            elif not agree:
                expected = None
            else:
                expected = True
                colourings = agree
            (root_a, _), (root_b, _) = puf.find(a), puf.find(b)
            size_a, size_b = (sum(puf.relation(x, y) is not None for y in range(P)) for x in (a, b))
            assert puf.relate(a, b, p) is expected
            if root_a != root_b:  # union by size: the bigger set's root stays the root
                assert puf.find(a)[0] == (root_b if size_a < size_b else root_a)
        elif op == "mark":
            saved.append((puf.mark(), set(colourings), [puf.find(x) for x in range(P)]))
        elif saved:
            keep = a % len(saved)
            del saved[keep + 1 :]
            mark, old_colourings, old_finds = saved[keep]
            puf.rollback(mark)
            colourings = set(old_colourings)
            assert [puf.find(x) for x in range(P)] == old_finds
        # Each component contributes one free colour bit: 2**components colourings remain.
        assert 2**puf.components == len(colourings)
        for x, y in itertools.combinations(range(P), 2):
            assert puf.relation(x, y) == naive_relation(colourings, x, y)


# -- the trailed variant, kept in engine aux slots ------------------------------------


class _Merges(TrailedParityUnionFind):
    """Records every merge the hook sees."""

    def __init__(self, model: Model, n: int) -> None:
        super().__init__(model, n)
        self.seen: list[tuple[int, int, int]] = []

    def merging(self, engine: Engine, keep: int, absorbed: int, flip: int) -> None:
        self.seen.append((keep, absorbed, flip))


def _trailed(n: int) -> tuple[_Merges, Engine]:
    model = Model((Rung(1, "only"),))
    classes = _Merges(model, n)
    return classes, Engine(model)


def test_trailed_relations_compose_and_contradictions_are_none() -> None:
    classes, engine = _trailed(4)
    assert classes.relate(engine, 0, 1, 1) is True
    assert classes.relate(engine, 1, 2, 1) is True
    assert classes.relation(engine.aux, 0, 2) == 0
    assert classes.relate(engine, 0, 2, 0) is False
    assert classes.relate(engine, 0, 2, 1) is None
    assert classes.relation(engine.aux, 0, 3) is None
    assert sorted(classes.members(engine.aux, 2)) == [0, 1, 2]


def test_trailed_merge_hook_sees_both_classes_apart() -> None:
    classes, engine = _trailed(3)
    classes.relate(engine, 0, 1, 1)
    classes.relate(engine, 2, 0, 0)
    keep, absorbed, _flip = classes.seen[-1]
    assert {keep, absorbed} == {classes.find(engine.aux, 0)[0], 2}
    assert classes.relation(engine.aux, 2, 1) == 1


def test_trailed_relations_are_undone_by_the_engine_trail() -> None:
    classes, engine = _trailed(5)
    classes.relate(engine, 0, 1, 0)
    mark = engine.mark()
    before = list(engine.aux)
    classes.relate(engine, 1, 2, 1)
    classes.relate(engine, 3, 4, 0)
    classes.relate(engine, 4, 0, 1)
    engine.undo(mark)
    assert engine.aux == before
    assert classes.relation(engine.aux, 0, 2) is None
    assert classes.relation(engine.aux, 0, 1) == 0


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7), st.integers(0, 1), st.booleans()), max_size=40))
def test_trailed_union_find_answers_like_the_standalone_one(ops: list[tuple[int, int, int, bool]]) -> None:
    classes, engine = _trailed(8)
    reference = ParityUnionFind(8)
    marks: list[tuple[int, int]] = []
    for a, b, p, undo in ops:
        if undo and marks:
            mine, theirs = marks.pop()
            engine.undo(mine)
            reference.rollback(theirs)
            continue
        marks.append((engine.mark(), reference.mark()))
        assert classes.relate(engine, a, b, p) == reference.relate(a, b, p)
        for x, y in itertools.combinations(range(8), 2):
            assert classes.relation(engine.aux, x, y) == reference.relation(x, y)
