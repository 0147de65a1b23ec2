"""An experiment on Dogma's rollout policy (search.md section 27), not shipped: the shipped policy
(credo/games/dogma/heuristics.py) strikes with the Cult card that does the most damage and swaps
Prophets only by chance, so a playout keeps the match-up of the active Prophets as it is. Here, four
times in five, a player whose rear guard holds a Prophet that would fare better against the opposing
active one than its own active Prophet does (the best damage it deals less the best it receives, by
MARGIN or more) summons it; otherwise the shipped policy plays."""

from __future__ import annotations

from credo.games.dogma import heuristics
from credo.games.dogma.codes import ARCANA

MARGIN = 30


def best_damage(state, player: int, sl: int, tg: int) -> int:
    """The most damage a Cult card of slot sl (its Withered card left out) deals to slot tg."""
    tables = state.game.tables
    best = 0
    for j, c in enumerate(state.cults[sl]):
        if j == state.wither[sl] or not (tables.cdamage[c] or tables.cdamage_if[c]):
            continue
        best = max(best, state.cult_damage_amount(player, sl, j, tg)[0])
    return best


def rollout_action(state, player: int, rng):
    if state.phase != 1 or state.np != 2:
        return heuristics.rollout_action(state, player, rng)
    k, q = state.active[player], state.active[1 - player]
    if k < 0 or q < 0 or not state.rear[player] or not rng.below(5):
        return heuristics.rollout_action(state, player, rng)
    me, opp = player, 1 - player
    sl, tg = me * ARCANA + k, opp * ARCANA + q
    here = best_damage(state, me, sl, tg) - best_damage(state, opp, tg, sl)
    best, best_score = None, here + MARGIN - 1
    for a in state.legal_actions(player):
        if a.kind != "summon":
            continue
        rsl = me * ARCANA + state.rear[me][a.args[0]]
        score = best_damage(state, me, rsl, tg) - best_damage(state, opp, tg, rsl)
        if score > best_score:
            best, best_score = a, score
    if best is not None:
        return best
    return heuristics.rollout_action(state, player, rng)
