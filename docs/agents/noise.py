#!/usr/bin/env python3
"""How noisy one playout's value is against the gaps between root actions, in any game (the
general form of divine-noise.py, search.md section 19): from positions of games between two
mcts-400 (search_positions.py), K playouts after each root action, each in a fresh sampled world,
scored as the search with SETTINGS (MctsAgent keyword arguments, JSON) scores them.
Usage: noise.py GAME POSITIONS K [SETTINGS_JSON]; EVALUATION=MODULE in the environment scores the
playouts with that module's `evaluate` (an experiment's) instead of the game's. The positions are
always found by the game's own search."""
import importlib
import json
import os
import statistics
import sys

import search_positions
from credo import games
from credo.agents.mcts import MctsAgent
from credo.kernel import PlayerView, Rng

name, npos, K = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
settings = json.loads(sys.argv[4]) if len(sys.argv) > 4 else {}
game = games.load(name)
positions = search_positions.positions(game, npos)
if os.environ.get("EVALUATION"):
    game.evaluate = importlib.import_module(os.environ["EVALUATION"]).evaluate
ratios, sds, gaps, widths = [], [], [], []
for i, (_, _, state, p) in enumerate(positions):
    view = PlayerView(state, p, seed=i)
    agent = MctsAgent(seed=i, iterations=1, **settings)
    agent.choose(view)  # sets the search's settings (horizon, searcher) for _playout
    rng = Rng(1000 + i)
    means, devs = [], []
    for a in view.legal_actions:
        values = []
        for _ in range(K):
            world = view.sample_world(rng)
            world.apply(a, p)
            values.append(agent._playout(world, world.num_players)[p])
        means.append(statistics.mean(values))
        devs.append(statistics.pstdev(values))
    order = sorted(range(len(means)), key=lambda j: -means[j])
    gap = means[order[0]] - means[order[1]]
    sd = statistics.mean(devs)
    gaps.append(gap)
    sds.append(sd)
    widths.append(len(means))
    ratios.append(8 * sd * sd / max(gap, 1e-9) ** 2)  # playouts an action needs for the gap to be 2 standard errors
    print(i, len(means), f"gap {gap:.4f} sd {sd:.4f} playouts needed {ratios[-1]:.0f}", flush=True)
print("median actions", statistics.median(widths), "median gap", round(statistics.median(gaps), 4),
      "median sd", round(statistics.median(sds), 4), "median playouts per action needed", round(statistics.median(ratios)))
