"""The toolkit's houses (every value once) and placements (one piece per clue), on their own:
their CNF counts what brute force counts, and the helpers around them."""

from __future__ import annotations

from itertools import product

import pytest

from puzzlekit.core.engine import Engine
from puzzlekit.core.model import Model, Rule, Rung
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import SatEncoding
from puzzlekit.grid import (
    House,
    Houses,
    Placements,
    RectGrid,
    cells_of,
    cut_rectangles,
    piece_cuts,
    rectangles,
    region_letters,
)
from puzzlekit.grid.units import HiddenSingle


def count_models(encoding: SatEncoding, limit: int = 1000) -> list[list[int]]:
    """Every solution of an encoding with no lazy part, by blocking each one found."""
    pysat = pytest.importorskip("pysat.solvers")
    found: list[list[int]] = []
    with pysat.Solver(name="cadical153", bootstrap_with=encoding.clauses) as sat:
        while len(found) < limit and sat.solve():
            values = encoding.decode({lit for lit in sat.get_model() or [] if lit > 0})
            assert not encoding.refine(values)
            found.append(values)
            sat.add_clause(encoding.block(values))
    return found


def test_latin_houses_of_a_4x4_sudoku() -> None:
    houses = Houses.latin(RectGrid(4, 4), ".1234", Houses.box_shape(4))
    assert [h.kind for h in houses.houses].count("box") == 4 and len(houses.houses) == 12
    assert len(houses.peers[0]) == 7 and houses.full == 0b11110
    assert houses.where("box", houses.houses[8].cells) == "the box at r1c1"
    assert houses.where("column", houses.houses[5].cells) == "column 2"
    assert houses.values(0b10110) == "1, 2, 4"
    assert len(houses.borders("box")) == 8  # the two middle lines, 4 edges each
    assert Houses.box_shape(6) == (3, 2) and Houses.box_shape(9) == (3, 3) and Houses.box_shape(7) == (7, 1)


def test_houses_cnf_counts_the_288_grids_of_a_4x4_sudoku() -> None:
    houses = Houses.latin(RectGrid(4, 4), ".1234", (2, 2))
    grids = count_models(houses.sat_encoding([0] * 16))
    assert len(grids) == 288 and all(not houses.violations(g) for g in grids)
    given = [1, 2, 3, 4] + [0] * 12
    assert len(count_models(houses.sat_encoding(given))) == 288 // 24
    encoding = houses.sat_encoding(given)
    table = getattr(encoding, "values", None)  # the one-hot table, where SatEncoding has the field
    assert table is None or table[0] == [0, 1, 0, 0, 0]


def test_houses_violations_name_the_house_and_the_empty_cells() -> None:
    houses = Houses(RectGrid(1, 3), [House("row", (0, 1, 2))], 3, ".123")
    found = houses.violations([1, 1, 0])
    assert [v.kind for v in found] == ["row", "empty"]
    assert found[0].message == "row 1 holds 1 twice (r1c1 and r1c2)" and found[1].unfinished


def brute_tilings(rows: int, cols: int, clues: list[tuple[int, int]]) -> list[list[int]]:
    """Every owner assignment whose regions are each one of the clue's rectangles."""
    pieces = [rectangles(rows, cols, cell, n) for cell, n in clues]
    out = []
    for choice in product(*pieces):
        if sum(bin(p).count("1") for p in choice) == rows * cols and not any(
            a & b for i, a in enumerate(choice) for b in choice[i + 1 :]
        ):
            owner = [-1] * (rows * cols)
            for i, piece in enumerate(choice):
                for cell in cells_of(piece):
                    owner[cell] = i
            if all(owner[cell] == i for i, (cell, _) in enumerate(clues)):
                out.append(owner)
    return sorted(out)


@pytest.mark.parametrize("seed", range(12))
def test_placements_cnf_matches_brute_force(seed: int) -> None:
    rng = Rng(f"place-{seed}")
    rows, cols = 3, 4
    regions = cut_rectangles(rows, cols, rng, 6)
    assert sorted(c for r in regions for c in r) == list(range(rows * cols))
    clues = sorted((rng.choice(cells), max(1, len(cells) + rng.between(-1, 1) * rng.chance(1, 3))) for cells in regions)
    pieces = [[p for p in rectangles(rows, cols, cell, n)] for cell, n in clues]
    places = Placements(RectGrid(rows, cols), pieces, lambda i: f"clue {i}")
    assert sorted(count_models(places.sat_encoding())) == brute_tilings(rows, cols, clues)


def test_rectangles_and_cells_of() -> None:
    assert len(rectangles(3, 3, 4, 3)) == 2 and len(rectangles(3, 3, 4, 2)) == 4  # through the centre
    assert rectangles(2, 2, 0, 4) == (0b1111,)
    assert cells_of(0b10110) == [1, 2, 4]


def test_region_letters_tell_touching_regions_apart() -> None:
    grid, owner = RectGrid(2, 3), [0, 0, 1, 2, 2, 1]
    assert region_letters(grid, owner, "abc") == list("aabccb")
    assert region_letters(grid, owner, "ab") == list("aabaab")  # out of letters: they repeat
    assert region_letters(grid, [0, -1, 1, 1, 1, 1], "abc")[1] == "."


def test_piece_cuts_join_pieces_through_their_border() -> None:
    grid = RectGrid(1, 5)
    assert piece_cuts(grid.neighbours, [[0, 1, 2, 3, 4]], lambda c: c + 1) == []
    cuts = piece_cuts(grid.neighbours, [[0], [2, 3]], lambda c: c + 1)
    assert cuts == [[-1, -3, 2], [-3, -1, 2, 5]]


def bits_of(mask: int) -> list[int]:
    return [1 << v for v in range(mask.bit_length()) if mask >> v & 1]


def _singles_model(houses: Houses, domains: list[int]) -> Model:
    ladder = [Rung(1, "naked"), Rung(2, "hidden"), Rung(3, "locked and subsets")]
    model = Model(ladder, domains=domains)
    rules = [Rule("naked", 1, ""), Rule("hidden", 2, ""), Rule("locked", 3, ""), Rule("subsets", 3, "")]
    houses.add_to(model, *rules)
    return model


@pytest.mark.parametrize(("n", "box", "seed"), [(9, (3, 3), s) for s in range(4)] + [(6, (3, 2), 0), (16, (4, 4), 0)])
def test_the_singles_probe_reaches_what_the_singles_reach_through_the_engine(
    n: int, box: tuple[int, int], seed: int
) -> None:
    """From fixpoints of naked and hidden singles along a random walk of decisions, every
    open value's probe fails, or fixes the same cells to the same values, both ways."""
    houses, rng = Houses.latin(RectGrid(n, n), ".123456789ABCDEFG"[: n + 1], box), Rng(f"singles-{seed}")
    grid = houses.fill(rng)
    assert grid is not None
    domains = [houses.full if rng.chance(4, 5) else 1 << v for v in grid]
    engine = Engine(_singles_model(houses, domains), max_rung=2)
    assert engine.start()
    probe_engine = Engine(engine.model, max_rung=2)
    failed = survived = 0
    for _ in range(8):
        state = list(engine.dom)
        probe = houses.singles_probe(engine.dom)
        for cell, d in enumerate(state):
            for bit in bits_of(d) if d & (d - 1) else []:
                probe_engine.dom = list(state)
                ok = probe_engine.decide(cell, bit)
                after = probe_engine.dom
                fixed = {(v, m) for v, m in enumerate(after) if m != state[v] and not m & (m - 1)}
                probe_engine.undo(0)
                fast = probe(cell, bit)
                assert engine.dom == state  # the probe wrote only its copy
                assert (fast is None) == (not ok)
                if fast is not None:
                    assert set(fast) == fixed and fast[0] == (cell, bit)
                failed, survived = failed + (not ok), survived + ok
        open_cells = [c for c, d in enumerate(engine.dom) if d & (d - 1)]
        if not open_cells:
            break
        cell = rng.choice(open_cells)
        if not engine.decide(cell, rng.choice(bits_of(engine.dom[cell]))):
            break
    assert failed and survived


def test_a_hidden_single_fails_when_one_cell_is_the_only_place_of_two_values() -> None:
    """Row 1 of a 4x4: 1 and 2 can only go in r1c1, which holds just those two."""
    houses = Houses.latin(RectGrid(4, 4), ".1234", (2, 2))
    domains = [0b00110, 0b11000, 0b11000, 0b11000] + [houses.full] * 12
    engine = Engine(_singles_model(houses, domains))
    assert not HiddenSingle(Rule("hidden", 2, ""), houses, houses.houses[0]).propagate(engine)
