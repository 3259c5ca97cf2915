"""Each Slitherlink rule, on a board where it is the rule that decides."""

from __future__ import annotations

import pytest
from puzzlekit_slitherlink.rules.colouring import DOT, FaceColours, forced_relations
from puzzlekit_slitherlink.text import Board

import puzzlekit
from puzzlekit.api import Puzzle
from puzzlekit.core.engine import Engine
from puzzlekit.core.graph import find_bridges
from puzzlekit.core.model import BOOL, FALSE, TRUE
from puzzlekit.formats.level import read_blocks


class Deduced:
    """Root propagation of a board (optionally from a drawn state) up to a rung."""

    def __init__(self, text: str, max_rung: int, state: str | None = None) -> None:
        self.puzzle: Puzzle = puzzlekit.load("slitherlink", text)[0]
        self.board: Board = self.puzzle.instance
        model = self.puzzle.genre.build(self.board)
        if state is not None:
            model.domains = self.puzzle.genre.parse_state(self.board, read_blocks(state)[0])
        self.engine = Engine(model, max_rung, record=True)
        self.ok = self.engine.start()
        self.names = {self.board.grid.edge_name(e): e for e in range(self.board.grid.n_edges)}

    def mark(self, name: str) -> str:
        d = self.engine.dom[self.names[name]]
        return {TRUE: "line", FALSE: "cross", BOOL: "open"}[d]

    def rule(self, name: str) -> str:
        """The rule that decided an edge."""
        var = self.names[name]
        for entry in self.engine.log or []:
            if entry.var == var:
                return self.engine.props[entry.by].rule.name
        return "-"

    def why(self, name: str) -> str:
        var = self.names[name]
        for entry in self.engine.log or []:
            if entry.var == var:
                return self.engine.props[entry.by].explain(entry.var, entry.mask, entry.note)
        return ""


# -- rung 1: local counting -------------------------------------------------------


def test_clue_count_zero_crosses_all_four_sides() -> None:
    d = Deduced("...\n.0.\n...", max_rung=1)
    for name in ("top of r2c2", "top of r3c2", "left of r2c2", "left of r2c3"):
        assert d.mark(name) == "cross"
        assert d.rule(name) == "clue-count"


def test_clue_count_crosses_the_last_edge_once_the_clue_is_full() -> None:
    state = "+-+ +\n|3|.\n+ + +\n . .\n+ + +"
    d = Deduced("3.\n..", max_rung=1, state=state)
    assert d.mark("top of r2c1") == "cross"
    assert "already has 3 lines" in d.why("top of r2c1")


def test_clue_count_draws_every_edge_when_only_enough_are_open() -> None:
    state = "+x+ +\n 3 .\n+ + +\n . .\n+ + +"
    d = Deduced("3.\n..", max_rung=1, state=state)
    for name in ("left of r1c1", "left of r1c2", "top of r2c1"):
        assert d.mark(name) == "line"
    assert d.rule("left of r1c1") == "clue-count"


# A line along the top of r2c1 reaches the top-left corner of r2c2 from outside.
LINE_INTO_R2C2 = "+ + + +\n . . .\n+-+ + +\n . {clue} .\n+ +{bottom}+ +\n . . .\n+ + + +"


def test_a_line_into_a_corner_of_a_3_makes_its_two_far_edges_lines() -> None:
    d = Deduced("...\n.3.\n...", max_rung=1, state=LINE_INTO_R2C2.format(clue="3", bottom=" "))
    for name in ("left of r2c3", "top of r3c2"):  # the right and the bottom of r2c2
        assert d.mark(name) == "line"
        assert d.rule(name) == "line-into-a-corner"
    assert d.mark("top of r2c2") == d.mark("left of r2c2") == "open"  # one of them, not known which
    assert "a line reaches a corner of the 3 at r2c2" in d.why("left of r2c3")


def test_a_line_into_a_corner_of_a_2_with_a_side_crossed_makes_the_third_side_a_line() -> None:
    d = Deduced("...\n.2.\n...", max_rung=1, state=LINE_INTO_R2C2.format(clue="2", bottom="x"))
    assert d.mark("left of r2c3") == "line"
    assert d.rule("left of r2c3") == "line-into-a-corner"


def test_no_line_into_a_corner_of_a_3_decides_nothing_at_rung_1() -> None:
    d = Deduced("...\n.3.\n...", max_rung=1)
    assert all(d.mark(name) == "open" for name in ("top of r2c2", "left of r2c3", "top of r3c2", "left of r2c2"))


def test_vertex_degree_continues_a_line_that_has_one_way_on() -> None:
    # A line along the top of r1c1 reaches the top-left corner: the only way on is down.
    state = "+-+ +\n . .\n+ + +\n . .\n+ + +"
    d = Deduced("..\n..", max_rung=1, state=state)
    assert d.mark("left of r1c1") == "line"
    assert d.rule("left of r1c1") == "vertex-degree"


def test_vertex_degree_crosses_a_dead_end() -> None:
    # The top-left dot has two edges; crossing one leaves a dead end.
    state = "+x+ +\n . .\n+ + +\n . .\n+ + +"
    d = Deduced("..\n..", max_rung=1, state=state)
    assert d.mark("left of r1c1") == "cross"
    assert "a line cannot end there" in d.why("left of r1c1")


def test_vertex_degree_crosses_the_rest_once_two_lines_meet() -> None:
    # Lines along the top of r1c2 and down its left side meet at its top-left corner.
    d = Deduced("...\n...", max_rung=1, state="+ +-+ +\n .|. .\n+ + + +\n . . .\n+ + + +")
    assert d.mark("top of r1c1") == "cross"
    assert d.rule("top of r1c1") == "vertex-degree"


def test_no_early_loop_forbids_closing_a_loop_that_leaves_clues_unsatisfied() -> None:
    # Three sides of r1c1 are drawn; closing it would leave the 3 at r2c3 without lines.
    state = "+-+ + +\n|.|. .\n+ + + +\n . . 3\n+ + + +"
    d = Deduced("...\n..3", max_rung=1, state=state)
    assert d.mark("top of r2c1") == "cross"
    assert d.rule("top of r2c1") == "no-early-loop"


def test_no_early_loop_allows_the_closing_edge_that_finishes_the_puzzle() -> None:
    state = "+-+ +\n|3|.\n+ + +\n . .\n+ + +"
    d = Deduced("3.\n..", max_rung=1, state=state)
    # The 3 itself forces the closing edge here; what matters is that closing is allowed.
    assert d.ok


def test_a_closed_loop_crosses_every_other_edge() -> None:
    d = Deduced("3..\n3..", max_rung=2)
    assert d.ok
    assert d.mark("right of r1c3") == "cross"
    assert d.rule("right of r1c3") == "no-early-loop"
    assert "the loop is closed" in d.why("right of r1c3")


# -- rung 2: parity colouring -----------------------------------------------------


def test_three_in_corner_takes_both_outer_edges() -> None:
    d = Deduced("3..\n...\n...", max_rung=2)
    assert d.mark("top of r1c1") == "line"
    assert d.mark("left of r1c1") == "line"
    assert d.rule("top of r1c1") == "cell-colouring"


def test_one_in_corner_crosses_both_outer_edges() -> None:
    d = Deduced("1..\n...\n...", max_rung=2)
    assert d.mark("top of r1c1") == "cross"
    assert d.mark("left of r1c1") == "cross"


def test_local_counting_alone_cannot_see_the_corner_three() -> None:
    d = Deduced("3..\n...\n...", max_rung=1)
    assert d.mark("top of r1c1") == "open"


def test_pinch_rule_forbids_a_chessboard_around_a_dot() -> None:
    # Around a dot: faces 0 and 2 known equal, face 1 known different: face 3 must equal 0.
    key = (DOT, 0, 1, 0, 2)  # per face 2*class + parity: faces 0, 1, 2 in class 0, face 3 alone
    assert (0, 3, 0) in (forced_relations(key) or ())


def test_pinch_rule_sees_the_contradiction_of_a_full_chessboard() -> None:
    assert forced_relations((DOT, 0, 1, 0, 1)) is None


def test_relating_two_cells_decides_the_edge_between_them() -> None:
    p = puzzlekit.load("slitherlink", "..\n..")[0]
    model = p.genre.build(p.instance)
    colours = next(prop.colours for prop in model.propagators if hasattr(prop, "colours"))
    assert isinstance(colours, FaceColours)
    engine = Engine(model)
    assert engine.start()
    grid = p.instance.grid
    assert colours.relate(engine, grid.cell(0, 0), grid.cell(0, 1), 1)
    assert engine.dom[grid.v(0, 1)] == TRUE  # left of r1c2 separates them
    assert colours.relate(engine, grid.cell(0, 0), grid.cell(0, 1), 0) is None


def test_colouring_relations_are_undone_with_the_trail() -> None:
    p = puzzlekit.load("slitherlink", "..\n..")[0]
    model = p.genre.build(p.instance)
    colours = next(prop.colours for prop in model.propagators if hasattr(prop, "colours"))
    engine = Engine(model)
    assert engine.start()
    mark = engine.mark()
    before = (list(engine.dom), list(engine.aux))
    grid = p.instance.grid
    colours.relate(engine, grid.cell(0, 0), grid.cell(1, 1), 0)
    colours.relate(engine, grid.cell(0, 0), grid.outside, 1)
    assert engine.aux != before[1]
    engine.undo(mark)
    assert (engine.dom, engine.aux) == before


# -- rung 4: connectivity ------------------------------------------------------------


def test_loop_reach_crosses_edges_cut_off_from_the_lines() -> None:
    d = Deduced("..0\n.10\n..1", max_rung=4)
    assert d.mark("top of r1c1") == "cross"
    assert d.rule("top of r1c1") == "loop-reach"
    assert d.mark("top of r1c1") == "cross"


def test_a_bridge_of_the_open_edges_is_found() -> None:
    # Two cell outlines joined by a single edge: that edge is a bridge.
    p = puzzlekit.load("slitherlink", "...\n...")[0]
    grid = p.instance.grid
    dom = [FALSE] * grid.n_edges
    left = grid.cell_edges[grid.cell(0, 0)]
    right = grid.cell_edges[grid.cell(0, 2)]
    for e in (*left, *right, grid.h(0, 1)):
        dom[e] = BOOL
    assert find_bridges(grid.loop.adjacent, dom, FALSE)[0] == [grid.h(0, 1)]


def test_region_connectivity_keeps_the_inside_and_the_outside_connected() -> None:
    d = Deduced("2..\n.2.\n.2.", max_rung=4)
    assert d.rule("right of r3c3") == "region-connectivity"
    assert d.mark("right of r3c3") == "cross"


def test_connectivity_rules_are_needed_on_those_boards() -> None:
    assert Deduced("2..\n.2.\n.2.", max_rung=3).mark("right of r3c3") == "open"
    assert Deduced("..0\n.10\n..1", max_rung=3).mark("top of r1c1") == "open"


# -- rung 5: lookahead -----------------------------------------------------------------


def test_lookahead_rules_out_a_mark_that_makes_cheaper_rules_contradict() -> None:
    d = Deduced(".1.\n.3.", max_rung=5)
    assert d.mark("bottom of r2c2") == "line"
    assert d.rule("bottom of r2c2") == "lookahead"
    assert "if it were crossed" in d.why("bottom of r2c2")
    assert Deduced(".1.\n.3.", max_rung=4).mark("bottom of r2c2") == "open"


# -- the ladder as a whole ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rung"),
    [(".0\n.1", 1), ("31\n..", 2), (".3.\n1.3\n..2", 3), ("..0\n31.\n.1.", 4), (".2.\n31.", 5), ("..\n0.", 6)],
)
def test_grade_is_the_highest_rung_needed(text: str, rung: int) -> None:
    result = puzzlekit.solve("slitherlink", text)
    assert result.status == puzzlekit.Status.UNIQUE
    assert result.stats.rung == rung
