"""The turn: Draw, Ready, Formation, Engagement and End phases in order, then the
opponent's turn (jol.txt, the phase paragraphs and "Resolve any End-phase effects")."""

from __future__ import annotations

from .conftest import C, R, cogum, current, inf, legal_texts, phase, play, rules_cited, start, stats, turn


def test_the_phases_come_in_order_draw_ready_formation_engagement_end(game):
    s = start(game, {"c1": C("tide", 0, "court"), "c2": C("mesa", 1, "boog", ready=False)}, phase="engagement")
    n = len(s.events(None))
    play(s, "influence c1", "pass", "pass", "pass", "pass")
    rules = rules_cited(s, n)
    order = [rules.index(r) for r in (R.INFLUENCE, R.ENGAGEMENT, R.DRAW, R.READY)]
    assert order == sorted(order)
    assert current(s) == 1 and phase(s) == "formation"  # player 2's Formation phase


def test_the_ready_phase_readies_both_players_cogum_on_the_field_and_in_manifests(game):
    s = start(game, {"c1": C("tide", 0, "court", ready=False), "c2": C("mesa", 0, "manifest", ready=False),
                     "c3": C("dune", 1, "boog", ready=False), "c4": C("ridge", 1, "manifest", ready=False)},
              phase="engagement")
    play(s, "end")
    assert all(cogum(s, c)["ready"] for c in ("c1", "c2", "c3", "c4"))  # ruling R-5: each player


def test_the_formation_phase_offers_its_moves_in_any_order(game):
    s = start(game, {"c1": C("mesa", 0), "c2": C("tide", 0, "court"), "c3": C("dune", 0, "manifest"),
                     "c4": C("rally_cry", 0)})
    kinds = {a.split()[0] for a in legal_texts(s)}
    assert {"summon", "manifest", "deploy", "talent", "instigate", "influence", "end"} <= kinds
    play(s, "talent c4 c2", "deploy c3 boog", "summon c1 limit", "manifest c2")
    assert phase(s) == "formation"


def test_end_phase_effects_resolve_then_the_opponent_begins_from_the_draw(game):
    s = start(game, {"c1": C("tamber", 0, "court"), "c2": C("tamber", 1, "boog")}, phase="engagement")
    play(s, "end")
    assert inf(s) == [[0, 0], [2, 0], [0, 0]]  # only the player whose turn ends
    rules = rules_cited(s)
    assert rules.index(R.END_PHASE) < rules.index(R.DRAW)
    assert current(s) == 1 and turn(s) == 6


def test_changes_until_end_of_turn_expire_in_the_end_phase(game):
    s = start(game, {"c1": C("tide", 0, "court"), "c2": C("fervent_hymn", 0)})
    play(s, "talent c2 c1")
    assert cogum(s, "c1")["sprt"] == stats(game, "tide")[2] + 3
    play(s, "end")
    assert cogum(s, "c1")["sprt"] == stats(game, "tide")[2]


def test_end_is_always_available_to_the_player_whose_turn_it_is(game):
    s = start(game, {"c1": C("tide", 0, "court")})
    assert "end" in legal_texts(s)
    play(s, "influence c1")
    assert "end" not in legal_texts(s)  # not in the middle of an engagement


def test_the_summon_and_each_cogums_engagement_come_back_on_the_players_next_turn(game):
    # "Summon one Cogum per turn"; "Each of your Ready Cogum can make one engagement": both are per turn, so
    # the next turn of the same player offers them again (the Draw and Ready phases in between)
    s = start(game, {"c1": C("mesa", 0), "c2": C("tide", 0), "c3": C("ridge", 0, "boog"), "c4": C("dune", 1, "court")})
    play(s, "summon c1 court")
    assert not any(a.startswith("summon") for a in legal_texts(s))
    play(s, "influence c3", "pass", "pass", "pass", "pass")  # c3's one engagement: then no Ready Cogum is left
    assert current(s) == 1
    play(s, "end")
    assert current(s) == 0
    offered = legal_texts(s)
    assert "summon c2 boog" in offered
    assert {"influence c3", "instigate c3", "influence c1", "instigate c1"} <= offered
    play(s, "summon c2 boog")
    assert not any(a.startswith("summon") for a in legal_texts(s))
