"""Each Hashiwokakero rule, on a board where it is the rule that decides."""

from __future__ import annotations

import pytest
from puzzlekit_hashi.rules.counting import supports

import puzzlekit
from puzzlekit.core.engine import Engine
from puzzlekit.core.model import values_of

ZERO, ONE, TWO = 0b001, 0b010, 0b100


class Deduced:
    """Root propagation of a board up to a rung, with pairs named by their islands."""

    def __init__(self, text: str, max_rung: int) -> None:
        (self.puzzle,) = puzzlekit.load("hashiwokakero", text)
        self.board = self.puzzle.instance
        self.engine = Engine(self.puzzle.genre.build(self.board), max_rung, record=True)
        self.ok = self.engine.start()

    def pair(self, a: str, b: str) -> int:
        names = {self.board.edge_name(e): e for e in range(self.board.n_edges)}
        return names[f"{a}–{b}"]

    def counts(self, a: str, b: str) -> list[int]:
        return values_of(self.engine.dom[self.pair(a, b)])

    def rule(self, a: str, b: str) -> str:
        var = self.pair(a, b)
        rules = [self.engine.props[x.by].rule.name for x in self.engine.log or [] if x.var == var]
        return rules[-1] if rules else "-"


# -- rung 1 -----------------------------------------------------------------------


def test_island_sum_gives_a_lone_pair_all_the_bridges() -> None:
    d = Deduced("2.2", max_rung=1)
    assert d.counts("r1c1", "r1c3") == [2]
    assert d.rule("r1c1", "r1c3") == "island-sum"


def test_island_sum_caps_a_pair_at_what_the_number_allows() -> None:
    d = Deduced("1.3\n...\n..2", max_rung=1)
    assert d.counts("r1c1", "r1c3") == [1]  # the 1 has one pair: it must carry exactly 1
    assert d.counts("r1c3", "r3c3") == [2]  # the 3 then needs 2 more from its other pair


def test_island_sum_a_five_with_three_pairs_takes_at_least_one_everywhere() -> None:
    d = Deduced("..?..\n.....\n?.5.?\n.....\n.....", max_rung=1)
    for a, b in (("r1c3", "r3c3"), ("r3c1", "r3c3"), ("r3c3", "r3c5")):
        assert d.counts(a, b) == [1, 2]
        assert d.rule(a, b) == "island-sum"


def test_island_sum_sees_holes_that_bounds_would_miss() -> None:
    # Two pairs that can each carry 0 or 2 (never 1) cannot make 3.
    assert supports(3, (ZERO | TWO, ZERO | TWO)) is None
    assert supports(2, (ZERO | TWO, ZERO | ONE | TWO)) == (ZERO | TWO, ZERO | TWO)


def test_no_crossing_empties_the_pair_across_a_bridge() -> None:
    d = Deduced(".?.\n2.2\n.?.", max_rung=1)
    assert d.counts("r2c1", "r2c3") == [2]
    assert d.counts("r1c2", "r3c2") == [0]
    assert d.rule("r1c2", "r3c2") == "no-crossing"


# -- rung 2 -----------------------------------------------------------------------


def test_four_corner_ones_have_no_connected_answer() -> None:
    d = Deduced("1.1\n...\n1.1", max_rung=2)
    assert not d.ok
    assert puzzlekit.solve("hashiwokakero", "1.1\n...\n1.1").status == puzzlekit.Status.NONE


def test_no_isolation_rules_out_the_count_that_seals_a_pair_off() -> None:
    # Joining the two 1s would seal them off from the 2s; two bridges between the 2s too.
    d = Deduced("1.1\n...\n2.2", max_rung=2)
    assert d.counts("r1c1", "r1c3") == [0]
    assert d.rule("r1c1", "r1c3") == "no-isolation"
    assert d.counts("r3c1", "r3c3") == [1]


def test_must_connect_forces_the_only_way_out() -> None:
    d = Deduced("?.?.?\n.....\n..?..", max_rung=2)
    assert 0 not in d.counts("r1c3", "r3c3")
    assert d.rule("r1c3", "r3c3") == "must-connect"
    assert 0 not in d.counts("r1c1", "r1c3")


def test_an_island_that_nothing_can_reach_is_a_contradiction() -> None:
    assert not Deduced("?...\n....\n..?.", max_rung=2).ok
    assert Deduced("?...\n....\n..?.", max_rung=1).ok


def test_connectivity_is_needed_on_that_board() -> None:
    assert Deduced("1.1\n...\n2.2", max_rung=1).counts("r1c1", "r1c3") == [0, 1]


# -- rung 3 and the ladder -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rung"),
    [
        (".....\n2..2.\n.....\n.1.2.\n2...1", 1),
        (".....\n2...1\n....2\n.....\n2.2.3", 2),
        ("2.3.2.\n......\n..1...\n3.2.2.\n......\n....1.", 3),
    ],
)
def test_grade_is_the_highest_rung_needed(text: str, rung: int) -> None:
    result = puzzlekit.solve("hashiwokakero", text)
    assert result.status == puzzlekit.Status.UNIQUE
    assert result.stats.rung == rung
    if rung == 3:
        assert result.stats.rule_counts["lookahead"] > 0


@pytest.mark.parametrize(
    ("text", "status"),
    [("?", "unique"), ("3", "none"), ("?.?", "multiple"), ("1.1", "unique"), ("1", "none"), ("1.2", "none")],
)
def test_small_boards(text: str, status: str) -> None:
    assert puzzlekit.solve("hashiwokakero", text).status.value == status


def test_islands_that_touch_are_a_pair() -> None:
    result = puzzlekit.solve("hashiwokakero", "22")
    assert result.status == puzzlekit.Status.UNIQUE
    assert result.solutions[0].values == (2,)


def test_a_clue_larger_than_its_neighbours_can_carry_has_no_solution() -> None:
    assert puzzlekit.solve("hashiwokakero", "5.2\n...\n2..").status == puzzlekit.Status.NONE
