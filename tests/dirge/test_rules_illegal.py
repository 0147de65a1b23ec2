"""Every kind of illegal action: it raises IllegalAction, cites the rulebook section
(or Credo ruling) it breaks, and leaves the state exactly as it was (same position,
same event log). See `assert_illegal` in conftest.py."""

from __future__ import annotations

import pytest

from credo.kernel import IllegalAction, NotationError

from .conftest import C, R, assert_illegal, last_combat, position, seed_for, wounds


def lineup(**extra):
    creatures = {
        "cyclops": C(0, "d4", "n"), "sphinx": C(0, "b2"), "gorgon": C(0, "f2", "n"),
        "uat": C(1, "d7", "s"), "giga": C(1, "b7", "s"), "mummy": C(1, "g7", "s"),
    }
    creatures.update(extra)
    return creatures


def start(game, creatures=None, **kw):
    return game.from_position(position(creatures or lineup(), **kw))


# --- Wrong phase ----------------------------------------------------------------------------------


@pytest.mark.parametrize("action", ["give cyclops move", "end", "move d3 n", "attack uat", "done", "push uat n"])
def test_playing_actions_during_setup(game, action):
    state = game.new(1, mode="pick")
    assert_illegal(state, action, R.CHOOSING)


@pytest.mark.parametrize("action", ["place b1", "place cyclops b1", "place warrior_priest c1"])
def test_placing_once_the_game_has_begun(game, action):
    state = start(game)
    assert_illegal(state, action, R.CHOOSING)


def test_placing_the_drawn_card_by_name_or_another_card_in_draw_mode(game):
    state = game.new(1, mode="draw")
    me = state.to_move[0]
    sq = "b1" if me == 0 else "b8"
    drawn = state.observation(None)["drawn"]
    other = next(c for c in game.tables.ids if c != drawn)
    assert_illegal(state, f"place {other} {sq}", R.CHOOSING)
    assert_illegal(state, f"place {drawn} {sq}", R.CHOOSING)


# --- Giving actions ---------------------------------------------------------------------------------


def test_giving_actions_to_an_opponents_creature(game):
    assert_illegal(start(game), "give uat move", (R.ACTIONS, R.STEP_TWO))


def test_giving_actions_to_a_destroyed_creature(game):
    creatures = lineup()
    creatures["phoenix"] = {"owner": 0}  # chosen, then destroyed earlier
    assert_illegal(start(game, creatures), "give phoenix move", R.WOUNDS)


def test_giving_actions_to_a_used_creature(game):
    state = start(game)
    state.apply("give cyclops move")
    state.apply("move d5 n")
    assert_illegal(state, "give cyclops move", R.ACTIONS)
    assert_illegal(state, "give cyclops attack", R.ACTIONS)


def test_giving_actions_to_a_blocked_creature(game):
    creatures = lineup(cyclops=C(0, "d4", "n", markers=1))
    state = start(game, creatures, blocked=["cyclops"])
    assert_illegal(state, "give cyclops move", R.STEP_TWO)


def test_giving_more_actions_than_the_markers_left(game):
    state = start(game, actions_left=2)
    assert_illegal(state, "give gorgon move+attack", R.STEP_TWO)
    state = start(game, lineup(uat=C(1, "d5", "s")), actions_left=1)
    assert_illegal(state, "give cyclops attack", R.STEP_TWO)


def test_giving_an_action_that_cannot_be_carried_out(game):
    state = start(game)
    assert_illegal(state, "give cyclops attack", R.R_FEASIBLE)  # nothing in front
    assert_illegal(state, "give cyclops push", R.R_FEASIBLE)  # nothing adjacent
    assert_illegal(state, "give sphinx riddle", R.R_FEASIBLE)  # no enemy within range


def test_giving_actions_while_another_creature_acts(game):
    state = start(game)
    state.apply("give cyclops move")
    # "distribute these actions ... one creature at a time" (Step Two)
    assert_illegal(state, "give sphinx move", R.STEP_TWO)


def test_ending_the_turn_while_a_creature_acts(game):
    state = start(game)
    state.apply("give cyclops move+attack")
    # "or the player decides not to use any further actions": 'end' is taken at any
    # moment; the Cyclops forgoes the rest and keeps its markers
    state.apply("end")
    after = state.to_position()
    assert after["current"] == 1 and after["active"] is None
    assert after["creatures"]["cyclops"]["markers"] == 3
    assert any("forgoes the rest" in e.text for e in state.events(None))


@pytest.mark.parametrize("action", ["move d5 n", "attack uat", "push uat n", "done"])
def test_acting_when_no_creature_has_been_given_actions(game, action):
    assert_illegal(start(game), action, R.ACTIONS)


def test_text_that_names_no_action(game):
    state = start(game)
    before = state.to_position()
    for text in ("give cyclops move+move", "give cyclops riddle", "fly away", "move z9 n"):
        with pytest.raises(NotationError) as info:
            state.apply(text)
        assert info.value.rule == "Notation"
    assert state.to_position() == before


# --- Carrying out actions ----------------------------------------------------------------------------


def test_an_action_that_was_not_given(game):
    state = start(game, lineup(uat=C(1, "d5", "s")))
    state.apply("give cyclops move")
    assert_illegal(state, "attack uat", R.ACTIONS)
    assert_illegal(state, "push uat e", R.ACTIONS)


def test_the_same_action_twice(game):
    state = start(game)
    state.apply("give cyclops move+attack")
    state.apply("move d5 n")
    err = assert_illegal(state, "move d6 n", R.ACTIONS)
    assert "twice" in err.message


def test_moving_further_than_speed(game):
    state = start(game, {"sphinx": C(0, "d4"), "uat": C(1, "h8")})
    state.apply("give sphinx move")
    assert_illegal(state, "move d7 n", R.MOVE)  # three spaces; the Sphinx's Speed is 2
    assert_illegal(state, "move f5 n", R.MOVE)


def test_moving_through_an_opposing_creature(game):
    state = start(game, {"sphinx": C(0, "d4"), "uat": C(1, "d5"), "giga": C(1, "h8")})
    state.apply("give sphinx move")
    assert_illegal(state, "move d6 n", R.MOVE)


def test_moving_diagonally(game):
    state = start(game, {"sphinx": C(0, "d4"), "uat": C(1, "d5"), "giga": C(1, "e4")})
    state.apply("give sphinx move")
    assert_illegal(state, "move e5 n", R.MOVE)


def test_ending_a_move_on_a_creature(game):
    state = start(game, {"sphinx": C(0, "d4"), "gorgon": C(0, "d3"), "uat": C(1, "c4"), "giga": C(1, "h8")})
    state.apply("give sphinx move")
    assert_illegal(state, "move d3 n", R.MOVE)  # a friend
    assert_illegal(state, "move c4 n", R.MOVE)  # an opposing creature


def test_a_move_that_changes_nothing(game):
    state = start(game)
    state.apply("give cyclops move")
    assert_illegal(state, "move d4 n", R.R_NOOP)


def test_range_one_attack_on_a_creature_not_in_front(game):
    state = start(game, lineup(uat=C(1, "e4", "w"), giga=C(1, "d5", "s")))
    state.apply("give cyclops attack")
    assert_illegal(state, "attack uat", R.RANGE)  # on its flank: it cannot turn to attack
    assert_illegal(state, "attack mummy", R.RANGE)  # far away


def test_range_three_attack_too_far_or_not_faced(game):
    creatures = lineup(uat=C(1, "f6"), giga=C(1, "e2"), mummy=C(1, "f1"))
    state = start(game, creatures)
    state.apply("give gorgon move+attack")
    assert_illegal(state, "attack uat", R.RANGE3)  # four spaces ahead: out of Range
    assert_illegal(state, "attack giga", (R.RANGE3, R.R_ARC))  # beside it: not faced
    assert_illegal(state, "attack mummy", (R.RANGE3, R.R_ARC))  # behind it, adjacent


def test_attacking_your_own_creature(game):
    state = start(game, lineup(sphinx=C(0, "d5"), uat=C(1, "c4", "e")))
    state.apply("give cyclops move+attack")
    assert_illegal(state, "attack sphinx", R.COMBAT)


def test_attacking_a_creature_not_on_the_battlefield(game):
    creatures = lineup(uat=C(1, "d5", "s"))
    creatures["centaur"] = {"owner": 1}
    state = start(game, creatures)
    state.apply("give cyclops attack")
    assert_illegal(state, "attack centaur", R.COMBAT)


def test_using_an_ability_without_a_valid_target(game):
    state = start(game, lineup(uat=C(1, "d5", "s")))
    state.apply("give cyclops move+push")
    assert_illegal(state, "push giga s", R.ABILITY)  # not adjacent
    assert_illegal(state, "push sphinx e", R.ABILITY)  # not an opposing creature
    state = start(game, lineup(uat=C(1, "b4", "s")))
    state.apply("give sphinx riddle")
    assert_illegal(state, "riddle mummy", R.ABILITY)  # out of range


def test_using_another_creatures_ability(game):
    state = start(game, lineup(uat=C(1, "d5", "s")))
    state.apply("give cyclops push")
    assert_illegal(state, "riddle uat", R.ABILITY)
    assert_illegal(state, "smite uat", R.ABILITY)


def test_pushing_into_an_occupied_space_or_off_the_board(game):
    state = start(game, lineup(cyclops=C(0, "d7", "n"), uat=C(1, "d8", "s"), giga=C(1, "e8")))
    state.apply("give cyclops push")
    assert_illegal(state, "push uat n", R.R_PUSH)  # off the battlefield
    assert_illegal(state, "push uat e", R.R_PUSH)  # onto the Giga
    assert_illegal(state, "push uat s", R.R_PUSH)  # onto the Cyclops itself


def test_pushing_an_immovable_creature(game):
    state = start(game, lineup(giga=C(1, "d5", "s"), uat=C(1, "e4", "w")))
    state.apply("give cyclops push")
    assert_illegal(state, "push giga n", R.ABILITY)


def test_turning_a_creature_to_the_facing_it_already_has(game):
    creatures = {"desert_preacher": C(1, "d5"), "cyclops": C(0, "d4", "n"), "sphinx": C(0, "a1")}
    state = start(game, creatures, current=1)
    state.apply("give desert_preacher sermon")
    assert_illegal(state, "sermon cyclops n", R.ABILITY)


# --- Turns and the end of the game ------------------------------------------------------------------------


def test_acting_out_of_turn(game):
    state = start(game)
    assert_illegal(state, "give uat move", R.PLAYING, player=1)
    assert_illegal(state, "end", R.PLAYING, player=1)


def over(game):
    creatures = {"giga": C(0, "d6", "s"), "uat": C(1, "d5", "s", damage=wounds(game, "uat") - 1)}
    state = start(game, creatures)
    state.apply("give giga attack")
    state.apply("attack uat")
    assert state.is_over
    return state


@pytest.mark.parametrize("action", ["end", "give giga move", "move d7 n", "done"])
def test_acting_when_the_game_is_over(game, action):
    state = over(game)
    assert_illegal(state, action, R.END)
    assert_illegal(state, action, R.END, player=0)
    assert_illegal(state, action, R.END, player=1)


def test_an_illegal_action_never_consumes_the_dice(game):
    # a failed attack attempt rolls nothing: the next roll is the one the seed gives first
    state = start(game, lineup(uat=C(1, "e4", "w"), giga=C(1, "d5", "s")), seed=seed_for(1))
    state.apply("give cyclops attack")
    with pytest.raises(IllegalAction):
        state.apply("attack uat")
    state.apply("attack giga")
    assert last_combat(state).roll == 1
