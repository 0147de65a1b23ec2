"""Duel: Divine mcts-N with playouts whose turns belong to state.current (new, cap C) against
today's (turn = player to move, cap 16), seats alternated; results appended to OUT as JSON lines."""
import sys, json, time
from concurrent.futures import ProcessPoolExecutor
from credo import games
from credo.agents.mcts import MctsAgent
from credo.arena.selfplay import play_game

N, GAMES, CAP, OUT, START = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5]) if len(sys.argv) > 5 else 0
OLDN = int(sys.argv[6]) if len(sys.argv) > 6 else N

class Old(MctsAgent):
    def _playout(self, world, n):
        g = world.game
        saved = type(g).turn_holder, type(g).turn_playout_cap
        type(g).turn_holder, type(g).turn_playout_cap = (lambda self, s: s.to_move[0]), 16
        try:
            return super()._playout(world, n)
        finally:
            type(g).turn_holder, type(g).turn_playout_cap = saved

class New(MctsAgent):
    def _playout(self, world, n):
        g = world.game
        saved = type(g).turn_holder, type(g).turn_playout_cap
        type(g).turn_holder, type(g).turn_playout_cap = (lambda self, s: s.current), CAP
        try:
            return super()._playout(world, n)
        finally:
            type(g).turn_holder, type(g).turn_playout_cap = saved

def one(i):
    game = games.load("divine")
    new_seat = i % 2
    agents = [None, None]
    agents[new_seat] = New(seed=1000 + i, iterations=N)
    agents[1 - new_seat] = Old(seed=2000 + i, iterations=OLDN)
    t = time.perf_counter()
    m = play_game(game, agents, seed=i)
    r = m.state.returns()
    return {"i": i, "new_seat": new_seat, "returns": r, "score": 1.0 if r[new_seat] > r[1 - new_seat] else 0.5 if r[0] == r[1] else 0.0,
            "seconds": time.perf_counter() - t}

if __name__ == "__main__":
    with ProcessPoolExecutor(int(sys.argv[7]) if len(sys.argv) > 7 else 2) as pool, open(OUT, "a") as f:
        for row in pool.map(one, range(START, START + GAMES)):
            f.write(json.dumps(row) + "\n"); f.flush()
            print(row, flush=True)
