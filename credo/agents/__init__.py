"""Agents: every agent decides from a PlayerView only, so none can cheat."""

from .base import Agent, make_agent, agent_names
from .greedy import GreedyAgent
from .random_agent import RandomAgent

__all__ = ["Agent", "GreedyAgent", "RandomAgent", "agent_names", "make_agent"]
