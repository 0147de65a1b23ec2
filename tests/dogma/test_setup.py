"""Sections 2 (Setup: Predestination, Free Will) and 3 (Opening)."""

import pytest

from credo.games.dogma.construction import Builder
from credo.kernel import IllegalAction

from .conftest import arcanum, assert_illegal, cult, dmg, fingerprint, phase, prophet, side


def test_predestination_builds_each_players_arcana_exactly_from_the_option(game):
    s = game.new(0, decks=["mecca", "storm"])
    mine, theirs = side(s, 0), side(s, 1)
    assert [a["prophet"] for a in mine["arcana"]] == ["al_jafar", "maometto", "primo_shahid", "shirin"]
    assert mine["arcana"][0]["cult"] == ["hajj", "samsara", "vacuita"]
    assert theirs["arcana"][1]["relics"] == ["santo_graal"]
    assert theirs["arcana"][1]["cult"] == ["eucarestia", "masoreti"]
    assert mine["interventions"] == ["pioggia_di_fuoco", "tramutazione_acqua_sangue",
                                     "tramutazione_acqua_sangue", "esorcismo"]
    assert len(set(s.di[0])) == 4  # two physical copies of Tramutazione (the position names cards, not copies)


def test_predestination_options_default_to_two_different_ones_from_the_seed(game):
    seen = set()
    for seed in range(12):
        s = game.new(seed)
        decks = s.to_position()["decks"]
        assert decks[0] != decks[1]
        seen.add(tuple(decks))
        assert game.new(seed).to_position()["decks"] == decks
    assert len(seen) > 3


def test_predestination_refuses_one_option_for_both_players_or_an_unknown_one(game):
    with pytest.raises(IllegalAction) as err:
        game.new(0, decks=["mecca", "mecca"])
    assert "Predestination" in err.value.rule
    with pytest.raises(IllegalAction):
        game.new(0, decks=["mecca", "atlantis"])


def test_opening_both_players_choose_an_arcanum_simultaneously_and_secretly(game):
    s = game.new(0, decks=["mecca", "storm"])
    assert s.to_move == (0, 1)
    assert [str(a) for a in s.legal_actions(0)] == ["deploy 1", "deploy 2", "deploy 3", "deploy 4"]
    s.apply("deploy 2", 0)
    assert s.to_move == (1,)
    obs1 = s.observation(1)
    assert obs1["orders"]["committed"] == [0] and obs1["orders"]["shown"] == {}
    assert all(a.get("hidden") for a in obs1["players"][0]["arcana"])
    assert not any("Maometto" in e.text for e in s.events(1))
    s.apply("deploy 1", 1)
    assert [side(s, p)["active"] for p in (0, 1)] == [1, 0]
    assert phase(s) == "orders"
    obs1 = s.observation(1)
    assert obs1["players"][0]["arcana"][1]["name"] == "Maometto"
    assert any("deploys Maometto" in e.text for e in s.events(1))


def test_opening_cult_cards_are_face_down_unless_revealed_and_the_rest_go_to_the_rear_guard_in_order(game):
    s = game.new(0, decks=["mecca", "storm"])
    s.apply("deploy 4", 0)  # Shirin: Ibaditi, Sunna (Revealed), Hadith
    s.apply("deploy 2", 1)
    obs = s.observation(1)
    shirin = obs["players"][0]["arcana"][3]
    assert [c["card"] for c in shirin["cult"]] == [None, "sunna", None]
    assert [c["face_up"] for c in shirin["cult"]] == [False, True, False]
    assert side(s, 0)["rear"] == [0, 1, 2] and side(s, 1)["rear"] == [0, 2, 3]
    assert all(obs["players"][0]["arcana"][k].get("hidden") for k in (0, 1, 2))
    assert obs["players"][0]["rear"] == [0, 1, 2]


def test_relics_are_face_up_with_their_active_prophet(game):
    s = game.new(0, decks=["storm", "mecca"])
    s.apply("deploy 2", 0)  # Chimera with the Santo Graal
    s.apply("deploy 1", 1)
    assert s.observation(1)["players"][0]["arcana"][1]["relics"] == ["santo_graal"]


def test_deploying_a_prophet_not_in_the_rear_guard_is_refused(game):
    s = game.new(0, decks=["mecca", "storm"])
    s.apply("deploy 1", 0)
    s.apply("deploy 1", 1)
    assert_illegal(s, "deploy 1", 0, "Phase III: Cult Card")


FW0 = [["al_jafar", "hajj", "samsara", "vacuita"], ["maometto", "corano_hizb", "sunniti", "allah_akbar"],
       ["primo_shahid", "sawm", "ramadan", "guerra_santa"], ["shirin", "ibaditi", "sunna", "hadith"]]
FW1 = [["gesu", "trinita", "redenzione", "lancia_di_longino"], ["agostino", "confessionum_libri_xiii", "nevim", "sutra_del_cuore"],
       ["elaine", "crociati", "templari", "penitenza", "rogo"], ["hugues", "martirio", "francescani", "athar"]]
DI0 = ["pioggia_di_fuoco", "esorcismo", "urga_karma", "ruota_del_dharma"]
DI1 = ["cavalieri_apocalisse", "diluvio_universale", "transustanzazione", "pioggia_di_fuoco"]


def test_free_will_builds_the_given_arcana_and_elaine_holds_a_fourth_cult_card(game):
    s = game.new(0, mode="free_will", arcana=[FW0, FW1], interventions=[DI0, DI1], one_box=False)
    assert len(arcanum(s, 1, 2)["cult"]) == 4
    assert [side(s, p)["damage_in_front"] for p in (0, 1)] == [0, 0]


def test_free_will_one_box_the_first_builder_starts_with_30_damage_on_the_first_prophet_deployed(game):
    s = game.new(3, mode="free_will", arcana=[FW0, FW1], interventions=[DI0, DI1], one_box=True)
    first = s.to_position()["first_builder"]
    assert first in (0, 1)
    assert side(s, first)["damage_in_front"] == 30 and side(s, 1 - first)["damage_in_front"] == 0
    s.apply("deploy 1", 0)
    s.apply("deploy 1", 1)
    assert dmg(s, first) == 30 and dmg(s, 1 - first) == 0
    assert [side(s, p)["damage_in_front"] for p in (0, 1)] == [0, 0]


@pytest.mark.parametrize("change, words", [
    ((0, 0, 1, "sunniti"), ["Sunniti", "Al Jafar", "sleeve"]),
    ((1, 0, 1, "rogo"), ["Gesù", "Rogo", "sleeve"]),
    ((0, 1, 0, "al_jafar"), ["Al Jafar", "two Arcana"]),
])
def test_free_will_legality_names_the_card_and_the_restriction_broken(game, change, words):
    p, k, i, card = change
    decks = [[list(a) for a in FW0], [list(a) for a in FW1]]
    decks[p][k][i] = card
    with pytest.raises(IllegalAction) as err:
        game.new(0, mode="free_will", arcana=decks, interventions=[DI0, DI1], one_box=False)
    for w in words:
        assert w in err.value.message, err.value.message


def test_free_will_limits_three_cult_cards_and_three_relics(game):
    decks = [[list(a) for a in FW0], [list(a) for a in FW1]]
    decks[0][0] = ["al_jafar", "hajj", "samsara", "vacuita", "sawm"]
    with pytest.raises(IllegalAction) as err:
        game.new(0, mode="free_will", arcana=decks, interventions=[DI0, DI1], one_box=False)
    assert "up to 3" in err.value.message
    decks[0][0] = ["al_jafar", "hajj", "sharira", "athar", "burda", "sacra_sindone"]
    with pytest.raises(IllegalAction) as err:
        game.new(0, mode="free_will", arcana=decks, interventions=[DI0, DI1], one_box=False)
    assert "4 Relics" in err.value.message and "up to 3" in err.value.message
    decks[0][0] = ["al_jafar", "hajj", "sharira"]
    with pytest.raises(IllegalAction) as err:
        game.new(0, mode="free_will", arcana=decks, interventions=[DI0, DI1], one_box=False)
    assert "3 associated cards" in err.value.message


def test_free_will_one_box_refuses_a_card_used_by_both_players(game):
    decks = [[list(a) for a in FW0], [list(a) for a in FW1]]
    decks[1][3] = ["hugues", "martirio", "francescani", "sharira"]
    decks[0][0] = ["al_jafar", "hajj", "samsara", "sharira"]
    with pytest.raises(IllegalAction) as err:
        game.new(0, mode="free_will", arcana=decks, interventions=[DI0, DI1], one_box=True)
    assert "Sharira" in err.value.message and "twice" in err.value.message


def test_free_will_without_arcana_builds_random_legal_decks_from_one_box(game):
    for seed in range(30):
        s = game.new(seed, mode="free_will", one_box=True)
        arcana = [a for p in (0, 1) for a in side(s, p)["arcana"]]
        prophets = [a["prophet"] for a in arcana]
        assert len(prophets) == 8 and len(set(prophets)) == 8
        cards = [c for a in arcana for c in a["cult"]]
        assert len(cards) == len(set(cards))
        for a in arcana:
            p = prophet(game, a["prophet"])
            for c in a["cult"]:
                x = cult(game, c)
                assert p.allows(x.religion, x.type)
            assert len(a["cult"]) + len(a["relics"]) == 3


def test_a_game_replays_the_same_from_the_same_seed_and_actions(game):
    a, b = game.new(5), game.new(5)
    for s in (a, b):
        s.apply("deploy 3", 0)
        s.apply("deploy 2", 1)
        s.apply("cult 1", 0)
        s.apply("cult 2", 1)
    assert fingerprint(a) == fingerprint(b)


def _free_will(game, decks, **options):
    return game.new(0, mode="free_will", arcana=decks, interventions=[DI0, DI1], **options)


def _decks():
    return [[list(a) for a in FW0], [list(a) for a in FW1]]


@pytest.mark.parametrize("one_box", [False, True], ids=["own box", "one box"])
def test_free_will_an_arcanum_of_a_prophet_and_three_relics_is_legal_and_plays(game, one_box):
    # section 2: "3 associated cards, in any combination of Cult cards and Relics"; section 3: "up to 3 Relics"
    decks = _decks()
    decks[0][0] = ["al_jafar", "arca_dell_alleanza", "verga_di_aronne", "sacra_sindone"]
    s = _free_will(game, decks, one_box=one_box)
    s.apply("deploy 1", 0)
    s.apply("deploy 1", 1)
    al = s.observation(0)["players"][0]["arcana"][0]
    assert al["name"] == "Al Jafar" and al["cult"] == []
    assert sorted(al["relics"]) == ["arca_dell_alleanza", "sacra_sindone", "verga_di_aronne"]
    orders = [str(a) for a in s.legal_actions(0)]
    assert not any(o.startswith("cult") for o in orders)  # no Cult card to activate with Order III
    assert any(o.startswith("special") for o in orders)  # but the Relics' atom abilities are there


def test_a_person_building_free_will_may_give_a_prophet_three_relics(game):
    b = Builder(game)
    for card in ["al_jafar", "arca_dell_alleanza", "verga_di_aronne", "sacra_sindone"]:
        b.add(card)
    assert b.arcana == [["al_jafar", "arca_dell_alleanza", "verga_di_aronne", "sacra_sindone"]]
    assert b.step() == ("prophet", 2, 0)


@pytest.mark.parametrize("one_box", [False, True], ids=["own box", "one box"])
@pytest.mark.parametrize("first, second, name", [
    (["chimera", "masoreti", "eucarestia", "santo_graal"], ["rabbi_akiva", "mishnah", "koan", "masoreti"], "Masoreti"),
    (["chimera", "masoreti", "eucarestia", "sharira"], ["rabbi_akiva", "mishnah", "koan", "sharira"], "Sharira"),
])
def test_free_will_a_player_cannot_put_the_same_card_in_two_arcana(game, one_box, first, second, name):
    # "from among all those available in the box": a player's own box, or the shared one, holds each card once
    decks = _decks()
    decks[0][0], decks[0][1] = first, second
    with pytest.raises(IllegalAction) as err:
        _free_will(game, decks, one_box=one_box)
    assert name in err.value.message and "two Arcana" in err.value.message and "player 1" in err.value.message


def test_free_will_defaults_to_each_player_building_from_their_own_box(game):
    # 2.1.3: "this mode assumes that each player has their own copy of Dogma"; the one-box variant is the exception
    assert game.options(mode="free_will").one_box is False
    decks = _decks()
    decks[1][3] = ["hugues", "martirio", "francescani", "sharira"]
    decks[0][0] = ["al_jafar", "hajj", "samsara", "sharira"]  # both players hold a Sharira: each has their own
    s = _free_will(game, decks)
    assert s.observation(None)["first_builder"] is None
    s.apply("deploy 1", 0)
    s.apply("deploy 1", 1)
    assert [p["arcana"][0]["damage"] for p in s.to_position()["players"]] == [0, 0]  # no one-box 30 damage
