"""The agent interface and the registry of agents by name, with difficulty levels."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from credo.kernel import Action, PlayerView


class Agent(ABC):
    name: str = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    @abstractmethod
    def choose(self, view: PlayerView) -> Action:
        """One of `view.legal_actions`."""


def _registry() -> dict[str, Callable[[int], Agent]]:
    from .greedy import GreedyAgent
    from .mcts import IsmctsAgent, MctsAgent
    from .random_agent import RandomAgent

    return {
        "random": RandomAgent,
        "greedy": GreedyAgent,
        # search by budget: mcts-N runs N iterations a move
        "mcts": lambda seed: MctsAgent(seed, iterations=1000),
        "mcts-200": lambda seed: MctsAgent(seed, iterations=200),
        "mcts-3000": lambda seed: MctsAgent(seed, iterations=3000),
        # the same search named for hidden-information games: information-set MCTS,
        # a world determinised from the view every iteration
        "ismcts": lambda seed: IsmctsAgent(seed, iterations=1000),
        "ismcts-200": lambda seed: IsmctsAgent(seed, iterations=200),
        "ismcts-3000": lambda seed: IsmctsAgent(seed, iterations=3000),
        # difficulty levels a person chooses by name
        "easy": GreedyAgent,
        "medium": lambda seed: MctsAgent(seed, iterations=400),
        "hard": lambda seed: MctsAgent(seed, iterations=None, seconds=1.5),
    }


def agent_names() -> list[str]:
    return sorted(_registry())


def make_agent(name: str, seed: int = 0) -> Agent:
    registry = _registry()
    if name not in registry:
        raise KeyError(f"unknown agent {name!r}; the agents are: {', '.join(sorted(registry))}")
    return registry[name](seed)
