"""Every special ability in data/creatures.toml, exercised: its effect happens as
its text says. Amounts, costs and ranges are read from the content (most abilities
are Credo's provisional design); Push and Quickness are the rulebook's."""

from __future__ import annotations

from .conftest import (
    C, R, ability, assert_illegal, card, creature, dealt, evasion, last_combat, legal_texts, move_squares, position,
    seed_for, toughness, wounds,
)

# Each ability this file exercises, as its test below was written for it: the
# mechanism (kind, cost, target, trigger, effects, modifiers; amounts are read from
# the content by the tests). A content change to an ability's mechanism fails here,
# naming the ability whose test must be revisited.
EXERCISED = {
    "push": "active; cost 1, adjacent_enemy; push 1",
    "crushing_blow": "passive; strength +1 attacking flank/back",
    "riddle": "active; cost 1, enemy_within 3; add_markers 1",
    "blessing": "active; cost 1, ally_within 3; heal 2",
    "petrify": "active; cost 2, enemy_in_sight 3; add_markers 2",
    "serpent_hair": "triggered; on survived_melee, affects attacker; damage 1",
    "rebirth": "triggered; on destroyed, once, affects self; revive; add_markers 3",
    "flight": "passive; speed +1 always front/flank/back",
    "quickness": "passive; evasion_roll -1 attacking front/flank/back",
    "labyrinth_sense": "passive; toughness +1 defending flank",
    "battle_prayer": "active; cost 1, ally_within 2; remove_markers 1",
    "smite": "active; cost 2, front_enemy; damage 2",
    "immovable": "passive; immovable",
    "quake": "active; cost 2, all_adjacent_enemies; damage 1",
    "sermon": "active; cost 1, enemy_within 3; turn",
    "mirage": "passive; evasion_roll +1 defending front/flank",
    "life_drain": "triggered; on dealt_damage, affects self; heal 1",
    "grasp": "active; cost 1, adjacent_enemy; add_markers 1",
    "keen_eye": "passive; strength +1 attacking flank",
    "rearing_hooves": "triggered; on survived_melee, affects attacker; damage 1",
    "venom_tail": "active; cost 1, back_enemy; damage 1; add_markers 1",
    "pounce": "passive; strength +1 attacking flank/back",
    "spit_venom": "active; cost 2, enemy_in_sight 2; damage 1; add_markers 1",
    "coils": "passive; toughness +1 defending front/flank",
}
RANGED_TARGETS = ("enemy_within", "ally_within", "enemy_in_sight")
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def mechanism(ab) -> str:
    """An ability's mechanism in one line, in the form EXERCISED records it."""
    parts = [ab.kind]
    if ab.kind == "active":
        parts.append(f"cost {ab.cost}, {ab.target}" + (f" {ab.range}" if ab.target in RANGED_TARGETS else ""))
    if ab.trigger:
        parts.append(f"on {ab.trigger}" + (", once" if ab.once else "") + f", affects {ab.affects}")
    parts += [e.op if e.op in ("turn", "revive") else f"{e.op} {e.amount}" for e in ab.effects]
    parts += [f"{m.stat} {m.amount:+d} {m.when} {'/'.join(m.sides)}" for m in ab.modifiers]
    parts += list(ab.flags)
    return "; ".join(parts)


def amount(game, cid: str, aid: str, op: str) -> int:
    return next(e.amount for e in ability(game, cid, aid).effects if e.op == op)


def modifier(game, cid: str, aid: str) -> int:
    (m,) = ability(game, cid, aid).modifiers
    return m.amount


def spare(*ids):
    pool = {"phoenix": C(0, "a1"), "mummy": C(1, "h8"), "sphinx": C(0, "b1"), "giga": C(1, "g8")}
    return {k: v for k, v in pool.items() if k not in ids}


def play(game, creatures, *actions, current=0, seed=0):
    state = game.from_position(position(creatures, current=current, seed=seed))
    for action in actions:
        state.apply(action)
    return state


def ability_targets(state) -> set[str]:
    return {str(a).split()[1] for a in state.legal_actions() if a.kind == "ability" and len(str(a).split()) > 1}


def test_every_ability_in_the_content_is_exercised_here(game):
    in_content = {ab.id: mechanism(ab) for c in game.content.creatures for ab in c.abilities}
    assert set(in_content) == set(EXERCISED)
    changed = {aid: (EXERCISED[aid], now) for aid, now in in_content.items() if now != EXERCISED[aid]}
    assert not changed, f"abilities whose mechanism changed since their test was written: {changed}"


def test_every_ability_text_states_its_own_numbers(game):
    """The text a player reads (the reference card, `help ABILITY`) states the cost, the
    range and every amount the mechanism uses, as a digit or a word."""
    import re

    for c in game.content.creatures:
        for ab in c.abilities:
            numbers = {e.amount for e in ab.effects if e.op not in ("turn", "revive")}
            numbers |= {abs(m.amount) for m in ab.modifiers}
            if ab.kind == "active":
                numbers.add(ab.cost)
                assert re.match(rf"{ab.cost} actions?:", ab.text), (ab.id, ab.text)
            if ab.target in RANGED_TARGETS:
                numbers.add(ab.range)
            for n in numbers:
                assert re.search(rf"(?<![\w+-])[+-]?({n}|{NUMBER_WORDS[n]})\b", ab.text, re.IGNORECASE), \
                    f"{ab.id}: the text does not state {n}: {ab.text!r}"


# --- Cyclops ----------------------------------------------------------------------------------


def test_push_moves_an_adjacent_opposing_creature_one_space(game):
    assert ability(game, "cyclops", "push").cost == 1  # as in Jimmy's turn
    # an enemy behind the Cyclops is adjacent too; a friend is never pushed
    creatures = {"cyclops": C(0, "d4", "n"), "gorgon": C(0, "c4"), "uat": C(1, "d3", "e"), **spare("sphinx")}
    state = play(game, creatures, "give cyclops push")
    assert ability_targets(state) == {"uat"}
    assert {str(a) for a in state.legal_actions() if a.kind == "ability"} == {"push uat e", "push uat s", "push uat w"}
    state.apply("push uat s")
    assert creature(state, "uat")["square"] == "d2" and creature(state, "uat")["facing"] == "e"


def test_crushing_blow_adds_strength_against_a_flank_or_back_only(game):
    bonus = modifier(game, "cyclops", "crushing_blow")
    for giga_facing, side in (("s", "front"), ("e", "flank"), ("n", "back")):
        creatures = {"cyclops": C(0, "d4", "n"), "giga": C(1, "d5", giga_facing), **spare("giga")}
        state = play(game, creatures, "give cyclops attack", "attack giga", seed=seed_for(1))
        base = game.content.creatures[game.tables.by_id["cyclops"]].strength
        assert last_combat(state).side == side
        assert last_combat(state).strength == base + (0 if side == "front" else bonus)


# --- Sphinx -------------------------------------------------------------------------------------


def test_riddle_gives_an_opposing_creature_within_range_action_markers(game):
    ab = ability(game, "sphinx", "riddle")
    assert ab.range <= 5
    near = f"d{2 + ab.range}"  # exactly at the ability's range
    far = f"c{2 + ab.range}"  # one beyond it
    creatures = {"sphinx": C(0, "d2"), "uat": C(1, near), "mummy": C(1, far), "gorgon": C(0, "e2"), "giga": C(1, "h8")}
    state = play(game, creatures, "give sphinx riddle")
    assert ability_targets(state) == {"uat"}
    state.apply("riddle uat")
    assert creature(state, "uat")["markers"] == amount(game, "sphinx", "riddle", "add_markers")
    assert creature(state, "sphinx")["markers"] == ab.cost


def test_blessing_heals_another_creature_of_yours(game):
    heal = amount(game, "sphinx", "blessing", "heal")
    creatures = {
        "sphinx": C(0, "d4", damage=1), "gorgon": C(0, "d5", damage=heal + 1), "uat": C(1, "e4", damage=1),
        **spare("sphinx"),
    }
    assert ability(game, "sphinx", "blessing").range < 6  # the Phoenix on a1 is out of reach
    state = play(game, creatures, "give sphinx blessing")
    assert ability_targets(state) == {"gorgon"}  # not itself, not an opposing creature
    state.apply("blessing gorgon")
    assert creature(state, "gorgon")["damage"] == 1
    assert creature(state, "sphinx")["damage"] == 1 and creature(state, "uat")["damage"] == 1


# --- Gorgon -----------------------------------------------------------------------------------------


def test_petrify_gives_markers_to_an_opposing_creature_in_front(game):
    ab = ability(game, "gorgon", "petrify")
    creatures = {"gorgon": C(0, "d2", "n"), "uat": C(1, f"d{2 + ab.range}"), "mummy": C(1, "d1"), **spare("mummy")}
    state = play(game, creatures, "give gorgon petrify")
    assert ability_targets(state) == {"uat"}  # the Mummy is behind: not in front
    state.apply("petrify uat")
    assert creature(state, "uat")["markers"] == amount(game, "gorgon", "petrify", "add_markers")


def test_serpent_hair_hurts_an_adjacent_attacker_when_the_gorgon_survives(game):
    hurt = amount(game, "gorgon", "serpent_hair", "damage")
    # dodged (roll 6) or hit and survived: the adjacent attacker takes the damage
    for roll in (6, 1):
        creatures = {"sphinx": C(0, "d4", "n"), "gorgon": C(1, "d5", "s"), **spare("sphinx")}
        state = play(game, creatures, "give sphinx attack", "attack gorgon", seed=seed_for(roll))
        assert creature(state, "gorgon")["square"] == "d5"
        assert creature(state, "sphinx")["damage"] == hurt, roll
    # from afar, no: the Centaur shoots from two spaces away
    creatures = {"centaur": C(0, "d3", "n"), "gorgon": C(1, "d5", "s"), **spare()}
    state = play(game, creatures, "give centaur attack", "attack gorgon", seed=seed_for(1))
    assert creature(state, "centaur")["damage"] == 0
    # nor when the Gorgon is destroyed
    creatures = {"giga": C(0, "d4", "n"), "gorgon": C(1, "d5", "n", damage=wounds(game, "gorgon") - 1), **spare("giga")}
    state = play(game, creatures, "give giga attack", "attack gorgon")
    assert creature(state, "gorgon")["destroyed"] and creature(state, "giga")["damage"] == 0


def test_serpent_hair_can_destroy_the_attacker_in_the_middle_of_its_actions(game):
    # the Sphinx, on its last wound space, attacks before its move: destroyed by the
    # Serpent Hair, it loses the move; the turn goes on with the markers left
    creatures = {"sphinx": C(0, "d4", "n", damage=wounds(game, "sphinx") - 1), "cyclops": C(0, "a1"),
                 "gorgon": C(1, "d5", "s"), "mummy": C(1, "h8")}
    state = play(game, creatures, "give sphinx move+attack", "attack gorgon", seed=seed_for(6))
    assert creature(state, "sphinx")["destroyed"]
    o = state.observation(None)
    assert o["active"] is None and o["current"] == 0 and o["actions_left"] == 1
    assert legal_texts(state) == {"give cyclops move", "end"}


# --- Phoenix ------------------------------------------------------------------------------------------


def test_rebirth_once_per_game_the_phoenix_rises_with_no_damage(game):
    markers = amount(game, "phoenix", "rebirth", "add_markers")
    creatures = {"phoenix": C(1, "d5", "n", damage=wounds(game, "phoenix") - 1), "giga": C(0, "d4", "n"),
                 "mummy": C(1, "h8"), "sphinx": C(0, "a1")}
    assert dealt(game, "giga", "phoenix", "back") >= 1
    state = play(game, creatures, "give giga attack", "attack phoenix")
    p = creature(state, "phoenix")
    assert p["square"] == "d5" and not p["destroyed"]
    assert p["damage"] == 0 and p["markers"] == markers and p["once_spent"]
    # the second time it is destroyed for good
    creatures["phoenix"] = C(1, "d5", "n", damage=wounds(game, "phoenix") - 1, once_spent=True)
    state = play(game, creatures, "give giga attack", "attack phoenix")
    assert creature(state, "phoenix")["destroyed"]


def test_flight_adds_speed_but_never_passes_an_opposing_creature(game):
    walls = {"uat": C(1, "d5"), "mummy": C(1, "c4"), "giga": C(1, "e4"), "centaur": C(1, "d3")}
    state = play(game, {"phoenix": C(0, "d4"), **walls}, "give phoenix move")
    assert move_squares(state) == {"d4"}  # walled in like any creature: only a turn is left
    bonus = modifier(game, "phoenix", "flight")
    state = play(game, {"phoenix": C(0, "a1"), "mummy": C(1, "h8")}, "give phoenix move")
    reach = card(game, "phoenix").speed + bonus
    assert f"a{1 + reach}" in move_squares(state) and f"a{2 + reach}" not in move_squares(state)


# --- Minotaur ---------------------------------------------------------------------------------------------


def test_quickness_subtracts_one_from_the_evasion_roll(game):
    assert modifier(game, "minotaur", "quickness") == -1  # rulebook
    # the Sphinx's front Evasion is 3: a roll of 3 would dodge, Quickness makes it 2
    creatures = {"minotaur": C(0, "d4", "n"), "sphinx": C(1, "d5", "s"), **spare("sphinx")}
    state = play(game, creatures, "give minotaur attack", "attack sphinx", seed=seed_for(3))
    c = last_combat(state)
    assert (c.roller, c.roll, c.modified, c.needs) == (2, 3, 2, 3)
    assert not c.dodged


def test_labyrinth_sense_adds_toughness_on_the_flanks_never_the_back(game):
    bonus = modifier(game, "minotaur", "labyrinth_sense")
    card_t = card(game, "minotaur").toughness
    for facing, side, base in (("s", "front", card_t[0]), ("e", "flank", card_t[1] + bonus), ("n", "back", 0)):
        creatures = {"giga": C(0, "d4", "n"), "minotaur": C(1, "d5", facing), **spare("giga")}
        state = play(game, creatures, "give giga attack", "attack minotaur", seed=seed_for(1))
        assert last_combat(state).side == side
        assert last_combat(state).toughness == base == toughness(game, "minotaur", side)


# --- Warrior Priest --------------------------------------------------------------------------------------


def test_battle_prayer_removes_an_action_marker_from_another_creature_of_yours(game):
    ab = ability(game, "warrior_priest", "battle_prayer")
    assert ab.range <= 5
    creatures = {
        "warrior_priest": C(0, "d2"), "cyclops": C(0, f"d{2 + ab.range}", markers=3),
        "gorgon": C(0, f"c{2 + ab.range}", markers=3), "uat": C(1, "e2", markers=3), "giga": C(1, "h8"),
        "phoenix": C(0, "a1"),  # free: the turn goes on after the prayer
    }
    state = game.from_position(position(creatures, blocked=["cyclops", "gorgon"]))
    state.apply("give warrior_priest battle_prayer")
    assert ability_targets(state) == {"cyclops"}  # within range, of its side, not itself
    state.apply("battle_prayer cyclops")
    assert creature(state, "cyclops")["markers"] == 3 - amount(game, "warrior_priest", "battle_prayer", "remove_markers")
    assert creature(state, "gorgon")["markers"] == 3 and creature(state, "uat")["markers"] == 3


def test_smite_damages_the_front_enemy_ignoring_evasion_and_toughness(game):
    hurt = amount(game, "warrior_priest", "smite", "damage")
    # the Sphinx's front: Evasion 3 and Toughness 6, neither applies
    creatures = {"warrior_priest": C(0, "d4", "n"), "sphinx": C(1, "d5", "s"), "uat": C(1, "e4"), **spare("sphinx")}
    state = game.from_position(position(creatures))
    state.apply("give warrior_priest smite")
    assert ability_targets(state) == {"sphinx"}  # the Uat is on its flank
    counter = state.rng.counter
    state.apply("smite sphinx")
    assert state.rng.counter == counter
    assert creature(state, "sphinx")["damage"] == hurt


# --- Giga ----------------------------------------------------------------------------------------------


def test_immovable_the_giga_cannot_be_pushed(game):
    creatures = {"cyclops": C(0, "d4", "n"), "giga": C(1, "d5"), "uat": C(1, "e4"), **spare("giga")}
    state = play(game, creatures, "give cyclops push")
    assert ability_targets(state) == {"uat"}
    assert_illegal(state, "push giga n", R.ABILITY)


def test_quake_damages_every_adjacent_opposing_creature(game):
    hurt = amount(game, "giga", "quake", "damage")
    creatures = {
        "giga": C(1, "d5"), "cyclops": C(0, "d4"), "sphinx": C(0, "c5"), "gorgon": C(0, "d7"),
        "uat": C(1, "e5"), "mummy": C(1, "h8"),
    }
    state = play(game, creatures, "give giga quake", "quake", current=1)
    assert creature(state, "cyclops")["damage"] == hurt and creature(state, "sphinx")["damage"] == hurt
    assert creature(state, "gorgon")["damage"] == 0  # not adjacent
    assert creature(state, "uat")["damage"] == 0  # not an opposing creature


# --- Desert Preacher -------------------------------------------------------------------------------------


def test_sermon_turns_an_opposing_creature_within_range_to_a_chosen_facing(game):
    ab = ability(game, "desert_preacher", "sermon")
    creatures = {"desert_preacher": C(1, "d4"), "cyclops": C(0, f"d{4 - ab.range}", "n"),
                 "sphinx": C(0, "h8"), "mummy": C(1, "e4")}
    state = play(game, creatures, "give desert_preacher sermon", current=1)
    assert ability_targets(state) == {"cyclops"}
    assert {str(a) for a in state.legal_actions() if a.kind == "ability"} == {"sermon cyclops e", "sermon cyclops s", "sermon cyclops w"}
    state.apply("sermon cyclops w")
    assert creature(state, "cyclops")["facing"] == "w"
    assert creature(state, "cyclops")["square"] == f"d{4 - ab.range}"


def test_mirage_adds_to_the_desert_preachers_own_evasion_rolls(game):
    bonus = modifier(game, "desert_preacher", "mirage")
    need = evasion(game, "desert_preacher", "front")
    roll = need - bonus  # would fail without Mirage
    assert 1 <= roll < need
    creatures = {"giga": C(0, "d4", "n"), "desert_preacher": C(1, "d5", "s"), **spare("giga")}
    state = play(game, creatures, "give giga attack", "attack desert_preacher", seed=seed_for(roll))
    c = last_combat(state)
    assert (c.roller, c.roll, c.modified, c.needs) == (2, roll, roll + bonus, need)
    assert c.dodged


# --- Mummy ---------------------------------------------------------------------------------------------------


def test_life_drain_heals_the_mummy_when_its_attack_deals_damage(game):
    heal = amount(game, "mummy", "life_drain", "heal")
    creatures = {"mummy": C(1, "d5", "s", damage=heal + 1), "cyclops": C(0, "d4", "s"), **spare("mummy")}
    state = play(game, creatures, "give mummy attack", "attack cyclops", current=1)
    assert creature(state, "cyclops")["damage"] == dealt(game, "mummy", "cyclops", "back") > 0
    assert creature(state, "mummy")["damage"] == 1
    # no damage dealt, no healing: the Sphinx's front Toughness 6 stops it
    assert dealt(game, "mummy", "sphinx", "front") == 0
    creatures = {"mummy": C(1, "d5", "s", damage=2), "sphinx": C(0, "d4", "n"), **spare("mummy", "sphinx")}
    state = play(game, creatures, "give mummy attack", "attack sphinx", current=1, seed=seed_for(1))
    assert creature(state, "mummy")["damage"] == 2


def test_grasp_gives_an_adjacent_opposing_creature_an_action_marker(game):
    creatures = {"mummy": C(1, "d5"), "cyclops": C(0, "c5"), "gorgon": C(0, "d3"), "sphinx": C(0, "a1"), "uat": C(1, "e5")}
    state = play(game, creatures, "give mummy grasp", current=1)
    assert ability_targets(state) == {"cyclops"}
    state.apply("grasp cyclops")
    assert creature(state, "cyclops")["markers"] == amount(game, "mummy", "grasp", "add_markers")


# --- Centaur ------------------------------------------------------------------------------------------------------


def test_keen_eye_adds_strength_against_a_flank(game):
    bonus = modifier(game, "centaur", "keen_eye")
    base = game.content.creatures[game.tables.by_id["centaur"]].strength
    creatures = {"centaur": C(0, "d3", "n"), "mummy": C(1, "d5", "s"), "uat": C(1, "h8")}
    state = play(game, creatures, "give centaur attack", "attack mummy")  # from afar: a flank
    assert last_combat(state).side == "flank"
    assert last_combat(state).strength == base + bonus


def test_rearing_hooves_hurt_an_adjacent_attacker_when_the_centaur_survives(game):
    hurt = amount(game, "centaur", "rearing_hooves", "damage")
    creatures = {"sphinx": C(0, "d4", "n"), "centaur": C(1, "d5", "s"), **spare("sphinx")}
    state = play(game, creatures, "give sphinx attack", "attack centaur", seed=seed_for(6))
    assert creature(state, "centaur")["square"] == "d5"
    assert creature(state, "sphinx")["damage"] == hurt


# --- Manticore ------------------------------------------------------------------------------------------------------


def test_venom_tail_strikes_the_opposing_creature_behind_the_manticore(game):
    hurt = amount(game, "manticore", "venom_tail", "damage")
    marks = amount(game, "manticore", "venom_tail", "add_markers")
    creatures = {"manticore": C(1, "d5", "s"), "cyclops": C(0, "d6"), "gorgon": C(0, "d4"), "sphinx": C(0, "a1"),
                 "mummy": C(1, "h8")}
    state = play(game, creatures, "give manticore venom_tail", current=1)
    assert ability_targets(state) == {"cyclops"}  # behind it; the Gorgon is in front
    state.apply("venom_tail cyclops")
    c = creature(state, "cyclops")
    assert c["damage"] == hurt and c["markers"] == marks


def test_pounce_adds_strength_against_a_flank_or_back(game):
    bonus = modifier(game, "manticore", "pounce")
    base = game.content.creatures[game.tables.by_id["manticore"]].strength
    for sphinx_facing, side in (("n", "front"), ("e", "flank"), ("s", "back")):
        creatures = {"manticore": C(1, "d5", "s"), "sphinx": C(0, "d4", sphinx_facing), "uat": C(1, "h8")}
        state = play(game, creatures, "give manticore attack", "attack sphinx", current=1, seed=seed_for(1))
        assert last_combat(state).side == side
        assert last_combat(state).strength == base + (0 if side == "front" else bonus), side


# --- Uat ---------------------------------------------------------------------------------------------------------------


def test_spit_venom_hurts_and_slows_an_opposing_creature_in_front(game):
    ab = ability(game, "uat", "spit_venom")
    creatures = {"uat": C(1, "d6", "s"), "cyclops": C(0, f"d{6 - ab.range}"), "gorgon": C(0, "d7"), "sphinx": C(0, "a1"),
                 "mummy": C(1, "h8")}
    state = play(game, creatures, "give uat spit_venom", current=1)
    assert ability_targets(state) == {"cyclops"}
    state.apply("spit_venom cyclops")
    c = creature(state, "cyclops")
    assert c["damage"] == amount(game, "uat", "spit_venom", "damage")
    assert c["markers"] == amount(game, "uat", "spit_venom", "add_markers")


def test_coils_add_toughness_on_the_front_and_flanks_never_the_back(game):
    bonus = modifier(game, "uat", "coils")
    card_t = game.content.creatures[game.tables.by_id["uat"]].toughness
    for uat_facing, side, base in (("s", "front", card_t[0] + bonus), ("e", "flank", card_t[1] + bonus),
                                   ("n", "back", 0)):
        creatures = {"giga": C(0, "d4", "n"), "uat": C(1, "d5", uat_facing), **spare("giga")}
        state = play(game, creatures, "give giga attack", "attack uat", seed=seed_for(1))
        assert last_combat(state).side == side
        assert last_combat(state).toughness == base == toughness(game, "uat", side)
