"""What a model's board size alone decides, made once per size and shared by every model.

A generator builds a model per round (a 20x20 Hitori: over a hundred rounds a puzzle), and
many of each model's propagators (shaded cells apart, a cell's last way out) are the same
for every board of the grid.  ``SharedPropagators`` makes them once per grid and adds the
same objects to each model; ``grid_of`` gives one ``RectGrid`` per size, so attempts do not
build the grid again (8% of a 20x20 Hitori attempt) and the cache's look-ups stay cheap.

Sharing is sound only for *stateless* propagators:

1. what one holds is fixed when it is made and follows from the grid and what the maker
   closes over (rules, options), never from a board's clues;
2. ``propagate`` and ``explain`` never write to it: all that changes during a solve lives
   in the engine (``dom``, aux slots), so two engines, or a lookahead's probe inside one,
   may run the same object;
3. it has no variables or aux slots of its own (``Model.add_var``, ``Model.add_state``):
   those are offsets into one model.  It reads and sets the grid's cells, which every model
   it is added to must hold as variables ``0 .. n_cells - 1``.

The maker runs on a scratch model of the grid's cells alone (boolean); reserving a variable
or an aux slot there is refused with ``ValueError``, so (3) is checked, (1) and (2) are the
propagator's own promise (``assert_unchanged`` tests it on a solve).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from puzzlekit.core.clock import tick
from puzzlekit.core.model import BOOL, Model, Propagator, Rung
from puzzlekit.grid.topology import RectGrid

Maker = Callable[[Callable[[Propagator], int], RectGrid], object]
"""``make(add, grid)``: adds the grid's propagators through ``add`` (``add_apart`` and the
other ``add_*`` helpers take the same ``model_add``)."""

grid_of = lru_cache(maxsize=8)(RectGrid)
"""``grid_of(rows, cols)``: one ``RectGrid`` per size (a grid is never changed once made)."""


class SharedPropagators:
    """The propagators ``make`` gives a grid, made on its first model and reused after."""

    def __init__(self, ladder: Sequence[Rung], make: Maker, sizes: int = 4) -> None:
        self.ladder, self.make = tuple(ladder), make
        self.made = lru_cache(maxsize=sizes)(self._made)
        """``made(grid)``: the tuple of propagators, the same objects for equal grids."""

    def _made(self, grid: RectGrid) -> tuple[Propagator, ...]:
        scratch = Model(self.ladder, domains=[BOOL] * grid.n_cells)
        self.make(scratch.add, grid)
        if len(scratch.domains) != grid.n_cells or scratch.aux:
            raise ValueError("a shared propagator may not reserve variables or aux slots: they belong to one model")
        return tuple(scratch.propagators)

    def add_to(self, model: Model, grid: RectGrid) -> None:
        """Add the grid's propagators to ``model`` (its cells are variables 0..n_cells-1),
        in one step: their rungs were checked against the ladder when they were made."""
        if model.ladder != self.ladder:
            raise ValueError("the model's ladder is not the one the shared propagators were made for")
        tick()
        model.propagators.extend(self.made(grid))


def assert_unchanged(props: Iterable[Propagator], run: Callable[[], object]) -> None:
    """Run ``run`` (solves using ``props``) and raise AssertionError if any attribute of a
    propagator changed: the test of contract points (1) and (2) on a real solve."""
    props = list(props)

    def snapshot() -> list[dict[str, str]]:
        out = []
        for p in props:
            slots = [getattr(k, "__slots__", ()) for k in type(p).__mro__]
            names = [n for s in slots for n in ((s,) if isinstance(s, str) else s)]
            state = {n: getattr(p, n) for n in names if hasattr(p, n)} | dict(getattr(p, "__dict__", {}))
            out.append({n: repr(v) for n, v in state.items()})
        return out

    before = snapshot()
    run()
    changed = [type(p).__name__ for p, a, b in zip(props, before, snapshot(), strict=True) if a != b]
    assert not changed, f"shared propagators changed during a solve: {changed[:5]}"
