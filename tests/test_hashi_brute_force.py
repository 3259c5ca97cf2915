"""Hashiwokakero status and solution count agree with enumerating every assignment.

The brute force (tests/brute_hashi.py) shares no code with the solver.
"""

from __future__ import annotations

import itertools
import random

import pytest
from brute_hashi import count_solutions, solutions

import puzzlekit
from puzzlekit.core.search import Status

LIMIT = 4


def expected(count: int) -> Status:
    return Status.NONE if count == 0 else Status.UNIQUE if count == 1 else Status.MULTIPLE


def assert_agrees(rows: list[str]) -> None:
    text = "\n".join(rows) + "\n"
    truth = count_solutions(rows)
    result = puzzlekit.solve("hashiwokakero", text, limit=LIMIT, max_nodes=None, timeout=None)
    assert result.status == expected(truth), text
    assert len(result.solutions) == min(truth, LIMIT), text
    board = result.puzzle.instance
    for solution in result.solutions:
        assert not result.puzzle.genre.accept(board, solution.values)
    if truth == 1:
        (only,) = solutions(rows)
        mine = {(board.islands[a], board.islands[b]): n for (a, b), n in zip(board.edges, result.solutions[0].values)}
        assert mine == only


def random_board(rng: random.Random, rows: int, cols: int, density: float) -> list[str]:
    cells = []
    for _ in range(rows * cols):
        if rng.random() < density:
            cells.append(rng.choice("12345678??") if rng.random() < 0.3 else rng.choice("1223334"))
        else:
            cells.append(".")
    return ["".join(cells[r * cols : (r + 1) * cols]) for r in range(rows)]


def grown_board(rng: random.Random, rows: int, cols: int, hidden: float) -> list[str]:
    """Clues read off a random bridge network (so there is a solution), some hidden as '?'."""
    counts = {(rng.randrange(rows), rng.randrange(cols)): 0}
    used: set[tuple[int, int]] = set()
    for _ in range(rng.randint(2, 12)):
        r, c = rng.choice(sorted(counts))
        dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
        length = rng.randint(1, 3)
        end = (r + dr * length, c + dc * length)
        path = [(r + dr * k, c + dc * k) for k in range(1, length)]
        if not (0 <= end[0] < rows and 0 <= end[1] < cols) or end in counts or end in used:
            continue
        if any(cell in counts or cell in used for cell in path):
            continue
        n = rng.randint(1, 2)
        counts[end] = n
        counts[r, c] += n
        used.update(path)
    if len(counts) < 2:
        return grown_board(rng, rows, cols, hidden)
    grid = [["."] * cols for _ in range(rows)]
    for (r, c), n in counts.items():
        grid[r][c] = "?" if rng.random() < hidden else str(n)
    return ["".join(row) for row in grid]


def test_every_clue_pattern_of_a_row_of_three_islands() -> None:
    for clues in itertools.product("12345678?", repeat=3):
        assert_agrees(["{}.{}.{}".format(*clues)])


def test_every_clue_set_of_four_islands_in_a_square() -> None:
    for a, b, c, d in itertools.product("1234?", repeat=4):
        assert_agrees([f"{a}.{b}", "...", f"{c}.{d}"])


def test_every_clue_set_of_a_plus_shape_with_a_crossing() -> None:
    for a, b, c, d in itertools.product("123?", repeat=4):
        assert_agrees([f".{a}.", f"{b}.{c}", f".{d}."])


@pytest.mark.parametrize(("rows", "cols", "count", "seed"), [(3, 3, 300, 1), (3, 4, 200, 2), (4, 4, 200, 3)])
def test_random_boards(rows: int, cols: int, count: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        board = random_board(rng, rows, cols, rng.uniform(0.2, 0.6))
        if any(ch != "." for row in board for ch in row):
            assert_agrees(board)


@pytest.mark.parametrize(("rows", "cols", "count", "seed"), [(4, 4, 300, 5), (5, 5, 300, 6), (4, 7, 150, 7)])
def test_boards_read_off_a_bridge_network_with_clues_hidden(rows: int, cols: int, count: int, seed: int) -> None:
    rng = random.Random(seed)
    seen = {Status.NONE: 0, Status.UNIQUE: 0, Status.MULTIPLE: 0}
    for _ in range(count):
        board = grown_board(rng, rows, cols, rng.choice([0.0, 0.2, 0.5]))
        seen[expected(count_solutions(board, limit=LIMIT))] += 1
        assert_agrees(board)
    assert seen[Status.UNIQUE] and seen[Status.MULTIPLE], seen


def test_islands_that_touch_count_as_a_pair() -> None:
    for board in (["11"], ["22"], ["12", ".1"], ["2.", "21"], ["121"]):
        assert_agrees(board)
