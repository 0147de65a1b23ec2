"""Duel at equal settings but one: MctsAgent(**A) against MctsAgent(**B) in GAME, each deal
played in both seat orders (duplicate). Usage: duel.py GAME GAMES A_JSON B_JSON OUT [START] [JOBS]"""
import sys, json, time
from concurrent.futures import ProcessPoolExecutor
from credo import games
from credo.agents.mcts import MctsAgent
from credo.arena.selfplay import play_game

GAME, GAMES, A, B, OUT = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3]), json.loads(sys.argv[4]), sys.argv[5]
START = int(sys.argv[6]) if len(sys.argv) > 6 else 0
JOBS = int(sys.argv[7]) if len(sys.argv) > 7 else 2

def one(i):
    game = games.load(GAME)
    seat, deal = i % 2, i // 2
    agents = [None, None]
    agents[seat] = MctsAgent(seed=1000 + i, **A)
    agents[1 - seat] = MctsAgent(seed=2000 + i, **B)
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
