"""Win Conditions and the Check for Win Conditions."""

from credo.games.divine import rules as R

from .conftest import U, make, rules_cited

TOWERS = ("i7", "f9", "m10", "m18")


def test_capture_a_unit_on_each_of_the_four_towers_at_the_end_of_your_turn(game):
    units = [U(0, "zealot", sq) for sq in TOWERS[:3]] + [U(0, "priest", "m17"), U(1, "priest", "r1")]
    s = make(game, *units, temples={"e2": 0, "l2": 1}, allowance=3)
    s.apply("move m17 m18")
    assert not s.is_over  # the check comes at the end of the turn
    s.apply("end")
    assert s.is_over and s.winners == (0,)
    assert R.CAPTURE in rules_cited(s)


def test_capture_counts_only_for_the_player_whose_turn_ends(game):
    units = [U(1, "zealot", sq) for sq in TOWERS] + [U(0, "priest", "r1")]
    s = make(game, *units, temples={"e2": 0, "l2": 1})
    s.apply("end")
    assert not s.is_over
    s.apply("end")
    assert s.winners == (1,)


def test_dominance_no_other_player_controls_a_temple(game):
    s = make(game, U(0, "zealot", "l2"), U(1, "priest", "r1"), temples={"e2": 0, "l2": 1})
    s.apply("desecrate l2")
    assert not s.is_over
    s.apply("end")
    assert s.winners == (0,)
    assert R.DOMINANCE in rules_cited(s)


def test_dominance_needs_every_other_player_without_a_temple(game):
    s = make(game, U(0, "zealot", "l2"), U(1, "priest", "r1"), U(2, "priest", "r3"),
             temples={"e2": 0, "l2": 1, "q3": 2}, players=3)
    s.apply("desecrate l2")
    s.apply("end")
    assert not s.is_over


def test_no_one_wins_by_dominance_when_no_one_holds_a_temple(game):
    s = make(game, U(0, "zealot", "l2"), U(1, "priest", "r1"), temples={"l2": 1})
    s.apply("desecrate l2")
    s.apply("end")
    assert not s.is_over


def test_prevalence_100_follower_tokens(game):
    s = make(game, U(0, "priest", "e3"), U(1, "priest", "r1"), temples={"e2": 0, "l2": 1}, followers=[97, 10])
    s.apply("preach e3")
    s.apply("end")
    assert s.winners == (0,)
    assert R.PREVALENCE in rules_cited(s)


def test_two_players_reaching_a_win_condition_the_most_divinity_wins(game):
    s = make(game, U(0, "priest", "e3"), U(1, "priest", "r1"), temples={"e2": 0, "l2": 1},
             followers=[97, 100], divinity=[1, 3])
    s.apply("preach e3")  # player 1: 100 tokens and 4 Divinity against player 2's 3
    s.apply("end")
    assert s.winners == (0,)
    s = make(game, U(0, "priest", "a1"), U(1, "priest", "r1"), temples={"e2": 0, "l2": 1},
             followers=[99, 100], divinity=[1, 3])
    s.apply("preach a1")  # 2 Divinity against 3
    s.apply("end")
    assert s.winners == (1,)
    assert R.CHECK in rules_cited(s)


def test_a_divinity_tie_goes_to_followers_then_turn_order(game):
    s = make(game, U(0, "priest", "a1"), U(1, "priest", "r1"), temples={"e2": 0, "l2": 1},
             followers=[99, 100], divinity=[1, 2])
    s.apply("preach a1")  # 100 tokens and 2 Divinity each: the turn's player first
    s.apply("end")
    assert s.winners == (0,)
    assert R.R_TIE in rules_cited(s)
