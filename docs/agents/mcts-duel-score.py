"""The score of the first agent of an mcts-duel.py output (JSON lines), a draw half, with its 95% Wilson
interval, and its deals (game i is deal i // 2, in both seat orders) by how they ended: won both, lost
both, split. Usage: mcts-duel-score.py OUT.jsonl..."""
import json, sys, math

for path in sys.argv[1:]:
    rows = [json.loads(l) for l in open(path)]
    n = len(rows); s = sum(r["score"] for r in rows)
    p = s / n if n else 0; z = 1.96
    c = (p + z*z/(2*n)) / (1 + z*z/n); h = z*math.sqrt(p*(1-p)/n + z*z/(4*n*n)) / (1 + z*z/n)
    deals = {}
    for r in rows:
        deals.setdefault(r["i"] // 2, []).append(r["score"])
    paired = [v for v in deals.values() if len(v) == 2]
    won, lost = sum(sum(v) == 2 for v in paired), sum(sum(v) == 0 for v in paired)
    print(f"{path}: {n} games, A scored {s} = {100*p:.1f}% [{100*(c-h):.1f}, {100*(c+h):.1f}];"
          f" of {len(paired)} deals A won both {won}, lost both {lost}, the rest split or drawn;"
          f" {sum(r['seconds'] for r in rows)/max(n,1):.1f} s a game")
