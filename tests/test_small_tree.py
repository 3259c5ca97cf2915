"""The cheap path for small search trees (``search._small_tree``): a depth-first search
whose nodes propagate like a lookahead probe, tried for ``SMALL_TREE`` nodes before
clause learning.  It must change no answer: the same solutions as the plain depth-first
search and as learning alone, whichever of the two finishes the count, and a budget it
spends is "undecided"."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given
from test_learning_search import ALL, HARD, SETTINGS, masyu_boards, slither_boards

import puzzlekit
from puzzlekit.core import search
from puzzlekit.core.model import Model
from puzzlekit.core.search import Status, count_solutions

TREES = (0, 2, search.SMALL_TREE)
"""Learning at once; a small tree spent after two nodes, then learning; the default."""


@pytest.fixture(autouse=True)
def default_tree() -> Iterator[None]:
    yield
    search.SMALL_TREE = TREES[-1]


def model_of(genre: str, text: str) -> Model:
    (puzzle,) = puzzlekit.load(genre, text)
    return puzzle.genre.build(puzzle.instance)


def counted(genre: str, text: str, tree: int | None, limit: int = ALL) -> search.SearchOutcome:
    """``tree`` None: the plain depth-first search; else learning after that small tree."""
    search.SMALL_TREE = TREES[-1] if tree is None else tree
    return count_solutions(model_of(genre, text), limit=limit, timeout=None, max_nodes=None, learning=tree is not None)


def assert_every_way_agrees(genre: str, text: str) -> None:
    old = counted(genre, text, None)
    for tree in TREES:
        new = counted(genre, text, tree)
        assert (new.status, sorted(new.solutions)) == (old.status, sorted(old.solutions)), (tree, text)
        two = counted(genre, text, tree, limit=2)
        assert two.status == (Status.MULTIPLE if len(old.solutions) >= 2 else old.status), (tree, text)
        assert all(s in old.solutions for s in two.solutions)


@SETTINGS
@given(slither_boards())
def test_slitherlink_the_small_tree_and_learning_find_what_the_plain_search_finds(text: str) -> None:
    assert_every_way_agrees("slitherlink", text)


@SETTINGS
@given(masyu_boards())
def test_masyu_the_small_tree_and_learning_find_what_the_plain_search_finds(text: str) -> None:
    assert_every_way_agrees("masyu", text)


def test_the_hard_board_is_past_the_small_tree_and_learning_finishes_it() -> None:
    outcome = counted("slitherlink", HARD, TREES[-1])
    assert outcome.status == Status.UNIQUE
    assert outcome.nodes > search.SMALL_TREE  # the small tree's nodes, then learning's decisions
    assert outcome.solutions == counted("slitherlink", HARD, None).solutions


@pytest.mark.parametrize("budget", [1, search.SMALL_TREE - 1, search.SMALL_TREE, search.SMALL_TREE + 5])
def test_a_budget_spent_in_or_after_the_small_tree_is_undecided(budget: int) -> None:
    full = counted("slitherlink", HARD, TREES[-1])
    outcome = count_solutions(model_of("slitherlink", HARD), timeout=None, max_nodes=budget)
    assert outcome.status == Status.UNDECIDED
    assert outcome.stopped_by == "max-nodes"
    assert not outcome.exhausted
    assert outcome.nodes <= budget
    assert all(s in full.solutions for s in outcome.solutions)


SMALL = """\
.3...10
.1...1.
2..21..
1.1.2..
.1.32..
0.....1
...0...
"""
"""A unique board deduction leaves open whose tree is a few nodes, the shape of the janko.at
boards of benchmarks/sets/janko-slither-search.ids (made by the generator when its top
difficulty was proven by search)."""


def test_a_small_tree_is_answered_without_writing_the_clause_twin() -> None:
    model = model_of("slitherlink", SMALL)
    twins: list[object] = []
    cnf = model.cnf
    assert cnf is not None

    def written() -> object:
        twins.append(cnf())
        return twins[-1]

    model.cnf = written  # type: ignore[assignment]
    outcome = count_solutions(model, timeout=None, max_nodes=None)
    assert outcome.rung == model.search_rung  # deduction alone did not finish it
    assert 0 < outcome.nodes <= search.SMALL_TREE
    assert not twins
    old = counted("slitherlink", SMALL, None)
    assert outcome.status == old.status == Status.UNIQUE
    assert outcome.solutions == old.solutions
