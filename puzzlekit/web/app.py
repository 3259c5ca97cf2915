"""The ASGI app: the play page, its static files, and the JSON API under ``/api/``.

Every answer to bad input is a 4xx JSON object ``{"error": "..."}`` naming the
problem; the app keeps no session (the page sends the puzzle and the marks each
time), so ``puzzlekit serve`` serves many players from one process.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from importlib import resources
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from puzzlekit import __version__, interchange
from puzzlekit.api import default_host
from puzzlekit.budget import Budget
from puzzlekit.core.model import values_of
from puzzlekit.errors import PuzzlekitError
from puzzlekit.formats.codec import cells_at_most
from puzzlekit.generation import parse_size, target_rung
from puzzlekit.genre import Genre
from puzzlekit.grading import grade
from puzzlekit.host import Host
from puzzlekit.web import play
from puzzlekit.web.bounds import BoardCache, BodyLimit, ReadSlots, SolveSlots
from puzzlekit.web.daily import daily_text, parse_date
from puzzlekit.web.edit_routes import add_edit_routes
from puzzlekit.web.editor import editable
from puzzlekit.web.guard import Guard
from puzzlekit.web.limits import Limits
from puzzlekit.web.making import make_for_player
from puzzlekit.web.offer import offer_for
from puzzlekit.web.play import Board, PlayError, TooLarge
from puzzlekit.web.schema import (
    BoardOut,
    CheckOut,
    CheckRequest,
    ErrorOut,
    ExportOut,
    ExportRequest,
    GenerateRequest,
    GenreOut,
    GradeOut,
    HintOut,
    HintRequest,
    LoadRequest,
    PlaceOut,
    PuzzleRequest,
    ReadOut,
    RenderOut,
    RenderRequest,
    RulesOut,
    SizeOut,
    SolveOut,
    SolveRequest,
    TechniqueOut,
    ViolationOut,
)
from puzzlekit.web.words import display_name, rules_of

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut, "description": words}
    for code, words in (
        (400, "Bad puzzle text or a bad value (the message says which, with line and column)."),
        (413, "The body or the board is over the server's limits."),
        (422, "The request does not fit the schema, or the marks do not fit the board."),
        (429, "Every solver is busy."),
        (499, "The client went away (Cancel) before the puzzle was made; the work was stopped."),
    )
}


def create_app(host: Host | None = None, limits: Limits | None = None, hosts: Sequence[str] | None = None) -> FastAPI:
    """The app for ``puzzlekit play`` and ``serve`` (and for embedding in another ASGI app).

    ``hosts`` are the names the app answers to (the Host header; see
    ``puzzlekit.web.guard``); None checks none, for an app mounted in a server that does."""
    host = host or default_host()
    limits = limits or Limits()
    slots = SolveSlots(limits)
    reads = ReadSlots(limits)
    boards = BoardCache(limits.cache_bytes)
    app = FastAPI(
        title="puzzlekit",
        version=__version__,
        summary="Play logic puzzles of every installed genre; solve, check, hint, grade and generate them.",
        openapi_url="/api/openapi.json",
        docs_url=None,
        redoc_url=None,
    )
    app.add_middleware(BodyLimit, max_bytes=limits.max_body, timeout=limits.body_timeout)
    app.add_middleware(Guard, hosts=hosts)  # outermost: a foreign Host is refused before the body is read
    app.state.boards = boards
    _errors(app)

    def board(genre: str | None, text: str, fallback: str | None = None) -> Board:
        """The board a request sends, read within the cells cap (decoders refuse a bigger
        claimed size at once) and the time budget, and kept for the player's next move."""
        with cells_at_most(limits.max_cells) as cap:
            try:
                g, level = play.level_text(text, genre, host, fallback)
            except PuzzlekitError as err:
                if cap.refused:  # the source claims a board over the cap: too large, not bad
                    raise TooLarge(str(err)) from None
                raise

            def opened() -> Board:
                found = Budget.of(limits.budget).within(lambda: play.open_board(g, level, limits.max_cells))
                if found is None:
                    raise TooLarge(f"puzzle: reading this board took more than this server's {limits.budget:g} s")
                return found

            return boards.get((g.name, level), opened)

    def board_out(b: Board, date: str | None = None, requested: str | None = None, note: str = "") -> BoardOut:
        instance = b.puzzle.instance
        own = b.puzzle.meta.get("title")
        return BoardOut(
            genre=b.genre.name,
            name=display_name(b.genre),
            key=b.key,
            puzzle=b.text,
            size=b.puzzle.size,
            title=own or f"{display_name(b.genre)} {b.puzzle.size}",
            own_title=own is not None,
            marking=b.genre.marking,  # type: ignore[arg-type]
            difficulty=b.puzzle.meta.get("difficulty"),
            requested=requested,
            note=note or None,
            places=[PlaceOut(var=p.var, marks=list(p.marks), name=b.genre.describe(instance, p.var)) for p in b.places],
            state=list(b.blank),
            svg=play.picture(b, None),
            link=play.link_source(b, host),
            kinds=play.export_kinds(b, host),
            date=date,
        )

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page() -> HTMLResponse:
        return HTMLResponse(resources.files("puzzlekit.web").joinpath("static/index.html").read_text("utf-8"))

    static = resources.files("puzzlekit.web").joinpath("static")
    app.mount("/static", StaticFiles(directory=str(static)), name="static")

    @app.get("/api/genres", response_model=list[GenreOut], tags=["puzzles"])
    def genres() -> list[GenreOut]:
        """Every installed genre, and whether the browser can play it."""
        return [genre_out(e.genre) for e in host.genres()]

    def genre_out(g: Genre) -> GenreOut:
        rules = rules_of(g)
        return GenreOut(
            name=g.name,
            title=display_name(g),
            aliases=list(g.aliases),
            summary=g.summary,
            playable=play.playable(g),
            difficulties=list(g.difficulties),
            marking=g.marking,  # type: ignore[arg-type]
            sizes=[SizeOut(size=o.size, difficulties=list(o.difficulties), measured=o.measured) for o in offer_for(g)],
            daily_size=g.daily_size,
            editable=editable(g),
            rules=RulesOut(
                title=rules.title,
                also=list(rules.also),
                goal=rules.goal,
                basics=list(rules.basics),
                techniques=[
                    TechniqueOut(name=t.name, rung=t.rung, rung_name=t.rung_name, text=t.text) for t in rules.techniques
                ],
            ),
        )

    @app.post("/api/load", response_model=BoardOut, responses=ERRORS, tags=["puzzles"])
    async def load(req: LoadRequest) -> BoardOut:
        """Open a puzzle from level text, a puzz.link URL, a game ID or a pzprjs file."""
        return await reads.run(lambda: board_out(board(req.genre, req.source, req.fallback)))

    @app.post("/api/check", response_model=CheckOut, responses=ERRORS, tags=["play"])
    async def check(req: CheckRequest) -> CheckOut:
        """The live check: solved, wrong or playing, with only the rules broken for good."""

        def work() -> CheckOut:
            b = board(req.genre, req.puzzle)
            state = play.state_of(b, req.state)
            hinted = play.hint_vars(b, req.hint)
            found = play.verdict(b, state)
            shown_in_svg = found.shown if req.violations else []
            svg = play.picture(b, state, violations=shown_in_svg, hint=hinted, places=req.places) if req.svg else None
            shown = [ViolationOut(kind=v.kind, message=v.message, variables=list(v.variables)) for v in found.shown]
            return CheckOut(status=found.status, violations=shown, svg=svg)

        return await reads.run(work)

    @app.post("/api/hint", response_model=HintOut, responses=ERRORS, tags=["play"])
    async def hint(req: HintRequest) -> HintOut:
        """The next deduction from the marks, in words, with the places it reads."""

        def work() -> HintOut:
            b = board(req.genre, req.puzzle)
            state = play.state_of(b, req.state)
            found = play.hint(b, state, limits.budget, play.notes_of(b, req.notes))
            g, instance = b.genre, b.puzzle.instance
            var = found.variable
            shown = play.verdict(b, state).shown  # the drawing keeps showing what is wrong
            svg = play.picture(b, state, violations=shown, hint=[var] if var is not None else [], places=req.places)
            return HintOut(
                kind=found.kind,
                text=found.text,
                variable=var,
                place=g.describe(instance, var) if var is not None else None,
                values=values_of(found.mask) if found.mask else None,
                rule=found.rule,
                rung=found.rung,
                reads=[ReadOut(variable=v, place=g.describe(instance, v)) for v in found.reads],
                svg=svg,
            )

        return await slots.run(work)

    @app.post("/api/solve", response_model=SolveOut, responses=ERRORS, tags=["puzzles"])
    async def solve(req: SolveRequest) -> SolveOut:
        """Solve within the budget: the status, and the solution when it is unique."""

        def work() -> SolveOut:
            b = board(req.genre, req.puzzle)
            budget = min(req.timeout or limits.budget, limits.budget)
            status, state = play.solution_state(b, budget)
            if state is None:
                return SolveOut(status=status.value, state=None, text=None, svg=None)
            text = "\n".join(b.genre.write(b.puzzle.instance, state)) + "\n"
            return SolveOut(status="unique", state=state, text=text, svg=play.picture(b, state))

        return await slots.run(work)

    @app.post("/api/grade", response_model=GradeOut, responses=ERRORS, tags=["puzzles"])
    async def grade_(req: PuzzleRequest) -> GradeOut:
        """The rung the puzzle needs and the deductions per rule."""

        def work() -> GradeOut:
            b = board(req.genre, req.puzzle)
            found = grade(b.genre, b.puzzle, timeout=limits.budget)
            return GradeOut(
                status=found.status.value,
                rung=found.tier,
                rung_name=found.rung_name,
                difficulty=found.difficulty,
                rule_counts=found.rule_counts,
                nodes=found.nodes,
                seconds=found.seconds,
            )

        return await slots.run(work)

    @app.post("/api/generate", response_model=BoardOut, responses=ERRORS, tags=["puzzles"])
    async def generate(req: GenerateRequest, request: Request) -> BoardOut:
        """A new puzzle, proven unique, from a seed (same seed, same puzzle).  When the
        difficulty asked for is not made in time, the nearest one is (``difficulty`` and
        ``note`` say so).  Closing the request (the page's Cancel) stops the work."""
        g = play.genre_of(req.genre, host)
        cols, rows = parse_size(req.size)
        if max(cols, rows) > limits.max_generate_side:
            raise TooLarge(f"size: this server generates boards up to {limits.max_generate_side} on a side")
        target_rung(g, req.difficulty)  # an unknown difficulty is refused before any work

        def work() -> tuple[str, str, str]:
            made = make_for_player(g, (cols, rows), req.difficulty, req.seed, limits.budget)
            return made.text, made.difficulty, made.note

        text, _, note = await slots.run_stoppable(work, request.is_disconnected)
        return board_out(play.open_board(g, text, limits.max_cells), requested=req.difficulty, note=note)

    @app.get("/api/daily", response_model=BoardOut, responses=ERRORS, tags=["puzzles"])
    async def daily(
        genre: str = Query(min_length=1, max_length=64, description="A genre name or alias."),
        date: str | None = Query(default=None, max_length=32, description="YYYY-MM-DD (default: the server's today)."),
    ) -> BoardOut:
        """Today's puzzle: the date is the seed, so every player gets the same board."""

        def work() -> BoardOut:
            g = play.genre_of(genre, host)
            day = parse_date(date)
            if not dt.date(1900, 1, 1) <= day <= dt.date(9999, 12, 31):
                raise PlayError(f"date: {day} is out of range")
            text = daily_text(g, day, limits.budget)
            return board_out(play.open_board(g, text, limits.max_cells), day.isoformat())

        return await slots.run(work)

    @app.post("/api/render", response_model=RenderOut, responses=ERRORS, tags=["puzzles"])
    async def render(req: RenderRequest) -> RenderOut:
        """The board as SVG: bare, with the marks, or solved."""

        def work() -> RenderOut:
            b = board(req.genre, req.puzzle)
            state = play.state_of(b, req.state) if req.state is not None else None
            if req.solution:
                status, state = play.solution_state(b, limits.budget)
                if state is None:
                    raise PlayError(f"solution: this puzzle has no single solution (it is {status.value})")
            shown = play.verdict(b, state).shown if req.violations and state is not None else []
            return RenderOut(svg=play.picture(b, state, violations=shown, places=req.places))

        if req.solution:
            return await slots.run(work)
        return await reads.run(work)

    @app.post("/api/export", response_model=ExportOut, responses=ERRORS, tags=["play"])
    async def export(req: ExportRequest) -> ExportOut:
        """The attempt as a puzzlekit state (``puzzlekit check --state`` reads it) or a pzprjs file."""

        def work() -> ExportOut:
            b = board(req.genre, req.puzzle)
            state = play.state_of(b, req.state)
            if req.kind not in play.export_kinds(b, host):
                raise PlayError(f"kind: {b.genre.name} attempts export as {', '.join(play.export_kinds(b, host))}")
            if not req.marks:
                text = interchange.encode(b.puzzle, req.kind, host)
                suffix = {"ascii": "txt", "pzpr": "pzpr"}.get(req.kind, "txt")
                return ExportOut(kind=req.kind, text=text, filename=f"{b.key}.{suffix}")
            text = play.export(b, state, req.kind, host)
            suffix = {"ascii": "txt", "pzpr": "pzpr"}.get(req.kind, "txt")
            return ExportOut(kind=req.kind, text=text, filename=f"{b.key}.attempt.{suffix}")

        return await reads.run(work)

    add_edit_routes(app, host, limits, slots, ERRORS, reads)
    return app


def _errors(app: FastAPI) -> None:
    """Every failure as ``{"error": "..."}`` with a 4xx status naming the problem."""

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for err in exc.errors()[:5]:
            where = ".".join(str(part) for part in err.get("loc", ()) if part != "body") or "body"
            problems.append(f"{where}: {err.get('msg', 'invalid')}")
        return JSONResponse({"error": "; ".join(problems)}, status_code=422)

    @app.exception_handler(PlayError)
    async def refused(request: Request, exc: PlayError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=exc.status_code)

    @app.exception_handler(PuzzlekitError)
    async def bad_input(request: Request, exc: PuzzlekitError) -> JSONResponse:
        # 400; an error carried over from a worker process (puzzlekit.web.jobs) keeps its status
        return JSONResponse({"error": str(exc)}, status_code=getattr(exc, "status_code", 400))

    @app.exception_handler(HTTPException)
    async def http(request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)


def openapi_document() -> str:
    """The schema as published in docs/schema/web-api.openapi.json (a test keeps them equal)."""
    import json

    return json.dumps(create_app().openapi(), indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    print(openapi_document(), end="")
