"""The Game Board: Towers, Catacombs, Library, Market, Temples (Sanctuary), Population."""

from credo.games.divine import board as B
from credo.games.divine import rules as R

from .conftest import U, legal, make, refused, rules_cited, seed_for, unit_at


def test_a_zealot_on_a_tower_rolls_an_extra_die_for_defence(game):
    seed = seed_for(1, 2, 2, 2)  # attacker 3; the defender 2 + 2 on the Tower
    s = make(game, U(0, "zealot", "h7"), U(1, "zealot", "i7"), U(1, "priest", "r18"), seed=seed)
    s.apply("attack h7 i7")
    assert unit_at(s, "h7") is None and unit_at(s, "i7")["owner"] == 1
    assert R.TOWERS in rules_cited(s)
    s = make(game, U(0, "zealot", "h8"), U(1, "zealot", "h7"), U(1, "priest", "r18"), seed=seed)
    s.apply("attack h8 h7")  # off the Tower: one die, 3 beats 2
    assert unit_at(s, "h7") is None


def test_a_zealot_attacking_from_a_tower_rolls_no_extra_die(game):
    # "may roll 1 additional die for defense": not for an attack. With the rolls 1, 1, 3, 1 the attacker's two
    # dice (2) lose to the defender's 3; a third attacking die would have made 5 against 1
    s = make(game, U(0, "zealot", "i7"), U(1, "zealot", "h7"), U(1, "priest", "r18"), seed=seed_for(1, 1, 3, 1))
    s.apply("attack i7 h7")
    assert unit_at(s, "i7") is None and unit_at(s, "h7")["owner"] == 1
    assert not any("Tower's extra die" in e.text for e in s.events(None))


def test_an_avatar_on_a_tower_also_rolls_the_extra_die(game):
    # 10 against 3+3+3 = 9 would win; the Avatar's fourth die on the Tower makes 11 (ruling R-14)
    s = make(game, U(0, "zealot", "h7"), U(1, "avatar", "i7"), U(1, "priest", "r18"), seed=seed_for(5, 5, 3, 3, 3, 2))
    s.apply("attack h7 i7")
    assert unit_at(s, "h7") is None and unit_at(s, "i7")["kind"] == "avatar"
    assert any("Tower's extra die" in e.text for e in s.events(None))


def test_the_market_witnesses_an_assassination(game):
    s = make(game, U(0, "zealot", "c15"), U(1, "priest", "c16"), U(1, "priest", "r18"))
    s.apply("assassinate c15 c16")
    assert unit_at(s, "c16") is None and unit_at(s, "c15") is None
    assert R.MARKET in rules_cited(s)


def test_the_market_witnesses_an_attack_whatever_its_outcome(game):
    s = make(game, U(0, "zealot", "c15"), U(1, "zealot", "c16"), U(1, "priest", "r18"), seed=seed_for(6, 6, 1))
    s.apply("attack c15 c16")
    assert unit_at(s, "c16") is None and unit_at(s, "c15") is None


def test_acts_outside_the_market_are_not_witnessed(game):
    s = make(game, U(0, "zealot", "c16"), U(1, "priest", "c17"), U(1, "priest", "r18"))
    s.apply("assassinate c16 c17")
    assert unit_at(s, "c16") is not None


def test_sanctuary_protects_units_in_their_own_temple(game):
    s = make(game, U(0, "zealot", "g4"), U(0, "avatar", "f5"), U(1, "priest", "g5"), U(1, "zealot", "e2"),
             U(0, "zealot", "e3"), temples={"g5": 1, "e2": 1, "l2": 0})
    acts = legal(s)
    assert "assassinate g4 g5" not in acts and "assassinate f5 g5" not in acts and "attack e3 e2" not in acts
    refused(s, "assassinate f5 g5", R.SANCTUARY, "Sanctuary")
    refused(s, "attack e3 e2", R.SANCTUARY, "Sanctuary")


def test_sanctuary_is_only_for_the_controllers_units(game):
    s = make(game, U(0, "zealot", "g4"), U(1, "priest", "g5"), U(1, "priest", "r18"), temples={"g5": 0, "l2": 1})
    assert "assassinate g4 g5" in legal(s)


def test_sanctuary_does_not_protect_against_divinity_cards(game):
    s = make(game, U(0, "priest", "c3"), U(1, "priest", "g5"), U(1, "priest", "r18"), temples={"g5": 1, "l2": 0},
             hands=[["wrath"], []], divinity=[3, 0])
    s.apply("play wrath g5")
    assert unit_at(s, "g5") is None


def test_population_spaces_are_100_to_300(game):
    s = game.new(0)
    kinds = s.layout.kind
    for sq in range(B.SQUARES):
        if kinds[sq] == B.POPULATION:
            assert 1 <= s.layout.pop[sq] <= 3
        elif kinds[sq] != B.TEMPLE:
            assert s.layout.pop[sq] == 0
