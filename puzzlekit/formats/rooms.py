"""Whole puzz.link and pzprjs formats for genres whose puzzle is the board's regions and whose
answer is a shading (Norinori, LITS), or the regions with a number each (Heyawake:
``NumberedRoomsUrl``, ``NumberedRoomsPzpr``), and the pieces they share: the rooms of a
URL's border body, of a file in either of pzprjs's two ways (``pzprv3.1`` border blocks,
older ``pzprv3`` room numbers), and the shading block.

The level text is the regions as letters (``Regions.letters``), with the marks layer in
front when a file holds a shading (``#`` shaded, ``o`` marked unshaded)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from puzzlekit.formats import cells, puzzlink, pzpr, pzprfile, regions
from puzzlekit.formats.codec import error_at, level_text
from puzzlekit.genre import Genre
from puzzlekit.grid import RectGrid, Regions, join_layers, write_grid
from puzzlekit.puzzle import Puzzle

SHADING = {"#": "#", "+": "o", ".": "."}
"""pzprjs's shading values as level tokens."""


def url_rooms(source: str, url: puzzlink.PuzzLinkUrl, title: str, word: str = "region") -> tuple[Regions, int]:
    """The regions a URL's border body draws (flags refused) and where the body goes on."""
    if url.flags:
        raise error_at(source, url.flags_at, f"{title} URLs have no variant flags, found {url.flags!r}")
    walls, used = regions.decode_border(source, url.body, url.body_at, url.cols, url.rows)
    return Regions.from_walls(RectGrid(url.rows, url.cols), walls, word), used


def file_rooms(f: pzprfile.PzprFile, word: str = "region") -> Regions:
    """A file's regions: border blocks in ``pzprv3.1`` files, room numbers in older ones."""
    grid = RectGrid(f.rows, f.cols)
    if f.version >= 1:
        return Regions(grid, cells.read_borders(f, f.rows, f.cols) or [0] * grid.n_cells, word)
    return Regions(grid, regions.read_room_ids(f), word)


def with_marks(f: pzprfile.PzprFile, rows: list[str], marks: Mapping[str, str] = SHADING) -> list[str]:
    """``rows`` with the file's shading block as a layer in front, when the file goes on."""
    if f.at_end():
        return rows
    tokens = regions.read_cells(f, "the shading", dict(marks))
    return join_layers(write_grid(RectGrid(f.rows, f.cols), tokens), rows)


class RoomsUrl(puzzlink.PuzzLinkFormat):
    """puzz.link URLs whose body is the regions' borders alone (Norinori, LITS): a subclass
    sets ``name``, ``genres``, ``pids``, ``title`` and ``summary``; the genre's instance has
    ``grid`` and ``regions``."""

    title: ClassVar[str]

    def read(self, source: str, genre: Genre) -> str:
        url = puzzlink.parse_genre(source, self.pids, self.title)
        rooms, used = url_rooms(source, url, self.title)
        if used < len(url.body):
            raise error_at(source, url.body_at + used, f"the borders end here but {url.body[used:][:10]!r} follows")
        return level_text(write_grid(rooms.grid, rooms.letters()), {"url": source.strip()})

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        grid: RectGrid = puzzle.instance.grid
        body = regions.encode_border(puzzle.instance.regions.walls, grid.cols, grid.rows)
        return puzzlink.build(self.pids[0], grid.cols, grid.rows, body)


class RoomsPzpr(pzprfile.PzprFormat):
    """pzprjs files of the regions, then the player's shading (written as ``pzprv3.1``: border
    blocks; older room-number files are read too).  Set as for :class:`RoomsUrl`."""

    summary = "pzprjs files (pzprv3.1, or the older pzprv3), with or without the player's shading"
    title: ClassVar[str]

    def read(self, source: str, genre: Genre) -> str:
        f = pzprfile.open_genre(source, self.pids, self.title)
        if f.at_end():  # pzprjs's new, empty board: one region
            return level_text(write_grid(RectGrid(f.rows, f.cols), ["a"] * f.rows * f.cols))
        rooms = file_rooms(f)
        return level_text(with_marks(f, write_grid(rooms.grid, rooms.letters())))

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        owner, grid = puzzle.instance.regions.owner, puzzle.instance.grid
        blocks = cells.border_blocks(owner, grid.rows, grid.cols)
        blocks += [regions.shading_block(state, grid.n_cells, grid.cols)]
        return pzprfile.write(self.pids[0], grid.rows, grid.cols, blocks, version=1)


# -- rooms with a number each (Heyawake) ------------------------------------------------------


def numbered_rows(rooms: Regions, numbers: Mapping[int, int]) -> list[str]:
    """The level rows ``clues | rooms`` of ``numbers`` (by cell) on ``rooms``."""
    tokens = [str(numbers[c]) if c in numbers else "." for c in range(rooms.grid.n_cells)]
    clues = write_grid(rooms.grid, tokens, separated=any(len(t) > 1 for t in tokens))
    return join_layers(clues, write_grid(rooms.grid, rooms.letters()))


class NumberedRoomsUrl(puzzlink.PuzzLinkFormat):
    """puzz.link URLs of the rooms' borders, then a Number16 per room (Heyawake); the
    genre's instance is a ``grid.RoomNumbers``.  Set as for :class:`RoomsUrl`."""

    title: ClassVar[str]

    def read(self, source: str, genre: Genre) -> str:
        url = puzzlink.parse_genre(source, self.pids, self.title)
        rooms, used = url_rooms(source, url, self.title, "room")
        clues = pzpr.decode_number16(source, url.body[used:], url.body_at + used, rooms.n)
        numbers = {rooms.top(clue.cell): clue.value for clue in clues if clue.value >= 0}
        return level_text(numbered_rows(rooms, numbers), {"url": source.strip()})

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board, grid = puzzle.instance, puzzle.instance.grid
        numbers = [pzpr.BLANK if n is None else n for n in board.numbers]
        body = regions.encode_border(board.rooms.walls, grid.cols, grid.rows) + pzpr.encode_number16(numbers)
        return puzzlink.build(self.pids[0], grid.cols, grid.rows, body)


class NumberedRoomsPzpr(pzprfile.PzprFormat):
    """pzprjs files of the rooms, their numbers and the player's shading (written as
    ``pzprv3.1``; older files, room numbers in place of borders, are read too)."""

    summary = "pzprjs files (pzprv3.1, or the older pzprv3), with or without the player's shading"
    title: ClassVar[str]

    def read(self, source: str, genre: Genre) -> str:
        f = pzprfile.open_genre(source, self.pids, self.title)
        grid = RectGrid(f.rows, f.cols)
        if f.at_end():  # pzprjs's new, empty board: one room, no numbers
            return level_text(numbered_rows(Regions(grid, [0] * grid.n_cells, "room"), {}))
        rooms = file_rooms(f, "room")
        clues = regions.read_cells(f, "the numbers", {".": ".", "-": "."}, range(0, 1000))
        return level_text(with_marks(f, numbered_rows(rooms, {c: int(t) for c, t in enumerate(clues) if t != "."})))

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board, grid = puzzle.instance, puzzle.instance.grid
        numbers = ["."] * grid.n_cells
        for room, n in board.numbered():
            numbers[board.spots[room]] = str(n)
        blocks = cells.border_blocks(board.rooms.owner, grid.rows, grid.cols)
        blocks += [regions.cell_block(numbers, grid.cols), regions.shading_block(state, grid.n_cells, grid.cols)]
        return pzprfile.write(self.pids[0], grid.rows, grid.cols, blocks, version=1)
