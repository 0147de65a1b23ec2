#!/usr/bin/env python3
"""How often mcts-N picks what a large reference search picks, on positions from
games played by mcts-400 (Divine by default), and how much value the misses give up
by the reference's own estimate (search.md, sections 17 and 19). Usage: divine-agreement.py GAME
POSITIONS REF_ITERS OUT.jsonl [budgets]; AGREE_KW='{"normalize_values": false}' gives mcts-N (not the
reference) other settings. Section 17's run was divine 40 6400, before AGREE_KW existed.
Scored by docs/agents/divine-agreement-score.py."""
import json, sys, time
import search_positions
from credo import games
from credo.kernel import PlayerView
from credo.agents.mcts import MctsAgent

game_name, npos, ref_iters, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
KW = json.loads(__import__("os").environ.get("AGREE_KW", "{}"))
budgets = [int(b) for b in (sys.argv[5].split(",") if len(sys.argv) > 5 else "100,200,400,800,1600".split(","))]
game = games.load(game_name)
done = set()
try:
    for line in open(out):
        done.add(json.loads(line)["pos"])
except FileNotFoundError:
    pass
positions = search_positions.positions(game, npos)
with open(out, "a") as f:
    for i, (seed, k, state, p) in enumerate(positions):
        if i in done:
            continue
        t = time.perf_counter()
        ref = MctsAgent(seed=12345 + i, iterations=ref_iters, stop_when_settled=False)
        view = PlayerView(state, p, seed=i)
        best = ref.choose(view)
        root = ref.last_root
        stats = {str(a): (root.edges[(p, a)].visits, root.edges[(p, a)].value / max(1, root.edges[(p, a)].visits)) for a in view.legal_actions if (p, a) in root.edges}
        picks = {}
        for n in budgets:
            row = []
            for rep in range(2):
                ag = MctsAgent(seed=777 + 31 * i + rep, iterations=n, **KW)
                a = ag.choose(PlayerView(state, p, seed=1000 + i))
                row.append([str(a), ag.last_iterations])
            picks[n] = row
        rec = {"pos": i, "seed": seed, "k": k, "n_actions": len(view.legal_actions), "ref": str(best), "ref_stats": stats, "picks": picks, "s": time.perf_counter() - t}
        f.write(json.dumps(rec) + "\n"); f.flush()
        print(i, len(view.legal_actions), round(rec["s"], 1), flush=True)
