"""Does the search's answer move towards a longer search's as it is given more iterations?

    python examples/search_convergence.py dogma                 # 3 games, every 6th choice
    python examples/search_convergence.py jol --exploration 1.0 --games 2

Positions come from `mcts-200` self-play (seeds 500, 501, ...): at every EVERY-th decision
with a choice, the player to move's view is searched by MctsAgent with 1,000 and 4,000
iterations (two seeds each) and with 16,000 (one seed), with no early stop, and the answers
are compared. A search that scales agrees more often with the 16,000-iteration answer at
4,000 than at 1,000, and its two seeds agree more often. Seed 1's searches share the start
of one random stream, so its longer searches continue its shorter ones: where seed 1's
1,000-iteration answer is also the 16,000's, the script reports how many of the 15,000
iterations between them went to that answer (all of them: the search had stopped looking
elsewhere). docs/agents/search.md, section 9, quotes what it measured in Dogma.
"""

from __future__ import annotations

import argparse
import json

from credo.agents.mcts import MctsAgent
from credo.arena.selfplay import play_game
from credo.games import load
from credo.kernel import PlayerView

RUNS = ((1000, 1), (1000, 2), (4000, 1), (4000, 2), (16000, 1))


def search(view: PlayerView, iterations: int, seed: int, exploration: float | None) -> tuple[str, int]:
    """The answer and the visits it received."""
    agent = MctsAgent(seed, iterations=iterations, stop_when_settled=False, exploration=exploration)
    answer = agent.choose(view)
    return str(answer), agent.last_root.edges[(view.player, answer)].visits


def positions(game_name: str, games: int, every: int):
    """Views of the player to move at every EVERY-th decision with a choice of mcts-200 self-play."""
    game = load(game_name)
    found: list[PlayerView] = []
    seen = 0

    class Watcher(MctsAgent):
        def choose(self, view: PlayerView):
            nonlocal seen
            if len(view.legal_actions) > 1:
                seen += 1
                if seen % every == 0:
                    found.append(view)
            return super().choose(view)

    for index in range(games):
        play_game(game, [Watcher(2 * index + 1, iterations=200), Watcher(2 * index + 2, iterations=200)], 500 + index)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=6)
    parser.add_argument("--exploration", type=float, default=None, help="UCB's constant (default: the search's)")
    parser.add_argument("--out", help="a JSON lines file for each position's answers")
    args = parser.parse_args()
    rows = []
    for number, view in enumerate(positions(args.game, args.games, args.every)):
        answers = {(its, seed): search(view, its, 1000 * seed + number, args.exploration) for its, seed in RUNS}
        rows.append(answers)
        print(number, "  ".join(f"{its}/{seed}: {a} ({v})" for (its, seed), (a, v) in answers.items()), flush=True)
        if args.out:
            with open(args.out, "a") as out:
                out.write(json.dumps({f"{its}/{seed}": a for (its, seed), a in answers.items()}) + "\n")
    n = len(rows)
    if not n:
        print("no positions with a choice")
        return

    def agree(first, second) -> int:
        return sum(row[first][0] == row[second][0] for row in rows)

    print(f"{n} positions; the two seeds agree at 1,000: {agree((1000, 1), (1000, 2))}, at 4,000: "
          f"{agree((4000, 1), (4000, 2))}; seed 2 agrees with 16,000 at 1,000: {agree((1000, 2), (16000, 1))}, "
          f"at 4,000: {agree((4000, 2), (16000, 1))}")
    kept = [row for row in rows if row[(1000, 1)][0] == row[(16000, 1)][0]]
    if kept:
        shares = [(row[(16000, 1)][1] - row[(1000, 1)][1]) / 15000 for row in kept]
        print(f"where 1,000's answer is 16,000's ({len(kept)}): {sum(shares) / len(shares):.0%} of the 15,000 iterations"
              f" between them went to it, all of them in {sum(share >= 0.999 for share in shares)}")


if __name__ == "__main__":
    main()
