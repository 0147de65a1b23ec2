"""Self-play and (later) tournaments, ratings and parallel runners."""

from .selfplay import SelfPlayStats, play_game, selfplay

__all__ = ["SelfPlayStats", "play_game", "selfplay"]
