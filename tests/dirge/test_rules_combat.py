"""Rulebook section "Combat": Attack, Evasion, Applying Damage, Range 3 Creatures,
and the worked example of Jeb's Minotaur; Credo ruling R-6 (the front arc)."""

from __future__ import annotations

import pytest

from .conftest import (
    C, R, SIDES, attack_targets, card, combat, creature, dealt, evasion, position, seed_for, strength, toughness,
    wounds,
)


def spare():
    return {"phoenix": C(0, "a1"), "mummy": C(1, "h8")}


def attack(game, creatures, attacker, target, roll=None, current=0):
    seed = seed_for(roll) if roll is not None else 0
    state = game.from_position(position(creatures, current=current, seed=seed))
    mark = len(state.events(None))
    state.apply(f"give {attacker} attack")
    counter = state.rng.counter
    state.apply(f"attack {target}")
    return state, combat(state.events(None, mark)), state.rng.counter - counter


# --- Combat / Attack ----------------------------------------------------------------------------


def test_combat_involves_only_the_attacking_and_the_attacked_creature(game):
    creatures = {"giga": C(0, "d4", "n"), "uat": C(1, "d5", "n"), "centaur": C(1, "c5", "e"), "sphinx": C(0, "e5", "w")}
    before = {c["id"]: c for c in game.from_position(position(creatures)).observation(None)["creatures"]}
    state, c, _ = attack(game, creatures, "giga", "uat")
    assert c.rule == R.COMBAT and c.side == "back"
    after = {c["id"]: c for c in state.observation(None)["creatures"]}
    for cid in ("centaur", "sphinx"):
        assert after[cid] == before[cid]
    assert after["uat"] != before["uat"]  # hit on its back: damaged or destroyed


# --- Combat / Evasion ---------------------------------------------------------------------------


FACING_FOR_SIDE = {"front": "s", "flank": "e", "back": "n"}  # defender on d5, attacker on d4


def test_no_evasion_roll_when_the_side_attacked_has_zero_evasion(game):
    # every side with Evasion 0 (every back, and any card side printed 0): no die is
    # rolled whatever the dice would say, and the attack succeeds
    cases = [(cid, side) for cid in game.tables.ids for side in SIDES if evasion(game, cid, side) == 0]
    assert any(side != "back" for _, side in cases)  # the content has such a side (the Mummy's)
    for defender, side in cases:
        attacker = "warrior_priest" if defender != "warrior_priest" else "giga"
        creatures = {attacker: C(0, "d4", "n"), defender: C(1, "d5", FACING_FOR_SIDE[side])}
        creatures.update({k: v for k, v in spare().items() if k not in creatures})
        for roll in (1, 6):
            state, c, dice = attack(game, creatures, attacker, defender, roll)
            assert c.side == side
            assert dice == 0 and not c.rolled, (defender, side)
            assert c.dealt is not None and not c.dodged  # the attack succeeds


def test_the_controller_of_the_attacked_creature_rolls_one_die(game):
    # the Sphinx's front Evasion is 3 (printed)
    creatures = {"uat": C(1, "d5", "n"), "sphinx": C(0, "d6", "s"), **spare()}
    state, c, dice = attack(game, creatures, "uat", "sphinx", roll=2, current=1)
    assert dice == 1
    assert (c.roller, c.roll, c.needs) == (1, 2, 3)  # player 1 controls the Sphinx


# (defender, facing on d5, side hit, roll, dodged): printed Evasions only
DODGES = [
    ("sphinx", "s", "front", 1, False), ("sphinx", "s", "front", 2, False),
    ("sphinx", "s", "front", 3, True), ("sphinx", "s", "front", 6, True),
    ("cyclops", "e", "flank", 5, False), ("cyclops", "e", "flank", 6, True),
]


@pytest.mark.parametrize("defender,facing,side,roll,dodged", DODGES)
def test_a_roll_equal_to_or_greater_than_evasion_dodges_and_combat_ends(game, defender, facing, side, roll, dodged):
    creatures = {"giga": C(0, "d4", "n"), defender: C(1, "d5", facing), **spare()}
    state, c, _ = attack(game, creatures, "giga", defender, roll)
    assert c.side == side and c.roll == roll
    assert c.dodged == dodged
    assert (c.dealt is None) == dodged  # a dodge ends combat: no damage step
    hit = min(dealt(game, "giga", defender, side), wounds(game, defender) - 1)
    assert creature(state, defender)["damage"] == (0 if dodged else hit) or creature(state, defender)["destroyed"]
    assert creature(state, "giga")["markers"] == 2  # the attack was made either way


# --- Combat / Applying Damage -----------------------------------------------------------------------


def test_damage_is_strength_minus_toughness_of_the_side_attacked(game):
    # the Minotaur (Strength 5, printed) against the Cyclops's flank (Toughness 1, printed)
    # and, with a failed roll, each side of the Sphinx
    creatures = {"minotaur": C(0, "d4", "n"), "cyclops": C(1, "d5", "e"), **spare()}
    state, c, _ = attack(game, creatures, "minotaur", "cyclops", roll=1)
    assert (c.strength, c.toughness, c.dealt) == (5, 1, 4)
    assert creature(state, "cyclops")["damage"] == 4
    for side, facing in FACING_FOR_SIDE.items():
        creatures = {"giga": C(0, "d4", "n"), "sphinx": C(1, "d5", facing), **spare()}
        state, c, _ = attack(game, creatures, "giga", "sphinx", roll=1)
        expected = max(0, strength(game, "giga", side) - toughness(game, "sphinx", side))
        assert (c.strength, c.toughness, c.dealt) == (strength(game, "giga", side), toughness(game, "sphinx", side), expected)


def test_damage_is_never_negative(game):
    # the Minotaur (5) against the Sphinx's front (Toughness 6), the Sphinx already hurt
    creatures = {"minotaur": C(0, "d4", "n"), "sphinx": C(1, "d5", "s", damage=2), **spare()}
    state, c, _ = attack(game, creatures, "minotaur", "sphinx", roll=1)
    assert (c.strength, c.toughness, c.dealt) == (5, 6, 0)
    assert creature(state, "sphinx")["damage"] == 2  # not healed by a negative amount
    assert not c.marker_moves


def test_damage_enough_to_destroy_removes_the_attacked_creature(game):
    assert dealt(game, "giga", "cyclops", "back") >= 1
    creatures = {"giga": C(0, "d4", "n"), "cyclops": C(1, "d5", "n", damage=wounds(game, "cyclops") - 1, markers=1), **spare()}
    state, fight, _ = attack(game, creatures, "giga", "cyclops")  # its back: no roll
    c = creature(state, "cyclops")
    assert c["destroyed"] and c["square"] is None and c["markers"] == 0
    assert fight.destroyed


# --- Combat / Range 3 Creatures ----------------------------------------------------------------------


def test_range3_attacks_an_adjacent_creature_at_its_front_as_normal(game):
    # the Centaur (Strength 3) hits the back of an adjacent Sphinx: no roll, Toughness 0
    creatures = {"centaur": C(0, "d4", "n"), "sphinx": C(1, "d5", "n"), **spare()}
    state, c, dice = attack(game, creatures, "centaur", "sphinx")
    assert c.side == "back" and c.rule == R.COMBAT
    assert dice == 0 and creature(state, "sphinx")["damage"] == dealt(game, "centaur", "sphinx", "back")
    assert c.strength == card(game, "centaur").strength  # no flank bonus


def test_range3_attacks_adjacent_creatures_only_at_its_front(game):
    creatures = {"gorgon": C(0, "d4", "n"), "uat": C(1, "c4"), "giga": C(1, "e4"), "mummy": C(1, "d3")}
    state = game.from_position(position(creatures))
    state.apply("give gorgon move+attack")
    assert attack_targets(state) == set()


def test_range3_attacks_non_adjacent_creatures_up_to_three_spaces_away(game):
    creatures = {
        "gorgon": C(0, "d2", "n"),
        "uat": C(1, "d4"),  # 2 spaces ahead
        "giga": C(1, "d5"),  # 3 spaces ahead
        "mummy": C(1, "d6"),  # 4 spaces ahead: out of Range
    }
    state = game.from_position(position(creatures))
    state.apply("give gorgon attack")
    assert attack_targets(state) == {"uat", "giga"}


def test_range3_must_face_the_creature_it_attacks_from_afar(game):
    creatures = {"centaur": C(0, "d4", "n"), "uat": C(1, "d2"), "giga": C(1, "b4"), "mummy": C(1, "f4"), "manticore": C(1, "d6")}
    state = game.from_position(position(creatures))
    state.apply("give centaur attack")
    assert attack_targets(state) == {"manticore"}  # behind and beside: not faced
    creatures["centaur"] = C(0, "d4", "s")
    state = game.from_position(position(creatures))
    state.apply("give centaur attack")
    assert attack_targets(state) == {"uat"}


def test_range3_needs_no_line_of_sight(game):
    # a creature of either side between the Gorgon and its target does not block
    for blocker_owner in (0, 1):
        creatures = {"gorgon": C(0, "d2", "n"), "giga": C(blocker_owner, "d3"), "uat": C(1, "d5"), "sphinx": C(0, "a1")}
        state = game.from_position(position(creatures))
        state.apply("give gorgon attack")
        assert "uat" in attack_targets(state)
        mark = len(state.events(None))
        state.apply("attack uat")
        c = combat(state.events(None, mark))
        assert c.side == "flank" and c.rule == R.RANGE3


@pytest.mark.parametrize("target_facing", ["n", "s", "e"])
def test_range3_a_non_adjacent_target_is_attacked_on_a_flank(game, target_facing):
    # Centaur at d3 facing north, Sphinx two spaces ahead at d5, facing any way (even
    # with its back to the Centaur): the Sphinx's flank Evasion and Toughness apply
    assert evasion(game, "sphinx", "flank") >= 2
    creatures = {"centaur": C(0, "d3", "n"), "sphinx": C(1, "d5", target_facing), **spare()}
    state, c, dice = attack(game, creatures, "centaur", "sphinx", roll=1)
    assert c.side == "flank" and c.rule == R.RANGE3
    assert c.needs == evasion(game, "sphinx", "flank") and dice == 1
    assert (c.strength, c.toughness, c.dealt) == (
        strength(game, "centaur", "flank"), toughness(game, "sphinx", "flank"), dealt(game, "centaur", "sphinx", "flank"))
    assert creature(state, "sphinx")["damage"] == c.dealt


def test_range3_from_afar_is_otherwise_a_normal_attack_dodge_included(game):
    creatures = {"gorgon": C(0, "d3", "n"), "sphinx": C(1, "d5", "n"), **spare()}
    state, c, _ = attack(game, creatures, "gorgon", "sphinx", roll=evasion(game, "sphinx", "flank"))
    assert c.dodged
    assert creature(state, "sphinx")["damage"] == 0


def test_r6_the_front_arc_of_a_range3_creature(game):
    # Gorgon on d4 facing north: a square is faced when forward >= 1 and sideways <= forward
    faced = {"d6": True, "e6": True, "e5": True, "d7": True, "c6": True, "c7": False, "b5": False, "b6": False, "f5": False,
             "f6": False, "e7": False, "d8": False, "c4": False, "d3": False, "d5": True}
    for sq, expected in faced.items():
        state = game.from_position(position({"gorgon": C(0, "d4", "n"), "uat": C(1, sq), "mummy": C(1, "h1")}))
        legal = "give gorgon attack" in {str(a) for a in state.legal_actions()}
        assert legal == expected, sq


# --- The worked example: Jeb's Minotaur ---------------------------------------------------------------


def test_jebs_minotaur_attacks_the_flank_of_jimmys_cyclops(game):
    jimmy, jeb = 0, 1
    creatures = {"cyclops": C(jimmy, "d4", "n"), "minotaur": C(jeb, "e4", "w"), **spare()}
    state, c, dice = attack(game, creatures, "minotaur", "cyclops", roll=6, current=jeb)
    assert c.side == "flank"
    # Jimmy rolls a 6 against the flank Evasion of 6; Quickness subtracts one: 5
    assert (c.roller, c.roll, c.modified, c.needs) == (jimmy + 1, 6, 5, 6) and dice == 1
    assert not c.dodged  # the attack succeeds
    assert (c.strength, c.toughness, c.dealt) == (5, 1, 4)  # Strength 5 - flank Toughness 1
    assert c.marker_moves == 4  # the marker moves 4 spaces
    assert creature(state, "cyclops")["damage"] == 4 and creature(state, "cyclops")["square"] == "d4"


def test_without_quickness_the_same_roll_of_6_dodges(game):
    # the control case: the Giga has no Quickness, and the 6 dodges the flank attack
    creatures = {"cyclops": C(0, "d4", "n"), "giga": C(1, "e4", "w"), **spare()}
    state, c, _ = attack(game, creatures, "giga", "cyclops", roll=6, current=1)
    assert (c.roller, c.roll, c.modified, c.needs) == (1, 6, None, 6)
    assert c.dodged
    assert creature(state, "cyclops")["damage"] == 0
