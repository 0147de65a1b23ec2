"""Self-play, tournaments and ratings."""

from .selfplay import SelfPlayStats, play_game, selfplay
from .tournament import TournamentResult, schedule, tournament

__all__ = ["SelfPlayStats", "TournamentResult", "play_game", "schedule", "selfplay", "tournament"]
