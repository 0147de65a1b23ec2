"""The score of the first agent of an mcts-duel.py output (JSON lines), a draw half, with its 95% Wilson interval."""
import json, sys, math
rows = [json.loads(l) for l in open(sys.argv[1])]
n = len(rows); s = sum(r["score"] for r in rows)
p = s / n if n else 0; z = 1.96
c = (p + z*z/(2*n)) / (1 + z*z/n); h = z*math.sqrt(p*(1-p)/n + z*z/(4*n*n)) / (1 + z*z/n)
print(f"{n} games, A scored {s} = {100*p:.1f}% [{100*(c-h):.1f}, {100*(c+h):.1f}], {sum(r['seconds'] for r in rows)/max(n,1):.1f} s a game")
