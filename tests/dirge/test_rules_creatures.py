"""Rulebook section "The Creatures": Sides, Characteristics, Special Abilities,
Wounds, the Sphinx card, and every value the rulebook prints."""

from __future__ import annotations

import pytest

from .conftest import (
    C, attack_targets, card, creature, dealt, evasion, last_combat, move_squares, position, seed_for, speed,
    strength, toughness, wounds,
)

FACING = "nesw"
STEP = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}


def square(col: int, row: int) -> str:
    return f"{chr(97 + col)}{row + 1}"


def shift(sq: str, direction: str) -> str:
    dc, dr = STEP[direction]
    return square(ord(sq[0]) - 97 + dc, int(sq[1:]) - 1 + dr)


def within(sq: str, n: int) -> set[str]:
    col, row = ord(sq[0]) - 97, int(sq[1:]) - 1
    return {
        square(c, r) for c in range(8) for r in range(8) if abs(c - col) + abs(r - row) <= n
    }


def spare():
    """A creature for each side far away, so that one destruction does not end the game."""
    return {"mummy": C(1, "h8"), "phoenix": C(0, "a1")}




# --- Sides ----------------------------------------------------------------------------------


@pytest.mark.parametrize("facing", list(FACING))
def test_front_back_and_flanks_follow_the_facing(game, facing):
    for direction in FACING:
        attacker_sq = shift("d4", direction)
        creatures = {"uat": C(1, "d4", facing), "giga": C(0, attacker_sq, OPPOSITE[direction]), **spare()}
        state = game.from_position(position(creatures, seed=seed_for(1)))
        state.apply("give giga attack")
        state.apply("attack uat")
        side = last_combat(state).side
        expected = "front" if direction == facing else "back" if direction == OPPOSITE[facing] else "flank"
        assert side == expected, (facing, direction)


# --- Characteristics --------------------------------------------------------------------------


@pytest.mark.parametrize("cid", ["sphinx", "minotaur", "phoenix", "giga", "centaur"])
def test_speed_a_creature_moves_up_to_its_speed(game, cid):
    state = game.from_position(position({cid: C(0, "d4"), "uat": C(1, "h8")}))
    state.apply(f"give {cid} move")
    # every space at most Speed orthogonal steps away (and its own, to change facing)
    assert move_squares(state) == within("d4", speed(game, cid))


def test_sphinx_speed_two_reaches_two_spaces_and_no_further(game):
    state = game.from_position(position({"sphinx": C(0, "d4"), "uat": C(1, "h8")}))
    state.apply("give sphinx move")
    squares = move_squares(state)
    assert {"d6", "d2", "b4", "f4", "c5", "e3"} <= squares
    assert not {"d7", "g4", "c6", "a4"} & squares


def test_strength_is_the_damage_before_toughness(game):
    # against a back (Toughness 0, no evasion) the damage is the attacker's Strength
    assert card(game, "sphinx").strength == 3  # printed
    for attacker in ("sphinx", "warrior_priest", "giga", "desert_preacher"):
        creatures = {attacker: C(0, "d4", "n"), "mummy": C(1, "d5", "n"), "uat": C(1, "h8")}
        state = game.from_position(position(creatures))
        state.apply(f"give {attacker} attack")
        state.apply("attack mummy")
        expected = card(game, attacker).strength - toughness(game, "mummy", "back")
        assert last_combat(state).strength == card(game, attacker).strength
        assert last_combat(state).dealt == expected
        assert creature(state, "mummy")["damage"] == expected


def test_range_one_attacks_only_the_creature_adjacent_to_its_front(game):
    creatures = {
        "sphinx": C(0, "d4", "n"),
        "uat": C(1, "d5"),  # front
        "giga": C(1, "c4"),  # flank
        "mummy": C(1, "e4"),  # flank
        "centaur": C(1, "d3"),  # back
        "manticore": C(1, "c5"),  # diagonal
        "desert_preacher": C(1, "d6"),  # two spaces ahead
    }
    state = game.from_position(position(creatures))
    state.apply("give sphinx attack")
    assert attack_targets(state) == {"uat"}
    # facing another way makes another creature the only target
    creatures["sphinx"] = C(0, "d4", "w")
    state = game.from_position(position(creatures))
    state.apply("give sphinx attack")
    assert attack_targets(state) == {"giga"}


def test_toughness_front_flank_and_back(game):
    # the Warrior Priest against each side of the Sphinx (front Toughness 6 printed,
    # back 0), with a roll of 1 so that the evasion roll fails wherever there is one
    assert evasion(game, "sphinx", "front") >= 2 and evasion(game, "sphinx", "flank") >= 2
    assert (toughness(game, "sphinx", "front"), toughness(game, "sphinx", "back")) == (6, 0)
    for sphinx_facing, side in (("s", "front"), ("e", "flank"), ("n", "back")):
        creatures = {"warrior_priest": C(0, "d4", "n"), "sphinx": C(1, "d5", sphinx_facing), **spare()}
        state = game.from_position(position(creatures, seed=seed_for(1)))
        state.apply("give warrior_priest attack")
        state.apply("attack sphinx")
        c = last_combat(state)
        assert c.side == side
        hit = dealt(game, "warrior_priest", "sphinx", side)
        assert (c.strength, c.toughness, c.dealt) == (
            strength(game, "warrior_priest", side), toughness(game, "sphinx", side), hit)
        assert creature(state, "sphinx")["damage"] == hit


EVASION_CASES = [("s", "front", 0), ("s", "front", -1), ("e", "flank", 0), ("e", "flank", -1), ("w", "flank", 0)]


@pytest.mark.parametrize("sphinx_facing,side,offset", EVASION_CASES)
def test_evasion_front_and_flank(game, sphinx_facing, side, offset):
    # a roll equal to the Sphinx's Evasion on that side dodges, one less does not
    # (front Evasion 3 is printed; the flank's comes from the card)
    assert evasion(game, "sphinx", "front") == 3
    needed = evasion(game, "sphinx", side)
    roll = needed + offset
    assert 1 <= roll <= 6
    creatures = {"warrior_priest": C(0, "d4", "n"), "sphinx": C(1, "d5", sphinx_facing), **spare()}
    state = game.from_position(position(creatures, seed=seed_for(roll)))
    state.apply("give warrior_priest attack")
    state.apply("attack sphinx")
    c = last_combat(state)
    assert (c.roller, c.roll, c.needs) == (2, roll, needed)  # the attacked creature's controller rolls
    assert c.dodged == (offset == 0) == (c.dealt is None)


def test_no_evasion_on_the_back(game):
    for roll in range(1, 7):
        creatures = {"warrior_priest": C(0, "d4", "n"), "sphinx": C(1, "d5", "n"), **spare()}
        state = game.from_position(position(creatures, seed=seed_for(roll)))
        counter = state.rng.counter
        state.apply("give warrior_priest attack")
        state.apply("attack sphinx")
        assert state.rng.counter == counter and not last_combat(state).rolled  # no die is rolled
        assert creature(state, "sphinx")["damage"] == dealt(game, "warrior_priest", "sphinx", "back")


def test_back_toughness_and_evasion_are_zero_for_every_creature(game):
    t = game.tables
    for c in range(t.n):
        assert t.toughness[c][2] == 0 and t.evasion[c][2] == 0
        card = game.content.creatures[c]
        assert t.toughness[c][:2] == tuple(card.toughness) and t.evasion[c][:2] == tuple(card.evasion)


# --- Special Abilities --------------------------------------------------------------------------


def test_each_creature_has_two_special_abilities_of_the_three_kinds(game):
    kinds = set()
    assert len(game.content.creatures) == 12
    for beast in game.content.creatures:
        assert len(beast.abilities) == 2
        kinds |= {ab.kind for ab in beast.abilities}
        for ab in beast.abilities:
            if ab.kind == "active":
                assert ab.cost >= 1  # requires extra actions
            if ab.kind == "triggered":
                assert ab.trigger  # triggers when an event occurs
    assert kinds == {"passive", "active", "triggered"}


# --- Wounds --------------------------------------------------------------------------------------


def test_the_wound_marker_moves_one_space_per_damage(game):
    # the Desert Preacher strikes the back of a Sphinx (5 wounds, printed) at 1 damage
    hit = dealt(game, "desert_preacher", "sphinx", "back")
    assert 1 <= hit <= 3
    creatures = {"desert_preacher": C(0, "d4", "n"), "sphinx": C(1, "d5", "n", damage=1), **spare()}
    state = game.from_position(position(creatures))
    state.apply("give desert_preacher attack")
    state.apply("attack sphinx")
    assert creature(state, "sphinx")["damage"] == 1 + hit
    assert creature(state, "sphinx")["square"] == "d5"
    assert last_combat(state).marker_moves == hit


def test_a_creature_on_its_last_wound_space_is_not_yet_destroyed(game):
    hit = dealt(game, "desert_preacher", "sphinx", "back")
    creatures = {"desert_preacher": C(0, "d4", "n"), "sphinx": C(1, "d5", "n", damage=5 - 1 - hit), **spare()}
    state = game.from_position(position(creatures))
    state.apply("give desert_preacher attack")
    state.apply("attack sphinx")
    s = creature(state, "sphinx")
    assert s["damage"] == 4 == wounds(game, "sphinx") - 1
    assert s["square"] == "d5" and not s["destroyed"]


def test_destroyed_when_the_marker_is_forced_off_the_last_space(game):
    hit = dealt(game, "desert_preacher", "sphinx", "back")
    for start_damage in (5 - hit, 4):  # exactly the wounds, and beyond them
        creatures = {"desert_preacher": C(0, "d4", "n"), "sphinx": C(1, "d5", "n", damage=start_damage), **spare()}
        state = game.from_position(position(creatures))
        state.apply("give desert_preacher attack")
        state.apply("attack sphinx")
        s = creature(state, "sphinx")
        assert s["destroyed"] and s["square"] is None


def test_a_destroyed_creature_leaves_the_board_with_all_its_markers(game):
    creatures = {
        "giga": C(0, "d4", "n"), "cyclops": C(0, "d6", "s"),
        "sphinx": C(1, "d5", "n", damage=4, markers=2), **spare(),
    }
    state = game.from_position(position(creatures))
    state.apply("give giga attack")
    state.apply("attack sphinx")
    s = creature(state, "sphinx")
    assert s["destroyed"] and s["square"] is None and s["markers"] == 0
    assert all(c["square"] != "d5" for c in state.observation(None)["creatures"])
    # its space is free again: another creature may end a move there
    state.apply("give cyclops move")
    assert "d5" in move_squares(state)
    # the position after the destruction is a valid position that rebuilds the same state
    again = game.from_position(state.to_position())
    assert again.to_position() == state.to_position()
    assert again.observation(None) == state.observation(None)


def test_the_wound_marker_is_removed_from_a_destroyed_creatures_card(game):
    creatures = {"giga": C(0, "d4", "n"), "sphinx": C(1, "d5", "n", damage=4), **spare()}
    state = game.from_position(position(creatures))
    state.apply("give giga attack")
    state.apply("attack sphinx")
    assert creature(state, "sphinx")["destroyed"]
    assert state.to_position()["creatures"]["sphinx"] == {"owner": 1}


# --- The Sphinx card and other printed values ---------------------------------------------------



def test_the_sphinx_card(game):
    s = card(game, "sphinx")
    assert (s.speed, s.strength, s.range, s.toughness[0], s.evasion[0], s.wounds) == (2, 3, 1, 6, 3, 5)


def test_the_sphinx_front_toughness_six_takes_nothing_from_the_minotaurs_strength_five(game):
    creatures = {"minotaur": C(0, "d4", "n"), "sphinx": C(1, "d5", "s"), **spare()}
    state = game.from_position(position(creatures, seed=seed_for(1)))
    state.apply("give minotaur attack")
    state.apply("attack sphinx")
    c = last_combat(state)
    assert (c.strength, c.toughness, c.dealt) == (5, 6, 0)
    assert creature(state, "sphinx")["damage"] == 0


def test_values_printed_in_the_rulebook(game):
    m = card(game, "minotaur")
    assert m.strength == 5 and "quickness" in [ab.id for ab in m.abilities]
    c = card(game, "cyclops")
    assert c.toughness[1] == 1 and c.evasion[1] == 6 and "push" in [ab.id for ab in c.abilities]
    assert card(game, "centaur").range == 3 and card(game, "gorgon").range == 3
    # "These two creatures have a Range of three": no other creature has
    assert [cid for cid in game.tables.ids if card(game, cid).range == 3] == ["gorgon", "centaur"]
    assert [list(t) for t in game.content.battlefield.recommended_teams] == [
        ["cyclops", "sphinx", "gorgon", "phoenix", "minotaur", "warrior_priest"],
        ["giga", "desert_preacher", "mummy", "centaur", "manticore", "uat"],
    ]
    names = {cr.name for cr in game.content.creatures}
    assert {"Cyclops", "Sphinx", "Gorgon", "Phoenix", "Minotaur", "Warrior Priest", "Giga",
            "Desert Preacher", "Mummy", "Centaur", "Manticore", "Uat"} == names
