"""An experiment on Dogma's search (search.md section 28), not shipped: simultaneous choices (the
Orders, the Fidelity Tests' paths) searched by regret matching instead of decoupled UCT.

Decoupled UCT, which the shipped search runs there, is not known to converge to an equilibrium of a
simultaneous choice, and its answer (the most visited action) is a pure choice. Lanctot, Lisy and
Bowling ("Monte Carlo Tree Search in Simultaneous Move Games with Applications to Goofspiel", 2013)
found regret matching the strongest of the selection rules that do: each mover at a simultaneous
node keeps a regret per action; it picks from the positive regrets (with a share GAMMA of picks
uniform, so that every action keeps being tried), and after the playout adds to each action's regret
the estimate of what it would have got (the value over the pick's probability for the action taken,
0 for the others) less what it got. Every choice made alone is the shipped search's UCB. The root's
answer is the most visited action (`rm`) or one drawn from the visits, the average strategy, at a
simultaneous root (`rm-mix`). With `baseline` (`rm-base`), each regret is counted on the value less
the mean value that player has had at that node so far (a control variate: the same expectation,
far less variance where the evaluation's values lie close together, as Dogma's do).
"""

from __future__ import annotations

from credo.agents.mcts import _Edge, _Node
from tree_variants import VariantSearch

GAMMA = 0.1


class RegretMatchingAgent(VariantSearch):
    def __init__(self, seed: int = 0, mix: bool = False, gamma: float = GAMMA, baseline: bool = False,
                 **settings) -> None:
        if mix:
            settings["stop_when_settled"] = False  # the whole average strategy is the answer
        super().__init__(seed, **settings)
        self.mix, self.gamma, self.baseline = mix, gamma, baseline

    def choose(self, view):
        self._regrets: dict[tuple[int, int], dict] = {}
        self._root_simultaneous = None  # set by the first iteration, from its sampled world
        action = super().choose(view)
        if not self.mix or not self._root_simultaneous:
            return action
        me, root = view.player, self.last_root
        actions = view.legal_actions
        weights = [max(0, root.edges[(me, a)].visits - self.prior_visits) if (me, a) in root.edges else 0
                   for a in actions]
        total = sum(weights)
        if total == 0:
            return action
        draw = self.rng.below(total)
        for a, w in zip(actions, weights):
            if draw < w:
                return a
            draw -= w
        return action

    def _pick(self, node: _Node, world, player: int):
        """Regret matching with a share GAMMA of uniform picks: (key, edge, probability, table)."""
        actions = world.legal_actions(player)
        table = self._regrets.setdefault((id(node), player), {None: [0.0, 0]})
        positive = [max(0.0, table.get(a, 0.0)) for a in actions]
        total = sum(positive)
        n = len(actions)
        if total > 0:
            probs = [(1 - self.gamma) * r / total + self.gamma / n for r in positive]
        else:
            probs = [1.0 / n] * n
        draw = self.rng.below(1 << 30) / (1 << 30)
        index = n - 1
        for i, p in enumerate(probs):
            if draw < p:
                index = i
                break
            draw -= p
        action = actions[index]
        key = (player, action)
        edge = node.edges.get(key)
        if edge is None:
            edge = node.edges[key] = _Edge()
        edge.available += 1
        return key, edge, probs[index], (table, actions)

    def _begin(self, world):
        if self._root_simultaneous is None:
            self._root_simultaneous = len(world.to_move) > 1
        self._taken = []  # this iteration's simultaneous picks: (key, probability, (table, actions))
        return world, None

    def _simultaneous(self, node: _Node, world, movers, select) -> list:
        chosen = [self._pick(node, world, p) for p in movers]
        self._taken.extend((key, p, t) for key, _edge, p, t in chosen)
        return [(key, edge) for key, edge, _p, _t in chosen]

    def _learn(self, values: list[float]) -> None:
        for (player, action), p, (table, actions) in self._taken:
            u = values[player]
            mean = table[None]
            if self.baseline and mean[1]:
                u -= mean[0] / mean[1]
            mean[0] += values[player]
            mean[1] += 1
            for a in actions:
                table[a] = table.get(a, 0.0) - u + (u / p if a == action else 0.0)
