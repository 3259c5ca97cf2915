"""Generation's shortcuts change no answer: a ``ClueModel`` with clues blanked in place
gives the verdicts of a model built afresh, twins refuse only boards that are not
unique, and batched clue removal leaves every remaining clue needed."""

from __future__ import annotations

import pytest
from brute_slitherlink import count_matching, count_table, loops
from puzzlekit_slitherlink.generate import clues_of, grow_region
from puzzlekit_slitherlink.grid import Grid, grid_for
from puzzlekit_slitherlink.text import Board
from puzzlekit_slitherlink.twins import has_twin, inside_of

import puzzlekit
from puzzlekit.core.clues import Idle
from puzzlekit.core.rng import Rng
from puzzlekit.generation import ClueTrials, reduce_clues, symmetry_orbits, unique_at
from puzzlekit.grid import grid_of

SLITHER = puzzlekit.default_host().genre("slitherlink")


def values_of_loop(grid: Grid, inside: set[int]) -> list[int]:
    """The edges of the loop round the cells ``inside``: those between inside and outside."""
    return [int((a in inside) != (b in inside)) for a, b in grid.edge_faces]


def full_board(rows: int, cols: int, seed: str) -> Board:
    inside = grow_region(rows, cols, Rng(seed))
    return Board(grid_for(rows, cols), clues_of(inside, rows, cols))


@pytest.mark.parametrize("seed", [f"s{i}" for i in range(6)])
def test_blanking_in_place_gives_the_verdicts_of_a_fresh_model(seed: str) -> None:
    board = full_board(5, 5, seed)
    rng = Rng(seed + "/order")
    cells = [(r, c) for r in range(5) for c in range(5)]
    rng.shuffle(cells)
    for rung in (1, 2, 3, 4):
        trials = ClueTrials(SLITHER, board, max_nodes=200, deadline=None)
        for cell in cells:
            fresh = unique_at(SLITHER, SLITHER.with_clue(trials.instance, cell, None), rung, 200)
            assert trials.blank([cell], rung) == fresh, (seed, rung, cell)


def test_a_swapped_clue_deduces_as_a_model_built_with_it() -> None:
    board = full_board(5, 5, "swap")
    editable = SLITHER.clue_model(board)
    assert editable is not None
    for cell, clue in ((6, None), (6, board.clues[6]), (12, (board.clues[12] + 1) % 4), (12, None)):
        position = divmod(cell, 5)
        editable.set_clue(position, clue)
        expected = SLITHER.build(editable.instance())
        fresh = puzzlekit.core.search.count_solutions(expected, limit=2, max_nodes=100, record=False)
        mine = puzzlekit.core.search.count_solutions(editable.model, limit=2, max_nodes=100, record=False)
        assert (mine.status, mine.solutions) == (fresh.status, fresh.solutions), (cell, clue)


def test_a_blank_clue_is_idle_but_keeps_its_place_and_watches() -> None:
    board = full_board(4, 4, "idle")
    editable = SLITHER.clue_model(board)
    assert editable is not None
    before = [p.watches for p in editable.model.propagators]
    idle = sum(isinstance(p, Idle) for p in editable.model.propagators)
    editable.set_clue((1, 1), None)
    props = editable.model.propagators
    assert sum(isinstance(p, Idle) for p in props) - idle in (3, 4)  # count, colouring unit, corner, clue corners
    assert [p.watches for p in props] == before


def test_a_clue_the_model_was_built_without_cannot_be_set() -> None:
    board = Board(grid_for(3, 3), (-1, 2, -1, 2, -1, 2, -1, 2, -1))
    editable = SLITHER.clue_model(board)
    assert editable is not None
    with pytest.raises(ValueError, match="r1c1 had no clue"):
        editable.set_clue((0, 0), 3)


def test_a_twin_refuses_only_boards_with_two_solutions() -> None:
    table = count_table(list(loops(3, 4)), 3, 4)
    refused = 0
    for i in range(12):
        board = full_board(3, 4, f"twin{i}")
        trials = ClueTrials(SLITHER, board, max_nodes=500, deadline=None)
        cells = [(r, c) for r in range(3) for c in range(4)]
        Rng(f"twin{i}").shuffle(cells)
        for cell in cells:
            trial = SLITHER.with_clue(trials.instance, cell, None)
            if trials._has_twin(trial, [cell]):
                refused += 1
                assert count_matching(trial.clues, table) >= 2
            trials.blank([cell], 4)
    assert refused  # the shortcut is exercised


def test_needed_says_so_only_of_clues_whose_removal_leaves_two_loops() -> None:
    table = count_table(list(loops(3, 4)), 3, 4)
    said = pairs = 0
    for i in range(16):
        board = full_board(3, 4, f"needed{i}")
        trials = ClueTrials(SLITHER, board, max_nodes=500, deadline=None)
        assert trials.unique(4) and trials.solution is not None and trials.editable is not None
        cells = [(r, c) for r in range(3) for c in range(4)]
        Rng(f"needed{i}").shuffle(cells)
        for cell in cells:
            if trials.editable.needed([cell], trials.solution, 4):
                said += 1
                assert count_matching(SLITHER.with_clue(trials.instance, cell, None).clues, table) >= 2
            trials.blank([cell], 4)
        orbits = [[(0, c), (2, 3 - c)] for c in range(4)]  # a pair, as a symmetric board blanks them
        for orbit in orbits:
            if trials.instance.clues[orbit[0][0] * 4 + orbit[0][1]] >= 0 and trials.editable.needed(
                orbit, trials.solution, 4
            ):
                trial = trials.instance
                for cell in orbit:
                    trial = SLITHER.with_clue(trial, cell, None)
                pairs += 1
                assert count_matching(trial.clues, table) >= 2
    assert said and pairs  # exercised


def test_a_loop_moved_by_a_cell_is_a_twin_when_the_clues_round_it_allow() -> None:
    grid = grid_for(3, 3)
    inside = {0, 1, 3, 4}  # the top-left 2x2 block
    board = Board(grid, clues_of({(r, c) for r in range(3) for c in range(3) if r * 3 + c in inside}, 3, 3))
    clues = list(board.clues)
    cells = grid_of(3, 3)
    assert inside_of(grid, values_of_loop(grid, inside)) == inside
    # Cell 2 (top right) joins: the cells whose counts change are 1, 2 and 5.
    assert has_twin(grid, cells, [-1 if i in (1, 2, 5) else clue for i, clue in enumerate(clues)], inside, [2])
    assert not has_twin(grid, cells, clues, inside, [2])  # cell 1's clue (2) would count 1
    # Cell 4 leaves: the region stays one piece (an L), a simple loop.
    assert has_twin(grid, cells, [-1 if i in (1, 3, 4, 5, 7) else clue for i, clue in enumerate(clues)], inside, [4])


@pytest.mark.parametrize(("difficulty", "rung"), [("medium", 2), ("hard", 3)])
def test_after_batched_removal_every_clue_left_is_needed(difficulty: str, rung: int) -> None:
    for seed in ("a", "b", "c"):
        board = full_board(7, 7, f"need-{seed}")
        reduced = reduce_clues(SLITHER, board, symmetry_orbits(7, 7, "none"), rung, Rng(seed))
        assert unique_at(SLITHER, reduced, rung)
        for cell, clue in enumerate(reduced.clues):
            if clue >= 0:
                assert not unique_at(SLITHER, SLITHER.with_clue(reduced, divmod(cell, 7), None), rung), (seed, cell)
