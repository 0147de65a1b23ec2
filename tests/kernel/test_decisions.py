"""Simultaneous secret choices and response windows, on the toy games."""

import json

import pytest

from credo.kernel import IllegalAction, PlayerView, Rng

from .toy_games import PrayerGame, RpsGame


def test_both_players_choose_at_once():
    s = RpsGame().new(1)
    assert s.to_move == (0, 1)
    assert len(s.legal_actions(0)) == 3 and len(s.legal_actions(1)) == 3


def test_a_simultaneous_choice_needs_the_player_named_and_changes_nothing_otherwise():
    s = RpsGame().new(1)
    before = json.dumps(s.to_position())
    with pytest.raises(IllegalAction) as err:
        s.apply("rock")
    assert err.value.rule == "Simultaneous choice"
    assert json.dumps(s.to_position()) == before and len(s.log) == 0


def test_a_player_commits_once_and_then_waits():
    s = RpsGame().new(1)
    s.apply("rock", 1)
    assert s.to_move == (0,)
    with pytest.raises(IllegalAction) as err:
        s.apply("paper", 1)
    assert err.value.rule == "Turn order"


@pytest.mark.parametrize("throw", ["rock", "paper", "scissors"])
def test_the_other_player_cannot_see_a_commitment(throw):
    reference = RpsGame().new(1)
    reference.apply("rock", 0)
    s = RpsGame().new(1)
    s.apply(throw, 0)
    assert s.observation(1) == reference.observation(1)
    assert [e.text for e in s.events(1)] == [e.text for e in reference.events(1)]
    assert PlayerView(s, 1).observation == PlayerView(reference, 1).observation
    # ...while the committing player sees their own throw
    assert s.observation(0)["commitments"]["own"] == ["rock", "paper", "scissors"].index(throw)
    assert any(throw in e.text for e in s.events(0))


def test_sampled_worlds_resample_the_hidden_commitment():
    s = RpsGame().new(1)
    s.apply("rock", 0)
    view = PlayerView(s, 1)
    seen = {view.sample_world(Rng(k)).commitments.choices[0] for k in range(30)}
    assert seen == {0, 1, 2}


def test_resolution_starts_when_all_have_committed():
    s = RpsGame().new(1)
    s.apply("rock", 0)
    assert s.scores == [0, 0]
    s.apply("scissors", 1)
    assert s.scores == [1, 0]
    assert s.to_move == (0, 1)
    assert any("rock against scissors" in e.text for e in s.events(None))


def test_response_window_order_and_passing():
    s = PrayerGame().new()
    s.apply("strike")
    assert s.to_move == (1,)  # the player who did not act answers first
    s.apply("pass")
    assert s.to_move == (0,)
    s.apply("pray")
    assert s.is_over and s.damage == 3


def test_each_player_answers_a_window_once():
    s = PrayerGame().new()
    s.apply("strike")
    s.apply("pray", 1)
    with pytest.raises(IllegalAction):
        s.apply("pray", 1)
    s.apply("pass", 0)
    assert s.damage == 1 and s.winners == (1,)
