"""The two traps of issue 20, closed: ``accept`` is the leaf check of every solve, and the
harness checks each rung's soundness alone (an unsound dear rung that the cheap rungs hide
is caught)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

import pytest
import toygenre

import puzzlekit
from puzzlekit.core.engine import Engine
from puzzlekit.core.model import BOOL, FALSE, TRUE, Model, Propagator, Rule, Rung
from puzzlekit.core.rng import Rng
from puzzlekit.core.search import Status
from puzzlekit.engines.encoding import SatEncoding
from puzzlekit.generation import needed_rung, unique_at
from puzzlekit.testing.checks import Failed, check_brute_force, unsound_from

Instance = tuple[list[int], int]
LAX = Rule("lax", 1, "claims to count the ones but never checks them")


class Lax(Propagator):
    """Unsound the other way: it never notices a broken sum, so every leaf looks fine to it."""

    rule = LAX
    watches = ()

    def propagate(self, engine: Engine) -> bool:
        return True


class Planted(toygenre.Onesum):
    """Onesum whose only rule is lax: without ``accept`` at the leaves, every assignment of
    the open cells would come back as a "solution"."""

    name = "planted"
    aliases = ()
    difficulties: ClassVar[dict[str, int]] = {"hard": 1}
    clauses = False

    def build(self, instance: Instance) -> Model:
        cells, _ = instance
        model = Model(self.ladder, domains=list(cells))
        model.add(Lax())
        if self.clauses:  # a clause twin that leaves the sum out too: the learning search
            model.cnf = lambda: SatEncoding.boolean(len(cells), [[v + 1] for v, d in enumerate(cells) if d == TRUE])
        return model


class PlantedLearning(Planted):
    name = "plantedlearning"
    clauses = True


@pytest.mark.parametrize("genre", [Planted(), PlantedLearning()], ids=["depth-first", "learning"])
def test_a_planted_unsound_rule_returns_no_solution_accept_rejects(genre: Planted) -> None:
    many = puzzlekit.solve(genre, "# sum: 2\n1...\n", limit=10)
    assert many.status == Status.MULTIPLE
    assert sorted(s.values for s in many.solutions) == [(1, 0, 0, 1), (1, 0, 1, 0), (1, 1, 0, 0)]
    assert all(not genre.accept(many.puzzle.instance, s.values) for s in many.solutions)
    assert puzzlekit.solve(genre, "# sum: 1\n1...\n").status == Status.UNIQUE
    assert puzzlekit.solve(genre, "# sum: 6\n1...\n").status == Status.NONE
    # The generator's oracles search the same model: a board only accept makes unique is unique.
    (board,) = [p.instance for p in puzzlekit.load(genre, "# sum: 1\n1...\n")]
    assert unique_at(genre, board, 1, max_nodes=100)
    assert needed_rung(genre, board) == 2  # the search rung: the lax rule deduces nothing
    (two,) = [p.instance for p in puzzlekit.load(genre, "# sum: 2\n1...\n")]
    assert not unique_at(genre, two, 1, max_nodes=100) and needed_rung(genre, two) == 0


def test_the_raw_model_still_lets_them_through() -> None:
    """What the trap was: ``build``'s model alone takes every leaf its propagators pass."""
    genre = Planted()
    (board,) = [p.instance for p in puzzlekit.load(genre, "# sum: 2\n1...\n")]
    from puzzlekit.core.search import count_solutions

    raw = count_solutions(genre.build(board), limit=10, timeout=None)
    assert len(raw.solutions) == 8  # every assignment of the three open cells
    wired = count_solutions(genre.solving_model(board), limit=10, timeout=None)
    assert len(wired.solutions) == 3


# -- each rung alone ---------------------------------------------------------------------

DEAR = Rule("dear", 2, "wrongly empties the first open cell (an unsound dear rung)")


class FirstOpenIsZero(Propagator):
    rule = DEAR

    def __init__(self, n: int) -> None:
        self.watches = tuple(range(n))

    def propagate(self, engine: Engine) -> bool:
        for var, d in enumerate(engine.dom):
            if d == BOOL:
                return engine.set(var, FALSE)
        return True


class HiddenDear(toygenre.Onesum):
    """Two rungs; the cheap one solves every small board (all open cells are ones), so the
    unsound dear rung never gets to run on the whole ladder."""

    name = "hiddendear"
    aliases = ()
    ladder = (Rung(1, "counting"), Rung(2, "dear"))
    rules = (toygenre.SUM, DEAR)

    def build(self, instance: Instance) -> Model:
        model = super().build(instance)
        model.add(FirstOpenIsZero(len(instance[0])))
        return model

    def small_board(self, rng: Rng) -> Instance:
        cells = [rng.choice((BOOL, BOOL, FALSE, TRUE)) for _ in range(rng.between(1, 6))]
        return cells, sum(1 for d in cells if d != FALSE)  # every open cell must be a one


def test_an_unsound_dear_rung_the_cheap_rungs_hide_is_caught() -> None:
    genre = HiddenDear()
    board = ([BOOL, TRUE, BOOL], 3)
    model = genre.build(board)
    # The whole ladder never shows it: rung 1 fills every cell before rung 2 runs ...
    assert unsound_from(model, [1, 1, 1], random.Random(1), 20) is None
    assert puzzlekit.solve(genre, "# sum: 3\n.1.\n").status == Status.UNIQUE
    # ... rung 2 alone does.
    found = unsound_from(model, [1, 1, 1], random.Random(1), 4, rung=2)
    assert found == "propagation with rung 2 alone at the root removed the known value 1 of variable 0 (rule 'dear')"
    with pytest.raises(Failed, match=r"small board \d+: propagation with rung 2 alone .* \(rule 'dear'\)"):
        check_brute_force(genre, 20)


def test_sound_genres_pass_each_rung_alone() -> None:
    class Sound(HiddenDear):
        name = "sounddear"

        def build(self, instance: Instance) -> Model:
            return toygenre.Onesum.build(self, instance)

    check_brute_force(Sound(), 50)


def test_each_rung_alone_runs_a_lookahead_with_its_probing_rungs() -> None:
    """``Engine(only=rung)`` leaves the cheaper rungs out of the live engine but not out of a
    lookahead's probes, so the lookahead still deduces what it deduces on the whole ladder."""
    from puzzlekit.core import Lookahead

    trial = Rule("trial", 2, "a value whose consequences contradict is ruled out")
    model = toygenre.Onesum().build(([BOOL, BOOL, TRUE], 1))
    model.ladder = (Rung(1, "counting"), Rung(2, "trial"))
    model.add(Lookahead(trial, probe_rung=1))
    engine = Engine(model, only=2, record=True)
    assert engine.start()
    assert engine.dom == [FALSE, FALSE, TRUE]
    assert {engine.props[e.by].rule.name for e in engine.log or []} == {"trial"}


def test_a_quick_is_solution_that_disagrees_with_accept_is_caught() -> None:
    """Brute force asks ``is_solution`` (a genre's quick test); one whose count is off by
    one is held to ``accept`` and fails; one that counts before ``accept`` passes."""

    class Sampled(HiddenDear):
        name = "sampled"

        def build(self, instance: Instance) -> Model:
            return toygenre.Onesum.build(self, instance)

    class OffByOne(Sampled):
        name = "offbyone"

        def is_solution(self, instance: Instance, values: Sequence[int]) -> bool:
            return abs(sum(values) - instance[1]) <= 1

    with pytest.raises(Failed, match="is_solution and accept disagree"):
        check_brute_force(OffByOne(), 50)

    class Quick(Sampled):
        name = "quick"

        def is_solution(self, instance: Instance, values: Sequence[int]) -> bool:
            return sum(values) == instance[1] and not self.accept(instance, values)

    check_brute_force(Quick(), 50)


SUDOKU = puzzlekit.default_host().genre("sudoku")


class LyingTwin(type(SUDOKU)):  # type: ignore[misc]
    """Sudoku whose clause twin (``Model.cnf``) says the first cell can never hold its
    second value: the propagators are right, the twin forbids real solutions.  A small
    board leaves too few cells open for the learning search, so only a harness that
    forces it there sees the lie (Kakuro's twin had one like it: black cells)."""

    def build(self, instance: object) -> Model:
        model = super().build(instance)
        honest = model.cnf
        assert honest is not None

        def lying() -> SatEncoding:
            twin = honest()
            assert isinstance(twin, SatEncoding) and twin.values is not None
            twin.values[0][1] = 0
            return twin

        model.cnf = lying
        return model


def test_a_clause_twin_that_forbids_real_solutions_is_caught() -> None:
    check_brute_force(SUDOKU, 30)  # the honest twin passes ...
    with pytest.raises(Failed, match=r"small board \d+: brute force finds .* the learning search .* says none"):
        check_brute_force(LyingTwin(), 30)  # ... the lying one does not
