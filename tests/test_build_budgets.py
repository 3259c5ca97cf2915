"""The deadline holds before any engine runs: building a model, wiring an engine and
writing clauses look at the call's clock (``puzzlekit.core.clock``), so a huge board
answers "undecided" (or "ran out of time") instead of building for seconds first.

No timing asserts tighter than generous bounds: the boards are small enough to build
in well under a second alone, and each test checks *where* the work stopped."""

from __future__ import annotations

import time

import pytest
from click.testing import CliRunner

import puzzlekit
from puzzlekit.budget import Budget
from puzzlekit.cli.main import main
from puzzlekit.core import BOOL, Engine, Model, Rule, Rung, clock, count_solutions
from puzzlekit.core.model import Propagator
from puzzlekit.core.search import Status
from puzzlekit.errors import BudgetSpent

ZEROS = ("0" * 60 + "\n") * 60
"""No loop at all; 60x60 builds ~40,000 propagators (a few tenths of a second)."""


class Nothing(Propagator):
    rule = Rule("nothing", 1, "never narrows")
    watches = (0,)

    def propagate(self, engine: Engine) -> bool:
        return True


def tiny_model(props: int) -> Model:
    model = Model((Rung(1, "one"),))
    model.add_var(BOOL)
    for _ in range(props):
        model.add(Nothing())
    return model


def past() -> float:
    return time.perf_counter() - 1


def test_model_building_stops_at_the_deadline() -> None:
    with clock.until(past()), pytest.raises(clock.Timeout):
        tiny_model(clock.TICKS + 1)
    assert len(tiny_model(clock.TICKS + 1).propagators) == clock.TICKS + 1  # no deadline: built whole


def test_an_inner_deadline_never_extends_the_outer_one() -> None:
    soon = past()
    with clock.until(soon):
        with clock.until(time.perf_counter() + 60):
            assert clock.deadline() == soon
        with clock.until(None):
            assert clock.deadline() == soon
    assert clock.deadline() is None


def test_an_engine_wired_past_its_deadline_only_says_timeout() -> None:
    model = tiny_model(3)
    engine = Engine(model, deadline=past())
    assert not engine.wired
    with pytest.raises(clock.Timeout):
        engine.start()
    outcome = count_solutions(model, timeout=1e-9)
    assert outcome.status == Status.UNDECIDED and outcome.stopped_by == "timeout"
    assert Engine(model).wired and count_solutions(model).status == Status.MULTIPLE


def test_budget_build_says_none_when_the_time_ran_out() -> None:
    g = puzzlekit.default_host().genre("slitherlink")
    board = puzzlekit.load("slitherlink", ZEROS)[0].instance
    assert Budget(past()).build(g, board) is None
    assert Budget.of(None).build(g, board) is not None


def test_solve_is_undecided_when_the_model_is_not_built_in_time() -> None:
    started = time.perf_counter()
    result = puzzlekit.solve("slitherlink", ZEROS, timeout=0.001)
    assert time.perf_counter() - started < 10  # generous: the real bound is in benchmarks/budgets.py
    assert result.status == Status.UNDECIDED and result.stats.stopped_by == "timeout"
    assert result.stats.nodes == 0 and result.solutions == [] and result.steps == []
    assert puzzlekit.solve("slitherlink", ZEROS, timeout=60).status == Status.NONE


def test_the_sat_engine_stops_while_encoding() -> None:
    pytest.importorskip("pysat")
    result = puzzlekit.solve("slitherlink", ZEROS, timeout=0.001, engine="sat")
    assert result.status == Status.UNDECIDED and result.stats.stopped_by == "timeout"


def test_hint_and_check_stop_while_building() -> None:
    with pytest.raises(BudgetSpent):
        puzzlekit.hint("slitherlink", ZEROS, timeout=0.001)
    with pytest.raises(BudgetSpent, match="the time ran out"):
        puzzlekit.check("slitherlink", ZEROS, timeout=0.001)
    assert puzzlekit.check("slitherlink", ZEROS).status == "incomplete"


@pytest.mark.parametrize(
    "command",
    [["solve"], ["solve", "--engine", "sat"], ["grade"], ["hint"], ["analyze"], ["check"], ["render", "--solution"]],
)
def test_every_command_answers_at_a_tiny_timeout(command: list[str]) -> None:
    if "sat" in command:
        pytest.importorskip("pysat")
    args = [command[0], "slitherlink", "-", *command[1:], "--timeout", "0.001"]
    result = CliRunner().invoke(main, args, input=ZEROS)
    assert result.exit_code == 5, result.output + result.stderr
    if command[0] in ("hint", "check", "render"):
        assert result.stderr.count("\n") == 1
        assert "budget" in result.stderr or "time ran out" in result.stderr
