"""Where Dogma's search loses Knowledge and Madness against Storm of Miracles (search.md section 27).

Each deal of a balance-lab cross-play run of Storm against Knowledge (its results.jsonl: the
matchup, deal seed and options of every game) is played again with Storm held by `medium` (the lab's
agent and agent seed) and Knowledge by VARIANT, so that the variants are compared on the same deals:

    python yardstick.py VARIANT LAB_RESULTS_JSONL OUT_JSONL

One line per deal: Knowledge's score (win 1, draw 1/2) and how many decisions of each kind it
made. VARIANT is one of:

- `greedy`, `mcts-400`, `medium`, `mcts-1000`: the arena's agents;
- `rest1`, `rest3`, `rest4`, `rest6`: `mcts-400` with playouts through that many ends of rounds
  (Dogma's search uses 2);
- `flat`: `mcts-400` with an evaluation that weighs an active Prophet as one in the rear guard
  (the shipped one weighs it 1.2);
- `c1`: `mcts-400` with the exploration constant 1.0 (0.25 shipped);
- `counter`: `mcts-400` whose playouts swap Prophets by the match-up (counter_rollout.py);
- `opp-uniform`, `opp-rollout`, `opp-mix`: `mcts-400` whose search takes the other side's
  simultaneous choices from a fixed model, uniform or the rollout policy, instead of its statistics,
  or half the time from each (opponent_model.py);
- `fog`, `fog-800`: `mcts-400` (or 800) whose iterations, half of them, run on worlds sampled as the
  other side sees them and teach only the other side's statistics (fog.py);
- `rm`, `rm-mix`, `rm-base`: `mcts-400` searching simultaneous choices by regret matching, its
  answer the most visited action or one drawn from the average strategy, or the most visited with
  regrets counted against the node's mean value (regret_matching.py);
- a split of the decisions between two agents, the first named for the Orders, the second for
  the rest:
  - `greedy-orders`: greedy's Orders, `mcts-400`'s every other decision;
  - `mcts-orders`: `mcts-400`'s Orders, greedy's every other decision;
  - `gm-deploy`: greedy but for the Prophets deployed after a defeat (and at the opening),
    chosen by `mcts-400`;
  - `gm-tests`: greedy but for the Fidelity Tests' paths and guesses, chosen by `mcts-400`;
  - `g-deploy`: `mcts-400` but for the deployments, chosen by greedy;
  - `g-tests`: `mcts-400` but for the Fidelity Tests, chosen at random.
"""

from __future__ import annotations

import collections
import json
import math
import sys
import time
from pathlib import Path

from credo import games
from credo.agents import make_agent
from credo.agents.mcts import MctsAgent
from credo.arena.selfplay import play_game
from credo.games.dogma import evaluation
from credo.games.dogma.codes import ARCANA, CHAOS, OVER
from credo.games.dogma.game import DogmaGame
from credo.kernel.view import match_secret

sys.path.insert(0, str(Path(__file__).parent))
import counter_rollout  # noqa: E402
from opponent_model import FixedOpponentAgent  # noqa: E402
from regret_matching import RegretMatchingAgent  # noqa: E402
from fog import FogAgent  # noqa: E402

ORDER_KINDS = {"cult", "summon", "intervene", "appeal", "special"}


def flat_evaluate(s, player: int) -> float:
    """The shipped evaluation with an active Prophet weighed 1.0, as one in the rear guard."""
    if s.phase in (CHAOS, OVER):
        return evaluation.evaluate(s, player)
    score = 0.0
    for sl in range(s.np * ARCANA):
        if s.proph[sl] < 0 or s.where[sl] not in (0, 1):
            continue
        sign = 1.0 if sl // ARCANA % 2 == player % 2 else -1.0
        left = max(0, s.faith(sl) - s.dmg[sl])
        score += sign * (0.5 + left / 100.0)
        score -= sign * 0.15 * s.mal[sl].bit_count()
    for p in range(s.np):
        sign = 1.0 if p % 2 == player % 2 else -1.0
        score += sign * 0.1 * len(s.di[p])
    return math.tanh(score / 4.0)


class Swapped(MctsAgent):
    """An MctsAgent that scores with another evaluation or plays out with another rollout policy
    while it chooses (the game class's attribute swapped, then restored)."""

    def __init__(self, seed: int, evaluate=None, rollout_action=None, **settings) -> None:
        super().__init__(seed, **settings)
        self._swap = {name: staticmethod(f) for name, f in (("evaluate", evaluate),
                                                            ("rollout_action", rollout_action)) if f}

    def choose(self, view):
        kept = {name: DogmaGame.__dict__[name] for name in self._swap}
        for name, f in self._swap.items():
            setattr(DogmaGame, name, f)
        try:
            return super().choose(view)
        finally:
            for name, f in kept.items():
                setattr(DogmaGame, name, f)


class ByKind:
    """One agent for the decisions of the named kinds, another for the rest."""

    effort = None

    def __init__(self, main, other, kinds) -> None:
        self.main, self.other, self.kinds = main, other, set(kinds)

    def choose(self, view):
        kinds = {str(a).split()[0] for a in view.legal_actions}
        return (self.other if kinds & self.kinds else self.main).choose(view)


def knowledge_agent(variant: str, seed: int):
    if variant in ("greedy", "medium", "mcts-400", "mcts-1000"):
        return make_agent(variant, seed)
    if variant.startswith("rest") and variant[4:].isdigit():
        return Swapped(seed, iterations=400, rest_rounds=int(variant[4:]))
    if variant == "flat":
        return Swapped(seed, evaluate=flat_evaluate, iterations=400)
    if variant == "c1":
        return Swapped(seed, iterations=400, exploration=1.0)
    if variant in ("fog", "fog-800"):
        return FogAgent(seed, iterations=800 if variant == "fog-800" else 400)
    if variant in ("rm", "rm-mix", "rm-base"):
        return RegretMatchingAgent(seed, mix=variant == "rm-mix", baseline=variant == "rm-base", iterations=400)
    if variant.startswith("opp-"):
        return FixedOpponentAgent(seed, model=variant[4:], iterations=400)
    if variant == "counter":
        return Swapped(seed, rollout_action=counter_rollout.rollout_action, iterations=400)
    greedy, search = make_agent("greedy", seed), make_agent("mcts-400", seed)
    splits = {
        "greedy-orders": (search, greedy, ORDER_KINDS),
        "mcts-orders": (greedy, search, ORDER_KINDS),
        "gm-deploy": (greedy, search, {"deploy"}),
        "gm-tests": (greedy, search, {"path", "guess"}),
        "g-deploy": (search, greedy, {"deploy"}),
        "g-tests": (search, make_agent("random", seed), {"path", "guess"}),
    }
    if variant not in splits:
        raise SystemExit(f"unknown variant {variant!r}")
    return ByKind(*splits[variant])


def main() -> None:
    variant, source, out = sys.argv[1], sys.argv[2], sys.argv[3]
    deals: dict[tuple[str, int], dict] = {}
    for line in open(source):
        row = json.loads(line)
        if row["matchup"] in ("storm vs knowledge", "knowledge vs storm"):
            deals.setdefault((row["matchup"], row["index"]), row)
    done = set()
    if Path(out).exists():
        done = {(r["matchup"], r["index"]) for r in map(json.loads, open(out))}
    game = games.load("dogma")
    with open(out, "a") as f:
        for key, row in sorted(deals.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            if key in done:
                continue
            k = row["options"]["decks"].index("knowledge")
            agents = [None, None]
            agents[k] = knowledge_agent(variant, row["seed"] * 17 + k)
            agents[1 - k] = make_agent("medium", row["seed"] * 17 + 1 - k)
            began = time.perf_counter()
            match = play_game(game, agents, row["seed"], row["options"], secret=match_secret(None, row["seed"]))
            kinds = collections.Counter(str(a).split()[0] for p, a in match.moves if p == k)
            f.write(json.dumps({"matchup": key[0], "index": key[1], "seed": row["seed"], "variant": variant,
                                "knowledge_seat": k, "score": (match.state.returns()[k] + 1) / 2,
                                "moves": len(match.moves), "kinds": dict(kinds),
                                "seconds": round(time.perf_counter() - began, 1)}) + "\n")
            f.flush()


if __name__ == "__main__":
    main()
