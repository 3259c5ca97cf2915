"""The conformance checks, as plain functions that need no pytest.

Each check takes a genre and one example (or none) and raises ``Failed`` with
a readable message, or ``Skipped`` when the genre does not offer what it
checks.  ``check_puzzle`` runs them all and reports every outcome;
``PuzzleConformance`` (conformance.py) runs the same functions as pytest tests.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property, partial
from pathlib import Path

from puzzlekit.api import Puzzle, SolveResult, judge, load, rung_name, solve
from puzzlekit.core.engine import Engine
from puzzlekit.core.model import Model, domains_of, values_of
from puzzlekit.core.rng import Rng
from puzzlekit.core.search import SearchOutcome, Status, count_solutions
from puzzlekit.errors import LevelError, PuzzlekitError
from puzzlekit.formats.level import read_blocks, write_block
from puzzlekit.genre import SOLUTION_SUFFIX, Genre
from puzzlekit.host import Host, make_host


class Failed(AssertionError):
    """A conformance check failed; the message says what and where."""


class Skipped(Exception):
    """A check that does not apply to this genre (a capability it does not offer)."""


@dataclass(frozen=True)
class Example:
    """One example puzzle, with the known solution's domains when the genre ships one."""

    puzzle: Puzzle
    known: list[int] | None
    """The known solution as values (unmarked counts as the smallest value, as in check)."""

    @cached_property
    def solved(self) -> SolveResult:
        """The example solved once (up to three solutions, the default budgets), shared
        by the checks that need the solver's answer."""
        return solve(self.puzzle.genre, self.puzzle, limit=3, timeout=60)

    @property
    def id(self) -> str:
        title = self.puzzle.meta.get("title")
        name = Path(self.puzzle.source).name
        return f"{name}#{self.puzzle.index + 1}" + (f"-{title}" if title else "")


def examples(genre: Genre) -> list[Example]:
    """Every bundled example, paired with ``NAME.solution.txt`` blocks by order."""
    found: list[Example] = []
    for path in genre.example_paths():
        puzzles = load(genre, path.read_text(encoding="utf-8"), str(path))
        known: list[list[int] | None] = [None] * len(puzzles)
        solution = path.with_name(path.stem + SOLUTION_SUFFIX)
        if solution.is_file():
            blocks = read_blocks(solution.read_text(encoding="utf-8"), str(solution))
            if len(blocks) != len(puzzles):
                raise Failed(f"{solution} holds {len(blocks)} solutions for {len(puzzles)} puzzles")
            known = [genre.finished(p.instance, genre.parse_state(p.instance, b)) for p, b in zip(puzzles, blocks)]
        found.extend(Example(p, k) for p, k in zip(puzzles, known))
    return found


# -- the checks -----------------------------------------------------------------


def check_registered(genre: Genre, host: Host | None = None) -> None:
    """The genre comes through the ``puzzlekit`` entry-point group, like any plugin."""
    host = host or make_host()
    try:
        entry = host.registry.entry(genre.name)
    except PuzzlekitError:
        raise Failed(
            f"genre {genre.name!r} is not registered through the 'puzzlekit' entry-point group; "
            "declare it in pyproject.toml under [project.entry-points.puzzlekit]"
        ) from None
    if entry.origin.distribution is None:
        raise Failed(f"genre {genre.name!r} was not loaded from an installed distribution")


def check_has_examples(genre: Genre) -> None:
    """A genre ships example levels, each with ``# expect:``."""
    found = examples(genre)
    if not found:
        raise Failed(f"genre {genre.name!r} ships no examples (Genre.example_paths() is empty)")
    for ex in found:
        if ex.puzzle.expect() is None:
            raise Failed(f"{ex.puzzle.where}: an example needs '# expect: unique|multiple|none'")


def check_round_trip(genre: Genre, ex: Example) -> None:
    """Writing a puzzle (and its known solution) and reading it back changes nothing."""
    p = ex.puzzle
    text = p.text()
    (again,) = load(genre, text, "<round trip>")
    if again.text() != text:
        raise Failed(f"{p.where}: the puzzle does not read back as written:\n{text}\nbecame\n{again.text()}")
    if ex.known is not None:
        rows = genre.write(p.instance, domains_of(ex.known))
        (block,) = read_blocks(write_block(rows, p.meta), "<round trip>")
        if genre.finished(again.instance, genre.parse_state(again.instance, block)) != ex.known:
            raise Failed(f"{p.where}: the known solution does not read back as written")


def check_expected_status(genre: Genre, ex: Example) -> None:
    """Solving gives the status the example's ``# expect:`` states."""
    expected = ex.puzzle.expect()
    result = ex.solved
    if result.status.value != expected:
        raise Failed(f"{ex.puzzle.where}: expected {expected}, the solver says {result.status.value}")


def check_solutions_accepted(genre: Genre, ex: Example) -> None:
    """Every solution the solver returns passes the genre's own ``accept``."""
    for i, solution in enumerate(ex.solved.solutions, start=1):
        problems = genre.accept(ex.puzzle.instance, solution.values)
        if problems:
            raise Failed(f"{ex.puzzle.where}: solution {i} breaks the rules: {problems[0].message}")


def _known(ex: Example) -> list[int]:
    if ex.known is None:
        raise Skipped(f"{ex.puzzle.where}: no known solution ({SOLUTION_SUFFIX} file) to check against")
    return ex.known


def check_known_solution_accepted(genre: Genre, ex: Example) -> None:
    """The known solution passes ``accept``."""
    problems = genre.accept(ex.puzzle.instance, _known(ex))
    if problems:
        raise Failed(f"{ex.puzzle.where}: accept() rejects the known solution: {problems[0].message}")


def check_sound_propagation(genre: Genre, ex: Example, rounds: int = 20, rung_rounds: int = 6) -> None:
    """Propagation never removes a value of the known solution: the whole ladder at the
    root and from ``rounds`` random partial states of that solution, then each rung alone
    (``Engine(only=rung)``) from ``rung_rounds`` more, so that a dear rung is checked even
    where the cheap rungs would solve the example before it ever ran (deterministic)."""
    values = _known(ex)
    model = genre.build(ex.puzzle.instance)
    rng = random.Random(f"{genre.name}:{ex.id}")
    describe = partial(genre.describe, ex.puzzle.instance)
    for rung in (None, *range(1, len(model.ladder) + 1)):
        problem = unsound_from(model, values, rng, rounds if rung is None else rung_rounds, rung, describe)
        if problem is not None:
            raise Failed(f"{ex.puzzle.where}: {problem}")


def unsound_from(
    model: Model,
    values: Sequence[int],
    rng: random.Random,
    rounds: int,
    rung: int | None = None,
    describe: Callable[[int], str] = lambda var: f"variable {var}",
) -> str | None:
    """Run the model's propagators (all of them, or rung ``rung`` alone) at the root and
    from ``rounds`` random partial states of the solution ``values``: what went wrong first
    (a removed value of ``values``, named with its rule, or a contradiction), or None."""
    alone = "" if rung is None else f" with rung {rung} alone"
    for attempt in range(rounds + 1):
        engine = Engine(model, record=True, only=rung)
        if attempt:  # fix a random part of the solution first
            share = rng.random()
            for var, value in enumerate(values):
                if rng.random() < share:
                    engine.dom[var] &= 1 << value
        where = "at the root" if not attempt else f"from a partial known solution (round {attempt})"
        ok = engine.start()
        found = _culprit(engine, values)
        if found is not None:
            var, rule = found
            then = "" if ok else ", and then found a contradiction"
            what = f"the known value {values[var]} of {describe(var)}"
            return f"propagation{alone} {where} removed {what} (rule {rule!r}){then}"
        if not ok:
            rule = engine.props[engine.failed].rule.name if engine.failed >= 0 else "?"
            return f"propagation{alone} {where} found a contradiction (rule {rule!r})"
    return None


def _culprit(engine: Engine, values: Sequence[int]) -> tuple[int, str] | None:
    """The first narrowing in the log that removed a known value: its variable and rule.

    That rule is the unsound one; the rule that later hit the contradiction only
    noticed the damage."""
    for entry in engine.log or []:
        if entry.by >= 0 and not entry.mask >> values[entry.var] & 1:
            return entry.var, engine.props[entry.by].rule.name
    return None


def check_flips_rejected(genre: Genre, ex: Example) -> None:
    """Changing any one variable of a solution makes ``accept`` complain."""
    if ex.known is not None:
        values = ex.known
    else:
        result = ex.solved
        if result.status != Status.UNIQUE:
            raise Skipped(f"{ex.puzzle.where}: no single solution to flip")
        values = list(result.solutions[0].values)
    domains = genre.build(ex.puzzle.instance).domains
    for var, value in enumerate(values):
        for other in values_of(domains[var]):
            if other != value:
                changed = list(values)
                changed[var] = other
                if not genre.accept(ex.puzzle.instance, changed):
                    name = genre.describe(ex.puzzle.instance, var)
                    raise Failed(f"{ex.puzzle.where}: accept() takes the solution with {name} set to {other}")


def mutations(text: str) -> Iterator[str]:
    """Deterministic damage to a level: odd characters, ragged and missing rows."""
    lines = text.split("\n")
    body = [number - 1 for block in read_blocks(text) for number in block.lines]
    for i in body[:6]:
        for junk in ("§", "\t", "9", "#x", ""):
            line = lines[i]
            for col in {0, len(line) // 2, max(len(line) - 1, 0)}:
                damaged = list(lines)
                damaged[i] = line[:col] + junk + line[col + 1 :]
                yield "\n".join(damaged)
    if body:
        yield "\n".join(lines[: body[-1]])  # a row short
        yield text + "\n" + lines[body[0]] + "!"  # a stray row after the block
        yield text.replace("\n", "\r\n")
        yield "\ufeff" + text


def check_bad_levels_located(genre: Genre, bad_levels: Sequence[str], ex: Example | None = None) -> None:
    """Malformed levels raise LevelError with a line and a column, never anything else."""
    samples = list(bad_levels)
    for text in samples:
        try:
            load(genre, text, "<bad>")
        except LevelError as err:
            if err.line < 1 or err.col < 1:
                raise Failed(f"bad level gave an error without line and column: {err}") from None
            continue
        except Exception as err:
            raise Failed(f"bad level raised {type(err).__name__} instead of LevelError: {err}") from None
        raise Failed(f"this level should be refused but was accepted:\n{text}")
    if ex is None:
        return
    for text in mutations(ex.puzzle.text()):
        try:
            load(genre, text, "<mutated>")
        except LevelError as err:
            lines = text.split("\n")
            if not 1 <= err.line <= len(lines) + 1 or err.col < 1:
                raise Failed(f"a damaged level's error points outside it: {err}") from None
        except Exception as err:
            raise Failed(f"a damaged level raised {type(err).__name__} instead of LevelError: {err}\n{text}") from None


def check_deterministic(genre: Genre, ex: Example) -> None:
    """The same input gives the same result and the same node count."""
    first = _fingerprint(genre, ex)
    second = _fingerprint(genre, ex)
    if first != second:
        raise Failed(f"{ex.puzzle.where}: two solves differ: {first} then {second}")


def _fingerprint(genre: Genre, ex: Example) -> tuple[object, ...]:
    model = genre.solving_model(ex.puzzle.instance)
    outcome = count_solutions(model, limit=2, max_nodes=20_000, timeout=None)
    return (
        outcome.status,
        outcome.nodes,
        [tuple(s) for s in outcome.solutions],
        rung_name(genre, outcome.rung),
    )


def generates(genre: Genre) -> bool:
    """Does the genre generate puzzles?  The one test both ``selftest`` and
    ``PuzzleConformance`` use: it names difficulties or overrides ``Genre.generate``."""
    return bool(genre.difficulties) or type(genre).generate is not Genre.generate


MAX_ENUMERATED = 1 << 16
"""Assignments the brute-force check enumerates per board at most."""


def _brute_solutions(genre: Genre, instance: object, domains: Sequence[int], limit: int) -> list[list[int]]:
    """Every full assignment of the model's starting domains that ``Genre.is_solution``
    takes (``accept``'s verdict, or a genre's quicker one held to it), up to ``limit``:
    nothing of the propagators is used."""
    choices = [values_of(d) for d in domains]
    size = 1
    for c in choices:
        size *= len(c)
    if size > MAX_ENUMERATED:
        raise Failed(
            f"the small-board sampler made a board with {size:,} assignments (at most {MAX_ENUMERATED:,}):\n"
            + "\n".join(genre.write(instance))
        )
    found: list[list[int]] = []
    is_solution = genre.is_solution
    for combo in itertools.product(*choices):
        if is_solution(instance, combo):
            found.append(list(combo))
            if len(found) >= limit:
                break
    _agrees_with_accept(genre, instance, choices, found)
    return found


AGREEMENT_SAMPLES = 200
"""Random assignments per board on which an overridden ``Genre.is_solution`` is held to
``accept`` (besides every solution found and every one-value change of it)."""


def _agrees_with_accept(genre: Genre, instance: object, choices: list[list[int]], found: list[list[int]]) -> None:
    """A genre's own ``is_solution`` says what ``accept`` says: on the solutions the brute
    force found, on each of them with one value changed, and on random assignments."""
    if type(genre).is_solution is Genre.is_solution:
        return
    rng = random.Random(f"{genre.name}:is_solution")
    tried = [list(s) for s in found]
    for solution in found:
        for v, values in enumerate(choices):
            tried += [[*solution[:v], k, *solution[v + 1 :]] for k in values if k != solution[v]]
    tried += [[rng.choice(values) for values in choices] for _ in range(AGREEMENT_SAMPLES)]
    for values in tried:
        quick = genre.is_solution(instance, values)
        if quick != (not genre.accept(instance, values)):
            raise Failed(
                f"is_solution and accept disagree on {values} (is_solution says {quick}):\n"
                + "\n".join(genre.write(instance))
            )


RUNG_STATES = 4
"""Random partial solutions per rung and small board from which ``check_brute_force`` runs
each rung alone (``unsound_from``), besides the root."""


def check_brute_force(genre: Genre, boards: int, seed: str = "conformance") -> None:
    """On ``boards`` random small boards from ``Genre.small_board``, the solver's status
    and solution agree with enumerating every assignment through ``accept``, and on each
    board with a solution every rung alone removes no value of it, at the root and from
    :data:`RUNG_STATES` random partial solutions (an unsound dear rung is caught even when
    the cheap rungs solve the board first)."""
    if type(genre).small_board is Genre.small_board:
        raise Skipped(f"{genre.name} has no small-board sampler (Genre.small_board)")
    rng = Rng(f"{genre.name}:brute-force:{seed}")
    for index in range(boards):
        instance = genre.small_board(rng)
        model = genre.solving_model(instance)
        brute = _brute_solutions(genre, instance, model.domains, 3)
        outcome = count_solutions(model, limit=2, max_nodes=100_000, timeout=None, record=False)
        expected = Status.NONE if not brute else Status.UNIQUE if len(brute) == 1 else Status.MULTIPLE
        board = "\n".join(genre.write(instance))
        _agrees(genre, instance, brute, expected, outcome, "the solver", f"small board {index + 1}", board)
        if expected == Status.UNIQUE and outcome.solutions[0] != brute[0]:
            raise Failed(f"small board {index + 1}: the solver's solution is not the only one:\n{board}")
        if model.cnf is not None:
            _learning_agrees(genre, instance, brute, expected, f"small board {index + 1}", board)
        if brute:
            states = random.Random(f"{genre.name}:rungs:{seed}:{index}")
            solution = brute[states.randrange(len(brute))]
            describe = partial(genre.describe, instance)
            for rung in range(1, len(model.ladder) + 1):
                problem = unsound_from(model, solution, states, RUNG_STATES, rung, describe)
                if problem is not None:
                    raise Failed(f"small board {index + 1}: {problem}:\n{board}")


@contextmanager
def _learning_forced() -> Iterator[None]:
    """The learning search on every search, however small (``fdtwin.MIN_OPEN`` and
    ``search.SMALL_TREE`` at 0): a small board never reaches it otherwise."""
    from puzzlekit.core import fdtwin, search

    saved = fdtwin.MIN_OPEN, search.SMALL_TREE
    fdtwin.MIN_OPEN, search.SMALL_TREE = 0, 0
    try:
        yield
    finally:
        fdtwin.MIN_OPEN, search.SMALL_TREE = saved


def _learning_agrees(
    genre: Genre, instance: object, brute: list[list[int]], expected: Status, where: str, board: str
) -> None:
    """The model's clause twin (``Model.cnf``), driven by the learning search with no
    deduction before it (``max_rung=0``: on a small board the first rung alone often
    decides, and the twin would never be asked), finds what enumeration found: a
    twin that forbids a real solution, or allows a non-solution the leaf check misses,
    fails here rather than on some large board."""
    model = genre.solving_model(instance)
    with _learning_forced():
        outcome = count_solutions(model, limit=2, max_nodes=100_000, timeout=None, record=False, max_rung=0)
    _agrees(genre, instance, brute, expected, outcome, "the learning search over Model.cnf", where, board)


def _agrees(
    genre: Genre,
    instance: object,
    brute: list[list[int]],
    expected: Status,
    outcome: SearchOutcome,
    who: str,
    where: str,
    board: str,
) -> None:
    """``who``'s status is enumeration's, and every solution it returned is one."""
    if outcome.status != expected:
        raise Failed(
            f"{where}: brute force finds {len(brute)}{'+' if len(brute) == 3 else ''} "
            f"solution(s), {who} says {outcome.status.value}:\n{board}"
        )
    for solution in outcome.solutions:
        # Beyond the enumeration's limit of three, a solution is judged by accept alone.
        if solution not in brute and genre.accept(instance, solution):
            raise Failed(f"{where}: {who} returned a non-solution:\n{board}")


def check_generates(genre: Genre, size: str | None = None) -> None:
    """Every difficulty the genre names gives a puzzle that is unique, stamped with the
    tier it needs, and the same again from the same seed; at ``size`` (WxH), by default
    the genre's ``daily_size``, a size it makes in every difficulty (a 7x7 Sudoku has no
    boxes, so Sudoku's is 9x9)."""
    from puzzlekit.generation import GenerateRequest, fits, generate, needed_rung

    if not genre.difficulties:
        raise Failed(f"{genre.name} generates but names no difficulties (Genre.difficulties)")
    cols, rows = (int(side) for side in (size or genre.daily_size).split("x"))
    for difficulty, target in genre.difficulties.items():
        request = GenerateRequest(cols, rows, difficulty)
        (made,) = generate(genre, request, "conformance", timeout=120)
        rung = needed_rung(genre, made.instance)
        if rung == 0:
            raise Failed(f"a generated {difficulty} puzzle is not unique:\n{made.text}")
        if rung != made.rung or not fits(genre, target, rung):
            raise Failed(f"a generated {difficulty} puzzle needs rung {rung}, stamped {made.rung}:\n{made.text}")
        (again,) = generate(genre, request, "conformance", timeout=120)
        if again.text != made.text:
            raise Failed(f"the same seed gave two different {difficulty} puzzles")


def check_hint(genre: Genre, ex: Example) -> None:
    """A hint on the bare puzzle is a step the solution agrees with."""
    from puzzlekit.hints import hint  # only when this check runs

    if ex.puzzle.expect() != "unique":
        raise Skipped(f"{ex.puzzle.where}: hints need a unique puzzle")
    found = hint(genre, ex.puzzle.text())
    if found.kind not in ("deduction", "search") or found.variable is None or found.mask is None:
        raise Failed(f"{ex.puzzle.where}: the first hint on the bare puzzle is {found.kind}: {found.text}")
    answer = ex.known if ex.known is not None else list(ex.solved.solutions[0].values)
    if not found.mask >> answer[found.variable] & 1:
        raise Failed(f"{ex.puzzle.where}: the hint contradicts the solution: {found.text}")


def check_independent_engine(genre: Genre, ex: Example) -> None:
    """The SAT engine, which shares no reasoning with the propagators, finds the same
    status and solutions (for genres with ``Genre.sat_encoding``, when python-sat is
    installed)."""
    if type(genre).sat_encoding is Genre.sat_encoding:
        raise Skipped(f"{genre.name} has no SAT encoding (Genre.sat_encoding)")
    try:
        import pysat  # noqa: F401
    except ImportError:
        raise Skipped("python-sat is not installed (pip install 'puzzlekit-engine[sat]')") from None
    mine = ex.solved
    try:
        sat = solve(genre, ex.puzzle, engine="sat")
    except PuzzlekitError as err:
        raise Failed(f"{ex.puzzle.where}: {err}") from None
    if Status.UNDECIDED in (mine.status, sat.status):
        raise Skipped(f"{ex.puzzle.where}: undecided within the budget")
    found: tuple[object, ...] = (sat.status, sorted(s.values for s in sat.solutions))
    expected: tuple[object, ...] = (mine.status, sorted(s.values for s in mine.solutions))
    if mine.status == Status.MULTIPLE:  # each stopped at two solutions, not necessarily the same two
        found, expected = found[:1], expected[:1]
    if found != expected:
        raise Failed(
            f"{ex.puzzle.where}: the SAT engine says {sat.status.value} with {len(sat.solutions)} solution(s), "
            f"the propagators {mine.status.value} with {len(mine.solutions)}: one of them is wrong"
        )


# -- running them all ---------------------------------------------------------------


def check_playable(genre: Genre, ex: Example) -> None:
    """The places a player marks in the browser (``Genre.places``) fit the model and the
    drawing: one per variable at most, the unmarked mark first (the model's domain), every
    mark allowed by it, outlines inside the picture, and the solution enterable as marks."""
    import re

    from puzzlekit.pictures import can_draw, draw  # only when this check runs

    places = genre.places(ex.puzzle.instance)
    if not places:
        raise Skipped(f"{genre.name} has no places (it cannot be played in the browser)")
    if not can_draw(genre):
        raise Failed(f"{genre.name} has places but no draw_svg: the browser has nothing to show")
    where = ex.puzzle.where
    model = genre.build(ex.puzzle.instance)
    seen: set[int] = set()
    svg = draw(ex.puzzle)
    box = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    width, height = (float(box.group(1)), float(box.group(2))) if box else (float("inf"), float("inf"))
    for place in places:
        var = place.var
        if not 0 <= var < len(model.domains) or var in seen:
            raise Failed(f"{where}: place {var} is not a variable of the model, or is given twice")
        seen.add(var)
        if not place.marks or place.marks[0] != model.domains[var]:
            raise Failed(f"{where}: place {var}'s first mark must be its unmarked domain {model.domains[var]}")
        if any(m == 0 or m & ~model.domains[var] for m in place.marks):
            raise Failed(f"{where}: place {var} has a mark the model does not allow: {place.marks}")
        if len(place.outline) < 3 or not all(-1 <= x <= width + 1 and -1 <= y <= height + 1 for x, y in place.outline):
            raise Failed(f"{where}: place {var}'s outline is not a polygon inside the drawing: {place.outline}")
    answer = (
        ex.known
        if ex.known is not None
        else (list(ex.solved.solutions[0].values) if ex.solved.status == Status.UNIQUE else None)
    )
    if answer is None:
        return
    state = list(model.domains)
    for place in places:
        wanted = 1 << answer[place.var]
        state[place.var] = wanted if wanted in place.marks else place.marks[0]
    result = judge(ex.puzzle, state)
    if result.status != "solved":
        raise Failed(f"{where}: the solution cannot be entered with the places' marks: {result.violations[:3]}")
    for i in range(max(len(p.marks) for p in places)):
        marked = list(model.domains)
        for place in places:
            marked[place.var] = place.marks[i % len(place.marks)]
        draw(ex.puzzle, marked)  # every mark draws


PER_EXAMPLE: tuple[tuple[str, Callable[[Genre, Example], None]], ...] = (
    ("round-trip", check_round_trip),
    ("expected-status", check_expected_status),
    ("solutions-accepted", check_solutions_accepted),
    ("known-solution-accepted", check_known_solution_accepted),
    ("sound-propagation", check_sound_propagation),
    ("flips-rejected", check_flips_rejected),
    ("deterministic", check_deterministic),
    ("hint", check_hint),
    ("independent-engine", check_independent_engine),
    ("playable", check_playable),
)


@dataclass(frozen=True)
class Outcome:
    check: str
    passed: bool
    skipped: bool = False
    message: str = ""

    def __str__(self) -> str:
        mark = "skip" if self.skipped else "ok" if self.passed else "FAIL"
        return f"{mark:4}  {self.check}" + (f": {self.message}" if self.message else "")


def _run(name: str, check: Callable[[], None]) -> Outcome:
    try:
        check()
    except Skipped as why:
        return Outcome(name, True, True, str(why))
    except Failed as why:
        return Outcome(name, False, False, str(why))
    except Exception as err:  # a crash is a failure of the genre, reported, not raised
        return Outcome(name, False, False, f"raised {type(err).__name__}: {err}")
    return Outcome(name, True)


def check_puzzle(
    genre: Genre | str,
    *,
    host: Host | None = None,
    bad_levels: Sequence[str] = (),
    entry_point: bool = True,
    brute_force: int = 0,
) -> list[Outcome]:
    """Run every conformance check on a genre; no pytest needed.

    ``genre`` is a Genre object or a name looked up in ``host`` (default: the
    installed plugins).  ``entry_point=False`` skips the registration check
    (for a genre under construction, not yet installed).  ``bad_levels`` are
    checked along with the genre's own (``Genre.bad_levels``); ``brute_force``
    boards from ``Genre.small_board`` are compared with enumeration (0: off).
    """
    host = host or make_host()
    g = host.genre(genre) if isinstance(genre, str) else genre
    out: list[Outcome] = []
    if entry_point:
        out.append(_run("registered", lambda: check_registered(g, host)))
    out.append(_run("has-examples", lambda: check_has_examples(g)))
    try:
        found = examples(g)
    except (Failed, PuzzlekitError) as err:
        return [*out, Outcome("examples-load", False, False, str(err))]
    levels = (*g.bad_levels, *bad_levels)
    out.append(_run("bad-levels-located", lambda: check_bad_levels_located(g, levels)))
    if generates(g):
        out.append(_run("generates", lambda: check_generates(g)))
    if brute_force:
        out.append(_run("brute-force", lambda: check_brute_force(g, brute_force)))
    for ex in found:
        for name, check in PER_EXAMPLE:
            out.append(_run(f"{name}[{ex.id}]", partial(check, g, ex)))
        out.append(_run(f"damaged-levels-located[{ex.id}]", partial(check_bad_levels_located, g, (), ex)))
    return out


def describe_outcomes(outcomes: Sequence[Outcome]) -> str:
    failed = sum(1 for o in outcomes if not o.passed)
    skipped = sum(1 for o in outcomes if o.skipped)
    lines = [str(o) for o in outcomes]
    lines.append(f"{len(outcomes) - failed - skipped} passed, {failed} failed, {skipped} skipped")
    return "\n".join(lines)


__all__ = [
    "Example",
    "Failed",
    "Outcome",
    "Skipped",
    "check_brute_force",
    "check_puzzle",
    "describe_outcomes",
    "examples",
    "generates",
    "mutations",
    "rung_name",
]
