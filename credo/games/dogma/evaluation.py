"""A heuristic value of a Dogma position: Faith left across the Prophets still in
play, weighted towards the active Prophets, with malefic markers as a burden. During
Chaos mode's preparation, what each side has drafted into its Arcana so far."""

from __future__ import annotations

import math

from .game import ARCANA
from .state import CHAOS, OVER

# what a drafted card adds to its side before play: a Prophet counts as play counts it at full
# Faith in the rear guard (0.5 + Faith / 100), an Intervention as play counts one in hand
DRAFTED_CARD = 0.15  # a Cult card or Relic in an Arcanum: the damage and protection to come
# a card in an Arcanum still without its Prophet is worth nothing yet and narrows which Prophets
# that Arcanum may take (sleeve restrictions): drafted that way, sides ended with two Prophets
LOOSE_CARD = -0.05
INTERVENTION = 0.1


def evaluate(s, player: int) -> float:
    if s.phase == CHAOS:
        return _drafted(s, player)
    if s.phase == OVER:
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


def _drafted(s, player: int) -> float:
    """The Arcana built so far (section 2.1.1): without it every draft looked alike to the
    search, which then drafted at random (often two Prophets a side, where the rulebook
    calls construction the strategic heart of the game). Damage taken for extra packets
    counts as Faith lost, as it will be on the first Prophet deployed."""
    prep = s.prep
    faith = s.game.tables.faith
    score = 0.0
    for p in range(prep.n):
        side = 0.0
        for k in range(ARCANA):
            prophet = prep.bp[p][k]
            cards = len(prep.bc[p][k])
            if prophet >= 0:
                side += 0.5 + faith[prophet] / 100.0 + DRAFTED_CARD * cards
            else:
                side += LOOSE_CARD * cards
        side += INTERVENTION * len(prep.bd[p]) - s.pend_dmg[p] / 100.0
        score += side if p % 2 == player % 2 else -side
    return math.tanh(score / 4.0)
