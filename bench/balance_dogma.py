"""Balance of Dogma's content by self-play: seat win rates, and the win rate of the side
that holds each Predestination option (predestination mode) or each Prophet, Cult card,
Relic and Divine Intervention (free_will mode, which deals random legal decks).

    python bench/balance_dogma.py [GAMES] [AGENT] [MODE] [CONTENT]

GAMES defaults to 300, AGENT to greedy (any name of credo.agents.make_agent, or the
bench-local fair-greedy below), MODE to predestination (or free_will); CONTENT is an
optional content folder (default: the shipped box), to compare against an older copy.
Win rates are over decided games (draws, at the turn limit, are left out), and "games"
counts the decided games in which that side held the option or card.
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor

from credo import games
from credo.agents import Agent, make_agent
from credo.arena import play_game
from credo.kernel import Rng

ARCANA = 4
SAMPLES = 4


class FairGreedy(Agent):
    """Greedy made fair for simultaneous Orders (bench-local, name "fair-greedy").

    The stock greedy agent looks one action ahead: the second player to commit sees the
    turn resolve (the first player's hidden choice resampled at random) and picks well,
    while the first player's commitment changes nothing it can evaluate and is a random
    pick; self-play then measures the seats, not the cards. This agent scores each action
    over a few resampled worlds and, when its own commitment leaves the opponent to
    commit, completes the turn with random legal choices (the opponent's Order, Fidelity
Test paths and guesses, Withering placement), so both seats look equally far and a card
whose effect waits on a Fidelity Test is valued by its chance."""

    name = "fair-greedy"

    def __init__(self, seed: int = 0, samples: int = SAMPLES) -> None:
        super().__init__(seed)
        self.rng = Rng(seed)
        self.samples = samples

    def choose(self, view):
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        evaluate = view.game.evaluate
        me = view.player
        seeds = [self.rng.below(1 << 30) for _ in range(self.samples)]
        best, best_score = [], float("-inf")
        for action in actions:
            total = 0.0
            for k in seeds:
                rng = Rng(k)
                world = view.sample_world(rng)
                world.apply(action, me)
                for _ in range(12):  # finish the turn: the opponent's Order, Fidelity Tests, Withering
                    if world.is_over or not (world.test is not None or world.pending
                                             or (world.commit is not None and world.commit.choices)):
                        break
                    q = world.to_move[0]
                    world.apply(rng.choice(world.legal_actions(q)), q)
                total += evaluate(world, me)
            if total > best_score + 1e-9:
                best_score, best = total, [action]
            elif total > best_score - 1e-9:
                best.append(action)
        return self.rng.choice(best)


def agent(name: str, seed: int) -> Agent:
    return FairGreedy(seed) if name == "fair-greedy" else make_agent(name, seed)


def one(seed: int, name: str, mode: str, content: str | None = None):
    game = games.load("dogma", content)
    match = play_game(game, [agent(name, seed * 2), agent(name, seed * 2 + 1)], seed, {"mode": mode})
    s = match.state
    t = game.tables
    held: list[list[tuple[str, str]]] = [[], []]  # per player: (kind, id)
    for p in range(2):
        if mode == "predestination":
            held[p].append(("option", s.decks[p]))
        for k in range(ARCANA):
            sl = p * ARCANA + k
            if s.proph[sl] < 0:
                continue
            held[p].append(("prophet", t.prophet_ids[s.proph[sl]]))
            held[p].extend(("cult", t.cult_ids[c]) for c in s.cults[sl])
            held[p].extend(("relic", t.relic_ids[r]) for r in s.relics[sl])
        # the Divine Interventions still held and those played (each id once, even with two copies)
        dis = dict.fromkeys(t.di_ids[d] for d in [*s.di[p], *s.di_done[p]])
        held[p].extend(("intervention", did) for did in dis)
    first = s.first_builder if mode == "free_will" else -1
    return held, s.winners, s.turn, first


def table(title: str, rows: dict, min_games: int = 1) -> None:
    rows = {k: v for k, v in rows.items() if v[1] >= min_games}
    if not rows:
        return
    print(f"\n{title:28} {'holder wins':>12} {'games':>6}")
    for key, (w, g) in sorted(rows.items(), key=lambda kv: (-kv[1][0] / kv[1][1], kv[0])):
        print(f"{key:28} {w / g:>12.1%} {g:>6}")


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    name = sys.argv[2] if len(sys.argv) > 2 else "greedy"
    mode = sys.argv[3] if len(sys.argv) > 3 else "predestination"
    content = sys.argv[4] if len(sys.argv) > 4 else None
    if mode not in ("predestination", "free_will"):
        print(f"mode must be predestination or free_will, not {mode!r}", file=sys.stderr)
        return 2
    start = time.time()
    with ProcessPoolExecutor(2) as pool:
        results = list(pool.map(one, range(n), [name] * n, [mode] * n, [content] * n, chunksize=4))
    seat = [0, 0]
    draws = 0
    turns = 0
    first_games = first_wins = 0
    stats: dict[str, dict[str, tuple[int, int]]] = {}
    pairs: dict[tuple[str, str], tuple[int, int]] = {}
    for held, winners, turn, first in results:
        turns += turn
        if not winners:
            draws += 1
            continue
        w = winners[0]
        seat[w] += 1
        if first in (0, 1):
            first_games += 1
            first_wins += first == w
        if mode == "predestination":
            for p in range(2):
                key = (held[p][0][1], held[1 - p][0][1])
                a, g = pairs.get(key, (0, 0))
                pairs[key] = (a + (p == w), g + 1)
        for p in range(2):
            for kind, cid in held[p]:
                d = stats.setdefault(kind, {})
                a, g = d.get(cid, (0, 0))
                d[cid] = (a + (p == w), g + 1)
    decided = n - draws
    print(f"{n} games of {name} against {name} ({mode}{', content ' + content if content else ''}) in {time.time() - start:.0f}s: "
          f"seat 1 wins {seat[0]} ({seat[0] / max(decided, 1):.1%} of decided), seat 2 wins {seat[1]}, "
          f"draws {draws}; average {turns / n:.1f} turns")
    if first_games:
        print(f"one box: the first builder (30 damage on their first Prophet) wins {first_wins / first_games:.1%} "
              f"of {first_games} decided games")
    if mode == "predestination":
        table("option", stats.get("option", {}))
        ids = sorted(stats.get("option", {}))
        print("\nrow option's win rate against column option (decided games)")
        print(f"{'':12}" + "".join(f"{c:>12}" for c in ids))
        for a in ids:
            cells = []
            for b in ids:
                w, g = pairs.get((a, b), (0, 0))
                cells.append(f"{w / g:>7.0%} {g:>4}" if g else f"{'-':>12}")
            print(f"{a:12}" + "".join(cells))
    else:
        table("prophet", stats.get("prophet", {}))
        table("relic", stats.get("relic", {}))
        table("intervention", stats.get("intervention", {}))
        table("cult card", stats.get("cult", {}))
    rates = [(w / g, cid, g) for cid, (w, g) in stats.get("prophet", {}).items()]
    if rates and mode == "free_will":
        lo, hi = min(rates), max(rates)
        print(f"\nprophet range: {lo[1]} {lo[0]:.1%} ({lo[2]}) - {hi[1]} {hi[0]:.1%} ({hi[2]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
