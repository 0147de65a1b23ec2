"""An experimental Jol evaluation (search.md section 35), not shipped: the shipped one values each
Cogum on the field by its stats wherever it stands; this one adds what the Cogum threaten in their
lanes, the INF each side's Cogum could gain there on their next turn against the rival's
defenders (SPRT beyond the defender's, capped at what the lane still needs), and values the
progress of INF as it would stand after it."""
from __future__ import annotations

import math

from credo.games.jol.codes import DET, HRT, LANE0, MANIFEST, OVER, SPRT
from credo.games.jol.evaluation import _progress

PRESSURE_WEIGHT = 2.0


def _pressure(sprts: list[int], defences: list[int], need: int) -> int:
    """INF the attackers could gain in one turn: the strongest attacker against the strongest
    defender, and so on; an attacker beyond the defenders gains its whole SPRT."""
    gain = 0
    for k, s in enumerate(sorted(sprts, reverse=True)):
        d = defences[k] if k < len(defences) else -1
        gain += s if d < 0 else max(0, s - d)
    return min(gain, need)


def _projected(state, p: int, extra: list[int]) -> float:
    win = state.game.rules.win_inf
    totals = sorted((min(state.inf[3 * p + lane] + extra[lane], win) for lane in range(3)), reverse=True)
    a, b = totals[0], totals[1]
    return (a + b) / (2 * win) + 0.5 * (b / win) ** 2


def evaluate(state, player: int) -> float:
    if state.phase == OVER:
        if state.winner < 0:
            return 0.0
        return 1.0 if state.winner == player else -1.0
    win = state.game.rules.win_inf
    sprts = [[[], [], []], [[], [], []]]
    score = 4.0 * (_progress(state, player) - _progress(state, 1 - player))
    zone, owner = state.zone, state.owner
    for i in range(state.nxt):
        z = zone[i]
        if LANE0 <= z <= MANIFEST:
            st = state.stats(i)
            worth = (0.3 * st[SPRT] + 0.25 * st[DET] + 0.25 * st[HRT]) / 10.0
            if z == MANIFEST:
                worth *= 0.5
            else:
                sprts[owner[i]][z - LANE0].append(st[SPRT])
            score += worth if owner[i] == player else -worth
    projected = []
    for p in (player, 1 - player):
        q = 1 - p
        extra = [_pressure(sprts[p][lane], sorted(sprts[q][lane], reverse=True), win - state.inf[3 * p + lane])
                 for lane in range(3)]
        projected.append(_projected(state, p, extra) - _progress(state, p))
    score += PRESSURE_WEIGHT * (projected[0] - projected[1])
    score += 0.05 * (len(state.hands[player]) - len(state.hands[1 - player]))
    for p, sign in ((player, 1.0), (1 - player, -1.0)):
        if len(state.piles[p]) < 3:
            score -= sign * 0.3 * (3 - len(state.piles[p]))
    return math.tanh(score / 2.5)


def evaluate_all(state) -> list[float]:
    return [evaluate(state, p) for p in range(2)]
