"""Positions at the boundary: a schema checks a position's shape, the game checks its
consistency, and a probe checks that the state it makes can be played.

Every game's `from_position` goes through `Game.from_position` (kernel/state.py), which
calls the game's `_load_position` and then `probe`, so a position either loads into a
state that plays or is refused with one `PositionError` naming the field that is wrong.
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from .errors import QUOTED_LENGTH, CredoError, IllegalAction, quoted

RULE = "Position"
_WORD = 1 << 64


class PositionError(IllegalAction):
    """A position that does not describe a state of the game: names the field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(RULE, f"position field {field}: {message}")
        self.field = field


class PositionModel(BaseModel):
    """Base of every game's position schema: unknown fields are refused and numbers are
    numbers (no "3" for 3, no 1.0 for 1, no true for 1)."""

    model_config = ConfigDict(extra="forbid", strict=True)


# the two 64-bit words of a state's rng (Rng.to_position): seed word and counter
Word = Annotated[StrictInt, Field(ge=0, lt=_WORD)]
RngWords = Annotated[list[Word], Field(min_length=2, max_length=2)]
# a small count, turn or amount: bounded so that nothing downstream computes with a
# number no game could reach (a huge index once made a loader compute 2 << j)
Small = Annotated[StrictInt, Field(ge=0, le=100_000)]
Player = Annotated[StrictInt, Field(ge=0, le=7)]

M = TypeVar("M", bound=BaseModel)


def field_path(loc: tuple) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{shown(part)}" if out else shown(part))
    return out or "(position)"


def shown(part) -> str:
    """A name from a position as a message shows it: a dict key is the position's own
    text, and a long or unprintable one (a newline, 5,000 letters) would break the one
    line an error is, so it is quoted and cut."""
    text = str(part)
    if len(text) <= QUOTED_LENGTH and text.isprintable():
        return text
    return quoted(text)


def parse(model: type[M], position: Any) -> M:
    """`position` checked against `model`; the first thing wrong raises PositionError."""
    if not isinstance(position, dict):
        raise PositionError("(position)", f"a position is a JSON object, not {type(position).__name__}")
    try:
        return model.model_validate(position)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise PositionError(field_path(first["loc"]), first["msg"]) from None
    except RecursionError:
        raise PositionError("(position)", "nested too deeply") from None


def probe(state, position: dict | None = None) -> None:
    """Check that a loaded state can be played: who moves, what they may do, what each
    player sees, and that it writes back the position it came from. Anything that fails
    here is a position the loader should have refused: it is reported as one.

    `position` is what the state was loaded from. When the state writes it back as it was
    (every position `to_position` wrote: the server's, the records', the workers'), loading
    what it writes gives this very state again, since a loader reads only its position:
    the second load that checks that is then skipped."""
    try:
        movers = state.to_move
        for p in movers:
            state.legal_actions(p)
        for p in (*range(state.num_players), None):
            state.observation(p)
        state.events(None)
        state.is_over
        state.winners
        written = state.to_position()
        if written != position and state.game._load_position(written).to_position() != written:
            raise PositionError("(position)", "does not describe one state (it reads back differently)")
    except CredoError:
        raise
    except Exception as exc:  # a position the game's checks let through: refuse it, say what failed
        raise PositionError("(consistency)", f"the state it describes cannot be played ({type(exc).__name__}: {exc})") from None


def playable(state) -> None:
    """A game that is not over has someone to move, and each of them has something to do:
    a loader calls this last, so that a position where play is stuck is refused."""
    if state.is_over:
        return
    movers = state.to_move
    if not movers:
        raise PositionError("(position)", "nobody is to move, yet the game is not over")
    for p in movers:
        if not state.legal_actions(p):
            raise PositionError("(position)", f"player {p + 1} is to move but has no legal action")


def guarded(load, game, position):
    """`load(game, position)`, where anything but a CredoError is a position the loader's
    checks missed: refused as one (the field "(consistency)", as in `probe`), never a traceback."""
    try:
        return load(game, position)
    except CredoError:
        raise
    except RecursionError:
        raise PositionError("(position)", "nested too deeply") from None
    except Exception as exc:
        raise PositionError("(consistency)", f"the position cannot be read ({type(exc).__name__}: {exc})") from None
