"""Knowledge's score in each cell of the Opening (Knowledge's first Prophet against Mecca's), from
the games of the opening cells, the probe and the reference folder (openers found by openers.py), on
the deals below DEALS; then the value of the 4x4 game of openers (each side's best mix, the lab's `game_value`), between the
values of the tables of the cells' lower and upper interval ends; while cells are missing, the bounds
the measured ones allow (the others set to 0, then to 1, for Knowledge).
usage: matrix.py DEALS FILE[:OPENERS.json]... (OPENERS for a file whose lines carry no opening tag)"""
import json
import sys
from collections import defaultdict
from pathlib import Path

from credo.arena.lab import game_value
from credo.arena.tournament import wilson

deals = int(sys.argv[1])
files = sys.argv[2:]
cells = defaultdict(list)
for f in files:
    path, _, openers = f.partition(":")
    known = json.loads(Path(openers).read_text()) if openers else {}
    for line in Path(path).read_text().splitlines():
        r = json.loads(line)
        if r["index"] >= deals:
            continue
        k = r["options"]["decks"].index("knowledge")
        tags = [next((t[1] for t in side if t[0] == "opening"), None) for side in r["held"]]
        if None in tags:
            o = known[f"{r['matchup']} {r['index']}"]
            tags = [o[d] for d in r["options"]["decks"]]
        score = (r["returns"][k] + 1) / 2 if r["returns"][k] != r["returns"][1 - k] else 0.5
        cells[(tags[k], tags[1 - k])].append(score)
K = ["agostino", "hugues", "san_francesco", "cagliostro"]
M = ["al_jafar", "maometto", "primo_shahid", "shirin"]
print("Knowledge's score, rows Knowledge's opener, columns Mecca's (games)")
print("| | " + " | ".join(M) + " |")
for a in K:
    row = []
    for b in M:
        s = cells.get((a, b))
        if s:
            p, lo, hi = wilson(sum(s), len(s))
            row.append(f"{sum(s):g}/{len(s)}: {100*p:.0f}% [{100*lo:.0f}, {100*hi:.0f}]")
        else:
            row.append("-")
    print(f"| {a} | " + " | ".join(row) + " |")
measured = all(len(cells.get((a, b), [])) >= 6 for a in K for b in M)
if not measured:
    def rate(a, b):
        return sum(cells[(a, b)]) / len(cells[(a, b)])
    rows = [a for a in K if all(len(cells.get((a, b), [])) >= 6 for b in M)]
    columns = [b for b in M if all(len(cells.get((a, b), [])) >= 6 for a in K)]
    if rows:  # Knowledge may keep to the openers whose every cell is measured: it scores at least this
        v, x, _ = game_value([[rate(a, b) for b in M] for a in rows])
        print(f"Knowledge keeping to {', '.join(rows)}: at least {100*v:.1f}% (mix "
              + ", ".join(f"{a} {p:.2f}" for a, p in zip(rows, x) if p > 0.005) + ")")
    if columns:  # and Mecca to its own: Knowledge scores at most this
        v, _, y = game_value([[rate(a, b) for b in columns] for a in K])
        print(f"Mecca keeping to {', '.join(columns)}: at most {100*v:.1f}% for Knowledge")
    for fill in (0.0, 1.0):
        m = [[(sum(cells[(a, b)]) / len(cells[(a, b)])) if len(cells.get((a, b), [])) >= 6 else fill
              for b in M] for a in K]
        v, x, y = game_value(m)
        print(f"unmeasured cells at {fill}: value {100*v:.1f}%, Knowledge's mix {[round(p, 2) for p in x]}, "
              f"Mecca's {[round(p, 2) for p in y]}")
else:
    ends = {}
    for end in (0, 1, 2):  # the cells' estimates, then their lower and upper interval ends
        m = [[wilson(sum(cells[(a, b)]), len(cells[(a, b)]))[end] for b in M] for a in K]
        ends[end] = game_value(m)
    v, x, y = ends[0]
    print(f"value {100*v:.1f}% [{100*ends[1][0]:.1f}%, {100*ends[2][0]:.1f}%]; Knowledge's mix "
          + ", ".join(f"{a} {p:.2f}" for a, p in zip(K, x) if p > 0.005) + "; Mecca's mix "
          + ", ".join(f"{b} {p:.2f}" for b, p in zip(M, y) if p > 0.005))
