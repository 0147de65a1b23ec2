"""Units/Abilities (divine.txt): Priests, Zealots, Prophets, Avatars, training."""

import pytest

from credo.games.divine import rules as R

from .conftest import U, at, end_turn, legal, make, public, refused, rules_cited, seed_for, temple_owner, texts, unit_at


# --- Priest -------------------------------------------------------------------------
def test_preach_gains_tokens_and_divinity_equal_to_the_population(game):
    s = make(game, U(0, "priest", "e3"), U(1, "priest", "r18"))  # e3: Population 3
    s.apply("preach e3")
    assert at(s, "followers")[0] == 13 and at(s, "divinity")[0] == 4
    assert R.PREACH in rules_cited(s)


def test_preach_on_a_population_one_space(game):
    s = make(game, U(0, "priest", "a1"), U(1, "priest", "r18"))
    s.apply("preach a1")
    assert at(s, "followers")[0] == 11 and at(s, "divinity")[0] == 2


def test_no_preaching_where_there_is_no_population(game):
    s = make(game, U(0, "priest", "i7"), U(1, "priest", "r18"))  # a Tower
    assert "preach i7" not in legal(s)
    refused(s, "preach i7", R.PREACH, "no Population")


@pytest.mark.parametrize("square, place", [("i4", "Catacomb"), ("h17", "Library"), ("c16", "Market")])
def test_no_preaching_on_a_catacomb_the_library_or_the_market(game, square, place):
    # "Cannot Preach on spaces without Population numbers": a Population space is any that is not a Tower,
    # Catacomb, Library, Market or Temple
    s = make(game, U(0, "priest", square), U(1, "priest", "r18"))
    assert f"preach {square}" not in legal(s)
    refused(s, f"preach {square}", R.PREACH, "no Population")


def test_no_preaching_on_a_temple_another_player_controls(game):
    s = make(game, U(0, "priest", "g5"), U(1, "priest", "r18"), temples={"g5": 1, "l2": 0})
    refused(s, "preach g5", R.PREACH, "another player")
    s2 = make(game, U(0, "priest", "g5"), U(1, "priest", "r18"), temples={"g5": 0, "l2": 1})
    s2.apply("preach g5")  # own Temple: its printed Population of 1 (ruling R-4)
    assert at(s2, "followers")[0] == 11


def test_establish_places_a_control_marker_on_the_temple(game):
    s = make(game, U(0, "priest", "g5"), U(1, "priest", "r18"), temples={"e2": 0, "l2": 1})
    s.apply("establish g5")
    assert temple_owner(s, "g5") == 0
    assert public(s, 0)["temples"] == 2 and public(s, 0)["markers_left"] == game.markers - 2
    assert R.ESTABLISH in rules_cited(s)


def test_establish_only_on_a_temple_no_one_controls(game):
    s = make(game, U(0, "priest", "g5"), U(1, "priest", "r18"), temples={"g5": 1, "l2": 0})
    assert "establish g5" not in legal(s)
    refused(s, "establish g5", R.ESTABLISH, "already controlled")
    s2 = make(game, U(0, "priest", "c3"), U(1, "priest", "r18"))
    refused(s2, "establish c3", R.R_ESTABLISH, "not a Temple")


def test_with_no_markers_left_a_marker_is_taken_back_from_an_unoccupied_space(game):
    temples = {"e2": 0, "l2": 0, "q3": 0, "b5": 0, "n5": 0, "r14": 1}
    s = make(game, U(0, "priest", "g5"), U(0, "zealot", "e2"), U(1, "priest", "r18"), temples=temples)
    assert public(s, 0)["markers_left"] == 0
    assert "establish g5" not in legal(s)
    refused(s, "establish g5", R.ESTABLISH, "no control markers left")
    assert "reclaim e2" not in legal(s)  # occupied
    refused(s, "reclaim e2", R.ESTABLISH, "unoccupied")
    s.apply("reclaim l2")
    assert temple_owner_is(s, "l2", None)
    s.apply("establish g5")
    assert temple_owner_is(s, "g5", 0) and public(s, 0)["markers_left"] == 0


def temple_owner_is(s, sq, who):
    return s.observation(None)["temples"][sq] == who


def test_vigilance_protects_a_priest_from_a_zealots_assassination(game):
    s = make(game, U(0, "zealot", "c3"), U(1, "priest", "c4", vigilance=True), U(1, "priest", "r18"))
    assert "assassinate c3 c4" not in legal(s)
    refused(s, "assassinate c3 c4", R.VIGILANCE, "Vigilance")


def test_vigil_turns_a_priest_vigilant_until_it_moves(game):
    s = make(game, U(0, "priest", "c3"), U(1, "priest", "r18"), temples={"e2": 0, "l2": 1})
    s.apply("vigil c3")
    assert unit_at(s, "c3")["vigilance"]
    end_turn(s)
    end_turn(s)
    s.apply("move c3 c4")
    assert not unit_at(s, "c4")["vigilance"]
    assert "loses Vigilance" in texts(s)[-1]


def test_a_priest_loses_vigilance_when_it_uses_another_ability(game):
    s = make(game, U(0, "priest", "c3", vigilance=True), U(1, "priest", "r18"))
    s.apply("preach c3")
    assert not unit_at(s, "c3")["vigilance"]


# --- Zealot ---------------------------------------------------------------------------
def test_a_zealot_assassinates_an_adjacent_priest(game):
    s = make(game, U(0, "zealot", "c3"), U(1, "priest", "c4"), U(1, "priest", "r18"))
    s.apply("assassinate c3 c4")
    assert unit_at(s, "c4") is None
    assert R.ASSASSINATE in rules_cited(s)


def test_assassinate_reaches_only_adjacent_priests(game):
    s = make(game, U(0, "zealot", "c3"), U(1, "zealot", "c4"), U(1, "priest", "e3"))
    assert not any(a.kind == "assassinate" for a in s.legal_actions())
    refused(s, "assassinate c3 c4", R.R_TARGETS, "Priests and Prophets")


def test_attack_two_dice_against_one_the_loser_is_destroyed(game):
    s = make(game, U(0, "zealot", "c3"), U(1, "zealot", "c4"), U(1, "priest", "r18"), seed=seed_for(6, 5, 3))
    s.apply("attack c3 c4")
    assert unit_at(s, "c4") is None and unit_at(s, "c3")["owner"] == 0
    assert any("rolls 6, 5 (11)" in t and "rolls 3 (3)" in t for t in texts(s))
    s = make(game, U(0, "zealot", "c3"), U(1, "zealot", "c4"), U(1, "priest", "r18"), seed=seed_for(1, 2, 6))
    s.apply("attack c3 c4")
    assert unit_at(s, "c3") is None and unit_at(s, "c4")["owner"] == 1


def test_attack_ties_destroy_both_units(game):
    s = make(game, U(0, "zealot", "c3"), U(1, "zealot", "c4"), U(1, "priest", "r18"), seed=seed_for(2, 2, 4))
    s.apply("attack c3 c4")
    assert unit_at(s, "c3") is None and unit_at(s, "c4") is None
    assert "both Units are destroyed" in " ".join(texts(s))


def test_attack_needs_an_adjacent_zealot_or_avatar(game):
    s = make(game, U(0, "zealot", "c3"), U(1, "priest", "c4"), U(1, "zealot", "c6"))
    assert not any(a.kind == "attack" for a in s.legal_actions())
    refused(s, "attack c3 c4", R.ATTACK, "Zealot or an Avatar")


def test_desecrate_removes_an_opponents_control_marker(game):
    s = make(game, U(0, "zealot", "g5"), U(1, "priest", "r18"), temples={"g5": 1, "l2": 1, "e2": 0})
    s.apply("desecrate g5")
    assert temple_owner_is(s, "g5", None) and public(s, 1)["markers_left"] == game.markers - 1
    assert R.DESECRATE in rules_cited(s)


def test_desecrate_only_on_an_opponents_temple(game):
    s = make(game, U(0, "zealot", "g5"), U(1, "priest", "r18"), temples={"g5": 0, "l2": 1})
    refused(s, "desecrate g5", R.DESECRATE, "not a Temple controlled by an opponent")
    s = make(game, U(0, "priest", "g5"), U(1, "priest", "r18"), temples={"g5": 1, "l2": 0})
    refused(s, "desecrate g5", R.DESECRATE, "ability of Zealots")


# --- training ---------------------------------------------------------------------------
def test_train_pays_1_divinity_at_an_unoccupied_temple_you_control(game):
    s = make(game, U(0, "priest", "c3"), U(1, "priest", "r18"), temples={"e2": 0, "l2": 1}, divinity=[2, 1])
    assert {"train priest e2", "train zealot e2"} <= legal(s)
    s.apply("train zealot e2")
    assert at(s, "divinity")[0] == 1 and unit_at(s, "e2")["kind"] == "zealot"
    assert R.TRAIN in rules_cited(s)


def test_no_training_without_divinity_or_at_an_occupied_or_foreign_temple(game):
    s = make(game, U(0, "priest", "e2"), U(1, "priest", "r18"), temples={"e2": 0, "g5": 0, "l2": 1}, divinity=[0, 1])
    refused(s, "train priest g5", R.TRAIN, "Divinity")
    s = make(game, U(0, "priest", "e2"), U(1, "priest", "r18"), temples={"e2": 0, "l2": 1}, divinity=[3, 1])
    refused(s, "train priest e2", R.TRAIN, "occupied")
    refused(s, "train priest l2", R.TRAIN, "not a Temple you control")


def test_units_cannot_move_or_act_on_the_turn_they_are_trained(game):
    s = make(game, U(0, "priest", "c3"), U(1, "priest", "r18"), temples={"e2": 0, "l2": 1}, divinity=[2, 1])
    s.apply("train priest e2")
    assert unit_at(s, "e2")["fresh"]
    refused(s, "preach e2", R.BASIC, "same turn")
    end_turn(s)
    end_turn(s)
    assert "preach e2" in legal(s) and any(a.startswith("move e2 ") for a in legal(s))


def test_pieces_run_out(game):
    units = [U(0, "priest", sq) for sq in ("a1", "a3", "a5", "a7")] + [U(1, "priest", "r18")]
    s = make(game, *units, temples={"e2": 0, "l2": 1}, divinity=[3, 1])
    assert "train priest e2" not in legal(s) and "train zealot e2" in legal(s)
    refused(s, "train priest e2", R.R_MARKERS, "pieces are on the board")


# --- Prophet and Avatar ----------------------------------------------------------------------
def test_a_prophet_preaches_twice_the_tokens_and_no_divinity(game):
    s = make(game, U(0, "prophet", "e3"), U(1, "priest", "r18"))
    s.apply("preach e3")
    assert at(s, "followers")[0] == 16 and at(s, "divinity")[0] == 1
    assert R.PROPHET in rules_cited(s)


def test_a_prophet_has_the_priests_abilities(game):
    s = make(game, U(0, "prophet", "g5", vigilance=False), U(1, "priest", "r18"), temples={"e2": 0, "l2": 1})
    assert {"preach g5", "establish g5", "vigil g5"} <= legal(s)
    s.apply("establish g5")
    assert temple_owner_is(s, "g5", 0)


def test_a_prophet_converts_an_adjacent_priest_or_zealot(game):
    s = make(game, U(0, "prophet", "c3"), U(1, "zealot", "c4"), U(1, "priest", "d3"), U(1, "priest", "r18"))
    assert {"convert c3 c4", "convert c3 d3"} <= legal(s)
    s.apply("convert c3 c4")
    assert unit_at(s, "c4")["owner"] == 0 and unit_at(s, "c4")["kind"] == "zealot"
    assert R.CONVERT in rules_cited(s)


def test_a_prophet_cannot_convert_advanced_units(game):
    s = make(game, U(0, "prophet", "c3"), U(1, "avatar", "c4"), U(1, "priest", "r18"))
    refused(s, "convert c3 c4", R.CONVERT, "only Priests and Zealots")
    s = make(game, U(0, "priest", "c3"), U(1, "zealot", "c4"), U(1, "priest", "r18"))
    refused(s, "convert c3 c4", R.CONVERT, "only a Prophet")


def test_prophets_always_have_vigilance(game):
    s = make(game, U(0, "zealot", "c3"), U(1, "prophet", "c4"), U(1, "priest", "r18"))
    assert "assassinate c3 c4" not in legal(s)
    s = make(game, U(0, "prophet", "c3"), U(1, "priest", "r18"), allowance=3)
    s.apply("move c3 c4")
    assert unit_at(s, "c4")["vigilance"]


def test_a_prophet_regains_vigilance_at_the_start_of_its_turn(game):
    s = make(game, U(0, "prophet", "c3", vigilance=False), U(1, "priest", "r18"), temples={"e2": 0, "l2": 1},
             current=1, turn=2)
    assert not unit_at(s, "c3")["vigilance"]
    s.apply("end")
    assert unit_at(s, "c3")["vigilance"]
    assert R.R_PROPHET_VIGIL in rules_cited(s)


def test_an_avatar_assassinates_through_vigilance(game):
    s = make(game, U(0, "avatar", "c3"), U(1, "priest", "c4", vigilance=True), U(1, "prophet", "d3"),
             U(1, "priest", "r18"))
    assert {"assassinate c3 c4", "assassinate c3 d3"} <= legal(s)
    s.apply("assassinate c3 d3")
    assert unit_at(s, "d3") is None
    assert R.AVATAR in rules_cited(s)


def test_an_avatar_rolls_three_dice_on_offence(game):
    s = make(game, U(0, "avatar", "c3"), U(1, "zealot", "c4"), U(1, "priest", "r18"), seed=seed_for(2, 2, 1, 4))
    s.apply("attack c3 c4")
    assert unit_at(s, "c4") is None  # 5 beats 4; two dice (2, 2) would only have tied
    assert any("rolls 2, 2, 1 (5)" in t for t in texts(s))


def test_an_avatar_rolls_three_dice_on_defence(game):
    s = make(game, U(0, "zealot", "c3"), U(1, "avatar", "c4"), U(1, "priest", "r18"), seed=seed_for(6, 6, 4, 4, 4))
    s.apply("attack c3 c4")
    assert unit_at(s, "c4") is None  # 12 beats 4+4+4
    s = make(game, U(0, "zealot", "c3"), U(1, "avatar", "c4"), U(1, "priest", "r18"), seed=seed_for(6, 5, 4, 4, 4))
    s.apply("attack c3 c4")
    assert unit_at(s, "c3") is None  # 11 loses to 12
    assert any("rolls 4, 4, 4 (12)" in t for t in texts(s))


def test_advanced_units_come_only_from_their_cards(game):
    import pytest

    from credo.kernel import NotationError

    for text in ("train prophet e2", "train avatar e2"):
        with pytest.raises(NotationError):
            game.parse_action(text)


def test_at_most_two_advanced_units_on_the_board(game):
    s = make(game, U(0, "prophet", "c3"), U(0, "avatar", "c5"), U(1, "priest", "r18"), temples={"e2": 0, "l2": 1},
             hands=[["arrival"], []], divinity=[5, 1])
    assert "play arrival e2" not in legal(s)
    refused(s, "play arrival e2", R.ADVANCED, "only have 2 Advanced Units")
