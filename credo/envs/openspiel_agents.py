"""OpenSpiel's own searches as arena agents, an outside reference for Credo's: its
information-set MCTS (`openspiel-ismcts-N`) and its MCTS (`openspiel-mcts-N`, for games
without hidden information), N simulations a decision, playing through the OpenSpiel
adapter (credo/envs/openspiel.py). A name may end in a time cap: `openspiel-ismcts-400-2s`
stops after 2 seconds if the 400 simulations are not done by then.

The agent decides from its PlayerView only. The OpenSpiel state it searches holds a world
sampled from the view (`view.sample_world`): the cards it cannot see and the chance to come
are drawn again, never read from the true state. ISMCTS then resamples that world from the
player's information state at every simulation (the adapter's `resample_from_infostate`).
MCTS searches the one sampled world: Credo keeps its chance inside the state, so the dice of
that world's future are the search's belief, as OpenSpiel's MCTS believes the state it is
given. Leaves are valued as OpenSpiel's random rollout evaluator values them, but cut after
the game's rollout depth and scored there by the game's evaluation, as Credo's own search
does (a random game of Dirge to its end costs most of a second): the two searches then
differ in the search alone. `rollout="full"` plays OpenSpiel's evaluator unchanged.

Importing this module adds the family to `credo.agents.make_agent`, which imports it itself
when a name starting with `openspiel-` asks for it (in worker processes too).
"""

from __future__ import annotations

import re
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from credo.agents.base import Agent, register_family
from credo.kernel import Action, PlayerView, Rng, quoted

from .openspiel import CredoSpielGame, _Held

SEARCHES = ("ismcts", "mcts")
UCT_C = 2.0  # OpenSpiel's examples use 2 for both searches with returns in [-1, 1]
_NAME = re.compile(r"openspiel-(ismcts|mcts)-([1-9][0-9]*)(?:-([0-9]+(?:\.[0-9]+)?)s)?")


class CutRolloutEvaluator(mcts.Evaluator):
    """OpenSpiel's random rollout, cut after the game's rollout depth and valued there by
    the game's evaluation (every player's, in [-1, 1] like the returns)."""

    def __init__(self, random_state: np.random.RandomState) -> None:
        self.random_state = random_state

    def evaluate(self, state) -> np.ndarray:
        world = state.credo.copy()
        game = world.game
        for _ in range(game.rollout_depth):
            if world.is_over:
                break
            player = world.to_move[0]
            legal = world.legal_actions(player)
            world.apply(legal[self.random_state.randint(len(legal))], player)
        return np.array(world.returns() if world.is_over else game.evaluate_all(world), dtype=float)

    def prior(self, state):
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


class OpenSpielAgent(Agent):
    def __init__(self, seed: int = 0, search: str = "ismcts", iterations: int = 1000,
                 seconds: float | None = None, uct_c: float = UCT_C, rollout: str = "cut") -> None:
        super().__init__(seed)
        self.rollout = rollout
        if search not in SEARCHES:
            raise KeyError(f"unknown OpenSpiel search {quoted(search)}; the searches are: {', '.join(SEARCHES)}")
        self.search, self.iterations, self.seconds, self.uct_c = search, iterations, seconds, uct_c
        self.name = f"openspiel-{search}-{iterations}" + (f"-{seconds:g}s" if seconds else "")
        self.rng = Rng(seed)
        self.last_iterations = 0
        self._spiel_games: dict[tuple[str, int], CredoSpielGame] = {}

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state["_spiel_games"] = {}  # OpenSpiel's games are rebuilt where the agent plays
        return state

    def describe(self) -> str:
        cap = f", at most {self.seconds:g} s" if self.seconds else ""
        kind = ("information-set MCTS (ISMCTS), a world resampled from the information state every simulation"
                if self.search == "ismcts" else "MCTS on one world sampled from the view (games without hidden "
                                                "information only)")
        leaves = ("one random rollout cut at the game's rollout depth, then the game's evaluation"
                  if self.rollout == "cut" else "one random rollout to the end")
        return (f"OpenSpiel's {kind}: {self.iterations} simulations a decision{cap}; UCT constant {self.uct_c:g}, "
                f"leaves valued by {leaves} (OpenSpielAgent)")

    def unsuited(self, game) -> str | None:
        if self.search == "mcts" and game.hidden_information:
            return (f"{self.name} searches a state it sees whole, and {game.name} has hidden information: "
                    f"play openspiel-ismcts-{self.iterations} there")
        return None

    def _spiel_game(self, game, players: int) -> CredoSpielGame:
        key = (game.name, players)
        if key not in self._spiel_games:
            params = {"turn_based": True}  # secret choices one player at a time (a no-op elsewhere)
            if "players" in game.Options.model_fields:
                params["players"] = players
            spiel_game = CredoSpielGame(game.name, params)
            # the actions are the view's game's (its content may not be the default)
            spiel_game.env_game.game = game
            self._spiel_games[key] = spiel_game
        return self._spiel_games[key]

    def choose(self, view: PlayerView) -> Action:
        problem = self.unsuited(view.game)
        if problem:
            raise ValueError(problem)
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        me = view.player
        world = view.sample_world(self.rng)
        # The others choosing in secret at the same time choose first, at random: their choice
        # stays hidden from this player until all are in, so it changes nothing the player knows,
        # and OpenSpiel's searches take one player at a time.
        for other in tuple(world.to_move):
            if other == me:
                break
            world.apply(self.rng.choice(world.legal_actions(other)), other)
        state = self._spiel_game(view.game, world.num_players).new_initial_state()
        state._held = _Held(world)
        random_state = np.random.RandomState(self.rng.next64() % 2**32)
        evaluator = (CutRolloutEvaluator(random_state) if self.rollout == "cut"
                     else mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state))
        search = self._ismcts if self.search == "ismcts" else self._mcts
        best = search(state, evaluator, random_state, deadline)
        for action in actions:
            if action.index == best:
                return action
        return self.rng.choice(list(actions))  # no simulation finished inside the time cap

    def _ismcts(self, state, evaluator, random_state, deadline: float | None) -> int | None:
        bot = ismcts.ISMCTSBot(state.get_game(), evaluator, self.uct_c, self.iterations, random_state=random_state)
        bot.set_resampler(lambda s, player: s.resample_from_infostate(player, random_state.uniform))
        # OpenSpiel's run_search, with a clock checked before every simulation
        bot.reset()
        root = bot._root_node = bot.create_new_node(state)
        done = 0
        while done < self.iterations and (deadline is None or time.perf_counter() < deadline):
            bot.run_simulation(bot.sample_root_state(state))
            done += 1
        self.last_iterations = done
        if not root.child_info:
            return None
        return max(root.child_info.items(), key=lambda kv: (kv[1].visits, -kv[0]))[0]

    def _mcts(self, state, evaluator, random_state, deadline: float | None) -> int | None:
        bot = mcts.MCTSBot(state.get_game(), self.uct_c, self.iterations, evaluator, solve=False,
                           random_state=random_state)
        # OpenSpiel's mcts_search (without the solver), with a clock checked before every simulation
        root = mcts.SearchNode(None, state.current_player(), 1)
        done = 0
        while done < self.iterations and (deadline is None or time.perf_counter() < deadline):
            visit_path, working = bot._apply_tree_policy(root, state)
            returns = working.returns() if working.is_terminal() else evaluator.evaluate(working)
            while visit_path:
                decider = -1  # chance nodes' rewards are their decision-maker's
                while visit_path[decider].player == pyspiel.PlayerId.CHANCE:
                    decider -= 1
                target = returns[visit_path[decider].player]
                node = visit_path.pop()
                node.total_reward += target
                node.explore_count += 1
            done += 1
        self.last_iterations = done
        if not root.children:
            return None
        return root.best_child().action


def _resolve(name: str):
    match = _NAME.fullmatch(name)
    if match is None:
        return None
    search, iterations, seconds = match.group(1), int(match.group(2)), match.group(3)
    cap = float(seconds) if seconds else None
    if cap is not None and cap <= 0:
        return None
    return lambda seed: OpenSpielAgent(seed, search, iterations, cap)


register_family("openspiel-", _resolve)
