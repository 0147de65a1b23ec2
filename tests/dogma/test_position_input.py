"""Positions at the boundary (credo/games/dogma/position.py): a position either loads into
a state that plays, or is refused with one PositionError naming the field; a position
read back is the same position, and a resumed game goes on exactly like the original.

The fuzz starts from real positions (random play from several seeds in every option
variant: Predestination, Free Will, 2 vs 2, Chaos) and mutates them: drop a field,
another type, a huge or negative number, an empty list, null, a string, a swap, a
duplicate list entry, a renamed key, deep nesting."""

from __future__ import annotations

import copy
import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from credo.games import load
from credo.kernel.positions import PositionError
from tests.position_fuzz import assert_refused_clearly, continues_alike, corpus, exercise, loads_or_refuses, mutate

from .conftest import A, position

GAME = load("dogma")
MAO = A("maometto", "corano_hizb", "sunniti", "allah_akbar")
AL = A("al_jafar", "hajj", "samsara", "vacuita")
# Dogma's own words for the mutations: Orders, places, cards, numbers past a player's Arcana and Cult cards
ODD = ("cult 9", "summon 1", "active", "rear", 16, 4, 3, [-1, 0], {"prophet": "gesu"}, "gesu", "hajj", "esorcismo")
KEYS = ("0", "1", "3", "7", "players", "cur")


def paused(s, step: int) -> bool:
    """Moments worth many positions: Fidelity Tests, pending choices, simultaneous groups."""
    if step % 3:
        return False
    pos = s.to_position()
    return pos["test"] is not None or bool(pos["pending"]) or pos["simultaneous"]


def choosing(s) -> bool:
    """A Fidelity Test or a pending choice is under way."""
    pos = s.to_position()
    return pos["test"] is not None or bool(pos["pending"])


@functools.cache
def real_positions() -> tuple[dict, ...]:
    """Positions met in random games: every phase, Orders under way, Fidelity Tests, pending
    choices, simultaneous groups, the Chaos preparation, games over."""
    states = corpus(GAME, seeds=range(6), snapshots=16, max_actions=400, often=paused)
    return tuple(s.to_position() for s in states)


def test_the_real_positions_cover_every_phase_and_pause():
    positions = real_positions()
    assert {p["phase"] for p in positions} == {"chaos", "deploy", "orders", "resolve", "over"}
    assert any(p["test"] for p in positions) and any(p["pending"] for p in positions)
    assert any(p["simultaneous"] for p in positions) and any(len(p["players"]) == 4 for p in positions)


# --- mutations -------------------------------------------------------------------------

@settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_a_mutated_position_is_refused_naming_a_field_or_plays(data):
    base = data.draw(st.sampled_from(real_positions()), label="position")
    pos = mutate(data, base, odd=ODD, keys=KEYS, others=real_positions())
    loads_or_refuses(GAME, pos, seed=data.draw(st.integers(0, 2**32), label="seed"))


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_a_mutated_arcanum_is_refused_naming_it_or_plays(data):
    base = copy.deepcopy(data.draw(st.sampled_from([p for p in real_positions() if p["phase"] != "chaos"])))
    p = data.draw(st.integers(0, len(base["players"]) - 1))
    arcana = base["players"][p]["arcana"]
    k = data.draw(st.integers(0, len(arcana) - 1))
    field = data.draw(st.sampled_from(sorted(arcana[k])))
    odd = (None, "x", "", -1, -(2**70), 2**70, 10**6, 1.5, True, False, [], {}, [[]], [0, 1, 2], *ODD)
    arcana[k][field] = copy.deepcopy(data.draw(st.sampled_from(odd)))
    try:
        state = GAME.from_position(base)
    except PositionError as err:
        assert_refused_clearly(err)
        assert err.field.startswith(("players", "commit", "plan", "cur", "test", "pending", "last", "actor", "(")), \
            str(err)
        return
    exercise(state, 5)


@pytest.mark.parametrize("bad", [None, 3, "dogma", [1, 2], 1.5])
def test_a_position_that_is_not_an_object_is_refused(bad):
    with pytest.raises(PositionError, match="JSON object"):
        GAME.from_position(bad)


# --- round trips ------------------------------------------------------------------------

@pytest.mark.parametrize("options", GAME.option_variants, ids=lambda o: "-".join(map(str, o.values())))
def test_a_resumed_game_reads_back_and_goes_on_exactly_like_the_original(options):
    states = corpus(GAME, seeds=range(3), snapshots=0, max_actions=300, finish=False, variants=[options],
                    often=lambda s, step: step % 11 == 4 or choosing(s))
    for n, s in enumerate(states):
        pos = s.to_position()
        resumed = GAME.from_position(pos)
        assert resumed.to_position() == pos
        continues_alike(s.copy(), resumed, seed=n, actions=30)


# --- the review's defects, one test each ----------------------------------------------------

@pytest.mark.parametrize("players", [["0", "1"], [0.0, 1], [-1, 1], [0, 2**70], [0, 0], [0, 3], []])
def test_regression_commit_players_that_are_not_the_players_to_choose_are_refused(players):
    pos = position([MAO], [AL], commit={"players": players, "choices": {}})
    with pytest.raises(PositionError) as err:
        GAME.from_position(pos)
    assert err.value.field.startswith("commit.players"), str(err.value)


@pytest.mark.parametrize("index", [2**40, 10**6, 3, -1, "1", 1.0])
def test_regression_a_huge_face_up_index_is_refused_without_computing_with_it(index):
    pos = position([dict(MAO, face_up=[index])], [AL])
    with pytest.raises(PositionError) as err:
        GAME.from_position(pos)
    assert err.value.field.startswith("players[0].arcana[0].face_up"), str(err.value)


@pytest.mark.parametrize("words", [["1", "2"], [1.0, 2], [1], [1, 2, 3], [-1, 0], [2**64, 0], "seed"])
def test_regression_rng_words_that_are_not_two_64_bit_integers_are_refused(words):
    pos = GAME.new(3).to_position()
    pos["rng"] = words
    with pytest.raises(PositionError) as err:
        GAME.from_position(pos)
    assert err.value.field.startswith("rng")


def test_huge_and_wrong_typed_numbers_are_refused_naming_the_field():
    base = GAME.new(2).to_position()
    for field, value in [("turn", 2**80), ("turn_limit", -1), ("ri", 10**9), ("protect", 2**70), ("phase", "draw"),
                         ("simultaneous", 1), ("mode", "storm"), ("decks", ["mecca", "nope"]), ("winner", 0),
                         ("targets", [0, 1]), ("last", [9, -1])]:
        pos = copy.deepcopy(base)
        pos[field] = value
        with pytest.raises(PositionError) as err:
            GAME.from_position(pos)
        assert err.value.field.split(".")[0].split("[")[0] == field, (field, str(err.value))


def test_consistency_where_each_prophet_stands_and_its_damage():
    f = GAME.content.prophets[GAME.tables.prophet_by_id["maometto"]].faith
    cases = [
        (position([MAO, dict(AL, where="active")], [AL]), "players[0].active", "one Prophet is active"),
        (position([MAO, AL], [AL], players_rear=None), None, None),
        (position([dict(MAO, damage=f)], [AL]), "players[0].arcana[0].damage", "would be defeated"),
        (position([dict(MAO, card_markers=[1, 1, 1, 1])], [AL]), "players[0].arcana[0].card_markers", "holds 3"),
        (position([dict(MAO, cult=MAO["cult"] + ["sunna"])], [AL]), "players[0].arcana[0].cult", "at most 3"),
        (position([MAO], [dict(AL, where="defeated")]), "players", "the game is over"),
    ]
    for pos, field, words in cases:
        pos.pop("players_rear", None)
        if field is None:
            GAME.from_position(pos)
            continue
        with pytest.raises(PositionError, match=words) as err:
            GAME.from_position(pos)
        assert err.value.field == field
    pos = position([MAO, AL], [AL])
    pos["players"][0]["rear"] = [1, 1]
    with pytest.raises(PositionError, match="rear guard lists each") as err:
        GAME.from_position(pos)
    assert err.value.field == "players[0].rear"


def test_consistency_a_committed_order_must_be_one_the_player_could_place():
    pos = position([MAO], [AL], commit={"players": [0, 1], "choices": {"0": "cult 4"}})
    with pytest.raises(PositionError, match="could place") as err:
        GAME.from_position(pos)
    assert err.value.field == "commit.choices.0"
    pos["commit"]["choices"] = {"0": "cult 3", "1": "cult 1"}
    with pytest.raises(PositionError, match="already be revealed"):
        GAME.from_position(pos)
    pos["commit"]["choices"] = {"0": "cult 3"}
    assert GAME.from_position(pos).to_move == (1,)


def test_consistency_the_order_under_way_is_the_one_its_card_prints():
    s = next(GAME.from_position(p) for p in real_positions() if p["cur"] and p["phase"] == "resolve")
    pos = s.to_position()
    pos["cur"]["ops"] = [["damage", 10**6, "all_active", 0, None]]
    with pytest.raises(PositionError, match="prints other effects") as err:
        GAME.from_position(pos)
    assert err.value.field == "cur.ops"
    cult = next(p for p in real_positions() if p["cur"] and p["phase"] == "resolve" and p["cur"]["card"] >= 0)
    pos = copy.deepcopy(cult)
    ri = pos["ri"]
    pos["plan"][ri][1] = "cult 4"  # a Cult card the Prophet does not hold (none holds four but Elaine)
    with pytest.raises(PositionError) as err:
        GAME.from_position(pos)
    assert err.value.field in (f"plan[{ri}][1]", "cur.card"), str(err.value)


def test_consistency_a_deployed_prophets_revealed_cult_cards_are_face_up():
    """A Revealed Cult card turns face up when its Prophet is deployed: a position that lists it face down
    under a Prophet once deployed describes the state the rules make of it, the card face up; under a Prophet
    never deployed it stays face down."""
    shirin = A("shirin", "ibaditi", "sunna", "hadith")  # Sunna is Revealed
    for where, revealed, face_up in (("active", None, [1]), ("rear", True, [1]), ("rear", None, [])):
        pos = position([MAO, dict(shirin, where=where, revealed=revealed)] if where == "rear" else [shirin, MAO], [AL])
        arcanum = pos["players"][0]["arcana"][1 if where == "rear" else 0]
        if revealed is None:
            arcanum.pop("revealed", None)
        state = GAME.from_position(pos)
        assert state.to_position()["players"][0]["arcana"][1 if where == "rear" else 0]["face_up"] == face_up
