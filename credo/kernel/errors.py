"""The errors every game raises, each naming what is wrong and where, and the two helpers
that keep a message to one readable line whatever it quotes."""

from __future__ import annotations

import reprlib

QUOTED_LENGTH = 40  # of a name or value someone gave, as a message quotes it
MESSAGE_LENGTH = 400  # of a whole message, as a person is shown it (the list of agents is 330)

_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlist, _SHORT.maxdict = 2, QUOTED_LENGTH, QUOTED_LENGTH, 3, 3


def quoted(value: object, limit: int = QUOTED_LENGTH) -> str:
    """`value` quoted for a message, cut to about `limit` characters: what a person, a file or
    a client gave may be 5,000 letters long or hold a newline, and the message is one line."""
    if isinstance(value, str):
        return repr(value[:limit]) + ("..." if len(value) > limit else "")
    text = _SHORT.repr(value)
    return text if len(text) <= limit + 20 else text[: limit + 17] + "..."


def one_line(text: str, limit: int = MESSAGE_LENGTH) -> str:
    """A message as a person is shown it: control characters escaped, at most `limit`
    characters. The boundaries (command line, terminal, server) pass every message through it,
    so a message quoting more than `quoted` allows still reads as one line."""
    shown = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


class CredoError(Exception):
    """Base of every error Credo raises on purpose."""


class IllegalAction(CredoError):
    """An action the rules forbid. The state it was applied to is unchanged."""

    def __init__(self, rule: str, message: str, action: object = None) -> None:
        self.rule = rule
        self.message = message
        self.action = action
        super().__init__(f"{message} (rule: {rule})")


class NotationError(IllegalAction):
    """Text that does not name any action of the game."""

    def __init__(self, text: str, game: str) -> None:
        super().__init__("Notation", f"{quoted(text)} is not an action of {game}", text)


class ContentError(CredoError):
    """A content file that does not validate: names the file, the entry and the field."""

    def __init__(self, file: str, entry: str, field: str, message: str) -> None:
        self.file = file
        self.entry = entry
        self.field = field
        self.message = message
        super().__init__(f"{file}: entry {entry}, field {field}: {message}")


class ReplayError(CredoError):
    """A record that no longer replays: names the first move that fails."""

    def __init__(self, move_number: int | None, move: str | None, reason: str) -> None:
        self.move_number = move_number
        self.move = move
        self.reason = reason
        where = f"move {move_number} ({quoted(move)})" if move_number is not None else "record"
        super().__init__(f"{where}: {reason}")
