"""``LiveLeft``: what deduction leaves open on a generator's board after each small change,
on one engine kept for the whole settling (Heyawake's cuts), instead of a model and an
engine per call.

The board's propagators are named by key (``add(key, make, *args)``, ``make`` run once a key):
between two calls only the keys that came or went are swapped in or out of the engine
(``Engine.replace`` into free slots), and while the planted solution is unchanged the run
starts from the last fixpoint with only the new propagators queued, since the board only
gained rules (a cut adds walls and splits a number in two: what followed before follows
still)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import BOOL, Model, Propagator, Rule, Rung

SPARE = 64
"""Free slots per rung an engine is built with beyond the board's propagators (a cut adds a
dozen); when a rung runs out, the engine is built again with as many spare again."""


class Vacant(Propagator):
    """A free slot of a live engine: on its rung, watching nothing, deducing nothing."""

    __slots__ = ("rule", "watches")

    def __init__(self, rule: Rule) -> None:
        self.rule, self.watches = rule, ()

    def propagate(self, engine: Engine) -> bool:
        return True


class LiveLeft:
    """``left_open`` of the board ``build(self)`` names (through ``add``) each call, on one
    live engine capped at ``cap``; ``solution()`` is the planted solution the board is built
    round.  The cells left open are those of a fresh engine on the same board started from
    the last fixpoint while ``solution()`` is as it was, without building the model and its
    wiring again."""

    def __init__(
        self,
        ladder: Sequence[Rung],
        n_vars: int,
        build: Callable[[LiveLeft], object],
        solution: Callable[[], Sequence[int]],
        cap: int,
        deadline: float | None = None,
    ) -> None:
        self.ladder, self.n_vars, self.build, self.solution = tuple(ladder), n_vars, build, solution
        self.cap, self.deadline = cap, deadline
        self.made: dict[Hashable, list[Propagator]] = {}
        """Each key's propagators, built the first time it is named."""
        self.slots: dict[Hashable, list[int]] = {}
        """Each key standing in the engine, and its propagators' slots."""
        self.free: dict[int, list[int]] = {}
        """Per rung, the engine's vacant slots."""
        self.wanted: dict[Hashable, list[Propagator]] = {}
        self.engine: Engine | None = None
        self.values: list[int] | None = None
        """The solution at the last fixpoint."""

    def add(self, key: Hashable, make: Callable[..., Iterable[Propagator]], *args: Any) -> list[Propagator]:
        """Name the propagators of ``key`` on the board being built (``make(*args)`` the first
        time ``key`` is named); they keep no state of their own (no aux slots)."""
        made = self.made.get(key)
        if made is None:
            made = self.made[key] = list(make(*args))
        self.wanted[key] = made
        return made

    def __call__(self) -> list[int]:
        self.wanted = {}
        self.build(self)
        values = list(self.solution())
        new = [key for key in self.wanted if key not in self.slots]
        if self.engine is None or not self._swap(new):
            self._rebuild()
            new = list(self.wanted)
        engine = self.engine
        assert engine is not None
        if values != self.values:
            engine.reset()
            ok = engine.start()
        else:
            for key in new:
                for index in self.slots[key]:
                    engine.wake(index)
            ok = engine.run()
        engine.trail.clear()  # never undone: the next run starts from here
        self.values = values if ok else None  # (a board round its solution never contradicts)
        return [v for v, d in enumerate(engine.dom) if d == BOOL]

    def _swap(self, new: list[Hashable]) -> bool:
        """Vacate the keys no longer named and put the new ones in free slots; False (the
        engine to build again) when a rung has too few."""
        engine, free = self.engine, self.free
        assert engine is not None
        need: dict[int, int] = {}
        for key in new:
            for prop in self.wanted[key]:
                need[prop.rule.rung] = need.get(prop.rule.rung, 0) + 1
        gone = [key for key in self.slots if key not in self.wanted]
        for key in gone:
            for index in self.slots[key]:
                need[engine.props[index].rule.rung] = need.get(engine.props[index].rule.rung, 0) - 1
        if any(n > len(free.get(rung, ())) for rung, n in need.items()):
            return False
        for key in gone:
            for index in self.slots.pop(key):
                rung = engine.props[index].rule.rung
                engine.replace(index, Vacant(engine.props[index].rule))
                free[rung].append(index)
        for key in new:
            slots = self.slots[key] = []
            for prop in self.wanted[key]:
                index = free[prop.rule.rung].pop()
                engine.replace(index, prop)
                slots.append(index)
        return True

    def _rebuild(self) -> None:
        """A new model and engine of the named propagators, with ``SPARE`` free slots a rung."""
        model = Model(self.ladder, domains=[BOOL] * self.n_vars)
        self.slots, self.free = {}, {}
        rules: dict[int, Rule] = {}
        for key, made in self.wanted.items():
            self.slots[key] = [model.add(prop) for prop in made]
            for prop in made:
                rules.setdefault(prop.rule.rung, prop.rule)
        for rung, rule in rules.items():
            self.free[rung] = [model.add(Vacant(rule)) for _ in range(SPARE + len(self.wanted) // 4)]
        self.engine = Engine(model, max_rung=self.cap, deadline=self.deadline)
        self.values = None
