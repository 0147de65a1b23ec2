"""Credo's games as environments for learning agents (the `rl` extra):

- `credo.envs.pettingzoo.env(game, **options)`: a PettingZoo AEC environment;
- `gymnasium.make("credo/Jol-v0", opponent="greedy")`: one learner against Credo agents;
- `credo.envs.openspiel.load(game, **options)` or `pyspiel.load_game("python_credo_jol")`
  after `import credo.envs.openspiel`.

Each game's observation tensor is designed in `credo/games/<game>/tensor.py`. See
docs/envs.md.
"""

from __future__ import annotations

from .core import EnvGame

GYM_IDS = {"dirge": "credo/Dirge-v0", "divine": "credo/Divine-v0", "dogma": "credo/Dogma-v0", "jol": "credo/Jol-v0"}


def register_gymnasium() -> None:
    """Registers `credo/<Game>-v0` with Gymnasium (done on importing credo.envs.gym)."""
    import gymnasium

    for name, env_id in GYM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="credo.envs.gym:CredoEnv", kwargs={"game": name})


__all__ = ["EnvGame", "GYM_IDS", "register_gymnasium"]
