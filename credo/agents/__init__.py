"""Agents: every agent decides from a PlayerView only, so none can cheat."""

from .base import (Agent, Effort, LevelAgent, agent_names, is_agent, level_meanings, make_agent, plays_book,
                   search_budget)
from .greedy import GreedyAgent
from .planner import PlannerAgent
from .random_agent import RandomAgent

__all__ = ["Agent", "Effort", "GreedyAgent", "LevelAgent", "PlannerAgent", "RandomAgent", "agent_names", "is_agent",
           "level_meanings", "make_agent", "plays_book", "search_budget"]
