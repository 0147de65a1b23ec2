"""OpenSpiel's searches as arena agents: legal in every game, deciding from the view only,
refusing what they cannot play, and reachable by name in worker processes."""

import pickle
import subprocess
import sys

import pytest

pytest.importorskip("pyspiel")

from credo import games
from credo.agents import make_agent
from credo.agents.base import agent_problem, is_agent
from credo.arena import tournament
from credo.kernel import PlayerView, Rng

GAMES_FOR = {"openspiel-ismcts-30": games.names(), "openspiel-mcts-30": ["dirge"]}


def into_the_game(name, seed=2, moves=30):
    game = games.load(name)
    state = game.new(seed)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_over:
            break
        p = state.to_move[0]
        state.apply(game.rollout_action(state, p, rng), p)
    return state


@pytest.mark.parametrize("agent", list(GAMES_FOR))
def test_openspiel_agents_play_legal_moves_in_every_game_they_play(agent):
    for name in GAMES_FOR[agent]:
        state = into_the_game(name)
        searcher = make_agent(agent, 3)
        searched = 0
        # a few plies more than one turn: a seeded position can hold only forced moves
        # (one legal action, nothing to search) for several plies
        for _ in range(8):
            if state.is_over:
                break
            for player in reversed(state.to_move):  # the last mover first: others' secret choices pending
                action = searcher.choose(PlayerView(state, player, seed=5))
                assert action in state.legal_actions(player), (name, action)
                searched += searcher.last_iterations == 30
                state.apply(action, player)
        assert searched, f"{agent} never searched in {name}"


@pytest.mark.parametrize("agent,name", [("openspiel-ismcts-30", "jol"), ("openspiel-ismcts-30", "dogma"),
                                        ("openspiel-ismcts-30", "divine"), ("openspiel-mcts-30", "dirge")])
def test_openspiel_agents_decide_from_the_view_not_the_true_state(agent, name):
    # True states that differ in what the player cannot see, seen through views holding the
    # same sampled world: the same decision, so nothing of the true state reaches the search.
    # (A view's world is a function of the true state and its seed, not of the information
    # alone, so views of two such states are aligned by giving them one world.)
    state = into_the_game(name, moves=12)
    while len(state.legal_actions(state.to_move[0])) < 2:
        state.apply(state.legal_actions(state.to_move[0])[0], state.to_move[0])
    player = state.to_move[0]
    seen = PlayerView(state, player, seed=11)
    choices = set()
    for k in range(3):
        truth = state if k == 0 else state.determinize(player, Rng(100 + k))
        view = PlayerView(truth, player, seed=11)
        view._world = seen._world.copy()
        choices.add(str(make_agent(agent, 7).choose(view)))
    assert len(choices) == 1, choices
    # and what differs between decisions comes through the rng: its seed, and the view's
    differing = {str(make_agent(agent, seed).choose(PlayerView(state, player, seed=seed))) for seed in range(6)}
    assert differing <= {str(a) for a in state.legal_actions(player)}


def test_bad_names_and_unsuited_games_are_refused_in_one_line():
    assert is_agent("openspiel-ismcts-100") and is_agent("openspiel-mcts-5-1.5s")
    for bad in ("openspiel-ismcts-0", "openspiel-ismcts", "openspiel-alphazero-10", "openspiel-mcts-10-0s"):
        assert not is_agent(bad)
        problem = agent_problem(bad)
        assert problem.startswith(f"unknown agent {bad!r}") and "openspiel-ismcts-N" in problem and "\n" not in problem
    problem = agent_problem("openspiel-mcts-10", games.load("jol"))
    assert "jol has hidden information" in problem and "openspiel-ismcts-10" in problem
    assert agent_problem("openspiel-mcts-10", games.load("dirge")) is None
    with pytest.raises(ValueError, match="hidden information"):
        make_agent("openspiel-mcts-10").choose(PlayerView(into_the_game("jol", moves=40), 0))


def test_a_name_states_a_time_cap_that_the_agent_keeps():
    agent = make_agent("openspiel-ismcts-100000-0.3s")
    assert (agent.iterations, agent.seconds) == (100000, 0.3)
    state = into_the_game("divine")
    import time

    start = time.perf_counter()
    agent.choose(PlayerView(state, state.to_move[0]))
    assert time.perf_counter() - start < 1.5 and 0 < agent.last_iterations < 100000


def test_the_agent_pickles_and_plays_in_worker_processes():
    agent = make_agent("openspiel-ismcts-10", 1)
    state = into_the_game("divine")
    agent.choose(PlayerView(state, state.to_move[0]))
    clone = pickle.loads(pickle.dumps(agent))
    assert clone.iterations == 10 and clone.search == "ismcts"
    result = tournament("dirge", ["openspiel-ismcts-5", "random"], 2, seed=1, jobs=2,
                        options={"turn_limit": 6})
    assert len(result.results) == 2


def test_the_agents_package_does_not_import_the_environments():
    code = ("import sys, credo.agents, credo.arena; from credo.agents import make_agent; make_agent('mcts-5'); "
            "print(any(m.startswith('credo.envs') or m.startswith('pyspiel') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_strength_report_measures_and_describes_the_openspiel_agents(tmp_path):
    from credo.interfaces.cli import main

    out = tmp_path / "agents.md"
    assert main(["report-agents", "--games", "1", "--games-list", "dirge", "--only", "search", "--search-pair",
                 "openspiel-mcts-5,openspiel-ismcts-5", "--jobs", "2", "--out", str(out)]) == 0
    text = out.read_text()
    assert "| openspiel-mcts-5 vs openspiel-ismcts-5 | 1 |" in text
    assert "OpenSpiel's information-set MCTS (ISMCTS)" in text and "5 simulations a decision" in text
    with pytest.raises(SystemExit, match="jol has hidden information"):
        main(["report-agents", "--games-list", "jol", "--search-pair", "openspiel-mcts-5,random",
              "--out", str(tmp_path / "x.md")])
