"""Common random numbers for Divine's root actions: K worlds per position, every root action played
out from a copy of each (same hidden cards, same rng), and the spread of the paired difference of
the two best actions against that of unpaired playouts. Usage: crn.py POSITIONS K"""
import os, statistics, sys
import search_positions
from credo import games
from credo.kernel import PlayerView, Rng
from credo.agents.mcts import MctsAgent
npos, K = int(sys.argv[1]), int(sys.argv[2])
game = games.load("divine")
positions = [(state, p) for _, _, state, p in search_positions.positions(game, npos)]
ratios = []
for i, (state, p) in enumerate(positions):
    view = PlayerView(state, p, seed=i)
    agent = MctsAgent(seed=i, iterations=1, turn_end_weight=float(os.environ.get("W", "0")))
    agent.choose(view)
    rng = Rng(1000 + i)
    acts = view.legal_actions
    vals = [[] for _ in acts]
    for _ in range(K):
        world = view.sample_world(rng)
        for j, a in enumerate(acts):
            w = world.copy()
            w.apply(a, p)
            vals[j].append(agent._playout(w, w.num_players)[p])
    means = [statistics.mean(v) for v in vals]
    order = sorted(range(len(acts)), key=lambda j: -means[j])
    a, b = order[0], order[1]
    paired = statistics.pstdev([x - y for x, y in zip(vals[a], vals[b])])
    unpaired = (statistics.pvariance(vals[a]) + statistics.pvariance(vals[b])) ** 0.5
    ratios.append((paired / unpaired) ** 2)
    print(i, len(acts), f"sd of the difference: paired {paired:.4f} unpaired {unpaired:.4f} variance ratio {ratios[-1]:.2f}", flush=True)
print("median variance ratio, paired over unpaired", round(statistics.median(ratios), 2))
