"""A second, independent engine: the puzzle as CNF, solved by a SAT solver (python-sat).

It shares no reasoning with the propagators, which is the point: tests prove
generated and shipped puzzles unique with it, and ``solve --engine sat`` offers it
to users.  A genre opts in with ``Genre.sat_encoding``: clauses for its local
rules, plus a ``refine`` step for what is awkward in CNF (one loop, one group of
islands): each candidate the solver finds is checked, and when it breaks the rule
a clause that forbids it (and its like) is added, until a real solution or none.
Counting to N adds a clause blocking each solution found.

Optional: ``pip install 'puzzlekit-engine[sat]'``.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

from puzzlekit.core import clock
from puzzlekit.core.search import Status
from puzzlekit.engines.encoding import Clause as Clause  # the encoding lives with the genre contract
from puzzlekit.engines.encoding import Cnf as Cnf
from puzzlekit.engines.encoding import SatEncoding as SatEncoding  # (issue 22); plugins import it from here
from puzzlekit.engines.encoding import count_between as count_between
from puzzlekit.engines.encoding import exactly as exactly
from puzzlekit.engines.encoding import exactly_one as exactly_one
from puzzlekit.engines.encoding import loop_cuts as loop_cuts
from puzzlekit.engines.encoding import value_table as value_table
from puzzlekit.errors import MissingExtra, PuzzlekitError
from puzzlekit.genre import Genre


@dataclass(frozen=True)
class SatOutcome:
    status: Status
    solutions: list[list[int]]
    seconds: float
    rounds: int
    """Solver calls, refinements included."""
    exhausted: bool
    stopped_by: str | None = None


SOLVER = "cadical153"
"""The solver without a deadline: the fastest here on these encodings, but CaDiCaL
cannot be interrupted mid-call."""

INTERRUPTIBLE = "minisat22"
"""The solver under a deadline: a timer calls ``interrupt()`` when the time is up, so a
single hard call cannot run past ``--timeout``.  MiniSat looks at the interrupt at every
decision and conflict; Glucose, used before, went on for 10 s and more past it on an
empty 50x50 Akari (few conflicts, long propagations), and was no faster on the corpus."""


def solve_sat(
    genre: Genre, instance: object, limit: int = 2, timeout: float | None = 60.0, solver: str | None = None
) -> SatOutcome:
    """Count solutions up to ``limit`` with a SAT solver; "undecided" when time runs out.

    ``timeout`` covers the encoding and every solver call: a call still running at the
    deadline is interrupted.  ``solver`` names a python-sat solver (default: see
    :data:`SOLVER` and :data:`INTERRUPTIBLE`).
    """
    try:
        from pysat.solvers import Solver
    except ImportError:
        raise MissingExtra("the SAT engine needs python-sat: pip install 'puzzlekit-engine[sat]'") from None
    started = time.perf_counter()
    deadline = started + timeout if timeout else None
    solutions: list[list[int]] = []
    rounds = 0

    def stopped() -> SatOutcome:
        status = Status.MULTIPLE if len(solutions) >= 2 else Status.UNDECIDED
        return SatOutcome(status, solutions, time.perf_counter() - started, rounds, False, "timeout")

    try:
        with clock.until(deadline):  # writing the clauses of a 200x200 board takes seconds
            encoding = genre.sat_encoding(instance)
    except clock.Timeout:
        return stopped()
    name = solver or (SOLVER if deadline is None else INTERRUPTIBLE)
    with Solver(name=name) as sat:
        if not _load(sat, encoding.clauses, deadline):
            return stopped()
        while True:
            if deadline is not None and time.perf_counter() >= deadline:
                return stopped()
            rounds += 1
            answer = sat.solve() if deadline is None else _solve_until(sat, deadline)
            if answer is None:
                return stopped()
            if not answer:
                break
            model = sat.get_model() or []
            values = encoding.decode({lit for lit in model if lit > 0})
            extra = encoding.refine(values)
            if extra:
                for clause in extra:
                    sat.add_clause(clause)
                continue
            if genre.accept(instance, values):
                raise PuzzlekitError(f"the {genre.name} SAT encoding produced a non-solution; this is a bug")
            solutions.append(values)
            if len(solutions) >= limit:
                break
            sat.add_clause(encoding.block(values))
    exhausted = len(solutions) < limit
    if len(solutions) >= 2:
        status = Status.MULTIPLE
    elif exhausted:
        status = Status.UNIQUE if solutions else Status.NONE
    else:
        status = Status.UNDECIDED
    return SatOutcome(status, solutions, time.perf_counter() - started, rounds, exhausted)


LOAD_CHUNK = 20_000
"""Clauses handed to the solver between two looks at the clock."""


def _load(sat: Any, clauses: list[Clause], deadline: float | None) -> bool:
    """Give the solver its clauses, a chunk at a time; False when the deadline passed first."""
    for start in range(0, len(clauses), LOAD_CHUNK):
        if deadline is not None and time.perf_counter() >= deadline:
            return False
        sat.append_formula(clauses[start : start + LOAD_CHUNK])
    return True


def _solve_until(sat: Any, deadline: float) -> bool | None:
    """One solver call that a timer interrupts at ``deadline``: None when it was."""
    timer = threading.Timer(max(0.0, deadline - time.perf_counter()), sat.interrupt)
    timer.daemon = True
    timer.start()
    try:
        answer: bool | None = sat.solve_limited(expect_interrupt=True)
    finally:
        timer.cancel()
    sat.clear_interrupt()
    return answer
