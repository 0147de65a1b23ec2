"""A fast rollout policy for Jol: summon, deploy and play cards in Formation, then
engage where it pays (Influence where the SPRT beats the best Ready defender,
Instigate where the DET breaks it), defend with the best defender, pray now and
then; end the turn when nothing useful is left."""

from __future__ import annotations

from .codes import DEFENDER, DET, HRT, LANE0, PRAYER_STEP, SPRT


def _best_defence(state, lane: int, foe: int, stat: int) -> int:
    """The highest `stat` among `foe`'s Ready Cogum in `lane` (-1: nobody can defend)."""
    best = -1
    z, ready, owner, zone = LANE0 + lane, state.ready, state.owner, state.zone
    for j in range(state.nxt):
        if zone[j] == z and owner[j] == foe and ready >> j & 1:
            v = state.stat(j, stat)
            if v > best:
                best = v
    return best


def rollout_action(state, player: int, rng):
    actions = state.legal_actions(player)
    if len(actions) == 1:
        return actions[0]
    if rng.below(10) == 0:
        return rng.choice(actions)
    ph = state.phase
    if ph == DEFENDER:
        stat = HRT if state.kind == 1 else SPRT
        return max(actions, key=lambda a: state.stat(a.args[0], stat))
    if ph == PRAYER_STEP:
        prayers = [a for a in actions if a.kind == "pray"]
        if prayers and rng.below(2) == 0:
            return rng.choice(prayers)
        return actions[0]  # pass
    summons, plays, deploys, engages = [], [], [], []
    for a in actions:
        k = a.kind
        if k == "summon":
            summons.append(a)
        elif k in ("talent", "vow", "prophecy"):
            plays.append(a)
        elif k == "deploy":
            deploys.append(a)
        elif k == "instigate" or k == "influence":
            engages.append(a)
    if summons:
        return rng.choice(summons)
    if deploys:
        return rng.choice(deploys)
    if plays and rng.below(3):
        return rng.choice(plays)
    if engages:
        best, best_score = None, 0.0
        foe = 1 - player
        defences: dict[tuple[int, int], int] = {}  # each Cogum offers two engagements in its lane
        for a in engages:
            i = a.args[0]
            lane = state.zone[i] - LANE0
            stat = SPRT if a.kind == "influence" else HRT
            theirs = defences.get((lane, stat))
            if theirs is None:
                theirs = defences[(lane, stat)] = _best_defence(state, lane, foe, stat)
            if stat == SPRT:
                mine = state.stat(i, SPRT, 2)
                gain = mine if theirs < 0 else mine - theirs
                score = gain + 0.01 * state.inf[3 * player + lane]
            else:
                score = 2.5 if 0 <= theirs <= state.stat(i, DET, 1) else 0.0
            if score > best_score:
                best, best_score = a, score
        if best is not None:
            return best
        # nothing pays: wear down a defender now and then, else keep the Cogum Ready
        if rng.below(3) == 0:
            return rng.choice(engages)
    return actions[-1]  # end
