#!/usr/bin/env python3
"""How noisy a Divine playout's value is against the gaps between root actions: from positions of
games between two mcts-400 (as agree.py picks them), K playouts after each root action, each in a
fresh sampled world, scored as the search scores them. Usage: divine-noise.py POSITIONS K [short|calm|det];
W=weight in the environment scores playouts with that turn_end_weight (MctsAgent)"""
import json, os, statistics, sys
import search_positions
from credo import games
from credo.kernel import PlayerView, Rng
from credo.agents.mcts import MctsAgent
npos, K = int(sys.argv[1]), int(sys.argv[2])
game = games.load("divine")
if len(sys.argv) > 3 and sys.argv[3] == "short":  # the search before 5f9a3e5: the player to move's turn
    type(game).turn_holder = lambda self, state: state.to_move[0]
positions = [(state, p) for _, _, state, p in search_positions.positions(game, npos)]
if len(sys.argv) > 3 and sys.argv[3] == "det":  # playouts whose policy draws nothing: only the worlds differ

    class Det:
        """The rollout policy's rng, answering every draw the same way: the quiet side of its two
        coin flips, the first of any tie."""

        def __init__(self, rng):
            self.rng = rng

        def below(self, n):
            return n - 1 if n in (8, 12) else 0

        def choice(self, xs):
            return xs[0]

    from credo.games.divine import heuristics
    game.rollout_action = lambda state, player, rng: heuristics.rollout_action(state, player, Det(rng))
if len(sys.argv) > 3 and sys.argv[3] == "calm":  # the same positions, playouts without random actions

    class Calm:
        """The playout's rng for the rollout policy, except that its two coin flips (one action
        in twelve at random, a window answered one time in eight) always come out the quiet way."""

        def __init__(self, rng):
            self.rng = rng

        def below(self, n):
            return 1 if n in (8, 12) else self.rng.below(n)

        def __getattr__(self, name):
            return getattr(self.rng, name)

    from credo.games.divine import heuristics
    # on the instance, where it is found before the class's
    game.rollout_action = lambda state, player, rng: heuristics.rollout_action(state, player, Calm(rng))
ratios, sds, gaps = [], [], []
for i, (state, p) in enumerate(positions):
    view = PlayerView(state, p, seed=i)
    agent = MctsAgent(seed=i, iterations=1, turn_end_weight=float(os.environ.get("W", "0")))
    agent.choose(view)  # sets the search's settings (horizon, searcher) for _playout
    rng = Rng(1000 + i)
    means, devs = [], []
    for a in view.legal_actions:
        vals = []
        for _ in range(K):
            world = view.sample_world(rng)
            world.apply(a, p)
            vals.append(agent._playout(world, world.num_players)[p])
        means.append(statistics.mean(vals)); devs.append(statistics.pstdev(vals))
    order = sorted(range(len(means)), key=lambda j: -means[j])
    gap = means[order[0]] - means[order[1]]
    sd = statistics.mean(devs)
    gaps.append(gap); sds.append(sd)
    # playouts per action for the gap to be two standard errors of a difference
    ratios.append(8 * sd * sd / max(gap, 1e-9) ** 2)
    print(i, len(means), f"gap {gap:.4f} sd {sd:.4f} playouts needed {ratios[-1]:.0f}", flush=True)
print("median gap", round(statistics.median(gaps), 4), "median sd", round(statistics.median(sds), 4),
      "median playouts per action needed", round(statistics.median(ratios)))
