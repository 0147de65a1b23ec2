"""The agent interface and the registry of agents by name."""

from __future__ import annotations

from abc import ABC, abstractmethod

from credo.kernel import Action, PlayerView


class Agent(ABC):
    name: str = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    @abstractmethod
    def choose(self, view: PlayerView) -> Action:
        """One of `view.legal_actions`."""


def _registry() -> dict[str, type[Agent]]:
    from .greedy import GreedyAgent
    from .random_agent import RandomAgent

    return {"random": RandomAgent, "greedy": GreedyAgent}


def agent_names() -> list[str]:
    return sorted(_registry())


def make_agent(name: str, seed: int = 0) -> Agent:
    registry = _registry()
    if name not in registry:
        raise KeyError(f"unknown agent {name!r}; the agents are: {', '.join(sorted(registry))}")
    return registry[name](seed)
