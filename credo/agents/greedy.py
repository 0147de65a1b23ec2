"""Greedy: looks one action ahead and takes the one the game's evaluation likes
best, averaged over a few worlds sampled from its view (dice, hidden cards and the
other players' secret choices differ between them). A secret choice made at the
same time as other players' is judged together with theirs, made at random."""

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
        game = view.game
        me = view.player
        # every action is judged on the same few worlds sampled from the view: the dice,
        # the hidden cards and the other players' secret choices vary between them
        worlds = [view.sample_world(self.rng) for _ in range(self.samples)]
        # players choosing at the same time as me: my choice is judged with theirs made
        # at random, as one joint move, so that the first to commit looks as far ahead
        # as the last (whose sampled worlds hold the others' choices, resampled at random)
        others = [q for q in worlds[0].to_move if q != me]
        best: list[Action] = []
        best_score = float("-inf")
        for action in actions:
            score = 0.0
            for base in worlds:
                world = base.copy()
                world.apply(action, me)
                for q in others:
                    if not world.is_over and q in world.to_move:
                        world.apply(self.rng.choice(world.legal_actions(q)), q)
                score += game.evaluate(world, me)
            if score > best_score + 1e-9:
                best_score, best = score, [action]
            elif score > best_score - 1e-9:
                best.append(action)
        return self.rng.choice(best)
