"""Positions at the boundary (credo/games/jol/position.py): a position either loads into a
state that plays, or is refused with one PositionError naming the field; a position read
back is the same position, and a resumed game goes on exactly like the original.

The fuzz starts from real positions (random play from several seeds and every deck
choice) and mutates them: drop a field, another type, a huge or negative number, an
empty list, null, a string, a swap, a duplicate list entry, a renamed card, deep nesting."""

from __future__ import annotations

import copy
import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from credo.games import load
from credo.kernel.positions import PositionError
from tests.position_fuzz import assert_refused_clearly, continues_alike, corpus, exercise, loads_or_refuses, mutate

from .conftest import C, position

GAME = load("jol")
# Jol's own words for the mutations: card numbers and names, a place, a number past the decks
ODD = ("c999", "c0", "c1", "court", 61, {"card": "mesa"})
KEYS = ("c1", "c2", "c60", "c61", "c7", "boog")


def variants() -> list[dict]:
    decks = [d.id for d in GAME.content.decks]
    pairs = {(v["deck1"], v["deck2"]) for v in GAME.option_variants}
    pairs |= {(a, b) for a in decks for b in decks}
    return [{"deck1": a, "deck2": b} for a, b in sorted(pairs)]


@functools.cache
def real_positions() -> tuple[dict, ...]:
    """Positions met in random games: every phase, engagements under way (many), games over."""
    states = corpus(GAME, seeds=(0, 1), snapshots=12, max_actions=300, variants=variants(),
                    often=lambda s, step: s.to_position()["phase"] in ("prayer", "defender") and step % 5 == 0)
    return tuple(s.to_position() for s in states)


def test_the_real_positions_cover_every_phase():
    assert {p["phase"] for p in real_positions()} == {"formation", "engagement", "prayer", "defender", "over"}


# --- mutations -------------------------------------------------------------------------

@settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_a_mutated_position_is_refused_naming_a_field_or_plays(data):
    base = data.draw(st.sampled_from(real_positions()), label="position")
    pos = mutate(data, base, odd=ODD, keys=KEYS, others=real_positions())
    loads_or_refuses(GAME, pos, seed=data.draw(st.integers(0, 2**32), label="seed"))


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_a_mutated_card_entry_is_refused_naming_the_card_or_plays(data):
    base = copy.deepcopy(data.draw(st.sampled_from(real_positions())))
    name = data.draw(st.sampled_from(sorted(base["cards"])))
    field = data.draw(st.sampled_from(["card", "owner", "at", "on", "ready", "engaged", "buff"]))
    odd = ("boog", "vow", "talent", "c3", None, *ODD, -1, 2**70, 1.5, True, [], {})
    base["cards"][name][field] = copy.deepcopy(data.draw(st.sampled_from(odd)))
    try:
        state = GAME.from_position(base)
    except PositionError as err:
        assert_refused_clearly(err)
        assert err.field.startswith(("cards", "hands", "engagement", "piles", "(")), str(err)
        return
    exercise(state, 5)


@pytest.mark.parametrize("bad", [None, 3, "jol", [1, 2], 1.5])
def test_a_position_that_is_not_an_object_is_refused(bad):
    with pytest.raises(PositionError, match="JSON object"):
        GAME.from_position(bad)


# --- round trips ------------------------------------------------------------------------

@pytest.mark.parametrize("options", variants(), ids=lambda o: f"{o['deck1']}-{o['deck2']}")
def test_a_resumed_game_reads_back_and_goes_on_exactly_like_the_original(options):
    states = corpus(GAME, seeds=(0, 1, 2), snapshots=0, max_actions=400, variants=[options],
                    often=lambda s, step: step % 9 == 4)
    for n, s in enumerate(states):
        pos = s.to_position()
        resumed = GAME.from_position(pos)
        assert resumed.to_position() == pos
        continues_alike(s.copy(), resumed, seed=n)


# --- the review's defects, one test each ----------------------------------------------------

def test_regression_own_output_after_a_skipped_card_number_loads():
    s = GAME.from_position(position({"c1": C("ridge", 0, "court"), "c5": C("lumen", 1, "court")}))
    again = GAME.from_position(s.to_position())
    assert again.to_position() == s.to_position()


def test_regression_an_empty_prayer_window_order_is_refused_naming_it():
    s = GAME.from_position(position({"c1": C("ridge", 0, "court"), "c2": C("lumen", 1, "court")}))
    s.apply("instigate c1")
    pos = s.to_position()
    assert pos["phase"] == "prayer"
    pos["engagement"]["window"]["order"] = []
    with pytest.raises(PositionError) as err:
        GAME.from_position(pos)
    assert err.value.field == "engagement.window.order"
    pos["engagement"]["window"]["order"] = [0, 1]  # step 1 is answered first by the player who did not declare
    with pytest.raises(PositionError, match="player 2, then player 1") as err:
        GAME.from_position(pos)


@pytest.mark.parametrize("words", [["1", "2"], [1.0, 2], [1], [1, 2, 3], [-1, 0], [2**64, 0], None, "seed"])
def test_regression_rng_words_that_are_not_two_64_bit_integers_are_refused(words):
    pos = GAME.new(3).to_position()
    pos["rng"] = words
    if words is None:  # no rng words: the seed (default 0) makes the rng
        GAME.from_position(pos)
        return
    with pytest.raises(PositionError) as err:
        GAME.from_position(pos)
    assert err.value.field.startswith("rng")


def test_regression_a_resumed_game_narrates_the_vows_of_a_broken_cogum_in_the_same_order():
    # two Vows on one Cogum, the later-numbered one laid first: player 2 attaches c4 in
    # their turn, player 1 attaches c3 in the next
    s = GAME.from_position(position({
        "c1": C("ridge", 0, "court"), "c2": C("lumen", 1, "court"),
        "c3": C("vow_of_burden", 0), "c4": C("vow_of_iron", 1)}, current=1))
    for action in ("vow c4 c2", "end", "vow c3 c2"):
        s.apply(action)
    resumed = GAME.from_position(s.to_position())
    told = []
    for state in (s, resumed):
        n = len(state.log)
        for action in ("instigate c1", "pass", "pass", "defend c2", "pass", "pass"):
            state.apply(action)
        told.append([e.text for e in state.events(None, n)])
    assert told[0] == told[1]
    gone = [t for t in told[0] if "goes to the graveyard with it" in t]
    assert len(gone) == 2 and "(c3)" in gone[0] and "(c4)" in gone[1]


def test_huge_and_wrong_typed_numbers_are_refused_naming_the_field():
    base = GAME.new(2).to_position()
    for field, value in [("turn", 2**80), ("current", 2), ("current", "0"), ("next", 10**9), ("inf", [[1, 2], [3]]),
                         ("summoned", 1), ("phase", "draw"), ("decks", ["jovinet", "nope"]), ("winner", 0)]:
        pos = copy.deepcopy(base)
        pos[field] = value
        with pytest.raises(PositionError) as err:
            GAME.from_position(pos)
        assert err.value.field.split(".")[0].split("[")[0] == field, (field, str(err.value))


def test_consistency_a_card_where_its_kind_cannot_be_is_refused_naming_the_card():
    cases = [
        ({"c1": C("vow_of_iron", 0, "court")}, "cards.c1.at", "only a Cogum"),
        ({"c1": C("ridge", 0, "prophecy")}, "cards.c1.at", "only a Prophecy"),
        ({"c1": C("ridge", 0, "court"), "c2": C("vow_of_iron", 0, "vow")}, "cards.c2.on", "says what it is on"),
        ({"c1": C("ridge", 0, "graveyard"), "c2": C("vow_of_iron", 0, "vow", on="c1")}, "cards.c2.on", "graveyard"),
        ({"c1": C("ridge", 0, "hand", ready=True)}, "cards.c1.ready", "on the field"),
        ({"c1": C("ridge", 0, "court")}, "hands[0][0]", "not in player 1's hand"),
    ]
    for cards, field, words in cases:
        extra = {"hands": [["c1"], []]} if field.startswith("hands") else {}
        with pytest.raises(PositionError, match=words) as err:
            GAME.from_position(position(cards, **extra))
        assert err.value.field == field


def test_consistency_the_numbers_the_decks_need_and_the_win_rule():
    with pytest.raises(PositionError, match="need numbers") as err:
        GAME.from_position(position({"c1": C("ridge")}, piles=[["mesa"] * 30, ["mesa"] * 30]))
    assert err.value.field == "piles"
    with pytest.raises(PositionError, match="the win") as err:
        GAME.from_position(position({"c1": C("ridge")}, inf=[[15, 15, 0], [0, 0, 0]]))
    assert err.value.field == "inf"
    with pytest.raises(PositionError, match="exactly when it has a winner"):
        GAME.from_position(position({"c1": C("ridge")}, phase="over"))
    GAME.from_position(position({"c1": C("ridge")}, phase="over", winner=1, inf=[[15, 15, 0], [0, 0, 0]]))
