"""`make bench`: speed of every game's forward model, against an anchor.

For each game: random-playout actions per second and games per second (the loop
legal_actions -> random choice -> apply, chance resolved inside apply), the cost of
copy() on mid-game states, and of legal-action generation. The anchor is
OpenSpiel's C++ backgammon stepped from Python with the same loop; each game's
ratio to it is printed (target: at least 0.5; copy() at most 5 us). Game and
anchor run in alternating slices and the ratio is the median over the rounds, so
that the noise of a shared machine falls on both. Then what a view costs early and
late in a game, and the search speed of the agents the difficulty levels play, against
OpenSpiel's own Python MCTS on connect_four with as many iterations, measured in turns
in the same way. Then the server under load (bench/server_load.py).
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time

from credo import games
from credo.kernel import Rng

SECONDS = 3.0


class Playout:
    """Random playouts (legal_actions -> random choice -> apply, chance inside apply)
    that can run in slices, picking up where they stopped, so that a game and the
    anchor can take turns on the machine."""

    def __init__(self, new_state, legal, apply, is_over) -> None:
        self.new_state, self.legal, self.apply, self.is_over = new_state, legal, apply, is_over
        self.rng = random.Random(0)
        self.seed = 0
        self.state = None
        self.actions = self.games = 0
        self.elapsed = 0.0

    def run(self, seconds: float) -> tuple[int, float]:
        """Play for about `seconds`; the actions done and the time taken in this slice."""
        legal, apply, is_over, choice = self.legal, self.apply, self.is_over, self.rng.choice
        actions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            if self.state is None or is_over(self.state):
                if self.state is not None:
                    self.games += 1
                self.state = self.new_state(self.seed)
                self.seed += 1
            state = self.state
            for _ in range(64):
                if is_over(state):
                    break
                apply(state, choice(legal(state)))
                actions += 1
        took = time.perf_counter() - start
        self.actions += actions
        self.elapsed += took
        return actions, took


def interleaved(game_run: Playout, anchor_run: Playout | None, rounds: int = 10, slice_s: float = 0.3):
    """Actions/s of the game, and its ratio to the anchor: the median over rounds in which
    the two run one after the other, so that the machine's ups and downs (on a shared
    machine, easily 20%) fall on both sides of each ratio."""
    game_run.run(0.5)  # warm-up: first games pay one-off costs (lazy imports, caches)
    game_run.actions = game_run.games = 0
    game_run.elapsed = 0.0
    ratios = []
    for _ in range(rounds):
        g_actions, g_time = game_run.run(slice_s)
        if anchor_run is not None:
            a_actions, a_time = anchor_run.run(slice_s)
            ratios.append((g_actions / g_time) / (a_actions / a_time))
    ratio = statistics.median(ratios) if ratios else None
    return game_run.actions / game_run.elapsed, game_run.games / game_run.elapsed, ratio


def openspiel_anchor() -> Playout | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("backgammon")

    def legal(s):
        if s.is_chance_node():
            return [a for a, _ in s.chance_outcomes()]
        return s.legal_actions()

    anchor = Playout(lambda seed: game.new_initial_state(), legal,
                     lambda s, a: s.apply_action(a), lambda s: s.is_terminal())
    anchor.run(0.5)
    return anchor


# every option variant that changes the forward model's work: player counts and modes
VARIANTS = [("dirge", {}), ("divine", {}), ("divine", {"players": 3}), ("divine", {"players": 4}),
            ("dogma", {}), ("dogma", {"players": 4}), ("dogma", {"mode": "free_will"}),
            ("dogma", {"mode": "chaos"}), ("jol", {})]


def variant_name(name: str, options: dict) -> str:
    return name + "".join(f" {v}p" if k == "players" else f" {v}" for k, v in options.items())


def mid_game_states(game, count=200, options=None):
    states = []
    rng = Rng(1)
    seed = 0
    while len(states) < count:
        s = game.new(seed, **(options or {}))
        seed += 1
        steps = 0
        while not s.is_over and steps < 400:
            player = s.to_move[0]
            s.apply(rng.choice(s.legal_actions(player)), player)
            steps += 1
            if steps % 40 == 0 and not s.is_over:
                states.append(s.copy())
    return states[:count]


def per_call_us(fn, items, repeat=20, rounds=5):
    """Microseconds per call: the best of a few rounds, as timeit advises (noise only adds time)."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(repeat):
            for item in items:
                fn(item)
        best = min(best, time.perf_counter() - start)
    return best / (repeat * len(items)) * 1e6


def search_agents(game) -> list[tuple[str, str]]:
    """(label, agent name) of the searches to time in `game`: each difficulty level whose agent
    is an MctsAgent, made as the level makes it; a game whose levels do not search with it
    (Dirge plays the planner) is timed with `mcts-400`, the ladder's MCTS."""
    from credo.agents import make_agent
    from credo.agents.mcts import MctsAgent

    found = [(level, name) for level, name in game.levels.items() if isinstance(make_agent(name), MctsAgent)]
    return found or [("mcts-400", "mcts-400")]


class AnchorSearch:
    """OpenSpiel's own Python MCTS (open_spiel.python.algorithms.mcts.MCTSBot: UCT constant 2,
    one random rollout to the end as its evaluation, as OpenSpiel's examples play it) on
    connect_four, from positions a few random moves in: the same kind of search, written by
    others, in the same language, on the same machine at the same moment."""

    def __init__(self) -> None:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts

        self.mcts, self.np = mcts, np
        self.game = pyspiel.load_game("connect_four")
        rng = random.Random(5)
        self.states = []
        while len(self.states) < 6:
            state = self.game.new_initial_state()
            for _ in range(rng.randrange(4, 10)):
                state.apply_action(rng.choice(state.legal_actions()))
            if not state.is_terminal():
                self.states.append(state)
        self.turn = 0

    def iterations_per_second(self, iterations: int) -> float:
        """One decision of `iterations` simulations (no early stop on a solved root)."""
        state = self.states[self.turn % len(self.states)]
        self.turn += 1
        evaluator = self.mcts.RandomRolloutEvaluator(1, self.np.random.RandomState(self.turn))
        bot = self.mcts.MCTSBot(self.game, 2.0, iterations, evaluator, solve=False,
                                random_state=self.np.random.RandomState(self.turn))
        start = time.perf_counter()
        root = bot.mcts_search(state)
        return root.explore_count / (time.perf_counter() - start)


def search_speed(decisions: int = 5) -> None:
    """Search iterations per second of the agents the difficulty levels play, with the levels'
    own settings (the registry's agent: its iterations, exploration, prior, rollout policy and
    depth, under the level's time cap), on decisions from mid-game positions: a decision's
    iterations over its whole time, the root's prior evaluation included. Each decision is
    followed by one of the anchor's with as many iterations, and the ratio is the median over
    the decisions, so that the load of a shared machine falls on both."""
    from credo.agents import LevelAgent, make_agent
    from credo.kernel import PlayerView

    try:
        anchor = AnchorSearch()
    except ImportError:
        anchor = None
    print(f"{'game':8} {'level':9} {'agent':9} {'iterations':>10} {'iterations/s':>13} {'anchor it/s':>12} {'ratio':>6}")
    for name in games.names():
        game = games.load(name)
        # what earlier measurements left alive (loaded games, their caches) is frozen out of
        # the garbage collector, which would otherwise scan it again and again during this
        # game's search: each game is measured as if it ran alone
        gc.collect()
        gc.freeze()
        # decisions with a choice to make: with one legal action the agent does not search
        states = [s for s in mid_game_states(game, 60) if len(s.legal_actions(s.to_move[0])) > 1][3:3 + decisions]
        for level, agent_name in search_agents(game):
            rates, anchors, ratios, budget = [], [], [], 0
            for i, state in enumerate(states):
                agent = LevelAgent(i, level) if level in game.levels else make_agent(agent_name, i)
                view = PlayerView(state, state.to_move[0])
                start = time.perf_counter()
                agent.choose(view)  # a level makes its agent at its first decision, as in play
                took = time.perf_counter() - start
                inner = agent.inner if isinstance(agent, LevelAgent) else agent
                budget = inner.iterations
                rate = inner.last_iterations / took
                rates.append(rate)
                if anchor is not None:
                    anchors.append(anchor.iterations_per_second(budget))
                    ratios.append(rate / anchors[-1])
            shown = f"{statistics.median(ratios):>6.2f}" if ratios else f"{'-':>6}"
            anchor_rate = f"{statistics.median(anchors):>12,.0f}" if anchors else f"{'-':>12}"
            print(f"{name:8} {level:9} {agent_name:9} {budget:>10} {statistics.median(rates):>13,.0f} {anchor_rate} {shown}")
    if anchor is None:
        print("anchor: OpenSpiel not installed (pip install -e '.[bench]'): ratios not shown")
    else:
        print("anchor: OpenSpiel's Python MCTS (MCTSBot, UCT 2, one random rollout) on connect_four, as many "
              "iterations, one of its decisions after each of the game's")


def states_at(game, options: dict, moves: int, count: int = 8) -> list:
    """Random games' states after `moves` actions (games that end sooner are skipped)."""
    out, seed = [], 0
    while len(out) < count and seed < 20 * count:
        s, rng = game.new(seed, **game.machine_options(options)), Rng(seed)
        seed += 1
        for _ in range(moves):
            if s.is_over:
                break
            player = s.to_move[0]
            s.apply(rng.choice(s.legal_actions(player)), player)
        if not s.is_over:
            out.append(s)
    return out


def view_costs() -> None:
    """What the server and every agent pay at each decision, early and late in a game: the
    observation, loading a position, and a whole PlayerView (observation, legal actions,
    events, a sampled world). A view should cost the same at move 300 as at move 10."""
    from credo.kernel import PlayerView

    header = f"{'game':16} {'move':>5} {'events':>7} {'observation us':>15} {'from_position us':>17} {'PlayerView us':>14}"
    print(header)
    print("-" * len(header))
    for name, options in VARIANTS:
        game = games.load(name)
        for moves in (10, 300):
            states = states_at(game, options, moves)
            if not states:
                continue
            positions = [s.to_position() for s in states]
            events = sum(len(s.log) for s in states) // len(states)
            obs_us = per_call_us(lambda s: s.observation(s.to_move[0]), states, repeat=5)
            pos_us = per_call_us(game.from_position, positions, repeat=3)
            view_us = per_call_us(lambda s: PlayerView(s, s.to_move[0], 1), states, repeat=3)
            print(f"{variant_name(name, options):16} {moves:>5} {events:>7} {obs_us:>15.1f} {pos_us:>17.1f} {view_us:>14.1f}")


def main() -> int:
    anchor = openspiel_anchor()
    if anchor is None:
        print("anchor  OpenSpiel not installed (pip install -e '.[bench]'): ratios not shown")
    print()
    header = f"{'game':16} {'actions/s':>11} {'games/s':>9} {'ratio':>6} {'copy us':>8} {'legal us':>9} {'determinize us':>15}"
    print(header)
    print("-" * len(header))
    for name, options in VARIANTS:
        game = games.load(name)

        def legal(s):
            return s.legal_actions(s.to_move[0])

        def apply(s, a):
            s.apply(a, s.to_move[0])

        # random playouts to the end: the machine turn limit ends them (ruling R-8, D-10, R-13)
        run = Playout(lambda seed: game.new(seed, **game.machine_options(options)), legal, apply, lambda s: s.is_over)
        aps, gps, ratio = interleaved(run, anchor)
        states = mid_game_states(game, options=options)
        copy_us = per_call_us(lambda s: s.copy(), states)
        legal_us = per_call_us(lambda s: s._generate_legal(s.to_move[0]), states)
        rng = Rng(9)
        det_us = per_call_us(lambda s: s.determinize(s.to_move[0], rng), states, repeat=5)
        shown = f"{ratio:.2f}" if ratio is not None else "-"
        print(f"{variant_name(name, options):16} {aps:>11,.0f} {gps:>9,.1f} {shown:>6} {copy_us:>8.2f} {legal_us:>9.2f} "
              f"{det_us:>15.2f}")
    if anchor is not None:
        print(f"{'anchor':16} {anchor.actions / anchor.elapsed:>11,.0f} {anchor.games / anchor.elapsed:>9,.1f}   "
              "(OpenSpiel C++ backgammon stepped from Python, interleaved with each game)")
    print()
    print("targets: ratio >= 0.5, copy <= 5 us (benchmarks, not timed tests)")
    limits = [f"{n} {games.load(n).machine_turn_limit}" for n in games.names() if games.load(n).machine_turn_limit]
    print("random games end at the machine turn limit, a draw (the rulebooks have none): " + ", ".join(limits))
    print()
    view_costs()
    print()
    search_speed()
    print()
    from envs import main as environments  # bench/ is on the path: this script's folder
    from server_load import main as server_load

    environments()
    print()
    server_load([])  # capacity: people answering at once
    print()
    return server_load(["--think", "1", "--no-hard"])  # bounded load: people thinking a second a move


if __name__ == "__main__":
    sys.exit(main())
