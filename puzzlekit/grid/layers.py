"""Level text of several layers side by side, and metadata a puzzle depends on.

A region genre's board is two grids of one size: the clues and the regions.  Written side
by side, each row holds its layers separated by ``|`` (spaces around it are optional)::

    # stars: 1
    . . 2 | a a b
    . . . | a b b

``layers`` splits a block into one block per layer whose rows keep their place in the file
(``Block.offsets``), so ``read_grid`` and every ``block.error`` point at the right column.
A puzzle's own numbers that are not cells (Star Battle's stars per region) are metadata:
a genre reads them with ``meta_number`` and writes them back as leading rows of ``write``
(``meta_rows``), which the level writer turns into ``# key: value`` lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from puzzlekit.errors import LevelError, LevelErrors
from puzzlekit.formats.level import Block, is_number
from puzzlekit.grid.text import read_grid
from puzzlekit.grid.topology import RectGrid

SEPARATOR = "|"


def layers(block: Block, names: Sequence[str]) -> tuple[Block, ...]:
    """The block's rows cut at ``|`` into one block per name (``("clues", "regions")``);
    a row with another number of layers is a located error naming them."""
    count = len(names)
    rows: list[list[str]] = [[] for _ in names]
    offsets: list[list[int]] = [[] for _ in names]
    errors: list[LevelError] = []
    for r, row in enumerate(block.rows):
        parts = row.split(SEPARATOR)
        if len(parts) != count:
            at = sum(len(p) + 1 for p in parts[:count]) - 1 if len(parts) > count else len(row)
            shown = " | ".join(names)
            errors.append(block.error(r, at, f"expected {count} layers side by side ({shown}), found {len(parts)}"))
            continue
        start = block.offsets[r] if r < len(block.offsets) else 0
        for i, part in enumerate(parts):
            lead = len(part) - len(part.lstrip())
            rows[i].append(part.strip())
            offsets[i].append(start + lead)
            start += len(part) + 1
    LevelErrors.raise_any(errors)
    return tuple(
        Block(
            block.source,
            rows[i],
            list(block.lines),
            block.meta,
            block.comments,
            block.meta_lines,
            block.index,
            offsets[i],
        )
        for i in range(count)
    )


def join_layers(*grids: Sequence[str]) -> list[str]:
    """Rows of several layers side by side, ``" | "`` between them (``layers`` reads them)."""
    return [" | ".join(parts) for parts in zip(*grids)]


def meta_number(block: Block, key: str, default: int, numbers: range) -> int:
    """The block's ``# key: N`` as a number in ``numbers`` (``default`` without the line);
    a located error at that line for anything else."""
    text = block.meta.get(key)
    if text is None:
        return default
    if not (is_number(text) and len(text) < 7 and int(text) in numbers):
        line = block.meta_lines.get(key, block.first_line)
        wanted = f"a number {numbers.start}-{numbers.stop - 1}"
        raise LevelError(block.source, line, 1, f"'# {key}:' is {wanted}, not {text[:12]!r}")
    return int(text)


def meta_rows(meta: Mapping[str, object]) -> list[str]:
    """Leading rows for ``Genre.write`` that the level writer keeps as ``# key: value``
    metadata (and reads back into ``Block.meta``): what the puzzle depends on, written with it."""
    return [f"# {key}: {value}" for key, value in meta.items()]


def board_rows(rows: Sequence[str]) -> list[str]:
    """``write``'s rows without the leading metadata rows (``meta_rows``): the board alone,
    for a format that writes the board and the metadata apart."""
    out = list(rows)
    while out and out[0].startswith("# "):
        out.pop(0)
    return out


def read_layered(block: Block, names: Sequence[str], marks: str = "marks") -> tuple[Block | None, tuple[Block, ...]]:
    """A puzzle's layers (``names``), or a state: a ``marks`` layer in front of them.
    ``(the marks layer or None, the puzzle's layers)``, told apart by how many there are."""
    if block.rows and block.rows[0].count(SEPARATOR) == len(names):
        blocks = layers(block, (marks, *names))
        return blocks[0], blocks[1:]
    return None, layers(block, names)


def read_marks(marks: Block | None, legend: Mapping[str, str], grid: RectGrid) -> list[str] | None:
    """A state's marks layer (``read_layered``'s first) as one token per cell, each in
    ``legend`` (glyph to words) and the layer the board's size; None without one.  A genre
    calls it from ``parse`` too, so a puzzle file with bad marks is refused where they are."""
    if marks is None:
        return None
    read = read_grid(marks, legend)
    if (read.grid.rows, read.grid.cols) != (grid.rows, grid.cols):
        found, wanted = f"{read.grid.cols}x{read.grid.rows}", f"{grid.cols}x{grid.rows}"
        raise marks.error(0, 0, f"the marks are {found} but the board is {wanted}")
    return list(read.tokens)
