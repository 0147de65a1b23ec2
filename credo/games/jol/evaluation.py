"""A heuristic value of a Jol position for one player, in [-1, 1], for greedy play
and search cut-offs: progress towards 15 INF in two lanes dominates, then the
Cogum each side has in the lanes (SPRT most), then cards in hand."""

from __future__ import annotations

import math

from .codes import DET, HRT, LANE0, MANIFEST, OVER, SPRT


def _progress(state, p: int) -> float:
    win = state.game.rules.win_inf
    totals = sorted((min(state.inf[3 * p + lane], win) for lane in range(3)), reverse=True)
    a, b = totals[0], totals[1]
    return (a + b) / (2 * win) + 0.5 * (b / win) ** 2


def evaluate(state, player: int) -> float:
    if state.phase == OVER:
        if state.winner < 0:
            return 0.0
        return 1.0 if state.winner == player else -1.0
    score = 4.0 * (_progress(state, player) - _progress(state, 1 - player))
    zone, owner = state.zone, state.owner
    for i in range(state.nxt):
        z = zone[i]
        if LANE0 <= z <= MANIFEST:
            st = state.stats(i)
            worth = (0.6 * st[SPRT] + 0.25 * st[DET] + 0.25 * st[HRT]) / 10.0
            if z == MANIFEST:
                worth *= 0.5
            score += worth if owner[i] == player else -worth
    score += 0.05 * (len(state.hands[player]) - len(state.hands[1 - player]))
    # a deck running low is a loss coming
    for p, sign in ((player, 1.0), (1 - player, -1.0)):
        if len(state.piles[p]) < 3:
            score -= sign * 0.3 * (3 - len(state.piles[p]))
    return math.tanh(score / 2.5)
