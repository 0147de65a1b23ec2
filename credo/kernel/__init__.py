"""The game-agnostic kernel: the Game/State contract and everything games share."""

from .actions import Action, ActionSpace
from .content import content_hash, load_toml
from .decisions import Commitments, ResponseWindow
from .errors import ContentError, CredoError, IllegalAction, NotationError, ReplayError, one_line, quoted
from .events import Event, EventLog
from .match import Match, replay
from .rng import Rng
from .state import Game, State
from .view import PlayerView

__all__ = [
    "Action", "ActionSpace", "Commitments", "ContentError", "CredoError", "Event", "EventLog",
    "Game", "IllegalAction", "Match", "NotationError", "PlayerView", "ReplayError",
    "ResponseWindow", "Rng", "State", "content_hash", "load_toml", "one_line", "quoted", "replay",
]
