"""A Masyu model whose pearls change in place, for the generator (``puzzlekit.core.clues``).

The generator asks "does deduction still solve it?" thousands of times of boards that
differ in a pearl or two: while it reshapes the loop (every cell a slot, since any cell
may gain a pearl) and while it takes pearls away (the pearls' cells).  Built once, a
slot's propagator is swapped at its index, so every engine wired on the model stays
valid.  The loop must pass a pearl: its ``Pearl`` propagator says so over the same
edges as the degree rule would (two of its four arms), so the nodes here carry no
"must visit" flag and a slot changes nothing but its own propagator and the cells the
loop reach must reach.  Deduction reaches the same fixpoint as on ``Masyu.build``'s
model, so a board's grade is the same on both.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import Any

from puzzlekit import Model
from puzzlekit.core import (
    BOOL,
    NO_EARLY_LOOP,
    NODE_DEGREE,
    TRUE,
    ClosingCheck,
    ClueModel,
    Idle,
    Lookahead,
    LoopReach,
    add_single_loop,
)
from puzzlekit.errors import UsageError
from puzzlekit_masyu.accept import fits_some, solves
from puzzlekit_masyu.board import Board, arms_of
from puzzlekit_masyu.rules import (
    KIND_OF_PEARL,
    LADDER,
    LOOKAHEAD,
    LOOP_REACH,
    NONE_FITS,
    WHITE_KIND,
    Pearl,
    mark_words,
)
from puzzlekit_masyu.sat import encode

KIND_OF = KIND_OF_PEARL
PEARL_OF = {kind: colour for colour, kind in KIND_OF.items()}


def build_model(
    board: Board, slots: Iterable[int] | None = None, visit: bool = True, closing: bool = False
) -> tuple[Model, dict[int, int]]:
    """The model of ``board``: a pearl propagator per slot cell (``Idle`` where the cell
    has no pearl; the pearls' cells by default), the single loop, the lookahead.  Returns
    it with each slot's propagator index.  ``visit`` marks the pearls' nodes as ones the
    loop must pass (``Masyu.build``'s model, whose rule counts players see).  ``closing``
    adds a ``ClosingCheck`` (last but the lookahead), for a model whose pearls change
    under a live engine (``MasyuClues.readers``)."""
    model = Model(LADDER)
    model.add_vars(board.n_edges, BOOL)
    cells = board.rows * board.cols
    index = {}
    for cell in sorted(board.pearls) if slots is None else slots:
        pearl = Pearl(board, cell, KIND_OF.get(board.pearls.get(cell, ""), WHITE_KIND))
        index[cell] = model.add(pearl if cell in board.pearls else Idle(pearl))
    chains = add_single_loop(
        model,
        board.loop,
        finishes(lambda: board),
        visit=[visit and cell in board.pearls for cell in range(cells)],
        required=[board.loop.node_edges[cell] for cell in sorted(board.pearls)],
        rules=(NODE_DEGREE, NO_EARLY_LOOP, LOOP_REACH),
    )
    if closing:
        model.add(ClosingCheck(chains, NO_EARLY_LOOP))
    model.add(Lookahead(LOOKAHEAD, probe_rung=2, describe=mark_words))
    model.leaf_check = lambda values: solves(board, values)
    return model, index


def finishes(board: Callable[[], Board]) -> Callable[[list[int], int], bool]:
    """Closing the only chain finishes the puzzle when the closed loop satisfies everything
    (the board as it stands when asked)."""

    def done(dom: list[int], edge: int) -> bool:
        now = board()
        node_edges = now.loop.node_edges
        for cell in now.pearls:  # cheap first: the loop passes every pearl
            if sum(1 for e in node_edges[cell] if dom[e] == TRUE or e == edge) != 2:
                return False
        return solves(now, [1 if d == TRUE or e == edge else 0 for e, d in enumerate(dom)])

    return done


class Required(Collection[Sequence[int]]):
    """The edges round each pearl of ``board`` as it stands, in cell order: the loop
    reach's groups, read at each of its runs rather than rebuilt at each change of a pearl."""

    def __init__(self, board: Board) -> None:
        self.board = board

    def __iter__(self) -> Iterator[Sequence[int]]:
        node_edges = self.board.loop.node_edges
        return (node_edges[cell] for cell in sorted(self.board.pearls))

    def __len__(self) -> int:
        return len(self.board.pearls)

    def __contains__(self, group: object) -> bool:
        return any(group == g for g in self)


class MasyuClues(ClueModel):
    """A board's model with a slot per cell of ``slots`` (its pearls' cells by default).

    A slot holds a white pearl (clue 1), a black one (2), nothing (None or 0), or, for
    proving a removal (``Masyu.clue_values``), the rule that no pearl fits there (3)."""

    def __init__(self, board: Board, slots: Iterable[int] | None = None) -> None:
        self.board = Board(board.rows, board.cols, dict(board.pearls))
        """The pearls as they stand (the model's closures read this board)."""
        self.kinds = {cell: KIND_OF[colour] for cell, colour in board.pearls.items()}
        self.model, self.index = build_model(self.board, slots, visit=False, closing=True)
        self.model.cnf = lambda: encode(self.board, self._none_fits())  # as they stand when search starts
        self.model.leaf_check = self._solves
        props = self.model.propagators
        self.reach_index = next(i for i, p in enumerate(props) if isinstance(p, LoopReach))
        reach = props[self.reach_index]
        assert isinstance(reach, LoopReach)
        self.reach: LoopReach = reach
        self.closing = next(i for i, p in enumerate(props) if isinstance(p, ClosingCheck))
        self._made: dict[tuple[int, ...], Pearl] = {}
        self._relink()

    def readers(self, position: Any) -> Sequence[int]:
        """The slot's pearl and those of the cells around it (their rules read its pearl;
        ``set_cell`` swaps them all), the loop reach (whose required cells the pearls
        are) and the closing check (the no-early-loop guard asks whether closing the loop
        finishes the puzzle once, when the chain forms, and keeps count of the lines it
        has seen, so it is not woken).  Every one is stateless: safe to wake again."""
        cell = position[0] * self.board.cols + position[1]
        index = self.index
        near = [index[x] for x in (cell, *self.board.grid.around[cell]) if x in index]
        return [*near, self.reach_index, self.closing]

    def set_clue(self, position: tuple[int, int], clue: int | None) -> None:
        cols = self.board.cols
        self.set_cell(position[0] * cols + position[1], clue or 0)

    def set_cell(self, cell: int, kind: int) -> None:
        """``set_clue`` by cell: 0 nothing, else ``WHITE_KIND``, ``BLACK_KIND`` or ``NONE_FITS``."""
        slot = self.index.get(cell)
        if slot is None:
            raise UsageError(f"{self.board.cell_name(cell)} has no pearl slot in this model")
        if self.kinds.get(cell, 0) == kind:
            return
        pearl = self._pearl(cell, kind or WHITE_KIND)
        self.model.propagators[slot] = pearl if kind else Idle(pearl)
        if kind:
            self.kinds[cell] = kind
        else:
            del self.kinds[cell]
        if kind in PEARL_OF:
            self.board.pearls[cell] = PEARL_OF[kind]
        else:
            self.board.pearls.pop(cell, None)
        for neighbour in self.board.grid.around[cell]:  # their rules read this cell's pearl
            other = self.kinds.get(neighbour, 0)
            if other and neighbour in self.index:
                self.model.propagators[self.index[neighbour]] = self._pearl(neighbour, other)

    def _pearl(self, cell: int, kind: int) -> Pearl:
        """The propagator of a ``kind`` pearl at ``cell`` beside the pearls as they stand,
        made once per layout (it reads its neighbours' pearls when made, and nothing of
        the board after but names): a generator sets thousands of cells back and forth."""
        around = self.board.grid.around[cell]
        key = (cell, kind, *(self.kinds.get(n, 0) if n >= 0 else 0 for n in around))
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = Pearl(self.board, cell, kind)
        return made

    def _none_fits(self) -> list[int]:
        return [cell for cell, kind in self.kinds.items() if kind == NONE_FITS]

    def _solves(self, values: list[int]) -> bool:
        """A solution of the pearls as they stand, fitting no pearl where none may fit."""
        arms = arms_of(self.board.rows, self.board.cols)
        return solves(self.board, values) and not any(fits_some(arms[cell], values) for cell in self._none_fits())

    def _relink(self) -> None:
        """The cells the loop must reach: the pearls, read when the loop reach runs."""
        self.reach.required = Required(self.board)

    def instance(self) -> Board:
        return Board(self.board.rows, self.board.cols, dict(self.board.pearls))


__all__ = ["NONE_FITS", "MasyuClues", "build_model", "finishes"]
