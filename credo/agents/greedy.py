"""Greedy: looks one action ahead and takes the one the game's evaluation likes
best. Actions whose outcome depends on chance are averaged over a few samples."""

from __future__ import annotations

from credo.kernel import Action, PlayerView, Rng

from .base import Agent

CHANCE_SAMPLES = 6


class GreedyAgent(Agent):
    name = "greedy"

    def __init__(self, seed: int = 0, samples: int = CHANCE_SAMPLES) -> None:
        super().__init__(seed)
        self.rng = Rng(seed)
        self.samples = samples

    def choose(self, view: PlayerView) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        evaluate = view.game.evaluate
        me = view.player
        base = view.sample_world(self.rng)
        best: list[Action] = []
        best_score = float("-inf")
        for action in actions:
            world = base.copy()
            counter = world.rng.counter
            world.apply(action, me)
            score = evaluate(world, me)
            if world.rng.counter != counter:  # chance was involved: average a few outcomes
                total = score
                for k in range(1, self.samples):
                    world = base.copy()
                    world.rng = world.rng.fork(k)
                    world.apply(action, me)
                    total += evaluate(world, me)
                score = total / self.samples
            if score > best_score + 1e-9:
                best_score, best = score, [action]
            elif score > best_score - 1e-9:
                best.append(action)
        return self.rng.choice(best)
