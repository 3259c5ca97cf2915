"""The JSON API's requests and answers, as pydantic models (they make the OpenAPI schema).

A puzzle travels as its level text (``puzzle``) with its ``genre``; a player's marks
as ``state``, one domain per variable (bit ``v`` set while value ``v`` is allowed;
see docs/play.md), in the order the genre's model declares them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

MAX_TEXT = 64 * 1024
MAX_VARS = 20_000

Genre = Field(min_length=1, max_length=64, description="A genre name or alias (see GET /api/genres).")
Text = Field(min_length=1, max_length=MAX_TEXT, description="The puzzle as level text (what /api/load returns).")
Marks = Field(
    default=None,
    max_length=MAX_VARS,
    description="The player's marks: one domain per variable; omitted means no marks yet.",
)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LoadRequest(Strict):
    source: str = Field(
        min_length=1,
        max_length=MAX_TEXT,
        description="Level text, a puzz.link URL, a game ID (Simon Tatham's puzzles) or a pzprjs file.",
    )
    genre: str | None = Field(
        default=None, max_length=64, description="Needed unless the source names its genre (URLs, pzprjs files)."
    )
    fallback: str | None = Field(
        default=None,
        max_length=64,
        description="The genre to read the source as when it names none (the page's menu); a source that "
        "names its genre (a URL, a pzprjs file) is read as that genre instead. Ignored when genre is given.",
    )


class PuzzleRequest(Strict):
    genre: str = Genre
    puzzle: str = Text


class StateRequest(PuzzleRequest):
    state: list[int] | None = Marks


class CheckRequest(StateRequest):
    svg: bool = Field(default=True, description="Also draw the marks.")
    places: bool = Field(default=True, description="Lay the data-place polygons over the drawing.")
    violations: bool = Field(default=True, description="Highlight the broken rules in the drawing.")
    hint: list[int] = Field(default=[], max_length=MAX_VARS, description="Variables to draw as hinted.")


class HintRequest(StateRequest):
    places: bool = Field(default=True, description="Lay the data-place polygons over the drawing.")
    notes: list[int] | None = Field(
        default=None,
        max_length=MAX_VARS,
        description="Pencil marks (digit genres): per variable the domain still written in, 0 for none; "
        "they narrow the open places the hint starts from.",
    )


class SolveRequest(PuzzleRequest):
    timeout: float | None = Field(default=None, gt=0, le=600, description="Seconds; the server's budget caps it.")


class GenerateRequest(Strict):
    genre: str = Genre
    size: str = Field(default="7x7", max_length=16, description="Columns x rows, such as 10x10.")
    difficulty: str = Field(default="medium", max_length=32, description="One of the genre's difficulties.")
    seed: str = Field(default="puzzlekit", max_length=200, description="Same seed, same puzzle.")


class RenderRequest(StateRequest):
    solution: bool = Field(default=False, description="Solve and draw the solution instead of the marks.")
    violations: bool = Field(default=False, description="Highlight the rules the marks break for good.")
    places: bool = Field(default=False, description="Lay the data-place polygons over the drawing.")


class ExportRequest(StateRequest):
    kind: str = Field(default="ascii", max_length=32, description="ascii (a puzzlekit state) or a format's kind.")
    marks: bool = Field(default=True, description="False: the bare puzzle, without the marks (the editor's export).")


class PlaceOut(BaseModel):
    var: int
    marks: list[int] = Field(description="The domains a click cycles through, the unmarked one first.")
    name: str


class TechniqueOut(BaseModel):
    name: str
    rung: int
    rung_name: str
    text: str


class RulesOut(BaseModel):
    title: str
    also: list[str] = Field(description="Other names the genre goes by.")
    goal: str = Field(description="The puzzle's rules in a sentence (the genre's summary).")
    basics: list[str] = Field(description="The cheapest rung's rules: the puzzle's rules as a solver reads them.")
    techniques: list[TechniqueOut] = Field(description="Every rule the hints use, cheapest first.")


class SizeOut(BaseModel):
    size: str
    difficulties: list[str] = Field(description="The difficulties made in time at this size.")
    measured: bool = Field(description="False for a genre the server's table has not measured.")


class GenreOut(BaseModel):
    name: str
    title: str = Field(description="The genre's name for people (Bridges, not hashiwokakero).")
    aliases: list[str]
    summary: str
    playable: bool
    difficulties: list[str]
    marking: Literal["cycle", "digits", "regions"] = Field(description="How the page marks places.")
    sizes: list[SizeOut] = Field(description="What New puzzle offers: sizes and the difficulties made in time.")
    daily_size: str
    editable: bool = Field(description="Whether the editor can set puzzles of this genre.")
    rules: RulesOut


class BoardOut(BaseModel):
    genre: str
    name: str = Field(description="The genre's name for people.")
    key: str = Field(description="A stable name of the puzzle (the page keeps the attempt under it).")
    puzzle: str
    size: str
    title: str = Field(description="The puzzle's own title, or the genre's name and the size.")
    own_title: bool = Field(description="Whether the title is the puzzle's own (a URL carries none).")
    marking: Literal["cycle", "digits", "regions"]
    difficulty: str | None = Field(default=None, description="The difficulty the puzzle was made at, if known.")
    requested: str | None = Field(default=None, description="The difficulty asked for (generate).")
    note: str | None = Field(default=None, description="Why the difficulty made is not the one asked for.")
    places: list[PlaceOut]
    state: list[int] = Field(description="The unmarked state.")
    svg: str = Field(description="The bare board, places tagged with data-place.")
    link: str = Field(description="A source that reproduces the puzzle: a puzz.link URL or the level text.")
    kinds: list[str] = Field(description="What the attempt can be exported as.")
    date: str | None = None


class ViolationOut(BaseModel):
    kind: str
    message: str
    variables: list[int]


class CheckOut(BaseModel):
    status: Literal["playing", "solved", "wrong"]
    violations: list[ViolationOut] = Field(description="Only rules broken for good; never the hidden solution.")
    svg: str | None = None


class ReadOut(BaseModel):
    variable: int
    place: str


class HintOut(BaseModel):
    kind: Literal["deduction", "mistake", "solved", "search"]
    text: str
    variable: int | None
    place: str | None
    values: list[int] | None
    rule: str | None
    rung: int
    reads: list[ReadOut]
    svg: str


class SolveOut(BaseModel):
    status: Literal["unique", "multiple", "none", "undecided"]
    state: list[int] | None = Field(description="The solution as marks, when there is exactly one.")
    text: str | None
    svg: str | None


class GradeOut(BaseModel):
    status: str
    rung: int | None  # None unless the puzzle is unique
    rung_name: str | None
    difficulty: str | None
    rule_counts: dict[str, int]
    nodes: int
    seconds: float


class RenderOut(BaseModel):
    svg: str


class ExportOut(BaseModel):
    kind: str
    text: str
    filename: str


class ErrorOut(BaseModel):
    error: str = Field(description="The problem, in one line.")


class EditOpenRequest(Strict):
    genre: str = Genre
    puzzle: str | None = Field(default=None, max_length=MAX_TEXT, description="The draft; omitted: an empty board.")
    size: str = Field(default="7x7", max_length=16, description="The empty board's size (columns x rows).")


class ChangeIn(Strict):
    spot: int = Field(ge=0, le=MAX_VARS, description="A clue spot's index (data-clue).")
    value: int | None = Field(ge=-1_000_000, le=1_000_000, description="One of the spot's values; null: no clue.")


class EditChangeRequest(PuzzleRequest):
    changes: list[ChangeIn] = Field(min_length=1, max_length=200, description="Made in turn.")


class SpotOut(BaseModel):
    values: list[int | None] = Field(description="What a click cycles through; null is no clue.")
    value: int | None


class EditOut(BaseModel):
    genre: str
    puzzle: str
    size: str
    svg: str = Field(description="The draft, places tagged data-place and clue spots data-clue.")
    spots: list[SpotOut]
    kinds: list[str] = Field(description="What the puzzle exports as.")


class ClueOut(BaseModel):
    name: str
    value: int
    spot: int | None = Field(description="The clue spot it stands at, when the genre's spots say.")


class AdviceOut(BaseModel):
    text: str = Field(description="The analyzer's advice in words.")
    add: list[ClueOut] = Field(description="Clues that together make it unique (several solutions).")
    removable: list[ClueOut] = Field(description="Clues each of which could go (unique).")
    contradiction: list[ClueOut] = Field(description="Clues that have no solution together (none).")
    rule: str | None
    note: str


class VerdictOut(BaseModel):
    verdict: Literal["unique", "multiple", "none", "unknown", "invalid"] = Field(
        description="invalid: not a puzzle yet (a wall drawn that closes no region; advice.contradiction names it)."
    )
    rung: int | None
    rung_name: str | None
    difficulty: str | None
    differences: list[int] = Field(description="Variables where two solutions differ (multiple).")
    advice: AdviceOut
    svg: str
    seconds: float
