"""Train a learning agent on a Credo game in minutes, then measure it in Credo's arena.

    pip install -e '.[rl,train]'            # torch (CPU), stable-baselines3, sb3-contrib
    python examples/train_ppo.py jol --steps 40000

A masked PPO (sb3-contrib's MaskablePPO) learns from the Gymnasium environment
`credo/<Game>-v0` against the `random` agent, seat drawn at each game. Before and after
training, the policy plays as a Credo agent (deciding from its own PlayerView only:
the game's tensor of the observation and the legal actions) against `random` in the
arena's game loop, both seats alike, and its win rate is printed with a 95% interval.
"""

from __future__ import annotations

import argparse
import math
import time

import gymnasium
import numpy as np
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker

import credo.envs.gym  # noqa: F401  (registers credo/<Game>-v0)
from credo import games
from credo.agents import Agent, make_agent
from credo.arena.selfplay import play_game
from credo.envs import EnvGame


class PolicyAgent(Agent):
    """A trained policy as a Credo agent: it sees only its PlayerView."""

    def __init__(self, model: MaskablePPO, env_game: EnvGame) -> None:
        super().__init__(0)
        self.model, self.env_game = model, env_game

    def choose(self, view):
        observation = self.env_game.encoder(view.observation)
        mask = np.zeros(self.env_game.num_actions, dtype=bool)
        mask[[a.index for a in view.legal_actions]] = True
        action, _ = self.model.predict(observation, action_masks=mask, deterministic=True)
        return self.env_game.game.actions[int(action)]


def win_rate(agent: Agent, env_game: EnvGame, games_per_seat: int, seed: int) -> tuple[float, float, float]:
    """Wins (draws count half) against `random`, half the games in each seat; rate and 95% interval."""
    game = env_game.game
    score = 0.0
    total = 0
    for seat in range(2):
        for k in range(games_per_seat):
            opponent = make_agent("random", seed + k)
            agents = [agent, opponent] if seat == 0 else [opponent, agent]
            match = play_game(game, agents, seed + 1000 * seat + k, env_game.options)
            winners = match.state.winners
            score += 1.0 if seat in winners else (0.5 if not winners else 0.0)
            total += 1
    p = score / total
    half = 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / total)
    return p, max(0.0, p - half), min(1.0, p + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="jol", choices=games.names())
    parser.add_argument("--steps", type=int, default=40_000, help="environment steps of training")
    parser.add_argument("--eval-games", type=int, default=100, help="games per seat in each measure")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    env = gymnasium.make(f"credo/{args.game.title()}-v0", opponent="random", seat="random")
    env = ActionMasker(env, lambda e: e.unwrapped.env_game.mask(e.unwrapped.state_, e.unwrapped.seat).astype(bool))
    env_game = env.unwrapped.env_game
    model = MaskablePPO("MlpPolicy", env, n_steps=1024, batch_size=256, learning_rate=3e-4, gamma=0.995,
                        ent_coef=0.01, seed=args.seed, verbose=0)
    agent = PolicyAgent(model, env_game)
    before = win_rate(agent, env_game, args.eval_games, seed=10_000)
    print(f"before training: {before[0]:.1%} against random (95% interval {before[1]:.1%} to {before[2]:.1%})")
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    took = time.perf_counter() - start
    after = win_rate(agent, env_game, args.eval_games, seed=10_000)
    print(f"trained {args.steps:,} steps in {took:.0f} s")
    print(f"after training:  {after[0]:.1%} against random (95% interval {after[1]:.1%} to {after[2]:.1%})")


if __name__ == "__main__":
    main()
