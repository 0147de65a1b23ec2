"""One of Knowledge's deployments, studied (search.md section 27): deal 1682162099, Knowledge first
against Storm, played as yardstick.py's `gm-deploy` (Storm by `mcts-400`, `medium` without its time
cap) to Knowledge's first deployment after the opening
(Agostino just defeated; Hugues 130, San Francesco 120, Cagliostro 140 in the rear guard against
Khadija 120 active, Chimera 100 and Rabbì Akiva 130). It prints what the search makes of the three
deployments (its root's visits and mean values; the mean value of 400 of its playouts from each) and
what each is worth played on, TRIALS games from it with FOLLOW (greedy or mcts-400) as Knowledge
against `mcts-400` as Storm:

    python deploy_position.py FOLLOW TRIALS
"""

from __future__ import annotations

import sys
from pathlib import Path

from credo import games
from credo.agents import make_agent
from credo.agents.mcts import MctsAgent
from credo.kernel import PlayerView, Rng
from credo.kernel.match import Match
from credo.kernel.view import match_secret, sampling_seed

sys.path.insert(0, str(Path(__file__).parent))
from yardstick import knowledge_agent  # noqa: E402

SEED, DECKS = 1682162099, ["knowledge", "storm"]


def position():
    game = games.load("dogma")
    k = DECKS.index("knowledge")
    agents = [None, None]
    agents[k] = knowledge_agent("gm-deploy", SEED * 17 + k)
    # `medium` is this search with a time cap of 1.5 s a decision, which a loaded machine can reach,
    # and then the game goes elsewhere: uncapped, it is the position on any machine
    agents[1 - k] = make_agent("mcts-400", SEED * 17 + 1 - k)
    match = Match(game, SEED, game.machine_options({"mode": "predestination", "decks": DECKS, "turn_limit": 150}))
    secret = match_secret(None, SEED)
    moves = 0
    while True:
        s = match.state
        p = s.to_move[0]
        view = PlayerView(s, p, seed=sampling_seed(secret, p, moves))
        action = agents[p].choose(view)
        if p == k and str(action).startswith("deploy") and moves > 2:
            return s, k, view
        match.play(action, p)
        moves += 1


def main() -> None:
    follow, trials = sys.argv[1], int(sys.argv[2])
    s, k, view = position()
    names = s.game.tables.prophet_names
    print("position:", [(names[s.proph[sl]], s.where[sl], s.faith(sl) - s.dmg[sl]) for sl in range(8) if s.proph[sl] >= 0])
    for label, agent in (("mcts-400", MctsAgent(1, iterations=400)),
                         ("mcts-400, playouts through 4 rounds", MctsAgent(1, iterations=400, rest_rounds=4)),
                         ("mcts-4000", MctsAgent(1, iterations=4000))):
        agent.choose(PlayerView(s, k, seed=5))
        edges = sorted((str(a), e.visits, e.value / e.visits) for (p, a), e in agent.last_root.edges.items() if p == k)
        print(label, "root:", ", ".join(f"{a}: {v} visits, {m:.3f}" for a, v, m in edges))
    for rounds in (2, 4):
        agent = MctsAgent(3, iterations=10, rest_rounds=rounds)
        agent.choose(PlayerView(s, k, seed=5))  # sets the agent's playout settings and view
        for action in PlayerView(s, k, seed=11).legal_actions:
            total = 0.0
            for _ in range(400):
                world = agent._world(agent.rng)
                world.apply(action, k)
                total += agent._playout(world, 2)[k]
            print(f"playouts through {rounds} rounds from {action}: mean {total / 400:.3f}")
    for action in view.legal_actions:
        score = 0.0
        for i in range(trials):
            st = s.copy()
            st.rng = Rng(10_000 + i)
            st.apply(action, k)
            agents = [None, None]
            agents[k], agents[1 - k] = make_agent(follow, 500 + i), make_agent("mcts-400", 700 + i)
            n = 0
            while not st.is_over and n < 3000:
                q = st.to_move[0]
                st.apply(agents[q].choose(PlayerView(st, q, seed=n * 7919 + i)), q)
                n += 1
            score += (st.returns()[k] + 1) / 2
        print(f"played on from {action} with {follow} as Knowledge: {score}/{trials}")


if __name__ == "__main__":
    main()
