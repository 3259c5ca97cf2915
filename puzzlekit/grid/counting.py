"""Counting rules on boolean cells: "exactly (at least, at most) k of these cells", and
"k of these cells, none touching: fix what every way agrees on".

Every shading and placing genre says one of these per row, column, room or clue (Heyawake's
room numbers, Star Battle's stars, Norinori's pairs, Akari's numbers).  Both propagators say
why in the genre's words: ``what`` names the group ("the room at r2c3", "row 4") and
``items`` what is counted ("shaded cells", "stars").
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, cast

from puzzlekit.core.clues import ClueModel, Idle
from puzzlekit.core.engine import Engine
from puzzlekit.core.model import Model, Propagator, Rule

FULL, SHORT = "full", "short"


class Count(Propagator):
    """``low`` to ``high`` of ``variables`` (booleans) take ``value``: when the count is met
    the rest take the other value; when the places left only just reach it, they all take
    it; over or out of reach is a contradiction."""

    __slots__ = ("rule", "watches", "low", "high", "value", "what", "items")

    def __init__(
        self,
        rule: Rule,
        variables: Sequence[int],
        low: int,
        high: int | None = None,
        *,
        value: int = 1,
        what: str = "the group",
        items: str = "shaded cells",
    ) -> None:
        self.rule, self.watches, self.value = rule, tuple(variables), value
        self.low, self.high = low, low if high is None else high
        self.what, self.items = what, items

    def propagate(self, engine: Engine) -> bool:
        dom, bit = engine.dom, 1 << self.value
        held = list(map(dom.__getitem__, self.watches))  # booleans: 0b11 is open
        on, free = held.count(bit), held.count(0b11)
        if on > self.high or on + free < self.low:
            return False
        if not free or (self.low < on + free and on < self.high):
            return True
        mask, note = (~bit & 0b11, FULL) if on == self.high else (bit, SHORT)
        reads = self.watches
        return all(engine.set(v, mask, reads, note) for v in reads if dom[v] & ~bit and dom[v] & bit)

    def explain(self, var: int, mask: int, note: object) -> str:
        if note == FULL:
            return f"{self.what} has its {self.high} {self.items} already"
        return f"{self.what} needs {self.low} {self.items} and has only that many places left"


MEMO_SIZE = 4096
"""States a group shape remembers at most (``Patterns.memo``); then it starts afresh."""
_MEMOS: dict[Hashable, dict[Any, object]] = {}


def _memo_for(shape: Hashable) -> dict[Any, object]:
    memo = _MEMOS.get(shape)
    if memo is None:
        if len(_MEMOS) >= MEMO_SIZE:
            _MEMOS.clear()
        memo = _MEMOS[shape] = {}
    return memo


_Plan = tuple[tuple[tuple[int, int, str], ...], tuple[int, ...]]
"""``Patterns._plan``'s: the group's cells to set (position, mask, note), and outside's."""

MAX_WAYS = 2000
"""Ways ``Patterns`` enumerates in one run at most: past it, it deduces nothing this time
(a big room early on), and tries again once its cells narrow."""


class Patterns(Propagator):
    """Exactly ``count`` of ``variables`` take ``value``, no two that ``touching`` names
    together: every way left is enumerated (up to ``limit``); a cell every way gives the
    value takes it, a cell no way gives it takes the other, and a cell outside the group
    that every way touches takes the other too (it would touch one); no way at all is a
    contradiction.

    ``touching`` maps a variable to the variables it may not share the value with (Star
    Battle: ``grid.kings`` when variable ``i`` is cell ``i``; Heyawake: ``grid.neighbours``).
    """

    __slots__ = ("rule", "watches", "count", "value", "near", "outside", "what", "items", "limit", "memo", "plans")

    def __init__(
        self,
        rule: Rule,
        variables: Sequence[int],
        count: int,
        touching: Mapping[int, Sequence[int]] | Sequence[Sequence[int]] = (),
        *,
        value: int = 1,
        what: str = "the group",
        items: str = "shaded cells",
        limit: int = MAX_WAYS,
    ) -> None:
        self.rule, self.watches, self.count, self.value = rule, tuple(variables), count, value
        position = {v: i for i, v in enumerate(self.watches)}
        outside: list[int] = []
        near = []

        def around(v: int) -> Sequence[int]:
            if isinstance(touching, Mapping):
                return touching.get(v, ())
            return touching[v] if touching else ()

        for v in self.watches:
            mask = 0
            for w in around(v):
                at = position.get(w)
                if at is None:
                    at = position[w] = len(position)
                    outside.append(w)
                if w != v:
                    mask |= 1 << at
            near.append(mask)
        self.near, self.outside = tuple(near), tuple(outside)
        """Per position, the positions it touches: the group's first, then ``outside``'s."""
        self.what, self.items, self.limit = what, items, limit
        self.memo = _memo_for((count, limit, self.near))
        """What ``ways`` found per (must, may): shared by every group of the same shape
        (a board's rows, a lookahead's probes, the next board a generator tries)."""
        self.plans = _memo_for(("plans", value, count, limit, self.near))
        """What ``propagate`` does per tuple of the group's domains (``_plan``), shared the
        same way: most runs find a state seen before and set only what it changed."""

    def ways(self, dom: Sequence[int]) -> tuple[int, int, int, int] | None:
        """``(ways, cells every way takes, cells some way takes, cells every way touches)``
        as bitmasks over the positions (the group's, then ``outside``); None past ``limit``."""
        bit = 1 << self.value
        must = may = 0
        for i, v in enumerate(self.watches):
            d = dom[v]
            if d & bit:
                may |= 1 << i
                if d == bit:
                    must |= 1 << i
        memo = self.memo
        known = memo.get((must, may), False)
        if known is not False:
            return known  # type: ignore[return-value]
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        memo[must, may] = found_ = self._enumerate(must, may)
        return found_

    def _enumerate(self, must: int, may: int) -> tuple[int, int, int, int] | None:
        if must.bit_count() > self.count:
            return 0, 0, 0, 0
        near, limit = self.near, self.limit
        found = [0, -1, 0, -1]  # ways, always, ever, always touched

        def place(left: int, chosen: int, touched: int, open_: int) -> bool:
            """Ways that add ``left`` more from ``open_`` (lowest first); False past the limit."""
            if not left:
                if must & ~chosen:
                    return True
                found[0] += 1
                found[1] &= chosen
                found[2] |= chosen
                found[3] &= touched
                return found[0] <= limit
            while open_ and open_.bit_count() >= left:
                low = open_ & -open_
                open_ ^= low
                around = near[low.bit_length() - 1]
                if not place(left - 1, chosen | low, touched | around, open_ & ~around):
                    return False
                if must & low:
                    return True  # every later way leaves out a cell that must be in
            return True

        if not place(self.count, 0, 0, may):
            return None
        if not found[0]:
            return 0, 0, 0, 0
        return found[0], found[1], found[2], found[3]

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        key = tuple(map(dom.__getitem__, self.watches))
        plan = self.plans.get(key, False)
        if plan is False:
            if len(self.plans) >= MEMO_SIZE:
                self.plans.clear()
            plan = self.plans[key] = self._plan(dom)
        if plan is None:
            return True
        if not plan:
            return False
        inside, near = cast(_Plan, plan)
        bit, reads, outside = 1 << self.value, self.watches, self.outside
        for i, mask, note in inside:
            if not engine.set(reads[i], mask, reads, note):
                return False
        other = ~bit & 0b11
        for j in near:
            v = outside[j]
            if dom[v] & bit and not engine.set(v, other, reads, "near"):
                return False
        return True

    def _plan(self, dom: Sequence[int]) -> _Plan | tuple[()] | None:
        """For ``propagate``: None past ``limit``; ``()`` when no way is left; else the
        group's cells to set, as (position, mask, note) in order, and the positions in
        ``outside`` every way touches."""
        found = self.ways(dom)
        if found is None:
            return None
        n, always, ever, touched = found
        if not n:
            return ()
        bit, other = 1 << self.value, ~(1 << self.value) & 0b11
        inside = []
        for i, v in enumerate(self.watches):
            d = dom[v]
            if d & bit and d != bit:
                if always >> i & 1:
                    inside.append((i, bit, "in"))
                elif not ever >> i & 1:
                    inside.append((i, other, "out"))
        touched >>= len(self.watches)
        return tuple(inside), tuple(j for j in range(len(self.outside)) if touched >> j & 1)

    def explain(self, var: int, mask: int, note: object) -> str:
        what = {"in": "puts one here", "out": "leaves this cell out", "near": "touches this cell"}[str(note)]
        return f"every way to fit {self.count} {self.items} in {self.what}, none touching, {what}"


class Confined(Propagator):
    """Two families of groups that each hold exactly ``count`` of the colour and cover the
    same cells (Star Battle's regions and rows): when ``s`` groups of ``groups`` (up to
    ``most`` at once) can only place their cells of the colour in ``s`` groups of
    ``others``, those fill the ``others`` and every other cell there takes the other
    colour; in fewer than ``s`` is a contradiction.  ``names`` and ``other_names`` say the
    groups in words ("the region at r1c1", "row 3")."""

    __slots__ = ("rule", "watches", "groups", "other_of", "n_others", "value", "most", "names", "other_names", "items")

    def __init__(
        self,
        rule: Rule,
        groups: Sequence[Sequence[int]],
        others: Sequence[Sequence[int]],
        *,
        names: Sequence[str],
        other_names: Sequence[str],
        value: int = 1,
        most: int = 3,
        items: str = "stars",
    ) -> None:
        self.rule, self.value, self.most, self.items = rule, value, most, items
        self.groups = tuple(tuple(g) for g in groups)
        self.other_of = {v: i for i, group in enumerate(others) for v in group}
        self.n_others = len(others)
        self.watches = tuple(sorted(self.other_of))
        self.names, self.other_names = tuple(names), tuple(other_names)

    def propagate(self, engine: Engine) -> bool:
        from itertools import combinations  # the propagator's own, off the import path

        dom, bit, other_of = engine.dom, 1 << self.value, self.other_of
        masks, open_groups = [], []
        for i, group in enumerate(self.groups):
            mask = still = 0
            for v in group:
                d = dom[v]
                if d & bit:
                    mask |= 1 << other_of[v]
                    still |= d != bit
            masks.append(mask)
            if still:
                open_groups.append(i)
        for size in range(1, min(self.most, len(open_groups)) + 1):
            for chosen in combinations(open_groups, size):
                union = 0
                for i in chosen:
                    union |= masks[i]
                fits = union.bit_count()
                if fits < size:
                    return False
                if fits > size:
                    continue
                inside = {v for i in chosen for v in self.groups[i]}
                note = (chosen, union)
                for v in self.watches:
                    open_here = union >> other_of[v] & 1 and v not in inside and dom[v] & bit and dom[v] != bit
                    if open_here and not engine.set(v, ~bit & 0b11, self.watches, note):
                        return False
        return True

    def explain(self, var: int, mask: int, note: object) -> str:
        chosen, union = cast(tuple[tuple[int, ...], int], note)
        groups = [self.names[i] for i in chosen]
        others = [self.other_names[j] for j in range(self.n_others) if union >> j & 1]
        return (
            f"{_words(groups)} can only place their {self.items} in {_words(others)}, "
            f"which leaves none for any other cell there"
        )


def _words(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class ClueSlots(ClueModel):
    """A board's model whose clues are propagators at known places (a Heyawake room's
    number: its ``Count`` and ``Patterns``), for ``puzzlekit.generation.reduce_clues``:
    ``make(position, clue)`` gives a clue's propagators, which stand at
    ``slots[position]`` in the model (``Idle`` while blank); ``board(clues)`` the board
    with these clues.  Its readers are a clue's own propagators and ``also`` (a
    ``Lookahead``, which reads every clue), so passes go by halving on a live engine.
    ``keep``: a clue's propagators are made once per position and value and kept, for
    propagators that keep a memo of their own (``SeesExactly.quiet``)."""

    def __init__(
        self,
        model: Model,
        slots: Mapping[Any, Sequence[int]],
        clues: Mapping[Any, int | None],
        make: Callable[[Any, int], Sequence[Propagator]],
        board: Callable[[dict[Any, int | None]], Any],
        also: Sequence[int] = (),
        keep: bool = False,
    ) -> None:
        self.model, self.slots, self.clues, self.make, self.board = model, slots, dict(clues), make, board
        self.also = tuple(also)
        self.kept: dict[tuple[Any, int], Sequence[Propagator]] | None = None
        if keep:
            standing = {p: (p, c) for p, c in self.clues.items() if c is not None}
            self.kept = {key: [model.propagators[i] for i in slots[p]] for p, key in standing.items()}

    def set_clue(self, position: Any, clue: int | None) -> None:
        key = (position, 0 if clue is None else clue)
        if self.kept is None:
            made = self.make(*key)
        else:
            if key not in self.kept:
                self.kept[key] = self.make(*key)
            made = self.kept[key]
        for index, prop in zip(self.slots[position], made):
            self.model.propagators[index] = Idle(prop) if clue is None else prop
        self.clues[position] = clue

    def instance(self) -> Any:
        return self.board(dict(self.clues))

    def readers(self, position: Any) -> Sequence[int]:
        return (*self.slots[position], *self.also)
