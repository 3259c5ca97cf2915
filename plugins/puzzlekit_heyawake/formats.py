"""Heyawake as puzz.link URLs (``heyawake``: the rooms' borders, then a Number16 per room)
and pzprjs files (``pzprv3.1``: borders, numbers, the shading; older ``pzprv3`` files hold
room numbers instead of borders, and are read too)."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit import Genre, Puzzle
from puzzlekit.formats import cells, puzzlink, pzpr, pzprfile, regions
from puzzlekit.formats.codec import level_text
from puzzlekit.formats.rooms import file_rooms, url_rooms, with_marks
from puzzlekit.grid import RectGrid, Regions, join_layers, write_grid

PIDS = ("heyawake",)


def _rows(rooms: Regions, numbers: dict[int, int]) -> list[str]:
    tokens = [str(numbers[c]) if c in numbers else "." for c in range(rooms.grid.n_cells)]
    clues = write_grid(rooms.grid, tokens, separated=any(len(t) > 1 for t in tokens))
    return join_layers(clues, write_grid(rooms.grid, rooms.letters()))


class HeyawakeUrl(puzzlink.PuzzLinkFormat):
    name, genres, pids = "heyawake-puzzlink", ("heyawake",), PIDS
    summary = "puzz.link URLs, https://puzz.link/p?heyawake/COLS/ROWS/BODY"

    def read(self, source: str, genre: Genre) -> str:
        url = puzzlink.parse_genre(source, self.pids, "Heyawake")
        rooms, used = url_rooms(source, url, "Heyawake", "room")
        clues = pzpr.decode_number16(source, url.body[used:], url.body_at + used, rooms.n)
        numbers = {rooms.top(clue.cell): clue.value for clue in clues if clue.value >= 0}
        return level_text(_rows(rooms, numbers), {"url": source.strip()})

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board, grid = puzzle.instance, puzzle.instance.grid
        numbers = [pzpr.BLANK if n is None else n for n in board.numbers]
        body = regions.encode_border(board.rooms.walls, grid.cols, grid.rows) + pzpr.encode_number16(numbers)
        return puzzlink.build(PIDS[0], grid.cols, grid.rows, body)


class HeyawakePzpr(pzprfile.PzprFormat):
    name, genres, pids = "heyawake-pzpr", ("heyawake",), PIDS
    summary = "pzprjs files (pzprv3.1, or the older pzprv3), with or without the player's shading"

    def read(self, source: str, genre: Genre) -> str:
        f = pzprfile.open_genre(source, self.pids, "Heyawake")
        grid = RectGrid(f.rows, f.cols)
        if f.at_end():  # pzprjs's new, empty board: one room, no numbers
            return level_text(_rows(Regions(grid, [0] * grid.n_cells, "room"), {}))
        rooms = file_rooms(f, "room")
        clues = regions.read_cells(f, "the numbers", {".": ".", "-": "."}, range(0, 1000))
        return level_text(with_marks(f, _rows(rooms, {c: int(t) for c, t in enumerate(clues) if t != "."})))

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board, grid = puzzle.instance, puzzle.instance.grid
        numbers = ["."] * grid.n_cells
        for room, n in board.numbered():
            numbers[board.spots[room]] = str(n)
        blocks = cells.border_blocks(board.rooms.owner, grid.rows, grid.cols)
        blocks += [regions.cell_block(numbers, grid.cols), regions.shading_block(state, grid.n_cells, grid.cols)]
        return pzprfile.write(PIDS[0], grid.rows, grid.cols, blocks, version=1)


FORMATS = (HeyawakeUrl, HeyawakePzpr)
