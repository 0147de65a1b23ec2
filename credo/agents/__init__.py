"""Agents: every agent decides from a PlayerView only, so none can cheat."""

from .base import Agent, LevelAgent, agent_names, is_agent, make_agent
from .greedy import GreedyAgent
from .planner import PlannerAgent
from .random_agent import RandomAgent

__all__ = ["Agent", "GreedyAgent", "LevelAgent", "PlannerAgent", "RandomAgent", "agent_names", "is_agent",
           "make_agent"]
