"""Experiment (issue 19): does Dogma's search play Knowledge below greedy against Storm because its
Order at a simultaneous choice is the most visited one, a pure choice the opponent's search (the
same algorithm, nearly the same information) predicts? KNOWLEDGE plays Knowledge, STORM Storm, on
the balance lab's deals (seed 5, 20 a seat order, the lab's agent seeds); an agent name
`mixed-N` is mcts-N whose Order at a simultaneous choice is drawn in proportion to its root
visits (the prior's virtual visits taken off, shares under 5% dropped; no early stop).
Usage: dogma_mixed_orders.py KNOWLEDGE STORM OUT (search.md section 26: `mixed-1000 mcts-1000`, stopped at 27 games)"""
import json, sys
from credo.arena import lab
from credo.agents.base import make_agent
from credo.agents.mcts import MctsAgent
from credo import games
from credo.arena.selfplay import play_game
from credo.kernel.view import match_secret


class Mixed(MctsAgent):
    def choose(self, view):
        answer = super().choose(view)
        root = self.last_root
        if root is None or not any(len(joint) > 1 for joint in root.children):
            return answer
        me = view.player
        weights = []
        for action in view.legal_actions:
            edge = root.edges.get((me, action))
            weights.append(max(0, edge.visits - self.prior_visits) if edge else 0)
        total = sum(weights)
        weights = [w if w >= 0.05 * total else 0 for w in weights]
        total = sum(weights)
        if total == 0:
            return answer
        pick = self.rng.next64() / 2**64 * total
        for action, w in zip(view.legal_actions, weights):
            pick -= w
            if pick < 0:
                return action
        return answer


def agent(name, seed):
    if name.startswith("mixed-"):
        return Mixed(seed, iterations=int(name.split("-")[1]), stop_when_settled=False)
    return make_agent(name, seed)


k_agent, s_agent, out = sys.argv[1], sys.argv[2], sys.argv[3]
settings = lab.Settings(game="dogma", agents="placeholder", games=20, seed=5,
                        only=["storm vs knowledge", "knowledge vs storm"])
game = games.load("dogma")
with open(out, "a") as f:
    for name, label, fixture, options, content in lab.plan(settings):
        decks = options["decks"]
        names = [k_agent if d == "knowledge" else s_agent for d in decks]
        agents = [agent(a, fixture.seed * 17 + seat) for seat, a in enumerate(names)]
        m = play_game(game, agents, fixture.seed, options, secret=match_secret(None, fixture.seed))
        k = decks.index("knowledge")
        r = m.state.returns()
        score = 1.0 if r[k] > r[1 - k] else 0.0 if r[k] < r[1 - k] else 0.5
        f.write(json.dumps({"matchup": label, "index": fixture.index, "agents": names, "knowledge": score}) + "\n")
        f.flush()
