"""A match: a game played from a seed (or a position), remembering its moves.

Matches make records, replay them step by step, and undo by replaying, which is
exact because every game is deterministic given its seed and actions.
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .errors import CredoError, ReplayError, quoted
from .records import IMPLICIT_PLAYER, RECORD_FORMAT, RECORD_VERSION, parse_record
from .state import Game, State


class Match:
    def __init__(
        self,
        game: Game,
        seed: int = 0,
        options: dict[str, Any] | None = None,
        position: dict | None = None,
    ) -> None:
        self.game = game
        self.seed = seed
        self.options = dict(options or {})
        self.position = position
        self.moves: list[tuple[int, str]] = []
        self.state: State = self._start()

    def _start(self) -> State:
        if self.position is not None:
            return self.game.from_position(self.position)
        return self.game.new(self.seed, **self.options)

    def play(self, action: Action | str, player: int | None = None) -> Action:
        if player is None:
            movers = self.state.to_move
            player = movers[0] if len(movers) == 1 else None
        done = self.state.apply(action, player)
        self.moves.append((player if player is not None else -1, str(done)))
        return done

    def undo(self, count: int = 1) -> None:
        """Take back the last `count` moves by replaying the others from the start."""
        keep = self.moves[: max(0, len(self.moves) - count)]
        self.moves = []
        self.state = self._start()
        for player, text in keep:
            self.play(text, player)

    def result(self) -> dict:
        s = self.state
        return {"over": s.is_over, "winners": list(s.winners), "returns": s.returns()}

    def record(self) -> dict:
        record = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "content_hash": self.game.content_hash,
            "options": self.options,
            "seed": self.seed,
            "moves": [{"player": p, "action": a} for p, a in self.moves],
            "result": self.result(),
        }
        if self.position is not None:
            record["position"] = self.position
        return record


def replay(record: Any, game: Game) -> Match:
    """Replay a record move by move; raise ReplayError naming the field that is wrong, or
    the first move that fails. A malformed record raises nothing but a CredoError."""
    checked = parse_record(record)
    if checked.game != game.name:
        raise ReplayError(None, None, f"record is of {quoted(checked.game)}, not {quoted(game.name)}")
    if checked.rules_version != game.rules_version:
        raise ReplayError(None, None, f"rules version {quoted(checked.rules_version)} differs from {quoted(game.rules_version)}")
    if checked.content_hash != game.content_hash:
        raise ReplayError(None, None, "content differs from the content the record was played with")
    try:
        game.options(**checked.options)
    except CredoError as exc:
        raise ReplayError(None, None, f"field options: {exc}") from None
    try:
        match = Match(game, checked.seed, checked.options, checked.position)
    except CredoError as exc:
        field = "position" if checked.position is not None else "options"
        raise ReplayError(None, None, f"field {field}: cannot start the game: {exc}") from None
    except Exception as exc:  # noqa: BLE001
        if checked.position is None:
            raise
        # a position is the games' to validate (Game.from_position); until every game's
        # loader refuses all it cannot load, a record's position that breaks one is
        # still the record's fault, and is named as such
        raise ReplayError(None, None, f"field position: cannot be loaded ({type(exc).__name__}: {exc})") from None
    for number, move in enumerate(checked.moves, start=1):
        player = None if move.player == IMPLICIT_PLAYER else move.player
        try:
            match.play(move.action, player)
        except CredoError as exc:
            raise ReplayError(number, move.action, str(exc)) from None
    if checked.result is not None and match.result() != checked.result.model_dump():
        raise ReplayError(None, None, f"result {match.result()} differs from recorded {checked.result.model_dump()}")
    return match
