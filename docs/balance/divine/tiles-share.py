"""Divine (docs/rules/divine-content.md, "Balance"): does the layout's spread of Temple values predict the first turn's edge? For each saved game,
set the game up again from its seed (no play) and value each Temple by the Population within
D spaces (what a Priest there can preach from soon), then compare the first turn's score on
layouts where the best Temple stands far above the second with those where it does not."""
import json, sys, math
from credo import games
from credo.games.divine import board as B

folder = sys.argv[1]
D = int(sys.argv[2]) if len(sys.argv) > 2 else 3
g = games.load("divine")
rows = [json.loads(l) for l in open(f"{folder}/results.jsonl")]
data = []
for r in rows:
    s = g.new(r["seed"], **r["options"])
    lay = s.layout
    vals = sorted((sum(lay.pop[q] for q in range(len(lay.pop)) if lay.pop[q] and B.distance(t, q) <= D), t)
                  for t in lay.temples)[::-1]
    spread = vals[0][0] - vals[1][0]
    won = 1.0 if r["winners"] == [r["first"]] else 0.5 if not r["winners"] else 0.0
    data.append((spread, won, r.get("turns")))
data.sort(key=lambda d: d[0])  # ties keep the games' order: sorting by the outcome too would split ties by it
n = len(data)
def wilson(k, n, z=1.96):
    p = k / n; d = 1 + z*z/n; c = p + z*z/(2*n); h = z*math.sqrt(p*(1-p)/n + z*z/(4*n*n))
    return (c-h)/d, (c+h)/d
from itertools import groupby
for spread, group in groupby(data, key=lambda d: d[0]):
    part = list(group); k = sum(w for _, w, _ in part); lo, hi = wilson(k, len(part))
    print(f"  spread {spread}: {len(part)} games, first turn {100*k/len(part):.1f}% [{100*lo:.1f}, {100*hi:.1f}]")
for name, part in (("low spread half", data[:n//2]), ("high spread half", data[n//2:]), ("all", data)):
    k = sum(w for _, w, _ in part)
    lo, hi = wilson(k, len(part))
    sp = [x for x, _, _ in part]
    print(f"{name}: {len(part)} games, spread {min(sp)}-{max(sp)} (median {sp[len(sp)//2]}), first turn {100*k/len(part):.1f}% [{100*lo:.1f}, {100*hi:.1f}]")
long = [d for d in data if (d[2] or 99) > 4]
m = len(long)
for name, part in (("long games, low half", long[:m//2]), ("long games, high half", long[m//2:])):
    k = sum(w for _, w, _ in part); lo, hi = wilson(k, len(part))
    print(f"{name}: {len(part)} games, first turn {100*k/len(part):.1f}% [{100*lo:.1f}, {100*hi:.1f}]")
# point-biserial correlation
xs = [x for x, _, _ in data]; ys = [w for _, w, _ in data]
mx, my = sum(xs)/n, sum(ys)/n
cov = sum((x-mx)*(y-my) for x, y in zip(xs, ys)); vx = sum((x-mx)**2 for x in xs); vy = sum((y-my)**2 for y in ys)
print(f"correlation of spread and the first turn's win: {cov/math.sqrt(vx*vy):+.3f} over {n}")
