"""(Run once on 2026-12-04, from the repository root: python docs/agents/mark-search-revision.py docs/agents/*.json.)
Marks saved strength results measured at a game's revised search (their runs' commits
descend from the revising commit) with that revision, as report-agents now records it."""
import json, subprocess, sys
from pathlib import Path
REVISED = {"divine": ("5f9a3e5", 2), "dogma": ("567b09f", 2)}
def descends(commit, base):
    commit = (commit or "").replace("-dirty", "")
    return subprocess.run(["git", "merge-base", "--is-ancestor", base, commit], capture_output=True).returncode == 0
for name in sys.argv[1:]:
    path = Path(name); data = json.loads(path.read_text())
    games = {l["game"] for l in data["lines"]}
    assert len(games) == 1, games
    game = games.pop()
    if game not in REVISED: continue
    base, rev = REVISED[game]
    if not all(descends(r["commit"], base) for r in data["runs"]):
        print("older search, left:", name); continue
    for l in data["lines"]: l["search"] = rev
    path.write_text(json.dumps(data, indent=1) + "\n")
    g = path.with_name(path.name.replace(".json", ".games.jsonl"))
    if g.exists():
        rows = [json.loads(x) for x in g.read_text().splitlines()]
        for r in rows: r["search"] = rev
        g.write_text("".join(json.dumps(r) + "\n" for r in rows))
    print("marked", rev, name, "and its games" if g.exists() else "")
