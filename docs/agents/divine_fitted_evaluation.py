"""Divine's evaluation with weights fitted to outcomes (divine_fit_evaluation.py), in the form of
credo.games.divine.evaluation: tanh of the standing against the best rival's over 40."""
import math
from divine_fit_evaluation import features

WEIGHTS = None


def standing(s, p):
    return sum(w * f for w, f in zip(WEIGHTS, features(s, p)))


def evaluate(s, player):
    if s.phase == 3:
        return 0.0 if s.winner < 0 else 1.0 if s.winner == player else -1.0
    mine = standing(s, player)
    return math.tanh((mine - max(standing(s, q) for q in range(s.n) if q != player)) / 40.0)


def evaluate_all(s):
    if s.phase == 3:
        return [evaluate(s, p) for p in range(s.n)]
    scores = [standing(s, p) for p in range(s.n)]
    return [math.tanh((scores[p] - max(scores[q] for q in range(s.n) if q != p)) / 40.0) for p in range(s.n)]
