"""A tiny genre written against the public API only, for plugin-host tests.

"Onesum": a row of cells, each 0 or 1; ``1``/``0`` are givens, ``.`` is open,
and ``# sum: k`` says how many cells are 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from puzzlekit import Block, Genre, LevelError, Model, Propagator, Rule, Rung, Violation, hookimpl
from puzzlekit.core import BOOL, FALSE, TRUE
from puzzlekit.core.engine import Engine
from puzzlekit.genre import bundled_examples

SUM = Rule("row-sum", 1, "The row holds exactly k ones.")


class RowSum(Propagator):
    rule = SUM

    def __init__(self, n: int, total: int) -> None:
        self.watches = tuple(range(n))
        self.total = total

    def propagate(self, engine: Engine) -> bool:
        dom = engine.dom
        ones = sum(1 for d in dom if d == TRUE)
        open_ = [v for v, d in enumerate(dom) if d == BOOL]
        if ones > self.total or ones + len(open_) < self.total:
            return False
        if ones == self.total:
            return all(engine.set(v, FALSE) for v in open_)
        if ones + len(open_) == self.total:
            return all(engine.set(v, TRUE) for v in open_)
        return True


class Onesum(Genre):
    name = "onesum"
    aliases = ("ones",)
    summary = "Fill a row with ones and zeros so that it holds k ones."
    ladder = (Rung(1, "counting"),)
    rules = (SUM,)

    def parse(self, block: Block) -> tuple[list[int], int]:
        self.check_flags(block)
        if len(block.rows) != 1:
            raise block.error(1, 0, "onesum is one row")
        cells = []
        for col, ch in enumerate(block.rows[0]):
            if ch not in "01.":
                raise block.error(0, col, f"expected 0, 1 or '.', found {ch!r}")
            cells.append({"0": FALSE, "1": TRUE, ".": BOOL}[ch])
        try:
            total = int(block.meta.get("sum", ""))
        except ValueError:
            raise LevelError(block.source, block.first_line, 1, "onesum needs '# sum: k'") from None
        return cells, total

    def build(self, instance: tuple[list[int], int]) -> Model:
        cells, total = instance
        model = Model(self.ladder)
        for mask in cells:
            model.add_var(mask)
        model.add(RowSum(len(cells), total))
        return model

    def accept(self, instance: tuple[list[int], int], values: Sequence[int]) -> list[Violation]:
        cells, total = instance
        found = []
        if sum(values) != total:
            found.append(Violation("sum", f"the row holds {sum(values)} ones, not {total}"))
        for v, (mask, value) in enumerate(zip(cells, values)):
            if mask != BOOL and mask != 1 << value:
                found.append(Violation("given", f"cell {v + 1} is given", (v,)))
        return found

    def parse_state(self, instance: tuple[list[int], int], block: Block) -> list[int]:
        return self.parse(block)[0]

    def write(self, instance: tuple[list[int], int], dom: Sequence[int] | None = None) -> list[str]:
        cells = instance[0] if dom is None else dom
        return ["".join({FALSE: "0", TRUE: "1"}.get(d, ".") for d in cells)]

    def example_paths(self) -> list[Path]:
        return bundled_examples(Path(__file__).parent / "toy_examples")


@hookimpl
def puzzlekit_register_genres(registry: object) -> None:
    registry.add(Onesum())  # type: ignore[attr-defined]
