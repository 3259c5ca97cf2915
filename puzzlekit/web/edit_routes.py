"""The editor's endpoints (``/api/edit/...``): open a draft or an empty board, change a
clue spot, and the verdict on the draft.  The work is in ``puzzlekit.web.editor``."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from puzzlekit.analysis import Clue
from puzzlekit.api import Puzzle
from puzzlekit.formats.codec import cells_at_most
from puzzlekit.generation import parse_size
from puzzlekit.host import Host
from puzzlekit.web import editor, play
from puzzlekit.web.bounds import Slots, SolveSlots
from puzzlekit.web.editor import Change
from puzzlekit.web.limits import Limits
from puzzlekit.web.play import Board, PlayError
from puzzlekit.web.schema import (
    AdviceOut,
    ClueOut,
    EditChangeRequest,
    EditOpenRequest,
    EditOut,
    PuzzleRequest,
    SpotOut,
    VerdictOut,
)

EDIT_BUDGET = 0.8
"""Seconds for the editor's verdict (solve, grade and advice): the page shows it within a second."""


def add_edit_routes(
    app: FastAPI, host: Host, limits: Limits, slots: SolveSlots, errors: dict[int | str, Any], reads: Slots
) -> None:
    budget = min(EDIT_BUDGET, limits.budget)

    def editable_genre(name: str) -> Any:
        g = play.genre_of(name, host)
        if not editor.editable(g):
            raise PlayError(
                f"the {g.name} genre cannot be edited in the browser (it has no Genre.clue_spots, "
                "nor regions to draw: GridGenre.regions_of)"
            )
        return g

    def draft(genre: str, text: str) -> Board:
        return play.board_of(puzzle_of(genre, text))

    def puzzle_of(genre: str, text: str) -> Puzzle:
        g = editable_genre(genre)
        with cells_at_most(limits.max_cells):  # a source claiming a bigger board is refused at its size
            _, level = play.level_text(text, g.name, host)
        return play.open_puzzle(g, level, limits.max_cells)

    def edit_out(b: Board) -> EditOut:
        return EditOut(
            genre=b.genre.name,
            puzzle=b.text,
            size=b.puzzle.size,
            svg=editor.picture(b),
            spots=[SpotOut(values=list(s.values), value=s.value) for s in editor.spots(b)],
            kinds=play.export_kinds(b, host),
        )

    @app.post("/api/edit/open", response_model=EditOut, responses=errors, tags=["edit"])
    async def edit_open(req: EditOpenRequest) -> EditOut:
        """A draft to edit: the puzzle given, or an empty board of ``size``."""

        def work() -> EditOut:
            if req.puzzle is not None:
                return edit_out(draft(req.genre, req.puzzle))
            cols, rows = parse_size(req.size)
            return edit_out(editor.blank(editable_genre(req.genre), cols, rows, limits.max_cells))

        return await reads.run(work)

    @app.post("/api/edit/change", response_model=EditOut, responses=errors, tags=["edit"])
    async def edit_change(req: EditChangeRequest) -> EditOut:
        """The draft with clues changed at clue spots (each a ``data-clue`` index and one of its values)."""

        def work() -> EditOut:
            changes = [Change(c.spot, c.value) for c in req.changes]
            return edit_out(editor.changed(puzzle_of(req.genre, req.puzzle), changes, limits.max_cells))

        return await reads.run(work)

    @app.post("/api/edit/verdict", response_model=VerdictOut, responses=errors, tags=["edit"])
    async def edit_verdict(req: PuzzleRequest) -> VerdictOut:
        """Unique, several solutions (where two differ) or none; the rung and difficulty;
        the analyzer's advice.  Within a second: a node budget and a deadline bound it."""

        def work() -> VerdictOut:
            b = draft(req.genre, req.puzzle)
            found = editor.verdict(b, budget)
            a = found.advice

            def clues(found_clues: list[Clue]) -> list[ClueOut]:
                return [ClueOut(name=c.name, value=c.value, spot=editor.spot_of(b, c)) for c in found_clues]

            return VerdictOut(
                verdict=found.verdict,  # type: ignore[arg-type]
                rung=found.rung,
                rung_name=found.rung_name,
                difficulty=found.difficulty,
                differences=list(found.differences),
                advice=AdviceOut(
                    text=editor.advice_words(found),
                    add=clues(a.add),
                    removable=clues(a.removable),
                    contradiction=clues(a.contradiction),
                    rule=a.rule,
                    note=a.note,
                ),
                svg=editor.picture(b, found),
                seconds=round(found.seconds, 3),
            )

        return await slots.run(work)
