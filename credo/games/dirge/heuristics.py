"""A fast rollout policy for Dirge: strike when a blow is available, otherwise
close in on the nearest opposing creature and turn to face it."""

from __future__ import annotations

from .codes import ATTACK, MOVE


def rollout_action(state, player: int, rng):
    actions = state.legal_actions(player)
    if rng.below(5) == 0:
        return rng.choice(actions)
    strikes = [a for a in actions if a.kind in ("attack", "ability")]
    if strikes:
        return rng.choice(strikes)
    gives = [a for a in actions if a.kind == "give" and a.args[1] & (MOVE | ATTACK) == (MOVE | ATTACK)]
    if gives:
        return rng.choice(gives)
    moves = [a for a in actions if a.kind == "move"]
    if not moves:
        calm = [a for a in actions if a.kind not in ("end", "done")]
        return rng.choice(calm or actions)
    board = state.game.board
    dist, step = board.dist, board.step
    me = state.owner[state.active]
    enemies = [state.pos[c] for c in range(state.game.tables.n) if state.owner[c] == 1 - me and state.pos[c] >= 0]
    nearest: dict[int, int] = {}
    best, best_score = [], None
    for a in moves:
        sq, f = a.args
        near = nearest.get(sq)
        if near is None:
            row = dist[sq]
            near = nearest[sq] = min(row[e] for e in enemies)
        ahead = step[sq][f]
        score = -near + (3 if ahead >= 0 and ahead in enemies else 0)
        if best_score is None or score > best_score:
            best, best_score = [a], score
        elif score == best_score:
            best.append(a)
    return rng.choice(best)
