"""A fast rollout policy for Divine: Priests head for rich spaces and free Temples,
preach and establish; Zealots hunt exposed Priests and undefended enemy Temples,
assassinate, desecrate and attack; Temples train when Divinity allows; advanced
units and simple cards are played when affordable; responses are rare."""

from __future__ import annotations

from . import board as B
from .codes import PRIESTLY

PRIORITY = {"assassinate": 9, "desecrate": 9, "establish": 8, "attack": 6, "convert": 7,
            "preach": 5, "train": 4, "play": 3, "vigil": 1, "reclaim": 2}


def _targets(s, p: int, u: int) -> list[int]:
    layout = s.layout
    per = s.game.per_player
    if PRIESTLY[s.kind[u]]:
        out = []
        if s.markers_left(p) > 0:
            out = [sq for i, sq in enumerate(layout.temples) if s.ctrl[i] < 0 and s.board[sq] < 0]
        return out or [sq for sq in layout.pop_squares[:40] if s.board[sq] < 0]
    out = [sq for i, sq in enumerate(layout.temples) if s.ctrl[i] >= 0 and s.ctrl[i] != p and s.board[sq] < 0]
    for v in range(s.n * per):
        sq = s.pos[v]
        if sq >= 0 and v // per != p and PRIESTLY[s.kind[v]] and s.controller(sq) != v // per:
            out.append(sq)
    return out or list(layout.towers)


def rollout_action(state, player: int, rng):
    s = state
    actions = s.legal_actions(player)
    if len(actions) == 1:
        return actions[0]
    if s.window is not None or s.phase != 2:
        if s.window is not None and rng.below(8):
            return actions[-1]  # pass
        return rng.choice(actions)
    if rng.below(12) == 0:
        return rng.choice(actions)
    best, best_score = [], 0
    moves = []
    for a in actions:
        k = a.kind
        if k == "move":
            moves.append(a)
            continue
        score = PRIORITY.get(k, 0)
        if k == "preach":
            score += s.layout.pop[a.args[0]]
            if s.layout.pop[a.args[0]] < 2 and moves_possible(s):
                score = 0
        elif k == "play":
            t = s.game.cards.target[a.args[0]]
            if t == 1:
                score = 0
        elif k == "vigil" and moves_possible(s):
            score = 0
        if score > best_score:
            best, best_score = [a], score
        elif score == best_score and score:
            best.append(a)
    if moves and (not best or best_score < 8):
        # each unit steps towards its nearest target; distances in orthogonal steps,
        # written out on coordinates since this loop runs in every rollout
        n, neighbours = B.N, B.NEIGHBOURS
        near: dict[int, tuple[list, int]] = {}  # unit -> (target coordinates, distance now)
        good, gain_best = [], 0
        for a in moves:
            sq, to = a.args
            u = s.board[sq]
            if u not in near:
                ts = _targets(s, player, u)
                if ts and sq in ts and PRIESTLY[s.kind[u]] and s.layout.pop[sq] >= 3:
                    ts = []  # a Priest already on a rich space stays
                c, r = sq % n, sq // n
                dist = [(abs(c - t % n) + abs(r - t // n), t % n, t // n) for t in ts]
                d0 = min(dist)[0] if dist else 0
                # a step changes the distance to the nearest target by one at most:
                # only the targets at d0 can be brought closer by it
                near[u] = (dist, d0, [(x, y) for d, x, y in dist if d == d0])
            dist, d0, nearest = near[u]
            if d0 == 0:
                continue
            c, r = to % n, to // n
            if to in neighbours[sq]:
                gain = 1 if any(abs(c - x) + abs(r - y) < d0 for x, y in nearest) else 0
            else:  # a Catacomb jump goes anywhere
                gain = d0 - min(abs(c - x) + abs(r - y) for _, x, y in dist)
            if gain > gain_best:
                good, gain_best = [a], gain
            elif gain == gain_best and gain > 0:
                good.append(a)
        if good:
            return rng.choice(good)
    if best:
        return rng.choice(best)
    return actions[-1]  # end


def moves_possible(s) -> bool:
    return s.step == 0 and s.allowance > 0
