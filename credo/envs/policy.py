"""A trained policy as a Credo agent, and its score against Credo agents in the arena's
game loop (`credo.arena.selfplay.play_game`): what a learner's training is measured by.

The policy decides from its `PlayerView` alone, as every agent does: the game's tensor
of the view's observation and the mask of the view's legal actions. Any model with the
Stable-Baselines3 shape fits: `model.predict(observation, action_masks=mask,
deterministic=True)` returning `(action index, state)`.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from credo.agents import Agent, make_agent
from credo.arena.selfplay import play_game
from credo.arena.tournament import wilson
from credo.kernel import Action, PlayerView

from .core import EnvGame


class MaskedModel(Protocol):
    def predict(self, observation: np.ndarray, *, action_masks: np.ndarray, deterministic: bool): ...


class PolicyAgent(Agent):
    """A masked policy playing as a Credo agent. Deterministic: it plays the policy's most
    likely legal action (a sampled policy would measure its exploration, not what it learnt)."""

    name = "policy"

    def __init__(self, model: MaskedModel, env_game: EnvGame) -> None:
        super().__init__(0)
        self.model, self.env_game = model, env_game

    def choose(self, view: PlayerView) -> Action:
        observation = self.env_game.encoder(view.observation)
        mask = np.zeros(self.env_game.num_actions, dtype=bool)
        legal = {a.index: a for a in view.legal_actions}
        mask[list(legal)] = True
        action, _ = self.model.predict(observation, action_masks=mask, deterministic=True)
        index = int(action)
        if index not in legal:  # a masked model never does this; a broken one is told plainly
            raise ValueError(f"the policy chose action {index}, which is not legal now")
        return legal[index]


def score_against(agent: Agent, env_game: EnvGame, opponent: str = "random", games_per_seat: int = 100,
                  seed: int = 0) -> tuple[float, float, float]:
    """`agent`'s score in a duel against `opponent` (win 1, draw 1/2), `games_per_seat` games
    in each seat on the same seeds, and its 95% Wilson interval: (score, low, high)."""
    if env_game.num_players != 2:
        raise ValueError(f"score_against measures duels; {env_game.name} here has {env_game.num_players} players")
    game = env_game.game
    points = 0.0
    for seat in range(2):
        for k in range(games_per_seat):
            other = make_agent(opponent, seed + k)
            agents = [agent, other] if seat == 0 else [other, agent]
            winners = play_game(game, agents, seed + k, env_game.options).state.winners
            points += 1.0 if seat in winners else (0.5 if not winners else 0.0)
    return wilson(points, 2 * games_per_seat)
