"""A match: a game played from a seed (or a position), remembering its moves.

Matches make records, replay them step by step, and undo by replaying, which is
exact because every game is deterministic given its seed and actions.
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .errors import CredoError, ReplayError
from .state import Game, State

RECORD_FORMAT = "credo-record"
RECORD_VERSION = 1


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


def replay(record: dict, game: Game) -> Match:
    """Replay a record move by move; raise ReplayError naming the first move that fails."""
    if record.get("format") != RECORD_FORMAT:
        raise ReplayError(None, None, f"not a {RECORD_FORMAT} document")
    if record.get("version") != RECORD_VERSION:
        raise ReplayError(None, None, f"record version {record.get('version')} is not {RECORD_VERSION}")
    if record.get("game") != game.name:
        raise ReplayError(None, None, f"record is of {record.get('game')!r}, not {game.name!r}")
    if record.get("rules_version") != game.rules_version:
        raise ReplayError(
            None, None, f"rules version {record.get('rules_version')} differs from {game.rules_version}"
        )
    if record.get("content_hash") != game.content_hash:
        raise ReplayError(None, None, "content differs from the content the record was played with")
    try:
        match = Match(game, record.get("seed", 0), record.get("options"), record.get("position"))
    except CredoError as exc:
        raise ReplayError(None, None, f"cannot start the game: {exc}") from None
    for number, move in enumerate(record.get("moves", []), start=1):
        try:
            match.play(move["action"], move.get("player"))
        except CredoError as exc:
            raise ReplayError(number, move.get("action"), str(exc)) from None
    if "result" in record and match.result() != record["result"]:
        raise ReplayError(None, None, f"result {match.result()} differs from recorded {record['result']}")
    return match
