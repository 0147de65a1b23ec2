"""Which Prophet each side opens with, Knowledge against Mecca, on the lab's deals.
Usage: openings.py SEED GAMES K_AGENT M_AGENT"""
import sys, collections
from credo.arena import lab
from credo import games
from credo.agents.base import make_agent
from credo.kernel import PlayerView
from credo.kernel.view import match_secret, sampling_seed
from credo.kernel.match import Match

seed, n, ka, ma = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
s = lab.Settings(game="dogma", agents="x", games=n, seed=seed, only=["knowledge vs mecca", "mecca vs knowledge"])
count = collections.Counter()
for name, label, fixture, options, cont in lab.plan(s, set()):
    seats = tuple(ka if d == "knowledge" else ma for d in options["decks"])
    game = games.load(name, cont)
    agents = [make_agent(a, fixture.seed * 17 + i) for i, a in enumerate(seats)]
    match = Match(game, fixture.seed, game.machine_options(options))
    secret = match_secret(None, fixture.seed)
    moves = 0
    while True:
        deployed = [e.text for e in match.state.events(None) if "as their active Prophet" in e.text]
        if len(deployed) >= 2:
            break
        p = match.state.to_move[0]
        view = PlayerView(match.state, p, seed=sampling_seed(secret, p, moves))
        match.play(agents[p].choose(view), p)
        moves += 1
    opened = {}
    for t in deployed:
        who = int(t.split()[1]) - 1
        opened[options["decks"][who]] = t.split(" deploys ")[1].split(" (")[0]
    count[(opened["mecca"], opened["knowledge"])] += 1
    print(label, fixture.index, opened, flush=True)
print(count.most_common())
for side in ("mecca", "knowledge"):
    c = collections.Counter()
    for (m, k), v in count.items():
        c[m if side == "mecca" else k] += v
    print(side, c.most_common())
