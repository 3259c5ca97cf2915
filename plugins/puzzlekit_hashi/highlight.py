"""Where a Hashiwokakero picture puts emphasis: read from violations and a hint.

An island's violation (its pairs) rings the island, red when it is wrong and
amber while it is only short; a crossing rings the water cell where two
bridges cross.  Bridges turn red only where they are themselves the trouble:
too many at an island, bridges that cross.  A hinted pair is green.  The SVG
and the terminal view both read this, so they agree on what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzlekit.core import Violation, state_values
from puzzlekit.pictures import Emphasis, Tone, strongest, tone_of
from puzzlekit_hashi.board import NO_CLUE, Board


@dataclass(frozen=True)
class Highlights:
    islands: dict[int, Tone]
    """Islands whose bridge count is wrong or still short."""
    crossings: dict[tuple[int, int], Tone]
    """Water cells (row, col) where drawn bridges cross."""
    pairs: Emphasis
    """Pairs coloured: the bridges that break a rule, and the hinted pairs."""

    @classmethod
    def of(
        cls, board: Board, dom: Sequence[int] | None, violations: Sequence[Violation], hint: Sequence[int]
    ) -> Highlights:
        # Read as ``check`` reads a state: an open pair counts as its smallest value.
        counts = state_values(dom) if dom is not None else [0] * board.n_edges
        islands_at: dict[frozenset[int], list[int]] = {}
        for island, pairs in enumerate(board.island_edges):
            islands_at.setdefault(frozenset(pairs), []).append(island)
        cell_of = {frozenset((h, v)): cell for h, v, cell in board.crossings}
        islands: dict[int, Tone] = {}
        crossings: dict[tuple[int, int], Tone] = {}
        culprits: list[Violation] = []
        for v in violations:
            where = frozenset(v.variables)
            if v.kind == "island":
                for island in _whose(board, islands_at.get(where, []), counts):
                    islands[island] = strongest((islands.get(island, "normal"), tone_of(v)))
                    if _total(board, island, counts) > board.clues[island]:
                        culprits.append(v)
            elif v.kind == "crossing" and where in cell_of:
                crossings[cell_of[where]] = tone_of(v)
                culprits.append(v)
            elif not v.unfinished and v.kind != "groups":
                culprits.append(v)
        return cls(islands, crossings, Emphasis.of(culprits, hint))


def _total(board: Board, island: int, counts: Sequence[int]) -> int:
    return sum(counts[e] for e in board.island_edges[island])


def _whose(board: Board, candidates: list[int], counts: Sequence[int]) -> list[int]:
    """The islands an island violation is about.  Two islands joined only to each
    other share their pairs, so the variables alone can name both: keep those whose
    count is actually off."""
    off = [i for i in candidates if board.clues[i] != NO_CLUE and _total(board, i, counts) != board.clues[i]]
    return off or candidates
