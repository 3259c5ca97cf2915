"""A search that learns: conflict-driven clause learning over a boolean model's clauses.

The count-to-two search for boolean models whose genre gives a clause twin (the same
CNF the SAT engine uses, ``Genre.sat_encoding``).  It is MiniSat's recipe in pure
Python, on flat lists of ints:

- literals are ints, ``2*var`` for "var is true" and ``2*var + 1`` for false, so
  ``lit ^ 1`` negates; ``val[lit]`` is 1 (true), -1 (false) or 0 (open);
- two watched literals per clause; unit propagation visits only the clauses
  watching a literal that just became false; a clause of two literals lives apart,
  in implication lists (``IMPLICATIONS``): no watch to move, no other literal to scan;
- on a conflict, first-UIP analysis learns a clause, local minimisation drops
  literals implied by the rest, and the search jumps back to the level where the
  clause becomes unit (non-chronological backjumping);
- VSIDS activities (a heap with lazy deletion) pick the branch, saved phases its value;
- Luby restarts; learnt clauses with a high LBD are forgotten at restarts.

What CNF says awkwardly comes in as lemmas, clauses valid for every solution that are
added when the current assignment breaks them: ``Theory`` objects look at the trail
at every propagation fixpoint (``puzzlekit.core.looptheory``: the reach theory crosses
the bridges of the edges still open and refuses lines in two pieces of them), and the twin's
``refine`` looks at every full assignment.  A full assignment that passes both and the
model's ``leaf_check`` is a solution; a clause forbidding it is added and the search
goes on, so counting to N is exact.

Nothing here is a guess: every clause learnt or added is implied by the puzzle, so an
exhausted search is a proof, and a spent budget is reported as such ("undecided").
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Protocol

from puzzlekit.core.clock import tick

Clause = list[int]
"""Literals in DIMACS form (variable ``v`` of the model is ``v + 1``) outside this module;
inside, the ``2*var + sign`` form."""

DEADLINE_EVERY = 64
"""Conflicts or decisions between two looks at the clock."""
RESTART_BASE = 30
"""Conflicts in the first Luby restart interval."""
VAR_DECAY = 0.95
"""Activities fade by this factor per conflict (MiniSat's default)."""
FIRST_REDUCE = 2000
"""Learnt clauses kept before the first clean-up (grows by half each time)."""
IMPLICATIONS = True
"""Clauses of two literals in their own lists (``Cdcl.bins``), visited before the watched
clauses: an implication costs one read there.  Most of a one-hot twin's clauses are
binary (Sudoku: "not two digits in a cell, nor twice one digit in a house"); measured
with benchmarks/versus_sat.py (CPU ratio to CaDiCaL, median, on a loaded machine), Sudoku
famous 2.44x to 2.09x, janko-slither-search 2.78x to 2.28x.  The lists hold the other literal
alone (one shared reason per false literal, ``Cdcl.because``), and ``add_clauses`` takes a
binary clause of two open literals on a short path: the learning searches of the famous
Sudokus, replayed alone, 15-25% less CPU for the same decisions.  False: every clause is
watched (read when a solver is made, for the tests that compare the two)."""


class Twin(Protocol):
    """A boolean model as clauses: what the genre's ``sat_encoding`` returns.

    ``direct`` promises that SAT variable ``v + 1`` is the model's variable ``v`` for
    every variable of the model, any SAT variable past them (up to ``top``) auxiliary
    (``SatEncoding.boolean``); only such twins drive this search."""

    clauses: list[Clause]
    top: int
    direct: bool

    def refine(self, values: list[int]) -> list[Clause]: ...

    def block(self, values: list[int]) -> Clause: ...


class Theory(Protocol):
    """A rule kept outside the clauses, checked on the trail as the search goes.

    ``check`` reads the trail from where it stopped and returns a lemma (internal
    literals, valid for every solution, false or unit now) or None; ``backtrack``
    forgets everything at or past trail position ``size``."""

    forgettable: bool
    """True when ``check`` looks at the whole assignment, so its lemmas may be forgotten
    (they are found again when needed); they go to ``Cdcl.implied`` past the first."""

    def check(self, solver: Cdcl) -> list[int] | None: ...

    def backtrack(self, size: int) -> None: ...

    def block(self, values: list[int]) -> list[int] | None:
        """A short clause forbidding this solution (None: the default, every variable)."""
        ...


def cardinality(literals: Sequence[int], allowed: Sequence[int]) -> list[Clause]:
    """Clauses (DIMACS) saying the number of true ``literals`` is one of ``allowed``, for
    a handful of literals (a cell's edges, a dot's), written so that unit propagation
    alone draws every conclusion the constraint allows, which a search without a SAT
    solver's inprocessing needs: a range ``lo..hi`` is "no ``hi + 1`` of them all true"
    and "no ``n - lo + 1`` of them all false"; "none or two" (a loop's degree) is "no
    three all true" and "each one true needs another"; any other set forbids each wrong
    pattern outright."""
    tick()  # encodings call this per cell or node: the call's deadline holds while encoding
    n = len(literals)
    wanted = sorted(set(allowed))
    if wanted and wanted == list(range(wanted[0], wanted[-1] + 1)):
        lo, hi = wanted[0], min(wanted[-1], n)
        if lo > n:
            return [[]]
        clauses = [[-lit for lit in group] for group in combinations(literals, hi + 1)] if hi < n else []
        clauses += [list(group) for group in combinations(literals, n - lo + 1)] if lo > 0 else []
        return clauses
    if wanted == [0, 2]:
        clauses = [[-lit for lit in group] for group in combinations(literals, 3)]
        clauses += [[-lit, *(other for other in literals if other != lit)] for lit in literals]
        return clauses
    clauses = []
    for pattern in range(1 << n):
        if bin(pattern).count("1") not in allowed:
            clauses.append([-lit if pattern >> i & 1 else lit for i, lit in enumerate(literals)])
    return clauses


def luby(i: int) -> int:
    """The i-th term (from 0) of the Luby sequence 1 1 2 1 1 2 4 ..."""
    size, seq = 1, 0
    while size < i + 1:
        seq += 1
        size = 2 * size + 1
    while size - 1 != i:
        size = (size - 1) >> 1
        seq -= 1
        i %= size
    return 1 << seq


def internal(lit: int) -> int:
    """A DIMACS literal in this module's form."""
    return 2 * (lit - 1) if lit > 0 else 2 * (-lit - 1) + 1


@dataclass
class CdclOutcome:
    solutions: list[list[int]]
    decisions: int
    conflicts: int
    exhausted: bool
    stopped_by: str | None
    """None when the tree was exhausted or the limit reached; 'max-nodes' or 'timeout'."""


UNSAT: Clause = [-2]
"""``add_lemma``'s answer when a clause is false at level 0: no solution is left."""
_QUIET: Clause = [-3]
"""The search loop's mark for a fixpoint where no theory has anything to add."""


class Cdcl:
    """The solver's state.  ``solve`` runs it once; it is not reused.

    Clauses are lists of internal literals, and the watch lists and reasons hold the
    lists themselves (no index to look up on the hot path).  The literal order inside a
    clause is put right (the watched pair first, the false watch second) each time unit
    propagation visits it, so it never has to be kept in between."""

    def __init__(self, n: int, clauses: Sequence[Clause], theories: Sequence[Theory] = ()) -> None:
        self.n = n
        self.val = [0] * (2 * n)
        self.level = [0] * n
        self.reason: list[Clause | None] = [None] * n
        """The clause that implied each variable's value (None: a decision or a fact)."""
        self.trail: list[int] = []
        self.trail_lim: list[int] = []
        self.qhead = 0
        self.clauses: list[Clause | None] = []
        self.learnt: list[bool] = []
        self.lbd: list[int] = []
        self.watches: list[list[Clause]] = [[] for _ in range(2 * n)]
        self.bins: list[list[int]] = [[] for _ in range(2 * n)]
        """Per literal, the other literal of each binary clause it is in: when the literal
        becomes false, each of them is implied.  Kept for good: a binary clause is never
        forgotten."""
        self.because: list[Clause | None] = [None] * (2 * n)
        """Per literal, the reason of whatever its becoming false implies through ``bins``
        (made the first time it becomes false): ``analyze`` reads a reason past its first
        literal (the implied one), and here that is the false literal alone, so one list
        serves every implication (none is made per implication)."""
        self.implications = IMPLICATIONS
        self.activity = [0.0] * n
        self.var_inc = 1.0
        self.heap: list[tuple[float, int]] = [(0.0, v) for v in range(n)]
        self.in_heap = [0.0] * n
        """Per variable, the activity of an entry known to be in ``heap`` (-1.0: none known),
        so that backtracking pushes only the variables the heap has lost (``pick``)."""
        self.phase = [1] * n  # 1: try false first (most lines are not drawn)
        self.seen = bytearray(n)
        self.theories = list(theories)
        self.unsat = False
        self.pending: list[list[int]] = []
        """Lemmas waiting for the next fixpoint."""
        self.implied: list[list[int]] = []
        """Theory clauses waiting for the next fixpoint that may be forgotten later (a
        theory that looks at the whole assignment finds them again when needed)."""
        self.n_learnt = 0
        """Learnt clauses not yet forgotten."""
        self.add_clauses(clauses)

    # -- clauses ---------------------------------------------------------------

    def add_clauses(self, clauses: Iterable[Sequence[int]], deadline: float | None = None) -> bool:
        """Clauses of the puzzle in DIMACS form, before the search starts (level 0): each
        without its literals false at level 0 (none when one is true, or it is a
        tautology), a unit one assigned and propagated.  False when ``deadline`` passed
        first (looked at after every 1,024th clause)."""
        val, watches, bins, binary = self.val, self.watches, self.bins, self.implications
        clauses_, learnt, lbd = self.clauses, self.learnt, self.lbd
        for i, clause in enumerate(clauses):
            if not self.unsat:
                if binary and len(clause) == 2:  # most of a one-hot twin's clauses: both open
                    a, b = clause
                    a = 2 * a - 2 if a > 0 else -2 * a - 1
                    b = 2 * b - 2 if b > 0 else -2 * b - 1
                    if not val[a] and not val[b] and a >> 1 != b >> 1:
                        bins[a].append(b)
                        bins[b].append(a)
                        if not i & 1023 and deadline is not None and time.perf_counter() > deadline:
                            return False
                        continue
                kept: list[int] = []
                for lit in clause:
                    lit = 2 * lit - 2 if lit > 0 else -2 * lit - 1  # ``internal``
                    x = val[lit]
                    if x == 1:
                        break  # satisfied at level 0
                    if x == 0 and lit not in kept:
                        if lit ^ 1 in kept:
                            break  # a tautology
                        kept.append(lit)
                else:
                    if len(kept) == 2 and binary:
                        a, b = kept
                        bins[a].append(b)
                        bins[b].append(a)
                    elif len(kept) > 1:  # ``attach``, inline
                        clauses_.append(kept)
                        learnt.append(False)
                        lbd.append(0)
                        watches[kept[0]].append(kept)
                        watches[kept[1]].append(kept)
                    elif kept:
                        self.assign(kept[0], None)
                        if self.propagate() is not None:
                            self.unsat = True
                    else:
                        self.unsat = True
            if not i & 1023 and deadline is not None and time.perf_counter() > deadline:
                return False
        return True

    def attach(self, lits: Clause, learnt: bool, lbd: int) -> Clause:
        """Keep a clause of two literals or more (watched first two), and return it.  A
        binary one that ``reduce`` would keep anyway (not learnt, or an LBD of 2 or less)
        goes to the implication lists; the list returned then has the second literal
        last, as the reason of the first."""
        if len(lits) == 2 and self.implications and (not learnt or lbd <= 2):
            a, b = lits
            self.bins[a].append(b)
            self.bins[b].append(a)
            return lits
        self.n_learnt += learnt
        self.clauses.append(lits)
        self.learnt.append(learnt)
        self.lbd.append(lbd)
        self.watches[lits[0]].append(lits)
        self.watches[lits[1]].append(lits)
        return lits

    # -- assignment and propagation ------------------------------------------

    def assign(self, lit: int, reason: Clause | None) -> None:
        val = self.val
        val[lit] = 1
        val[lit ^ 1] = -1
        v = lit >> 1
        self.level[v] = len(self.trail_lim)
        self.reason[v] = reason
        self.trail.append(lit)

    def propagate(self) -> Clause | None:
        """Unit propagation to fixpoint; a conflicting clause, or None.

        Per literal made false, its implication list first, then its watch list, walked
        once, kept entries packed to its front in their order; a clause whose other watch
        is true stays as it is."""
        val = self.val
        bins = self.bins
        because = self.because
        trail = self.trail
        push = trail.append
        watches = self.watches
        level = self.level
        reason = self.reason
        depth = len(self.trail_lim)
        # The list's own iterator sees what is pushed while it walks: the queue is the trail,
        # and the iterator starts at the queue's head at once (``__setstate__``, no skipping).
        queue = iter(trail)
        queue.__setstate__(self.qhead)  # type: ignore[attr-defined]
        for true_lit in queue:
            false_lit = true_lit ^ 1
            implied = bins[false_lit]
            if implied:
                why = because[false_lit]
                if why is None:
                    why = because[false_lit] = [true_lit, false_lit]
                for first in implied:
                    x = val[first]
                    if x == 1:
                        continue
                    if x:  # false
                        self.qhead = len(trail)
                        return [first, false_lit]
                    val[first] = 1
                    val[first ^ 1] = -1
                    v = first >> 1
                    level[v] = depth
                    reason[v] = why
                    push(first)
            ws = watches[false_lit]
            j = 0
            moved = 0
            for c in ws:
                first = c[0]
                if first == false_lit:
                    first = c[1]
                    if val[first] == 1:
                        ws[j] = c
                        j += 1
                        continue
                    c[0] = first
                    c[1] = false_lit
                elif val[first] == 1:
                    ws[j] = c
                    j += 1
                    continue
                for k in range(2, len(c)):
                    lk = c[k]
                    if val[lk] != -1:
                        c[1] = lk
                        c[k] = false_lit
                        watches[lk].append(c)
                        moved += 1
                        break
                else:
                    ws[j] = c
                    j += 1
                    if val[first] == -1:
                        del ws[j : j + moved]  # the entries not yet visited move up
                        self.qhead = len(trail)
                        return c
                    val[first] = 1
                    val[first ^ 1] = -1
                    v = first >> 1
                    level[v] = depth
                    reason[v] = c
                    push(first)
            del ws[j:]
        self.qhead = len(trail)
        return None

    # -- conflicts -------------------------------------------------------------

    def rescale(self) -> None:
        """Activities back from the edge of the float range (order kept)."""
        act = self.activity
        for u in range(self.n):
            act[u] *= 1e-100
        self.var_inc *= 1e-100
        self.rebuild_heap()

    def rebuild_heap(self) -> None:
        act, val = self.activity, self.val
        self.heap = [(-act[v], v) for v in range(self.n) if val[2 * v] == 0]
        heapq.heapify(self.heap)
        in_heap = self.in_heap = [-1.0] * self.n
        for _, v in self.heap:
            in_heap[v] = act[v]

    def analyze(self, confl: Clause) -> tuple[list[int], int]:
        """First-UIP learning: the learnt clause (asserting literal first) and the level
        to jump back to."""
        seen = self.seen
        level = self.level
        reason = self.reason
        trail = self.trail
        val = self.val
        act = self.activity
        inc = self.var_inc
        heap, in_heap, heappush = self.heap, self.in_heap, heapq.heappush
        depth = len(self.trail_lim)
        learnt = [0]
        path = 0
        index = len(trail) - 1
        lits = confl
        while True:
            for lit in lits:
                v = lit >> 1
                if not seen[v] and level[v] > 0:
                    seen[v] = 1
                    a = act[v] + inc  # ``bump``, inline
                    act[v] = a
                    if a > 1e100:
                        self.rescale()  # a new heap
                        inc, heap, in_heap = self.var_inc, self.heap, self.in_heap
                    elif val[2 * v] == 0:
                        heappush(heap, (-a, v))
                        in_heap[v] = a
                    if level[v] >= depth:
                        path += 1
                    else:
                        learnt.append(lit)
            while not seen[trail[index] >> 1]:
                index -= 1
            p = trail[index]
            index -= 1
            v = p >> 1
            seen[v] = 0
            path -= 1
            if path == 0:
                break
            c = reason[v]
            assert c is not None
            lits = c[1:]
        learnt[0] = p ^ 1
        # Local minimisation: a literal whose reason lies wholly inside the clause is redundant.
        kept = [learnt[0]]
        for lit in learnt[1:]:
            rc = reason[lit >> 1]
            if rc is not None:
                for q in rc[1:]:
                    u = q >> 1
                    if not seen[u] and level[u] > 0:
                        break
                else:
                    continue
            kept.append(lit)
        for lit in learnt[1:]:
            seen[lit >> 1] = 0
        back = 0
        if len(kept) > 1:
            best = 1
            for i in range(2, len(kept)):
                if level[kept[i] >> 1] > level[kept[best] >> 1]:
                    best = i
            kept[1], kept[best] = kept[best], kept[1]
            back = level[kept[1] >> 1]
        self.var_inc /= VAR_DECAY
        return kept, back

    def cancel_until(self, target: int) -> None:
        if len(self.trail_lim) <= target:
            return
        val, trail, phase, act = self.val, self.trail, self.phase, self.activity
        heap, in_heap = self.heap, self.in_heap
        stop = self.trail_lim[target]
        for lit in trail[stop:]:
            v = lit >> 1
            val[lit] = 0
            val[lit ^ 1] = 0
            phase[v] = lit & 1
            a = act[v]
            if in_heap[v] != a:  # the heap lost v (``pick`` took it, or it was bumped)
                heapq.heappush(heap, (-a, v))
                in_heap[v] = a
        del trail[stop:]
        del self.trail_lim[target:]
        self.qhead = stop
        for theory in self.theories:
            theory.backtrack(stop)
        if len(heap) > 8 * self.n + 64:
            self.rebuild_heap()

    def learn(self, confl: Clause) -> bool:
        """Analyse a conflict, jump back and assert the learnt clause; False at level 0."""
        if not self.trail_lim:
            return False
        lits, back = self.analyze(confl)
        self.cancel_until(back)
        if len(lits) == 1:
            self.assign(lits[0], None)
        else:
            levels = {self.level[lit >> 1] for lit in lits}
            self.assign(lits[0], self.attach(lits, True, len(levels)))
        return True

    def add_lemma(self, lits: list[int], forgettable: bool = False) -> Clause | None:
        """Add a clause found during the search (false or unit now, or neither).

        Returns a conflicting clause to learn from, None when none, ``UNSAT`` when the
        clause is false at level 0 (no solution left).  A ``forgettable`` clause is kept
        like a learnt one (``reduce`` may drop it)."""
        val, level = self.val, self.level
        lits = list(dict.fromkeys(lits))
        if not lits:
            return UNSAT
        # Open or true literals first, then false ones by decreasing level.
        lits.sort(key=lambda q: (val[q] == -1, -level[q >> 1] if val[q] == -1 else 0))
        if len(lits) == 1:
            if val[lits[0]] == 1 and level[lits[0] >> 1] == 0:
                return None
            self.cancel_until(0)
            if val[lits[0]] == -1:
                return UNSAT
            if val[lits[0]] == 0:
                self.assign(lits[0], None)
            return None
        # Lemmas stay for good (``reduce`` forgets only learnt clauses): a forgotten
        # blocking clause would let the search count a solution twice.
        first, second = lits[0], lits[1]
        lbd = len({level[q >> 1] for q in lits if val[q] == -1}) + 1 if forgettable else 0
        if val[first] != -1:
            c = self.attach(lits, forgettable, lbd)
            if val[first] == 0 and val[second] == -1:
                self.assign(first, c)  # unit now
            return None
        top = level[first >> 1]
        if top == 0:
            return UNSAT
        self.cancel_until(top)
        return self.attach(lits, forgettable, lbd)

    def reduce(self) -> None:
        """Forget the worse half of the learnt clauses (at level 0, so none is a reason)."""
        clauses = self.clauses
        learnt = [ci for ci, c in enumerate(clauses) if c is not None and self.learnt[ci] and self.lbd[ci] > 2]
        learnt.sort(key=lambda ci: (self.lbd[ci], -ci))
        for ci in learnt[len(learnt) // 2 :]:
            clauses[ci] = None
        self.n_learnt -= len(learnt) - len(learnt) // 2
        watches: list[list[Clause]] = [[] for _ in range(2 * self.n)]
        for c in clauses:
            if c is not None:
                watches[c[0]].append(c)
                watches[c[1]].append(c)
        self.watches = watches

    # -- the search ------------------------------------------------------------

    def pick(self) -> int:
        """The open variable of highest activity, the lowest numbered of equals (-1: none
        open).  Every open variable has an entry with its activity in the heap (stale and
        assigned ones are dropped here), so the answer does not depend on which others
        the heap holds."""
        heap, val, act, in_heap = self.heap, self.val, self.activity, self.in_heap
        while heap:
            a, v = heapq.heappop(heap)
            if -a == in_heap[v]:
                in_heap[v] = -1.0
            if val[2 * v] == 0 and -a == act[v]:
                return v
        for v in range(self.n):  # entries were lost to a rescale: look at every variable
            if val[2 * v] == 0:
                return v
        return -1

    def solve(
        self,
        limit: int,
        accept: Callable[[list[int]], bool],
        refine: Callable[[list[int]], list[Clause]] | None,
        block: Callable[[list[int]], list[int]],
        max_nodes: int | None,
        deadline: float | None,
        shown: int | None = None,
        at_root: Callable[[list[int]], list[int] | None] | None = None,
    ) -> CdclOutcome:
        """Count solutions up to ``limit``, judged on the first ``shown`` variables (all by
        default; the rest are auxiliary, fixed by those); ``block`` gives an internal
        clause forbidding one."""
        solutions: list[list[int]] = []
        decisions = conflicts = 0
        restarts = 0
        next_restart = RESTART_BASE * luby(0)
        since_restart = 0
        max_learnts = FIRST_REDUCE
        clock = DEADLINE_EVERY
        root_facts = len(self.trail)
        n = self.n if shown is None else shown
        val = self.val
        trail_lim = self.trail_lim
        trail = self.trail
        phase = self.phase

        def outcome(exhausted: bool, stopped: str | None) -> CdclOutcome:
            return CdclOutcome(solutions, decisions, conflicts, exhausted, stopped)

        if self.unsat:
            return outcome(True, None)
        confl = self.propagate()
        while True:
            if confl is None:
                if self.pending:
                    confl = self.add_lemma(self.pending.pop())
                    if confl is None:
                        confl = self.propagate()
                    continue
                if self.implied:
                    confl = self.add_lemma(self.implied.pop(), True)
                    if confl is None:
                        confl = self.propagate()
                    continue
                for theory in self.theories:
                    lemma = theory.check(self)
                    if lemma is not None:
                        confl = self.add_lemma(lemma, theory.forgettable)
                        if confl is None:
                            confl = self.propagate()
                        break
                else:
                    confl = _QUIET  # quiet: decide
                if confl is not _QUIET:
                    continue
            elif confl is UNSAT:
                return outcome(True, None)
            else:
                conflicts += 1
                since_restart += 1
                if not self.learn(confl):
                    return outcome(True, None)
                confl = self.propagate()
                clock -= 1
                if clock <= 0:
                    clock = DEADLINE_EVERY
                    if deadline is not None and time.perf_counter() > deadline:
                        return outcome(False, "timeout")
                continue
            # Fixpoint, no conflict, theories quiet.
            if since_restart >= next_restart:
                restarts += 1
                since_restart = 0
                next_restart = RESTART_BASE * luby(restarts)
                self.cancel_until(0)
                if self.n_learnt > max_learnts:
                    self.reduce()
                    max_learnts += max_learnts // 2
                confl = self.propagate()
                if confl is None and at_root is not None and len(trail) > root_facts:
                    more = at_root(trail)
                    if more is None:
                        return outcome(True, None)
                    for lit in more:
                        if val[lit] == 0:
                            self.assign(lit, None)
                        elif val[lit] == -1:
                            return outcome(True, None)
                    root_facts = len(trail)
                    confl = self.propagate()
                continue
            v = self.pick()
            if v < 0:
                values = [1 if val[2 * u] == 1 else 0 for u in range(n)]
                extra = refine(values) if refine is not None else []
                if extra:
                    self.pending.extend([internal(lit) for lit in clause] for clause in extra)
                    confl = None
                    continue
                if accept(values):
                    solutions.append(values)
                    if len(solutions) >= limit:
                        return outcome(False, None)
                confl = self.add_lemma(block(values))
                if confl is None:
                    confl = self.propagate()
                continue
            if max_nodes is not None and decisions >= max_nodes:
                return outcome(False, "max-nodes")
            clock -= 1
            if clock <= 0:
                clock = DEADLINE_EVERY
                if deadline is not None and time.perf_counter() > deadline:
                    return outcome(False, "timeout")
            decisions += 1
            trail_lim.append(len(trail))
            self.assign(2 * v + phase[v], None)
            confl = self.propagate()


def every_variable(values: list[int]) -> list[int]:
    """The default blocking clause: some variable differs from this solution."""
    return [2 * v + (1 if x else 0) for v, x in enumerate(values)]
