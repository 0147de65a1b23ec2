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

from credo.agents.mcts import _Edge, _Node
from tree_variants import VariantSearch

MODELS = ("uniform", "rollout", "mix")


class FixedOpponentAgent(VariantSearch):
    def __init__(self, seed: int = 0, model: str = "uniform", **settings) -> None:
        super().__init__(seed, **settings)
        if model not in MODELS:
            raise ValueError(f"model {model!r}: one of {', '.join(MODELS)}")
        self.model = model

    def _modelled(self, world, player: int):
        if self.model in ("rollout", "mix"):
            return world.game.rollout_action(world, player, self.rng)
        return self.rng.choice(world.legal_actions(player))

    def _simultaneous(self, node: _Node, world, movers, select) -> list:
        """The searcher (if it is one of them) picks from its statistics, the others by the model
        (with `mix`, half the time from theirs); the modelled picks' edges are not kept."""
        picks = []
        for p in movers:
            if p == self._me or (self.model == "mix" and self.rng.below(2)):
                picks.append(select(node, world, p))
            else:
                picks.append(((p, self._modelled(world, p)), _Edge()))
        return picks

    def _fresh(self, picks: list, simultaneous: bool, learner: int | None) -> bool:
        if not simultaneous:
            return picks[0][1].visits == 0
        me = self._me
        return any(edge.visits == 0 for key, edge in picks if key[0] == me) or all(key[0] != me for key, _e in picks)
