"""Cogum: stats, Virtue, Skill and Faith (jol.txt, "Your unit on the field",
"Virtue and Skill", "Faith")."""

from __future__ import annotations

import pytest

from credo.games.jol.content import Cogum, virtue_of

from .conftest import C, R, cogum, hand_size, inf, legal_texts, play, start, stats, where


def shown_virtue(state, name: str) -> str:
    """The Virtue a display shows: the catalogue's, for the card the observation says it is."""
    return state.game.catalogue()["cards"][cogum(state, name)["card"]]["virtue"]


@pytest.mark.parametrize("det,hrt,sprt,virtue", [
    (5, 2, 1, "brave"), (1, 6, 2, "proud"), (2, 3, 7, "wise"), (4, 4, 4, "stoic"),
])
def test_virtue_is_set_by_the_highest_printed_stat(det, hrt, sprt, virtue):
    assert virtue_of(det, hrt, sprt) == virtue


@pytest.mark.parametrize("det,hrt,sprt", [(5, 5, 3), (2, 6, 6), (7, 1, 7)])
def test_two_equal_highest_stats_make_a_cogum_stoic(det, hrt, sprt):
    # ruling R-1
    assert virtue_of(det, hrt, sprt) == "stoic"


def test_every_shipped_cogum_shows_its_derived_virtue(game):
    s = start(game, {"c1": C("loam", 0, "boog"), "c2": C("choir", 0, "court"), "c3": C("mesa", 0, "limit"),
                     "c4": C("ridge", 1, "boog"), "c5": C("bastion", 1, "court")})
    assert stats(game, "loam") == (4, 4, 3)
    assert [shown_virtue(s, f"c{k}") for k in range(1, 6)] == ["stoic", "wise", "stoic", "brave", "proud"]


def test_a_cogums_virtue_never_changes(game):
    s = start(game, {"c1": C("tide", 0, "boog"), "c2": C("rally_cry", 0)})
    play(s, "talent c2 c1")  # +2 DET: DET 5, HRT 3, SPRT 6 is still Wise
    assert shown_virtue(s, "c1") == "wise"
    far = start(game, {"c1": C("tide", 0, "boog", buff=[9, 0, 0])})  # even a DET far above SPRT this turn
    assert cogum(far, "c1")["det"] > cogum(far, "c1")["sprt"]
    assert shown_virtue(far, "c1") == "wise"


def test_every_player_sees_a_cogums_planet_on_the_field_in_a_manifest_and_in_their_hand(game):
    # "There are a few relevant details on a Cogum: its Virtue, its Faith, and its planet."
    # The observation names the card; the catalogue (what the display reads) gives its planet.
    printed = {c.id: c.planet for c in game.content.cogum}
    planet = {card: face.get("planet") for card, face in game.catalogue()["cards"].items()}
    s = start(game, {"c1": C("loam", 0, "boog"), "c2": C("ridge", 1, "manifest"), "c3": C("mesa", 0)})
    for viewer in (0, 1, None):
        obs = s.observation(viewer)
        field = obs["lanes"][0]["cogum"][0][0]
        assert field["card"] == "loam" and planet[field["card"]] == printed["loam"]
        assert planet[obs["players"][1]["manifest"][0]["card"]] == printed["ridge"]
    assert planet[s.observation(0)["players"][0]["hand"][0]["card"]] == printed["mesa"]
    assert len(set(printed.values())) > 1  # planets differ, so the view cannot pass by one constant


def test_jovinet_print_skills_and_smaller_numbers_terrisol_none_and_bigger(game):
    jov = [c for c in game.content.cogum if c.faith == "jovinet"]
    ter = [c for c in game.content.cogum if c.faith == "terrisol"]
    assert jov and ter
    assert all(c.skill is not None for c in jov) and all(c.skill is None for c in ter)
    assert max(c.det + c.hrt + c.sprt for c in jov) < min(c.det + c.hrt + c.sprt for c in ter)


def test_faith_is_printed_and_a_skill_must_match_it():
    with pytest.raises(ValueError, match="Jovinet Cogum prints a Skill"):
        Cogum(id="x", name="X", faith="jovinet", det=1, hrt=1, sprt=1)
    with pytest.raises(ValueError, match="Terrisol Cogum prints no Skill"):
        Cogum(id="x", name="X", faith="terrisol", det=1, hrt=1, sprt=1,
              skill={"name": "S", "text": "t", "enters_ready": True})


def test_cards_that_care_about_faith_target_only_that_faith(game):
    s = start(game, {"c1": C("granite", 0, "boog"), "c2": C("pip", 0, "court"), "c3": C("terrisol_drill", 0)})
    assert {a for a in legal_texts(s) if a.startswith("talent c3")} == {"talent c3 c1"}
    play(s, "talent c3 c1")
    d, h, _ = stats(game, "granite")
    assert (cogum(s, "c1")["det"], cogum(s, "c1")["hrt"]) == (d + 1, h + 2)


def test_effects_that_care_about_faith_and_virtue(game):
    # Rally Cry: +2 DET, +1 more if Brave; Prayer of Doubt: -2 SPRT, -1 more if Terrisol
    s = start(game, {"c1": C("kettle", 0, "boog"), "c2": C("lumen", 0, "court"), "c3": C("rally_cry", 0),
                     "c4": C("rally_cry", 0)})
    play(s, "talent c3 c1", "talent c4 c2")
    assert cogum(s, "c1")["det"] == stats(game, "kettle")[0] + 3  # Brave
    assert cogum(s, "c2")["det"] == stats(game, "lumen")[0] + 2  # Wise


def test_a_skill_is_always_on_bulwark_while_defending(game):
    s = start(game, {"c1": C("ridge", 0, "boog"), "c2": C("vell", 1, "boog")}, phase="engagement")
    play(s, "instigate c1", "pass", "pass", "defend c2", "pass", "pass")
    # DET 6 against HRT 5 + 3 (Bulwark): without the Skill it would break
    assert where(s, "c2") == "boog" and any("DET 6 against HRT 8" in e.text for e in s.events(None))


def test_a_skill_that_applies_in_one_lane_only(game):
    base = stats(game, "marrow")[0]
    for lane, bonus in (("limit", 2), ("boog", 0)):
        s = start(game, {"c1": C("marrow", 0, lane), "c2": C("bastion", 1, lane)}, phase="engagement")
        play(s, "instigate c1", "pass", "pass", "defend c2", "pass", "pass")
        assert any(f"DET {base + bonus} against" in e.text for e in s.events(None))


def test_an_aura_skill_helps_other_allies_of_the_faith_it_names(game):
    s = start(game, {"c1": C("oddo", 0, "court"), "c2": C("lumen", 0, "court"), "c3": C("oddo", 0, "boog"),
                     "c4": C("choir", 0, "boog"), "c5": C("lumen", 0, "limit")})
    assert cogum(s, "c2")["sprt"] == stats(game, "lumen")[2] + 1
    assert cogum(s, "c4")["sprt"] == stats(game, "choir")[2]  # Terrisol: not helped
    assert cogum(s, "c5")["sprt"] == stats(game, "lumen")[2]  # another lane
    assert cogum(s, "c1")["sprt"] == stats(game, "oddo")[2]  # not itself


def test_triggered_skills_summoned_influenced_breaks_rival(game):
    s = start(game, {"c1": C("hush", 0)})
    hand = hand_size(s, 0)
    play(s, "summon c1 boog")
    assert hand_size(s, 0) == hand - 1 + 1  # Foresight draws a card
    assert any(e.rule == R.SKILL for e in s.events(None))

    s = start(game, {"c1": C("lumen", 0, "court")}, phase="engagement")
    play(s, "influence c1", "pass", "pass", "pass", "pass")
    assert inf(s)[1] == [stats(game, "lumen")[2] + 2, 0]  # Chorus: two more

    s = start(game, {"c1": C("kettle", 0, "limit"), "c2": C("lumen", 1, "limit"), "c3": C("mesa", 0, "boog")},
              phase="engagement")
    play(s, "instigate c1", "pass", "pass", "defend c2", "pass", "pass")
    assert where(s, "c2") == "graveyard"
    assert hand_size(s, 0) == 1  # Trophy draws a card (R-18: no INF)
    assert inf(s) == [[0, 0], [0, 0], [0, 0]]


def test_pip_enters_ready_by_its_skill(game):
    s = start(game, {"c1": C("pip", 0)})
    play(s, "summon c1 limit")
    assert cogum(s, "c1")["ready"]
    assert "instigate c1" in legal_texts(s)
