"""Uniformly random legal actions: the baseline and the crash-finder."""

from __future__ import annotations

from credo.kernel import Action, PlayerView, Rng

from .base import Agent


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = Rng(seed)

    def choose(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal_actions)
