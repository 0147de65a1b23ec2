"""The rules: opening hands, drawing, the empty deck, decks and options (jol.txt,
"The rules." and "Draw the top card of your deck.")."""

from __future__ import annotations

import pytest

from credo.kernel import IllegalAction

from .conftest import C, R, current, hand_size, play, position, start, texts, turn


def test_each_player_opens_with_seven_cards_and_the_first_player_draws_one(game):
    s = game.new(4)
    obs = s.observation(None)
    first = current(s)
    assert obs["players"][1 - first]["hand_size"] == 7
    assert obs["players"][first]["hand_size"] == 8  # seven, and the Draw phase of turn 1
    assert obs["players"][1 - first]["deck_size"] == 30 - 7
    assert obs["players"][first]["deck_size"] == 30 - 8


def test_each_player_draws_one_at_the_start_of_each_of_their_turns(game):
    s = start(game, {"c1": C("mesa", 0, "boog")}, phase="engagement")
    before = [hand_size(s, 0), hand_size(s, 1)]
    play(s, "end")
    assert [hand_size(s, 0), hand_size(s, 1)] == [before[0], before[1] + 1]
    assert current(s) == 1
    play(s, "end")
    assert [hand_size(s, 0), hand_size(s, 1)] == [before[0] + 1, before[1] + 1]


def test_a_seeded_coin_decides_who_takes_the_first_turn(game):
    firsts = {current(game.new(seed)) for seed in range(30)}
    assert firsts == {0, 1}
    s = game.new(7)
    assert any(e.rule == R.R_FIRST for e in s.events(None))
    assert current(game.new(7)) == current(s)


def test_drawing_from_an_empty_deck_loses(game):
    s = start(game, {"c1": C("mesa", 0, "boog")}, phase="engagement", piles=[["mesa"], []])
    play(s, "end")
    assert s.is_over and s.winners == (0,)
    assert any(e.rule == R.DECKOUT for e in s.events(None))


def test_an_effect_that_draws_from_an_empty_deck_loses_too(game):
    s = start(game, {"c1": C("study", 0)}, piles=[[], ["mesa"]])
    play(s, "talent c1")
    assert s.is_over and s.winners == (1,)


def test_random_games_end_when_a_deck_runs_out_at_the_latest(game):
    from credo.kernel import Rng

    for seed in range(20):
        s = game.new(seed)
        rng = Rng(seed)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        assert s.winners and turn(s) <= 2 * (30 - 7) + 2


def test_decks_are_shuffled_with_the_games_seed(game):
    a, b, c = game.new(1), game.new(1), game.new(2)
    assert a.piles == b.piles
    assert a.piles != c.piles


def test_the_decks_are_options_and_an_unknown_deck_is_refused(game):
    s = game.new(0, deck1="mixed", deck2="jovinet")
    assert [p["deck"] for p in s.observation(None)["players"]] == ["mixed", "jovinet"]
    with pytest.raises(IllegalAction) as err:
        game.new(0, deck1="nonesuch")
    assert "nonesuch" in str(err.value)
    with pytest.raises(IllegalAction):
        game.new(0, colour="red")


def test_option_variants_are_the_deck_matchups(game):
    pairs = {(v["deck1"], v["deck2"]) for v in game.option_variants}
    assert {d for pair in pairs for d in pair} == {"jovinet", "terrisol", "mixed"}


def test_ready_made_decks_follow_the_deck_building_rules(game):
    rules = game.content.rules
    kinds = {c.id: c for c in game.content.cogum}
    for deck in game.content.decks:
        assert sum(e.copies for e in deck.cards) == rules.deck_size == 30
        counts: dict[str, int] = {}
        for e in deck.cards:
            counts[e.card] = counts.get(e.card, 0) + e.copies
        assert max(counts.values()) <= rules.max_copies == 3
    faiths = {d.id: {kinds[e.card].faith for e in d.cards if e.card in kinds} for d in game.content.decks}
    assert faiths["jovinet"] == {"jovinet"}
    assert faiths["terrisol"] == {"terrisol"}
    assert faiths["mixed"] == {"jovinet", "terrisol"}


def test_printed_table_values_are_exact_and_ours_are_marked_provisional(game):
    rules = game.content.rules
    assert (rules.opening_hand, rules.win_inf, rules.win_lanes, rules.manifest_size) == (7, 15, 2, 3)
    assert set(rules.provisional) == {"lane_spaces", "deck_size", "max_copies"}
    assert all(c.provisional for c in game.content.cogum)
    assert all(c.provisional for c in game.content.capacities)
    assert all(d.provisional for d in game.content.decks)


def test_the_game_narrates_the_opening(game):
    s = game.new(3)
    words = " ".join(texts(s))
    assert "shuffles" in words and "first turn" in words
    assert position  # the helper is importable for hand-written openings
