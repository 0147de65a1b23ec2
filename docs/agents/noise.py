#!/usr/bin/env python3
"""How noisy one playout's value is against the gaps between root actions, in any game (the
general form of divine-noise.py, search.md section 19): from positions of games between two
mcts-400 (search_positions.py), K playouts after each root action, each in a fresh sampled world,
scored as the search with SETTINGS (MctsAgent keyword arguments, JSON) scores them.
Usage: noise.py GAME POSITIONS K [SETTINGS_JSON]; EVALUATION=MODULE in the environment scores the
playouts with that module's `evaluate` (an experiment's) instead of the game's. The positions are
always found by the game's own search. PAIRED=1 plays each action's k-th playout from the same
sampled world with the same rollout draws (common random numbers) and also reports how much
quieter the difference between the two best actions is that way than between independent playouts."""
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
paired = os.environ.get("PAIRED") == "1"
ratios, sds, gaps, widths, savings = [], [], [], [], []
for i, (_, _, state, p) in enumerate(positions):
    view = PlayerView(state, p, seed=i)
    agent = MctsAgent(seed=i, iterations=1, **settings)
    agent.choose(view)  # sets the search's settings (horizon, searcher) for _playout
    rng = Rng(1000 + i)
    means, devs, runs = [], [], []
    if paired:
        worlds = [view.sample_world(rng) for _ in range(K)]
    for a in view.legal_actions:
        values = []
        for k in range(K):
            if paired:
                world = worlds[k].copy()
                agent.rng = Rng(50_000 + k)
            else:
                world = view.sample_world(rng)
            world.apply(a, p)
            values.append(agent._playout(world, world.num_players)[p])
        means.append(statistics.mean(values))
        devs.append(statistics.pstdev(values))
        runs.append(values)
    order = sorted(range(len(means)), key=lambda j: -means[j])
    gap = means[order[0]] - means[order[1]]
    sd = statistics.mean(devs)
    gaps.append(gap)
    sds.append(sd)
    widths.append(len(means))
    ratios.append(8 * sd * sd / max(gap, 1e-9) ** 2)  # playouts an action needs for the gap to be 2 standard errors
    if paired:
        top, second = runs[order[0]], runs[order[1]]
        apart = statistics.pvariance(top) + statistics.pvariance(second)
        together = statistics.pvariance([x - y for x, y in zip(top, second)])
        savings.append(apart / max(together, 1e-12))
    print(i, len(means), f"gap {gap:.4f} sd {sd:.4f} playouts needed {ratios[-1]:.0f}", flush=True)
if paired:
    print("median variance of the two best actions' difference, independent over paired:",
          round(statistics.median(savings), 2))
print("median actions", statistics.median(widths), "median gap", round(statistics.median(gaps), 4),
      "median sd", round(statistics.median(sds), 4), "median playouts per action needed", round(statistics.median(ratios)))
