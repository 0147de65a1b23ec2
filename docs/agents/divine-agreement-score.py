"""Scores divine-agreement.py's output: agreement with the reference by budget, in the searcher's turn and in windows,
the value the misses give up, and the iterations used. Usage: divine-agreement-score.py OUT.jsonl"""
import json, sys, statistics
rows = [json.loads(l) for l in open(sys.argv[1])]
budgets = sorted({int(n) for r in rows for n in r["picks"]})
def window(r): return "pass" in r["ref_stats"]
for label, sel in (("all", lambda r: True), ("own turn", lambda r: not window(r)), ("window", window)):
    rs = [r for r in rows if sel(r)]
    if not rs: continue
    agree = []; lost = []
    for n in budgets:
        a = l = c = 0
        for r in rs:
            best = max(v[1] for v in r["ref_stats"].values())
            for pick, _ in r["picks"][str(n)]:
                a += pick == r["ref"]; c += 1
                l += best - r["ref_stats"].get(pick, [0, best])[1]
        agree.append(f"{100*a/c:.0f}%"); lost.append(f"{l/c:.3f}")
    print(f"{label} ({len(rs)}): agree " + " ".join(f"{n}:{x}" for n, x in zip(budgets, agree)) + " | value lost " + " ".join(lost))
its = {n: statistics.mean(it for r in rows for _, it in r["picks"][str(n)]) for n in budgets}
print("iterations used:", {n: round(v) for n, v in its.items()})
# how often the two runs of mcts-N (other seeds) choose the same action: the search's own noise
print("two runs agree:", {n: f"{100 * sum(r['picks'][str(n)][0][0] == r['picks'][str(n)][1][0] for r in rows) / len(rows):.0f}%"
                          for n in budgets})
