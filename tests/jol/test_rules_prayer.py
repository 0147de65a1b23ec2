"""Prayers and the two Prayer steps of every engagement (jol.txt, "Prayer", and
"Each of the two Prayer steps is played out first")."""

from __future__ import annotations

from .conftest import C, R, assert_illegal, cogum, inf, legal_texts, phase, play, start, stats


def board(game, **extra):
    cards = {"c1": C("choir", 0, "court"), "c2": C("lumen", 1, "court"), "c3": C("mesa", 0, "limit"),
             "c4": C("prayer_of_clarity", 0), "c5": C("prayer_of_wrath", 0),
             "c6": C("prayer_of_doubt", 1), "c7": C("prayer_of_shelter", 1)}
    cards.update(extra)
    return start(game, cards, phase="engagement")


def test_step_one_the_player_who_did_not_declare_answers_first(game):
    s = board(game)
    play(s, "influence c1")
    assert phase(s) == "prayer" and s.to_move == (1,)
    play(s, "pass")
    assert s.to_move == (0,)


def test_step_two_after_the_choice_of_defender_the_engaging_player_answers_first(game):
    s = board(game)
    play(s, "influence c1", "pass", "pass", "defend c2")
    assert s.observation(None)["engagement"]["step"] == 2
    assert s.to_move == (0,)  # the defending side took the choice: the other player answers first
    play(s, "pass")
    assert s.to_move == (1,)


def test_each_player_plays_at_most_one_prayer_per_step(game):
    s = board(game, c8=C("prayer_of_shelter", 0))
    play(s, "influence c1", "pass", "pray c4 c1")
    assert s.to_move == (1,) and phase(s) == "defender"  # step over: the choice of defender
    assert_illegal(s, "pray c5 c1", game.turn_rule, player=0)


def test_passing_is_final_for_the_step(game):
    s = board(game)
    play(s, "influence c1", "pass", "pray c4 c1")
    # player 2 passed first: player 1's Prayer closes the step, player 2 cannot answer it
    assert phase(s) == "defender" and legal_texts(s) == {"defend c2"}


def test_a_prayer_resolves_the_instant_it_is_played(game):
    s = board(game)
    play(s, "influence c1", "pray c6 c1")  # player 2 prays first: Doubt, -2 SPRT and -1 on a Terrisol
    assert cogum(s, "c1")["sprt"] == stats(game, "choir")[2] - 3  # player 1 answers a board that includes it
    play(s, "pray c4 c1")  # Clarity +2 (+2 Wise)
    assert cogum(s, "c1")["sprt"] == stats(game, "choir")[2] + 1


def test_both_steps_are_played_out_before_the_engagement_resolves(game):
    s = board(game)
    play(s, "influence c1", "pass", "pass", "defend c2", "pass")
    assert inf(s)[1] == [0, 0]
    play(s, "pray c7 c2")  # Shelter on the defender: HRT only, the result is unchanged
    gained = stats(game, "choir")[2] - stats(game, "lumen")[2]
    assert inf(s)[1] == [gained, 0]


def test_both_steps_happen_even_when_nobody_defends(game):
    s = board(game, c2=C("lumen", 1, "limit"))  # the Rival is in the Limit
    play(s, "influence c1", "pass", "pass")
    assert any(e.rule == R.DEFEND and "nobody defends" in e.text for e in s.events(None))
    assert phase(s) == "prayer" and s.observation(None)["engagement"]["step"] == 2
    play(s, "pray c4 c1", "pass")
    assert inf(s)[1] == [stats(game, "choir")[2] + 4, 0]


def test_a_prayer_is_played_in_an_engagement_yours_or_your_opponents(game):
    s = board(game)
    assert_illegal(s, "pray c4 c1", R.PRAYER)
    play(s, "influence c1")
    assert "pray c6 c1" in legal_texts(s)  # player 2 prays on player 1's turn


def test_every_prayer_step_asks_both_players_even_without_prayers(game):
    s = start(game, {"c1": C("choir", 0, "court"), "c2": C("lumen", 1, "court"), "c3": C("mesa", 0, "limit")},
              phase="engagement")
    play(s, "influence c1")
    assert legal_texts(s) == {"pass"} and s.to_move == (1,)  # ruling R-9: passing reveals nothing
    play(s, "pass")
    assert legal_texts(s) == {"pass"} and s.to_move == (0,)


def test_engaged_targets_are_the_cogum_in_the_engagement(game):
    s = board(game, c8=C("tide", 0, "court"))
    play(s, "influence c1")
    play(s, "pass")
    assert {a for a in legal_texts(s) if a.startswith("pray c4")} == {"pray c4 c1"}  # not c8
    assert_illegal(s, "pray c4 c8", R.R_TARGETS)


def test_a_prayer_can_remove_the_only_defender_before_it_is_chosen(game):
    s = board(game, c8=C("prayer_of_stillness", 0))
    play(s, "influence c1", "pass", "pray c8 c2")  # Exhaust the only Ready Rival
    assert not cogum(s, "c2")["ready"]
    assert phase(s) == "prayer"  # no choice of defender: straight to step 2
    play(s, "pass", "pass")
    assert inf(s)[1] == [stats(game, "choir")[2], 0]


def test_the_prayers_card_goes_to_the_graveyard(game):
    s = board(game)
    play(s, "influence c1", "pray c6 c1")
    assert s.to_position()["cards"]["c6"]["at"] == "graveyard"
