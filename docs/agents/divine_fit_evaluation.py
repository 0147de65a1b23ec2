"""Fit Divine's evaluation weights to outcomes: positions at the start of each turn of 2-player
games played by the rollout policy (the play a search's leaves come from), a logistic
regression of the winner on each standing feature's difference, checked on as many games of the
next seed. Usage: divine_fit_evaluation.py GAMES SEED"""
import json, math, sys
import numpy as np
from credo import games
from credo.kernel import Rng
from credo.games.divine import board as B
from credo.games.divine.codes import PRIESTLY, PROPHET

NAMES = ["followers", "divinity", "hand", "temples", "no temple", "priests", "zealots", "prophets", "avatars",
         "priest population", "vigilant", "zealot nearness", "towers squared", "100 followers"]
CURRENT = [0.5, 0.8, 0.6, 6.0, -23.0, 3.0, 2.5, 6.0, 6.0, 1.2, 0.4, 2.0, 1.5, 60.0]


def features(s, p):
    layout = s.layout
    temples = s.temples_of(p)
    per = s.game.per_player
    pos, kind = s.pos, s.kind
    counts = [0, 0, 0, 0]
    pop = vig = near = 0.0
    towers = 0
    enemy_priests = [pos[u] for u in range(s.n * per) if pos[u] >= 0 and u // per != p and PRIESTLY[kind[u]]]
    enemy_temples = [sq for i, sq in enumerate(layout.temples) if s.ctrl[i] >= 0 and s.ctrl[i] != p]
    targets = enemy_priests + enemy_temples
    for u in range(p * per, (p + 1) * per):
        sq = pos[u]
        if sq < 0:
            continue
        k = kind[u]
        counts[k] += 1
        if layout.kind[sq] == B.TOWER:
            towers += 1
        if PRIESTLY[k]:
            pop += layout.pop[sq] * (2 if k == PROPHET else 1)
            vig += 1 if s.flags[u] & 1 else 0
        elif targets:
            near += 1.0 / (1 + min(B.distance(sq, t) for t in targets))
    return [s.followers[p], s.divinity[p], s.hsize[p], temples, 1.0 if not temples else 0.0, *counts, pop, vig,
            near, towers * towers, 1.0 if s.followers[p] >= 100 else 0.0]


def data(game, n, seed):
    X, y = [], []
    for g in range(n):
        s = game.new(seed * 100000 + g, **game.machine_options({}))
        rng = Rng(g)
        rows, last = [], None
        while not s.is_over:
            if s.turn != last and s.phase == 2:
                last = s.turn
                a, b = features(s, 0), features(s, 1)
                rows.append([x - z for x, z in zip(a, b)])
            p = s.to_move[0]
            s.apply(game.rollout_action(s, p, rng), p)
        r = s.returns()
        if r[0] == r[1]:
            continue
        for row in rows:
            X.append(row); y.append(1.0 if r[0] > r[1] else 0.0)
    return np.array(X), np.array(y)


def main():
    n, seed = int(sys.argv[1]), int(sys.argv[2])
    game = games.load("divine")
    X, y = data(game, n, seed)
    Xt, yt = data(game, n, seed + 1)
    # no intercept: the difference of two equal standings is an even game
    w = np.zeros(X.shape[1])
    lam = 1e-3 * len(y)
    for _ in range(50):  # Newton's method on the L2-penalised log-likelihood
        z = X @ w
        pr = 1 / (1 + np.exp(-z))
        g = X.T @ (pr - y) + lam * w
        H = (X * (pr * (1 - pr))[:, None]).T @ X + lam * np.eye(len(w))
        w -= np.linalg.solve(H, g)
    def loss(wv):
        z = Xt @ wv
        return float(np.mean(np.logaddexp(0, z) - yt * z))
    # today's weights on the same scale: value tanh(d/40) = 2 sigmoid(d/20) - 1
    cur = np.array(CURRENT) / 20.0
    print(json.dumps({"positions": len(y), "held-out positions": len(yt), "games": n, "fitted": dict(zip(NAMES, (w * 20).round(3).tolist())),
                      "log loss fitted": round(loss(w), 4), "log loss today's": round(loss(cur), 4),
                      "log loss even": round(math.log(2), 4)}, indent=1))


if __name__ == "__main__":
    main()
