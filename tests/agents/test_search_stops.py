"""The search stops early only where the rest of its budget could not change its answer."""

import pytest

from credo import games
from credo.agents import mcts
from credo.agents.mcts import MctsAgent
from credo.kernel import PlayerView, Rng


def _decisions(name: str, seed: int, count: int = 6) -> list[PlayerView]:
    """The first `count` decisions with a choice of a game the rollout policy plays, as views."""
    game = games.load(name)
    state = game.new(seed)
    rng = Rng(seed)
    views = []
    while not state.is_over and len(views) < count:
        player = state.to_move[0]
        if len(state.legal_actions(player)) > 1:
            views.append(PlayerView(state.copy(), player, seed=len(views)))
        state.apply(game.rollout_action(state, player, rng), player)
    return views


@pytest.mark.parametrize("name", games.names())
def test_a_search_stops_once_the_rest_of_its_budget_could_not_change_its_answer(name):
    """The most visited action is the answer: once it leads every other by more visits than the
    iterations left, the search stops there, and the answer is the one the whole budget gives."""
    views = _decisions(name, 7)
    saved = 0
    for view in views:
        early, whole = MctsAgent(3, iterations=300), MctsAgent(3, iterations=300, stop_when_settled=False)
        assert early.choose(view) == whole.choose(view)
        assert whole.last_iterations == 300 and early.last_iterations <= 300
        assert early.effort.settled == (early.last_iterations < 300)
        saved += 300 - early.last_iterations
    assert saved > 0


class _Clock:
    """A clock that crawls for its first `slow` readings, then all but stands still: a search
    that measures its pace early (a busy machine, a cold cache) and then runs fast."""

    def __init__(self, slow: int, step: float) -> None:
        self.now, self.readings, self.slow, self.step = 0.0, 0, slow, step

    def perf_counter(self) -> float:
        self.readings += 1
        self.now += self.step if self.readings <= self.slow else 1e-9
        return self.now


@pytest.mark.parametrize("name", games.names())
def test_a_clock_that_does_not_cut_changes_nothing_a_search_plays(name, monkeypatch):
    """A level is a budget and a time cap. Where the cap does not end a decision, the decision is
    the one the budget alone gives, however fast the clock ran: the same answer after the same
    iterations, so a level's game replays on any machine at any load. A stop that judged the
    iterations left by the pace so far ended these searches early, each at its own pace."""
    views = _decisions(name, 11)
    for view in views:
        unclocked = MctsAgent(3, iterations=300)
        answer = unclocked.choose(view)
        # 3 s of the 4 s cap go on the first 60 readings: judged by that pace, the clock would
        # leave a third as many iterations as were done, though it never reaches the cap
        monkeypatch.setattr(mcts, "time", _Clock(slow=60, step=0.05))
        clocked = MctsAgent(3, iterations=300, seconds=4.0)
        assert clocked.choose(view) == answer
        monkeypatch.undo()
        assert clocked.last_iterations == unclocked.last_iterations
        assert clocked.effort.cut == 0 and clocked.effort.settled == unclocked.effort.settled
