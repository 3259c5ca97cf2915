"""Masyu, tested from the outside: the shared harness, brute force, the command line."""

from __future__ import annotations

import itertools
import os
import random
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

import puzzlekit
from puzzlekit.cli.main import main
from puzzlekit.testing import PuzzleConformance

EXAMPLES = Path(__file__).resolve().parents[1] / "src" / "puzzlekit_masyu" / "examples"
Cell = tuple[int, int]
Edge = tuple[Cell, Cell]


class TestMasyuConformance(PuzzleConformance):
    puzzle = "masyu"
    bad_levels = ("B.X\n", "B..\n..\n", "B-.\n+\n...\n", "B-.-W\n x \n. . .\n")
    generates = True  # the harness makes a 7x7 board of each difficulty, twice


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generates_unique_stamped_and_deterministic(difficulty: str) -> None:
    from puzzlekit.generation import GenerateRequest, generate, is_top, needed_rung

    genre = puzzlekit.default_host().genre("masyu")
    for size in (5, 6):
        request = GenerateRequest(size, size, difficulty)
        (made,) = generate(genre, request, "masyu-test", timeout=120)
        rung = needed_rung(genre, made.instance)
        target = genre.difficulties[difficulty]
        assert rung == made.rung and (rung == target or (is_top(genre, target) and rung > target)), made.text
        (again,) = generate(genre, request, "masyu-test", timeout=120)
        assert again.text == made.text
        sat = puzzlekit.solve("masyu", made.text, engine="sat") if _has_sat() else None
        assert sat is None or sat.status.value == "unique"


def test_a_10x10_hard_masyu_is_unique_by_sat_too() -> None:
    (made,) = puzzlekit.generate("masyu", size="10x10", difficulty="hard", seed="masyu-ten", timeout=120)
    assert made.rung >= 3 and puzzlekit.solve("masyu", made.text).status.value == "unique"
    if _has_sat():
        assert puzzlekit.solve("masyu", made.text, engine="sat").status.value == "unique"


def _has_sat() -> bool:
    try:
        import pysat  # noqa: F401
    except ImportError:
        return False
    return True


def test_the_command_line_generates_masyu() -> None:
    result = CliRunner().invoke(main, ["generate", "masyu", "--size", "6", "--difficulty", "easy", "--seed", "s"])
    assert result.exit_code == 0, result.output
    assert puzzlekit.solve("masyu", result.output).status.value == "unique"


# -- brute force: every simple loop through cell centres -------------------------------


def _simple(inside: set[Cell], h: int, w: int) -> bool:
    """The squares between cell centres form one region with no hole and no pinch."""
    if not inside:
        return False
    first = next(iter(inside))
    seen, todo = {first}, [first]
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in inside and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    if seen != inside:
        return False
    outside = {(r, c) for r in range(h) for c in range(w)} - inside
    seen = {x for x in outside if x[0] in (0, h - 1) or x[1] in (0, w - 1)}
    todo = list(seen)
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in outside and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    if seen != outside:
        return False
    for r in range(h - 1):
        for c in range(w - 1):
            a, b, d, e = ((r, c) in inside, (r, c + 1) in inside, (r + 1, c) in inside, (r + 1, c + 1) in inside)
            if a == e and b == d and a != b:
                return False
    return True


@cache
def all_loops(rows: int, cols: int) -> list[frozenset[Edge]]:
    h, w = rows - 1, cols - 1
    squares = [(r, c) for r in range(h) for c in range(w)]
    out = []
    for bits in range(1, 1 << len(squares)):
        inside = {sq for i, sq in enumerate(squares) if bits >> i & 1}
        if not _simple(inside, h, w):
            continue
        edges = set()
        for r in range(rows):
            for c in range(cols - 1):
                if ((r - 1, c) in inside) != ((r, c) in inside):
                    edges.add(((r, c), (r, c + 1)))
        for r in range(rows - 1):
            for c in range(cols):
                if ((r, c - 1) in inside) != ((r, c) in inside):
                    edges.add(((r, c), (r + 1, c)))
        out.append(frozenset(edges))
    return out


def pearl_ok(edges: frozenset[Edge], cell: Cell, colour: str) -> bool:
    r, c = cell
    steps = ((-1, 0), (0, 1), (1, 0), (0, -1))

    def on(a: Cell, b: Cell) -> bool:
        return (min(a, b), max(a, b)) in edges

    arms = [on(cell, (r + dr, c + dc)) for dr, dc in steps]
    if sum(arms) != 2:
        return False
    beyond = [on((r + dr, c + dc), (r + 2 * dr, c + 2 * dc)) for dr, dc in steps]
    straight = (arms[0] and arms[2]) or (arms[1] and arms[3])
    legs = all(beyond[d] for d in range(4) if arms[d])
    return (not straight and legs) if colour == "B" else (straight and not legs)


def count(pearls: dict[Cell, str], rows: int, cols: int) -> int:
    return sum(1 for e in all_loops(rows, cols) if all(pearl_ok(e, cell, p) for cell, p in pearls.items()))


def board(pearls: dict[Cell, str], rows: int, cols: int) -> str:
    return "\n".join("".join(pearls.get((r, c), ".") for c in range(cols)) for r in range(rows)) + "\n"


def agrees(pearls: dict[Cell, str], rows: int, cols: int) -> str:
    truth = count(pearls, rows, cols)
    result = puzzlekit.solve("masyu", board(pearls, rows, cols), limit=3, max_nodes=None)
    expected = "none" if truth == 0 else "unique" if truth == 1 else "multiple"
    assert result.status.value == expected, board(pearls, rows, cols)
    assert len(result.solutions) == min(truth, 3)
    for solution in result.solutions:
        assert not result.puzzle.genre.accept(result.puzzle.instance, solution.values)
    return expected


def test_loop_count_of_a_4x4_grid_of_cells() -> None:
    assert len(all_loops(3, 3)) == 13
    assert len(all_loops(4, 4)) == 213


@pytest.mark.parametrize(("rows", "cols", "seed"), [(3, 4, 1), (4, 4, 2), (4, 5, 3)])
def test_random_pearls_agree_with_brute_force(rows: int, cols: int, seed: int) -> None:
    rng = random.Random(seed)
    seen = set()
    for _ in range(120):
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        chosen = rng.sample(cells, rng.randint(1, 4))
        pearls = {cell: rng.choice("BW") for cell in chosen}
        seen.add(agrees(pearls, rows, cols))
    assert len(seen) >= 2, seen


@pytest.mark.parametrize(("rows", "cols", "seed"), [(4, 4, 5), (4, 5, 6)])
def test_the_sat_engine_agrees_with_brute_force(rows: int, cols: int, seed: int) -> None:
    pytest.importorskip("pysat")
    rng = random.Random(seed)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for _ in range(60):
        pearls = {cell: rng.choice("BW") for cell in rng.sample(cells, rng.randint(1, 4))}
        truth = count(pearls, rows, cols)
        result = puzzlekit.solve("masyu", board(pearls, rows, cols), limit=3, engine="sat")
        expected = "none" if truth == 0 else "unique" if truth == 1 else "multiple"
        assert result.status.value == expected, board(pearls, rows, cols)
        assert len(result.solutions) == min(truth, 3)
        for solution in result.solutions:
            assert not result.puzzle.genre.accept(result.puzzle.instance, solution.values)


def test_the_engines_agree_on_the_examples() -> None:
    pytest.importorskip("pysat")
    for path in sorted(EXAMPLES.glob("*.txt")):
        for p in puzzlekit.load("masyu", path.read_text()):
            mine = puzzlekit.solve("masyu", p, max_nodes=None)
            sat = puzzlekit.solve("masyu", p, engine="sat")
            assert (sat.status, [s.values for s in sat.solutions]) == (
                mine.status,
                [s.values for s in mine.solutions],
            ), path.name


def test_pearls_read_off_real_loops_always_have_a_solution() -> None:
    rng = random.Random(9)
    for loop in rng.sample(all_loops(4, 5), 150):
        pearls = {}
        for cell in itertools.product(range(4), range(5)):
            for colour in "BW":
                if pearl_ok(loop, cell, colour) and rng.random() < 0.5:
                    pearls[cell] = colour
        if pearls:
            assert agrees(pearls, 4, 5) in ("unique", "multiple")


# -- rules and the command line ------------------------------------------------------


def test_a_black_pearl_in_a_corner_sends_both_legs_two_cells_out() -> None:
    result = puzzlekit.solve("masyu", "B..\n...\n...\n", limit=5)
    assert result.status.value == "multiple"
    assert len(result.solutions) == 2
    for solution in result.solutions:
        first, second, third, *_ = solution.text.split("\n")
        assert first == "B-.-."  # straight on through the next cell to the right
        assert second.startswith("|") and third.startswith(".")
    unique = puzzlekit.solve("masyu", "B..\n...\n..B\n")
    assert unique.status.value == "unique"


def test_a_black_pearl_too_close_to_the_edge_has_no_solution() -> None:
    assert puzzlekit.solve("masyu", "B.\n..\n").status.value == "none"


def test_installed_genre_solves_from_the_command_line() -> None:
    result = CliRunner().invoke(main, ["solve", "masyu", str(EXAMPLES / "pearls.txt")])
    assert result.exit_code == 0, result.output
    assert "# status: unique" in result.output
    assert "puzzlekit-masyu (masyu)" in CliRunner().invoke(main, ["genres"]).output


def test_check_reports_pearl_violations() -> None:
    state = "B-.-.\n|+ +|\n.-.-.\n + +\n. . .\n"
    result = puzzlekit.check("masyu", "B..\n...\n...\n", state)
    assert result.status == "wrong"
    assert "the loop must go straight on through both cells next to the black pearl at r1c1" in [
        v.message for v in result.violations
    ]


def test_a_closed_loop_that_misses_a_pearl_is_wrong_not_unfinished() -> None:
    ring = ".-.-.\n|   |\n. W .\n|   |\n.-.-.\n"
    result = puzzlekit.check("masyu", "...\n.W.\n...\n", ring)
    assert result.status == "wrong"
    assert [(v.kind, v.unfinished) for v in result.violations] == [("unvisited", False)]


def test_the_quick_solution_check_agrees_with_acceptance() -> None:
    """``accept.solves`` (the leaf check) says yes exactly when ``violations`` finds nothing:
    on real loops, loops with an edge flipped, and random lines, under random pearls."""
    from puzzlekit_masyu.accept import solves, violations
    from puzzlekit_masyu.board import Board

    rng = random.Random(23)
    said = set()
    for _ in range(600):
        rows, cols = rng.randint(2, 4), rng.randint(2, 4)
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        pearls = {cell: rng.choice("BW") for cell in cells if rng.random() < 0.25}
        b = Board(rows, cols, {r * cols + c: colour for (r, c), colour in pearls.items()})
        if rng.random() < 0.7:
            loop = rng.choice(all_loops(rows, cols))
            lines = [0] * b.n_edges
            for a, z in loop:
                lines[b.edge(a, z)] = 1
        else:
            lines = [rng.randint(0, 1) for _ in range(b.n_edges)]
        if rng.random() < 0.3:
            lines[rng.randrange(b.n_edges)] ^= 1
        said.add(solves(b, lines))
        assert solves(b, lines) == (not violations(b, lines)), (board(pearls, rows, cols), lines)
    assert said == {True, False}


@pytest.mark.parametrize(("rows", "cols", "seed"), [(4, 4, 11), (4, 5, 12), (5, 4, 13)])
def test_crowded_pearls_agree_with_brute_force(rows: int, cols: int, seed: int) -> None:
    """Pearls side by side: each pearl's rule reads its neighbours' edges and pearls."""
    rng = random.Random(seed)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    seen = set()
    for loop in rng.sample(all_loops(rows, cols), 80):
        pearls = {cell: colour for cell in cells for colour in "BW" if pearl_ok(loop, cell, colour)}
        kept = dict(rng.sample(sorted(pearls.items()), max(1, len(pearls) * 2 // 3))) if pearls else {}
        if kept:
            seen.add(agrees(kept, rows, cols))
        wrong = {cell: rng.choice("BW") for cell in rng.sample(cells, rng.randint(4, 8))}
        seen.add(agrees(wrong, rows, cols))
    assert {"unique", "none"} <= seen, seen


def test_the_no_pearl_fits_clauses_say_what_the_rule_says() -> None:
    """The generator's third clue value, as CNF (``sat._neither``) and as a check
    (``accept.fits_some``): the same lines on every cell of a 5x5 board."""
    from puzzlekit_masyu.accept import fits_some
    from puzzlekit_masyu.board import Board
    from puzzlekit_masyu.sat import _neither

    rng = random.Random(31)
    b = Board(5, 5, {})
    for _ in range(3000):
        cell = rng.randrange(25)
        lines = [int(rng.random() < 0.4) for _ in range(b.n_edges)]
        holds = all(any((lit > 0) == bool(lines[abs(lit) - 1]) for lit in clause) for clause in _neither(b.arms(cell)))
        degree = sum(lines[e] for e in b.grid.cell_edges[cell] if e >= 0)
        if degree in (0, 2):  # the clauses leave degrees to the loop's own clauses
            assert holds == (not fits_some(b.arms(cell), lines)), (cell, lines)


def test_the_generators_model_blanks_and_restores_pearls_in_place() -> None:
    """``MasyuClues``: after pearls are blanked, changed and put back, deduction says
    what it says on a model built afresh for the same pearls."""
    from puzzlekit_masyu.board import Board
    from puzzlekit_masyu.model import MasyuClues

    from puzzlekit.core import count_solutions

    genre = puzzlekit.default_host().genre("masyu")
    rng = random.Random(5)
    for _ in range(20):
        loop = rng.choice(all_loops(5, 5))
        b = Board(5, 5, {})
        pearls = {
            r * 5 + c: colour
            for r, c in itertools.product(range(5), range(5))
            for colour in "BW"
            if pearl_ok(loop, (r, c), colour)
        }
        clues = MasyuClues(Board(5, 5, pearls))
        for cell in rng.sample(sorted(pearls), min(3, len(pearls))):
            clues.set_clue(divmod(cell, 5), rng.choice((None, 1, 2, 3)))
        now = clues.instance()
        fresh = genre.build(now)
        for cap in (1, 2, None):
            mine = count_solutions(clues.model, limit=2, max_nodes=None, max_rung=cap, record=False)
            theirs = count_solutions(fresh, limit=2, max_nodes=None, max_rung=cap, record=False)
            if 3 not in clues.kinds.values():  # "no pearl fits" is the generator's alone
                assert (mine.status, mine.solutions) == (theirs.status, theirs.solutions), b


def test_published_380_is_solved_and_proven_unique_without_search() -> None:
    # third-party boards, kept outside the repository: shared/corpus beside the checkout or
    # beside a folder above it (a worktree sits one level deeper than the main checkout)
    above = Path(__file__).resolve().parents[3].parents
    found = [folder / "shared" / "corpus" for folder in above if (folder / "shared" / "corpus").is_dir()]
    corpus = Path(os.environ.get("PUZZLEKIT_CORPUS") or (found[0] if found else "absent"))
    path = corpus / "published" / "masyu-hard.txt"
    if not path.exists():
        pytest.skip("the shared corpus is not here")
    board = next(p for p in puzzlekit.load("masyu", path.read_text()) if "380" in p.meta.get("title", ""))
    result = puzzlekit.solve("masyu", board)
    assert result.status.value == "unique" and result.stats.nodes == 0


def test_twins_near_are_real_second_loops_including_two_squares_moved() -> None:
    """Every candidate ``twins_near`` offers solves the board it was asked about, and a
    move of two squares side by side keeps their shared side (6 edges change, not 7)."""
    from puzzlekit_masyu.accept import violations
    from puzzlekit_masyu.board import Board
    from puzzlekit_masyu.generate import twins_near

    rng = random.Random(8)
    sizes = set()
    for _ in range(40):
        loop = rng.choice(all_loops(4, 5))
        b = Board(4, 5, {})
        lines = [0] * b.n_edges
        for a, z in loop:
            lines[b.edge(a, z)] = 1
        pearls = {
            r * 5 + c: col
            for (r, c) in rng.sample(sorted(itertools.product(range(4), range(5))), 3)
            for col in "BW"
            if pearl_ok(loop, (r, c), col)
        }
        board = Board(4, 5, pearls)
        for twin in twins_near(board, lines, [(rng.randrange(4), rng.randrange(5))]):
            assert not violations(board, twin)
            sizes.add(sum(x != y for x, y in zip(twin, lines)))
    assert 6 in sizes, sizes


@pytest.mark.parametrize("rung", [1, 2])
def test_the_climbs_kept_fixpoint_is_a_fresh_starts(rung: int) -> None:
    """``Climb.open_edges`` carries deduction on from the last kept loop (``KeptFixpoint``):
    after squares flip, kept or flipped back, it says what a fresh engine on the board
    of every pearl the loop allows says."""
    from puzzlekit_masyu.board import Board
    from puzzlekit_masyu.generate import Climb, grow, pearls_of, squares_of

    from puzzlekit.core import BOOL, Engine
    from puzzlekit.core.rng import Rng

    rng = random.Random(rung)
    climb = Climb(8, 8, grow(8, 8, Rng("kept"), None), rung, None)
    squares = squares_of(8, 8)
    carried = 0
    for step in range(60):
        flipped = []
        for s in rng.sample(range(squares.n_cells), 3):
            if squares.flip_keeps_simple(climb.inside, s):  # still one loop
                climb.flip(s)
                flipped.append(s)
        now = climb.open_edges()
        fresh_board = Board(8, 8, pearls_of(Board(8, 8, {}), climb.lines))
        engine = Engine(puzzlekit.default_host().genre("masyu").build(fresh_board), max_rung=rung)
        assert engine.start()
        assert now == [e for e, d in enumerate(engine.dom) if d == BOOL], step
        carried += climb.kept.base is not None
        if step % 3:
            climb.keep()
        else:
            for s in reversed(flipped):
                climb.flip(s)
    assert carried == 60
