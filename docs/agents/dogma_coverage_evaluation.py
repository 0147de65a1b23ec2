"""An experiment on Dogma's evaluation (search.md section 24): an opposing Prophet that none of a
side's Prophets still in play can damage with a Cult card (its immunities cover every damaging
type they hold, Withered cards left out) is worth more than its Faith says, since only
Interventions and the Appeal to Rationality can remove it. `make(weight)` returns an evaluation
that adds to its owner's side `weight` times such a Prophet's value (0.5 + Faith left / 100, as the
shipped evaluation counts a Prophet) times the share of the other side's Prophets in play that
cannot damage it: in full when none can, in part while only some can, so that losing the one
Prophet able to hurt an opposing one counts before it is too late. Weight 0 is the shipped one."""

from __future__ import annotations

import math

from credo.games.dogma.codes import AG_IMMUNE, ARCANA, CHAOS, OVER
from credo.games.dogma.evaluation import evaluate as shipped


def damaging_types(s, sl: int) -> int:
    """The Cult card types (bits) with which the Prophet of slot sl can deal damage."""
    t = s.game.tables
    bits = 0
    for j, c in enumerate(s.cults[sl]):
        if j == s.wither[sl]:
            continue
        if t.cdamage[c] > 0 or (t.cdamage_if[c] is not None and t.cdamage_if[c][1] > 0):
            bits |= 1 << t.ctype[c]
    return bits


def make(weight: float):
    def evaluate(s, player: int) -> float:
        if s.phase in (CHAOS, OVER) or weight == 0:
            return shipped(s, player)
        base = math.atanh(max(-0.999999, min(0.999999, shipped(s, player)))) * 4.0
        in_play = [sl for sl in range(s.np * ARCANA) if s.proph[sl] >= 0 and s.where[sl] in (0, 1)]
        types = {sl: damaging_types(s, sl) for sl in in_play}
        extra = 0.0
        for sl in in_play:
            team = sl // ARCANA % 2
            immune = s.agg(sl)[AG_IMMUNE]
            others = [x for x in in_play if x // ARCANA % 2 != team]
            if not others:
                continue
            reachers = sum(1 for x in others if types[x] & ~immune)
            value = 0.5 + max(0, s.faith(sl) - s.dmg[sl]) / 100.0
            extra += (1.0 if team == player % 2 else -1.0) * weight * value * (1.0 - reachers / len(others))
        return math.tanh((base + extra) / 4.0)

    return evaluate
