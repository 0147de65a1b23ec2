"""The Engagement phase: Instigate, Influence, the choice of defender (jol.txt,
"In any order you may Instigate or Influence", "Instigate", "Influence")."""

from __future__ import annotations

import pytest

from .conftest import C, R, assert_illegal, cogum, current, inf, legal_texts, phase, play, start, stats, where

ENGAGE = {"phase": "engagement"}


def duel(game, attacker: str, defender: str, lane: str = "court", defender_at: str | None = None,
         defender_buff: list[int] | None = None, **kw):
    """Player 1's `attacker` (c1) and a second Ready ally (c3, so the turn goes on)
    against player 2's `defender` (c2), in `lane` unless `defender_at` puts it elsewhere."""
    rival = C(defender, 1, defender_at or lane, **({"buff": defender_buff} if defender_buff else {}))
    cards = {"c1": C(attacker, 0, lane), "c2": rival, "c3": C("mesa", 0, "limit")}
    cards.update(kw.pop("extra", {}))
    return start(game, cards, **ENGAGE, **kw)


def through(s, kind: str, defender: str | None = "c2") -> None:
    """Declare with c1, pass both Prayer steps, choose `defender` if asked."""
    play(s, f"{kind} c1", "pass", "pass")
    if defender:
        play(s, f"defend {defender}")
    play(s, "pass", "pass")


@pytest.mark.parametrize("defender", ["bastion", "granite"])  # HRT 6 > DET 5; HRT 4 < DET 5
def test_instigate_compares_det_with_the_defenders_hrt(game, defender):
    s = duel(game, "granite", defender)
    through(s, "instigate")
    det, hrt = stats(game, "granite")[0], stats(game, defender)[1]
    assert any(e.rule == R.INSTIGATE and f"DET {det} against HRT {hrt}" in e.text for e in s.events(None))
    assert where(s, "c2") == ("graveyard" if det >= hrt else "court")


def test_instigate_breaks_on_equal(game):
    s = duel(game, "mesa", "dune", defender_buff=[0, -1, 0])  # DET 4 against HRT 5 - 1 this turn
    through(s, "instigate")
    assert where(s, "c2") == "graveyard"
    assert any("DET 4 against HRT 4" in e.text for e in s.events(None))


def test_a_defender_with_greater_hrt_persists(game):
    s = duel(game, "marrow", "bastion")  # DET 5 (Ambush is for the Limit) against HRT 6
    through(s, "instigate")
    assert where(s, "c2") == "court"
    assert any("Persists" in e.text for e in s.events(None))


def test_instigation_without_a_rival_does_nothing(game):
    s = duel(game, "ridge", "bastion", lane="boog", defender_at="court")  # the Rival stands in the Court
    through(s, "instigate", defender=None)
    assert where(s, "c2") == "court"
    assert any("nothing happens" in e.text for e in s.events(None))


@pytest.mark.parametrize("defender", ["lumen", "bastion", None])
def test_instigating_never_moves_influence(game, defender):
    s = duel(game, "ridge", defender or "mesa", inf=[[3, 4, 5], [6, 7, 8]],
             defender_at=None if defender else "graveyard")  # no defender: no Rival at all
    through(s, "instigate", defender="c2" if defender else None)
    assert inf(s) == [[3, 6], [4, 7], [5, 8]]


def test_influence_without_a_defender_gains_the_full_sprt(game):
    s = duel(game, "choir", "mesa", lane="boog", defender_at="limit")  # the Rival is in the Limit
    through(s, "influence", defender=None)
    assert inf(s)[0] == [stats(game, "choir")[2], 0]
    assert any(e.rule == R.INFLUENCE and "full SPRT" in e.text for e in s.events(None))


def test_influence_gains_the_difference_when_greater(game):
    s = duel(game, "choir", "lumen")  # SPRT 6 against 5
    through(s, "influence")
    assert inf(s)[1] == [1, 0]


@pytest.mark.parametrize("defender", ["tide", "choir"])  # 5 < 6 ... matches (5) or beats
def test_influence_gains_nothing_when_the_defender_matches_or_beats(game, defender):
    s = duel(game, "tide", defender)
    through(s, "influence")
    assert inf(s)[1] == [0, 0]


def test_inf_is_added_to_your_total_and_the_opponents_is_untouched(game):
    s = duel(game, "choir", "lumen", inf=[[0, 9, 0], [0, 11, 0]])
    through(s, "influence")
    assert inf(s)[1] == [10, 11]  # two totals per lane, never cancelling


def test_the_opponent_chooses_the_defender_among_ready_rivals_in_the_lane(game):
    s = duel(game, "ridge", "lumen", extra={"c4": C("bastion", 1, "court"), "c5": C("dune", 1, "court", ready=False),
                                            "c6": C("tide", 1, "boog")})
    play(s, "instigate c1", "pass", "pass")
    assert s.to_move == (1,)
    assert legal_texts(s) == {"defend c2", "defend c4"}  # not Exhausted c5, not c6 of the Boog
    assert_illegal(s, "pass", R.DEFEND)  # while a Ready Rival stands in the lane, one must defend
    assert_illegal(s, "defend c5", R.DEFEND)
    assert_illegal(s, "defend c6", R.DEFEND)
    play(s, "defend c4")
    assert not cogum(s, "c4")["ready"] and not cogum(s, "c1")["ready"]  # both Exhaust


def test_the_engaging_cogum_exhausts_on_declaration(game):
    s = duel(game, "ridge", "lumen")
    play(s, "influence c1")
    assert not cogum(s, "c1")["ready"]


def test_each_ready_cogum_makes_one_engagement_even_if_readied_again(game):
    s = duel(game, "ridge", "lumen", extra={"c4": C("prayer_of_haste", 0)})
    play(s, "instigate c1", "pass", "pray c4 c1")  # Readied again during its own engagement
    assert cogum(s, "c1")["ready"]
    play(s, "defend c2", "pass", "pass")
    assert "instigate c1" not in legal_texts(s) and "influence c1" not in legal_texts(s)
    assert_illegal(s, "influence c1", R.R_ONCE)


def test_engagements_are_taken_one_at_a_time(game):
    s = duel(game, "ridge", "lumen")
    play(s, "instigate c1")
    assert_illegal(s, "influence c3", R.PRAYER, player=1)
    play(s, "pass")
    assert_illegal(s, "influence c3", R.PRAYER)
    play(s, "pass")
    assert_illegal(s, "influence c3", R.DEFEND)


def test_the_end_phase_comes_when_no_ready_cogum_can_engage(game):
    s = start(game, {"c1": C("tide", 0, "court"), "c2": C("mesa", 0, "boog", ready=False)}, **ENGAGE)
    play(s, "influence c1", "pass", "pass", "pass", "pass")
    assert current(s) == 1 and phase(s) == "formation"
    assert any(e.rule == R.ENGAGEMENT and "End phase" in e.text for e in s.events(None))


def test_engagements_are_optional_end_ends_the_turn(game):
    s = duel(game, "ridge", "lumen")
    assert "end" in legal_texts(s)
    play(s, "end")
    assert current(s) == 1
    assert any(e.rule == R.R_END_TURN for e in s.events(None))


def test_a_summoned_cogum_cannot_engage_the_turn_it_enters_exhausted(game):
    s = start(game, {"c1": C("ridge", 0)})
    play(s, "summon c1 boog")
    assert "instigate c1" not in legal_texts(s)
    assert_illegal(s, "instigate c1", R.INSTIGATE)


def test_cogum_in_the_manifest_do_not_engage(game):
    s = start(game, {"c1": C("ridge", 0, "manifest"), "c2": C("mesa", 0, "boog")})
    assert "instigate c1" not in legal_texts(s)
    assert_illegal(s, "influence c1", R.R_MANIFEST)


def test_a_defender_that_left_the_lane_leaves_the_engagement_undefended(game):
    # a participant that leaves the lane before resolution (ruling R-11): no shipped card
    # takes a defender away mid-engagement, so the moment is written as a position, in
    # Prayer step 2 with the chosen defender already in the graveyard
    s = start(game, {"c1": C("choir", 0, "court", ready=False, engaged=True), "c2": C("lumen", 1, "graveyard"),
                     "c3": C("mesa", 0, "limit")},
              phase="prayer", engagement={"kind": "influence", "engaging": "c1", "defender": "c2", "step": 2})
    play(s, "pass", "pass")
    assert inf(s)[1] == [stats(game, "choir")[2], 0]
    assert any(e.rule == R.R_LEFT for e in s.events(None))
