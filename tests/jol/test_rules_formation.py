"""The Formation phase: summoning, the Manifest, and the Capacities played in it
(jol.txt, "In any order you may", "Talent", "Vow", "Prophecy")."""

from __future__ import annotations

from .conftest import (
    C,
    R,
    assert_illegal,
    cogum,
    hand_size,
    inf,
    legal_texts,
    phase,
    play,
    start,
    stats,
    texts,
    where,
)


def test_summon_one_cogum_from_the_hand_into_an_open_space_it_enters_exhausted(game):
    s = start(game, {"c1": C("mesa", 0), "c2": C("tide", 0)})
    assert {"summon c1 boog", "summon c1 court", "summon c1 limit"} <= legal_texts(s)
    play(s, "summon c1 court")
    assert where(s, "c1") == "court" and not cogum(s, "c1")["ready"]
    assert any(e.rule == R.SUMMON and "Exhausted" in e.text for e in s.events(None))


def test_only_one_summon_per_turn(game):
    s = start(game, {"c1": C("mesa", 0), "c2": C("tide", 0)})
    play(s, "summon c1 court")
    assert not any(a.startswith("summon") for a in legal_texts(s))
    assert_illegal(s, "summon c2 boog", R.SUMMON)


def test_a_summon_needs_an_open_space_on_your_side(game):
    assert game.lane_spaces == 2
    s = start(game, {"c1": C("mesa", 0, "boog"), "c2": C("tide", 0, "boog"), "c3": C("dune", 1, "court"),
                     "c4": C("dune", 1, "court"), "c5": C("ridge", 0)})
    assert {a for a in legal_texts(s) if a.startswith("summon")} == {"summon c5 court", "summon c5 limit"}
    assert_illegal(s, "summon c5 boog", R.SUMMON)


def test_a_skill_can_let_a_cogum_enter_ready(game):
    s = start(game, {"c1": C("pip", 0)})
    play(s, "summon c1 boog")
    assert cogum(s, "c1")["ready"]


def test_ready_allies_move_to_the_manifest_and_become_exhausted(game):
    s = start(game, {"c1": C("mesa", 0, "boog"), "c2": C("tide", 0, "court", ready=False)})
    assert "manifest c1" in legal_texts(s) and "manifest c2" not in legal_texts(s)
    play(s, "manifest c1")
    assert where(s, "c1") == "manifest" and not cogum(s, "c1")["ready"]
    assert_illegal(s, "manifest c2", R.MANIFEST)


def test_the_manifest_holds_at_most_three_cogum(game):
    cards = {"c1": C("mesa", 0, "manifest", ready=False), "c2": C("tide", 0, "manifest", ready=False),
             "c3": C("dune", 0, "manifest", ready=False), "c4": C("ridge", 0, "boog"),
             "c5": C("omen_of_silence", 0, "prophecy")}
    s = start(game, cards)
    assert "manifest c4" not in legal_texts(s)
    err = assert_illegal(s, "manifest c4", R.MANIFEST)
    assert "at most 3" in err.message
    # face-down Prophecies do not count towards the three Cogum
    s = start(game, {k: v for k, v in cards.items() if k != "c3"})
    assert "manifest c4" in legal_texts(s)


def test_ready_allies_move_from_the_manifest_to_a_lane_with_an_open_space_and_arrive_ready(game):
    s = start(game, {"c1": C("mesa", 0, "manifest"), "c2": C("tide", 0, "manifest", ready=False),
                     "c3": C("dune", 0, "limit"), "c4": C("ridge", 0, "limit")})
    assert {a for a in legal_texts(s) if a.startswith("deploy")} == {"deploy c1 boog", "deploy c1 court"}
    play(s, "deploy c1 boog")
    assert where(s, "c1") == "boog" and cogum(s, "c1")["ready"]
    assert "instigate c1" in legal_texts(s)
    assert_illegal(s, "deploy c2 court", R.DEPLOY)


def test_a_cogum_moved_to_the_manifest_cannot_come_back_the_same_turn(game):
    s = start(game, {"c1": C("mesa", 0, "boog")})
    play(s, "manifest c1")
    assert not any(a.startswith("deploy") for a in legal_texts(s))


def test_capacities_cost_nothing_and_have_no_limit_per_turn(game):
    s = start(game, {"c1": C("granite", 0, "boog"), "c2": C("rally_cry", 0), "c3": C("vow_of_iron", 0),
                     "c4": C("tidings", 0), "c5": C("pilgrimage", 0), "c6": C("study", 0), "c7": C("omen_of_the_fall", 0)})
    play(s, "talent c2 c1", "vow c3 c1", "prophecy c4", "talent c5 court", "talent c6", "prophecy c7")
    assert [where(s, c) for c in ("c2", "c3", "c4", "c5", "c6", "c7")] == [
        "graveyard", "vow", "prophecy", "graveyard", "graveyard", "prophecy"]
    assert phase(s) == "formation"  # still the Formation phase


def test_a_talent_resolves_immediately(game):
    s = start(game, {"c1": C("pip", 0, "boog"), "c2": C("rally_cry", 0), "c3": C("pilgrimage", 0)})
    play(s, "talent c2 c1")
    assert cogum(s, "c1")["det"] == stats(game, "pip")[0] + 3
    play(s, "talent c3 limit")
    assert inf(s)[2] == [2, 0]


def test_a_talents_change_lasts_until_the_end_of_the_turn(game):
    s = start(game, {"c1": C("pip", 0, "boog"), "c2": C("rally_cry", 0)})
    play(s, "talent c2 c1", "end")
    assert cogum(s, "c1")["det"] == stats(game, "pip")[0]


def test_a_lasting_talent_persists_on_the_field_until_end_of_turn(game):
    s = start(game, {"c1": C("lumen", 0, "court"), "c2": C("banner_of_jol", 0), "c3": C("tide", 1, "court")})
    play(s, "talent c2 court")
    assert where(s, "c2") == "talent"
    assert s.observation(1)["lasting"][0]["on"] == "court"
    assert cogum(s, "c1")["sprt"] == stats(game, "lumen")[2] + 1
    assert cogum(s, "c3")["sprt"] == stats(game, "tide")[2]  # your Cogum only
    play(s, "end")
    assert where(s, "c2") == "graveyard"
    assert cogum(s, "c1")["sprt"] == stats(game, "lumen")[2]
    assert any(e.rule == R.R_LASTING for e in s.events(None))


def test_a_vow_attaches_and_persists_until_its_cogum_breaks(game):
    s = start(game, {"c1": C("tide", 0, "boog"), "c2": C("vow_of_iron", 0), "c3": C("ridge", 1, "boog")})
    play(s, "vow c2 c1")
    hrt = stats(game, "tide")[1] + 2
    assert cogum(s, "c1")["hrt"] == hrt and [v["id"] for v in cogum(s, "c1")["vows"]] == ["c2"]
    play(s, "manifest c1", "end")  # through a turn and into the Manifest: still attached
    assert where(s, "c2") == "vow" and cogum(s, "c1")["hrt"] == hrt
    s = start(game, {"c1": C("tide", 0, "boog"), "c2": C("vow_of_iron", 0, "vow", on="c1"),
                     "c3": C("ridge", 1, "boog")}, current=1, phase="engagement")
    play(s, "instigate c3", "pass", "pass", "defend c1", "pass", "pass")  # DET 7 >= HRT 5
    assert where(s, "c1") == "graveyard" and where(s, "c2") == "graveyard"


def test_a_vow_on_a_rival(game):
    s = start(game, {"c1": C("vow_of_burden", 0), "c2": C("choir", 1, "limit")})
    assert {a for a in legal_texts(s) if a.startswith("vow")} == {"vow c1 c2"}
    play(s, "vow c1 c2")
    assert cogum(s, "c2")["sprt"] == stats(game, "choir")[2] - 2


def test_a_prophecy_is_placed_face_down_in_the_manifest(game):
    s = start(game, {"c1": C("tidings", 0)})
    play(s, "prophecy c1")
    assert where(s, "c1") == "prophecy"
    assert s.observation(1)["players"][0]["face_down"] == ["c1"]
    assert "prophecies" not in s.observation(1)["players"][0]
    assert s.observation(0)["players"][0]["prophecies"][0]["card"] == "tidings"
    assert not any("Tidings" in e.text for e in s.events(1))


def test_a_prophecy_flips_and_resolves_whenever_its_trigger_is_satisfied(game):
    # Tidings (player 2's) answers player 1's INF gain on player 1's own turn
    s = start(game, {"c1": C("tide", 0, "limit"), "c2": C("tidings", 1, "prophecy")}, phase="engagement")
    play(s, "influence c1", "pass", "pass", "pass", "pass")
    assert inf(s)[2] == [stats(game, "tide")[2], 2]
    assert where(s, "c2") == "graveyard"
    assert any(e.rule == R.PROPHECY and "flips" in e.text for e in s.events(None))


def test_a_prophecy_triggered_by_a_summon_and_by_a_declaration(game):
    s = start(game, {"c1": C("granite", 0), "c2": C("omen_of_haste", 1, "prophecy")})
    play(s, "summon c1 boog")
    assert cogum(s, "c1")["hrt"] == stats(game, "granite")[1] - 2
    s = start(game, {"c1": C("choir", 0, "court"), "c2": C("omen_of_silence", 1, "prophecy"), "c3": C("tide", 1, "court")},
              phase="engagement")
    play(s, "influence c1")
    assert cogum(s, "c1")["sprt"] == stats(game, "choir")[2] - 3  # before the first Prayer step


def test_a_prophecy_triggered_when_an_ally_breaks(game):
    s = start(game, {"c1": C("ridge", 0, "boog"), "c2": C("lumen", 1, "boog"), "c3": C("omen_of_the_fall", 1, "prophecy"),
                     "c4": C("mesa", 0, "court")},
              phase="engagement")
    hand = hand_size(s, 1)
    play(s, "instigate c1", "pass", "pass", "defend c2", "pass", "pass")
    assert where(s, "c2") == "graveyard" and where(s, "c3") == "graveyard"
    # two cards drawn, and no INF: nothing answers a break with influence
    assert hand_size(s, 1) == hand + 2 and inf(s)[0] == [0, 0]


def test_formation_ends_with_the_first_engagement(game):
    s = start(game, {"c1": C("mesa", 0, "boog"), "c2": C("tide", 0, "court"), "c3": C("ridge", 0), "c4": C("study", 0)})
    play(s, "influence c1", "pass", "pass", "pass", "pass")
    assert phase(s) == "engagement"  # Engagement phase
    assert not any(a.startswith(("summon", "talent", "manifest")) for a in legal_texts(s))
    assert_illegal(s, "summon c3 limit", R.FORMATION)
    assert_illegal(s, "talent c4", R.FORMATION)
    assert texts(s)
