#!/usr/bin/env python3
"""Where a Divine playout's noise comes from: W sampled worlds (hidden cards and the world's own
chance: dice, draws) times R playouts of each (a copy of the world: the same chance, only the
rollout policy's draws differ), after each root action. Usage: noise_split.py POSITIONS W R"""
import statistics, sys
import search_positions
from credo import games
from credo.kernel import PlayerView, Rng
from credo.agents.mcts import MctsAgent
npos, W, R = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
game = games.load("divine")
positions = [(state, p) for _, _, state, p in search_positions.positions(game, npos)]
between, within = [], []
for i, (state, p) in enumerate(positions):
    view = PlayerView(state, p, seed=i)
    agent = MctsAgent(seed=i, iterations=1)
    agent.choose(view)
    rng = Rng(1000 + i)
    b, w = [], []
    for a in view.legal_actions[:6]:
        means = []
        for _ in range(W):
            world0 = view.sample_world(rng)
            world0.apply(a, p)
            vals = []
            for _ in range(R):
                world = world0.copy()
                vals.append(agent._playout(world, world.num_players)[p])
            means.append(statistics.mean(vals)); w.append(statistics.pvariance(vals))
        b.append(statistics.pvariance(means))
    between.append(statistics.mean(b)); within.append(statistics.mean(w))
    print(i, f"sd between worlds {statistics.mean(b) ** 0.5:.4f}  sd within a world {statistics.mean(w) ** 0.5:.4f}", flush=True)
print(f"median sd between worlds (of an R-playout mean) {statistics.median(between) ** 0.5:.4f}, "
      f"median sd of one playout within a world {statistics.median(within) ** 0.5:.4f}")
