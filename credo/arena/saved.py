"""What one saved game is, in each file the arena writes a game a line to: the balance lab's
results.jsonl, a strength report's X.games.jsonl and a ladder's GAME.jsonl; and the documents
beside them (a balance run's run.json, a strength report's X.json), read through their own
dataclasses (`read_document`).

These files outlive the runs that wrote them: they are resumed, merged, kept under version
control and sometimes edited by hand. A line that is no game (a wrong type, a seat too many)
is refused with one line naming the file, the line and the field, before a run adds to the
file or a report counts it, instead of failing somewhere inside a report. A field a reader
does not know is kept: a newer run may save more than an older reader reads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, TypeAdapter, ValidationError, model_validator

from credo.kernel.positions import field_path

# The book revision (Game.book_revision) is saved with every game and line an agent playing the book
# took part in since 0f98621; before it only Dogma had a book, at revision 1, and nothing recorded it
BOOK_BEFORE_RECORDED = {"dogma": 1}


def book_of(saved: dict, game: str, played: bool) -> int | None:
    """The book revision a saved game or line was played with: None where no agent played the
    book (`played`), the first book where it was saved before the revision was kept."""
    if not played:
        return None
    recorded = saved.get("book")
    return recorded if recorded is not None else BOOK_BEFORE_RECORDED.get(game, 0)


Count = Annotated[StrictInt, Field(ge=0)]
Seat = Annotated[StrictInt, Field(ge=0, le=7)]
Seconds = Annotated[float, Field(ge=0)]


class _Saved(BaseModel):
    model_config = ConfigDict(extra="allow", allow_inf_nan=False)

    def _check_seats(self, **per_seat: list | None) -> None:
        seats = len(self.agents)  # every saved game names its agents by seat
        for name, values in per_seat.items():
            if values is not None and len(values) != seats:
                raise ValueError(f"{name}: {len(values)} seats, where the agents are {seats}")


class LabGame(_Saved):
    """A line of a balance run's results.jsonl (credo/arena/lab.py, play_lab_game)."""

    matchup: StrictStr
    index: Count
    seed: StrictInt
    options: dict[StrictStr, Any] = Field(default_factory=dict)
    agents: list[StrictStr] = Field(min_length=1, max_length=8)
    winners: list[Seat]
    returns: list[float]
    moves: Count
    turns: Count | None = None
    first: Seat | None = None
    held: list[list[tuple[StrictStr, StrictStr]]] | None = None
    search: StrictInt | None = None
    book: StrictInt | None = None  # Game.book_revision, where an agent of the game played the book
    seconds: Seconds = 0.0  # absent in the oldest runs; never null
    levels: dict[StrictStr, StrictStr] | None = None  # what the levels among the agents played as ("hard": "mcts")
    fixed: tuple[Seat, StrictStr] | None = None  # `--openers`: the seat whose first decision was fixed, and to what

    @model_validator(mode="after")
    def _seats(self) -> LabGame:
        self._check_seats(returns=self.returns, held=self.held)
        fixed = [] if self.fixed is None else [self.fixed[0]]
        for name, seats in (("winners", self.winners), ("first", [] if self.first is None else [self.first]),
                            ("fixed", fixed)):
            for seat in seats:
                if seat >= len(self.agents):
                    raise ValueError(f"{name}: seat {seat} is not one of the {len(self.agents)} seats")
        return self


class StrengthGame(_Saved):
    """A line of a strength report's X.games.jsonl (credo/arena/report.py)."""

    game: StrictStr
    first: StrictStr
    second: StrictStr
    role: StrictStr | None
    levels: dict[StrictStr, StrictStr]
    index: Count
    seed: StrictInt
    agents: list[StrictStr] = Field(min_length=1, max_length=8)
    returns: list[float]
    moves: Count
    seconds: Seconds
    effort: list[dict[StrictStr, Any] | None] | None = None
    book: StrictInt | None = None  # Game.book_revision, where one of the two played the book

    @model_validator(mode="after")
    def _seats(self) -> StrengthGame:
        self._check_seats(returns=self.returns, effort=self.effort)
        return self


class LadderGame(_Saved):
    """A line of a ladder's GAME.jsonl after its settings (credo/arena/ladder.py, play_timed)."""

    index: Count
    agents: list[StrictStr] = Field(min_length=1, max_length=8)
    seed: StrictInt
    returns: list[float]
    moves: Count
    seconds: list[Seconds]
    decisions: list[Count]

    @model_validator(mode="after")
    def _seats(self) -> LadderGame:
        self._check_seats(returns=self.returns, seconds=self.seconds, decisions=self.decisions)
        return self


def read_saved_games(path: Path, schema: type[_Saved], skip: int = 0) -> list[dict]:
    """The games saved one JSON line each in `path` (after its first `skip` lines), each checked
    against `schema`. A last line cut short by a stop (no whole JSON) is left out, so that game
    is played again; any other line that is no game raises ValueError naming it."""
    if not path.exists():
        return []
    rows = []
    lines = path.read_text().splitlines()
    for number, line in enumerate(lines[skip:], start=skip + 1):
        try:
            row = json.loads(line)
        except ValueError:
            if number == len(lines):
                break
            raise ValueError(f"{path}, line {number}: not a saved game (not JSON)") from None
        rows.append(row)
        problem = game_problem(row, schema)
        if problem:
            raise ValueError(f"{path}, line {number}: not a saved game ({problem})")
    return rows


def game_problem(row: Any, schema: type[_Saved]) -> str | None:
    """What is wrong with `row` as a saved game of `schema`, in one line; None if nothing."""
    if not isinstance(row, dict):
        return "a saved game is a JSON object"
    try:
        schema.model_validate(row)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = field_path(tuple(first["loc"]))
        message = first["msg"].removeprefix("Value error, ")
        return f"{where}: {message}" if where != "(position)" else message
    return None


T = TypeVar("T")


def read_document(data: Any, kind: type[T]) -> T:
    """`data` (a JSON document, read) as the dataclass `kind`, each field checked against its
    annotation; ValueError names the first field that is wrong."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    try:
        return TypeAdapter(kind).validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise ValueError(f"{field_path(tuple(first['loc']))}: {first['msg']}") from None
