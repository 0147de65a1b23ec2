"""A heuristic value of a Divine position, for the greedy agent and search cut-offs.

Each player's standing is progress towards the three win conditions (followers
towards 100, Temples held against the others', Towers occupied) plus material
(units, Divinity, cards) and a little shaping for Units heading where they work
(Priests to rich spaces, Zealots to enemy Priests and Temples). The value is the
player's standing against the best opponent's, squashed into [-1, 1].
"""

from __future__ import annotations

import math

from . import board as B
from .codes import PRIESTLY, PROPHET

UNIT_WORTH = (3.0, 2.5, 6.0, 6.0)


def standing(s, p: int) -> float:
    layout = s.layout
    score = s.followers[p] * 0.5 + s.divinity[p] * 0.8 + s.hsize[p] * 0.6
    temples = s.temples_of(p)
    score += 6.0 * temples + (8.0 if temples else -15.0)
    per = s.game.per_player
    pos, kind = s.pos, s.kind
    towers = 0
    enemy_priests = []
    enemy_temples = [sq for i, sq in enumerate(layout.temples) if s.ctrl[i] >= 0 and s.ctrl[i] != p]
    for u in range(s.n * per):
        if pos[u] >= 0 and u // per != p and PRIESTLY[kind[u]]:
            enemy_priests.append(pos[u])
    for u in range(p * per, (p + 1) * per):
        sq = pos[u]
        if sq < 0:
            continue
        k = kind[u]
        score += UNIT_WORTH[k]
        if layout.kind[sq] == B.TOWER:
            towers += 1
        if PRIESTLY[k]:
            score += 1.2 * layout.pop[sq] * (2 if k == PROPHET else 1)
            if s.flags[u] & 1:
                score += 0.4
        else:
            targets = enemy_priests + enemy_temples
            if targets:
                d = min(B.distance(sq, t) for t in targets)
                score += 2.0 / (1 + d)
    score += towers * towers * 1.5
    if s.followers[p] >= 100:
        score += 60
    return score


def evaluate(s, player: int) -> float:
    if s.phase == 3:
        if s.winner >= 0:
            return 1.0 if s.winner == player else -1.0
        return 0.0
    mine = standing(s, player)
    best = max(standing(s, q) for q in range(s.n) if q != player)
    return math.tanh((mine - best) / 40.0)


def evaluate_all(s) -> list[float]:
    """`evaluate` for every player, each standing computed once (N standings instead of
    N squared: a search scores every playout for every player). The same numbers."""
    if s.phase == 3:
        return [evaluate(s, p) for p in range(s.n)]
    scores = [standing(s, p) for p in range(s.n)]
    return [math.tanh((scores[p] - max(scores[q] for q in range(s.n) if q != p)) / 40.0) for p in range(s.n)]
