"""Every kind of illegal action: it raises IllegalAction, cites the rulebook section
(or Credo ruling) it breaks, and leaves the state exactly as it was (same position,
same event log). See `assert_illegal` in conftest.py."""

from __future__ import annotations

import pytest

from credo.kernel import IllegalAction, NotationError

from .conftest import C, R, assert_illegal, play, start


def table(game, **kw):
    cards = {"c1": C("ridge", 0, "court"), "c2": C("lumen", 1, "court"), "c3": C("mesa", 0, "boog", ready=False),
             "c4": C("tide", 0), "c5": C("rally_cry", 0), "c6": C("vow_of_iron", 0), "c7": C("tidings", 0),
             "c8": C("prayer_of_wrath", 0), "c9": C("granite", 1), "c10": C("vow_of_burden", 0),
             "c11": C("terrisol_drill", 0), "c12": C("pip", 0, "limit"), "c13": C("dune", 0, "manifest", ready=False)}
    cards.update(kw.pop("extra", {}))
    return start(game, cards, **kw)


def test_unknown_notation(game):
    s = table(game)
    with pytest.raises(NotationError):
        s.apply("summon everything")
    assert_illegal(s, "fly c1", "Notation")


def test_cards_not_in_your_hand(game):
    s = table(game)
    assert_illegal(s, "summon c9 boog", R.CAPACITIES)  # the opponent's card
    assert_illegal(s, "summon c40 boog", R.CAPACITIES)  # not drawn yet
    assert_illegal(s, "summon c1 boog", R.CAPACITIES)  # already on the field


def test_a_card_played_with_the_wrong_family_verb(game):
    s = table(game)
    assert_illegal(s, "talent c4", R.SUMMON)  # c4 is a Cogum
    assert_illegal(s, "summon c5 boog", R.TALENT)
    assert_illegal(s, "talent c6 c1", R.VOW)
    assert_illegal(s, "vow c7 c1", R.PROPHECY)
    assert_illegal(s, "talent c8 c1", R.PRAYER)


def test_second_summon_and_full_lane(game):
    s = table(game, extra={"c14": C("bastion", 0, "court"), "c15": C("choir", 0)})
    assert_illegal(s, "summon c4 court", R.SUMMON)
    play(s, "summon c4 boog")
    assert_illegal(s, "summon c15 limit", R.SUMMON)


def test_wrong_targets(game):
    s = table(game)
    assert_illegal(s, "talent c5", R.TALENT)  # needs a Cogum
    assert_illegal(s, "talent c5 court", R.TALENT)
    assert_illegal(s, "talent c5 c2", R.R_TARGETS)  # an ally, not a Rival
    assert_illegal(s, "vow c10 c1", R.R_TARGETS)  # a Rival, not an ally
    assert_illegal(s, "vow c6 c13", R.R_TARGETS)  # in the Manifest, not a lane
    assert_illegal(s, "talent c11 c12", R.FAITH)  # a Terrisol ally only


def test_manifest_and_deploy_out_of_rule(game):
    s = table(game)
    assert_illegal(s, "manifest c3", R.MANIFEST)  # Exhausted
    assert_illegal(s, "manifest c2", R.MANIFEST)  # a Rival
    assert_illegal(s, "deploy c13 boog", R.DEPLOY)  # Exhausted in the Manifest
    assert_illegal(s, "deploy c1 boog", R.DEPLOY)  # not in the Manifest


def test_engaging_out_of_rule(game):
    s = table(game)
    assert_illegal(s, "instigate c3", R.INSTIGATE)  # Exhausted
    assert_illegal(s, "influence c2", R.INFLUENCE)  # a Rival
    assert_illegal(s, "influence c13", R.R_MANIFEST)  # in the Manifest


def test_prayer_step_only_pray_or_pass(game):
    s = table(game)
    play(s, "influence c1", "pass")
    assert_illegal(s, "summon c4 boog", R.PRAYER)
    assert_illegal(s, "end", R.PRAYER)
    assert_illegal(s, "defend c2", R.PRAYER)
    assert_illegal(s, "instigate c12", R.PRAYER)


def test_defender_choice_out_of_rule(game):
    s = table(game)
    assert_illegal(s, "defend c2", R.DEFEND)  # no engagement
    assert_illegal(s, "pass", R.PRAYER)
    play(s, "influence c1", "pass", "pass")
    assert_illegal(s, "pass", R.DEFEND)
    assert_illegal(s, "defend c1", R.DEFEND)  # not player 2's Cogum


def test_acting_out_of_turn(game):
    s = table(game)
    with pytest.raises(IllegalAction) as err:
        s.apply("summon c9 boog", 1)
    assert err.value.rule == game.turn_rule


def test_acting_when_the_game_is_over(game):
    s = start(game, {"c1": C("pilgrimage", 0)}, inf=[[15, 13, 0], [0, 0, 0]])
    play(s, "talent c1 court")
    assert s.is_over
    with pytest.raises(IllegalAction) as err:
        s.apply("end")
    assert err.value.rule == game.end_rule


def test_formation_moves_after_formation(game):
    s = table(game)
    play(s, "influence c12", "pass", "pass", "pass", "pass")
    assert_illegal(s, "summon c4 boog", R.FORMATION)
    assert_illegal(s, "manifest c1", R.FORMATION)
    assert_illegal(s, "prophecy c7", R.FORMATION)
