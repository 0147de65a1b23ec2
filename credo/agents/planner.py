"""Planner: greedy lookahead to the end of its own turn and through the reply.

In games where a turn is a run of small decisions (Dirge's activations, Divine's unit
moves), the one-step evaluation cannot see what a decision is for: giving a creature
a Move and an Attack is worth what the attack will do after the move. The planner
takes the few actions the one-step evaluation likes best and, for each, plays on:
its own next decisions greedily until the turn passes, then the other players'
replies greedily (each maximising its own evaluation) for a bounded number of
actions, and scores the position reached. Scores are averaged over a few worlds
sampled from the view, so dice and hidden cards are not taken as known.

Other players' secret choices made at the same time as the planner's (Dogma's
Orders) are completed at random, as the greedy agent does: a greedy reply that saw
the planner's secret choice would be playing with knowledge it cannot have.
"""

from __future__ import annotations

import time

from credo.kernel import Action, PlayerView, Rng

from .base import Agent, Effort


class PlannerAgent(Agent):
    name = "planner"

    def __init__(self, seed: int = 0, candidates: int = 6, samples: int = 3, own_depth: int = 4,
                 reply_depth: int = 8, seconds: float | None = 1.5) -> None:
        super().__init__(seed)
        self.rng = Rng(seed)
        self.candidates = candidates
        self.samples = samples
        self.own_depth = own_depth
        self.reply_depth = reply_depth
        self.seconds = seconds  # a cap: candidates not planned by then keep their one-step score
        self.last_scores: dict[Action, float] = {}
        self.effort = Effort("plans", candidates)

    def choose(self, view: PlayerView) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        me = view.player
        evaluate = view.game.evaluate
        worlds = [view.sample_world(self.rng) for _ in range(self.samples)]
        after = {action: [self._play(world, action, me) for world in worlds] for action in actions}
        one_step = {action: sum(evaluate(w, me) for w in after[action]) / self.samples for action in actions}
        # ties keep the legal order, so the same seed gives the same game
        ranked = sorted(actions, key=lambda a: -one_step[a])[:self.candidates]
        scores = {}
        for action in ranked:
            if deadline is not None and scores and time.perf_counter() >= deadline:
                break
            total = 0.0
            for world in after[action]:
                self._continue(world, me)
                total += evaluate(world, me)
            scores[action] = total / self.samples
        self.last_scores = scores
        self.effort.add(len(scores), cut=len(scores) < len(ranked))
        best = max(scores.values())
        return self.rng.choice([a for a in ranked if a in scores and scores[a] >= best - 1e-9])

    def _play(self, base, action: Action, me: int):
        """A copy of `base` with `action` done, and any simultaneous choices of others made at random."""
        world = base.copy()
        world.apply(action, me)
        for q in base.to_move:
            if q != me and not world.is_over and q in world.to_move:
                world.apply(self.rng.choice(world.legal_actions(q)), q)
        return world

    def _continue(self, world, me: int) -> None:
        """Play on greedily: my own decisions while the turn is mine, then the others' replies."""
        for _ in range(self.own_depth):
            if world.is_over or world.to_move != (me,):
                break
            self._greedy_step(world, me)
        for _ in range(self.reply_depth):
            if world.is_over or me in world.to_move:
                break
            self._greedy_step(world, world.to_move[0])

    def _greedy_step(self, world, player: int) -> None:
        legal = world.legal_actions(player)
        if len(legal) > 1:
            evaluate = world.game.evaluate
            best_value, best = None, legal[0]
            for action in legal:
                trial = world.copy()
                trial.apply(action, player)
                value = evaluate(trial, player)
                if best_value is None or value > best_value:
                    best_value, best = value, action
        else:
            best = legal[0]
        world.apply(best, player)
