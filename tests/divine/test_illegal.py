"""Every kind of illegal action is refused naming the rule, and changes nothing."""

import pytest

from credo.games.divine import rules as R
from credo.kernel import IllegalAction, NotationError

from .conftest import U, make, refused


@pytest.fixture
def s(game):
    return make(game, U(0, "priest", "c3"), U(0, "zealot", "h3", acted=True), U(1, "priest", "c4"),
                U(1, "zealot", "h4"), temples={"e2": 0, "l2": 1}, hands=[["wrath"], ["watchful"]],
                divinity=[1, 2])


def test_moving_another_players_unit(s):
    refused(s, "move c4 c5", R.MOVE, "player 2's")


def test_moving_from_an_empty_space(s):
    refused(s, "move a1 a2", R.MOVE, "no Unit")


def test_an_ability_of_another_players_unit(s):
    refused(s, "preach c4", R.ABILITY, "not yours")


def test_an_ability_of_the_wrong_unit_kind(s):
    refused(s, "assassinate c3 c4", R.ASSASSINATE, "ability of Zealots")
    refused(s, "preach h3", R.PREACH, "ability of Priests")


def test_a_second_ability(s):
    refused(s, "attack h3 h4", R.BASIC, "already used an ability")


def test_a_card_too_dear(s):
    refused(s, "play wrath c4", R.CARDS, "costs 3 Divinity")


def test_a_card_on_a_wrong_target(game):
    s = make(game, U(0, "priest", "c3"), U(1, "priest", "c4"), temples={"e2": 0, "l2": 1},
             hands=[["wrath", "schism", "watchful"], []], divinity=[5, 1])
    refused(s, "play wrath c3", R.INTERVENTION, "another player's Unit")
    refused(s, "play wrath a1", R.INTERVENTION, "no Unit")
    refused(s, "play schism p1", R.COVENANT, "not another player")
    refused(s, "play schism p3", R.COVENANT, "not another player")
    refused(s, "play watchful c4", R.INTERVENTION, "your own Units")


def test_pass_outside_a_window(s):
    refused(s, "pass", R.R_WINDOW, "nothing to respond to")


def test_acting_in_a_window_instead_of_responding(s):
    s.apply("preach c3")
    assert s.to_move == (1,)
    refused(s, "end", R.R_WINDOW, "respond", player=1)
    refused(s, "move c4 c5", R.R_WINDOW, "respond", player=1)


def test_playing_out_of_turn(s):
    with pytest.raises(IllegalAction) as err:
        s.apply("end", 1)
    assert err.value.rule == R.TURN


def test_setup_actions_after_setup(s):
    refused(s, "place priest e7", R.SETUP, "setup is over")


def test_acting_when_the_game_is_over(game):
    s = make(game, U(0, "zealot", "l2"), U(1, "priest", "r1"), temples={"e2": 0, "l2": 1})
    s.apply("desecrate l2")
    s.apply("end")
    assert s.is_over
    with pytest.raises(IllegalAction) as err:
        s.apply("end", 0)
    assert err.value.rule == R.END


def test_text_that_is_no_action(game):
    with pytest.raises(NotationError):
        game.parse_action("fly c3 z9")
    with pytest.raises(NotationError):
        game.parse_action("move c3 c5")  # two spaces: moves are one space at a time
