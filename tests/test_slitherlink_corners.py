"""Rung 3, corner reasoning and the adjacent 3s: each rule where it decides, and each rule's soundness against
every loop of small boards (tests/brute_slitherlink.py enumerates them without the solver)."""

from __future__ import annotations

import random
from functools import cache

import pytest
from brute_slitherlink import clue_counts, loops
from puzzlekit_slitherlink.model import build_model
from puzzlekit_slitherlink.rules.corners import AT_LEAST, AT_MOST, CornerFacts, corners_of
from puzzlekit_slitherlink.text import Board
from test_slitherlink_rules import Deduced

import puzzlekit
from puzzlekit.core.engine import Engine
from puzzlekit.core.model import BOOL, FALSE, TRUE

NEW_RULES = ("corner-pairs", "clue-corners", "corner-colours", "adjacent-threes")


def test_corner_pairs_carry_exactly_one_line_through_a_dot() -> None:
    text = "0...0\n..3..\n3.23.\n....."
    d = Deduced(text, max_rung=3)
    assert d.mark("left of r4c4") == "cross"
    assert d.rule("left of r4c4") == "corner-pairs"
    assert "exactly one line" in d.why("left of r4c4")
    assert Deduced(text, max_rung=2).mark("left of r4c4") == "open"


def test_clue_corners_know_what_a_3_and_a_1_hold_at_each_corner() -> None:
    (puzzle,) = puzzlekit.load("slitherlink", "....\n.3..\n..1.\n....")
    board: Board = puzzle.instance
    clues = build_model(board)
    engine = Engine(clues.model, max_rung=3)
    assert engine.start()
    grid = board.grid
    corners = corners_of(grid)
    facts = [engine.aux[clues.facts.base + k] for k in range(len(corners.edges))]
    three, one = grid.cell(1, 1), grid.cell(2, 2)
    assert all(facts[k] & AT_LEAST for k in corners.cell_corners[three])  # a 3 misses one edge only
    assert all(facts[k] & AT_MOST for k in corners.cell_corners[one])  # a 1 has one line at most
    # Capped below the rung, nothing is known about the corners.
    below = Engine(build_model(board).model, max_rung=2)
    assert below.start()
    assert not any(below.aux[clues.facts.base + k] for k in range(len(corners.edges)))


def test_corner_colours_finish_a_board_the_colouring_alone_cannot() -> None:
    text = ".3.\n1.3\n..2"
    graded = puzzlekit.solve("slitherlink", text)
    assert graded.status == puzzlekit.Status.UNIQUE
    assert graded.stats.rung == 3
    assert Deduced(text, max_rung=3).engine.rule_counts().get("corner-colours", 0) > 0
    below = Deduced(text, max_rung=2)
    assert any(d == BOOL for d in below.engine.dom)


def test_most_of_tathams_hard_level_needs_no_lookahead() -> None:
    # Two of Tatham's Hard 7x7 boards (``sgt-loopy --generate 20 '7x7t0dh#calibrate'``), which
    # needed lookahead before the corner rules.
    for game_id in (
        "7x7t0:b312a321g1b222a22a23d32c201a3a22a2b",
        "7x7t0:a3b2b2a3a1223b13a22a3a12d113a13b1c3a2a33",
    ):
        result = puzzlekit.solve("slitherlink", _tatham(game_id))
        assert result.status == puzzlekit.Status.UNIQUE
        assert result.stats.rung <= 3


def test_two_3s_side_by_side_draw_their_sides_and_cross_the_shared_sides_ends() -> None:
    text = ".....\n.....\n.33..\n.....\n....2"
    d = Deduced(text, max_rung=3)
    for edge in ("left of r3c2", "left of r3c3", "left of r3c4"):
        assert (d.mark(edge), d.rule(edge)) == ("line", "adjacent-threes")
    for edge in ("left of r2c3", "left of r4c3"):
        assert (d.mark(edge), d.rule(edge)) == ("cross", "adjacent-threes")
    assert "side by side" in d.why("left of r3c2")
    assert Deduced(text, max_rung=2).mark("left of r3c2") == "open"
    # Alone on the board, the loop around the pair is a solution: the shared side stays open.
    alone = Deduced(".....\n.....\n.33..\n.....\n.....", max_rung=3)
    assert alone.mark("left of r3c3") == "open"
    assert alone.mark("left of r3c2") == "line"


def _tatham(game_id: str) -> str:
    from puzzlekit.interchange import decode

    genre = puzzlekit.default_host().genre("slitherlink")
    decoded = decode(game_id, genre)
    assert decoded is not None
    return decoded


# -- soundness against brute force --------------------------------------------------------


@cache
def _loops(rows: int, cols: int) -> list[frozenset[tuple[int, int]]]:
    return list(loops(rows, cols))


def _edges_of(inside: frozenset[tuple[int, int]], board: Board) -> list[int]:
    grid = board.grid
    cols = board.cols
    ins = [divmod(f, cols) in inside if f != grid.outside else False for f in range(grid.n_faces)]
    return [1 if ins[a] != ins[b] else 0 for a, b in grid.edge_faces]


@cache
def _with_adjacent_threes(rows: int, cols: int) -> list[frozenset[tuple[int, int]]]:
    def pair(counts: tuple[int, ...]) -> bool:
        return any(
            counts[r * cols + c] == 3
            and ((c + 1 < cols and counts[r * cols + c + 1] == 3) or (r + 1 < rows and counts[(r + 1) * cols + c] == 3))
            for r in range(rows)
            for c in range(cols)
        )

    return [s for s in _loops(rows, cols) if pair(clue_counts(s, rows, cols))]


def _record_facts(facts: CornerFacts) -> list[tuple[str, int, int]]:
    """Every new corner fact, with the rule that learnt it."""
    learnt: list[tuple[str, int, int]] = []
    plain_learn = facts.learn

    def learn(engine: Engine, corner: int, bits: int) -> bool:
        new = plain_learn(engine, corner, bits)
        if new:
            learnt.append((engine.props[engine.current].rule.name, corner, bits))
        return new

    facts.learn = learn  # type: ignore[method-assign]
    return learnt


@cache
def _fired_by_rule() -> dict[str, int]:
    """Run the corner rung on random small boards from random partial states drawn from a
    solution; every narrowing of a corner rule must keep every solution that agrees with
    the starting state.  Returns how often each rule narrowed something (or related colours)."""
    rnd = random.Random("corners")
    fired = dict.fromkeys(NEW_RULES, 0)
    for _ in range(400):
        rows, cols = rnd.choice(((3, 3), (3, 4), (4, 3)))
        every = _loops(rows, cols)
        # One board in three is drawn from loops that give two 3s side by side (rare otherwise),
        # with every 3 kept and few other clues, so the cheaper rungs leave the pair some work.
        threes = rnd.random() < 1 / 3
        inside = rnd.choice(_with_adjacent_threes(rows, cols) if threes else every)
        keep = 0.25 if threes else 0.6
        clues = [
            k if k < 4 and (rnd.random() < keep or (threes and k == 3)) else -1 for k in clue_counts(inside, rows, cols)
        ]
        cells = ["." if k < 0 else str(k) for k in clues]
        text = "\n".join("".join(cells[r * cols : (r + 1) * cols]) for r in range(rows))
        (puzzle,) = puzzlekit.load("slitherlink", text)
        board: Board = puzzle.instance
        solutions = [
            _edges_of(s, board)
            for s in every
            if all(k < 0 or k == n for k, n in zip(clues, clue_counts(s, rows, cols)))
        ]
        chosen = _edges_of(inside, board)
        start = [BOOL] * len(chosen)
        for e, value in enumerate(chosen):
            if rnd.random() < 0.25:
                start[e] = TRUE if value else FALSE
        agreeing = [s for s in solutions if all(d >> v & 1 for d, v in zip(start, s))]
        assert chosen in agreeing
        clue_model = build_model(board)
        clue_model.model.domains = list(start)
        engine = Engine(clue_model.model, max_rung=3, record=True)
        learnt = _record_facts(clue_model.facts)
        ok = engine.start()
        assert ok, f"a contradiction on a state a solution agrees with:\n{text}\n{start}"
        for entry in engine.log or []:
            rule = engine.props[entry.by].rule.name
            for s in agreeing:
                assert entry.mask >> s[entry.var] & 1, f"{rule} removed a solution's value:\n{text}"
        pairs = corners_of(board.grid).edges
        for rule, corner, bits in learnt:
            a, b = pairs[corner]
            for s in agreeing:
                lines = s[a] + s[b]
                assert not ((bits & AT_LEAST and lines == 0) or (bits & AT_MOST and lines == 2)), (
                    f"{rule} learnt a corner fact a solution breaks:\n{text}"
                )
            fired[rule] += 1
        counts = engine.rule_counts()
        for name in NEW_RULES:
            fired[name] += counts.get(name, 0)
    return fired


@pytest.mark.parametrize("rule", NEW_RULES)
def test_each_corner_rule_is_sound_on_small_boards(rule: str) -> None:
    fired = _fired_by_rule()
    assert fired[rule] > 0, f"{rule} never decided anything: the test would prove nothing"


def test_a_hint_replays_a_rung_3_step_with_its_rung() -> None:
    from puzzlekit.hints import hint_from

    text = "..33.\n...2.\n011..\n...13"
    (puzzle,) = puzzlekit.load("slitherlink", text)
    answer = puzzlekit.solve("slitherlink", text).solutions[0].values
    stuck = Deduced(text, max_rung=2).engine.dom  # where the cheaper rungs stop
    found = hint_from(puzzle, list(stuck), answer)
    assert (found.kind, found.rule, found.rung) == ("deduction", "adjacent-threes", 3)
    assert found.text == (
        "left of r1c5 is a line: the 3s at r1c3 and r1c4 sit side by side, so their far sides are lines"
    )


def test_adjacent_threes_against_every_loop_with_one_more_clue() -> None:
    # Every side-by-side pair of 3s on a 3x4 board, with no other clue or one more (any
    # place, any value): each narrowing of the pattern must keep every solution's value.
    rows, cols = 3, 4
    every = _loops(rows, cols)
    counts = [clue_counts(s, rows, cols) for s in every]
    decided = 0
    for a in range(rows * cols):
        for b in (a + 1, a + cols):
            if b >= rows * cols or (b == a + 1 and b % cols == 0):
                continue
            for extra in [None, *((cell, k) for cell in range(rows * cols) if cell not in (a, b) for k in range(4))]:
                clues = [-1] * (rows * cols)
                clues[a] = clues[b] = 3
                if extra is not None:
                    clues[extra[0]] = extra[1]
                cells = ["." if k < 0 else str(k) for k in clues]
                text = "\n".join("".join(cells[r * cols : (r + 1) * cols]) for r in range(rows))
                (puzzle,) = puzzlekit.load("slitherlink", text)
                solutions = [
                    _edges_of(s, puzzle.instance)
                    for s, n in zip(every, counts)
                    if all(k < 0 or k == m for k, m in zip(clues, n))
                ]
                engine = Engine(puzzle.genre.build(puzzle.instance), max_rung=3, record=True)
                assert engine.start() or not solutions, text
                for entry in engine.log or []:
                    if engine.props[entry.by].rule.name == "adjacent-threes":
                        decided += 1
                        assert all(entry.mask >> s[entry.var] & 1 for s in solutions), text
    assert decided > 100
