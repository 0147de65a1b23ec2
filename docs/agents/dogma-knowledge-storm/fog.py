"""An experiment on Dogma's search (search.md section 28), not shipped: an opponent in the tree who
does not see the searcher's hidden cards.

The shipped search is single-observer information-set MCTS: every iteration runs on a world
sampled from the searcher's view, so the searcher's own face-down Cult cards and rear-guard Prophets
are the true ones in every world, and the other side's statistics in the tree are learnt against
them. The other side of the tree therefore knows which Prophet the searcher will deploy and which
card it holds, and dodges or answers accordingly, as the real opponent cannot. Here a share of the
iterations (FOG_SHARE) run instead on a world sampled, from a world of the searcher's, as the other
player sees it (`determinize` for that player: the searcher's hidden cards dealt again from what the
other knows), and update only that player's statistics; the other iterations run as shipped and
update only the searcher's. So each side's statistics come from worlds holding what that side
knows, as in multiple-observer ISMCTS (Cowling, Powley and Whitehouse, 2012), on one shared tree.
"""

from __future__ import annotations

from tree_variants import VariantSearch

FOG_SHARE = 0.5


class FogAgent(VariantSearch):
    def __init__(self, seed: int = 0, share: float = FOG_SHARE, **settings) -> None:
        super().__init__(seed, **settings)
        self.share = share

    def _begin(self, world):
        me, rng = self._me, self.rng
        if self.share and rng.below(1 << 20) < self.share * (1 << 20):
            others = [p for p in range(world.num_players) if p != me]
            learner = others[rng.below(len(others))]
            world = world.determinize(learner, rng)
            world.reopen_secret_choices(learner)
            return world, learner
        return world, me

    def _fresh(self, picks: list, simultaneous: bool, learner: int | None) -> bool:
        # only the learner's fresh edges end the descent: the others' statistics are not kept in
        # this iteration, so their edges would stay fresh and stop every descent there
        return any(edge.visits == 0 for key, edge in picks if key[0] == learner)
