#!/usr/bin/env python3
"""The twenty deals on which `hard` held Storm against greedy's Knowledge in
docs/agents/dogma-hard-greedy-ee7ea21d.games.jsonl (hard won 4), played again with agent STORM on
Storm's seat and agent OTHER on Knowledge's (the agents seeded 7 + seed and 9 + seed; the match's
own secret from its seed, as the arena's): Storm's score, one line a deal. CONTENT (environment):
a content folder instead of the shipped one.
Usage: hard-greedy-deals.py SEEDS STORM OTHER (SEEDS: the seeds of DEALS.txt, comma-separated)"""
import sys
from credo import games
from credo.agents.base import make_agent
from credo.kernel.match import Match
from credo.arena.selfplay import play_game
import os
game = games.load("dogma", os.environ.get("CONTENT") or None)
seeds = [int(x) for x in sys.argv[1].split(",")]
storm_agent, other_agent = sys.argv[2], sys.argv[3]
tot = 0
for seed in seeds:
    s0 = Match(game, seed, game.machine_options(None)).state
    side = s0.decks.index("storm")
    agents = [None, None]
    agents[side] = make_agent(storm_agent, 7 + seed)
    agents[1 - side] = make_agent(other_agent, 9 + seed)
    m = play_game(game, agents, seed=seed)
    r = m.state.returns()
    sc = 1 if r[side] > 0 else 0.5 if r[side] == 0 else 0
    tot += sc
    print(seed, side, sc, flush=True)
print("storm", storm_agent, "vs", other_agent, tot, "of", len(seeds))
