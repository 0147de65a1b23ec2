#!/usr/bin/env python3
"""Knowledge's score against Mecca (draws half, Wilson 95%) in each folder of lab-style results,
on the games all folders share (same matchup and index: the same deal), and by seat order."""
import json, math, sys
def wilson(s, n, z=1.96):
    p = s / n; d = 1 + z*z/n; c = (p + z*z/(2*n)) / d; h = z*math.sqrt(p*(1-p)/n + z*z/(4*n*n)) / d
    return 100*(c-h), 100*(c+h)
def load(d):
    out = {}
    for line in open(f"{d}/results.jsonl"):
        r = json.loads(line); out[(r["matchup"], r["index"])] = r
    return out
runs = [load(d) for d in sys.argv[1:]]
shared = set(runs[0]).intersection(*runs[1:])
for d, run in zip(sys.argv[1:], runs):
    by = {}
    for key in shared:
        r = run[key]; k = r["options"]["decks"].index("knowledge"); ret = r["returns"]
        s = 1.0 if ret[k] > ret[1-k] else 0.0 if ret[k] < ret[1-k] else 0.5
        for g in ("all", r["matchup"]):
            by.setdefault(g, []).append(s)
    agents = {tuple(run[k]["agents"]) for k in shared}
    print(f"{d}: agents {sorted(agents)}")
    for g, v in sorted(by.items()):
        lo, hi = wilson(sum(v), len(v))
        print(f"   {g:20s} Knowledge {100*sum(v)/len(v):5.1f}% [{lo:4.1f}, {hi:4.1f}] of {len(v)}, draws {v.count(0.5)}")
