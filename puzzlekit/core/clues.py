"""A model whose clues change in place: what a generator needs to try many clue sets.

Removing clues one by one (Tatham's method) asks "still unique?" hundreds of times
for boards that differ in one clue.  Rebuilding the model and re-wiring an engine
each time costs as much as a quarter of the answer; a ``ClueModel`` is built once
for the fully clued board and blanks, restores or swaps one clue's propagators.

Sound with respect to the engine's trail because of three promises:

- a clue changes only between searches, never while an engine runs on the model,
  and an engine that ran before the change is returned to its first state
  (``Engine.undo(0)``: every write is on the trail) before it runs again;
- a change replaces propagators at their indices in ``Model.propagators`` (the list
  every engine on the model shares), so the wiring, which is by index, stays valid:
  a blanked clue's propagators are ``Idle`` and deduce nothing;
- no clue keeps state in aux slots, so the first state does not depend on the clues.

A ``ClueModel`` that also names, per clue, the propagators that read it (``readers``)
lets a generator add clues to a live engine instead of starting over: it wakes them
and propagates from where the engine stands (``puzzlekit.generation.ClueTrials``).
That is sound because deduction from fewer clues is true of every board with more:
a state the engine reached from a subset of the clues is a state it may start from.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from puzzlekit.core.model import Model, Propagator

if TYPE_CHECKING:
    from puzzlekit.core.engine import Engine


class Idle(Propagator):
    """Stands in for a blanked clue's propagator: deduces nothing, but keeps its rule and
    what it watches, so an engine wired while the clue is blank is wired as one wired
    while it stands (and the clue, restored, is woken as before)."""

    __slots__ = ("rule", "watches")

    def __init__(self, stands_for: Propagator) -> None:
        self.rule = stands_for.rule
        self.watches = stands_for.watches

    def propagate(self, engine: Engine) -> bool:
        return True


class ClueModel(ABC):
    """One board's model, built with every clue it may be asked about, whose clues
    are blanked, restored or changed between searches."""

    model: Model

    @abstractmethod
    def set_clue(self, position: Any, clue: int | None) -> None:
        """Give ``position`` the clue ``clue`` (None: no clue).  Only positions that had
        a clue when the model was built can change."""

    @abstractmethod
    def instance(self) -> Any:
        """The board with the clues as they stand now."""

    def set_other(self, position: Any, clue: int) -> bool:
        """Let ``position`` take any clue but ``clue`` at once (a Sudoku cell that may hold
        any digit but its given), so one search asks what one per other value would; False
        (the default) when the model cannot, and the generator tries each value in turn."""
        return False

    def readers(self, position: Any) -> Sequence[int] | None:
        """The indices (in ``model.propagators``) of every propagator whose deductions
        change with the clue at ``position``: after ``set_clue`` there, an engine that
        wakes them and runs reaches what it would have reached with the clue from the
        start.  None (the default): not known, so a generator returns an engine to its
        first state for every clue set it tries.

        Only propagators that are safe to run again belong here (they deduce from the
        domains and aux slots alone); one that keeps count of what it has seen must not
        be woken twice for the same change."""
        return None

    needed_at_start: ClassVar[bool] = False
    """True when ``needed`` tells about as much of a pass judged once at its start as run by
    run (each run after the runs before it blanked theirs): a pass by halving then judges
    every orbit first and halves the rest in one go, one start of its engine instead of one
    per run (``ClueTrials.blank_each``).  The same clues stay either way."""

    def needed(self, positions: Sequence[Any], solution: Sequence[int], rung: int) -> bool:
        """True when deduction capped at ``rung`` surely does not solve the board as it stands
        without the clues at ``positions`` (``solution`` its solution), judged cheaply: on a
        window round them with the rest of the board known from ``solution``, say.  It must
        never say True of a removal deduction would take, and then a pass by halving keeps
        those clues without trying them (``ClueTrials.blank_each``): the same board, fewer
        fixpoints.  False (the default): not known."""
        return False

    def left_open(self, positions: Sequence[Any], solution: Sequence[int], rung: int) -> int | None:
        """About how many variables deduction capped at ``rung`` leaves open without the clues
        at ``positions``, judged cheaply (the window of ``needed``): ``harden`` tries the
        fewest first, in place of a halving pass that measures it on the whole board.  An
        order, never a proof.  None (the default): not known."""
        return None
