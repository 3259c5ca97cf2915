"""What a genre declares: variables with bitmask domains, rules on rungs, propagators.

A domain is an int whose bit ``v`` is set while value ``v`` is still possible:
a boolean is ``0b11`` while unknown, ``0b01`` for false, ``0b10`` for true.
Domains live in one flat ``list[int]`` owned by the engine; nothing here is
touched inside the solver's hot loop except the propagators themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from puzzlekit.core.clock import tick

if TYPE_CHECKING:
    from puzzlekit.core.cdcl import Theory, Twin
    from puzzlekit.core.engine import Engine
    from puzzlekit.core.loops import LoopGraph

FALSE = 0b01
TRUE = 0b10
BOOL = 0b11


def mask_of(value: int) -> int:
    """The singleton domain holding ``value``."""
    return 1 << value


def domains_of(values: Sequence[int]) -> list[int]:
    """A full assignment as singleton domains (what ``write`` and the pictures draw)."""
    return [1 << v for v in values]


def values_of(mask: int) -> list[int]:
    """The values a domain still allows, smallest first."""
    out = []
    v = 0
    while mask:
        if mask & 1:
            out.append(v)
        mask >>= 1
        v += 1
    return out


def value_of(mask: int) -> int:
    """The value of a singleton domain."""
    return mask.bit_length() - 1


def is_fixed(mask: int) -> bool:
    return mask != 0 and mask & (mask - 1) == 0


def state_values(dom: Sequence[int]) -> list[int]:
    """A state read as a finished attempt: an unmarked variable takes its smallest value
    (no line, no bridge)."""
    return [value_of(d) if is_fixed(d) else value_of(d & -d) for d in dom]


def fixed_values(dom: Sequence[int], unknown: int = 0) -> list[int]:
    """A state read as a partial attempt: each fixed variable's value, ``unknown`` for the
    rest (Sudoku's empty cells, Shikaku's unowned ones)."""
    return [value_of(d) if is_fixed(d) else unknown for d in dom]


@dataclass(frozen=True)
class Violation:
    """One broken rule in a player's attempt or a candidate solution."""

    kind: str
    """A short, stable identifier ("clue", "branch", "loops", ...)."""
    message: str
    """The rule and the place, in words a player understands."""
    variables: tuple[int, ...] = ()
    """The variables involved, so pictures can highlight them."""
    unfinished: bool = False
    """True when more marks could mend it (a clue still short of lines)."""
    cells: tuple[int, ...] = ()
    """Where it is on a grid genre's board: cells of its ``puzzlekit.grid.RectGrid``, so
    pictures can tint them without mapping variables back to places."""
    place: str = ""
    """The place in words (``r2c3``), for reports and tools; the message says it too."""


@dataclass(frozen=True)
class Rung:
    """One step of a genre's difficulty ladder; 1 is the cheapest."""

    level: int
    name: str
    summary: str = ""


@dataclass(frozen=True)
class Rule:
    """A kind of deduction; many propagators (one per cell, say) share one rule."""

    name: str
    rung: int
    summary: str


class _Every(tuple[int, ...]):
    """The type of ``EVERY``: an empty tuple the engine reads as "all variables"."""

    def __repr__(self) -> str:
        return "EVERY"


EVERY: Sequence[int] = _Every()
"""``Propagator.watches`` for a propagator that every narrowing wakes (a global rule)."""


class Propagator:
    """One rule applied to one part of the board.

    ``watches`` lists the variables whose narrowing wakes it (``EVERY``, the
    default: all; ``()``: none, it is woken with ``Engine.wake``).  It is typed
    ``Sequence[int]``, so ``self.watches`` can be passed on as the ``reads`` of
    ``engine.set`` under ``mypy --strict``; ``None`` still means all, for old code.
    ``propagate`` narrows domains through ``engine.set`` and returns False on a
    contradiction.  It must leave its own constraint at fixpoint, because its
    own narrowings do not wake it again.
    """

    rule: Rule
    watches: Sequence[int] = EVERY

    def propagate(self, engine: Engine) -> bool:
        raise NotImplementedError

    def explain(self, var: int, mask: int, note: object) -> str:
        """Why this propagator narrowed ``var`` to ``mask``, in plain words."""
        return f"{self.rule.summary}"


Brancher = Callable[[list[int]], int]
LeafCheck = Callable[[list[int]], bool]


@dataclass
class Model:
    """Variables, their initial domains, and the propagators over them."""

    ladder: tuple[Rung, ...]
    domains: list[int] = field(default_factory=list)
    propagators: list[Propagator] = field(default_factory=list)
    aux: list[int] = field(default_factory=list)
    """Initial values of the slots propagators reserve for incremental state."""
    brancher: Brancher | None = None
    """Picks the variable to branch on (-1 when all are fixed); default: smallest domain."""
    leaf_check: LeafCheck | None = None
    """Accepts or rejects a full assignment of values; the last word on a leaf."""
    cnf: Callable[[], Twin] | None = None
    """The model as clauses (the genre's ``sat_encoding``), made only when search is needed:
    with it, a boolean model is searched by clause learning (``puzzlekit.core.cdcl``)."""
    cnf_at: Callable[[list[int]], Twin] | None = None
    """The twin written from a root state (its domains): the solutions that agree with it,
    fewer variables when most cells are fixed there (Nurikabe's 1030); the learning search
    takes it, when set, in place of ``cnf``."""
    loop: LoopGraph | None = None
    """The ``LoopGraph`` whose lines must form one loop (set by ``add_single_loop``), for
    the learning search's loop theory."""
    theories: list[Callable[[], Theory]] = field(default_factory=list)
    """Rules the learning search checks on its trail besides the twin's clauses (each call
    makes a fresh ``puzzlekit.core.cdcl.Theory``; Nurikabe's one sea,
    ``puzzlekit.grid.learning.PieceTheory``)."""

    def add_var(self, mask: int) -> int:
        self.domains.append(mask)
        return len(self.domains) - 1

    def add_vars(self, count: int, mask: int) -> range:
        start = len(self.domains)
        self.domains.extend([mask] * count)
        return range(start, start + count)

    def add_state(self, values: Sequence[int]) -> int:
        """Reserve aux slots holding ``values``; returns the first slot's index.

        Propagators keep incremental state there (through ``Engine.put``) so
        that search and lookahead can undo it along with the domains.
        """
        offset = len(self.aux)
        self.aux.extend(values)
        return offset

    def add(self, propagator: Propagator) -> int:
        """Add a propagator; returns its index, which ``Engine.wake`` takes.  Looks at the
        call's deadline now and then (``puzzlekit.core.clock``): building a big board is
        inside the budget, and past it this raises ``Timeout``."""
        tick()
        rule = propagator.rule
        if not 1 <= rule.rung <= len(self.ladder):
            raise ValueError(
                f"rule {rule.name!r} sits on rung {rule.rung}, but the ladder has rungs 1..{len(self.ladder)}"
            )
        self.propagators.append(propagator)
        return len(self.propagators) - 1

    @property
    def search_rung(self) -> int:
        """Search is always the rung after the last deductive one."""
        return len(self.ladder) + 1
