"""Star Battle as puzz.link URLs (``starbattle/COLS/ROWS/K/BORDER``: the stars per region,
then the regions' borders) and pzprjs files (``pzprv3``: the stars, the room numbers, the
stars placed)."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlekit import Genre, Puzzle
from puzzlekit.formats import is_number, puzzlink, pzprfile, regions
from puzzlekit.formats.codec import error_at, level_text
from puzzlekit.grid import RectGrid, Regions, join_layers, write_grid

PIDS = ("starbattle",)


def _text(rooms: Regions, stars: int, marks: list[str] | None = None, url: str = "") -> str:
    rows = [write_grid(rooms.grid, rooms.letters())]
    if marks is not None:
        rows.insert(0, write_grid(rooms.grid, marks))
    return level_text(join_layers(*rows), {"stars": str(stars), **({"url": url} if url else {})})


class StarBattleUrl(puzzlink.PuzzLinkFormat):
    name, genres, pids = "starbattle-puzzlink", ("starbattle",), PIDS
    summary = "puzz.link URLs, https://puzz.link/p?starbattle/COLS/ROWS/STARS/BODY"

    def read(self, source: str, genre: Genre) -> str:
        url = puzzlink.parse_genre(source, self.pids, "Star Battle")
        if url.flags:
            raise error_at(source, url.flags_at, f"Star Battle URLs have no variant flags, found {url.flags!r}")
        stars, _, body = url.body.partition("/")
        if not (is_number(stars) and len(stars) < 3 and int(stars) > 0):
            raise error_at(source, url.body_at, f"expected the stars per region (1-99) here, found {stars[:10]!r}")
        at = url.body_at + len(stars) + 1
        walls, used = regions.decode_border(source, body, at, url.cols, url.rows)
        if used < len(body):
            raise error_at(source, at + used, f"the borders end here but {body[used:][:10]!r} follows")
        return _text(Regions.from_walls(RectGrid(url.rows, url.cols), walls), int(stars), url=source.strip())

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board, grid = puzzle.instance, puzzle.instance.grid
        body = f"{board.stars}/" + regions.encode_border(board.regions.walls, grid.cols, grid.rows)
        return puzzlink.build(PIDS[0], grid.cols, grid.rows, body)


class StarBattlePzpr(pzprfile.PzprFormat):
    name, genres, pids = "starbattle-pzpr", ("starbattle",), PIDS
    summary = "pzprjs files (pzprv3), with or without the player's stars"

    def read(self, source: str, genre: Genre) -> str:
        f = pzprfile.open_genre(source, self.pids, "Star Battle")
        if f.at_end():  # pzprjs's new, empty board: one region, one star
            return _text(Regions(RectGrid(f.rows, f.cols), [0] * f.rows * f.cols), 1)
        (count,) = f.block(1, 1, "the stars per region")[0]
        if not (is_number(count.text) and len(count.text) < 3 and int(count.text) > 0):
            raise f.error(count, f"expected the stars per region (1-99), found {count.text[:10]!r}")
        rooms = Regions(RectGrid(f.rows, f.cols), regions.read_room_ids(f))
        marks = None if f.at_end() else regions.read_cells(f, "the stars", {"#": "*", "+": "x", ".": "."})
        return _text(rooms, int(count.text), marks)

    def write(self, puzzle: Puzzle, state: Sequence[int] | None = None) -> str:
        board, grid = puzzle.instance, puzzle.instance.grid
        count, ids = regions.room_id_lines(board.regions.owner, grid.cols)
        blocks = [ids, regions.shading_block(state, grid.n_cells, grid.cols)]
        return pzprfile.write(PIDS[0], grid.rows, grid.cols, blocks, flags=(str(board.stars), count))


FORMATS = (StarBattleUrl, StarBattlePzpr)
