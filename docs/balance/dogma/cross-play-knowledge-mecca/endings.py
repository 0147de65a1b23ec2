"""How Knowledge-Mecca games end: the lab's deals played again, and the last events read.
Usage: endings.py SEED FIRST LAST K_AGENT M_AGENT [CONTENT]"""
import sys, json
from credo.arena import lab
from credo import games
from credo.agents.base import make_agent
from credo.arena.selfplay import play_game
from credo.kernel.view import match_secret

seed, first, last, ka, ma = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
content = sys.argv[6] if len(sys.argv) > 6 else None
s = lab.Settings(game="dogma", agents="x", games=last + 1, seed=seed, only=["knowledge vs mecca", "mecca vs knowledge"], content=content)
for name, label, fixture, options, cont in lab.plan(s, set()):
    if fixture.index < first:
        continue
    seats = tuple(ka if d == "knowledge" else ma for d in options["decks"])
    game = games.load(name, cont)
    agents = [make_agent(a, fixture.seed * 17 + i) for i, a in enumerate(seats)]
    match = play_game(game, agents, fixture.seed, options, secret=match_secret(None, fixture.seed))
    st = match.state
    texts = [e.text for e in st.events(None)]
    winner = [options["decks"][w] for w in st.winners]
    tiebreak = any("the last shall be first" in t for t in texts)
    appeals = {d: sum(t.startswith(f"Appeal to Rationality: player {i+1}") for t in texts) for i, d in enumerate(options["decks"])}
    print(json.dumps({"matchup": label, "index": fixture.index, "winner": winner, "turn": st.turn,
                      "tiebreak": tiebreak, "appeals": appeals, "last": texts[-3:]}), flush=True)
