"""A heuristic value of a Dirge position, for greedy play and search cut-offs.

Material dominates (each creature's worth scaled by the wounds it has left);
then who can strike whom from where they stand, exposed backs, and closing in.

The evaluation is the hottest code of the planner and of greedy play, so what depends
only on the creatures and the board (worths, the chance to hit and the damage for every
attacker, defender and side, the side an adjacent square faces) is worked out once per
game in `_Prepared`; the arithmetic is the same, term for term.
"""

from __future__ import annotations

import math

from .board import BACK, FLANK, FRONT
from .codes import ABILITY0, ATTACK, MOVE


def creature_worth(t, c: int) -> float:
    return 1.0 + 0.15 * t.strength[c] + 0.1 * t.wounds[c] + 0.05 * (t.toughness[c][0] + t.toughness[c][1])


class _Prepared:
    """Per game: what the evaluation reads that no move changes."""

    def __init__(self, game) -> None:
        t, b = game.tables, game.board
        n = t.n
        self.worth = [creature_worth(t, c) for c in range(n)]
        # hit[a][d][side]: the chance that a's attack on d's side is not dodged
        self.hit = [[[1.0] * 3 for _ in range(n)] for _ in range(n)]
        self.damage = [[[0] * 3 for _ in range(n)] for _ in range(n)]
        for a in range(n):
            for d in range(n):
                for side in range(3):
                    ev = t.evasion[d][side]
                    if ev > 0:
                        shift = t.attack_roll[a][side] + t.defend_roll[d][side]
                        dodge = sum(1 for r in range(1, 7) if r + shift >= ev) / 6.0
                        self.hit[a][d][side] = 1.0 - dodge
                    self.damage[a][d][side] = max(0, t.strength[a] + t.attack_strength[a][side]
                                                  - t.toughness[d][side] - t.defend_toughness[d][side])
        # side[sq][facing][neighbour]: the side of a creature on sq, so facing, that an
        # attacker on the neighbouring square strikes
        self.side = [[{} for _ in range(4)] for _ in range(b.size)]
        for sq in range(b.size):
            for f in range(4):
                for other in b.neighbours[sq]:
                    self.side[sq][f][other] = b.side_hit(sq, f, other)


def _prepared(game) -> _Prepared:
    prepared = game.__dict__.get("_evaluation_tables")
    if prepared is None:
        prepared = game.__dict__["_evaluation_tables"] = _Prepared(game)
    return prepared


def _expected_damage(s, p: _Prepared, a: int, d: int) -> float:
    pa, pd = s.pos[a], s.pos[d]
    side = p.side[pd][s.facing[d]].get(pa, FLANK)  # not adjacent: Range 3 strikes a flank
    dmg = p.damage[a][d][side]
    left = s.game.tables.wounds[d] - s.damage[d]
    return p.hit[a][d][side] * min(dmg, left) / s.game.tables.wounds[d] * p.worth[d]


def _enemy_within(s, c: int, reach: int) -> bool:
    b = s.game.board
    return any(s.owner[d] == 1 - s.owner[c] and s.pos[d] >= 0 and b.distance(s.pos[c], s.pos[d]) <= reach
               for d in range(s.game.tables.n))


def evaluate(s, player: int) -> float:
    if s.phase == 2:
        if s.winner in (0, 1):
            return 1.0 if s.winner == player else -1.0
        return 0.0
    game = s.game
    p = _prepared(game)
    t = game.tables
    geometry = game.board
    dist, step, sight = geometry.dist, geometry.step, geometry.sight
    board, ranges = s.board, t.range
    worths, sides = p.worth, p.side
    pos, owner, damage, markers, facing = s.pos, s.owner, s.damage, s.markers, s.facing
    wounds = t.wounds
    score = 0.0
    alive = [c for c in range(t.n) if pos[c] >= 0]
    squares: tuple[list[int], list[int]] = ([], [])  # where each player's creatures stand
    for c in alive:
        squares[owner[c]].append(pos[c])
    for c in alive:
        mine = owner[c]
        sign = 1.0 if mine == player else -1.0
        worth = worths[c]
        score += sign * worth * (0.5 + 0.5 * (1 - damage[c] / wounds[c]))
        # markers cost tempo: two or more keep the creature idle next turn
        m = markers[c]
        if m:  # no markers: the term is zero
            score -= sign * (0.04 * m + (0.08 if m >= 2 else 0.0))
        # what c can strike from where it stands (State._attack_targets, inlined: the hottest loop)
        here, f = pos[c], facing[c]
        front = step[here][f]
        if front >= 0:
            d = board[front]
            if d >= 0 and owner[d] != mine:
                score += sign * 0.35 * _expected_damage(s, p, c, d)
        reach = ranges[c]
        if reach > 1:
            for sq in sight[here][f][reach]:
                if sq != front:
                    d = board[sq]
                    if d >= 0 and owner[d] != mine:
                        score += sign * 0.35 * _expected_damage(s, p, c, d)
        theirs = squares[1 - mine]
        if theirs:
            row = dist[here]
            nearest = min(map(row.__getitem__, theirs))
            if nearest == 1:  # enemies adjacent: the sides they strike, in creature order
                exposed = sides[here][f]
                for d in alive:
                    if owner[d] != mine and row[pos[d]] == 1:
                        side = exposed[pos[d]]
                        if side == BACK:
                            score -= sign * 0.25 * worth
                        elif side != FRONT:
                            score -= sign * 0.1 * worth
            score -= sign * 0.03 * nearest
    if s.active >= 0 and s.plan:
        # actions given but not yet carried out: credit what they can still do
        c = s.active
        sign = 1.0 if owner[c] == player else -1.0
        if s.plan & MOVE:
            score += sign * 0.06
        if s.plan & ATTACK:
            targets = s._attack_targets(c)
            if targets:
                score += sign * 0.5 * max(_expected_damage(s, p, c, d) for d in targets)
            elif s.plan & MOVE and _enemy_within(s, c, t.speed[c] + t.range[c]):
                score += sign * 0.2
        for k in (0, 1):
            if s.plan & (ABILITY0 << k) and s._ability_actions(c, k):
                score += sign * 0.05 * t.abilities[t.creature_abilities[c][k]].cost
    return math.tanh(score / 6.0)
