"""`make bench`: speed of every game's forward model, against an anchor.

For each game: random-playout actions per second and games per second (the loop
legal_actions -> random choice -> apply, chance resolved inside apply), the cost of
copy() on mid-game states, and of legal-action generation. The anchor is
OpenSpiel's C++ backgammon stepped from Python with the same loop; each game's
ratio to it is printed (target: at least 0.5; copy() at most 5 us).
"""

from __future__ import annotations

import random
import sys
import time

from credo import games
from credo.kernel import Rng

SECONDS = 3.0


def playout_speed(new_state, legal, apply, is_over, seconds=SECONDS, warmup=1.0):
    if warmup:  # first games pay one-off costs (lazy imports, caches): not what is measured
        playout_speed(new_state, legal, apply, is_over, warmup, warmup=0)
    rng = random.Random(0)
    actions = games_done = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        state = new_state(seed)
        seed += 1
        while not is_over(state):
            apply(state, rng.choice(legal(state)))
            actions += 1
        games_done += 1
    elapsed = time.perf_counter() - start
    return actions / elapsed, games_done / elapsed


def openspiel_anchor():
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("backgammon")

    def legal(s):
        if s.is_chance_node():
            return [a for a, _ in s.chance_outcomes()]
        return s.legal_actions()

    return playout_speed(lambda seed: game.new_initial_state(), legal,
                         lambda s, a: s.apply_action(a), lambda s: s.is_terminal())


def mid_game_states(game, count=200):
    states = []
    rng = Rng(1)
    seed = 0
    while len(states) < count:
        s = game.new(seed)
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


def search_speed(seconds: float = 2.0) -> None:
    """MCTS / ISMCTS iterations per second from mid-game positions (rollouts cut off by the evaluation)."""
    from credo.agents.mcts import MctsAgent
    from credo.kernel import PlayerView

    print(f"{'game':8} {'search iterations/s':>20}   (MctsAgent: sampled worlds, rollout depth 8, then evaluation)")
    for name in games.names():
        game = games.load(name)
        # decisions with a choice to make: with one legal action the agent does not search
        states = [s for s in mid_game_states(game, 40) if len(s.legal_actions(s.to_move[0])) > 1][3:6]
        total = 0
        spent = 0.0
        for i, state in enumerate(states):
            agent = MctsAgent(i, iterations=None, seconds=seconds / len(states), prior_visits=0)
            start = time.perf_counter()
            agent.choose(PlayerView(state, state.to_move[0]))
            spent += time.perf_counter() - start
            total += agent.last_iterations
        print(f"{name:8} {total / spent:>20,.0f}")


def main() -> int:
    anchor = openspiel_anchor()
    if anchor:
        print(f"anchor  OpenSpiel C++ backgammon from Python: {anchor[0]:,.0f} actions/s, {anchor[1]:,.1f} games/s")
    else:
        print("anchor  OpenSpiel not installed (pip install -e '.[bench]'): ratios not shown")
    print()
    header = f"{'game':8} {'actions/s':>11} {'games/s':>9} {'ratio':>6} {'copy us':>8} {'legal us':>9} {'determinize us':>15}"
    print(header)
    print("-" * len(header))
    for name in games.names():
        game = games.load(name)

        def legal(s):
            return s.legal_actions(s.to_move[0])

        def apply(s, a):
            s.apply(a, s.to_move[0])

        aps, gps = playout_speed(lambda seed: game.new(seed), legal, apply, lambda s: s.is_over)
        states = mid_game_states(game)
        copy_us = per_call_us(lambda s: s.copy(), states)
        legal_us = per_call_us(lambda s: s._generate_legal(s.to_move[0]), states)
        rng = Rng(9)
        det_us = per_call_us(lambda s: s.determinize(s.to_move[0], rng), states, repeat=5)
        ratio = f"{aps / anchor[0]:.2f}" if anchor else "-"
        print(f"{name:8} {aps:>11,.0f} {gps:>9,.1f} {ratio:>6} {copy_us:>8.2f} {legal_us:>9.2f} {det_us:>15.2f}")
    print()
    print("targets: ratio >= 0.5, copy <= 5 us (benchmarks, not timed tests)")
    print()
    search_speed()
    return 0


if __name__ == "__main__":
    sys.exit(main())
