"""``PuzzleConformance``: the shared test suite a genre author subclasses.

    from puzzlekit.testing import PuzzleConformance

    class TestMyGenre(PuzzleConformance):
        puzzle = "mygenre"

pytest then runs every conformance check on the genre's bundled examples, each
as a test of its own (``test_sound_propagation[first.txt#1]`` and so on).  The
examples are parametrized by puzzlekit's pytest plugin (``puzzlekit.testing.
pytest_plugin``, loaded automatically once puzzlekit is installed).
Capability flags switch off checks for what a genre does not offer; they are
skipped, not failed.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import ClassVar

import pytest

from puzzlekit.genre import Genre
from puzzlekit.host import Host, make_host
from puzzlekit.testing import checks
from puzzlekit.testing.checks import Example, Failed, Skipped


class PuzzleConformance:
    """Subclass with ``puzzle = "name"``; override the class attributes as needed."""

    puzzle: ClassVar[str] = ""
    """The genre's name (or alias), looked up in ``host()``."""
    bad_levels: ClassVar[Sequence[str]] = ()
    """Levels the genre must refuse with a located LevelError (besides ``Genre.bad_levels``,
    which ``puzzlekit selftest`` checks too)."""
    entry_point: ClassVar[bool] = True
    """Check that the genre is registered through the ``puzzlekit`` entry-point group."""
    generates: ClassVar[bool | None] = None
    """Generation is checked (each difficulty) when the genre generates, as ``selftest``
    decides it (``checks.generates``: it names difficulties or overrides ``generate``);
    ``False`` opts out (skipped with that reason), ``True`` insists (fails if it cannot)."""
    brute_force: ClassVar[int] = 0
    """Random small boards (``Genre.small_board``) to compare with brute-force enumeration;
    0 is off.  ``PUZZLEKIT_BRUTE_BOARDS=N`` in the environment overrides it (benchmarks
    and release checks run thousands)."""
    hints: ClassVar[bool] = True
    """Hints come from the engine for every genre; switch off only for a genre whose
    examples cannot be hinted (puzzles without a unique solution are skipped anyway)."""

    @classmethod
    def host(cls) -> Host:
        """The plugin host to find the genre in; override to inject one in tests."""
        return make_host()

    @classmethod
    def genre(cls) -> Genre:
        if not cls.puzzle:
            raise Failed(f"{cls.__name__} must set puzzle = 'genre name'")
        return cls.host().genre(cls.puzzle)

    @classmethod
    def examples(cls) -> list[Example]:
        return checks.examples(cls.genre())

    @staticmethod
    def _run(check: object, *args: object) -> None:
        skipped = failed = None
        try:
            check(*args)  # type: ignore[operator]
        except Skipped as why:
            skipped = str(why)
        except Failed as why:
            failed = str(why)
        # Outside the except blocks, so pytest shows the message alone, not a chain.
        if skipped is not None:
            pytest.skip(skipped)
        if failed is not None:
            pytest.fail(failed, pytrace=False)

    # -- once per genre --------------------------------------------------------------

    def test_registered_through_entry_point(self) -> None:
        if not self.entry_point:
            pytest.skip("entry_point = False")
        self._run(checks.check_registered, self.genre(), self.host())

    def test_has_examples(self) -> None:
        self._run(checks.check_has_examples, self.genre())

    def test_bad_levels_are_located(self) -> None:
        genre = self.genre()
        self._run(checks.check_bad_levels_located, genre, (*genre.bad_levels, *self.bad_levels))

    def test_generates(self) -> None:
        genre = self.genre()
        if self.generates is False:
            pytest.skip("generation checks are switched off (generates = False)")
        if self.generates is None and not checks.generates(genre):
            pytest.skip("the genre does not generate puzzles (no Genre.difficulties)")
        self._run(checks.check_generates, genre)

    def test_brute_force(self) -> None:
        boards = int(os.environ.get("PUZZLEKIT_BRUTE_BOARDS") or self.brute_force)
        if not boards:
            pytest.skip("brute force is off (brute_force = 0)")
        self._run(checks.check_brute_force, self.genre(), boards)

    # -- once per example (parametrized by the pytest plugin) ---------------------------

    def test_round_trip(self, example: Example) -> None:
        self._run(checks.check_round_trip, self.genre(), example)

    def test_expected_status(self, example: Example) -> None:
        self._run(checks.check_expected_status, self.genre(), example)

    def test_solutions_accepted(self, example: Example) -> None:
        self._run(checks.check_solutions_accepted, self.genre(), example)

    def test_known_solution_accepted(self, example: Example) -> None:
        self._run(checks.check_known_solution_accepted, self.genre(), example)

    def test_sound_propagation(self, example: Example) -> None:
        self._run(checks.check_sound_propagation, self.genre(), example)

    def test_flips_rejected(self, example: Example) -> None:
        self._run(checks.check_flips_rejected, self.genre(), example)

    def test_damaged_levels_located(self, example: Example) -> None:
        self._run(checks.check_bad_levels_located, self.genre(), (), example)

    def test_deterministic(self, example: Example) -> None:
        self._run(checks.check_deterministic, self.genre(), example)

    def test_hint(self, example: Example) -> None:
        if not self.hints:
            pytest.skip("hints are switched off for this genre (hints = False)")
        self._run(checks.check_hint, self.genre(), example)

    def test_independent_engine(self, example: Example) -> None:
        self._run(checks.check_independent_engine, self.genre(), example)

    def test_playable(self, example: Example) -> None:
        self._run(checks.check_playable, self.genre(), example)
