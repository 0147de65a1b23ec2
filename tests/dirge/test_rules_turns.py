"""Rulebook sections "Playing the Game", "End of the Game", "A Turn in Dirge"
(Step One, Step Two) and "Actions", and Credo rulings R-4, R-8 and R-9."""

from __future__ import annotations

from .conftest import C, R, assert_illegal, creature, dealt, evasion, legal_texts, position, seed_for, wounds


def lineup(**extra_creatures):
    """Three creatures a side, far apart: player 1 (index 0) low, player 2 high."""
    creatures = {
        "cyclops": C(0, "d2"), "sphinx": C(0, "b2"), "gorgon": C(0, "f2"),
        "uat": C(1, "d7"), "giga": C(1, "b7"), "centaur": C(1, "f7"),
    }
    creatures.update(extra_creatures)
    return creatures


def gives(state) -> set[str]:
    return {str(a) for a in state.legal_actions() if a.kind == "give"}


def obs(state) -> dict:
    return state.observation(None)


# --- Playing the Game -----------------------------------------------------------------


def test_each_player_has_four_actions_per_turn(game):
    state = game.from_position(position(lineup(), actions_left=4))
    assert obs(state)["actions_left"] == 4
    # no plan costs more than four markers, and plans up to four are offered
    costs = {game.tables.plan_cost(a.args[0], a.args[1]) for a in state.legal_actions() if a.kind == "give"}
    assert max(costs) == 4
    state.apply("give gorgon move+attack")  # 3 markers
    assert obs(state)["actions_left"] == 1
    state.apply("move f3 n")
    state.apply("done")
    # only one-marker plans fit in what is left
    assert all(game.tables.plan_cost(a.args[0], a.args[1]) == 1 for a in state.legal_actions() if a.kind == "give")
    assert "give cyclops move" in gives(state)
    assert "give cyclops move+attack" not in gives(state)


def test_the_turn_ends_once_the_four_actions_are_carried_out(game):
    state = game.from_position(position(lineup(uat=C(1, "d4"))))
    state.apply("give cyclops move+attack")
    state.apply("move d3 n")
    state.apply("attack uat")
    state.apply("give sphinx move")
    assert obs(state)["actions_left"] == 0
    assert obs(state)["current"] == 0  # the Sphinx still has its move to carry out
    state.apply("move b3 n")
    o = obs(state)
    assert o["current"] == 1 and o["turn"] == 4 and o["actions_left"] == 4
    assert state.to_move == (1,)


def test_the_turn_ends_when_the_player_decides_not_to_use_further_actions(game):
    state = game.from_position(position(lineup()))
    state.apply("give cyclops move")
    state.apply("move d3 n")
    assert obs(state)["actions_left"] == 3
    assert "end" in legal_texts(state)
    state.apply("end")
    o = obs(state)
    assert o["current"] == 1 and o["turn"] == 4
    # turns pass from one player to the other
    state.apply("end")
    assert obs(state)["current"] == 0 and obs(state)["turn"] == 5


def test_the_turn_ends_when_the_player_is_unable_to_use_more_actions(game):
    # one creature only: once it has its markers nothing else can receive any
    state = game.from_position(position({"cyclops": C(0, "d2"), "uat": C(1, "d7")}))
    state.apply("give cyclops move")
    state.apply("move d3 n")
    o = obs(state)
    assert o["current"] == 1 and o["turn"] == 4  # three markers were left, unusable


def test_a_turn_in_which_every_creature_is_blocked_passes_at_once(game):
    creatures = lineup()
    for cid in ("cyclops", "sphinx", "gorgon"):
        creatures[cid] = dict(creatures[cid], markers=2)  # still 1 after Step One
    state = game.from_position(position(creatures, current=1, turn=4))
    start = len(state.events(None))
    state.apply("end")
    o = obs(state)
    assert o["current"] == 1 and o["turn"] == 6  # player 1 could not act: turn 5 passed
    assert any(e.rule == R.PLAYING for e in state.events(None, start))
    for cid in ("cyclops", "sphinx", "gorgon"):
        assert creature(state, cid)["markers"] == 1


def test_turns_keep_passing_while_both_sides_are_blocked_for_many_turns(game):
    # Player 1's only creature holds 5 markers at the end of its turn (e.g. a Phoenix
    # reborn after attacking), player 2's holds 6 (ruling R-9's cap): nobody can act
    # for several turns, and turns must keep passing until someone can.
    creatures = {"phoenix": C(0, "d4", markers=5), "giga": C(1, "d8", markers=6)}
    state = game.from_position(position(creatures, current=0, turn=5, used=["phoenix"], actions_left=1))
    state.apply("end")
    o = obs(state)
    assert o["phase"] == "play"
    # turns 6..14 pass; the Phoenix is free again on player 1's turn 15
    assert o["current"] == 0 and o["turn"] == 15
    assert creature(state, "phoenix")["markers"] == 0
    assert creature(state, "giga")["markers"] == 1


# --- End of the Game --------------------------------------------------------------------


def last_blow(game, extra=None):
    """The Giga strikes the back of a Uat on its last wound space (no evasion roll)."""
    assert dealt(game, "giga", "uat", "back") >= 1
    creatures = {"giga": C(0, "d6", "s"), "uat": C(1, "d5", "s", damage=wounds(game, "uat") - 1)}
    creatures.update(extra or {})
    state = game.from_position(position(creatures))
    state.apply("give giga attack")
    state.apply("attack uat")
    return state


def test_the_player_whose_last_creature_is_destroyed_loses(game):
    state = last_blow(game)
    assert creature(state, "uat")["destroyed"]
    assert state.is_over
    assert state.winners == (0,)
    assert state.returns() == [1.0, -1.0]
    assert state.to_move == () and state.legal_actions(0) == [] and state.legal_actions(1) == []
    assert obs(state)["winner"] == 0 and obs(state)["phase"] == "over"
    assert any(e.rule == R.END for e in state.events(None))


def test_the_game_goes_on_while_a_player_has_a_creature_on_the_board(game):
    state = last_blow(game, {"sphinx": C(0, "a1"), "mummy": C(1, "h8")})
    assert not state.is_over and state.winners == ()
    assert creature(state, "uat")["square"] is None
    assert obs(state)["current"] == 0  # two markers left this turn


def test_the_attacker_can_lose_its_last_creature_to_a_trigger(game):
    # the Warrior Priest, on its last wound space, attacks the Gorgon, which dodges
    # (roll 6) and survives: Serpent Hair deals 1 damage to the attacker, destroying it.
    assert 1 <= evasion(game, "gorgon", "front") <= 6
    pos = position(
        {"warrior_priest": C(0, "d4", "n", damage=wounds(game, "warrior_priest") - 1), "gorgon": C(1, "d5", "s")},
        seed=seed_for(6),
    )
    state = game.from_position(pos)
    state.apply("give warrior_priest attack")
    state.apply("attack gorgon")
    assert creature(state, "gorgon")["damage"] == 0
    assert creature(state, "warrior_priest")["destroyed"]
    assert state.is_over and state.winners == (1,)


# --- A Turn in Dirge: Step One -------------------------------------------------------------


def test_step_one_removes_one_marker_from_each_of_the_players_creatures(game):
    creatures = lineup()
    creatures["cyclops"] = dict(creatures["cyclops"], markers=2)
    creatures["sphinx"] = dict(creatures["sphinx"], markers=1)
    creatures["uat"] = dict(creatures["uat"], markers=3)
    state = game.from_position(position(creatures, current=1, turn=4))
    state.apply("end")  # player 1's turn 5 begins
    assert creature(state, "cyclops")["markers"] == 1
    assert creature(state, "sphinx")["markers"] == 0
    assert creature(state, "gorgon")["markers"] == 0  # none to remove
    assert creature(state, "uat")["markers"] == 3  # the other player's cards are untouched
    assert any(e.rule == R.STEP_ONE for e in state.events(None))


def test_step_one_does_not_happen_on_the_first_turn_of_the_game(game):
    # The last creature is placed; markers were left on one card of each side.
    creatures = {
        "cyclops": C(0, "b1", markers=2), "sphinx": C(0, "c1"), "gorgon": C(0, "d1"),
        "phoenix": C(0, "e1"), "minotaur": C(0, "f1"),
        "giga": C(1, "b8", markers=2), "desert_preacher": C(1, "c8"), "mummy": C(1, "d8"),
        "centaur": C(1, "e8"), "manticore": C(1, "f8"), "uat": C(1, "g8"),
        "warrior_priest": {"owner": None},
    }
    for seed in (seed_for(6, 1), seed_for(1, 6)):  # either player may win the first turn
        pos = position(creatures, current=0, turn=0, seed=seed, phase="setup", actions_left=0)
        state = game.from_position(pos)
        state.apply("place warrior_priest g1")
        o = obs(state)
        first = o["current"]
        assert o["phase"] == "play" and o["turn"] == 1
        marked = "cyclops" if first == 0 else "giga"
        assert creature(state, marked)["markers"] == 2  # no marker removed on turn 1
        assert creature(state, marked)["blocked"]
        assert not any(a.kind == "give" and game.tables.ids[a.args[0]] == marked for a in state.legal_actions())
        state.apply("end")  # turn 2 is not the game's first turn: Step One happens
        other = "giga" if first == 0 else "cyclops"
        assert creature(state, other)["markers"] == 1


# --- A Turn in Dirge: Step Two ----------------------------------------------------------


def test_step_two_no_actions_for_a_creature_that_began_it_with_a_marker(game):
    creatures = lineup()
    creatures["cyclops"] = dict(creatures["cyclops"], markers=2)
    state = game.from_position(position(creatures, current=1, turn=4))
    state.apply("end")
    assert creature(state, "cyclops")["markers"] == 1 and creature(state, "cyclops")["blocked"]
    assert not any(g.startswith("give cyclops") for g in gives(state))
    assert any(g.startswith("give sphinx") for g in gives(state))
    assert_illegal(state, "give cyclops move", R.STEP_TWO)


def test_step_two_a_creature_freed_during_the_turn_stays_blocked(game):
    # Battle Prayer takes the Cyclops's last marker, but it began Step Two with one.
    creatures = lineup(warrior_priest=C(0, "c2"))
    creatures["cyclops"] = dict(creatures["cyclops"], markers=2)
    state = game.from_position(position(creatures, current=1, turn=4))
    state.apply("end")
    state.apply("give warrior_priest battle_prayer")
    state.apply("battle_prayer cyclops")
    assert creature(state, "cyclops")["markers"] == 0
    assert_illegal(state, "give cyclops move", R.STEP_TWO)


def test_step_two_one_creature_at_a_time(game):
    state = game.from_position(position(lineup()))
    state.apply("give cyclops move+attack")
    # while the Cyclops acts, no other creature can be given actions
    assert not any(a.kind == "give" for a in state.legal_actions())
    assert {a.kind for a in state.legal_actions()} <= {"move", "attack", "done", "end"}
    state.apply("move d3 n")
    state.apply("done")
    assert any(g.startswith("give sphinx") for g in gives(state))


def test_step_two_unused_markers_go_back_to_the_pile(game):
    state = game.from_position(position(lineup()))
    state.apply("give cyclops move")
    state.apply("move d3 n")
    state.apply("end")  # three markers unused
    assert obs(state)["actions_left"] == 4  # the opponent takes four, not seven
    state.apply("end")
    assert obs(state)["actions_left"] == 4  # and player 1 takes four again


def test_step_two_markers_given_are_placed_on_the_creatures_card(game):
    state = game.from_position(position(lineup()))
    state.apply("give gorgon move+attack")
    assert creature(state, "gorgon")["markers"] == 3
    state.apply("move f3 n")
    state.apply("done")  # forgoing the attack does not give markers back
    assert creature(state, "gorgon")["markers"] == 3
    assert obs(state)["actions_left"] == 1


# --- Actions --------------------------------------------------------------------------------


def test_a_creature_that_received_its_markers_cannot_be_used_again_that_turn(game):
    state = game.from_position(position(lineup()))
    state.apply("give cyclops move")
    state.apply("move d3 n")
    assert creature(state, "cyclops")["used"]
    assert not any(g.startswith("give cyclops") for g in gives(state))
    assert_illegal(state, "give cyclops move", R.ACTIONS)
    # the next turn of its owner it is free again (once its marker is gone)
    state.apply("end")
    state.apply("end")
    assert creature(state, "cyclops")["markers"] == 0
    assert any(g.startswith("give cyclops") for g in gives(state))


def test_a_creature_cannot_be_given_the_same_action_twice_in_a_turn(game):
    # no plan names one action twice
    for action in game.actions:
        if action.kind == "give":
            parts = str(action).split()[2].split("+")
            assert len(parts) == len(set(parts))
    state = game.from_position(position(lineup()))
    state.apply("give cyclops move+attack")
    state.apply("move d3 n")
    assert not any(a.kind == "move" for a in state.legal_actions())
    err = assert_illegal(state, "move d4 n", R.ACTIONS)
    assert "twice" in err.message


# --- Credo rulings -------------------------------------------------------------------------


def test_r4_a_creatures_actions_are_declared_in_one_go(game):
    state = game.from_position(position(lineup(uat=C(1, "d3"))))
    # the whole plan is one action: all its markers are placed at once
    state.apply("give cyclops move")
    assert creature(state, "cyclops")["markers"] == 1
    assert obs(state)["plan_given"] == ["move"]
    # an action that was not declared cannot be added afterwards (the Uat is in front)
    assert_illegal(state, "attack uat", R.ACTIONS)
    assert_illegal(state, "push uat e", R.ACTIONS)
    state.apply("move c2 e")
    assert_illegal(state, "give cyclops attack", R.ACTIONS)


def test_r8_the_game_is_drawn_after_the_turn_limit(game):
    pos = position(lineup(), turn=9, turn_limit=10)
    state = game.from_position(pos)
    state.apply("end")  # turn 10 is still played
    assert not state.is_over and obs(state)["turn"] == 10
    state.apply("end")  # turn 11 would exceed the limit
    assert state.is_over and state.winners == ()
    assert state.returns() == [0.0, 0.0]
    assert obs(state)["draw"] and obs(state)["winner"] is None
    assert any(e.rule == R.R_LIMIT for e in state.events(None))
    # turn_limit 0 means no limit
    state = game.from_position(position(lineup(), turn=500, turn_limit=0))
    state.apply("end")
    assert not state.is_over


def test_r9_no_creature_holds_more_than_six_markers(game):
    state = game.from_position(position(lineup(uat=C(1, "f4", markers=5))))
    state.apply("give gorgon petrify")
    state.apply("petrify uat")
    assert creature(state, "uat")["markers"] == 6
    assert obs(state)["current"] == 0  # the turn goes on: the cap is not a side effect of a turn change
