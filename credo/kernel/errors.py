"""The errors every game raises, each naming what is wrong and where."""

from __future__ import annotations


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
        super().__init__("Notation", f"'{text}' is not an action of {game}", text)


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
        where = f"move {move_number} ({move!r})" if move_number is not None else "record"
        super().__init__(f"{where}: {reason}")
