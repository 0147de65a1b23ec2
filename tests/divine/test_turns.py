"""Turn Steps (divine.txt, "Turn Steps"): draw, move, abilities, win check, end."""

from credo.games.divine import rules as R

from .conftest import U, at, end_turn, hand_sizes, legal, make, refused, rules_cited, seed_for, texts, unit_at


def test_draw_step_draws_a_divinity_card(game):
    s = make(game, U(0, "priest", "e2"), U(1, "priest", "l2"), temples={"e2": 0, "l2": 1},
             step="ability", allowance=0, deck=["wrath", "miracle", "plague"])
    s.apply("end")
    assert at(s, "current") == 1 and hand_sizes(s)[1] == 1
    assert s.observation(1)["hand"] == ["plague"]
    assert at(s, "deck") == ["wrath", "miracle"]


def test_library_gives_an_extra_card_in_the_draw_step(game):
    s = make(game, U(0, "priest", "e2"), U(1, "priest", "l2"), U(1, "zealot", "h17"), temples={"e2": 0, "l2": 1},
             step="ability", allowance=0)
    start = len(s.log)
    s.apply("end")
    assert hand_sizes(s)[1] == 2
    assert R.LIBRARY in rules_cited(s, start)


def test_the_library_serves_only_the_player_whose_unit_is_there(game):
    s = make(game, U(0, "priest", "e2"), U(0, "zealot", "h17"), U(1, "priest", "l2"), temples={"e2": 0, "l2": 1},
             step="ability", allowance=0)
    s.apply("end")
    assert hand_sizes(s)[1] == 1


def test_move_step_rolls_one_die_per_temple_controlled(game):
    seed = seed_for(4, 2, 5)
    s = make(game, U(0, "priest", "e2"), U(1, "priest", "l2"), temples={"e2": 0, "l2": 1, "q3": 1, "b5": 1},
             step="ability", allowance=0, seed=seed)
    s.apply("end")
    assert at(s, "allowance") == 11
    assert any("rolls 4, 2, 5" in t for t in texts(s))


def test_a_player_without_temples_rolls_no_dice(game):
    s = make(game, U(0, "priest", "e2"), U(1, "priest", "l2"), U(1, "zealot", "a1"), U(2, "priest", "q3"),
             temples={"e2": 0, "b5": 0, "q3": 2}, players=3, step="ability", allowance=0)
    s.apply("end")
    assert at(s, "current") == 1 and not s.is_over
    assert at(s, "allowance") == 0
    assert not any(a.kind == "move" for a in s.legal_actions())


def test_the_allowance_is_divided_among_any_units(game):
    s = make(game, U(0, "priest", "c3"), U(0, "zealot", "h3"), U(1, "priest", "r18"), allowance=3)
    s.apply("move c3 c4")
    s.apply("move h3 h4")
    s.apply("move c4 c5")
    assert at(s, "allowance") == 0
    assert unit_at(s, "c5")["kind"] == "priest" and unit_at(s, "h4")["kind"] == "zealot"
    assert not any(a.kind == "move" for a in s.legal_actions())
    refused(s, "move c5 c6", R.MOVE, "used up")


def test_units_cannot_move_through_or_onto_another_unit(game):
    s = make(game, U(0, "zealot", "c3"), U(1, "priest", "c4"), U(0, "priest", "d3"), allowance=5)
    assert "move c3 c4" not in legal(s) and "move c3 d3" not in legal(s)
    refused(s, "move c3 c4", R.MOVE, "occupied")
    refused(s, "move c3 c5", "", "")  # no such step: not even an action of one step


def test_the_allowance_need_not_all_be_used(game):
    s = make(game, U(0, "priest", "c3"), U(1, "priest", "r18"), allowance=6)
    s.apply("move c3 c4")
    s.apply("end")
    assert at(s, "current") == 1


def test_a_unit_on_a_catacomb_jumps_to_another_for_one_point(game):
    s = make(game, U(0, "zealot", "i3"), U(1, "priest", "r18"), allowance=2)
    s.apply("move i3 i4")
    assert "move i4 p10" in legal(s) and "move i4 d10" in legal(s) and "move i4 i16" in legal(s)
    start = len(s.log)
    s.apply("move i4 p10")
    assert at(s, "allowance") == 0 and unit_at(s, "p10")
    assert R.CATACOMBS in rules_cited(s, start)


def test_a_catacomb_jump_needs_allowance_and_a_free_catacomb(game):
    s = make(game, U(0, "zealot", "i4"), U(1, "priest", "p10"), allowance=1)
    assert "move i4 p10" not in legal(s)
    refused(s, "move i4 p10", R.MOVE, "occupied")
    s2 = make(game, U(0, "zealot", "i4"), U(1, "priest", "r18"), allowance=0)
    refused(s2, "move i4 d10", R.MOVE, "used up")


def test_abilities_come_after_the_move_step(game):
    s = make(game, U(0, "priest", "c3"), U(0, "zealot", "h3"), U(1, "priest", "r18"), allowance=4)
    s.apply("preach c3")
    assert at(s, "allowance") == 0 and at(s, "step") == "ability"
    refused(s, "move h3 h4", R.ABILITY, "Move Step")
    assert R.R_ABILITY_ENDS_MOVE in rules_cited(s)


def test_each_unit_uses_one_ability_per_turn(game):
    s = make(game, U(0, "priest", "c3"), U(1, "priest", "r18"))
    s.apply("preach c3")
    assert "vigil c3" not in legal(s)
    refused(s, "vigil c3", R.BASIC, "already used an ability")


def test_turns_pass_in_turn_order(game):
    s = make(game, U(0, "priest", "e2"), U(1, "priest", "l2"), U(2, "priest", "q3"),
             temples={"e2": 0, "l2": 1, "q3": 2}, players=3, order=[2, 0, 1], current=2, turn=1)
    seen = []
    for _ in range(4):
        seen.append(at(s, "current"))
        end_turn(s)
    assert seen == [2, 0, 1, 2]


def test_units_act_again_on_their_next_turn(game):
    s = make(game, U(0, "priest", "c3"), U(1, "priest", "r18"), temples={"e2": 0, "l2": 1})
    s.apply("preach c3")
    end_turn(s)
    end_turn(s)
    assert "preach c3" in legal(s)


def test_the_turn_limit_ends_the_game_in_a_draw(game):
    s = make(game, U(0, "priest", "e2"), U(1, "priest", "l2"), temples={"e2": 0, "l2": 1}, turn_limit=2)
    for _ in range(4):
        end_turn(s)
    assert s.is_over and s.winners == ()
    assert R.R_LIMIT in rules_cited(s)
    assert s.observation(None)["draw"]


def test_a_turn_is_bounded_in_decisions(game):
    from credo.games.divine.codes import MAX_DECISIONS

    s = make(game, U(0, "priest", "c3"), U(1, "priest", "r18"), decisions=MAX_DECISIONS)
    assert legal(s) == {"end"}
    refused(s, "preach c3", R.R_DECISIONS, "only 'end'")
