"""A heuristic value of a Dogma position: Faith left across the Prophets still in
play, weighted towards the active Prophets, with malefic markers as a burden."""

from __future__ import annotations

import math

from .game import ARCANA


def evaluate(s, player: int) -> float:
    if s.phase == 3:
        if s.winner in (0, 1):
            return 1.0 if s.winner == player % 2 else -1.0  # 2 vs 2: the team of players p with p % 2
        return 0.0
    score = 0.0
    for sl in range(s.np * ARCANA):
        if s.proph[sl] < 0 or s.where[sl] not in (0, 1):
            continue
        sign = 1.0 if sl // ARCANA % 2 == player % 2 else -1.0
        left = max(0, s.faith(sl) - s.dmg[sl])
        w = 1.2 if s.where[sl] == 1 else 1.0
        score += sign * w * (0.5 + left / 100.0)
        score -= sign * 0.15 * s.mal[sl].bit_count()
    for p in range(s.np):
        sign = 1.0 if p % 2 == player % 2 else -1.0
        score += sign * 0.1 * len(s.di[p])
    return math.tanh(score / 4.0)
