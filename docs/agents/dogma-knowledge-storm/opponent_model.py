"""An experiment on Dogma's search (search.md section 28), not shipped: who the others are at a
simultaneous choice (the Orders, the Fidelity Tests' paths, the deployments after a defeat).

The shipped search is decoupled UCT there: each player picks by UCB from its own statistics. The
others' statistics then learn what does best against the searcher's own choices as they
concentrate, so the value the searcher sees for an Order is that Order against the reply that beats
it, an opponent who answers an Order it cannot see. Greedy, the stronger Knowledge against Storm
(section 27), judges its Order against the other side's chosen at random. Here the others' choices
at a simultaneous node come from a fixed model instead of their statistics:

- `uniform`: any legal choice, equally likely (greedy's model);
- `rollout`: the game's rollout policy (strike with the card that does the most damage, four times
  in five);
- `mix`: half the time the rollout policy, half the time the shipped search's pick from their own
  statistics (the others' edges kept for those);

and everything else (the searcher's own choices, every choice made alone) is the shipped search.
"""

from __future__ import annotations

from credo.agents.mcts import MctsAgent, _Edge, _Node

MODELS = ("uniform", "rollout", "mix")


class FixedOpponentAgent(MctsAgent):
    def __init__(self, seed: int = 0, model: str = "uniform", **settings) -> None:
        super().__init__(seed, **settings)
        if model not in MODELS:
            raise ValueError(f"model {model!r}: one of {', '.join(MODELS)}")
        self.model = model

    def _modelled(self, world, player: int):
        if self.model in ("rollout", "mix"):
            return world.game.rollout_action(world, player, self.rng)
        return self.rng.choice(world.legal_actions(player))

    def _iterate(self, root: _Node, world) -> None:
        path = []
        node = root
        select = self._select
        widened = self._select_widened if self._widen else select
        me = self._me
        while not world.is_over:
            movers = world.to_move
            if len(movers) == 1:
                pick = select(node, world, movers[0])
                picks = [pick]
                key, edge = pick
                world.apply(key[1], key[0])
                joint = (key,)
                fresh = edge.visits == 0
            else:
                # the searcher (if it is one of them) picks from its statistics, the others by the
                # model, all before any choice is applied; the others' edges are not kept
                picks, keys = [], []
                for p in movers:
                    if p == me:
                        pick = select(node, world, p)
                        picks.append(pick)
                        keys.append(pick[0])
                    elif self.model == "mix" and self.rng.below(2):
                        pick = select(node, world, p)
                        picks.append(pick)
                        keys.append(pick[0])
                    else:
                        key = (p, self._modelled(world, p))
                        picks.append((key, _Edge()))
                        keys.append(key)
                for player, action in keys:
                    world.apply(action, player)
                joint = tuple(keys)
                fresh = any(edge.visits == 0 for key, edge in picks if key[0] == me) or me not in movers
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
                edge.visits += 1
                edge.value += values[player]
