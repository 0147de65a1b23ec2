"""`make bench`, environments: PettingZoo steps per second with the observation tensor and
the action mask, against Credo's raw random playout of the same game measured in
alternating slices of the same run (target: at least 10,000 steps/s for every game)."""

from __future__ import annotations

import random
import sys
import warnings

import numpy as np

from credo import games

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from run import Playout, interleaved  # noqa: E402


def env_playout(name: str) -> Playout:
    from credo.envs.pettingzoo import env as aec_env

    env = aec_env(name)
    rng = np.random.default_rng(0)

    def new_state(seed):
        env.reset(seed=seed)
        return env

    def legal(e):
        agent = e.agent_selection
        observed = e.observe(agent)  # the tensor and the mask, as a learner reads them each step
        # the learner's side, kept small: numpy finds the ones of a bool view ten times
        # faster than of the int8 mask itself (20 us for Jol's 11,942 actions)
        return np.flatnonzero(observed["action_mask"].view(np.bool_))

    def apply(e, action):
        e.step(int(action))

    def is_over(e):
        return all(e.terminations.values()) or not e.agents

    playout = Playout(new_state, legal, apply, is_over)
    playout.rng = random.Random(0)
    playout.rng.choice = lambda xs: xs[int(rng.integers(len(xs)))]
    return playout


def raw_playout(name: str) -> Playout:
    game = games.load(name)
    return Playout(lambda seed: game.new(seed), lambda s: s.legal_actions(s.to_move[0]),
                   lambda s, a: s.apply(a, s.to_move[0]), lambda s: s.is_over)


def main() -> int:
    try:
        import pettingzoo  # noqa: F401
    except ImportError:
        print("environments: the rl extra is not installed (pip install -e '.[rl]')")
        return 0
    warnings.simplefilter("ignore")
    print(f"{'game':8} {'env steps/s':>12} {'raw actions/s':>14} {'env/raw':>8}   (PettingZoo AEC: observe -> tensor + mask -> step)")
    for name in games.names():
        raw = raw_playout(name)
        steps, _, ratio = interleaved(env_playout(name), raw, rounds=6)
        print(f"{name:8} {steps:>12,.0f} {raw.actions / raw.elapsed:>14,.0f} {ratio:>8.2f}")
    print("target: at least 10,000 environment steps/s per game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
