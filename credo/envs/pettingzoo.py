"""Credo games as PettingZoo AEC environments: `env("jol", deck1="mixed")`.

Agents are `player_0` ... in seat order. Each agent observes a dict: `observation` (the
game's float32 tensor of what that seat sees) and `action_mask` (int8 over the game's
stable action indices). A simultaneous secret choice (Dogma's Orders) is taken by its
players one after the other, as successive agents: the game holds each commitment
hidden until all have chosen, so nobody observes another's choice before the reveal.

An illegal action ends the game: the agent that played it loses (-1), every other agent
gets +1 (PettingZoo's TerminateIllegalWrapper convention), and `infos[agent]["illegal"]`
names the action.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from credo.kernel import quoted

from .core import EnvGame


class CredoAEC(AECEnv):
    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None, **options) -> None:
        super().__init__()
        self.env_game = EnvGame(game, **options)
        self.metadata = {**self.metadata, "name": f"credo_{self.env_game.name}_v0"}
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode: {quoted(render_mode)} is not one of None, 'ansi'")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.env_game.num_players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        n = self.env_game.num_actions
        self._observation_space = spaces.Dict({
            "observation": self.env_game.box(),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self._action_space = spaces.Discrete(n)
        self.state_ = None
        self.np_random, _ = seeding.np_random(None)

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    def _seat(self, agent: str) -> int:
        return self._seats[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.state_ = self.env_game.new(int(self.np_random.integers(2**31 - 1)))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state_.to_move[0]]

    def observe(self, agent: str) -> dict:
        seat = self._seat(agent)
        return {"observation": self.env_game.tensor(self.state_, seat),
                "action_mask": self.env_game.mask(self.state_, seat)}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state_
        seat = self._seats[agent]
        self._cumulative_rewards[agent] = 0.0
        chosen = self.env_game.action(int(action))
        if chosen is None or seat not in state.to_move or chosen not in state.legal_actions(seat):
            self.rewards = {a: (-1.0 if a == agent else 1.0) for a in self.agents}
            self.terminations = {a: True for a in self.agents}
            self.infos[agent] = {"illegal": f"action {int(action)} is not legal for {agent} now"}
        else:
            state.apply(chosen, seat)
            if state.is_over:
                returns = state.returns()
                self.rewards = {a: float(returns[i]) for i, a in enumerate(self.possible_agents)}
                self.terminations = {a: True for a in self.agents}
            else:
                self.rewards = dict.fromkeys(self.agents, 0.0)
                self.agent_selection = self.possible_agents[state.to_move[0]]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.env_game.text(self.state_, None)

    def close(self) -> None:
        pass


def env(game: str, render_mode: str | None = None, **options) -> CredoAEC:
    """A PettingZoo AEC environment of `game` with its options (e.g. `players=4` for Dogma)."""
    return CredoAEC(game, render_mode=render_mode, **options)
