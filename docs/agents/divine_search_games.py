"""Play 2-player Divine games between two searches and keep each game's record (every move), so
that an evaluation can be fitted to the outcomes of games a search plays, not a rollout policy's
(docs/agents/search.md, section 20: weights fitted to rollout games lost at equal iterations).
Games are appended to OUT as they end; the same command resumes (games already in OUT are skipped).
Usage: divine_search_games.py GAMES SEED ITERATIONS OUT [JOBS]"""
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from credo import games
from credo.agents.mcts import MctsAgent
from credo.arena.selfplay import play_game

GAMES, SEED, ITERATIONS, OUT = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])
JOBS = int(sys.argv[5]) if len(sys.argv) > 5 else 2


def one(i: int) -> dict:
    game = games.load("divine")
    seed = SEED * 100_000 + i
    agents = [MctsAgent(seed=10 * seed + p, iterations=ITERATIONS) for p in range(2)]
    match = play_game(game, agents, seed=seed, options={"players": 2})
    record = match.record()
    record["index"], record["iterations"] = i, ITERATIONS
    return record


if __name__ == "__main__":
    done = {json.loads(line)["index"] for line in OUT.read_text().splitlines()} if OUT.exists() else set()
    todo = [i for i in range(GAMES) if i not in done]
    with ProcessPoolExecutor(JOBS) as pool, OUT.open("a") as out:
        for record in pool.map(one, todo):
            out.write(json.dumps(record) + "\n")
            out.flush()
