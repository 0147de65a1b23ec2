"""Rulebook section "Actions": Move, Attack, Special Ability, and the worked
example of Jimmy's turn; Credo rulings R-2, R-3, R-5 and R-7."""

from __future__ import annotations

from .conftest import (
    C, R, ability, assert_illegal, attack_targets, combat, creature, dealt, legal_texts, move_squares, position,
    speed, wounds,
)


def obs(state) -> dict:
    return state.observation(None)


def gives(state) -> set[str]:
    return {str(a) for a in state.legal_actions() if a.kind == "give"}


def facings(state) -> dict:
    return {c["id"]: c["facing"] for c in obs(state)["creatures"] if c["square"]}


# --- Move = One (1) Action ----------------------------------------------------------------


def test_move_costs_one_action(game):
    state = game.from_position(position({"sphinx": C(0, "d4"), "gorgon": C(0, "a1"), "uat": C(1, "h8")}))
    state.apply("give sphinx move")
    assert creature(state, "sphinx")["markers"] == 1
    assert obs(state)["actions_left"] == 3


def test_move_to_any_space_within_speed_and_choose_the_facing(game):
    state = game.from_position(position({"sphinx": C(0, "d4"), "gorgon": C(0, "a1"), "uat": C(1, "h8")}))
    state.apply("give sphinx move")
    moves = legal_texts(state)
    assert {"move d6 n", "move d6 e", "move d6 s", "move d6 w"} <= moves
    state.apply("move e5 w")
    c = creature(state, "sphinx")
    assert (c["square"], c["facing"]) == ("e5", "w")


def test_move_may_only_change_the_facing(game):
    state = game.from_position(position({"sphinx": C(0, "d4"), "gorgon": C(0, "a1"), "uat": C(1, "h8")}))
    state.apply("give sphinx move")
    state.apply("move d4 e")
    c = creature(state, "sphinx")
    assert (c["square"], c["facing"]) == ("d4", "e")


def test_creatures_cannot_move_diagonally(game):
    # with d5 and e4 held by opposing creatures, e5 is two steps away only diagonally
    creatures = {"sphinx": C(0, "d4"), "uat": C(1, "d5"), "giga": C(1, "e4")}
    state = game.from_position(position(creatures))
    state.apply("give sphinx move")
    assert "e5" not in move_squares(state)
    assert "c5" in move_squares(state)  # around by the free side
    for f in "nesw":
        assert f"move e5 {f}" not in legal_texts(state)


def test_creatures_cannot_move_through_an_opposing_creature(game):
    creatures = {"sphinx": C(0, "d4"), "uat": C(1, "d5")}
    state = game.from_position(position(creatures))
    state.apply("give sphinx move")
    assert "d6" not in move_squares(state)  # straight through the Uat: no
    assert "d5" not in move_squares(state)


def test_creatures_cannot_end_a_move_on_any_creature(game):
    creatures = {"sphinx": C(0, "d4"), "gorgon": C(0, "d3"), "uat": C(1, "e4")}
    state = game.from_position(position(creatures))
    state.apply("give sphinx move")
    squares = move_squares(state)
    assert "d3" not in squares and "e4" not in squares


def test_r2_a_move_may_pass_through_a_friendly_creature(game):
    creatures = {"sphinx": C(0, "d4"), "gorgon": C(0, "d5"), "uat": C(1, "h8")}
    state = game.from_position(position(creatures))
    state.apply("give sphinx move")
    assert "d6" in move_squares(state)
    state.apply("move d6 n")
    assert creature(state, "sphinx")["square"] == "d6"
    assert creature(state, "gorgon")["square"] == "d5"


def test_r7_a_move_must_change_the_space_or_the_facing(game):
    state = game.from_position(position({"sphinx": C(0, "d4", "n"), "gorgon": C(0, "a1"), "uat": C(1, "h8")}))
    state.apply("give sphinx move")
    assert "move d4 n" not in legal_texts(state)
    assert_illegal(state, "move d4 n", R.R_NOOP)
    assert {"move d4 e", "move d4 s", "move d4 w"} <= legal_texts(state)


# --- Attack = Two (2) Actions ------------------------------------------------------------------


def test_attack_costs_two_and_move_plus_attack_three(game):
    creatures = {"giga": C(0, "d4"), "gorgon": C(0, "a1"), "uat": C(1, "d5"), "mummy": C(1, "h8")}
    state = game.from_position(position(creatures))
    state.apply("give giga attack")
    assert creature(state, "giga")["markers"] == 2 and obs(state)["actions_left"] == 2
    state = game.from_position(position(creatures))
    state.apply("give giga move+attack")
    assert creature(state, "giga")["markers"] == 3 and obs(state)["actions_left"] == 1


def test_attack_a_creature_within_range(game):
    creatures = {"giga": C(0, "d4", "n"), "uat": C(1, "d5"), "mummy": C(1, "e4")}
    state = game.from_position(position(creatures))
    state.apply("give giga attack")
    assert attack_targets(state) == {"uat"}
    state.apply("attack uat")
    assert obs(state)["plan_left"] == []


def test_a_creature_cannot_change_its_facing_to_attack(game):
    # the Mummy is on the Giga's flank: the Giga must be given a move to turn first
    creatures = {"giga": C(0, "d4", "n"), "mummy": C(1, "e4", "w"), "uat": C(1, "h8")}
    state = game.from_position(position(creatures))
    assert "give giga attack" not in gives(state)
    state.apply("give giga move+attack")
    assert attack_targets(state) == set()
    state.apply("move d4 e")
    assert attack_targets(state) == {"mummy"}
    before = facings(state)
    state.apply("attack mummy")
    after = facings(state)
    assert after["giga"] == "e" and after["mummy"] == "w" and before == after


def test_facing_changes_only_by_a_move_or_a_special_ability(game):
    creatures = {
        "cyclops": C(0, "d4", "n"), "giga": C(0, "c2", "n"), "desert_preacher": C(1, "c5", "s"),
        "uat": C(1, "d5", "s"), "mummy": C(1, "e4", "w"), "centaur": C(1, "h8", "e"),
    }
    state = game.from_position(position(creatures))
    start = facings(state)
    state.apply("give cyclops attack+push")
    state.apply("push mummy s")  # pushed: moved, not turned
    state.apply("attack uat")
    assert facings(state) == start  # neither the attacker nor the attacked turned
    state.apply("end")
    state.apply("give desert_preacher sermon")  # a special ability may turn a creature
    state.apply("sermon giga w")
    assert facings(state) == dict(start, giga="w")


# --- Special Ability = Several Actions -------------------------------------------------------------


def test_an_ability_costs_its_own_number_of_actions(game):
    creatures = {"cyclops": C(0, "d4", "n"), "gorgon": C(0, "a1"), "uat": C(1, "d5"), "mummy": C(1, "h8")}
    state = game.from_position(position(creatures))
    state.apply("give cyclops push")  # Push costs 1, as in Jimmy's turn
    assert creature(state, "cyclops")["markers"] == 1 and obs(state)["actions_left"] == 3
    creatures = {"warrior_priest": C(0, "d4", "n"), "gorgon": C(0, "d3"), "uat": C(1, "d5"), "mummy": C(1, "h8")}
    state = game.from_position(position(creatures))
    cost = ability(game, "warrior_priest", "battle_prayer").cost + ability(game, "warrior_priest", "smite").cost
    assert cost <= 4
    state.apply("give warrior_priest battle_prayer+smite")  # combined: the costs add up
    assert creature(state, "warrior_priest")["markers"] == cost and obs(state)["actions_left"] == 4 - cost
    assert set(obs(state)["plan_left"]) == {"battle_prayer", "smite"}


def test_a_creature_uses_only_its_own_abilities(game):
    from credo.kernel import NotationError

    creatures = {"cyclops": C(0, "d4", "n"), "gorgon": C(0, "a1"), "uat": C(1, "d5"), "mummy": C(1, "h8")}
    state = game.from_position(position(creatures))
    before = state.to_position()
    try:
        state.apply("give cyclops riddle")
        raise AssertionError("the Cyclops was given the Sphinx's Riddle")
    except NotationError:
        pass
    assert state.to_position() == before
    state.apply("give cyclops push")
    assert_illegal(state, "riddle uat", R.ABILITY)


def test_jimmys_turn(game):
    """Jimmy removes one marker from each card, takes four; two on the Cyclops: it
    moves two spaces and Pushes the Uat one space; two on the Gorgon: it attacks the
    Uat; once the combat is resolved, the turn ends."""
    jimmy, jeb = 0, 1
    assert ability(game, "cyclops", "push").cost == 1 and speed(game, "cyclops") >= 2
    creatures = {
        "cyclops": C(jimmy, "d2", "n", markers=1),
        "gorgon": C(jimmy, "f3", "n", markers=1),
        "sphinx": C(jimmy, "b1", "n", markers=2),
        "uat": C(jeb, "e4", "n"),
        "giga": C(jeb, "h8", "s"),
    }
    state = game.from_position(position(creatures, current=jeb, turn=2))
    state.apply("end")  # Jeb's turn ends; Jimmy's turn 3 begins
    o = obs(state)
    assert o["current"] == jimmy and o["turn"] == 3 and o["actions_left"] == 4
    # Step One: one marker removed from each of Jimmy's cards
    assert [creature(state, c)["markers"] for c in ("cyclops", "gorgon", "sphinx")] == [0, 0, 1]
    # two markers on the Cyclops: move and Push
    state.apply("give cyclops move+push")
    assert creature(state, "cyclops")["markers"] == 2 and obs(state)["actions_left"] == 2
    state.apply("move d4 n")  # two spaces
    assert creature(state, "cyclops")["square"] == "d4"
    assert "push uat e" in legal_texts(state)
    state.apply("push uat e")  # one space
    assert creature(state, "uat")["square"] == "f4" and creature(state, "uat")["facing"] == "n"
    assert obs(state)["current"] == jimmy
    # two markers on the Gorgon: attack the Uat, now adjacent to its front, on the Uat's back
    state.apply("give gorgon attack")
    assert creature(state, "gorgon")["markers"] == 2 and obs(state)["actions_left"] == 0
    mark = len(state.events(None))
    state.apply("attack uat")
    fight = combat(state.events(None, mark))
    assert fight.side == "back" and not fight.rolled
    assert fight.dealt == dealt(game, "gorgon", "uat", "back")  # no evasion on the back
    uat = creature(state, "uat")
    assert uat["destroyed"] if fight.dealt >= wounds(game, "uat") else uat["damage"] == fight.dealt
    # once the combat is resolved, Jimmy's turn ends
    o = obs(state)
    assert o["current"] == jeb and o["turn"] == 4


# --- Credo rulings R-3 and R-5 -------------------------------------------------------------------


def test_r3_push_moves_the_target_one_space_to_an_empty_space(game):
    creatures = {"cyclops": C(0, "d4", "n"), "gorgon": C(0, "a1"), "uat": C(1, "d5", "s"), "giga": C(1, "e5"), "mummy": C(1, "d6")}
    state = game.from_position(position(creatures))
    state.apply("give cyclops push")
    pushes = {str(a) for a in state.legal_actions() if a.kind == "ability"}
    # north (d6, the Mummy) and east (e5, the Giga) are occupied, south is the Cyclops:
    # only west (c5) is empty
    assert pushes == {"push uat w"}
    state.apply("push uat w")
    assert creature(state, "uat")["square"] == "c5"
    assert creature(state, "uat")["facing"] == "s"
    assert any(e.rule == R.R_PUSH for e in state.events(None))


def test_r5_an_action_that_cannot_be_carried_out_cannot_be_given(game):
    creatures = {"cyclops": C(0, "d4", "n"), "warrior_priest": C(0, "a1"), "uat": C(1, "h8"), "giga": C(1, "e4")}
    state = game.from_position(position(creatures))
    g = gives(state)
    assert "give cyclops attack" not in g  # nobody adjacent to its front
    assert "give cyclops push" not in g  # the only adjacent enemy is the immovable Giga
    assert "give warrior_priest smite" not in g and "give warrior_priest battle_prayer" not in g
    # with a move first, the attack or ability may become possible: it can be given
    assert {"give cyclops move+attack", "give cyclops move+push", "give cyclops move"} <= g
    assert_illegal(state, "give cyclops attack", R.R_FEASIBLE)
    assert_illegal(state, "give cyclops push", R.R_FEASIBLE)
    assert_illegal(state, "give warrior_priest smite", R.R_FEASIBLE)
