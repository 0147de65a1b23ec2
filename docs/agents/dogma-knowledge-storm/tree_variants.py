"""The shipped search's descent (credo/agents/mcts.py, MctsAgent._iterate) with the hooks section 28's
variants change, so that each variant states only what it does differently:

- `_begin(world)`: the world an iteration runs on, and whose statistics it teaches (None: everyone's);
- `_simultaneous(node, world, movers, select)`: the picks (key, edge) of several players choosing at
  once, made before any is applied (shipped: each by UCB from its own statistics);
- `_fresh(picks, simultaneous, learner)`: whether the descent stops there for a playout (shipped: a
  pick never taken before);
- `_learn(values)`: anything else to learn from an iteration's values.
"""

from __future__ import annotations

from credo.agents.mcts import MctsAgent, _Node


class VariantSearch(MctsAgent):
    def _begin(self, world):
        return world, None

    def _simultaneous(self, node: _Node, world, movers, select) -> list:
        return [select(node, world, p) for p in movers]

    def _fresh(self, picks: list, simultaneous: bool, learner: int | None) -> bool:
        return any(edge.visits == 0 for _key, edge in picks)

    def _learn(self, values: list[float]) -> None:
        pass

    def _iterate(self, root: _Node, world) -> None:
        world, learner = self._begin(world)
        path = []
        node = root
        select = self._select
        widened = self._select_widened if self._widen else select
        while not world.is_over:
            movers = world.to_move
            simultaneous = len(movers) > 1
            picks = self._simultaneous(node, world, movers, select) if simultaneous else [select(node, world, movers[0])]
            for (player, action), _edge in picks:
                world.apply(action, player)
            joint = tuple(key for key, _edge in picks)
            fresh = self._fresh(picks, simultaneous, learner)
            path.append(picks)
            child = node.children.get(joint)
            if child is None:
                child = node.children[joint] = _Node()
            node = child
            if fresh:
                break
            select = widened
        values = self._playout(world, world.num_players)
        for picks in path:
            for (player, _action), edge in picks:
                if learner is None or player == learner:
                    edge.visits += 1
                    edge.value += values[player]
        self._learn(values)
