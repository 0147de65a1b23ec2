"""A trained policy as a Credo agent (credo.envs.policy), with stub models in place of a
trained network: what examples/train_ppo.py measures its learner by, without torch."""

from __future__ import annotations

import numpy as np
import pytest

from credo.agents import make_agent
from credo.arena.selfplay import play_game
from credo.envs import EnvGame
from credo.envs.policy import PolicyAgent, score_against
from credo.kernel import PlayerView


class HighestLegal:
    """Plays the legal action of highest index, and keeps what it was given."""

    def __init__(self) -> None:
        self.seen: list[tuple[np.ndarray, np.ndarray]] = []

    def predict(self, observation, *, action_masks, deterministic):
        assert deterministic
        self.seen.append((observation, action_masks))
        return np.int64(np.flatnonzero(action_masks)[-1]), None


class FirstIllegal:
    """Plays the first action its mask forbids: a model that ignores its mask."""

    def predict(self, observation, *, action_masks, deterministic):
        return int(np.flatnonzero(~action_masks)[0]), None


@pytest.mark.parametrize("game", ["dogma", "jol"])
def test_the_policy_sees_its_own_observation_and_exactly_the_legal_actions(game):
    env_game = EnvGame(game)
    model = HighestLegal()
    agent = PolicyAgent(model, env_game)
    views = []

    class Watching(PolicyAgent):
        def choose(self, view):
            views.append(view)
            return super().choose(view)

    watched = Watching(model, env_game)
    match = play_game(env_game.game, [watched, make_agent("random", 1)], 7, env_game.options)
    assert match.state.is_over and len(views) == len(model.seen) > 5
    for view, (observation, mask) in zip(views, model.seen, strict=True):
        assert np.array_equal(observation, env_game.encoder(view.observation))
        assert view.observation["player"] == 0
        assert sorted(np.flatnonzero(mask)) == sorted(a.index for a in view.legal_actions)
    assert agent.choose(views[0]).index == max(a.index for a in views[0].legal_actions)


def test_a_model_that_ignores_its_mask_is_told_which_action_was_illegal():
    env_game = EnvGame("dogma")
    state = env_game.new(3)
    view = PlayerView(state, state.to_move[0], seed=0)
    illegal = min(set(range(env_game.num_actions)) - {a.index for a in view.legal_actions})
    with pytest.raises(ValueError, match=f"action {illegal}, which is not legal now"):
        PolicyAgent(FirstIllegal(), env_game).choose(view)


def test_the_score_counts_the_measured_agents_seat_in_both_seats():
    """Greedy beats random at Dogma most of the time (10 of these 12 games, 12 of 12 from the
    other side): measured from either side of the duel, the score is the measured agent's."""
    env_game = EnvGame("dogma")
    strong, low, high = score_against(make_agent("greedy", 1), env_game, "random", games_per_seat=6, seed=3)
    weak, _, weak_high = score_against(make_agent("random", 1), env_game, "greedy", games_per_seat=6, seed=3)
    assert strong >= 0.75 and low > 0.5 and weak <= 0.25 and weak_high < 0.5
    assert low <= strong <= high


def test_the_score_is_a_duels():
    with pytest.raises(ValueError, match="duels; dogma here has 4 players"):
        score_against(make_agent("random", 0), EnvGame("dogma", players=4))
