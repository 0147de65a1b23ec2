"""A heuristic value of a Dirge position, for greedy play and search cut-offs.

Material dominates (each creature's worth scaled by the wounds it has left);
then who can strike whom from where they stand, exposed backs, and closing in.
"""

from __future__ import annotations

import math

from .board import BACK, FRONT
from .game import ABILITY0, ATTACK, MOVE


def creature_worth(t, c: int) -> float:
    return 1.0 + 0.15 * t.strength[c] + 0.1 * t.wounds[c] + 0.05 * (t.toughness[c][0] + t.toughness[c][1])


def _expected_damage(s, a: int, d: int) -> float:
    t = s.game.tables
    side, _ = s.side_attacked(a, d)
    ev = t.evasion[d][side]
    hit = 1.0
    if ev > 0:
        shift = t.attack_roll[a][side] + t.defend_roll[d][side]
        dodge = sum(1 for r in range(1, 7) if r + shift >= ev) / 6.0
        hit = 1.0 - dodge
    dmg = max(0, t.strength[a] + t.attack_strength[a][side] - t.toughness[d][side] - t.defend_toughness[d][side])
    return hit * min(dmg, t.wounds[d] - s.damage[d]) / t.wounds[d] * creature_worth(t, d)


def _enemy_within(s, c: int, reach: int) -> bool:
    b = s.game.board
    return any(s.owner[d] == 1 - s.owner[c] and s.pos[d] >= 0 and b.distance(s.pos[c], s.pos[d]) <= reach
               for d in range(s.game.tables.n))


def evaluate(s, player: int) -> float:
    if s.phase == 2:
        if s.winner in (0, 1):
            return 1.0 if s.winner == player else -1.0
        return 0.0
    t, b = s.game.tables, s.game.board
    dist = b.dist
    score = 0.0
    alive = [c for c in range(t.n) if s.pos[c] >= 0]
    for c in alive:
        sign = 1.0 if s.owner[c] == player else -1.0
        worth = creature_worth(t, c)
        score += sign * worth * (0.5 + 0.5 * (1 - s.damage[c] / t.wounds[c]))
        # markers cost tempo: two or more keep the creature idle next turn
        m = s.markers[c]
        score -= sign * (0.04 * m + (0.08 if m >= 2 else 0.0))
        for d in s._attack_targets(c):
            score += sign * 0.35 * _expected_damage(s, c, d)
        nearest = 99
        for d in alive:
            if s.owner[d] != s.owner[c]:
                steps = dist[s.pos[c]][s.pos[d]]
                nearest = min(nearest, steps)
                if steps == 1:
                    side = b.side_hit(s.pos[c], s.facing[c], s.pos[d])
                    if side == BACK:
                        score -= sign * 0.25 * worth
                    elif side != FRONT:
                        score -= sign * 0.1 * worth
        if nearest < 99:
            score -= sign * 0.03 * nearest
    if s.active >= 0 and s.plan:
        # actions given but not yet carried out: credit what they can still do
        c = s.active
        sign = 1.0 if s.owner[c] == player else -1.0
        if s.plan & MOVE:
            score += sign * 0.06
        if s.plan & ATTACK:
            targets = s._attack_targets(c)
            if targets:
                score += sign * 0.5 * max(_expected_damage(s, c, d) for d in targets)
            elif s.plan & MOVE and _enemy_within(s, c, s.game.tables.speed[c] + s.game.tables.range[c]):
                score += sign * 0.2
        for k in (0, 1):
            if s.plan & (ABILITY0 << k) and s._ability_actions(c, k):
                score += sign * 0.05 * s.game.tables.abilities[s.game.tables.creature_abilities[c][k]].cost
    return math.tanh(score / 6.0)
