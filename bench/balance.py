"""Balance of a game's content by self-play: seat win rates and, for Dirge, the
win rate of the side that holds each creature (draw mode deals random teams).

    python bench/balance.py [GAMES] [AGENT]
"""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor

from credo import games
from credo.agents import make_agent
from credo.arena import play_game


def one(seed: int, agent: str):
    game = games.load("dirge")
    match = play_game(game, [make_agent(agent, seed * 2), make_agent(agent, seed * 2 + 1)], seed, {"mode": "draw"})
    s = match.state
    owners = {game.tables.ids[c]: s.owner[c] for c in range(game.tables.n)}
    return owners, s.winners, s.turn


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    agent = sys.argv[2] if len(sys.argv) > 2 else "greedy"
    with ProcessPoolExecutor(2) as pool:
        results = list(pool.map(one, range(n), [agent] * n))
    seat = [0, 0]
    draws = 0
    held = {}
    turns = 0
    for owners, winners, turn in results:
        turns += turn
        if not winners:
            draws += 1
            continue
        seat[winners[0]] += 1
        for cid, owner in owners.items():
            w, g = held.get(cid, (0, 0))
            held[cid] = (w + (owner == winners[0]), g + 1)
    print(f"{n} games of {agent} against {agent} (draw mode): seat 1 wins {seat[0]}, seat 2 wins {seat[1]}, draws {draws}; average {turns / n:.1f} turns")
    print(f"{'creature':16} {'side that holds it wins':>24}")
    for cid, (w, g) in sorted(held.items(), key=lambda kv: -kv[1][0] / kv[1][1]):
        print(f"{cid:16} {w / g:>23.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
