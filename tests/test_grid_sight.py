"""Sight lines (``puzzlekit.grid.sight``): the propagator, its words, and its CNF, each
against brute force on every assignment of small boards."""

from __future__ import annotations

import itertools
import random

import pytest

from puzzlekit.core import BOOL, FALSE, TRUE, Engine, Model, Rule, Rung
from puzzlekit.engines.sat import Cnf
from puzzlekit.grid import RectGrid
from puzzlekit.grid.sight import SeesExactly, seen, sight_clauses

RULE = Rule("view", 1, "a number counts what it sees")


def model_of(grid: RectGrid, cell: int, n: int) -> Model:
    model = Model((Rung(1, "views", ""),), domains=[BOOL] * grid.n_cells)
    model.add(SeesExactly(RULE, grid, cell, n))
    return model


def test_a_view_counts_up_to_a_blocker_and_explains_in_words() -> None:
    grid = RectGrid(3, 4)
    assert seen(grid, 5, lambda c: c in (4, 7)) == 4  # r2c2: itself, r2c3, r1c2 and r3c2
    model = model_of(grid, 0, 6)  # r1c1 of a 4x3 board sees all it can: 4 + 3 - 1
    engine = Engine(model)
    assert engine.start() and [engine.dom[c] for c in (0, 1, 2, 3, 4, 8)] == [FALSE] * 6
    sees = model.propagators[0]
    assert (
        sees.explain(1, FALSE, (1, 3))
        == "the 6 at r1c1 must see 3 cells east at least: the other ways cannot make up for fewer"
    )
    words = "no other count there adds up with the other ways, so the next one is shaded"
    assert sees.explain(2, TRUE, (1, -1)) == f"the 6 at r1c1 sees 1 cell east and no more: {words}"
    assert sees.explain(0, FALSE, None) == "the 6 at r1c1 is a number, and numbers are never shaded"


@pytest.mark.parametrize("seed", range(4))
def test_propagation_keeps_every_solution_and_fixes_what_they_agree_on(seed: int) -> None:
    """From random partial assignments, the propagator never removes a value some full
    assignment with the right view keeps, fixes every cell those assignments agree on,
    and fails exactly when there is none."""
    rng = random.Random(seed)
    for _ in range(40):
        grid = RectGrid(rng.randint(1, 3), rng.randint(1, 4))
        cell, n = rng.randrange(grid.n_cells), rng.randint(1, grid.rows + grid.cols)
        fixed = {c: rng.choice((FALSE, TRUE)) for c in range(grid.n_cells) if rng.random() < 0.3}
        good = [
            bits
            for bits in itertools.product((0, 1), repeat=grid.n_cells)
            if not bits[cell]
            and seen(grid, cell, bits.__getitem__) == n
            and all(fixed.get(c, 1 << b) == 1 << b for c, b in enumerate(bits))
        ]
        model = model_of(grid, cell, n)
        model.domains = [fixed.get(c, BOOL) for c in range(grid.n_cells)]
        engine = Engine(model)
        if not engine.start():
            assert not good, (grid, cell, n, fixed)
            continue
        assert good, (grid, cell, n, fixed)
        for bits in good:
            assert all(engine.dom[c] & (1 << b) for c, b in enumerate(bits)), (grid, cell, n, fixed, bits)
        if all(d in (FALSE, TRUE) for d in engine.dom):
            assert len(good) == 1
        for c in range(grid.n_cells):
            if len({bits[c] for bits in good}) == 1:
                assert engine.dom[c] == 1 << good[0][c], (grid, cell, n, fixed, c)


def test_the_cnf_has_exactly_the_right_views() -> None:
    pysat = pytest.importorskip("pysat.solvers")
    rng = random.Random(7)
    for _ in range(30):
        grid = RectGrid(rng.randint(1, 3), rng.randint(1, 3))
        cell, n = rng.randrange(grid.n_cells), rng.randint(1, grid.rows + grid.cols)
        cnf = Cnf(grid.n_cells)
        sight_clauses(cnf, grid, cell, n, lambda c: c + 1)
        with pysat.Solver(name="cd19", bootstrap_with=cnf.encoding().clauses) as solver:
            for bits in itertools.product((0, 1), repeat=grid.n_cells):
                want = not bits[cell] and seen(grid, cell, bits.__getitem__) == n
                assumptions = [c + 1 if b else -(c + 1) for c, b in enumerate(bits)]
                assert solver.solve(assumptions=assumptions) == want, (grid, cell, n, bits)


@pytest.mark.parametrize("seed", range(3))
def test_a_view_that_remembers_quiet_states_deduces_what_a_fresh_one_does(seed: int) -> None:
    """``SeesExactly.quiet``: one view run again and again on a pool of states of a 4x5
    board (random ones, and fixpoints, where it finds nothing to do and remembers so) ends
    each run with the same answer and the same cells as a fresh view does."""
    rng = random.Random(seed)
    grid, remembered = RectGrid(4, 5), 0
    for cell, n in [(rng.randrange(grid.n_cells), rng.randint(2, 8)) for _ in range(6)]:
        pool = []
        for _ in range(40):
            domains = [rng.choice((FALSE, TRUE, *[BOOL] * 10)) for _ in range(grid.n_cells)]
            domains[cell] = FALSE
            model = model_of(grid, cell, n)
            model.domains = list(domains)
            engine = Engine(model)
            pool += [domains, engine.dom] if engine.start() else [domains]
        kept = SeesExactly(RULE, grid, cell, n)
        for domains in [rng.choice(pool) for _ in range(200)]:
            answers = []
            for view in (kept, SeesExactly(RULE, grid, cell, n)):
                model = Model((Rung(1, "views", ""),), domains=list(domains))
                model.add(view)
                engine = Engine(model)
                answers.append((view.propagate(engine), engine.dom))
            assert answers[0] == answers[1], (cell, n, domains)
        remembered += len(kept.quiet)
    assert remembered
