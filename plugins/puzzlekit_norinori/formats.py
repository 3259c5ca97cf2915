"""Norinori as puzz.link URLs (``norinori/COLS/ROWS/BORDER``: the regions' borders) and
pzprjs files (``pzprv3.1``: borders, then the shading; older ``pzprv3`` files hold room
numbers instead of borders, and are read too)."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit import Genre, Puzzle
from puzzlekit.formats import cells, puzzlink, pzprfile, regions
from puzzlekit.formats.codec import error_at, level_text
from puzzlekit.grid import RectGrid, Regions, join_layers, write_grid

PIDS = ("norinori",)


class NorinoriUrl(puzzlink.PuzzLinkFormat):
    name, genres, pids = "norinori-puzzlink", ("norinori",), PIDS
    summary = "puzz.link URLs, https://puzz.link/p?norinori/COLS/ROWS/BODY"

    def read(self, source: str, genre: Genre) -> str:
        url = puzzlink.parse_genre(source, self.pids, "Norinori")
        if url.flags:
            raise error_at(source, url.flags_at, f"Norinori URLs have no variant flags, found {url.flags!r}")
        walls, used = regions.decode_border(source, url.body, url.body_at, url.cols, url.rows)
        if used < len(url.body):
            raise error_at(source, url.body_at + used, f"the borders end here but {url.body[used:][:10]!r} follows")
        rooms = Regions.from_walls(RectGrid(url.rows, url.cols), walls)
        return level_text(write_grid(rooms.grid, rooms.letters()), {"url": source.strip()})

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        grid = puzzle.instance.grid
        body = regions.encode_border(puzzle.instance.regions.walls, grid.cols, grid.rows)
        return puzzlink.build(PIDS[0], grid.cols, grid.rows, body)


class NorinoriPzpr(pzprfile.PzprFormat):
    name, genres, pids = "norinori-pzpr", ("norinori",), PIDS
    summary = "pzprjs files (pzprv3.1, or the older pzprv3), with or without the player's shading"

    def read(self, source: str, genre: Genre) -> str:
        f = pzprfile.open_genre(source, self.pids, "Norinori")
        grid = RectGrid(f.rows, f.cols)
        if f.at_end():  # pzprjs's new, empty board: one region
            return level_text(write_grid(grid, ["a"] * grid.n_cells))
        if f.version >= 1:
            owner = cells.read_borders(f, f.rows, f.cols)
            rooms = Regions(grid, owner or [0] * grid.n_cells)
        else:
            rooms = Regions(grid, regions.read_room_ids(f))
        rows = write_grid(grid, rooms.letters())
        if not f.at_end():
            marks = regions.read_cells(f, "the shading", {"#": "#", "+": "o", ".": "."})
            rows = join_layers(write_grid(grid, marks), rows)
        return level_text(rows)

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        owner, grid = puzzle.instance.regions.owner, puzzle.instance.grid
        blocks = cells.border_blocks(owner, grid.rows, grid.cols)
        blocks += [regions.shading_block(state, grid.n_cells, grid.cols)]
        return pzprfile.write(PIDS[0], grid.rows, grid.cols, blocks, version=1)


FORMATS = (NorinoriUrl, NorinoriPzpr)
