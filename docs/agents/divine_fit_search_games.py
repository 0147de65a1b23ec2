"""Fit Divine's evaluation weights to the outcomes of games between searches (the records written
by divine_search_games.py): the position at the start of every turn, a logistic regression of the
winner on the difference of each `standing` feature (divine_fit_evaluation.features) and on who
is to move (the first turn's tempo, which a leaf scored at the start of the searcher's own turn
always holds, so it is fitted but not kept as a weight). Held out: every fifth game. Prints the
weights on the evaluation's scale and the held-out log loss of the fitted and today's weights.
Usage: divine_fit_search_games.py RECORDS.jsonl [PENALTY]"""
import json
import math
import sys

import numpy as np

from credo import games
from divine_fit_evaluation import CURRENT, NAMES, features


def positions(game, record):
    state = game.new(record["seed"], **record["options"])
    rows, last = [], None
    for move in record["moves"]:
        if state.turn != last and state.phase == 2:
            last = state.turn
            a, b = features(state, 0), features(state, 1)
            rows.append([x - z for x, z in zip(a, b)] + [1.0 if state.current == 0 else -1.0])
        state.apply(move["action"], move["player"])
    returns = state.returns()
    if returns[0] == returns[1]:
        return [], None
    return rows, 1.0 if returns[0] > returns[1] else 0.0


def fit(X, y, lam):
    w = np.zeros(X.shape[1])
    for _ in range(50):  # Newton's method on the L2-penalised log-likelihood; no intercept: seat 1 is not seat 2
        p = 1 / (1 + np.exp(-(X @ w)))
        g = X.T @ (p - y) + lam * w
        H = (X * (p * (1 - p))[:, None]).T @ X + lam * np.eye(len(w))
        w -= np.linalg.solve(H, g)
    return w


def loss(X, y, w):
    z = X @ w
    return float(np.mean(np.logaddexp(0, z) - y * z))


def main():
    path, penalty = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 1e-3
    game = games.load("divine")
    train, test = ([], []), ([], [])
    with open(path) as f:
        for line in f:
            record = json.loads(line)
            rows, won = positions(game, record)
            into = test if record["index"] % 5 == 4 else train
            into[0].extend(rows)
            into[1].extend([won] * len(rows))
    X, y = np.array(train[0]), np.array(train[1])
    Xt, yt = np.array(test[0]), np.array(test[1])
    w = fit(X, y, penalty * len(y))
    tempo_only = fit(X[:, -1:], y, penalty * len(y))
    today = np.array(CURRENT + [0.0]) / 20.0  # tanh(d/40) = 2 sigmoid(d/20) - 1
    today[-1] = tempo_only[0]  # today's weights with the tempo fitted alone, for a fair comparison
    print(json.dumps({"positions": len(y), "held-out positions": len(yt),
                      "fitted": dict(zip(NAMES + ["to move"], (w * 20).round(3).tolist())),
                      "log loss fitted": round(loss(Xt, yt, w), 4),
                      "log loss today's (with the tempo fitted)": round(loss(Xt, yt, today), 4),
                      "log loss tempo alone": round(loss(Xt[:, -1:], yt, tempo_only), 4),
                      "log loss even": round(math.log(2), 4)}, indent=1))


if __name__ == "__main__":
    main()
