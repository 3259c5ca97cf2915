"""Slitherlink's fast probe (``rules.probe``) against the engine's probes: from fixpoints of
rungs 1 and 2 along random walks of decisions, every open edge's two probes fail, or fix the
same edges to the same values, both ways; and the lookahead with it reaches what it reaches
through the engine."""

from __future__ import annotations

from pathlib import Path

import pytest
from puzzlekit_slitherlink.model import SlitherlinkClues, build_model

import puzzlekit
from puzzlekit.api import load_one
from puzzlekit.core.engine import Engine
from puzzlekit.core.lookahead import Lookahead
from puzzlekit.core.model import BOOL, FALSE, TRUE
from puzzlekit.core.rng import Rng
from puzzlekit.core.search import count_solutions

TATHAM = Path(__file__).parent / "fixtures" / "tatham"


def _thinned(text: str, rng: Rng, full: bool) -> str:
    """The board's grid with about half its clues blanked (so rungs 1 and 2 leave it open)."""
    rows = [line for line in text.splitlines() if line and not line.startswith("#")]
    rows = ["".join("." if ch != "." and rng.chance(1, 2) else ch for ch in row) for row in rows]
    return ("# flags: full\n" if full else "") + "\n".join(rows) + "\n"


def _boards() -> list[tuple[str, str]]:
    """(name, text): Tatham boards as they are and with clues blanked (plain and full, which
    mostly have no solution or several: probes fail on the first and survive on both)."""
    out = []
    for name in ("loopy-10x10-hard.txt", "loopy-15x10-tricky.txt"):
        blocks = [b for b in (TATHAM / name).read_text(encoding="utf-8").split("\n\n")[1:4] if b.strip()]
        for i, block in enumerate(blocks):
            out.append((f"{name}#{i}", block))
            out.append((f"{name}#{i}-thinned", _thinned(block, Rng(f"{name}-{i}"), full=False)))
    out.append(("full-empty", "# flags: full\n" + "......\n" * 6))  # every dot on the loop
    out.append(("full-clued", "# flags: full\n" + "2.....\n....3.\n......\n.1....\n......\n...2..\n"))
    return out


def _walk(clues: SlitherlinkClues, rng: Rng) -> tuple[int, int]:
    """Compare every probe along a random walk; (failed, survived) probes."""
    model = clues.model
    engine = Engine(model, max_rung=2)
    if not engine.start():
        return 0, 0
    probe_engine = Engine(model, max_rung=2)
    failed = survived = 0
    for _ in range(6):
        state, aux = list(engine.dom), list(engine.aux)
        probe = clues.fast_probe(engine.dom, engine.aux)
        assert probe is not None
        for edge, d in enumerate(state):
            if d != BOOL:
                continue
            for bit in (TRUE, FALSE):
                probe_engine.dom, probe_engine.aux = list(state), list(aux)
                ok = probe_engine.decide(edge, bit)
                after = probe_engine.dom
                fixed = {(v, m) for v, m in enumerate(after) if m != state[v] and m != BOOL}
                probe_engine.undo(0)
                fast = probe(edge, bit)
                assert engine.dom == state and engine.aux == aux  # the probe wrote only its copies
                assert (fast is None) == (not ok), (edge, bit)
                if fast is not None:
                    assert set(fast) == fixed and fast[0] == (edge, bit)
                failed, survived = failed + (not ok), survived + ok
        open_edges = [e for e, d in enumerate(engine.dom) if d == BOOL]
        if not open_edges:
            break
        if not engine.decide(rng.choice(open_edges), rng.choice((TRUE, FALSE))):
            break
    return failed, survived


@pytest.mark.parametrize(("name", "text"), _boards(), ids=[name for name, _ in _boards()])
def test_the_fast_probe_reaches_what_the_engine_reaches(name: str, text: str) -> None:
    puzzle = load_one("slitherlink", text, None)
    failed = survived = 0
    f, s = _walk(build_model(puzzle.instance), Rng(name))
    failed, survived = failed + f, survived + s
    assert survived or name.endswith("#0")  # (rungs 1 and 2 may finish a whole board)


def test_some_probes_fail_on_the_walks() -> None:
    """The walks are not all of one kind: on a board as Tatham made it, probes fail too."""
    name, text = _boards()[2]
    assert _walk(build_model(load_one("slitherlink", text, None).instance), Rng(name))[0]


def test_a_blanked_clue_deduces_nothing_in_the_fast_probe_either() -> None:
    """A generator's model with clues blanked and changed (``set_clue``): the tables follow."""
    text = (TATHAM / "loopy-10x10-hard.txt").read_text(encoding="utf-8").split("\n\n")[1]
    clues = build_model(load_one("slitherlink", text, None).instance)
    rng = Rng("blanked")
    cols = clues.grid.cols
    cells = [divmod(cell, cols) for cell, clue in enumerate(clues.clues) if clue >= 0]
    for position in cells[::3]:
        clues.set_clue(position, None)
    clues.set_clue(cells[1], (clues.clues[cells[1][0] * cols + cells[1][1]] + 1) % 4)
    _, survived = _walk(clues, rng)
    assert survived


SEARCHED = [(n, t) for n, t in _boards() if n.endswith("thinned") or n.startswith("full")]


@pytest.mark.parametrize(("name", "text"), SEARCHED, ids=[name for name, _ in SEARCHED])
def test_the_search_with_the_fast_probe_is_the_search_with_the_engine(name: str, text: str) -> None:
    """The same status, root, rule counts, log, nodes and solutions with the fast probe and
    step off (the root's probes and the small tree through the engine)."""
    puzzlekit.default_host()
    outcomes = []
    for fast in (True, False):
        puzzle = load_one("slitherlink", text, None)
        model = puzzle.genre.solving_model(puzzle.instance)
        if not fast:
            for prop in model.propagators:
                if isinstance(prop, Lookahead):
                    prop.fast_probe = prop.fast_step = None
        o = count_solutions(model, timeout=None)
        log = [(e.var, e.mask, e.by) for e in o.log]
        outcomes.append((o.status, o.rung, o.root, o.rule_counts, log, o.nodes, o.solutions))
    assert outcomes[0] == outcomes[1]
