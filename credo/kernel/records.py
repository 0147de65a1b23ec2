"""The record schema: what a record (Match.record(), a JSON document) must hold before
a replay starts, so that a malformed record is refused with one line naming the field
instead of failing somewhere inside a game."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

from .errors import ReplayError, quoted

RECORD_FORMAT = "credo-record"
RECORD_VERSION = 1

# The Rng keeps the low 64 bits of a seed (rng.py), so a seed outside one 64-bit word
# would only alias another; signed and unsigned words are both taken because `--seed`
# accepts a negative number and records keep the seed as it was given.
SEED_MIN = -(1 << 63)
SEED_MAX = (1 << 64) - 1
# -1 stands for "the one player to move" (Match.play without a player)
IMPLICIT_PLAYER = -1
MAX_PLAYER = 7
MAX_ACTION_LENGTH = 1_000
MAX_MOVES = 1_000_000


class _Strict(BaseModel):
    # strict: 1.0 is not 1, "3" is not 3, true is not 1; NaN and infinities are no numbers
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class RecordedMove(_Strict):
    player: Annotated[StrictInt, Field(ge=IMPLICIT_PLAYER, le=MAX_PLAYER)]
    action: Annotated[StrictStr, Field(min_length=1, max_length=MAX_ACTION_LENGTH)]


class RecordedResult(_Strict):
    over: StrictBool
    winners: list[Annotated[StrictInt, Field(ge=0, le=MAX_PLAYER)]] = Field(max_length=MAX_PLAYER + 1)
    # strict=False for the floats alone: JSON writes 1.0 as 1 in some tools
    returns: list[Annotated[float, Field(strict=False, ge=-1e6, le=1e6)]] = Field(max_length=MAX_PLAYER + 1)


class Record(_Strict):
    format: Literal["credo-record"]
    version: Literal[1]
    game: StrictStr
    rules_version: StrictStr
    content_hash: StrictStr
    options: dict[StrictStr, Any] = Field(default_factory=dict)
    seed: Annotated[StrictInt, Field(ge=SEED_MIN, le=SEED_MAX)]
    moves: list[RecordedMove] = Field(max_length=MAX_MOVES)
    result: RecordedResult | None = None
    position: dict[StrictStr, Any] | None = None


def json_type(value: Any) -> str:
    """What `value` is called in JSON: a number, a string, an array..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    for kind, name in ((int, "a number"), (float, "a number"), (str, "a string"), (list, "an array"),
                       (dict, "an object")):
        if isinstance(value, kind):
            return name
    return type(value).__name__


def field_path(loc: tuple) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(record)"


# a value quoted in an error: short, and never the whole of a deeply nested one
def parse_record(record: Any) -> Record:
    """`record` checked against the schema; the first thing wrong raises ReplayError."""
    if not isinstance(record, dict):
        raise ReplayError(None, None, f"a record is a JSON object, not {json_type(record)}")
    if record.get("format") != RECORD_FORMAT:
        got = quoted(record.get("format"))
        raise ReplayError(None, None, f"not a {RECORD_FORMAT} document (field format is {got})")
    if "version" in record and record["version"] != RECORD_VERSION:
        raise ReplayError(None, None, f"record version {quoted(record['version'])} is not {RECORD_VERSION}")
    try:
        return Record.model_validate(record)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = field_path(tuple(first["loc"]))
        # pydantic names its model classes here; a record's reader knows JSON objects
        message = "should be a JSON object" if first["type"] in ("model_type", "dict_type") else first["msg"]
        got = "" if first["type"] == "missing" else f" (got {quoted(first.get('input'))})"
        raise ReplayError(None, None, f"field {where}: {message}{got}") from None
    except RecursionError:
        raise ReplayError(None, None, "nested too deeply") from None
