"""Knowledge's Opening searched as `mcts-4000` searches it on the lab's deals, with variants of the
playouts or the evaluation, printing each opener's visits and mean at the root (section 47).

usage: dogma_opening_root.py DEALS [--fervor W] [--special P] [key=value ...]
  DEALS      deal indices of the reference folder, comma-separated (both seat orders each)
  --fervor W the evaluation also counts the active Prophets' Fervor, W per 100 points (inside tanh)
  --special P the rollout policy takes a legal Special 1 time in P before anything else
  key=value  MctsAgent settings (playout_end=depth rollout_depth=100000: playouts to the game's end;
             stop_when_settled=False exploration=2.0: every opener visited)"""
import argparse
import math
import time
from pathlib import Path

from credo import games
from credo.agents import make_agent
from credo.agents.mcts import MctsAgent
from credo.arena import lab
from credo.arena.selfplay import Match
from credo.games.dogma import evaluation, heuristics
from credo.games.dogma.codes import ARCANA, OVER
from credo.games.dogma.game import DogmaGame
from credo.kernel.view import PlayerView, match_secret, sampling_seed

REFERENCE = Path(__file__).parent.parent / "balance/dogma/mcts-4000-knowledge-mecca-55e40a1f"


def with_fervor(weight: float):
    def evaluate(s, player: int) -> float:
        value = evaluation.evaluate(s, player)
        if s.phase in (evaluation.CHAOS, OVER):
            return value
        extra = sum((1.0 if sl // ARCANA % 2 == player % 2 else -1.0) * weight * s.fervor(sl) / 100.0
                    for sl in range(s.np * ARCANA) if s.proph[sl] >= 0 and s.where[sl] == 1)
        return math.tanh(math.atanh(max(-0.999999, min(0.999999, value))) + extra / 4.0)
    return evaluate


def with_specials(one_in: int):
    def rollout_action(state, player: int, rng):
        if state.phase == 1:
            specials = [a for a in state.legal_actions(player) if a.kind == "special"]
            if specials and rng.below(one_in) == 0:
                return specials[0]
        return heuristics.rollout_action(state, player, rng)
    return rollout_action


def setting(text: str):
    key, _, value = text.partition("=")
    for kind in (int, float):
        try:
            return key, kind(value)
        except ValueError:
            pass
    return key, {"None": None, "True": True, "False": False}.get(value, value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("deals")
    parser.add_argument("--fervor", type=float)
    parser.add_argument("--special", type=int)
    parser.add_argument("settings", nargs="*")
    args = parser.parse_intermixed_args()
    if args.fervor is not None:
        DogmaGame.evaluate = staticmethod(with_fervor(args.fervor))
    if args.special is not None:
        DogmaGame.rollout_action = staticmethod(with_specials(args.special))
    deals = {int(d) for d in args.deals.split(",")}
    extra = dict(map(setting, args.settings))
    game = games.load("dogma")
    names = [a.prophet for a in {o.id: o for o in game.content.options}["knowledge"].arcana]
    rows = sorted((r for r in lab.read_results(REFERENCE) if r["index"] in deals),
                  key=lambda r: (r["index"], r["matchup"]))
    for row in rows:
        seat = row["options"]["decks"].index("knowledge")
        agents = [make_agent(a, row["seed"] * 17 + s) for s, a in enumerate(row["agents"])]
        probe = MctsAgent(**{"seed": row["seed"] * 17 + seat, "iterations": agents[seat].iterations, **extra})
        match = Match(game, row["seed"], game.machine_options(row["options"]))
        secret = match_secret(None, row["seed"])
        moves = 0
        while True:  # the lab's game up to Knowledge's first decision, the Opening
            player = match.state.to_move[0]
            view = PlayerView(match.state, player, seed=sampling_seed(secret, player, moves))
            if player == seat:
                began = time.perf_counter()
                chosen = probe.choose(view)
                edges = sorted(((int(str(a).split()[1]), e.visits, e.value / max(1, e.visits))
                                for (p, a), e in probe.last_root.edges.items() if p == seat), key=lambda x: -x[1])
                print(f"{row['matchup']} {row['index']}: {names[int(str(chosen).split()[1]) - 1]} "
                      f"({probe.last_iterations} iterations, {time.perf_counter() - began:.1f} s); "
                      + ", ".join(f"{names[k - 1]} {v} visits {m:.3f}" for k, v, m in edges), flush=True)
                break
            match.play(agents[player].choose(view), player)
            moves += 1


if __name__ == "__main__":
    main()
