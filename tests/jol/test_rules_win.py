"""Winning: 15 INF or more in two lanes at the same instant, checked whenever INF
changes, for either player (jol.txt, "The rules.")."""

from __future__ import annotations

import pytest

from .conftest import C, R, current, inf, play, start, stats


def influence(game, sprt_card: str, lane: str, totals, current: int = 0, extra=None):
    cards = {"c1": C(sprt_card, current, lane), "c3": C("mesa", current, "boog" if lane != "boog" else "court")}
    cards.update(extra or {})
    s = start(game, cards, phase="engagement", inf=totals, current=current)
    play(s, "influence c1", "pass", "pass", "pass", "pass")
    return s


def test_fifteen_in_two_lanes_wins(game):
    s = influence(game, "choir", "court", [[15, 9, 0], [0, 0, 0]])  # Court 9 + 6 = 15
    assert s.is_over and s.winners == (0,)
    assert any(e.rule == R.WIN for e in s.events(None))


def test_fifteen_in_one_lane_only_does_not_win(game):
    s = influence(game, "choir", "court", [[0, 9, 14], [0, 0, 0]])
    assert inf(s)[1][0] == 15 and not s.is_over


def test_reaching_fifteen_does_not_claim_or_lock_a_lane(game):
    # player 1 already has 15 in the Court; player 2 reaches 15 there too and counts it
    s = influence(game, "choir", "court", [[0, 15, 0], [15, 9, 0]], current=1)
    assert s.winners == (1,)
    assert inf(s)[1] == [15, 15]


def test_more_than_fifteen_counts(game):
    s = influence(game, "choir", "limit", [[20, 0, 12], [0, 0, 0]])
    assert s.winners == (0,) and inf(s)[2][0] == 18


def test_influence_you_lose_is_a_win_you_give_back(game):
    # Reckoning (player 2's Prophecy): at 12 or more in a lane, lose 4 there
    s = influence(game, "choir", "limit", [[0, 0, 6], [0, 0, 0]], extra={"c2": C("reckoning", 1, "prophecy")})
    assert inf(s)[2] == [12 - 4, 0]
    assert any(e.rule == R.PROPHECY for e in s.events(None))


def test_the_win_is_checked_before_a_prophecy_answers_the_change(game):
    # ruling R-13: both lanes read 15 at the instant of the gain; Reckoning comes too late
    s = influence(game, "choir", "limit", [[15, 0, 9], [0, 0, 0]], extra={"c2": C("reckoning", 1, "prophecy")})
    assert s.winners == (0,)
    assert s.to_position()["cards"]["c2"]["at"] == "prophecy"


def test_the_win_is_checked_whenever_inf_changes_also_in_formation(game):
    s = start(game, {"c1": C("pilgrimage", 0)}, inf=[[15, 13, 0], [0, 0, 0]])
    play(s, "talent c1 court")
    assert s.winners == (0,)


def test_either_player_can_win_at_any_time_also_on_the_opponents_turn(game):
    # player 2's Tidings answers player 1's gain and gives player 2 the win on player 1's turn
    s = influence(game, "tide", "boog", [[0, 0, 0], [13, 0, 15]], extra={"c2": C("tidings", 1, "prophecy")})
    assert s.winners == (1,) and current(s) == 0


def test_the_two_totals_of_a_lane_never_cancel(game):
    s = influence(game, "choir", "court", [[0, 10, 0], [0, 12, 0]])
    assert inf(s)[1] == [10 + stats(game, "choir")[2], 12]


def test_a_loss_never_goes_below_zero(tmp_path):
    # a designer's harsher Reckoning (lose 15) against a total of 12: the total stops at 0
    import shutil

    from credo.games import load
    from credo.games.jol.content import DATA

    for f in DATA.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    caps = tmp_path / "capacities.toml"
    text = caps.read_text()
    harsh = text.replace('effects = [{ op = "lose_inf", amount = 4 }]', 'effects = [{ op = "lose_inf", amount = 15 }]')
    assert harsh != text
    caps.write_text(harsh)
    s = influence(load("jol", tmp_path), "choir", "limit", [[0, 0, 6], [0, 0, 0]],
                  extra={"c2": C("reckoning", 1, "prophecy")})
    assert inf(s)[2] == [0, 0]


@pytest.mark.parametrize("reckoning", [False, True], ids=["kept", "lost"])
def test_a_lane_at_fifteen_lost_gives_the_win_back_when_a_second_lane_reaches_fifteen(game, reckoning):
    # "Both of your lanes have to read 15 at the same instant, so influence you lose is a win you give back."
    cards = {"c1": C("loam", 0, "boog"), "c3": C("choir", 0, "limit")}
    if reckoning:  # player 2's Prophecy takes 4 from the Boog once it reads 12 or more
        cards["c2"] = C("reckoning", 1, "prophecy")
    s = start(game, cards, phase="engagement", inf=[[15, 0, 14], [0, 0, 0]])
    play(s, "influence c1", "pass", "pass", "pass", "pass")  # the Boog: 15 + 3
    assert inf(s)[0][0] == (18 - 4 if reckoning else 18) and not s.is_over
    play(s, "influence c3", "pass", "pass", "pass", "pass")  # the Limit: 14 + 6
    assert inf(s)[2][0] == 20
    assert s.winners == (() if reckoning else (0,))
