"""Nurikabe: the shared harness with brute force, its rules, formats and pictures."""

from __future__ import annotations

import importlib.util

import pytest

import puzzlekit
from puzzlekit import LevelError, interchange
from puzzlekit.core import BOOL, FALSE, TRUE, domains_of
from puzzlekit.formats.level import read_blocks
from puzzlekit.testing import PuzzleConformance

# pzprjs's own test data for nurikabe (test/script/nurikabe.js in sabo2/pzprjs and robx/pzprjs).
PZPR_URL = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
PZPR_SOLVED = "pzprv3/nurikabe/5/5/+ 5 # # # /+ # 2 + # /+ # # # # /+ # 1 # . /# # # 3 . /"
PZPR_POOL = "pzprv3/nurikabe/5/5/. 5 . . . /. . 2 . . /# # . . . /# # 1 . . /. . . 3 . /"


class TestNurikabe(PuzzleConformance):
    puzzle = "nurikabe"
    brute_force = 150
    bad_levels = ("1.0\n", "..\n...\n", "1 . 1000\n")


def test_islands_sea_and_pools_solve_a_small_board() -> None:
    result = puzzlekit.solve("nurikabe", "1.1\n...\n1.1\n")
    assert result.status == puzzlekit.Status.UNIQUE
    assert result.solutions[0].text == "1#1\n###\n1#1"
    assert puzzlekit.solve("nurikabe", "2..\n...\n..1\n").status == puzzlekit.Status.NONE  # every layout pools
    assert puzzlekit.solve("nurikabe", "3..\n...\n").status == puzzlekit.Status.MULTIPLE
    assert puzzlekit.solve("nurikabe", "1.\n.1\n").status == puzzlekit.Status.NONE


def test_accept_names_islands_the_sea_and_pools() -> None:
    (p,) = puzzlekit.load("nurikabe", "2...\n....\n...1\n")
    g, board = p.genre, p.instance
    shaded = [0, 1, 1, 1, 1, 1, 1, 0, 1, 1, 0, 0]  # island of 2 ok; 2x2 pool; 1 with 3 cells
    kinds = {v.kind: v for v in g.accept(board, shaded)}
    assert {"pool", "size"} <= set(kinds), kinds
    assert kinds["pool"].cells and "pool" in kinds["pool"].message
    split = [0, 0, 1, 0, 1, 1, 0, 1, 0, 1, 1, 0]
    assert "sea" in {v.kind for v in g.accept(board, split)}


def test_big_numbers_are_written_as_separated_tokens_and_read_back() -> None:
    text = " . . 12\n . . .\n . . .\n . . .\n . . .\n"
    (p,) = puzzlekit.load("nurikabe", text)
    assert p.instance.clues == {2: 12}
    assert puzzlekit.load("nurikabe", p.text())[0].instance.clues == {2: 12}


def test_states_read_shading_and_dots() -> None:
    (p,) = puzzlekit.load("nurikabe", "2..\n...\n")
    dom = p.genre.parse_state(p.instance, read_blocks("2o#\n#.#\n")[0])
    assert dom == [FALSE, FALSE, TRUE, TRUE, BOOL, TRUE]
    with pytest.raises(LevelError, match="r1c1 is '2' in the puzzle"):
        p.genre.parse_state(p.instance, read_blocks("3o#\n#.#\n")[0])


def test_puzzlink_url_of_pzprjs_reads_solves_and_writes_back() -> None:
    host = puzzlekit.default_host()
    text = interchange.decode(PZPR_URL, host.genre("nurikabe"), host)
    assert text is not None
    (p,) = puzzlekit.load("nurikabe", text)
    assert p.genre.write(p.instance) == [".5...", "..2..", ".....", "..1..", "...3."]
    assert interchange.encode(p, "url", host) == PZPR_URL
    assert puzzlekit.solve("nurikabe", p).status == puzzlekit.Status.UNIQUE


def test_pzprjs_files_read_as_states_judged_by_the_rules() -> None:
    host = puzzlekit.default_host()
    solved = interchange.decode(PZPR_SOLVED.replace("/", "\n"), host.genre("nurikabe"), host)
    assert solved is not None
    report = puzzlekit.check("nurikabe", solved)
    assert report.status == "solved", report.violations
    assert interchange.encode(report.puzzle, "pzpr", host, list(report.state)).replace("\n", "/") == PZPR_SOLVED
    pool = interchange.decode(PZPR_POOL.replace("/", "\n"), host.genre("nurikabe"), host)
    assert pool is not None
    assert "pool" in {v.kind for v in puzzlekit.check("nurikabe", pool).violations}
    with pytest.raises(LevelError, match="need a number"):
        interchange.decode("https://puzz.link/p?nurikabe/2/2/.i", host.genre("nurikabe"), host)


def test_svg_and_terminal_show_sea_numbers_and_dots() -> None:
    (p,) = puzzlekit.load("nurikabe", "1.1\n...\n1.1\n")
    result = puzzlekit.solve("nurikabe", p)
    dom = domains_of(result.solutions[0].values)
    svg = p.genre.draw_svg(p.instance, dom)
    assert svg.count('class="shaded"') == 5 and svg.count('class="clue"') == 4
    assert p.genre.pretty(p.instance, dom).count("█") == 10


def test_a_half_marked_attempt_is_incomplete_and_a_marked_mistake_wrong() -> None:
    """A bare puzzle, or an attempt with dots (``o``) whose unmarked cells could still be
    shaded to mend an island, is incomplete, as in every genre; a fully marked mistake is
    wrong; a state in the solution's own form (``#`` and ``.``) reads ``.`` as unshaded."""
    puzzle = "1..\n...\n..1\n"
    assert puzzlekit.check("nurikabe", puzzle).status == "incomplete"
    assert puzzlekit.check("nurikabe", puzzle, "1#o\n#..\n..1\n").status == "incomplete"
    wrong = puzzlekit.check("nurikabe", puzzle, "1oo\n###\n##1\n")
    assert wrong.status == "wrong" and "size" in {v.kind for v in wrong.violations}
    examples = puzzlekit.default_host().genre("nurikabe").example_paths()
    path = next(p for p in examples if p.name == "first.txt")
    first = puzzlekit.load("nurikabe", path)[0]
    solution = path.with_name("first.solution.txt").read_text()
    assert puzzlekit.check("nurikabe", first, solution).status == "solved"  # '#' and '.': the solution's form


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_every_difficulty_generates_at_10x10_needing_exactly_its_rung(difficulty: str) -> None:
    """The climb (Nurikabe.generate) reaches each rung at 10x10 in one attempt or a few."""
    (made,) = puzzlekit.generate("nurikabe", size="10x10", difficulty=difficulty, seed="ten", timeout=120)
    solved = puzzlekit.solve("nurikabe", made.text)
    target = {"easy": 1, "medium": 2, "hard": 3}[difficulty]
    assert solved.status == puzzlekit.Status.UNIQUE and solved.stats.rung == made.rung == target
    if importlib.util.find_spec("pysat") is not None:  # the independent engine agrees: unique
        assert puzzlekit.solve("nurikabe", made.text, engine="sat", timeout=None).status == puzzlekit.Status.UNIQUE
    (again,) = puzzlekit.generate("nurikabe", size="10x10", difficulty=difficulty, seed="ten", timeout=120)
    assert again.text == made.text


@pytest.mark.parametrize("seed", range(6))
def test_a_trial_run_rung_by_rung_on_one_engine_reaches_each_fresh_fixpoint(seed: int) -> None:
    """``_score`` runs the rung below with ``Engine.start(max_rung)`` and carries on at the target
    with ``run()``: each stop must be the fixpoint a fresh engine capped there reaches, and a model
    built up to a rung (``_model``) must deduce what the whole model capped there does."""
    from puzzlekit_nurikabe.genre import Board, Nurikabe, _layout, _model

    from puzzlekit.core import Engine
    from puzzlekit.core.rng import Rng
    from puzzlekit.grid import RectGrid

    rng = Rng(f"fixpoints-{seed}")
    grid = RectGrid(7, 8)
    sea = _layout(grid, rng, 5) or set()
    board = Board(grid, {rng.choice(i): len(i) for i in grid.pieces(lambda c: c not in sea)})
    whole = Nurikabe().build(board)

    def fresh(cap: int) -> list[int]:
        engine = Engine(whole, max_rung=cap)
        engine.start()
        return engine.dom

    for top in (2, 3):
        engine = Engine(_model(board, top), max_rung=top)
        assert engine.start(top - 1)
        assert engine.dom == fresh(top - 1)
        assert engine.run()
        assert engine.dom == fresh(top)


def test_the_climb_scores_each_set_of_numbers_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stuck climb walks back and forth between a few boards; ``generate`` keeps each
    board's score (its numbers alone decide it) rather than propagating it again."""
    from puzzlekit_nurikabe.genre import Board, Nurikabe

    scored: list[tuple[tuple[int, int], ...]] = []
    score = Nurikabe._score

    def counted(self: Nurikabe, board: Board, rung: int) -> tuple[int, list[int]] | None:
        scored.append(tuple(sorted(board.clues.items())))
        return score(self, board, rung)

    monkeypatch.setattr(Nurikabe, "_score", counted)
    puzzlekit.generate("nurikabe", size="7x7", difficulty="medium", seed="s0", timeout=None)
    assert len(scored) > 20  # a climb long enough to come back to a board (s0: 187 trials, 84 again)
    assert len(set(scored)) == len(scored)


def test_a_stuck_climb_also_changes_cells_beside_the_open_ones() -> None:
    """``_spots``: a trial changes the board at its open cells, and once the climb has gone
    ``STUCK`` changes without a new best also beside them (a stuck climb was thrown away)."""
    from puzzlekit_nurikabe.genre import STUCK, _spots

    from puzzlekit.grid import RectGrid

    grid = RectGrid(4, 5)
    open_cells = [grid.cell(1, 1), grid.cell(3, 4)]
    assert _spots(grid, open_cells, STUCK - 1) == open_cells
    beside = {n for c in open_cells for n in grid.neighbours[c]}
    assert _spots(grid, open_cells, STUCK) == sorted({*open_cells, *beside})
