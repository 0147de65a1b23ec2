"""What clients may send, checked by a schema before anything is done with it."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Hello(Strict):
    """A socket's first message: the seat's token, or none to watch."""
    token: str | None = Field(None, max_length=128)


class Act(Strict):
    act: str = Field(max_length=128)
    expect: int = Field(ge=0, le=10_000_000)


class Resign(Strict):
    resign: Literal[True]


class Undo(Strict):
    undo: Literal["request", "accept", "refuse"]


class Rematch(Strict):
    rematch: Literal[True]


class Ping(Strict):
    ping: int | str | None = None


Message = Act | Resign | Undo | Rematch | Ping
BY_KEY = {"act": Act, "resign": Resign, "undo": Undo, "rematch": Rematch, "ping": Ping}


def read(data) -> Message:
    """A client message, or ValueError naming what is wrong (one line)."""
    if not isinstance(data, dict):
        raise ValueError("a message is a JSON object such as {\"act\": \"...\", \"expect\": 12}")
    kinds = {"act", "resign", "undo", "rematch", "ping"} & set(data)
    if len(kinds) != 1:
        raise ValueError("a message has exactly one of act (with expect), resign, undo, rematch, ping")
    kind = next(iter(kinds))
    try:
        return BY_KEY[kind].model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or kind
        raise ValueError(f"{field}: {first['msg']}") from None


class SeatSpec(Strict):
    kind: Literal["open", "bot"]
    agent: str | None = Field(None, max_length=32)


class ClockSpec(Strict):
    kind: Literal["none", "per_decision", "budget"] = "none"
    seconds: float = Field(0, ge=0, le=7 * 24 * 3600)
    increment: float = Field(0, ge=0, le=3600)
    on_timeout: str = Field("bot:easy", max_length=32)  # bot:LEVEL (a bot plays that decision) or forfeit


class NewTable(Strict):
    game: str = Field(max_length=32)
    options: dict = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    clock: ClockSpec = Field(default_factory=ClockSpec)


class Claim(Strict):
    name: Name
