"""The solver's status and solution count agree with enumerating every loop.

The brute force (tests/brute_slitherlink.py) shares no code with the solver:
it tries every set of cells as the inside of the loop.
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest
from brute_slitherlink import clue_counts, count_matching, count_table, loops, visits_every_dot

import puzzlekit
from puzzlekit.core.search import Status

Clues = tuple[int, ...]


@cache
def all_loops(rows: int, cols: int) -> list[frozenset[tuple[int, int]]]:
    return list(loops(rows, cols))


@cache
def table(rows: int, cols: int, full: bool = False) -> list[tuple[int, ...]]:
    chosen = [s for s in all_loops(rows, cols) if not full or visits_every_dot(s, rows, cols)]
    return count_table(chosen, rows, cols)


def board(clues: Clues, rows: int, cols: int, flags: str = "") -> str:
    cells = ["." if k < 0 else str(k) for k in clues]
    head = f"# flags: {flags}\n" if flags else ""
    return head + "\n".join("".join(cells[r * cols : (r + 1) * cols]) for r in range(rows)) + "\n"


def expected(count: int) -> Status:
    return Status.NONE if count == 0 else Status.UNIQUE if count == 1 else Status.MULTIPLE


def assert_agrees(clues: Clues, rows: int, cols: int, limit: int = 3) -> None:
    truth = count_matching(clues, table(rows, cols))
    result = puzzlekit.solve("slitherlink", board(clues, rows, cols), limit=limit, max_nodes=None, timeout=None)
    assert result.status == expected(truth), board(clues, rows, cols)
    assert len(result.solutions) == min(truth, limit)
    for solution in result.solutions:
        assert not result.puzzle.genre.accept(result.puzzle.instance, solution.values)


def test_loop_counts_match_the_known_numbers() -> None:
    # Simple cycles in the 3x3 and 4x4 grid graphs (OEIS A140517).
    assert len(all_loops(2, 2)) == 13
    assert len(all_loops(3, 3)) == 213


def test_every_clue_set_of_the_2x2_board() -> None:
    sets = list(itertools.product(range(-1, 4), repeat=4))
    assert len(sets) == 625
    for clues in sets:
        assert_agrees(clues, 2, 2)


def test_every_clue_vector_read_off_a_3x3_loop() -> None:
    vectors: dict[Clues, int] = {}
    for inside in all_loops(3, 3):
        counts = clue_counts(inside, 3, 3)
        vectors[counts] = vectors.get(counts, 0) + 1
    assert len(vectors) == 210
    assert sum(1 for n in vectors.values() if n > 1) == 3
    for counts, n in vectors.items():
        # A loop around one cell gives it a 4, which no board can show: leave it blank.
        clues = tuple(-1 if k == 4 else k for k in counts)
        truth = count_matching(clues, table(3, 3))
        assert truth >= n
        if 4 not in counts:
            assert truth == n
        assert_agrees(clues, 3, 3)


@pytest.mark.parametrize(("rows", "cols", "count", "seed"), [(3, 3, 1500, 1), (3, 4, 1000, 2), (4, 3, 500, 3)])
def test_random_clue_sets_blank_heavy_ones_included(rows: int, cols: int, count: int, seed: int) -> None:
    rng = random.Random(seed)
    seen = {Status.NONE: 0, Status.UNIQUE: 0, Status.MULTIPLE: 0}
    for _ in range(count):
        density = rng.random()  # from almost empty to fully clued
        clues = tuple(rng.randrange(4) if rng.random() < density else -1 for _ in range(rows * cols))
        truth = count_matching(clues, table(rows, cols))
        seen[expected(truth)] += 1
        assert_agrees(clues, rows, cols)
    assert all(seen.values()), seen  # every status came up


def test_clue_sets_read_off_loops_with_clues_removed() -> None:
    """Boards built from a real loop always have a solution; blanking clues adds more."""
    rng = random.Random(7)
    loops_34 = all_loops(3, 4)
    for _ in range(400):
        inside = rng.choice(loops_34)
        counts = clue_counts(inside, 3, 4)
        clues = tuple(-1 if k == 4 or rng.random() < 0.5 else k for k in counts)
        assert_agrees(clues, 3, 4)


def test_full_variant_loop_through_every_dot() -> None:
    rng = random.Random(11)
    for rows, cols in [(2, 2), (2, 3), (3, 3), (3, 4)]:
        for _ in range(60):
            clues = tuple(rng.randrange(4) if rng.random() < 0.3 else -1 for _ in range(rows * cols))
            truth = count_matching(clues, table(rows, cols, full=True))
            result = puzzlekit.solve("slitherlink", board(clues, rows, cols, "full"), limit=3)
            assert result.status == expected(truth), board(clues, rows, cols, "full")
            assert len(result.solutions) == min(truth, 3)
