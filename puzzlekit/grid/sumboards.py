"""Making run-sum boards (Kakuro's): a layout of white cells in runs, a fill of distinct
digits, and a climb that changes digits (and blackens cells) until deduction solves it.

The layout starts all white inside a black first row and column (where the edge runs'
clues go) and adds black cells only where every run they cut keeps none or two or more
cells and the white cells stay one piece: random black cells followed by removing the
one-cell runs they leave cascade down to a handful of white cells.  The climb
(``SumClimb``) runs one engine per layout: a change of one digit replaces the ``RunSum`` of
its two runs (``Engine.replace``) and is kept when the candidates deduction leaves do not
grow; where changes alone stall (blocks such as ``x y / y x`` swap), ``black_near`` cuts
a run near the open cells.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence

from puzzlekit.core.engine import Engine, Timeout
from puzzlekit.core.model import Model
from puzzlekit.core.rng import Rng
from puzzlekit.grid.sums import Run, RunSum, digit_sets, runs_of
from puzzlekit.grid.topology import RectGrid


def _side(grid: RectGrid, white: Sequence[bool], cell: int, step: int) -> int:
    """How many white cells follow ``cell`` in direction ``step`` (+-1 across, +-cols down)."""
    count = 0
    while True:
        cell += step
        if not 0 <= cell < grid.n_cells or (abs(step) == 1 and cell // grid.cols != (cell - step) // grid.cols):
            return count
        if not white[cell]:
            return count
        count += 1


def may_black(grid: RectGrid, white: list[bool], cell: int) -> bool:
    """May ``cell`` turn black: no run it cuts is left one cell long, the whites stay one piece?"""
    if any(_side(grid, white, cell, step) == 1 for step in (1, -1, grid.cols, -grid.cols)):
        return False
    white[cell] = False
    whole = len(grid.pieces(white.__getitem__)) <= 1
    white[cell] = True
    return whole


def settle_runs(grid: RectGrid, white: list[bool], rng: Rng, longest: int = 9) -> list[bool]:
    """Make ``white`` a layout, in place: runs over ``longest`` cut at a random cell, cells
    white in one direction only blackened (cascading), every piece but the biggest blackened."""
    cols = grid.cols
    while True:
        changed = False
        for run in runs_of(grid, white, {}, {}):
            if len(run.cells) > longest:
                white[run.cells[rng.below(len(run.cells))]], changed = False, True
        for cell in range(grid.n_cells):
            if white[cell]:
                r, c = divmod(cell, cols)
                across = (c > 0 and white[cell - 1]) or (c < cols - 1 and white[cell + 1])
                down = (r > 0 and white[cell - cols]) or (r < grid.rows - 1 and white[cell + cols])
                if not (across and down):
                    white[cell], changed = False, True
        if not changed:
            pieces = grid.pieces(white.__getitem__)
            if len(pieces) <= 1:
                return white
            for piece in sorted(pieces, key=len)[:-1]:
                for cell in piece:
                    white[cell] = False


def run_layout(grid: RectGrid, rng: Rng, share: tuple[int, int] = (1, 4), longest: int = 9) -> list[bool]:
    """White cells for a run-sum board, the first row and column black: each inner cell, in
    random order, blackened with a chance of ``share`` where ``may_black`` allows; runs over
    ``longest`` cut; then ``settle_runs``."""
    white = [r > 0 and c > 0 for r in range(grid.rows) for c in range(grid.cols)]
    cells = [c for c in range(grid.n_cells) if white[c]]
    rng.shuffle(cells)
    for cell in cells:
        if rng.chance(*share) and may_black(grid, white, cell):
            white[cell] = False
    for run in runs_of(grid, white, {}, {}):
        if len(run.cells) > longest:
            order = list(run.cells)
            rng.shuffle(order)
            cut = next((c for c in order if may_black(grid, white, c)), None)
            if cut is not None:
                white[cut] = False
    return settle_runs(grid, white, rng, longest)


FILL_STEPS = 100_000
"""Digits ``fill_runs`` tries before it gives a layout up: chronological backtracking can
thrash for minutes on a layout it could fill (10x10 seed bench-2 did)."""


def fill_runs(
    grid: RectGrid, runs: Sequence[Run], rng: Rng, top: int = 9, steps: int = FILL_STEPS, deadline: float | None = None
) -> list[int]:
    """A digit 1..``top`` per white cell, none twice in a run (random backtracking, row by
    row); 0 elsewhere.  Raises ValueError when there is none or ``steps`` digits were tried
    without one, Timeout past ``deadline``."""
    of: dict[int, list[Run]] = {}
    for run in runs:
        for c in run.cells:
            of.setdefault(c, []).append(run)
    cells, values = sorted(of), [0] * grid.n_cells
    options: list[list[int]] = []  # per cell filled so far (and the one at hand), its digits left
    k = 0
    while k < len(cells):
        if len(options) == k:
            used = {values[x] for run in of[cells[k]] for x in run.cells}
            options.append([d for d in range(1, top + 1) if d not in used])
            rng.shuffle(options[k])
        if options[k]:
            steps -= 1
            if steps < 0:
                raise ValueError("no filling of these runs found within the steps allowed")
            if steps & 1023 == 0:
                _in_time(deadline)
            values[cells[k]] = options[k].pop()
            k += 1
            continue
        options.pop()  # no digit left here: the cell before takes its next one
        k -= 1
        if k < 0:
            raise ValueError("no filling of these runs with distinct digits")
        values[cells[k]] = 0
    return values


class SumClimb:
    """A layout and its digits on one engine: ``change`` one digit where deduction leaves
    cells open, kept when the candidates left do not grow.

    ``build`` makes the model from the runs with their totals; its ``RunSum`` propagators
    (and subclasses, ``RunDigit``) are replaced as digits change.  The engine is capped at
    ``top`` (a caller may go ``deeper`` from the climb's fixpoint to a dearer rung); the climb
    itself judges at ``rung``."""

    def __init__(
        self,
        grid: RectGrid,
        white: list[bool],
        values: list[int],
        build: Callable[[list[Run]], Model],
        rung: int = 1,
        top: int = 1,
        deadline: float | None = None,
        after: SumClimb | None = None,
    ) -> None:
        self.grid, self.white, self.values, self.rung = grid, white, values, rung
        self.bare = runs_of(grid, white, {}, {})
        self.of: dict[int, list[int]] = {}
        for i, run in enumerate(self.bare):
            for c in run.cells:
                self.of.setdefault(c, []).append(i)
        self.model = build(self.runs())
        slots: dict[tuple[int, bool], list[int]] = {}
        for i, p in enumerate(self.model.propagators):
            if isinstance(p, RunSum):
                slots.setdefault((p.run.clue, p.run.across), []).append(i)
        self.slots = [slots.get((run.clue, run.across), []) for run in self.bare]
        self.engine = Engine(self.model, max_rung=top, deadline=deadline)
        if not self.engine.wired:
            raise Timeout
        self._windows: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self.stale = True
        """No fixpoint kept to start a window from (or go ``back`` to)."""
        self.saved: list[int] | None = None
        """The kept fixpoint, copied by a whole judge that replaced it (for ``back``)."""
        self.open, self.score = self.judge() if after is None else self._carried(after)
        self.keep()

    def _carried(self, after: SumClimb) -> tuple[list[int], int]:
        """The first judge of a layout ``after``'s with a few cells more black, as a window:
        from ``after``'s kept fixpoint, the cells of the runs the new black cells changed and
        of the runs crossing them open again (a whole judge if that leaves none open)."""
        engine, full = self.engine, self.model.domains
        dom = engine.dom
        dom[:] = after.engine.dom
        was = {(r.clue, r.across, r.cells) for r in after.bare}
        cut = {c for r in self.bare if (r.clue, r.across, r.cells) not in was for c in r.cells}
        window = {x for c in cut for i in self.of[c] for x in self.bare[i].cells}
        for v, w in enumerate(self.white):
            if not w or v in window:
                dom[v] = full[v]
        for p in self._woken(window):
            engine.wake(p)
        if not engine.run(self.rung):
            raise ValueError("the board's own digits contradict its sums")  # never: deduction is sound
        engine.trail.clear()
        self.stale = False
        left = [v for v, d in enumerate(dom) if d & (d - 1)]
        return (left, sum(d.bit_count() for d in dom)) if left else self.judge()

    def runs(self) -> list[Run]:
        return [Run(r.clue, r.across, r.cells, sum(self.values[c] for c in r.cells)) for r in self.bare]

    def judge(self, near: int | None = None) -> tuple[list[int], int]:
        """The cells deduction at ``rung`` leaves open, and the candidates left in all.

        With ``near`` (the cell last ``put``) only a window round it is deduced again, on
        the engine as it holds the board last ``keep``-ed (its fixpoint): the cells of the
        runs crossing its runs start open again, and the narrowings that follow are on the
        trail, so the cost is the window's, ``back`` undoes it at once and the score moves by
        the cells on the trail alone.  A window may leave fewer cells open than the whole
        board would (a far deduction the change undid stays): ``judge()`` again before
        trusting "solved"."""
        engine = self.engine
        if near is None or self.stale:
            self.saved = None
            if not self.stale:
                engine.undo(0)
                self.saved = list(engine.dom)
            engine.reset()
            if not engine.start(self.rung):
                raise ValueError("the board's own digits contradict its sums")  # never: deduction is sound
            engine.trail.clear()
            self.stale = True  # nothing to go back to until ``keep``
            dom = engine.dom
            return [v for v, d in enumerate(dom) if d & (d - 1)], sum(d.bit_count() for d in dom)
        for queue in engine.queues:
            queue.clear()
        engine.queued[:] = bytes(len(engine.queued))
        cells, props = self._window(near)
        dom, trail, full = engine.dom, engine.trail, self.model.domains
        for v in cells:
            trail.append(v)
            trail.append(dom[v])
            dom[v] = full[v]
        for p in props:
            engine.wake(p)
        if not engine.run(self.rung):
            raise ValueError("the board's own digits contradict its sums")
        was: dict[int, int] = {}
        for i in range(0, len(trail), 2):
            v = trail[i]
            if v >= 0 and v not in was:
                was[v] = trail[i + 1]
        score = self.score + sum(dom[v].bit_count() - d.bit_count() for v, d in was.items())
        still = [v for v in self.open if v not in was]
        return sorted(still + [v for v in was if dom[v] & (dom[v] - 1)]), score

    def _window(self, cell: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The cells of the runs crossing ``cell``'s runs, and the propagators up to ``rung``
        watching them (built once per cell)."""
        made = self._windows.get(cell)
        if made is None:
            bare, of = self.bare, self.of
            cells = sorted({c for i in of[cell] for x in bare[i].cells for j in of[x] for c in bare[j].cells})
            made = self._windows[cell] = (tuple(cells), self._woken(cells))
        return made

    def _woken(self, cells: Iterable[int]) -> tuple[int, ...]:
        """The propagators up to ``rung`` to run again when ``cells`` start open: those
        watching a cell of a run through one of them (a propagator may write a cell it does
        not watch, as ``NakedSingle`` writes the rest of its runs)."""
        engine, bare, of = self.engine, self.bare, self.of
        near = {x for c in cells for i in of.get(c, ()) for x in bare[i].cells}
        return tuple(sorted({p for v in near for p in engine.watchers[v] if engine.rung_of[p] <= self.rung}))

    def keep(self) -> None:
        """The board judged last is the climb's now (set ``open`` and ``score`` to what
        ``judge`` found): later windows start from its fixpoint."""
        self.engine.trail.clear()
        self.stale, self.saved = False, None

    def back(self) -> None:
        """The engine back at the fixpoint of the board kept last (after ``put`` back its
        digits): the window undone, or the copy a whole judge took restored; with neither
        (a whole judge on a board never kept) the next ``judge`` is a whole one."""
        if not self.stale:
            self.engine.undo(0)
        elif self.saved is not None:
            self.engine.dom[:] = self.saved
            self.stale, self.saved = False, None

    def deeper(self, rung: int) -> list[int]:
        """From the fixpoint of the last ``judge``, the cells that deduction up to ``rung``
        leaves open (every propagator above the climb's rung woken: a window judge queues
        only the window's); the engine is left at the climb's rung's fixpoint."""
        engine = self.engine
        mark = engine.mark()
        for p, r in enumerate(engine.rung_of):
            if self.rung < r <= rung:
                engine.wake(p)
        engine.run(rung)
        left = [v for v, d in enumerate(engine.dom) if d & (d - 1)]
        engine.undo(mark)
        return left

    def put(self, cell: int, digit: int) -> None:
        """Write ``digit`` at ``cell``: its runs' totals change (``judge`` to see what follows)."""
        self.values[cell] = digit
        for i in self.of[cell]:
            run = self.bare[i]
            total = sum(self.values[c] for c in run.cells)
            for slot in self.slots[i]:
                prop = self.model.propagators[slot]
                assert isinstance(prop, RunSum)
                self.engine.replace(slot, type(prop)(prop.rule, self.grid, Run(run.clue, run.across, run.cells, total)))

    def _sets(self, cell: int, digit: int) -> int:
        """How many digit sets the runs through ``cell`` would have with ``digit`` there."""
        old, self.values[cell] = self.values[cell], digit
        n = sum(
            len(digit_sets(len(self.bare[i].cells), sum(self.values[c] for c in self.bare[i].cells)))
            for i in self.of[cell]
        )
        self.values[cell] = old
        return n

    def digits_for(self, cell: int) -> list[int]:
        """The other digits ``cell`` may take, none twice in its runs."""
        used = {self.values[x] for i in self.of[cell] for x in self.bare[i].cells}
        return [d for d in range(1, 10) if d not in used]

    def change(self, rng: Rng) -> bool:
        """Change the digit of a random open cell (mostly to the one whose runs' totals have
        the fewest digit sets); keep it when the candidates left (judged on the window round
        the cell) do not grow; say whether it was kept.  A change the window calls solved is
        judged on the whole board, whose open cells and score are then kept."""
        cell, values = rng.choice(self.open), self.values
        digits = self.digits_for(cell)
        if not digits:
            return False
        rng.shuffle(digits)
        digits.sort(key=lambda d: self._sets(cell, d))
        old = values[cell]
        self.put(cell, digits[0] if rng.chance(3, 4) else rng.choice(digits))
        now, score = self.judge(cell)
        if score > self.score:
            self.put(cell, old)
            self.back()
            return False
        self.open, self.score = (now, score) if now else self.judge()
        self.keep()
        return True


def black_near(grid: RectGrid, white: list[bool], cells: Sequence[int], rng: Rng, tries: int = 6) -> list[bool]:
    """A new layout with one black cell among ``cells`` (the open ones) and their white
    neighbours, the cascade ``settle_runs`` makes allowed: the one keeping most white cells of
    ``tries`` at random.  ``white`` must be a layout (``settle_runs``'s): one more black
    cell then cuts no run too long, so the cascade is followed from that cell alone
    (``blacken``), the same layout ``settle_runs`` makes at a fraction of its cost."""
    near = sorted(set(cells) | {n for c in cells for n in grid.neighbours[c] if white[n]})
    rng.shuffle(near)
    best: list[bool] | None = None
    for cell in near[:tries]:
        trial = blacken(grid, list(white), cell)
        if best is None or sum(trial) > sum(best):
            best = trial
    return best if best is not None else white


def blacken(grid: RectGrid, white: list[bool], cell: int) -> list[bool]:
    """Make ``cell`` of the layout ``white`` black, in place, and settle what follows as
    ``settle_runs`` would: white cells left white in one direction only turn black
    (followed from the cells next to each one blackened), then every piece but the biggest."""
    cols, rows, neighbours = grid.cols, grid.rows, grid.neighbours
    white[cell] = False
    work = [n for n in neighbours[cell] if white[n]]
    while True:
        while work:
            here = work.pop()
            if not white[here]:
                continue
            r, c = divmod(here, cols)
            across = (c > 0 and white[here - 1]) or (c < cols - 1 and white[here + 1])
            down = (r > 0 and white[here - cols]) or (r < rows - 1 and white[here + cols])
            if not (across and down):
                white[here] = False
                work.extend(n for n in neighbours[here] if white[n])
        if _one_piece(grid, white):
            return white
        for piece in sorted(grid.pieces(white.__getitem__), key=len)[:-1]:
            for x in piece:
                white[x] = False
                work.extend(n for n in neighbours[x] if white[n])


def _one_piece(grid: RectGrid, white: list[bool]) -> bool:
    """Are the white cells one piece (or none)?  A flood fill from the first, no pieces listed."""
    start = next((c for c, w in enumerate(white) if w), -1)
    if start < 0:
        return True
    seen, stack, neighbours = {start}, [start], grid.neighbours
    while stack:
        for n in neighbours[stack.pop()]:
            if white[n] and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == sum(white)


def _in_time(deadline: float | None) -> None:
    if deadline is not None and time.perf_counter() > deadline:
        raise Timeout


def solved_climb(
    grid: RectGrid,
    rng: Rng,
    build: Callable[[list[bool]], Callable[[list[Run]], Model]],
    top: int = 1,
    deadline: float | None = None,
    rounds: int = 200,
    tries: int = 20,
) -> SumClimb | None:
    """A ``run_layout`` and its ``fill_runs`` climbed (``SumClimb`` at rung 1, ``build(white)``
    the model maker of a layout) until deduction leaves nothing open: ``tries`` changes per
    layout, then a cell blackened (``black_near``), up to ``rounds`` layouts (None: not
    solved).  Raises Timeout past ``deadline``."""
    white = run_layout(grid, rng)
    try:
        values = fill_runs(grid, runs_of(grid, white, {}, {}), rng, deadline=deadline)
    except ValueError:
        return None  # a layout its digits do not fit in time: the next attempt draws another
    climb: SumClimb | None = None
    for _ in range(rounds):
        _in_time(deadline)
        climb = SumClimb(grid, white, values, build(white), 1, top, deadline, climb)
        for _ in range(tries):
            if not climb.open:
                return climb
            climb.change(rng)
        white = black_near(grid, white, climb.open, rng)
        values = [v if w else 0 for v, w in zip(values, white)]
    return None


def walk_to(
    climb: SumClimb, rung: int, rung_of: Callable[[SumClimb], int], rng: Rng, tries: int, deadline: float | None
) -> bool:
    """Random digit changes of a solved climb until ``rung_of`` (asked right after each
    ``judge``) says the board needs ``rung``: a change to a board rung 1 still solves is kept
    (the walk goes on from it), any other undone (a walk kept among boards of a rung between
    made hard boards four times more rarely at 20x20).  Each change is judged on its window
    first: the window's fixpoint holds no more than the whole board's, so its "not solved"
    holds and only its "solved" is judged again on the whole board (the walk decides as
    whole judges would).  Says whether it got there."""
    cells = [c for c, w in enumerate(climb.white) if w]
    for _ in range(tries):
        _in_time(deadline)
        cell = rng.choice(cells)
        digits, old = climb.digits_for(cell), climb.values[cell]
        if not digits:
            continue
        kept = climb.open, climb.score
        climb.put(cell, rng.choice(digits))
        climb.open, climb.score = climb.judge(cell)
        needs = rung_of(climb)
        if needs and not climb.stale:  # the window's "solved" is to be confirmed, its "not" holds
            climb.open, climb.score = climb.judge()
            needs = rung_of(climb)
        if needs == rung:
            return True
        if needs == 1:
            climb.keep()
        else:
            climb.put(cell, old)
            climb.back()
            climb.open, climb.score = kept
    return False


def ladder_rung(climb: SumClimb, rung: int, near: int) -> int:
    """Right after ``judge`` (at the climb's rung 1): the least rung up to ``rung`` whose
    deduction solves the board, else 0; each dearer rung from the one below's fixpoint
    (``deeper``), the last one above 2 asked only where the one below leaves ``near`` open
    cells at most (Kakuro's trial: its probes cost per open cell)."""
    if not climb.open:
        return 1
    for r in range(2, rung + 1):
        left = climb.deeper(r)
        if not left:
            return r
        if r + 1 == rung and len(left) > near:
            return 0
    return 0


def sum_board(
    grid: RectGrid,
    rng: Rng,
    build: Callable[[list[bool]], Callable[[list[Run]], Model]],
    rung: int,
    deadline: float | None,
    rounds: int = 200,
    tries: int = 12,
    harden: int = 200,
    near: int = 12,
) -> SumClimb | None:
    """A climb whose board needs ``rung`` (1 up to the engine's top, ``rung``): ``solved_climb``,
    then for a dearer rung ``walk_to`` it (``ladder_rung``); None when neither got there."""
    climb = solved_climb(grid, rng, build, max(rung, 1), deadline, rounds, tries)
    if climb is None or not (
        rung == 1 or walk_to(climb, rung, lambda c: ladder_rung(c, rung, near), rng, harden, deadline)
    ):
        return None
    return climb
