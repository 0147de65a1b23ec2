#!/usr/bin/env python3
"""Knowledge against Mecca in Dogma's Predestination with a different agent on each side:
which side's play moves the pairing when the budget grows? Plays the lab's own games (the
same seeds and options as `credo balance dogma --seed S --games N --matchups 'knowledge vs
mecca,mecca vs knowledge'`), with KNOWLEDGE_AGENT on Knowledge's seat and MECCA_AGENT on
Mecca's, and saves lab-style lines (results.jsonl) in OUT, resumable.
Usage: cross.py SEED GAMES KNOWLEDGE_AGENT MECCA_AGENT OUT [JOBS]"""
import dataclasses, json, sys
from multiprocessing import Pool
from pathlib import Path
from credo.arena import lab

seed, games, k_agent, m_agent, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4], Path(sys.argv[5])
jobs = int(sys.argv[6]) if len(sys.argv) > 6 else 2
settings = lab.Settings(game="dogma", agents="placeholder", games=games, seed=seed,
                        only=["knowledge vs mecca", "mecca vs knowledge"])
out.mkdir(parents=True, exist_ok=True)
results = out / "results.jsonl"
done = {(r["matchup"], r["index"]) for r in map(json.loads, results.read_text().splitlines())} if results.exists() else set()
work = []
for name, label, fixture, options, content in lab.plan(settings, done):
    decks = options["decks"]
    seats = tuple(k_agent if d == "knowledge" else m_agent for d in decks)
    work.append((name, label, dataclasses.replace(fixture, agents=seats), options, content))
(out / "command.txt").write_text(" ".join(sys.argv) + "\n")
with Pool(jobs) as pool, results.open("a") as f:
    for row in pool.imap_unordered(lab.play_lab_game, work):
        f.write(json.dumps(row) + "\n"); f.flush()
        print(row["matchup"], row["index"], row["agents"], row["returns"], row["seconds"], flush=True)
