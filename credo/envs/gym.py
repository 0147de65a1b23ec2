"""One learner against Credo agents, as a Gymnasium environment:
`gymnasium.make("credo/Jol-v0", opponent="greedy")` (after `import credo.envs.gym`).

The learner holds seat `seat` (default 0; "random": a seat drawn at each reset); every
other seat is played by the named Credo agent or level, deciding from its own
`PlayerView`. Observations are the game's float32 tensor of what the learner's seat sees;
`info["action_mask"]` marks the legal action indices. The reward is the learner's return
at the end (+1 win, -1 loss, 0 draw), 0 before.

An illegal action ends the episode at once with reward -1 and `info["illegal"]` saying
which action it was; the game is not changed by it.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

from credo.agents import make_agent
from credo.kernel import PlayerView, quoted

from . import register_gymnasium
from .core import EnvGame


class CredoEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str = "jol", opponent: str = "random", seat: int | str = 0,
                 render_mode: str | None = None, **options) -> None:
        self.env_game = EnvGame(game, **options)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode: {quoted(render_mode)} is not one of None, 'ansi'")
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < self.env_game.num_players):
            raise ValueError(f"seat: {quoted(seat)} is not 'random' or a seat from 0 to {self.env_game.num_players - 1}")
        make_agent(opponent, 0)  # an unknown agent is refused now, not at the first reset
        self.render_mode = render_mode
        self.opponent_name = opponent
        self.seat_choice = seat
        self.observation_space = self.env_game.box()
        self.action_space = spaces.Discrete(self.env_game.num_actions)
        self.state_ = None
        self.seat = 0

    def _info(self) -> dict:
        return {"action_mask": self.env_game.mask(self.state_, self.seat), "seat": self.seat}

    def _observe(self) -> np.ndarray:
        return self.env_game.tensor(self.state_, self.seat)

    def _opponents_play(self) -> None:
        state = self.state_
        while not state.is_over and self.seat not in state.to_move:
            seat = state.to_move[0]
            n = len(state.log)
            view = PlayerView(state, seat, seed=int(self._game_seed) * 7919 + n)
            action = self.opponents[seat].choose(view)
            state.apply(action, seat)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self._game_seed = int(self.np_random.integers(2**31 - 1))
        self.seat = (int(self.np_random.integers(self.env_game.num_players)) if self.seat_choice == "random"
                     else self.seat_choice)
        self.opponents = {s: make_agent(self.opponent_name, self._game_seed + s)
                          for s in range(self.env_game.num_players) if s != self.seat}
        self.state_ = self.env_game.new(self._game_seed)
        self._opponents_play()
        return self._observe(), self._info()

    def step(self, action):
        state = self.state_
        index = int(action)
        chosen = self.env_game.action(index)
        if chosen is None or self.seat not in state.to_move or chosen not in state.legal_actions(self.seat):
            info = self._info()
            info["illegal"] = f"action {index} is not legal now"
            return self._observe(), -1.0, True, False, info
        state.apply(chosen, self.seat)
        self._opponents_play()
        reward = float(state.returns()[self.seat]) if state.is_over else 0.0
        return self._observe(), reward, state.is_over, False, self._info()

    def render(self):
        if self.render_mode == "ansi":
            return self.env_game.text(self.state_, self.seat)
        return None


register_gymnasium()
