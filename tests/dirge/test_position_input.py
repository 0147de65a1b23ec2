"""Positions at the boundary (credo/games/dirge/position.py): a position either loads
into a state that plays or is refused with one PositionError naming the field; saved
positions load back into the same state, which goes on exactly like the original."""

from __future__ import annotations

import copy
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from credo.games import load
from credo.kernel.positions import PositionError
from tests.position_fuzz import (ODD_VALUES, assert_refused_clearly, continues_alike, corpus, exercise,
                                 loads_or_refuses, moments_reached, mutate)

from .conftest import C, position

FAST = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))


@lru_cache(maxsize=None)
def states():
    return tuple(corpus(load("dirge"), seeds=(3, 4), snapshots=4, max_actions=300))


@lru_cache(maxsize=None)
def positions():
    return tuple(s.to_position() for s in states())


def refusal(game, pos) -> PositionError:
    with pytest.raises(PositionError) as info:
        game.from_position(pos)
    assert_refused_clearly(info.value)
    return info.value


def test_the_corpus_covers_every_mode_and_phase():
    seen = {(p["mode"], p["phase"]) for p in positions()}
    assert {m for m, _ in seen} == {"draw", "pick", "teams"}
    assert {ph for _, ph in seen} == {"setup", "play", "over"}
    assert any(p["active"] for p in positions())  # a creature in the middle of its actions


# --- round trips ------------------------------------------------------------------------


@pytest.mark.parametrize("i", range(len(positions())))
def test_a_saved_position_loads_back_and_goes_on_exactly_like_the_original(game, i):
    original = states()[i].copy()
    resumed = game.from_position(original.to_position())
    assert resumed.to_position() == original.to_position()
    continues_alike(original, resumed, seed=i)


# --- mutated positions --------------------------------------------------------------------


@FAST
@given(st.data())
def test_a_mutated_position_is_refused_naming_the_field_or_plays(data):
    game = load("dirge")
    base = data.draw(st.sampled_from(positions()), label="position")
    loads_or_refuses(game, mutate(data, base), seed=data.draw(st.integers(0, 99), label="seed"))


@pytest.mark.parametrize("field", sorted(positions()[0]))
def test_each_top_level_field_with_each_odd_value(game, field):
    for base in (positions()[0], positions()[-1]):
        for value in ODD_VALUES:
            loads_or_refuses(game, dict(base, **{field: copy.deepcopy(value)}))
        dropped = {k: v for k, v in base.items() if k != field}
        loads_or_refuses(game, dropped)


def test_each_creature_field_with_each_odd_value(game):
    base = next(p for p in positions() if p["phase"] == "play")
    for name in base["creatures"]:
        for field in ("owner", "square", "facing", "damage", "markers", "once_spent"):
            for value in ODD_VALUES:
                pos = copy.deepcopy(base)
                pos["creatures"][name][field] = copy.deepcopy(value)
                loads_or_refuses(game, pos)


def test_not_a_position_at_all(game):
    for value in (None, [], "dirge", 3, [positions()[0]]):
        err = refusal(game, value)
        assert err.field == "(position)"


# --- the defects the review found, and the consistency checks -------------------------------


def test_regression_rng_words_that_are_not_integers_are_refused(game):
    # they were accepted, and the first die roll crashed
    for words in (["a", "b"], [1.5, 2], [1], [1, 2, 3], [-1, 0], [2**64, 0], [True, 0], None, "12"):
        pos = dict(position({"sphinx": C(0, "d4"), "uat": C(1, "d5")}), rng=words)
        pos.pop("seed")
        if words is None:
            game.from_position(pos)  # null: no saved generator, a new one from seed 0
            continue
        assert refusal(game, pos).field.startswith("rng")


def test_regression_a_creature_entry_that_is_not_an_object_is_refused(game):
    # it raised AttributeError ('list' object has no attribute 'get')
    for entry in ([], "d4", 3, None):
        err = refusal(game, position({"sphinx": entry, "uat": C(1, "d5")}))
        assert err.field == "creatures.sphinx"


def test_regression_more_markers_than_a_card_holds_are_refused(game):
    # 99 markers froze the side for good: every turn was skipped until an internal assertion fired
    err = refusal(game, position({"sphinx": C(0, "d4", markers=99), "uat": C(1, "d5")}))
    assert err.field == "creatures.sphinx.markers"


def test_regression_huge_numbers_are_refused(game):
    for field in ("turn", "actions_left", "turn_limit", "current"):
        err = refusal(game, position({"sphinx": C(0, "d4"), "uat": C(1, "d5")}, **{field: 10**30}))
        assert err.field == field


def test_draw_mode_setup_without_a_drawn_card_is_refused(game):
    s = game.new(seed=5)
    pos = dict(s.to_position(), drawn=None)
    assert refusal(game, pos).field == "drawn"  # placing it used to corrupt the last creature


def test_a_card_in_the_pile_and_in_a_players_hand_is_refused(game):
    s = game.new(seed=5)
    pos = s.to_position()
    pos["pile"] = pos["pile"] + [pos["drawn"]]
    assert refusal(game, pos).field.startswith("pile")


def test_two_creatures_on_one_square_are_refused(game):
    err = refusal(game, position({"sphinx": C(0, "d4"), "uat": C(1, "d4")}))
    assert err.field == "creatures.uat.square" and "already holds the Sphinx" in str(err)


def test_a_game_in_play_needs_a_creature_of_each_player(game):
    err = refusal(game, position({"sphinx": C(0, "d4"), "uat": {"owner": 1}}))
    assert "End of the Game" in str(err)


def test_a_winner_whose_opponent_still_has_creatures_is_refused(game):
    pos = position({"sphinx": C(0, "d4"), "uat": C(1, "d5")}, phase="over", winner=0)
    assert refusal(game, pos).field == "winner"
    pos = position({"sphinx": C(0, "d4"), "uat": {"owner": 1}}, phase="over", winner=0)
    assert game.from_position(pos).winners == (0,)


def test_a_draw_comes_only_after_the_turn_limit(game):
    creatures = {"sphinx": C(0, "d4"), "uat": C(1, "d5")}
    assert "R-8" in str(refusal(game, position(creatures, phase="over", winner=2)))
    assert game.from_position(position(creatures, phase="over", winner=2, turn=201, turn_limit=200)).is_over
    assert "R-8" in str(refusal(game, position(creatures, turn=201, turn_limit=200)))
    assert not game.from_position(position(creatures, turn=201)).is_over  # no limit unless one is set


def test_an_acting_creature_must_be_the_movers_and_given_its_actions(game):
    creatures = {"sphinx": C(0, "d4"), "uat": C(1, "d5")}
    assert refusal(game, position(creatures, active="uat", used=["uat"], plan_given=["move"],
                                  plan_left=["move"])).field == "used"
    assert refusal(game, position(creatures, active="sphinx", plan_given=["move"], plan_left=["move"])).field == "used"
    assert refusal(game, position(creatures, active="sphinx", used=["sphinx"], plan_given=["move"],
                                  plan_left=[])).field == "plan_left"
    assert refusal(game, position(creatures, active="sphinx", used=["sphinx"], plan_given=["move"],
                                  plan_left=["attack"])).field == "plan_left"
    assert refusal(game, position(creatures, active="sphinx", used=["sphinx"], plan_given=["move", "move"],
                                  plan_left=["move"])).field == "plan_given[1]"
    assert refusal(game, position(creatures, plan_left=["move"])).field == "plan_left"
    state = game.from_position(position(creatures, active="sphinx", used=["sphinx"], plan_given=["move"],
                                        plan_left=["move"], actions_left=3))
    exercise(state, seed=1)


def test_setup_positions_follow_the_choosing_rules(game):
    # pick mode, player 1 to place: the creatures placed so far alternate
    creatures = {"sphinx": C(0, "c1"), "uat": C(1, "c8"), "giga": C(1, "d8")}
    assert refusal(game, position(creatures, phase="setup", current=1, turn=0)).field == "current"
    game.from_position(position(creatures, phase="setup", current=0, turn=0))
    off_side = {"sphinx": C(0, "d4"), "uat": C(1, "c8")}
    assert "starting space" in str(refusal(game, position(off_side, phase="setup", turn=0)))


def test_teams_mode_keeps_the_recommended_teams(game):
    creatures = {"sphinx": C(1, "d4"), "uat": C(0, "d5")}
    err = refusal(game, position(creatures, mode="teams"))
    assert "Recommended Creatures" in str(err)


def test_unknown_creatures_and_squares_are_named(game):
    err = refusal(game, position({"dragon": C(0, "d4"), "uat": C(1, "d5")}))
    assert err.field == "creatures" and "dragon" in str(err)
    err = refusal(game, position({"sphinx": C(0, "z9"), "uat": C(1, "d5")}))
    assert err.field == "creatures.sphinx.square"
    err = refusal(game, position({"sphinx": C(0, "d4"), "uat": C(1, "d5")}, used=["sphinx", "sphinx"]))
    assert err.field == "used[1]"


def test_seed_and_rng_together_are_refused(game):
    pos = dict(positions()[0], seed=3)
    assert refusal(game, pos).field == "seed"


def test_a_value_nested_far_too_deeply_is_refused(game):
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    for field in ("creatures", "pile", "rng", "placed", "winner"):
        err = refusal(game, dict(positions()[0], **{field: deep}))
        assert err.field.startswith(field) or err.field == "(position)"


def test_a_name_that_would_break_the_line_is_quoted_and_cut(game):
    for key in ("a\nb", "a" * 5000):
        err = refusal(game, position({key: 5, "uat": C(1, "d5")}))
        assert err.field.startswith("creatures.'a")


# --- positions written by hand: right names and types, rules possibly broken ----------------


@st.composite
def hand_written(draw):
    """A position as a person might write one: real creatures, squares and actions, in
    any phase and mode, with markers, plans and winners that may or may not fit."""
    game = load("dirge")
    ids, squares = game.tables.ids, game.board.names
    actions = ["move", "attack"] + sorted({a.id for a in game.tables.abilities})
    chosen = draw(st.lists(st.sampled_from(ids), min_size=2, max_size=12, unique=True))
    spots = draw(st.lists(st.sampled_from(squares), min_size=len(chosen), max_size=len(chosen), unique=True))
    creatures = {}
    for i, (cid, sq) in enumerate(zip(chosen, spots)):
        entry = {"owner": i % 2 if i < 2 else draw(st.sampled_from([0, 1, None]))}
        if entry["owner"] is not None and draw(st.integers(0, 5)):
            entry.update(square=sq, facing=draw(st.sampled_from("nesw")), damage=draw(st.integers(0, 2)),
                         markers=draw(st.sampled_from([0, 0, 1, 6])))
        creatures[cid] = entry
    pos = {"creatures": creatures, "mode": draw(st.sampled_from(["draw", "pick", "teams"])),
           "phase": draw(st.sampled_from(["setup", "play", "play", "over"])), "current": draw(st.integers(0, 1)),
           "turn": draw(st.integers(0, 5)), "actions_left": draw(st.integers(0, 4)),
           "turn_limit": draw(st.sampled_from([0, 3, 200])), "seed": draw(st.integers(0, 99))}
    mine = [c for c in chosen if creatures[c]["owner"] == pos["current"] and "square" in creatures[c]] or chosen
    pos["used"] = draw(st.lists(st.sampled_from(mine), unique=True, max_size=2))
    pos["blocked"] = draw(st.lists(st.sampled_from(mine), unique=True, max_size=2).map(
        lambda names: [c for c in names if c not in pos["used"] or c == names[0]]))
    if pos["used"] and draw(st.booleans()):
        active = pos["active"] = pos["used"][0]
        own = [ab.id for ab in game.content.creatures[game.tables.by_id[active]].abilities if ab.kind == "active"]
        choices = actions if draw(st.integers(0, 4)) == 0 else actions[:2] + own
        pos["plan_given"] = draw(st.lists(st.sampled_from(choices), unique=True, min_size=1, max_size=2))
        pos["plan_left"] = pos["plan_given"][draw(st.integers(0, len(pos["plan_given"]) - 1)):]
        pos["actions_left"] = draw(st.integers(0, 2))
    if draw(st.integers(0, 3)) == 0:
        pos["winner"] = winner = draw(st.sampled_from([0, 1, 2]))
        if winner < 2 and draw(st.booleans()):  # the loser's last creature destroyed
            pos["phase"] = "over"
            for cid, entry in creatures.items():
                if entry["owner"] == 1 - winner:
                    creatures[cid] = {"owner": entry["owner"]}
    if pos["mode"] == "draw" and pos["phase"] == "setup":
        pos["pile"] = [c for c in ids if c not in creatures]
        waiting = [c for c in chosen if creatures[c]["owner"] is not None and "square" not in creatures[c]]
        if waiting:
            pos["drawn"] = waiting[0]
    return pos


@FAST
@given(hand_written(), st.integers(0, 99))
def test_a_hand_written_position_is_refused_naming_the_field_or_plays(pos, seed):
    loads_or_refuses(load("dirge"), pos, seed)



def test_hand_written_positions_that_load_include_a_creature_mid_action_and_a_finished_game():
    """The generator reaches the rare moments, not only refusals (derandomized: the
    same examples every run)."""
    reached = moments_reached(load("dirge"), hand_written(), {
        "mid_action": lambda p: p.get("active") is not None,
        "over": lambda p: p.get("phase") == "over",
    })
    assert reached == {"loads", "mid_action", "over"}
