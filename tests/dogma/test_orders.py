"""Section 4 (The Clash: Orders), Phases I, II and III, defeat, and section 5 (End of the Game)."""

from .conftest import A, arcanum, assert_illegal, cult, dmg, faith, fervor, orders, phase, position, side, text_has

AL = A("al_jafar", "hajj", "samsara", "vacuita")
MAO = A("maometto", "corano_hizb", "sunniti", "allah_akbar")
SHAHID = A("primo_shahid", "sawm", "ramadan", "guerra_santa")
SHIRIN = A("shirin", "ibaditi", "sunna", "hadith")
GOFF = A("goffredo", "crociati", "movimento_sacerdotale_mariano", "penitenza")
GESU = A("gesu", "trinita", "redenzione", "lancia_di_longino")
CAGL = A("cagliostro", "circoncisione", "esodo", "nobile_silenzio")


def test_orders_are_chosen_simultaneously_and_secretly_then_revealed_together(game):
    s = game.from_position(position([AL, SHAHID], [MAO, SHIRIN]))
    assert s.to_move == (0, 1)
    s.apply("cult 2", 0)
    assert s.to_move == (1,)
    o1 = s.observation(1)
    assert o1["orders"] == {"committed": [0], "shown": {}}
    assert s.observation(0)["orders"]["shown"] == {"0": "cult 2"}
    assert not any("cult 2" in e.text for e in s.events(1))
    assert any("cult 2" in e.text for e in s.events(0))
    s.apply("cult 1", 1)
    assert any("Orders revealed: player 1 cult 2, player 2 cult 1" in e.text for e in s.events(1))


def test_a_player_cannot_order_twice_or_out_of_turn(game):
    s = game.from_position(position([AL, SHAHID], [MAO, SHIRIN]))
    s.apply("cult 1", 0)
    assert_illegal(s, "cult 2", 0, "4. The Clash")


def test_the_available_orders_are_summoning_by_position_divine_intervention_and_cult_cards(game):
    s = game.from_position(position([AL, SHAHID, SHIRIN], [MAO], di0=["pioggia_di_fuoco"]))
    assert [str(a) for a in s.legal_actions(0)] == ["summon 1", "summon 2", "intervene", "cult 1", "cult 2", "cult 3"]
    assert [str(a) for a in s.legal_actions(1)] == ["appeal", "cult 1", "cult 2", "cult 3"]


def test_priority_summoning_first_then_divine_intervention_then_cult_card(game):
    s = game.from_position(position([AL, SHAHID], [MAO, SHIRIN], di0=["cavalieri_apocalisse"]))
    ev = orders(s, "cult 1", "summon 1")  # Hajj against a Summoning
    i_sum = next(i for i, e in enumerate(ev) if "Summoning" in e)
    i_hajj = next(i for i, e in enumerate(ev) if "activates Hajj" in e)
    assert i_sum < i_hajj
    assert dmg(s, 1, 0) == 0 and dmg(s, 1, 1) > 0  # Shirin, now active, takes the blow
    s2 = game.from_position(position([AL, SHAHID], [MAO, SHIRIN], di0=["cavalieri_apocalisse"]))
    ev = orders(s2, "intervene", "cult 1")
    assert ev.index(next(e for e in ev if "Divine Intervention" in e)) < ev.index(next(e for e in ev if "activates" in e))


def test_equal_priority_the_higher_fervor_resolves_first(game):
    assert fervor(game, "al_jafar") > fervor(game, "maometto")
    s = game.from_position(position([AL, SHAHID], [MAO, SHIRIN]))
    ev = orders(s, "cult 1", "cult 1")
    assert text_has(ev, "Player 1 resolves first (higher Fervor)")
    assert ev.index(next(e for e in ev if "activates Hajj" in e)) < ev.index(next(e for e in ev if "activates Corano" in e))
    s = game.from_position(position([AL, SHAHID], [dict(MAO, fervor_markers=2), SHIRIN]))  # Maometto 50 + 20 > 60
    ev = orders(s, "cult 1", "cult 1")
    assert text_has(ev, "Player 2 resolves first (higher Fervor)")


def test_equal_priority_and_fervor_the_orders_are_simultaneous_and_neither_cancels_the_other(game):
    assert fervor(game, "maometto") == fervor(game, "goffredo")
    s = game.from_position(position([dict(MAO, damage=faith(game, "maometto") - 10), SHAHID],
                                    [dict(GOFF, damage=faith(game, "goffredo") - 10), SHIRIN]))
    ev = orders(s, "cult 1", "cult 1")
    assert text_has(ev, "simultaneously")
    assert arcanum(s, 0)["where"] == arcanum(s, 1)["where"] == "defeated"  # both
    assert phase(s) == "deploy" and s.to_move == (0, 1)  # both choose a new Prophet at the start of the next turn


def test_an_order_that_defeats_the_opposing_active_prophet_cancels_its_order(game):
    s = game.from_position(position([AL, SHAHID], [dict(MAO, damage=faith(game, "maometto") - 10), SHIRIN]))
    ev = orders(s, "cult 1", "cult 1")
    assert arcanum(s, 1)["where"] == "defeated"
    assert text_has(ev, "Player 2's active Prophet was defeated or withdrawn", "not used")
    assert dmg(s, 0) == 0


def test_an_order_that_withdraws_the_opposing_active_prophet_cancels_its_order(game):
    assert fervor(game, "cagliostro") > fervor(game, "maometto")
    s = game.from_position(position([CAGL, SHAHID], [MAO, SHIRIN]))
    ev = orders(s, "cult 2", "cult 1")  # Esodo withdraws Maometto
    assert text_has(ev, "not used") and side(s, 1)["active"] is None and side(s, 1)["rear"] == [1, 0]
    assert phase(s) == "deploy" and s.to_move == (1,)
    s.apply("deploy 1", 1)
    assert side(s, 1)["active"] == 1 and phase(s) == "orders"


def test_summoning_swaps_the_active_prophet_with_the_chosen_rear_guard_position(game):
    s = game.from_position(position([AL, SHAHID, SHIRIN, GOFF], [MAO, CAGL]))
    orders(s, "summon 2", "cult 1")
    assert side(s, 0)["active"] == 2 and side(s, 0)["rear"] == [1, 0, 3]


def test_the_rear_guard_keeps_damage_and_malefic_markers_and_loses_enhancement_and_weakening(game):
    s = game.from_position(position([dict(SHAHID, damage=40, fervor_markers=2, card_markers=[1, -1, 0],
                                          malefic=["crisis"]), AL], [MAO, CAGL]))
    orders(s, "summon 1", "cult 2")
    shahid = arcanum(s, 0)
    assert shahid["where"] == "rear" and shahid["damage"] == 40 and shahid["malefic"] == ["crisis"]
    assert shahid["fervor_markers"] == 0 and shahid["card_markers"] == [0, 0, 0]


def test_prophets_in_the_rear_guard_are_not_affected_by_game_effects(game):
    s = game.from_position(position([AL, SHAHID], [MAO, SHIRIN], di0=["pioggia_di_fuoco"]))
    orders(s, "intervene", "cult 1")
    assert dmg(s, 1, 0) > 0 and dmg(s, 1, 1) == 0


def test_al_jafar_diplomatic_genius_removes_50_damage_each_time_he_returns_to_the_rear_guard(game):
    s = game.from_position(position([dict(AL, damage=70), SHAHID], [MAO, SHIRIN]))
    ev = orders(s, "summon 1", "cult 2")
    assert dmg(s, 0) == 20 and text_has(ev, "Diplomatic Genius")
    s = game.from_position(position([dict(AL, damage=30), SHAHID], [MAO, SHIRIN]))
    orders(s, "summon 1", "cult 2")
    assert dmg(s, 0) == 0


def test_divine_intervention_plays_only_the_top_card_then_the_one_beneath(game):
    s = game.from_position(position([AL, SHAHID], [MAO, SHIRIN], di0=["pioggia_di_fuoco", "ruota_del_dharma"]))
    ev = orders(s, "intervene", "cult 1")
    assert text_has(ev, "plays Pioggia di Fuoco")
    assert side(s, 0)["interventions"] == ["ruota_del_dharma"]
    ev = orders(s, "intervene", "cult 1")
    assert text_has(ev, "plays Ruota del Dharma") and side(s, 0)["interventions"] == []
    assert s.observation(1)["players"][0]["interventions_played"] == ["pioggia_di_fuoco", "ruota_del_dharma"]


def test_pioggia_di_fuoco_deals_20_to_the_opposing_active_prophet_not_to_your_own(game):
    s = game.from_position(position([AL, SHAHID], [MAO, GOFF], di0=["pioggia_di_fuoco"]))
    orders(s, "intervene", "summon 1")  # Summoning first: Goffredo is now the opposing active Prophet
    assert dmg(s, 1, 1) == 20 and dmg(s, 1, 0) == 0 and dmg(s, 0) == 0


def test_ruota_del_dharma_places_six_plus_10_markers_on_your_active_prophets_fervor(game):
    s = game.from_position(position([AL, SHAHID], [MAO, SHIRIN], di0=["ruota_del_dharma"]))
    orders(s, "intervene", "cult 1")
    assert arcanum(s, 0)["fervor_markers"] == 6 and s.fervor(0) == fervor(game, "al_jafar") + 60


def test_appeal_to_rationality_only_when_the_interventions_are_spent_30_to_every_active_prophet(game):
    s = game.from_position(position([AL, SHAHID], [MAO, GOFF], di1=["esorcismo"]))
    assert_illegal(s, "intervene", 0, "Phase II")
    assert_illegal(s, "appeal", 1, "Appeal to Rationality")
    ev = orders(s, "appeal", "summon 1")
    assert text_has(ev, "Appeal to Rationality")
    assert dmg(s, 0) == 30 and dmg(s, 1, 1) == 30 and dmg(s, 1, 0) == 0 and dmg(s, 0, 1) == 0


def test_cult_card_by_position_is_revealed_and_inflicts_its_damage(game):
    s = game.from_position(position([AL, SHAHID], [GOFF, MAO]))
    assert s.observation(1)["players"][0]["arcana"][0]["cult"][0]["card"] is None
    ev = orders(s, "cult 1", "cult 3")
    assert text_has(ev, "Cult card 1: player 1 reveals and activates Hajj")
    assert s.observation(1)["players"][0]["arcana"][0]["cult"][0]["card"] == "hajj"
    assert dmg(s, 1) == 20


def test_a_prophet_immune_to_a_type_receives_no_damage_but_other_effects_still_apply(game):
    assert "doctrine" in game.content.prophets[game.tables.prophet_by_id["maometto"]].immunities
    s = game.from_position(position([AL, SHAHID], [MAO, SHIRIN]))
    ev = orders(s, "cult 2", "cult 1")  # Samsara: Buddhist Doctrine, 20 and Mystical Crisis
    assert text_has(ev, "immune to doctrine")
    assert text_has(ev, "Maometto receives the malefic marker Mystical Crisis")
    # no damage from Samsara; the 10 are the Mystical Crisis at the start of the next turn
    assert dmg(s, 1) == 10 and "crisis" in arcanum(s, 1)["malefic"]


def test_a_prophet_weak_to_a_type_receives_double_damage(game):
    assert "faithful" in game.content.prophets[game.tables.prophet_by_id["al_jafar"]].weaknesses
    s = game.from_position(position([AL, SHAHID], [MAO, SHIRIN]))
    orders(s, "cult 2", "cult 2")  # Sunniti, Faithful 30
    assert dmg(s, 0) == 60


def test_lancia_di_longino_adds_40_to_damaging_cult_cards(game):
    s = game.from_position(position([GESU, SHAHID], [AL, MAO]))
    orders(s, "cult 1", "cult 2")  # Trinità (Doctrine, ours): Al Jafar neither immune nor weak
    assert dmg(s, 1) == cult(game, "trinita").damage + 40  # the Relic's +40 is printed
    s = game.from_position(position([GESU, SHAHID], [AL, MAO]))
    orders(s, "cult 2", "cult 2")  # Redenzione inflicts no damage: no bonus
    assert dmg(s, 1) == 0


def test_sunna_inflicts_100_if_its_prophet_has_no_damage_markers_else_10(game):
    s = game.from_position(position([SHIRIN, MAO], [AL, SHAHID]))
    orders(s, "cult 2", "cult 2")
    assert dmg(s, 1) == 100
    s = game.from_position(position([dict(SHIRIN, damage=10), MAO], [AL, SHAHID]))
    orders(s, "cult 2", "cult 2")
    assert dmg(s, 1) == 10


def test_a_prophet_is_defeated_when_its_damage_equals_its_faith_cards_discarded_markers_gone(game):
    f = faith(game, "maometto")
    s = game.from_position(position([AL, SHAHID], [dict(MAO, damage=f - 20, malefic=["crisis"]), SHIRIN]))
    ev = orders(s, "cult 1", "cult 1")  # Hajj: 20
    maometto = arcanum(s, 1)
    assert maometto["where"] == "defeated" and text_has(ev, "Maometto is defeated")
    assert maometto["damage"] == 0 and maometto["malefic"] == []
    obs = s.observation(0)["players"][1]["arcana"][0]
    assert obs["where"] == "defeated" and all(c["card"] for c in obs["cult"])  # the discard pile is face up


def test_after_a_defeat_the_player_chooses_a_new_prophet_at_the_start_of_the_next_turn(game):
    f = faith(game, "maometto")
    s = game.from_position(position([AL, SHAHID], [dict(MAO, damage=f - 20), SHIRIN, GOFF]))
    orders(s, "cult 1", "cult 1")
    assert phase(s) == "deploy" and s.to_move == (1,)
    assert [str(a) for a in s.legal_actions(1)] == ["deploy 1", "deploy 2"]
    s.apply("deploy 2", 1)
    assert side(s, 1)["active"] == 2 and s.to_move == (0, 1)


def test_the_game_ends_when_all_of_a_players_prophets_are_defeated(game):
    f = faith(game, "maometto")
    s = game.from_position(position([AL, SHAHID], [dict(MAO, damage=f - 20)]))
    ev = orders(s, "cult 1", "cult 1")
    assert s.is_over and s.winners == (0,) and s.returns() == [1.0, -1.0]
    assert text_has(ev, "player 1 wins")


def test_simultaneous_last_defeats_the_lower_sum_of_initial_faith_and_fervor_wins(game):
    sums = {p: faith(game, p) + fervor(game, p) for p in ("maometto", "shirin")}
    assert sums["shirin"] < sums["maometto"]
    s = game.from_position(position([dict(MAO, damage=faith(game, "maometto") - 30)],
                                    [dict(SHIRIN, damage=faith(game, "shirin") - 30)]))
    ev = orders(s, "appeal", "cult 1")
    assert s.is_over and s.winners == (1,)
    assert text_has(ev, "at the same time")


def test_simultaneous_last_defeats_with_equal_sums_are_a_draw(game):
    assert faith(game, "al_jafar") + fervor(game, "al_jafar") == faith(game, "goffredo") + fervor(game, "goffredo")
    s = game.from_position(position([dict(AL, damage=100)], [dict(GOFF, damage=110)]))
    orders(s, "appeal", "cult 1")
    assert s.is_over and s.winners == () and s.observation(None)["draw"]
