"""Intervention: "Can be played at any time." Besides answering cards and abilities,
the other players get a window at each step of your turn and after each of your
moves (Credo ruling R-25): in the Draw Step (before the roll), in the Move Step
before your first decision, after every move, and after `end` before the Check for
Win Conditions. Everyone who could pay is asked alike, holding an Intervention or not,
and a seat may waive these windows in the options (`auto_pass`), publicly."""

from __future__ import annotations

import pytest

from credo.games.divine import rules as R
from credo.kernel import IllegalAction

from .conftest import U, end_turn, legal, let_pass, make, texts

HOME = {"e2": 0, "l2": 1}


def obs(s):
    return s.observation(None)


def test_an_intervention_in_your_move_step_after_a_move(game):
    s = make(game, U(0, "priest", "c3"), U(1, "priest", "r18"), temples=HOME, hands=[[], ["watchful"]],
             divinity=[1, 1], allowance=5)
    s.apply("move c3 c4")
    o = obs(s)
    assert o["to_move"] == [1] and o["current"] == 0 and o["step"] == "move" and o["stack"] == []
    assert legal(s, 1) == {"play watchful r18", "pass"}
    s.apply("play watchful r18")
    assert unit_at_flags(s, "r18")["vigilance"]
    o = obs(s)
    assert o["to_move"] == [0] and o["allowance"] == 4  # the mover goes on with what is left
    assert "move c4 c5" in legal(s)


def unit_at_flags(s, square):
    return next(u for u in obs(s)["units"] if u["square"] == square)


def test_a_window_in_the_draw_step_before_the_roll_and_another_before_your_first_decision(game):
    # player 1 ends; player 2 draws; player 1 may play before player 2 rolls, and again after
    s = make(game, U(0, "priest", "c3"), U(1, "priest", "r18"), temples=HOME, hands=[["plague", "watchful"], []],
             divinity=[3, 1])
    s.apply("end")  # player 2 holds no card: no one is asked at the end of player 1's turn
    o = obs(s)
    assert o["current"] == 1 and o["step"] == "draw" and o["to_move"] == [0] and o["allowance"] == 0
    assert not [t for t in texts(s) if t.startswith("Move Step: player 2")]  # no roll yet
    s.apply("play plague")
    assert obs(s)["to_move"] == [1] and obs(s)["stack"]  # player 2 (who drew a card) may answer it
    s.apply("pass")
    told = texts(s)
    plague = max(i for i, t in enumerate(told) if "Plague: player 2 loses" in t)
    roll = max(i for i, t in enumerate(told) if t.startswith("Move Step: player 2"))
    assert plague < roll  # the Intervention came in the Draw Step, before the dice
    o = obs(s)
    assert o["step"] == "move" and o["to_move"] == [0] and o["allowance"] >= 1  # before player 2's first decision
    assert "play watchful c3" in legal(s, 0)
    s.apply("pass")
    assert obs(s)["to_move"] == [1]


def test_an_intervention_after_end_comes_before_the_check_for_win_conditions(game):
    # player 1 reaches 100 Follower Tokens; player 2's Plague at the end of the turn denies Prevalence
    s = make(game, U(0, "priest", "c3"), U(1, "priest", "r18"), temples=HOME, hands=[[], ["plague"]],
             divinity=[1, 2], followers=[100, 10])
    s.apply("end")
    o = obs(s)
    assert o["step"] == "end" and o["to_move"] == [1] and o["winner"] is None
    s.apply("play plague")
    o = obs(s)
    assert o["players_state"][0]["followers"] == 98 and o["winner"] is None and o["current"] == 1
    # without the Plague the turn ends in a win
    s = make(game, U(0, "priest", "c3"), U(1, "priest", "r18"), temples=HOME, hands=[[], ["plague"]],
             divinity=[1, 2], followers=[100, 10])
    end_turn(s)
    assert obs(s)["winner"] == 0


def test_with_nothing_on_the_stack_a_denial_has_nothing_to_answer(game):
    s = make(game, U(0, "priest", "c3"), U(1, "priest", "r18"), temples=HOME, hands=[[], ["denial", "chains"]],
             divinity=[1, 3])
    s.apply("move c3 c4")
    assert legal(s, 1) == {"play chains c4", "pass"}
    with pytest.raises(IllegalAction):
        s.apply("play denial", 1)


def test_every_player_who_could_pay_is_asked_alike_holding_an_intervention_or_not(game):
    views = []
    for hand in (["wrath", "plague"], ["miracle", "arrival"]):  # Interventions, or Covenants only
        s = make(game, U(0, "priest", "c3"), U(1, "priest", "r18"), temples=HOME, hands=[[], hand],
                 divinity=[1, 3])
        s.apply("move c3 c4")
        views.append((s.observation(0), [e.text for e in s.events(0)]))
    assert views[0] == views[1]
    assert views[0][0]["to_move"] == [1]
    # a player who cannot pay for any Intervention (public: Divinity 0) is not asked
    s = make(game, U(0, "priest", "c3"), U(1, "priest", "r18"), temples=HOME, hands=[[], ["plague"]],
             divinity=[1, 0])
    s.apply("move c3 c4")
    assert obs(s)["to_move"] == [0]


def through_setup(game, seed, **options):
    s = game.new(seed, players=2, **options)
    while s.observation(None)["phase"] != "play":
        s.apply(s.legal_actions()[0])
    return s


def test_a_seat_that_waives_the_step_windows_is_still_asked_in_answer_to_abilities(game):
    seed = next(k for k in range(50) if game.new(k, players=2).observation(None)["order"][0] == 0)
    s = through_setup(game, seed)
    assert obs(s)["step"] == "draw" and obs(s)["to_move"] == [1]  # seat 2 holds 4 cards and 1 Divinity
    s = through_setup(game, seed, auto_pass=[2])
    o = obs(s)
    assert o["step"] == "move" and o["to_move"] == [0] and o["allowance"] >= 1
    mover = next(a for a in s.legal_actions() if a.kind == "move")
    s.apply(mover)
    assert obs(s)["to_move"] == [0]  # no window after the move for seat 2
    vigil = next(a for a in s.legal_actions() if a.kind == "vigil")
    s.apply(vigil)
    assert obs(s)["to_move"] == [1] and obs(s)["stack"]  # but an ability is answered as before
    assert through_setup(game, seed, auto_pass="all").observation(None)["to_move"] == [0]


def test_auto_pass_names_seats_of_the_game(game):
    with pytest.raises(Exception) as err:
        game.new(0, players=2, auto_pass=[3])
    assert "auto_pass" in str(err.value) and "seat 3 is not in the game" in str(err.value)


def test_train_with_exactly_one_divinity(game):
    # every player starts with 1 Divinity, and Train costs 1: it is enough
    s = make(game, U(0, "priest", "c3"), U(1, "priest", "r18"), temples=HOME, divinity=[1, 1])
    assert {"train priest e2", "train zealot e2"} <= legal(s)
    s.apply("train zealot e2")
    let_pass(s)
    o = obs(s)
    assert o["players_state"][0]["divinity"] == 0
    assert unit_at_flags(s, "e2")["kind"] == "zealot" and unit_at_flags(s, "e2")["owner"] == 0
    assert R.TRAIN in [e.rule for e in s.events(None)]
    assert not {a for a in legal(s) if a.startswith("train")}  # and none is left for a second
