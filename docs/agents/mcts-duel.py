"""Duel at equal settings but one: MctsAgent(**A) against MctsAgent(**B) in GAME, each deal
played in both seat orders (duplicate); a "weights" entry scores with divine_fitted_evaluation
and those weights instead of the game's evaluation, a "coverage" entry (Dogma) scores with
dogma_coverage_evaluation at that weight. Usage: mcts-duel.py GAME GAMES A_JSON B_JSON OUT [START] [JOBS]"""
import sys, json, time
from concurrent.futures import ProcessPoolExecutor
from credo import games
from credo.agents.mcts import MctsAgent
from credo.arena.selfplay import play_game

GAME, GAMES, A, B, OUT = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3]), json.loads(sys.argv[4]), sys.argv[5]
START = int(sys.argv[6]) if len(sys.argv) > 6 else 0
JOBS = int(sys.argv[7]) if len(sys.argv) > 7 else 2

def agent(seed, settings):
    settings = dict(settings)
    weights = settings.pop("weights", None)
    coverage = settings.pop("coverage", None)
    if coverage is not None:
        import dogma_coverage_evaluation

        class Covered(MctsAgent):
            """An MctsAgent scoring Dogma with dogma_coverage_evaluation at this weight."""

            def choose(self, view):
                game = view.game
                game.evaluate = dogma_coverage_evaluation.make(coverage)
                try:
                    return super().choose(view)
                finally:
                    del game.evaluate

        return Covered(seed=seed, **settings)
    if weights is None:
        return MctsAgent(seed=seed, **settings)
    import divine_fitted_evaluation as fitted_eval

    class Fitted(MctsAgent):
        """An MctsAgent scoring with fitted_eval's weights (the game's evaluation swapped while it chooses)."""

        def choose(self, view):
            game = view.game
            fitted_eval.WEIGHTS = weights
            game.evaluate, game.evaluate_all = fitted_eval.evaluate, fitted_eval.evaluate_all
            try:
                return super().choose(view)
            finally:
                del game.evaluate, game.evaluate_all

    return Fitted(seed=seed, **settings)


def one(i):
    game = games.load(GAME)
    seat, deal = i % 2, i // 2
    agents = [None, None]
    agents[seat] = agent(1000 + i, A)
    agents[1 - seat] = agent(2000 + i, B)
    t = time.perf_counter()
    m = play_game(game, agents, seed=deal)
    r = m.state.returns()
    return {"i": i, "a_seat": seat, "returns": r,
            "score": 1.0 if r[seat] > r[1 - seat] else 0.5 if r[0] == r[1] else 0.0,
            "seconds": round(time.perf_counter() - t, 1)}

if __name__ == "__main__":
    with ProcessPoolExecutor(JOBS) as pool, open(OUT, "a") as f:
        for row in pool.map(one, range(START, START + GAMES)):
            f.write(json.dumps(row) + "\n"); f.flush()
