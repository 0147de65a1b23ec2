"""A variant of `mcts-400` (yardstick.py's names: `opp-rollout`, `rm`, ...) against `mcts-400` as
shipped, in Dogma with its default options (a Predestination option drawn for each side every
deal), each deal in both seat orders (search.md section 28):

    python duel_variant.py VARIANT GAMES OUT_JSONL [START]
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from credo import games
from credo.agents.mcts import MctsAgent
from credo.arena.selfplay import play_game

sys.path.insert(0, str(Path(__file__).parent))
from yardstick import knowledge_agent  # noqa: E402


def main() -> None:
    variant, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    start = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    game = games.load("dogma")
    with open(out, "a") as f:
        for i in range(start, start + count):
            seat, deal = i % 2, i // 2
            agents = [None, None]
            agents[seat] = knowledge_agent(variant, 1000 + i)
            agents[1 - seat] = MctsAgent(seed=2000 + i, iterations=400)
            began = time.perf_counter()
            match = play_game(game, agents, seed=deal)
            r = match.state.returns()
            f.write(json.dumps({"i": i, "variant": variant, "a_seat": seat, "decks": match.options.get("decks"),
                                "returns": r,
                                "score": 1.0 if r[seat] > r[1 - seat] else 0.5 if r[0] == r[1] else 0.0,
                                "seconds": round(time.perf_counter() - began, 1)}) + "\n")
            f.flush()


if __name__ == "__main__":
    main()
