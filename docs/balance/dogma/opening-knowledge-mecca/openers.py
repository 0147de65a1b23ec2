"""The Prophet each side opened with in a balance folder's games of Knowledge against Mecca, found by
playing each game's two Opening decisions again (the agents are deterministic given their seeds, so
they choose as they did); for folders played before the lab tagged the opening.
usage: openers.py FOLDER [CONTENT] [OUT.json]"""
import json
import sys
from collections import Counter
from pathlib import Path

from credo import games
from credo.agents import make_agent
from credo.arena import lab
from credo.kernel.match import Match
from credo.kernel.view import PlayerView, match_secret, sampling_seed

ref = Path(sys.argv[1])
game = games.load("dogma", sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] != "-" else None)
built = {o.id: [a.prophet for a in o.arcana] for o in game.content.options}
count = Counter()
out = {}
for row in sorted(lab.read_results(ref), key=lambda r: (r["index"], r["matchup"])):
    agents = [make_agent(a, row["seed"] * 17 + s) for s, a in enumerate(row["agents"])]
    match = Match(game, row["seed"], game.machine_options(row["options"]))
    secret = match_secret(None, row["seed"])
    chosen = {}
    for moves in range(2):
        player = match.state.to_move[0]
        action = agents[player].choose(PlayerView(match.state, player, seed=sampling_seed(secret, player, moves)))
        match.play(action, player)
        option = row["options"]["decks"][player]
        chosen[option] = built[option][int(str(action).split()[1]) - 1]
    out[f"{row['matchup']} {row['index']}"] = chosen
    count[(chosen["knowledge"], chosen["mecca"])] += 1
    print(row["matchup"], row["index"], chosen, flush=True)
print(dict(count))
Path(sys.argv[3] if len(sys.argv) > 3 else "openers.json").write_text(json.dumps(out, indent=1))
