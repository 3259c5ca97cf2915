"""The harness itself: deliberately broken genres must fail it, with readable messages.

The broken genres are variations of tests/toygenre.py ("onesum"), each with one
defect: an unsound propagator, an accept() that accepts everything, a parser
that crashes on bad input.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

import pytest
import toygenre
from click.testing import CliRunner

from puzzlekit import Block
from puzzlekit.api import load_one
from puzzlekit.cli.main import main
from puzzlekit.core.engine import Engine
from puzzlekit.core.model import BOOL, FALSE, TRUE, Model, Propagator, Rule, Violation
from puzzlekit.core.rng import Rng
from puzzlekit.engines.sat import SatEncoding, exactly
from puzzlekit.host import make_host
from puzzlekit.testing import PuzzleConformance, check_puzzle, checks, describe_outcomes
from puzzlekit.testing.checks import Example, Failed, Skipped, check_brute_force, check_independent_engine

pytest_plugins = ["pytester"]

GREEDY = Rule("greedy", 1, "wrongly crosses the first open cell")


class FirstIsZero(Propagator):
    """Unsound on purpose: the first open cell is always made 0."""

    rule = GREEDY

    def __init__(self, n: int) -> None:
        self.watches = tuple(range(n))

    def propagate(self, engine: Engine) -> bool:
        for var, d in enumerate(engine.dom):
            if d == BOOL:
                return engine.set(var, FALSE)
        return True


class Unsound(toygenre.Onesum):
    name = "unsound"
    aliases = ()

    def build(self, instance: tuple[list[int], int]) -> Model:
        model = super().build(instance)
        model.add(FirstIsZero(len(instance[0])))
        return model


class AcceptsAnything(toygenre.Onesum):
    name = "gullible"
    aliases = ()

    def accept(self, instance: tuple[list[int], int], values: Sequence[int]) -> list[Violation]:
        return []


class CrashyParser(toygenre.Onesum):
    name = "crashy"
    aliases = ()

    def parse(self, block: Block) -> tuple[list[int], int]:
        if any(ch not in "01." for ch in block.rows[0]):
            return block.rows[99]  # type: ignore[return-value]  # IndexError on bad input
        return super().parse(block)


class SatOnesum(toygenre.Onesum):
    """With a SAT encoding; ``lax`` leaves the sum out (the SAT engine returns non-solutions),
    ``strict`` forbids a 1 in the second cell (it misses a solution)."""

    name = "satones"
    aliases = ()
    lax = False
    strict = False

    def sat_encoding(self, instance: tuple[list[int], int]) -> SatEncoding:
        cells, total = instance
        lits = [v + 1 for v in range(len(cells))]
        clauses = [] if self.lax else exactly(lits, [total])
        clauses += [[lit if mask == TRUE else -lit] for lit, mask in zip(lits, cells) if mask != BOOL]
        clauses += [[-2]] if self.strict else []

        return SatEncoding.boolean(len(lits), clauses)


class LaxSat(SatOnesum):
    name = "laxsat"
    lax = True


class StrictSat(SatOnesum):
    name = "strictsat"
    strict = True


def failures(genre: toygenre.Onesum, bad_levels: Sequence[str] = ()) -> dict[str, str]:
    outcomes = check_puzzle(genre, entry_point=False, bad_levels=bad_levels)
    return {o.check: o.message for o in outcomes if not o.passed}


def test_a_sat_encoding_that_agrees_passes_and_one_that_does_not_fails() -> None:
    assert not failures(SatOnesum())
    # Ten solutions: each engine stops at two, not necessarily the same two; that agrees.
    wide = Example(load_one(SatOnesum(), "# sum: 2\n# expect: multiple\n.....\n"), None)
    check_independent_engine(SatOnesum(), wide)
    found = failures(StrictSat())
    assert set(found) == {"independent-engine[rows.txt#1-two of four]", "independent-engine[rows.txt#2-three of four]"}
    assert "the SAT engine says unique with 1 solution(s), the propagators multiple with 2" in "".join(found.values())
    found = failures(LaxSat())
    assert len(found) == 2 and all("produced a non-solution" in message for message in found.values())


def test_the_toy_genre_passes() -> None:
    assert failures(toygenre.Onesum(), bad_levels=["# sum: 1\n1x0\n"]) == {}


def test_an_unsound_propagator_fails_the_soundness_check() -> None:
    found = failures(Unsound())
    sound = [m for check, m in found.items() if check.startswith("sound-propagation")]
    assert sound, found
    assert "propagation at the root removed the known value 1 of variable 1 (rule 'greedy')" in sound[0]


def test_an_accept_that_takes_anything_fails_the_flip_check() -> None:
    found = failures(AcceptsAnything())
    flips = [m for check, m in found.items() if check.startswith("flips-rejected")]
    assert flips and "accept() takes the solution with variable" in flips[0]


def test_a_parser_that_crashes_on_bad_input_fails() -> None:
    found = failures(CrashyParser(), bad_levels=["# sum: 1\n1x0\n"])
    assert "bad level raised IndexError instead of LevelError" in found["bad-levels-located"]
    damaged = [m for check, m in found.items() if check.startswith("damaged-levels-located")]
    assert damaged and "raised IndexError" in damaged[0]


def test_a_genre_without_examples_fails() -> None:
    class Bare(toygenre.Onesum):
        name = "bare"

        def example_paths(self) -> list:  # type: ignore[type-arg]
            return []

    assert "ships no examples" in failures(Bare())["has-examples"]


def test_an_uninstalled_genre_fails_the_entry_point_check() -> None:
    host = make_host(plugins=[toygenre])
    outcomes = check_puzzle("onesum", host=host)
    registered = next(o for o in outcomes if o.check == "registered")
    assert not registered.passed
    assert "not loaded from an installed distribution" in registered.message


def test_the_report_reads_well() -> None:
    report = describe_outcomes(check_puzzle(Unsound(), entry_point=False))
    assert "FAIL  sound-propagation[rows.txt#" in report
    assert report.endswith("skipped")


def test_selftest_command() -> None:
    result = CliRunner().invoke(main, ["selftest", "slitherlink"])
    assert result.exit_code == 0, result.output
    assert "ok    sound-propagation[first.txt#1-first]" in result.output
    broken = make_host(entrypoints=False, plugins=[_plugin_for(Unsound())])
    result = CliRunner().invoke(main, ["selftest", "unsound", "--no-entry-point"], obj=broken)
    assert result.exit_code == 1
    assert "FAIL  sound-propagation" in result.output


def _plugin_for(genre: toygenre.Onesum) -> object:
    from types import SimpleNamespace

    from puzzlekit import hookimpl

    @hookimpl
    def puzzlekit_register_genres(registry: object) -> None:
        registry.add(genre)  # type: ignore[attr-defined]

    return SimpleNamespace(__name__=f"plugin-{genre.name}", puzzlekit_register_genres=puzzlekit_register_genres)


def test_pytest_reports_each_failing_check_of_a_broken_genre(pytester: pytest.Pytester) -> None:
    pytester.syspathinsert(str(__import__("pathlib").Path(__file__).parent))
    pytester.makepyfile(
        textwrap.dedent(
            """
            from test_harness import Unsound, _plugin_for
            from puzzlekit.host import make_host
            from puzzlekit.testing import PuzzleConformance

            class TestUnsound(PuzzleConformance):
                puzzle = "unsound"
                entry_point = False

                @classmethod
                def host(cls):
                    return make_host(entrypoints=False, plugins=[_plugin_for(Unsound())])
            """
        )
    )
    result = pytester.runpytest("-q", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=2, passed=17, skipped=8)  # test_playable twice (no places), test_brute_force
    assert "During handling" not in result.stdout.str()
    result.stdout.fnmatch_lines(["*propagation at the root removed the known value 1 of variable 1 (rule 'greedy')*"])


# -- the culprit, brute force on small boards, bad levels and generation in both runners --

HASTY = Rule("hasty", 1, "wrongly fixes the third cell to 0")


class ThirdIsZero(Propagator):
    """Unsound on purpose: the third cell becomes 0, after which the row sum cannot be met."""

    rule = HASTY

    def __init__(self) -> None:
        self.watches = ()

    def propagate(self, engine: Engine) -> bool:
        return engine.set(2, FALSE, (), None)


class Culprit(toygenre.Onesum):
    """The row-sum rule notices the damage ThirdIsZero does; the harness must name ThirdIsZero."""

    name = "culprit"
    aliases = ()

    def build(self, instance: tuple[list[int], int]) -> Model:
        model = super().build(instance)
        model.propagators.insert(0, ThirdIsZero())  # it runs first; row-sum then notices
        return model


def test_the_harness_names_the_rule_that_removed_the_value_not_the_one_that_noticed() -> None:
    found = failures(Culprit())
    sound = [m for check, m in found.items() if check.startswith("sound-propagation")]
    assert sound and all("(rule 'hasty')" in m for m in sound), sound
    assert any("and then found a contradiction" in m for m in sound)
    assert not any("'row-sum'" in m for m in sound)


class Sampled(toygenre.Onesum):
    """With a small-board sampler: rows of 1-6 cells, some given, any sum (none, one, many)."""

    name = "sampled"
    aliases = ()

    def small_board(self, rng: Rng) -> tuple[list[int], int]:
        n = rng.between(1, 6)
        cells = [rng.choice((BOOL, BOOL, FALSE, TRUE)) for _ in range(n)]
        return cells, rng.between(0, n + 1)


class SampledUnsound(Sampled):
    name = "sampledunsound"

    def build(self, instance: tuple[list[int], int]) -> Model:
        model = super().build(instance)
        model.add(FirstIsZero(len(instance[0])))
        return model


def test_brute_force_on_small_boards_passes_a_sound_genre_and_fails_an_unsound_one() -> None:
    check_brute_force(Sampled(), 300)
    with pytest.raises(Failed, match="brute force finds"):
        check_brute_force(SampledUnsound(), 300)
    with pytest.raises(Skipped, match="no small-board sampler"):
        check_brute_force(toygenre.Onesum(), 10)
    outcomes = check_puzzle(SampledUnsound(), entry_point=False, brute_force=100)
    assert any(o.check == "brute-force" and not o.passed for o in outcomes)


def test_a_sampler_that_makes_huge_boards_is_refused() -> None:
    class Huge(Sampled):
        name = "huge"

        def small_board(self, rng: Rng) -> tuple[list[int], int]:
            return [BOOL] * 20, 3

    with pytest.raises(Failed, match="assignments"):
        check_brute_force(Huge(), 1)


def test_genre_bad_levels_are_checked_by_check_puzzle_and_selftest(tmp_path: pytest.TempPathFactory) -> None:
    class Lenient(toygenre.Onesum):
        """Refuses nothing: a bad level the genre names is accepted, which must fail."""

        name = "lenient"
        bad_levels = ("# sum: 1\n...\n",)

    assert "should be refused" in failures(Lenient())["bad-levels-located"]
    host = make_host(entrypoints=False, plugins=[_plugin_for(Sampled())])
    bad = __import__("pathlib").Path(str(tmp_path)) / "bad.txt"
    bad.write_text("# sum: 1\n1x0\n---\n# sum: 1\n12\n", encoding="utf-8")
    args = ["selftest", "sampled", "--no-entry-point", "--brute-force", "50", "--bad-levels", str(bad)]
    result = CliRunner().invoke(main, args, obj=host)
    assert result.exit_code == 0, result.output
    assert "ok    brute-force" in result.output and "ok    bad-levels-located" in result.output
    bad.write_text("# sum: 1\n1.0\n", encoding="utf-8")  # a fine level listed as bad
    result = CliRunner().invoke(main, args, obj=host)
    assert result.exit_code == 1 and "FAIL  bad-levels-located" in result.output


def test_selftest_and_the_pytest_class_decide_generation_the_same_way() -> None:
    assert checks.generates(make_host().genre("slitherlink"))
    assert not checks.generates(toygenre.Onesum())
    assert PuzzleConformance.generates is None  # auto: the same test as selftest's
