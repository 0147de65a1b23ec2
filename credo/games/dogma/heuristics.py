"""A fast rollout policy for Dogma: mostly strike with the Cult card that would do the
most damage now, sometimes play a Divine Intervention, rarely anything at random."""

from __future__ import annotations

from .codes import ARCANA, NEIGHBOUR


def rollout_action(state, player: int, rng):
    actions = state.legal_actions(player)
    if len(actions) == 1 or rng.below(5) == 0:
        return rng.choice(actions)
    if state.phase == 4:  # Chaos preparation: build, rarely stop early
        for kind in ("conclude", "take"):
            picks = [a for a in actions if a.kind == kind]
            if picks and (kind == "take" or rng.below(4)):
                return rng.choice(picks)
        return rng.choice(actions)
    if state.phase != 1:
        return rng.choice(actions)
    k = state.active[player]
    if k < 0:
        return rng.choice(actions)
    sl = player * ARCANA + k
    side_of = state.game.side_of
    best, best_dmg = [], 0
    for a in actions:
        if a.kind != "cult":
            continue
        side = side_of[a.index]
        # the opponent this Order would strike: the one its Target names (2 vs 2), else the only one
        opp = NEIGHBOUR[side][player] if side >= 0 else state.tgt[player]
        q = state.active[opp]
        if q < 0:
            continue
        tg = opp * ARCANA + q
        c = state.cults[sl][a.args[0]]
        if not (state.game.tables.cdamage[c] or state.game.tables.cdamage_if[c]):
            continue
        dmg, _ = state.cult_damage_amount(player, sl, a.args[0], tg)
        if dmg > best_dmg:
            best, best_dmg = [a], dmg
        elif dmg == best_dmg and dmg > 0:
            best.append(a)
    if best and rng.below(4):
        return rng.choice(best)
    others = [a for a in actions if a.kind in ("intervene", "special", "cult")]
    return rng.choice(others or actions)
