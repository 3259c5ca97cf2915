"""Hashiwokakero level text: the clue grid and the bridge map, read and written.

Clue grid: R rows of C characters, ``1``-``8`` an island, ``?`` an island
without a number, ``.`` water.  Bridge map (a state or a solution): the same
grid with bridges over the water, ``-`` ``=`` single/double horizontal and
``|`` ``"`` single/double vertical (``H`` is read as ``"`` too); an island
drawn ``O`` takes its clue from the bridges drawn at it.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit import Block
from puzzlekit.core import is_fixed, value_of
from puzzlekit.errors import LevelError, LevelErrors
from puzzlekit_hashi.board import NO_CLUE, Board

MAX_SIDE = 200  # about 250 MB of solver state at the largest; real puzzles stay far below
ALL = 0b111  # 0, 1 or 2 bridges
HORIZONTAL = {"-": 1, "=": 2}
VERTICAL = {"|": 1, '"': 2, "H": 2}
BRIDGE_CHARS = set(HORIZONTAL) | set(VERTICAL)
DERIVED = "O"


def _grid(block: Block) -> list[str]:
    rows = block.padded()
    if len(rows) > MAX_SIDE or len(rows[0]) > MAX_SIDE:
        raise block.error(0, 0, f"boards are limited to {MAX_SIDE}x{MAX_SIDE}")
    return rows


def _islands(block: Block, rows: list[str]) -> tuple[list[tuple[int, int]], list[int], bool]:
    """Islands, their clues as written (NO_CLUE for '?' and 'O'), and whether any is 'O'."""
    islands: list[tuple[int, int]] = []
    clues: list[int] = []
    derived = False
    errors: list[LevelError] = []  # every bad character, so one pass mends them all
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if "1" <= ch <= "8":
                islands.append((r, c))
                clues.append(ord(ch) - 48)
            elif ch in "?" + DERIVED:
                islands.append((r, c))
                clues.append(NO_CLUE)
                derived = derived or ch == DERIVED
            elif ch in "09":
                errors.append(
                    block.error(r, c, f"an island's clue is 1-8 (two bridges to each of four neighbours), found {ch}")
                )
            elif ch not in ". " and ch not in BRIDGE_CHARS:
                shown = repr(ch)
                errors.append(
                    block.error(r, c, f"expected an island 1-8 or '?', water '.', or a bridge, found {shown}")
                )
        if len(errors) > LevelErrors.MAX_REPORTED:
            break
    LevelErrors.raise_any(errors)
    return islands, clues, derived


def parse_board(block: Block) -> Board:
    """The puzzle in either form; a map with 'O' islands takes those clues from its bridges."""
    rows = _grid(block)
    islands, clues, derived = _islands(block, rows)
    if not islands:
        raise block.error(0, 0, "a Hashiwokakero board needs at least one island (1-8 or '?')")
    board = Board(len(rows), len(rows[0]), tuple(islands), tuple(clues))
    drawn = any(ch in BRIDGE_CHARS for row in rows for ch in row)
    # A map's bridges must make sense even when it is read as a puzzle.
    counts = _bridges(block, board, rows) if drawn or derived else []
    if derived:
        sums = [0] * board.n_islands
        for e, (a, b) in enumerate(board.edges):
            n = counts[e] or 0
            sums[a] += n
            sums[b] += n
        for i, (r, c) in enumerate(islands):
            if rows[r][c] == DERIVED and not sums[i]:
                raise block.error(r, c, "an 'O' island takes its clue from its bridges, but none are drawn at it")
        new = tuple(sums[i] if rows[r][c] == DERIVED else clues[i] for i, (r, c) in enumerate(islands))
        board = Board(board.rows, board.cols, board.islands, new)
    return board


def parse_state(block: Block, board: Board) -> list[int]:
    """Bridges drawn as domains: a drawn pair is fixed, an undrawn one stays open."""
    rows = _grid(block)
    if (len(rows), len(rows[0])) != (board.rows, board.cols):
        raise block.error(0, 0, f"the state is {len(rows[0])}x{len(rows)} but the puzzle is {board.cols}x{board.rows}")
    islands, clues, _ = _islands(block, rows)
    if tuple(islands) != board.islands:
        extra = [cell for cell in islands if cell not in board.island_at]
        if extra:
            raise block.error(*extra[0], "the state has an island here that the puzzle does not")
        r, c = next(cell for cell in board.islands if cell not in set(islands))
        raise block.error(r, c, "the puzzle has an island here that the state does not")
    for i, clue in enumerate(clues):
        if clue != NO_CLUE and clue != board.clues[i]:
            r, c = islands[i]
            raise block.error(r, c, f"the state shows clue {clue} where the puzzle has {board.clues[i]}")
    counts = _bridges(block, board, rows)
    return [ALL if n is None or n == 0 else 1 << n for n in counts]


def _touching(block: Block, board: Board) -> dict[int, int]:
    """Bridges between islands that touch, from ``# touching: r1c1-r1c2=2 ...``.

    Touching islands have no water to draw on, so a map names those bridges in
    its metadata (the writer does so whenever there are any)."""
    text = block.meta.get("touching", "")
    line = block.meta_lines.get("touching", block.first_line)
    names = {board.edge_name(e).replace("\u2013", "-"): e for e, cells in enumerate(board.water) if not cells}
    found: dict[int, int] = {}
    for item in text.replace(",", " ").split():
        pair, _, count = item.partition("=")
        if pair not in names or count not in ("0", "1", "2"):
            raise LevelError(
                block.source, line, 1, f"'# touching:' expects pairs of touching islands like r1c1-r1c2=2, not {item!r}"
            )
        found[names[pair]] = int(count)
    return found


def finished(board: Board, dom: Sequence[int]) -> list[int]:
    """A bridge map read as a finished attempt: unmarked pairs carry no bridge, except
    touching pairs (nothing can be drawn between them), which a number decides when
    every other pair of its island is known.  Repeats until stable, so a chain of
    touching islands is followed along."""
    counts: list[int | None] = [
        value_of(d) if is_fixed(d) else (None if not board.water[e] else 0) for e, d in enumerate(dom)
    ]
    changed = True
    while changed:
        changed = False
        for e, n in enumerate(counts):
            if n is not None:
                continue
            for island in board.edges[e]:
                clue = board.clues[island]
                others = [f for f in board.island_edges[island] if f != e]
                if clue == NO_CLUE or any(counts[f] is None for f in others):
                    continue
                rest = clue - sum(counts[f] or 0 for f in others)
                if 0 <= rest <= 2:
                    counts[e] = rest
                    changed = True
                    break
    return [n or 0 for n in counts]


def _bridges(block: Block, board: Board, rows: list[str]) -> list[int | None]:
    """Bridges per pair as drawn (0 over open water; touching pairs from ``# touching:``,
    None where it does not say)."""
    counts: list[int | None] = [None] * board.n_edges
    for e, cells in enumerate(board.water):
        marks = HORIZONTAL if board.horizontal[e] else VERTICAL
        seen: int | None = None
        for i, (r, c) in enumerate(cells):
            ch = rows[r][c]
            n = marks.get(ch, 0)
            if i == 0:
                seen = n
            elif n != seen:
                raise block.error(r, c, f"a bridge between {board.edge_name(e)} breaks off here")
        counts[e] = seen if cells else None
    for e, n in _touching(block, board).items():
        counts[e] = n
    # Every bridge character must lie on a pair of its own direction.
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in BRIDGE_CHARS:
                on = board.edge_over.get((r, c), ())
                wanted = [e for e in on if board.horizontal[e] == (ch in HORIZONTAL)]
                if not wanted:
                    way = "horizontal" if ch in HORIZONTAL else "vertical"
                    raise block.error(r, c, f"a {way} bridge {ch!r} here does not join two islands")
    return counts


def write_clue_grid(board: Board) -> list[str]:
    out = [["."] * board.cols for _ in range(board.rows)]
    for (r, c), clue in zip(board.islands, board.clues):
        out[r][c] = "?" if clue == NO_CLUE else str(clue)
    return ["".join(row) for row in out]


def write_map(board: Board, dom: Sequence[int]) -> list[str]:
    """The bridge map: every pair fixed at 1 or 2 is drawn; anything else is water.
    Bridges between touching islands go in a ``# touching:`` line above the grid."""
    out = [list(row) for row in write_clue_grid(board)]
    touching = [
        f"{board.edge_name(e).replace(chr(0x2013), '-')}={value_of(dom[e])}"
        for e, cells in enumerate(board.water)
        if not cells and dom[e] in (0b010, 0b100)
    ]
    for e, cells in enumerate(board.water):
        d = dom[e]
        if d & (d - 1) or d == 1:
            continue
        n = value_of(d)
        ch = ("-" if n == 1 else "=") if board.horizontal[e] else ("|" if n == 1 else '"')
        for r, c in cells:
            out[r][c] = ch
    head = [f"# touching: {' '.join(touching)}"] if touching else []
    return head + ["".join(row) for row in out]
