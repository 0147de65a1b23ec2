"""The planner looks past the one-step evaluation to the end of its turn and through the
reply; `hard` is the agent each game names, within its time."""

from __future__ import annotations

import time

import pytest
from pydantic import BaseModel

from credo import games
from credo.agents import GreedyAgent, LevelAgent, PlannerAgent, is_agent, make_agent
from credo.agents.mcts import MctsAgent
from credo.kernel import ActionSpace, Game, IllegalAction, PlayerView, Rng, State

from .test_agents import midgame


class _NoOptions(BaseModel):
    pass


# A turn is two decisions of the same player, then the other player's one reply.
# Evaluations for player 0 after each sequence of moves:
VALUES = {
    ("feint",): 0.1,           # looks worse than "charge"...
    ("charge",): 0.2,
    ("feint", "strike"): 0.9,  # ...but sets up the decisive blow
    ("feint", "wait"): 0.0,
    ("charge", "strike"): 0.3,
    ("charge", "wait"): 0.25,
}
FIRST, SECOND, REPLY = ("feint", "charge"), ("strike", "wait"), ("parry", "yield")


class TwoStepGame(Game):
    name = "two-step"
    title = "Two steps and a reply"
    rules_version = "toy-1"
    Options = _NoOptions
    content_hash = "none"

    def __init__(self) -> None:
        self.actions = ActionSpace("two-step", "two-step:test",
                                   [(m, "move", (i,)) for i, m in enumerate(FIRST + SECOND + REPLY)])

    def new(self, seed: int = 0, **options) -> TwoStepState:
        return TwoStepState(self, Rng(seed))

    def _load_position(self, position: dict) -> TwoStepState:
        raise NotImplementedError

    def evaluate(self, state, player: int) -> float:
        mine = tuple(m for m in state.moves if m not in REPLY)
        value = VALUES.get(mine, 0.0)
        if "parry" in state.moves:
            value -= 0.05  # the reply cannot undo a strike
        return value if player == 0 else -value


class TwoStepState(State):
    __slots__ = ("moves",)
    num_players = 2

    def __init__(self, game, rng) -> None:
        super().__init__(game, rng)
        self.moves: tuple[str, ...] = ()

    @property
    def to_move(self):
        return () if self.is_over else ((0,) if len(self.moves) < 2 else (1,))

    @property
    def is_over(self) -> bool:
        return len(self.moves) >= 3

    @property
    def winners(self):
        return ()

    def _generate_legal(self, player):
        names = (FIRST, SECOND, REPLY)[len(self.moves)]
        return [self.game.actions.parse(n) for n in names]

    def _explain_illegal(self, action, player):
        return IllegalAction("Turn", "not now")

    def _apply(self, action, player):
        self.moves += (str(action),)

    def copy(self):
        s = TwoStepState(self.game, self.rng.copy())
        s.moves = self.moves
        return s

    def observation(self, player):
        return {"moves": list(self.moves)}

    def determinize(self, player, rng):
        return self.copy()

    def to_position(self):
        return {"moves": list(self.moves)}


def test_the_planner_sees_what_a_first_step_sets_up():
    game = TwoStepGame()
    view = PlayerView(game.new(0), 0)
    assert str(GreedyAgent(1).choose(view)) == "charge", "the one-step evaluation prefers the charge"
    planner = PlannerAgent(1)
    assert str(planner.choose(view)) == "feint"
    assert planner.last_scores[game.actions.parse("feint")] == pytest.approx(0.85)
    assert planner.last_scores[game.actions.parse("charge")] == pytest.approx(0.25)


def test_the_planner_plans_only_its_best_candidates():
    state = midgame()
    view = PlayerView(state, state.to_move[0])
    planner = PlannerAgent(3, candidates=2, seconds=None)
    action = planner.choose(view)
    assert action in state.legal_actions(state.to_move[0])
    assert len(planner.last_scores) == min(2, len(view.legal_actions))
    assert action in planner.last_scores


def test_the_planner_is_reproducible():
    state = midgame()
    view = PlayerView(state, state.to_move[0])
    assert PlannerAgent(5, seconds=None).choose(view) is PlannerAgent(5, seconds=None).choose(view)


@pytest.mark.parametrize("name", games.names())
def test_each_level_plays_the_agent_its_game_names_within_its_time(name):
    game = games.load(name)
    state = game.new(2)
    rng = Rng(2)
    for _ in range(30):  # into the game, where decisions are real
        if state.is_over:
            break
        p = state.to_move[0]
        state.apply(game.rollout_action(state, p, rng), p)
    player = state.to_move[0]
    assert set(game.levels) == {"easy", "medium", "hard"}
    for level in ("easy", "medium", "hard"):
        agent = make_agent(level, 1)
        assert isinstance(agent, LevelAgent) and agent.name == level
        start = time.perf_counter()
        action = agent.choose(PlayerView(state, player))
        assert time.perf_counter() - start < 2.0
        assert action in state.legal_actions(player)
        named = make_agent(game.levels[level])
        assert type(agent.inner) is type(named)
        assert getattr(agent.inner, "iterations", None) == getattr(named, "iterations", None)
        assert getattr(agent.inner, "playout_end", None) == getattr(named, "playout_end", None)
        assert getattr(agent.inner, "seconds", 0) is not None, "a level answers within its time, whatever the budget"


def test_in_dirge_the_levels_climb_from_greedy_through_the_planner_to_the_search():
    levels = games.load("dirge").levels
    assert (levels["easy"], levels["medium"], levels["hard"]) == ("greedy", "planner-turn", "mcts-4000")
    assert make_agent("planner-turn").reply_depth == 0 < make_agent("planner").reply_depth


def test_search_budgets_by_name():
    assert make_agent("mcts-50").iterations == 50
    assert isinstance(make_agent("ismcts-70"), MctsAgent) and make_agent("ismcts-70").iterations == 70
    assert is_agent("mcts-5") and not is_agent("mcts-0") and not is_agent("mcts-x") and not is_agent("planner-3")
    with pytest.raises(KeyError):
        make_agent("mcts-0")
    # a variant after the budget: how the playouts end, where not the game's own way
    turn = make_agent("mcts-60-turn")
    assert (turn.iterations, turn.playout_end, turn.normalize_values) == (60, "turn", True)
    assert make_agent("mcts-60").playout_end is None and make_agent("mcts-60").normalize_values is None
    assert make_agent("ismcts-60-turn").playout_end == "turn"
    assert not is_agent("mcts-60-deep") and not is_agent("mcts-turn") and not is_agent("mcts-60-turn-turn")
    from argparse import ArgumentTypeError

    from credo.interfaces.cli import _agent

    assert _agent("mcts-50") == "mcts-50" and _agent("hard") == "hard"
    with pytest.raises(ArgumentTypeError):
        _agent("mcts-")


def test_in_jol_hard_plays_its_search_through_the_rivals_turn_and_the_others_cut_it():
    game = games.load("jol")
    state = game.new(5)
    view = PlayerView(state, state.to_move[0])
    hard, plain = make_agent("hard", 1), make_agent("mcts", 1)
    hard.choose(view)
    assert (hard.inner.playout_end, hard.inner.normalize_values, hard.inner.seconds) == ("turn", True, 1.5)
    assert plain.playout_end is None and game.playout_end == "depth"  # mcts (and medium) keep the game's cut
