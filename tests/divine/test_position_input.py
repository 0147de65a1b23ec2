"""Positions at the boundary (credo/games/divine/position.py): a position either loads
into a state that plays or is refused with one PositionError naming the field; saved
positions load back into the same state, which goes on exactly like the original."""

from __future__ import annotations

import copy
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from credo.games import load
from credo.games.divine import board as B
from credo.games.divine.codes import UNIT_WORDS
from credo.kernel.positions import PositionError
from tests.position_fuzz import (ODD_VALUES, assert_refused_clearly, continues_alike, corpus, exercise,
                                 loads_or_refuses, moments_reached, mutate)

from .conftest import U, position

FAST = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
TEMPLES = {"e2": 0, "l2": 1}
UNITS = (U(0, "priest", "e2"), U(1, "priest", "l2"), U(0, "zealot", "e4"), U(1, "zealot", "l4"))


@lru_cache(maxsize=None)
def states():
    return tuple(corpus(load("divine"), seeds=(3, 4), snapshots=4, max_actions=300,
                        wanted=lambda s: s.window is not None))


@lru_cache(maxsize=None)
def positions():
    return tuple(s.to_position() for s in states())


def refusal(game, pos) -> PositionError:
    with pytest.raises(PositionError) as info:
        game.from_position(pos)
    assert_refused_clearly(info.value)
    return info.value


def table(**fields) -> dict:
    """Two players, each with a Temple, a Priest on it and a Zealot; `fields` replace
    the position's own (after the conftest's defaults, so that [] stays [])."""
    return dict(position(UNITS, temples=dict(TEMPLES)), **fields)


def test_the_corpus_covers_every_player_count_and_phase():
    seen = {(p["players"], p["phase"]) for p in positions()}
    assert {n for n, _ in seen} == {2, 3, 4}
    assert {ph for _, ph in seen} == {"setup_priest", "setup_zealot", "play", "over"}
    assert sum(1 for p in positions() if p["window"]) >= 3  # a stack waiting for answers


# --- round trips ------------------------------------------------------------------------


@pytest.mark.parametrize("i", range(len(positions())))
def test_a_saved_position_loads_back_and_goes_on_exactly_like_the_original(game, i):
    original = states()[i].copy()
    resumed = game.from_position(original.to_position())
    assert resumed.to_position() == original.to_position()
    assert resumed.near == original.near
    continues_alike(original, resumed, seed=i)


# --- mutated positions --------------------------------------------------------------------


@FAST
@given(st.data())
def test_a_mutated_position_is_refused_naming_the_field_or_plays(data):
    game = load("divine")
    base = data.draw(st.sampled_from(positions()), label="position")
    loads_or_refuses(game, mutate(data, base), seed=data.draw(st.integers(0, 99), label="seed"))


@pytest.mark.parametrize("field", sorted(positions()[0]))
def test_each_top_level_field_with_each_odd_value(game, field):
    for base in (positions()[0], next(p for p in positions() if p["window"] and p["stack"]), positions()[-1]):
        for value in ODD_VALUES:
            loads_or_refuses(game, dict(base, **{field: copy.deepcopy(value)}))
        loads_or_refuses(game, {k: v for k, v in base.items() if k != field})


def test_each_unit_and_stack_field_with_each_odd_value(game):
    base = next(p for p in positions() if p["window"] and p["stack"])
    for part in ("units", "stack"):
        for key in base[part][0]:
            for value in ODD_VALUES:
                pos = copy.deepcopy(base)
                pos[part][0][key] = copy.deepcopy(value)
                loads_or_refuses(game, pos)
    for key in base["window"]:
        for value in ODD_VALUES:
            pos = copy.deepcopy(base)
            pos["window"][key] = copy.deepcopy(value)
            loads_or_refuses(game, pos)


# --- the defects the review found, and the consistency checks -------------------------------


def test_regression_an_empty_followers_list_is_refused(game):
    # it was accepted, and the first observation crashed (IndexError)
    for field in ("followers", "divinity", "hands", "commandments"):
        lists = field in ("hands", "commandments")
        for value in ([], [[]] if lists else [1], [[]] * 3 if lists else [1, 1, 1]):
            err = refusal(game, table(**{field: value}))
            assert err.field == field


def test_regression_rng_words_that_are_not_integers_are_refused(game):
    # they were accepted, and the first die roll crashed
    for words in (["a", "b"], [1.5, 2], [1], [1, 2, 3], [-1, 0], [2**64, 0], [True, 0], "12"):
        pos = dict(table(), rng=words)
        pos.pop("seed")
        assert refusal(game, pos).field.startswith("rng")


def test_regression_an_empty_window_is_refused(game):
    # a window with no one to answer made to_move raise (IndexError)
    base = next(p for p in positions() if p["window"] and p["stack"])
    for window in ({"order": [], "position": 0, "acted": []},
                   dict(base["window"], position=len(base["window"]["order"]))):
        err = refusal(game, dict(base, window=window))
        assert err.field.startswith("window")


def test_regression_a_unit_in_a_piece_of_another_kind_is_refused(game):
    # a Prophet in a Priest's piece was accepted: pieces of each kind no longer added up
    err = refusal(game, table(units=[U(0, "prophet", "e2", slot=0), U(1, "priest", "l2")]))
    assert err.field == "units[0].slot"


def test_regression_a_stack_target_that_is_no_piece_is_refused(game):
    # a target beyond the pieces made the spectator's view of the stack crash (IndexError)
    base = next(p for p in positions() if p["window"] and p["stack"])
    pos = copy.deepcopy(base)
    item = pos["stack"][-1]
    item.update(kind="ability", what=4, a=0 if item["player"] == 0 else pos["players"] * 10 - 1, b=300)
    assert refusal(game, pos).field.startswith("stack")


def test_a_stack_needs_a_window_and_a_window_may_wait_on_a_step(game):
    base = next(p for p in positions() if p["window"] and p["stack"])
    assert "R-10" in str(refusal(game, dict(base, window=None)))
    # a window with an empty stack is one at a step of the turn, for Interventions
    assert any(p["window"] and not p["stack"] for p in positions())
    step = next(p for p in positions() if p["window"] and not p["stack"])
    assert game.from_position(step).to_position() == step


def test_the_player_answered_is_not_asked(game):
    base = next(p for p in positions() if p["window"] and p["stack"])
    pos = copy.deepcopy(base)
    pos["window"]["order"] = [pos["stack"][-1]["player"]]
    pos["window"]["position"], pos["window"]["acted"] = 0, []
    assert refusal(game, pos).field == "window.order"


def test_two_units_on_one_square_are_refused(game):
    err = refusal(game, table(units=[U(0, "priest", "e2"), U(1, "priest", "e2")]))
    assert err.field == "units[1].square"


def test_more_pieces_than_a_player_owns_are_refused(game):
    zealots = [U(0, "zealot", sq) for sq in ("a1", "a2", "a3", "a4", "a5")]
    err = refusal(game, table(units=zealots))
    assert err.field == "units[4]" and "R-3" in str(err)


def test_a_player_who_does_not_exist_is_refused(game):
    assert refusal(game, table(units=[U(2, "priest", "e2")])).field == "units[0].owner"
    assert refusal(game, position(UNITS, temples={"e2": 3})).field == "temples.e2"
    assert refusal(game, table(current=2)).field == "current"
    assert refusal(game, table(order=[0, 0])).field == "order"


def test_a_temple_must_be_a_temple_of_the_city(game):
    assert refusal(game, position(UNITS, temples={"a1": 0})).field == "temples.a1"


def test_turns_pass_in_turn_order(game):
    err = refusal(game, table(current=1, turn=1))
    assert err.field == "current" and "turn order" in str(err)
    game.from_position(table(current=1, turn=2))


def test_a_commandment_list_holds_only_commandments(game):
    err = refusal(game, table(commandments=[["miracle"], []]))
    assert err.field == "commandments[0][0]"


def test_a_winner_must_meet_a_win_condition(game):
    assert refusal(game, table(phase="over", winner=0)).field == "winner"
    # Dominance: the only player controlling a Temple
    over = game.from_position(position(UNITS, temples={"e2": 0}, phase="over", winner=0))
    assert over.winners == (0,)
    exercise(over, seed=1)
    assert "R-13" in str(refusal(game, table(phase="over")))
    assert game.from_position(table(phase="over", turn=121, turn_limit=60)).is_over
    assert "R-13" in str(refusal(game, table(turn=121, turn_limit=60)))
    assert not game.from_position(table(turn=121)).is_over  # no limit unless one is set


def test_setup_follows_the_setup_steps(game):
    # player 0 placed a Priest on e2; player 1 places next
    pos = dict(position([U(0, "priest", "e2")], temples={"e2": 0}), phase="setup_priest", setup_index=1,
               current=1, turn=0)
    state = game.from_position(pos)
    exercise(state, seed=2)
    assert refusal(game, dict(pos, current=0)).field == "current"
    assert refusal(game, dict(pos, units=[])).field == "units"
    assert refusal(game, dict(pos, temples={"e2": 0, "l2": 0})).field == "temples"
    # the Zealots, in reverse turn order: player 1 first, within 3 spaces of its Temple
    zealots = dict(position([U(0, "priest", "e2"), U(1, "priest", "l2"), U(1, "zealot", "l4")],
                            temples=dict(TEMPLES)), phase="setup_zealot", setup_index=1, current=0, turn=0)
    exercise(game.from_position(zealots), seed=3)
    far = dict(zealots, units=[U(0, "priest", "e2"), U(1, "priest", "l2"), U(1, "zealot", "r18")])
    assert "within 3 spaces" in str(refusal(game, far))


def test_unknown_cards_and_tiles_are_named(game):
    assert refusal(game, table(hands=[["miracle", "joker"], []])).field == "hands[0][1]"
    assert refusal(game, table(deck=["joker"])).field == "deck[0]"
    city = [[t, 0] for t in ("a", "b")]
    assert refusal(game, table(city=city)).field == "city"
    full = positions()[0]["city"]
    assert refusal(game, table(city=[full[0]] * 9)).field == "city[1][0]"
    assert refusal(game, table(city=[[full[0][0], 4]] + full[1:])).field == "city[0][1]"


def test_seed_and_rng_together_are_refused(game):
    assert refusal(game, dict(positions()[0], seed=3)).field == "seed"


def test_a_value_nested_far_too_deeply_is_refused(game):
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    for field in ("units", "hands", "stack", "window", "city"):
        err = refusal(game, dict(positions()[0], **{field: deep}))
        assert err.field.startswith(field) or err.field == "(position)"


# --- positions written by hand: right names and types, rules possibly broken ----------------


@st.composite
def hand_written(draw):
    """A position as a person might write one on the unturned city: real cards, squares
    and pieces, stacks and windows, winners, that may or may not fit together."""
    game = load("divine")
    cards = game.cards.ids
    layout = B.Layout(game.content.tiles, [(t, 0) for t in range(9)])
    temples = [B.NAMES[sq] for sq in layout.temples]
    specials = [B.NAMES[sq] for sq in layout.towers + layout.catacombs + (layout.library, layout.market)]
    n = draw(st.integers(2, 4))
    per = game.per_player
    squares = draw(st.lists(st.sampled_from(temples + specials + B.NAMES[:40]), unique=True, max_size=14))
    units = [{"owner": draw(st.integers(0, n - 1)), "kind": draw(st.sampled_from(UNIT_WORDS)), "square": sq,
              "vigilance": draw(st.booleans()), "acted": draw(st.booleans()), "fresh": draw(st.booleans()),
              "pinned": draw(st.booleans()), "bonus_dice": draw(st.sampled_from([0, 0, 1, 15]))} for sq in squares]
    current = draw(st.integers(0, n - 1))
    per_player = st.lists(st.integers(0, 120), min_size=n, max_size=n)
    commandments = [cards[c] for c in game.cards.commandments]
    pos = {"players": n, "units": units, "current": current, "turn": current + 1 + n * draw(st.integers(0, 3)),
           "temples": draw(st.dictionaries(st.sampled_from(temples), st.integers(0, n - 1), max_size=8)),
           "step": draw(st.sampled_from(["move", "ability"])), "allowance": draw(st.integers(0, 12)),
           "followers": draw(per_player), "divinity": draw(st.lists(st.integers(0, 12), min_size=n, max_size=n)),
           "hands": draw(st.lists(st.lists(st.sampled_from(cards), max_size=6), min_size=n, max_size=n)),
           "commandments": draw(st.lists(st.lists(st.sampled_from(commandments), max_size=2), min_size=n, max_size=n)),
           "deck": draw(st.lists(st.sampled_from(cards), max_size=8)),
           "discard": draw(st.lists(st.sampled_from(cards), max_size=4)), "seed": draw(st.integers(0, 99)),
           "turn_limit": draw(st.sampled_from([0, 2, 60])), "decisions": draw(st.sampled_from([0, 5, 399, 400]))}
    if draw(st.booleans()):
        stack = []
        for _ in range(draw(st.integers(1, 3))):
            player = draw(st.integers(0, n - 1))
            if draw(st.booleans()):
                stack.append({"kind": "card", "player": player, "what": draw(st.sampled_from(cards)),
                              "a": draw(st.sampled_from([-1, 0, 1, per + 1, layout.temples[0], layout.temples[3]])),
                              "b": draw(st.sampled_from([-1, -1, 0, 1])), "cancelled": draw(st.booleans())})
            else:
                stack.append({"kind": "ability", "player": player, "what": draw(st.integers(0, 7)),
                              "a": draw(st.sampled_from([0, 1, player * per, player * per + 4, per + 4])),
                              "b": draw(st.sampled_from([0, per, per + 4, layout.temples[0], 100])),
                              "cancelled": draw(st.booleans())})
        pos["stack"] = stack
        others = [q for q in range(n) if q != stack[-1]["player"]]
        order = draw(st.permutations(others))[:draw(st.integers(1, len(others)))]
        pos["window"] = {"order": list(order), "position": draw(st.integers(0, len(order) - 1)), "acted": []}
    if draw(st.integers(0, 5)) == 0:
        pos["phase"] = "over"
        pos["winner"] = winner = draw(st.sampled_from([None, 0, 1]))
        if draw(st.booleans()):  # make the end fit: Prevalence, or the turn limit passed
            if winner is None:
                pos["turn_limit"], pos["turn"] = 1, pos["turn"] + n
            else:
                pos["followers"][winner] = 100
    return pos


@FAST
@given(hand_written(), st.integers(0, 99))
def test_a_hand_written_position_is_refused_naming_the_field_or_plays(pos, seed):
    loads_or_refuses(load("divine"), pos, seed)



def test_hand_written_positions_that_load_include_an_open_window_and_a_finished_game():
    """The generator reaches the rare moments, not only refusals (derandomized: the
    same examples every run)."""
    reached = moments_reached(load("divine"), hand_written(), {
        "window": lambda p: p.get("window") is not None,
        "over": lambda p: p.get("phase") == "over",
    })
    assert reached == {"loads", "window", "over"}
