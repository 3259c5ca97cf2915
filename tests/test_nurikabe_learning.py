"""Nurikabe's learning search (its SAT twin, the one-sea ``PieceTheory`` and the islands'
``AnchoredTheory``) against the depth-first search, against brute force, and under spent
budgets; every lemma a theory learns is implied by its rule alone; the twin's own
counter counts, and its region clauses say the islands rule exactly.

The cheap depth-first first pass (``search.SMALL_TREE``) answers every small board before
learning starts, so the agreement tests lower it to 0 and learning runs from the root.
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import puzzlekit
from puzzlekit.core import BOOL, search
from puzzlekit.core.cdcl import Cdcl
from puzzlekit.core.search import Status, count_solutions
from puzzlekit.grid import RectGrid
from puzzlekit.grid.cnf import exactly_k
from puzzlekit.grid.learning import AnchoredTheory, PieceTheory

ALL = 10_000  # a limit no small board reaches: every search counts everything
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def grid_text(cells: list[str], cols: int) -> str:
    return "\n".join(" ".join(cells[i : i + cols]) for i in range(0, len(cells), cols)) + "\n"


@st.composite
def boards(draw: st.DrawFn) -> str:
    """Small boards (up to 12 cells, for brute force), most with several solutions or
    none, some unique."""
    rows = draw(st.integers(2, 4))
    cols = draw(st.integers(2, 12 // rows))
    cells = draw(st.lists(st.sampled_from([".", ".", ".", ".", "1", "2", "3", "4"]), min_size=rows * cols))
    cells = cells[: rows * cols]
    if all(c == "." for c in cells):
        cells[0] = "2"
    return grid_text(cells, cols)


def counted(text: str, learning: bool, limit: int = ALL, **budget: float | int | None) -> search.SearchOutcome:
    (puzzle,) = puzzlekit.load("nurikabe", text)
    model = puzzle.genre.build(puzzle.instance)
    assert model.cnf is not None and model.theories  # small boards take the learning search
    budget = {"timeout": None, "max_nodes": None, **budget}
    return count_solutions(model, limit=limit, learning=learning, **budget)  # type: ignore[arg-type]


@cache
def brute_force(text: str) -> list[list[int]]:
    """Every shading the rules accept (1: shaded), by trying them all."""
    (puzzle,) = puzzlekit.load("nurikabe", text)
    genre, board = puzzle.genre, puzzle.instance
    n = board.grid.n_cells
    out = []
    for bits in range(1 << n):
        values = [(bits >> c) & 1 for c in range(n)]
        if not genre.accept(board, values):
            out.append(values)
    return out


@pytest.fixture
def learning_from_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "SMALL_TREE", 0)


@SETTINGS
@given(boards())
@pytest.mark.usefixtures("learning_from_the_root")
def test_learning_agrees_with_the_depth_first_search_and_brute_force(text: str) -> None:
    truth = sorted(brute_force(text))
    new = counted(text, True)
    old = counted(text, False)
    assert sorted(new.solutions) == truth, text
    assert sorted(old.solutions) == truth, text
    two = counted(text, True, limit=2)
    want = Status.MULTIPLE if len(truth) >= 2 else Status.UNIQUE if truth else Status.NONE
    assert two.status == want, text
    assert all(s in truth for s in two.solutions)


# -- every lemma of the piece theory holds for every connected sea --------------


SEEN: list[tuple[str, list[int]]] = []
"""Every lemma the recording theories handed the search: (which theory, the clause)."""


def recorded(theory: PieceTheory, name: str) -> PieceTheory:
    """``theory``, keeping every lemma it hands the search in ``SEEN``."""
    check = theory.check

    def recording(solver: Cdcl) -> list[int] | None:
        before = len(solver.implied)
        lemma = check(solver)
        if lemma is not None:
            SEEN.append((name, list(lemma)))
        SEEN.extend((name, list(c)) for c in solver.implied[before:])
        return lemma

    theory.check = recording  # type: ignore[method-assign]
    return theory


def holds(clause: list[int], values: list[int]) -> bool:
    return any((values[lit >> 1] == 1) != bool(lit & 1) for lit in clause)


def implied_by_one_sea(grid: RectGrid, clause: list[int]) -> bool:
    """Whether one sea alone rules out every shading that falsifies ``clause``: exactly when
    the cells it then shades do not all lie in one piece of the cells it leaves unshaded
    or open (any sea holding them, and avoiding the rest, is such a piece)."""
    shaded = {lit >> 1 for lit in clause if lit & 1}  # "c is not shaded" false: c shaded
    unshaded = {lit >> 1 for lit in clause if not lit & 1}
    if shaded & unshaded:
        return True  # "c or not c": holds always
    pieces = grid.pieces(lambda c: c not in unshaded)
    return not any(shaded <= set(piece) for piece in pieces)


def implied_by_islands(grid: RectGrid, clause: list[int], sizes: dict[int, int]) -> bool:
    """Whether the islands' rule (each holds one number and as many cells) rules out every
    shading that falsifies ``clause``, by two arguments of its own: some cell it leaves
    unshaded cannot reach a number through cells it does not shade, or the numbers of a
    piece of those cells need more cells than the piece has (their islands are apart)."""
    unshaded = {lit >> 1 for lit in clause if not lit & 1}  # "c is shaded" false
    shaded = {lit >> 1 for lit in clause if lit & 1}
    if shaded & unshaded:
        return True
    for piece in map(set, grid.pieces(lambda c: c not in shaded)):
        numbers = piece & sizes.keys()
        if (unshaded & piece and not numbers) or sum(sizes[c] for c in numbers) > len(piece):
            return True
    return False


@cache
def island_shadings(text: str) -> list[list[int]]:
    """Every shading of a small board whose islands each hold one number and as many cells
    (the sea and the pools unchecked): the rule ``AnchoredTheory`` is about."""
    (puzzle,) = puzzlekit.load("nurikabe", text)
    grid, clues = puzzle.instance.grid, puzzle.instance.clues
    out = []
    for values in itertools.product((0, 1), repeat=grid.n_cells):
        islands = grid.pieces(lambda c, v=values: not v[c])  # type: ignore[misc]
        numbers = [[c for c in island if c in clues] for island in islands]
        if all(len(ns) == 1 and clues[ns[0]] == len(island) for ns, island in zip(numbers, islands)):
            out.append(list(values))
    return out


def lemmas_of(text: str, limit: int = ALL) -> tuple[list[tuple[str, list[int]]], search.SearchOutcome]:
    (puzzle,) = puzzlekit.load("nurikabe", text)
    model = puzzle.genre.build(puzzle.instance)
    grid, clues = puzzle.instance.grid, puzzle.instance.clues
    model.theories = [
        lambda: recorded(PieceTheory(grid), "sea"),
        lambda: recorded(AnchoredTheory(grid, clues), "islands"),
    ]
    SEEN.clear()
    outcome = count_solutions(model, limit=limit, timeout=None, max_nodes=None)
    return list(SEEN), outcome


def implied(grid: RectGrid, clues: dict[int, int], name: str, clause: list[int]) -> bool:
    return implied_by_one_sea(grid, clause) if name == "sea" else implied_by_islands(grid, clause, clues)


@SETTINGS
@given(boards())
@pytest.mark.usefixtures("learning_from_the_root")
def test_every_lemma_is_implied_by_its_rule_alone(text: str) -> None:
    lemmas, outcome = lemmas_of(text)
    assert sorted(outcome.solutions) == sorted(brute_force(text)), text
    (puzzle,) = puzzlekit.load("nurikabe", text)
    grid, clues = puzzle.instance.grid, puzzle.instance.clues
    for name, clause in lemmas:
        assert implied(grid, clues, name, clause), (text, name, clause)
        assert all(holds(clause, s) for s in outcome.solutions), (text, clause)
        if name == "islands":  # and against the rule itself, by brute force
            assert all(holds(clause, s) for s in island_shadings(text)), (text, clause)


def lattice(size: int, step: int, k: int) -> str:
    return "\n".join(
        " ".join(str(k) if r % step == 1 and c % step == 1 else "." for c in range(size)) for r in range(size)
    )


@pytest.mark.usefixtures("learning_from_the_root")
@pytest.mark.parametrize(("step", "k"), [(4, 6), (3, 6)])
def test_every_lemma_on_an_open_board_is_implied_by_its_rule(step: int, k: int) -> None:
    """10x10 lattices of 6s: thousands of solutions, hundreds of lemmas.  (A lattice of 5s
    every 4, once here, is now told "several" with almost no lemma: the sea is tried first.)"""
    text = lattice(10, step, k)
    lemmas, outcome = lemmas_of(text, limit=2)
    assert outcome.status == Status.MULTIPLE
    names = [name for name, _ in lemmas]
    # both took part (the twin's region levels now say most of what the islands theory did)
    assert names.count("sea") > 20 and names.count("islands") > 0
    grid = RectGrid(10, 10)
    clues = {r * 10 + c: k for r in range(1, 10, step) for c in range(1, 10, step)}
    assert all(implied(grid, clues, name, clause) for name, clause in lemmas)
    assert all(holds(clause, s) for _, clause in lemmas for s in outcome.solutions)


@pytest.mark.usefixtures("learning_from_the_root")
def test_every_cell_a_sea_lemma_names_is_needed() -> None:
    """A sea lemma names only the unshaded cells that part its two sides (each touches
    both): without any one of them one sea no longer implies it.  The whole border of one
    side named cells behind others (1108: 42 literals a lemma where 17 do)."""
    lemmas, _ = lemmas_of(lattice(10, 3, 6), limit=2)
    grid = RectGrid(10, 10)
    sea = [clause for name, clause in lemmas if name == "sea"]
    assert len(sea) > 20
    for clause in sea[:100]:
        for lit in clause:
            if not lit & 1:  # "c is shaded": a wall cell (or the cell a cut lemma shades)
                assert not implied_by_one_sea(grid, [q for q in clause if q != lit]), (clause, lit)


def test_the_check_of_a_lemma_can_fail() -> None:
    """``implied_by_one_sea`` tells a lemma that a connected sea breaks from one it does not."""
    grid = RectGrid(1, 3)
    # "r1c1 and r1c3 are not both shaded, unless r1c2 is": one sea says so.
    assert implied_by_one_sea(grid, [2 * 0 + 1, 2 * 2 + 1, 2 * 1])
    # "r1c1 and r1c2 are not both shaded": a sea of two cells breaks it.
    assert not implied_by_one_sea(grid, [2 * 0 + 1, 2 * 1 + 1])
    # A 3 at r1c1: "r1c3 is shaded, or r1c2 is not" says every island holds a number,
    # "r1c3 is shaded" does not (r1c1 to r1c3 may be one island); "r1c2 is not shaded"
    # says a 3 needs three cells.
    assert implied_by_islands(grid, [2 * 2, 2 * 1 + 1], {0: 3})
    assert not implied_by_islands(grid, [2 * 2], {0: 3})
    assert implied_by_islands(grid, [2 * 1 + 1], {0: 3})
    assert not implied_by_islands(grid, [2 * 1 + 1], {0: 1})


# -- spent budgets say undecided ------------------------------------------------

LATTICE = lattice(10, 4, 6)  # a 6 every 4 cells: many solutions, none found at the root


@pytest.mark.parametrize("budget", [1, 5, 20])
@pytest.mark.usefixtures("learning_from_the_root")
def test_a_spent_node_budget_is_undecided(budget: int) -> None:
    outcome = counted(LATTICE, True, limit=2, max_nodes=budget)
    assert outcome.status == Status.UNDECIDED
    assert outcome.stopped_by == "max-nodes"


def test_a_spent_timeout_is_undecided() -> None:
    outcome = counted(LATTICE, True, limit=2, timeout=1e-9)
    assert outcome.status == Status.UNDECIDED


# -- the twin's own counter ------------------------------------------------------


def unit_propagate(clauses: list[list[int]], fixed: dict[int, bool]) -> dict[int, bool] | None:
    """Unit propagation to its fixpoint from ``fixed``: the values, or None on a conflict."""
    values = dict(fixed)
    changed = True
    while changed:
        changed = False
        for clause in clauses:
            open_lits = [lit for lit in clause if abs(lit) not in values]
            if any(values.get(abs(lit)) == (lit > 0) for lit in clause):
                continue
            if not open_lits:
                return None
            if len(open_lits) == 1:
                values[abs(open_lits[0])] = open_lits[0] > 0
                changed = True
    return values


@pytest.mark.parametrize("n", range(0, 5))
@pytest.mark.parametrize("k", range(0, 6))
def test_the_sequential_counter_counts_by_unit_propagation_alone(n: int, k: int) -> None:
    lits = list(range(1, n + 1))
    clauses, top = exactly_k(lits, k, n)
    assert top >= n
    for values in itertools.product((False, True), repeat=n):
        out = unit_propagate(clauses, {i + 1: v for i, v in enumerate(values)})
        if sum(values) == k:
            assert out is not None and len(out) == top, (n, k, values)  # every counter variable fixed
            assert all(any(out[abs(lit)] == (lit > 0) for lit in c) for c in clauses)
        else:
            assert out is None, (n, k, values)


def islands_hold(grid: RectGrid, clues: dict[int, int], land: set[int]) -> bool:
    """The islands rule alone, by brute force: each piece of ``land`` holds one clue, of its size."""
    for piece in grid.pieces(land.__contains__):
        numbers = [c for c in piece if c in clues]
        if len(numbers) != 1 or clues[numbers[0]] != len(piece):
            return False
    return set(clues) <= land


@pytest.mark.parametrize("seed", range(6))
def test_the_region_clauses_say_the_islands_rule_exactly(seed: int) -> None:
    """``sized_regions`` with its levels (no lazy cut): a colouring of the cells extends to a
    model of the clauses exactly when every island is one piece with one clue of its size
    (every colouring of a small board, checked by CaDiCaL under assumptions)."""
    pysat = pytest.importorskip("pysat.solvers")
    import random

    from puzzlekit.grid.cnf import sized_regions

    rng = random.Random(seed)
    grid = RectGrid(rng.choice([2, 3]), rng.choice([3, 4]))
    spots = rng.sample(range(grid.n_cells), rng.randint(1, 3))
    clues = {c: rng.randint(1, 5) for c in spots}
    clauses, _ = sized_regions(grid, clues, lambda c: -c - 1, grid.n_cells)
    agreed = [0, 0]
    with pysat.Solver(name="cadical153", bootstrap_with=clauses) as sat:
        for colouring in itertools.product((False, True), repeat=grid.n_cells):  # True: shaded
            land = {c for c in range(grid.n_cells) if not colouring[c]}
            expected = islands_hold(grid, clues, land)
            assumed = [c + 1 if shaded else -c - 1 for c, shaded in enumerate(colouring)]
            assert sat.solve(assumptions=assumed) == expected, (clues, sorted(land))
            agreed[expected] += 1
    assert agreed[0]  # some colouring breaks the rule on every board


@pytest.mark.parametrize("seed", range(4))
def test_the_region_clauses_of_huge_numbers_with_their_lazy_cuts_say_the_rule(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``sized_regions`` as it writes a huge number (janko's 994), made to write every
    number so: the cells it leaves out counted, no levels.  A colouring extends to a model
    of the clauses and the lazy cuts of its pieces (``lone_pieces``) exactly when every
    island is one piece with one clue of its size."""
    pysat = pytest.importorskip("pysat.solvers")
    import random

    from puzzlekit.grid import cnf

    monkeypatch.setattr(cnf, "HUGE", 1)
    monkeypatch.setattr(cnf, "LEVELS_LIMIT", -1)
    rng = random.Random(f"huge {seed}")
    grid = RectGrid(rng.choice([2, 3]), rng.choice([3, 4]))
    spots = rng.sample(range(grid.n_cells), rng.randint(1, 2))
    clues = {c: rng.randint(grid.n_cells // 2, grid.n_cells - 1) for c in spots[:1]}
    clues.update({c: rng.randint(1, 3) for c in spots[1:]})
    island = lambda c: -c - 1  # noqa: E731
    clauses, _ = cnf.sized_regions(grid, clues, island, grid.n_cells)
    agreed = [0, 0]
    with pysat.Solver(name="cadical153", bootstrap_with=clauses) as sat:
        for colouring in itertools.product((False, True), repeat=grid.n_cells):  # True: shaded
            land = {c for c in range(grid.n_cells) if not colouring[c]}
            expected = islands_hold(grid, clues, land)
            for cut in cnf.lone_pieces(grid, grid.pieces(land.__contains__), clues, island):
                sat.add_clause(cut)  # a lemma of every solution
            assumed = [c + 1 if shaded else -c - 1 for c, shaded in enumerate(colouring)]
            assert sat.solve(assumptions=assumed) == expected, (clues, sorted(land))
            agreed[expected] += 1
    assert agreed[0]  # some colouring breaks the rule on every board


def test_a_small_sea_keeps_the_root_near_its_only_possible_place() -> None:
    """A 12x12 miniature of janko's 1030 (a 114, a 20, a sea of 10): a shaded probe far from
    the 20 walls the far board in as land, so the root leaves only cells near the 20 open;
    a twin counts the 114's 26 cells out rather than its 114 in."""
    from puzzlekit.grid import twin_size

    rows = [["."] * 12 for _ in range(12)]
    rows[1][9], rows[10][4] = "114", "20"
    text = "\n".join(" ".join(r) for r in rows) + "\n"
    result = puzzlekit.solve("nurikabe", text, max_nodes=0)
    assert result.status == Status.UNDECIDED
    left = [c for c, d in enumerate(result.partial) if d == BOOL]
    assert left and all(divmod(c, 12)[0] >= 3 for c in left)
    assert all(abs(divmod(c, 12)[0] - 10) + abs(divmod(c, 12)[1] - 4) <= 9 for c in left)
    # counted in, the 114's counter (115 wide on its 139 cells) and levels (94 or more a cell) alone were more
    assert twin_size(RectGrid(12, 12), {21: 114, 124: 20}) < 139 * (116 + 94)


def sea_holds(grid: RectGrid, land: set[int]) -> bool:
    """The sea's rules alone, by brute force: one piece, no 2x2 pool."""
    pools = any(all(c not in land for c in block) for block in grid.blocks())
    return len(grid.pieces(lambda c: c not in land)) <= 1 and not pools


@pytest.mark.parametrize("seed", range(12))
def test_the_twin_written_from_a_root_state_says_the_rules_on_the_colourings_that_agree(seed: int) -> None:
    """``sat_encoding`` from a root state (the learning search's ``Model.cnf_at``): its
    counters over the open cells only, the land joined to a number there taken as its.  A
    colouring that agrees with the state extends to a model of its clauses and lazy cuts
    exactly when it is a solution (every such colouring of a small board, by CaDiCaL under
    assumptions).  Half the states are revealed cells of a solution (a root's facts hold
    for every solution), half any marks (states no solution agrees with)."""
    pysat = pytest.importorskip("pysat.solvers")
    import random

    from puzzlekit.core import FALSE, TRUE

    rng = random.Random(f"root twin {seed}")
    truth: list[list[int]] = []
    while not truth:  # a board with a solution
        grid = RectGrid(rng.choice([2, 3]), rng.choice([3, 4]))
        spots = rng.sample(range(grid.n_cells), rng.randint(1, 3))
        clues = {c: rng.randint(1, 6) for c in spots}
        text = grid_text([str(clues.get(c, ".")) for c in range(grid.n_cells)], grid.cols)
        truth = brute_force(text)
    (puzzle,) = puzzlekit.load("nurikabe", text)
    agreed = [0, 0]
    for trial in range(6):
        if trial % 2 == 0:  # some of a solution's cells, as a root would fix them
            shown = rng.choice(truth)
            dom = [BOOL if rng.random() < 0.4 else TRUE if shown[c] else FALSE for c in range(grid.n_cells)]
        else:
            dom = [rng.choice([BOOL, BOOL, TRUE, FALSE]) for _ in range(grid.n_cells)]
        for c in clues:
            dom[c] = FALSE
        twin = puzzle.genre.sat_encoding(puzzle.instance, dom)
        with pysat.Solver(name="cadical153", bootstrap_with=twin.clauses) as sat:
            for colouring in itertools.product((0, 1), repeat=grid.n_cells):  # 1: shaded
                if any(d != BOOL and (d == TRUE) != bool(v) for d, v in zip(dom, colouring)):
                    continue
                land = {c for c in range(grid.n_cells) if not colouring[c]}
                expected = islands_hold(grid, clues, land) and sea_holds(grid, land)
                assert expected == (list(colouring) in truth)
                for cut in twin.refine(list(colouring)):
                    sat.add_clause(cut)  # a lemma of every solution
                assumed = [c + 1 if shaded else -c - 1 for c, shaded in enumerate(colouring)]
                assert sat.solve(assumptions=assumed) == expected, (text, dom, sorted(land))
                agreed[expected] += 1
    assert agreed[0] and agreed[1]  # colourings on both sides on every board


def test_the_learning_search_takes_a_smaller_twin_from_the_root_state() -> None:
    """The 12x12 miniature of janko's 1030: the twin written from the root's domains
    (``Model.cnf_at``, which the search takes when set) is smaller than the whole board's."""
    rows = [["."] * 12 for _ in range(12)]
    rows[1][9], rows[10][4] = "114", "20"
    text = "\n".join(" ".join(r) for r in rows) + "\n"
    root = puzzlekit.solve("nurikabe", text, max_nodes=0).partial
    (puzzle,) = puzzlekit.load("nurikabe", text)
    model = puzzle.genre.build(puzzle.instance)
    assert model.cnf is not None and model.cnf_at is not None
    assert model.cnf_at(list(root)).top < model.cnf().top
