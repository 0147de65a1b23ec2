"""The search stops early only where the rest of its budget could not change its answer."""

import pytest

from credo import games
from credo.agents.mcts import MctsAgent
from credo.kernel import PlayerView, Rng


@pytest.mark.parametrize("name", games.names())
def test_a_search_stops_once_the_rest_of_its_budget_could_not_change_its_answer(name):
    """The most visited action is the answer: once it leads every other by more visits than the
    iterations left, the search stops there, and the answer is the one the whole budget gives."""
    game = games.load(name)
    state = game.new(7)
    rng = Rng(7)
    views = []
    while not state.is_over and len(views) < 6:
        player = state.to_move[0]
        if len(state.legal_actions(player)) > 1:
            views.append(PlayerView(state.copy(), player, seed=len(views)))
        state.apply(game.rollout_action(state, player, rng), player)
    saved = 0
    for view in views:
        early, whole = MctsAgent(3, iterations=300), MctsAgent(3, iterations=300, stop_when_settled=False)
        assert early.choose(view) == whole.choose(view)
        assert whole.last_iterations == 300 and early.last_iterations <= 300
        assert early.effort.settled == (early.last_iterations < 300)
        saved += 300 - early.last_iterations
    assert saved > 0
