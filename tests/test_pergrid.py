"""``puzzlekit.grid.pergrid``: stateless propagators made once per grid, and the contract
that makes sharing them between models sound."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import puzzlekit
from puzzlekit import Model, Rule, Rung
from puzzlekit.core import BOOL, TRUE, Engine, count_solutions
from puzzlekit.core.model import Propagator
from puzzlekit.grid import RectGrid, SharedPropagators, add_apart, assert_unchanged, grid_of

LADDER = (Rung(1, "apart", "shaded cells never touch"),)
APART = Rule("apart", 1, "Shaded cells never touch.")


def test_one_set_of_objects_per_grid_size() -> None:
    shared = SharedPropagators(LADDER, lambda add, grid: add_apart(add, APART, grid))
    first, again, other = shared.made(RectGrid(3, 4)), shared.made(RectGrid(3, 4)), shared.made(RectGrid(4, 3))
    assert len(first) == 12 and all(a is b for a, b in zip(first, again, strict=True))
    assert not set(map(id, first)) & set(map(id, other))
    assert grid_of(5, 6) is grid_of(5, 6) and grid_of(5, 6) == RectGrid(5, 6)


def test_a_maker_that_reserves_variables_or_slots_is_refused() -> None:
    """Variables and aux slots are offsets into one model: the scratch model refuses them."""

    def reserve(add: Callable[[Propagator], int], grid: RectGrid, what: str) -> None:
        model = add.__self__  # type: ignore[attr-defined]  # the scratch model's bound add
        model.add_var(BOOL) if what == "var" else model.add_state([0])
        add_apart(add, APART, grid)

    for what in ("var", "slot"):
        shared = SharedPropagators(LADDER, lambda add, grid, what=what: reserve(add, grid, what))
        with pytest.raises(ValueError, match="aux slots"):
            shared.made(RectGrid(2, 2))


def test_hitori_s_shared_propagators_are_unchanged_by_solves_and_search() -> None:
    """Two boards of one size share Hitori's apart and ways-out objects; a solve of each,
    with the trial's lookahead and a search counting to two, leaves every one as made."""
    hitori = puzzlekit.default_host().genre("hitori")
    boards = [made.instance for made in puzzlekit.generate("hitori", size="7x7", difficulty="hard", seed="s", count=2)]
    models = [hitori.solving_model(board) for board in boards]
    shared = {id(p) for p in models[0].propagators} & {id(p) for p in models[1].propagators}
    assert len(shared) >= 2 * 49 - 10  # an Apart and a OneWayOut per cell (fewer for corner-less cells)
    props = [p for p in models[0].propagators if id(p) in shared]
    outcomes: list[str] = []
    assert_unchanged(props, lambda: outcomes.extend(count_solutions(m, limit=2).status.value for m in models))
    assert outcomes == ["unique", "unique"]


def test_assert_unchanged_catches_a_propagator_that_keeps_state() -> None:
    class Counting(Propagator):
        __slots__ = ("rule", "watches", "runs")

        def __init__(self) -> None:
            self.rule, self.watches, self.runs = APART, (0,), 0

        def propagate(self, engine: Engine) -> bool:
            self.runs += 1
            return engine.set(0, TRUE, ())

    prop = Counting()
    model = Model(LADDER, domains=[BOOL])
    model.add(prop)
    with pytest.raises(AssertionError, match="Counting"):
        assert_unchanged([prop], lambda: Engine(model).start())
