"""Akari, Nurikabe, Sudoku, Shikaku, Heyawake, Star Battle, Hitori, Kurodoko, Yajilin and Kakuro: the SAT
engine (``Genre.sat_encoding``, sharing no reasoning with the propagators) and propagation
with search agree on boards bigger than brute force reaches: the same status, and the same
solution when there is one."""

from __future__ import annotations

import os
import random
from collections.abc import Callable

import pytest

import puzzlekit
from puzzlekit.core import Status
from puzzlekit.core.rng import Rng
from puzzlekit.grid import RectGrid, Regions, cut_rectangles
from puzzlekit.host import make_host

pytest.importorskip("pysat")
HOST = make_host()
COUNT = int(os.environ.get("PUZZLEKIT_SAT_BOARDS", "8"))
"""Boards per genre (8 by default, quick; more for a longer run)."""


def akari(rng: random.Random) -> str:
    """A 10x10 board numbered from a random bulb layout, now and then a number left out."""
    from puzzlekit_akari.generate import solved

    grid = RectGrid(10, 10)
    black = {c for c in range(grid.n_cells) if rng.random() < 0.35}
    board = solved(grid, black, Rng(str(rng.random())))
    tokens = tuple("#" if t.isdigit() and rng.random() < 0.05 else t for t in board.tokens)
    return "# title: random\n" + "\n".join(HOST.genre("akari").write(type(board)(grid, tokens))) + "\n"


def nurikabe(rng: random.Random) -> str:
    """A random 9x9 solution's islands, each numbered at a random cell of it; a few times,
    while the propagators find a second solution, a number moves onto a cell it shades."""
    from puzzlekit_nurikabe.genre import Board, _layout

    grid = RectGrid(9, 9)
    sea = _layout(grid, Rng(str(rng.random())), rng.randint(2, 4)) or set()
    islands = grid.pieces(lambda c: c not in sea)
    at = [rng.choice(island) for island in islands]
    for _ in range(rng.randint(0, 12)):
        text = "\n".join(HOST.genre("nurikabe").write(Board(grid, dict(zip(at, map(len, islands)))))) + "\n"
        found = puzzlekit.solve("nurikabe", text, max_nodes=20_000, host=HOST).solutions
        other = next((s.values for s in found if {c for c, v in enumerate(s.values) if v} != sea), None)
        moves = [(i, c) for i, island in enumerate(islands) for c in island if other and other[c]]
        if not moves:
            break
        i, at[i] = rng.choice(moves)
    return "\n".join(HOST.genre("nurikabe").write(Board(grid, dict(zip(at, map(len, islands)))))) + "\n"


def sudoku(rng: random.Random) -> str:
    """A shuffled full 9x9 grid with 45 to 60 cells blanked; now and then a wrong given."""
    digits = list(range(1, 10))
    rng.shuffle(digits)
    cells = [digits[(r * 3 + r // 3 + c) % 9] for r in range(9) for c in range(9)]
    for cell in rng.sample(range(81), rng.randint(35, 58)):
        cells[cell] = 0
    if rng.random() < 0.25:
        cells[rng.randrange(81)] = rng.randint(1, 9)
    return "\n".join("".join(str(d) if d else "." for d in cells[r * 9 : r * 9 + 9]) for r in range(9)) + "\n"


def shikaku(rng: random.Random) -> str:
    """A 10x10 board cut into random rectangles, a number in each; now and then one off by one."""
    regions = cut_rectangles(10, 10, Rng(str(rng.random())), 12)
    numbers = {rng.choice(cells): len(cells) for cells in regions}
    if rng.random() < 0.25:
        cell = rng.choice(sorted(numbers))
        numbers[cell] = max(1, numbers[cell] + rng.choice((-1, 1)))
    return "\n".join(" ".join(str(numbers.get(r * 10 + c, ".")) for c in range(10)) for r in range(10)) + "\n"


def heyawake(rng: random.Random) -> str:
    """An 8x8 board of rooms of up to 2 cells cut round a random shading, every room numbered with its count;
    then some numbers left out (several solutions) and now and then one off by one."""
    from dataclasses import replace

    from puzzlekit.grid import RoomCutter, RoomNumbers

    g = HOST.genre("heyawake")
    board = RoomNumbers.cut(RoomCutter.round_shading(RectGrid(8, 8), Rng(str(rng.random())), 2))
    numbers = [n if rng.random() < 0.7 else None for n in board.numbers]
    if rng.random() < 0.25:
        room = rng.randrange(len(numbers))
        numbers[room] = max(0, (numbers[room] or 0) + rng.choice((-1, 1)))
    return "\n".join(g.write(replace(board, numbers=tuple(numbers)))) + "\n"


def starbattle(rng: random.Random) -> str:
    """An 8x8 board: half generated (unique, proven by the generator), half regions grown
    round a random star layout (one star each: usually several solutions); now and then a
    cell moved to another region."""
    from puzzlekit.generation import make_each

    g = HOST.genre("starbattle")
    if rng.random() < 0.5:
        seed = f"sat-{rng.randrange(1 << 30)}"
        (made,) = make_each(g, size=(8, 8), seed=seed, difficulty=rng.choice(("easy", "hard")), timeout=None, host=HOST)
        return made.text
    from puzzlekit_starbattle.genre import Board

    from puzzlekit.grid.starunits import planted_star_regions

    grid, owner = RectGrid(8, 8), None
    while owner is None:
        owner, _ = planted_star_regions(grid, 1, Rng(str(rng.random())))
    rows = g.write(Board(Regions(grid, owner), 1))
    if rng.random() < 0.25:
        r, c = rng.randrange(1, 9), rng.randrange(8)
        rows[r] = rows[r][:c] + rng.choice("abcdefgh") + rows[r][c + 1 :]
    return "\n".join(rows) + "\n"


def hitori(rng: random.Random) -> str:
    """An 8x8 board of random numbers 1-8 (usually none or several solutions), or one
    made by the generator's own steps (a shading, a Latin rectangle, numbers under it)."""
    from puzzlekit_hitori.genre import latin_rectangle, under_shaded

    from puzzlekit.grid.numbered import NumberBoard as Board

    g, grid = HOST.genre("hitori"), RectGrid(8, 8)
    if rng.random() < 0.3:
        return "\n".join(g.write(Board(grid, tuple(rng.randint(1, 8) for _ in range(64))))) + "\n"
    r = Rng(str(rng.random()))
    shaded = g.shading(grid, r)  # type: ignore[attr-defined]
    numbers = under_shaded(grid, latin_rectangle(grid, r), shaded, shaded, r)
    return "\n".join(g.write(Board(grid, tuple(numbers)))) + "\n"


def kurodoko(rng: random.Random) -> str:
    """An 8x8 board shaded at random, some unshaded cells numbered with their view (often
    several solutions), now and then a number off by one."""
    from puzzlekit.grid.numbered import NumberBoard as Board

    g, grid, r = HOST.genre("kurodoko"), RectGrid(8, 8), Rng(str(rng.random()))
    shaded = g.shading(grid, r, skip=(1, 2))  # type: ignore[attr-defined]
    numbers = [g.view(grid, shaded, c) if rng.random() < 0.3 else None for c in range(64)]  # type: ignore[attr-defined]
    if rng.random() < 0.25:
        cell = rng.randrange(64)
        numbers[cell] = max(1, (numbers[cell] or 2) + rng.choice((-1, 1)))
    return "\n".join(g.write(Board(grid, tuple(numbers)))) + "\n"


def yajilin(rng: random.Random) -> str:
    """A 7x7 board: half generated (unique), half a random loop with cells off it shaded
    apart at random and the rest arrows with their true count (often several solutions);
    now and then a number off by one."""
    from puzzlekit_yajilin.genre import Board

    from puzzlekit.generation import make_each
    from puzzlekit.grid import paths

    g, grid, r = HOST.genre("yajilin"), RectGrid(7, 7), Rng(str(rng.random()))
    if rng.random() < 0.5:
        seed = f"sat-{rng.randrange(1 << 30)}"
        (made,) = make_each(g, size=(7, 7), seed=seed, difficulty=rng.choice(("easy", "hard")), timeout=None, host=HOST)
        return made.text
    loop = paths.random_loop(grid, r, 0.45)
    off = [c for c in range(grid.n_cells) if not any(loop[e] for e in grid.loop.node_edges[c])]
    picked = {c for c in off if rng.random() < 0.6}
    shaded = {c for c in picked if not any(d in picked and d < c for d in grid.neighbours[c])}
    arrows = {c: rng.choice("^v<>") for c in off if c not in shaded}
    blank = Board(grid, tuple((arrows[c], 0) if c in arrows else None for c in range(grid.n_cells)))
    counts = {c: sum(y in shaded for y in blank.rays[c]) for c in arrows}
    if arrows and rng.random() < 0.25:
        cell = rng.choice(sorted(arrows))
        counts[cell] = max(0, counts[cell] + rng.choice((-1, 1)))
    clues = tuple((arrows[c], counts[c]) if c in arrows else None for c in range(grid.n_cells))
    return "\n".join(g.write(Board(grid, clues))) + "\n"


def kakuro(rng: random.Random) -> str:
    """A 7x7 board generated (unique), now and then a clue off by one (often none), or a
    random 6x6 layout with the sums of a random fill (usually several solutions; 7x7 ones,
    or off by one, can take each engine a minute to give up)."""
    from dataclasses import replace

    from puzzlekit.generation import make_each
    from puzzlekit.grid import fill_runs, run_layout, runs_of

    g, r = HOST.genre("kakuro"), Rng(str(rng.random()))
    if rng.random() < 0.5:
        seed = f"sat-{rng.randrange(1 << 30)}"
        (made,) = make_each(g, size=(7, 7), seed=seed, difficulty=rng.choice(("easy", "hard")), timeout=None, host=HOST)
        board = made.instance
        if rng.random() < 0.4:
            clue = rng.choice([c for c in range(board.grid.n_cells) if board.across[c]])
            across = list(board.across)
            across[clue] = min(45, max(1, across[clue] + rng.choice((-1, 1))))
            board = replace(board, across=tuple(across))
    else:
        grid = RectGrid(6, 6)
        white = run_layout(grid, r)
        runs = runs_of(grid, white, {}, {})
        values = fill_runs(grid, runs, r)
        board = g.board_of(grid, white, [replace(run, total=sum(values[c] for c in run.cells)) for run in runs])  # type: ignore[attr-defined]
    return "\n".join(g.write(board)) + "\n"


BOARDS: dict[str, Callable[[random.Random], str]] = {
    "akari": akari,
    "nurikabe": nurikabe,
    "sudoku": sudoku,
    "shikaku": shikaku,
    "heyawake": heyawake,
    "starbattle": starbattle,
    "hitori": hitori,
    "kurodoko": kurodoko,
    "yajilin": yajilin,
    "kakuro": kakuro,
}
BRUTE_BOARDS = {"starbattle": 40, "heyawake": 40, "hitori": 30, "kurodoko": 12, "yajilin": 30}
"""Small boards per genre for the SAT twin against brute force (80 unless here: their 4x4 boards,
65,536 assignments each, are a third of Star Battle's)."""


@pytest.mark.parametrize("genre", sorted(BOARDS))
def test_propagation_and_sat_agree_on_bigger_boards(genre: str) -> None:
    rng = random.Random(f"sat-{genre}")
    seen: set[Status] = set()
    for _ in range(COUNT):
        text = BOARDS[genre](rng)
        mine = puzzlekit.solve(genre, text, max_nodes=20_000, host=HOST)
        sat = puzzlekit.solve(genre, text, engine="sat", host=HOST)
        if Status.UNDECIDED in (mine.status, sat.status):
            continue
        assert sat.status == mine.status, text
        if mine.status != Status.MULTIPLE:
            assert [s.values for s in sat.solutions] == [s.values for s in mine.solutions], text
        seen.add(mine.status)
    assert Status.UNIQUE in seen and len(seen) > 1, seen


@pytest.mark.parametrize("genre", sorted(BOARDS))
def test_every_example_is_proven_by_both_engines(genre: str) -> None:
    """Each shipped example: the SAT engine finds the status its ``# expect`` says, and
    the solution the propagators find."""
    g = HOST.genre(genre)
    for path in g.example_paths():
        for p in puzzlekit.load(genre, path.read_text(), host=HOST):
            mine = puzzlekit.solve(genre, p, host=HOST)
            sat = puzzlekit.solve(genre, p, engine="sat", host=HOST)
            assert sat.status == mine.status == Status(p.expect()), (path, p.index)
            if mine.status == Status.UNIQUE:
                assert sat.solutions[0].values == mine.solutions[0].values, (path, p.index)


def test_solve_engine_sat_on_the_command_line() -> None:
    from click.testing import CliRunner

    from puzzlekit.cli.main import main

    for genre in sorted(BOARDS):
        example = HOST.genre(genre).example_paths()[0]
        out = CliRunner().invoke(main, ["solve", genre, str(example), "--engine", "sat", "--plain"])
        assert out.exit_code == 0, out.output
        assert "# status: unique" in out.output


def test_hidden_subsets_ignore_a_value_a_fixed_cell_holds() -> None:
    """Found by the SAT twin: the subsets rule counted a value already fixed in a cell of
    the house (while an open cell still listed it) as one to place, and called this
    board, which has many solutions, impossible."""
    board = "..9.24.67\n52..67.3.\n...1.9.24\n.9524.6.1\n248....95\n671395248\n9.....713\n.........\n7.39.....\n"
    for rung in (3, None):
        assert puzzlekit.solve("sudoku", board, max_rung=rung, host=HOST).status == Status.MULTIPLE
    assert puzzlekit.solve("sudoku", board, engine="sat", host=HOST).status == Status.MULTIPLE


@pytest.mark.parametrize("genre", sorted(BOARDS))
def test_sat_agrees_with_brute_force_on_small_boards(genre: str) -> None:
    """The SAT twin alone against enumerating every assignment through ``accept`` (the
    harness's brute force), on the genre's own small-board sampler."""
    from puzzlekit.engines.sat import solve_sat
    from puzzlekit.testing.checks import _brute_solutions

    g, rng = HOST.genre(genre), Rng(f"{genre}:sat-brute-force")
    for _ in range(BRUTE_BOARDS.get(genre, 80)):
        instance = g.small_board(rng)
        brute = _brute_solutions(g, instance, g.build(instance).domains, 3)
        sat = solve_sat(g, instance, limit=3, timeout=None)
        if len(brute) < 3:
            assert sorted(sat.solutions) == sorted(brute), "\n".join(g.write(instance))
        else:
            assert len(sat.solutions) == 3, "\n".join(g.write(instance))
