"""Section 4 keywords and malefic markers, section 6 (Fidelity Test, cancelling
abilities, defeated Prophets returning), Specials, and section 8's worked example."""

from .conftest import A, arcanum, assert_illegal, dmg, fervor, orders, position, side, text_has

AL = A("al_jafar", "hajj", "samsara", "vacuita")  # Hajj and Vacuità are Arduous
MAO = A("maometto", "corano_hizb", "sunniti", "allah_akbar")
SHAHID = A("primo_shahid", "sawm", "ramadan", "guerra_santa")
GOFF = A("goffredo", "crociati", "movimento_sacerdotale_mariano", "penitenza")
CAGL = A("cagliostro", "circoncisione", "esodo", "nobile_silenzio")
JANAMI = A("janami_raji", "tummo", "bodhisattva", "sangha")
SAGGIO = A("saggio_doro", "arahant", "quattro_nobili_verita", "karma")


def first_activation(ev):
    return next(e for e in ev if "activates" in e)


# --- Swift, Slow -----------------------------------------------------------------
def test_swift_acts_before_the_opponent_at_equal_priority_even_against_higher_fervor(game):
    assert fervor(game, "janami_raji") < fervor(game, "cagliostro")
    s = game.from_position(position([JANAMI, AL], [CAGL, MAO]))
    ev = orders(s, "cult 1", "cult 1")  # Tummo (Swift) against Circoncisione
    assert "Tummo" in first_activation(ev) and text_has(ev, "resolves first (Swift)")


def test_swift_does_not_overtake_a_higher_priority_order(game):
    s = game.from_position(position([JANAMI, AL], [CAGL, MAO]))
    ev = orders(s, "cult 1", "summon 1")
    assert ev.index(next(e for e in ev if "Summoning" in e)) < ev.index(first_activation(ev))


def test_slow_acts_after_the_opponent_even_with_higher_fervor(game):
    assert fervor(game, "saggio_doro") > fervor(game, "janami_raji")
    s = game.from_position(position([SAGGIO, AL], [JANAMI, MAO]))
    ev = orders(s, "cult 1", "cult 2")  # Arahant (Slow) against Bodhisattva
    assert "Bodhisattva" in first_activation(ev) and text_has(ev, "resolves first (Slow)")


# --- Global ------------------------------------------------------------------------
def test_global_hits_every_revealed_opposing_prophet_including_the_rear_guard(game):
    tawhid = A("khadija", "tawhid", "salat", "purificazione")
    s = game.from_position(position([tawhid, GOFF], [AL, dict(CAGL, revealed=True), MAO]))
    orders(s, "cult 1", "cult 2")  # Al Jafar's Samsara against Tawhid
    assert dmg(s, 1, 0) == 20 and dmg(s, 1, 1) == 20  # active and revealed rear guard
    assert dmg(s, 1, 2) == 0  # Maometto in the rear guard has never been revealed
    assert dmg(s, 0, 1) == 0


# --- Protection ----------------------------------------------------------------------
def test_protection_cancels_all_damage_received_in_the_turn_even_before_it_is_used(game):
    ibaditi = A("shirin", "ibaditi", "sunna", "hadith")  # Ibaditi: Protection
    s = game.from_position(position([dict(ibaditi, damage=0), MAO], [CAGL, AL]))
    assert fervor(game, "cagliostro") > fervor(game, "shirin")
    ev = orders(s, "cult 1", "cult 1")  # Circoncisione hits first, then Protection removes it
    assert text_has(ev, "Protection") and arcanum(s, 0)["took"] == 0
    assert dmg(s, 0) <= 0 + 0  # Shirin may heal at the start of turn: never below 0
    s = game.from_position(position([ibaditi, MAO], [SAGGIO, AL]))
    orders(s, "cult 1", "cult 1")  # Arahant (Slow) after the Protection
    assert dmg(s, 0) == 0


# --- Arduous -------------------------------------------------------------------------
def test_arduous_forbids_any_arduous_card_on_the_following_turn_only(game):
    s = game.from_position(position([GOFF, AL], [MAO, CAGL]))
    orders(s, "cult 1", "cult 1")  # Crociati is Arduous
    assert_illegal(s, "cult 1", 0, "Keywords")
    assert "cult 2" in [str(a) for a in s.legal_actions(0)]
    orders(s, "cult 2", "cult 1")
    assert "cult 1" in [str(a) for a in s.legal_actions(0)]


# --- malefic markers -------------------------------------------------------------------
def test_mystical_crisis_deals_10_at_the_start_of_each_turn_to_an_active_prophet(game):
    s = game.from_position(position([dict(GOFF, malefic=["crisis"]), dict(AL, malefic=["crisis"])], [CAGL, MAO]))
    ev = orders(s, "cult 2", "cult 3")  # no damage to Goffredo from Nobile Silenzio
    assert text_has(ev, "Mystical Crisis: Goffredo receives 10")
    assert dmg(s, 0, 0) == 10 and dmg(s, 0, 1) == 0  # the rear guard is not affected


def test_fanaticism_forbids_divine_intervention_and_summoning_while_active(game):
    s = game.from_position(position([dict(GOFF, malefic=["fanaticism"]), AL], [CAGL, dict(MAO, malefic=["fanaticism"])],
                                    di0=["esorcismo"]))
    assert [str(a) for a in s.legal_actions(0)] == ["cult 1", "cult 2", "cult 3"]
    err = assert_illegal(s, "summon 1", 0, "Malefic")
    assert "Fanaticism" in err.message
    assert_illegal(s, "intervene", 0, "Malefic")
    assert "summon 1" in [str(a) for a in s.legal_actions(1)]  # Maometto's marker is in the rear guard


def test_hysteria_its_player_selects_and_reveals_the_order_before_the_opponent(game):
    s = game.from_position(position([dict(GOFF, malefic=["hysteria"]), AL], [CAGL, MAO]))
    assert s.to_move == (0,)
    s.apply("cult 1", 0)
    assert s.to_move == (1,)
    assert s.observation(1)["orders"]["shown"] == {"0": "cult 1"}
    assert any("reveals their Order first (Hysteria): cult 1" in e.text for e in s.events(1))
    s.apply("summon 1", 1)
    assert side(s, 1)["active"] == 1


def test_hysteria_on_both_sides_is_an_ordinary_simultaneous_choice(game):
    s = game.from_position(position([dict(GOFF, malefic=["hysteria"]), AL], [dict(CAGL, malefic=["hysteria"]), MAO]))
    assert s.to_move == (0, 1)


def test_withering_its_controller_chooses_the_card_which_is_out_of_the_game(game):
    kab = A("mose", "kabbalah", "mishnah", "masoreti")
    s = game.from_position(position([kab, AL], [GOFF, MAO]))
    assert fervor(game, "mose") < fervor(game, "goffredo")
    orders(s, "cult 1", "cult 3")  # Goffredo's Penitenza first, then Kabbalah
    assert s.to_move == (1,) and [str(a) for a in s.legal_actions(1)] == ["wither 1", "wither 2", "wither 3"]
    s.apply("wither 2", 1)
    assert arcanum(s, 1)["withered"] == 1
    assert "cult 2" not in [str(a) for a in s.legal_actions(1)]
    assert_illegal(s, "cult 2", 1, "Malefic")
    assert s.observation(0)["players"][1]["arcana"][0]["cult"][1]["withered"]


def test_withering_is_placed_again_when_its_prophet_returns_from_the_rear_guard(game):
    s = game.from_position(position([AL, MAO], [dict(GOFF, malefic=["withering"], withered=0), CAGL]))
    orders(s, "cult 2", "summon 1")
    assert arcanum(s, 1)["withered"] is None and "withering" in arcanum(s, 1)["malefic"]  # on the Prophet, off the card
    orders(s, "cult 2", "summon 1")  # Goffredo returns
    assert s.to_move == (1,) and s.observation(0)["pending"]["kind"] == "withering"
    s.apply("wither 3", 1)
    assert arcanum(s, 1)["withered"] == 2


def test_removing_withering_makes_the_card_usable_again(game):
    s2 = game.from_position(position([AL, MAO], [dict(GOFF, malefic=["withering"], withered=1), CAGL]))
    orders(s2, "cult 1", "cult 3")  # Penitenza removes every malefic marker
    assert arcanum(s2, 1)["withered"] is None and "cult 2" in [str(a) for a in s2.legal_actions(1)]


def test_a_prophet_holds_at_most_one_malefic_marker_of_each_kind(game):
    s = game.from_position(position([AL, MAO], [dict(GOFF, malefic=["crisis"]), CAGL]))
    ev = orders(s, "cult 2", "cult 2")
    assert text_has(ev, "already carries Mystical Crisis")


def test_malefic_immunity_of_an_ability(game):
    chim = A("chimera", "eucarestia", "masoreti", "santo_graal")
    s = game.from_position(position([AL, MAO], [chim, CAGL]))
    ev = orders(s, "cult 2", "cult 2")
    assert text_has(ev, "immune to Mystical Crisis") and arcanum(s, 1)["malefic"] == []


# --- Fidelity Test -----------------------------------------------------------------------
CONF = A("agostino", "confessionum_libri_xiii", "nevim", "sutra_del_cuore")


def test_fidelity_test_the_opponent_picks_a_path_in_secret_and_the_tester_guesses_once(game):
    s = game.from_position(position([CONF, AL], [GOFF, MAO]))
    orders(s, "cult 1", "cult 2")
    assert set(s.to_move) == {0, 1}
    assert [str(a) for a in s.legal_actions(0)] == ["guess violence", "guess rationality", "guess blasphemy"]
    assert [str(a) for a in s.legal_actions(1)] == ["path violence", "path rationality", "path blasphemy"]
    s.apply("path blasphemy", 1)
    assert s.observation(0)["pending"]["own"] is None
    assert not any("blasphemy" in e.text for e in s.events(0))
    s.apply("guess blasphemy", 0)
    bonus = game.content.prophets[game.tables.prophet_by_id["agostino"]].ability.modifiers.cult_bonus
    assert dmg(s, 1) == 60 + bonus  # passed: Confessionum (Sacred Text) with Agostino's bonus


def test_a_failed_fidelity_test_voids_the_card(game):
    s = game.from_position(position([CONF, AL], [GOFF, MAO]))
    orders(s, "cult 1", "cult 2")
    s.apply("guess violence", 0)
    s.apply("path rationality", 1)
    assert dmg(s, 1) == 0 and any("failed" in e.text for e in s.events(None))


def test_the_opponent_may_pass_a_fidelity_test_to_cancel_an_effect(game):
    hug = A("hugues", "rogo", "martirio", "athar")
    s = game.from_position(position([hug, AL], [CAGL, MAO]))
    orders(s, "cult 1", "cult 1")  # Rogo: the opponent (player 2) is the tester
    assert next(str(a) for a in s.legal_actions(1)).startswith("guess")
    s.apply("path violence", 0)
    s.apply("guess violence", 1)
    assert any("has no effect" in e.text for e in s.events(None))


# --- abilities: Specials, cancelling, Sharira ---------------------------------------------
def test_special_triggers_one_atom_ability_and_a_once_per_game_special_only_once(game):
    shahid = A("primo_shahid", "sawm", "ramadan", "guerra_santa")
    s = game.from_position(position([shahid, AL], [GOFF, MAO]))
    assert "special primo_shahid" in [str(a) for a in s.legal_actions(0)]
    orders(s, "special primo_shahid", "cult 2")
    assert dmg(s, 1) == 50
    assert_illegal(s, "special primo_shahid", 0, "Special")
    assert_illegal(s, "special gesu", 0, "Special")


def test_cancelling_elaines_ability_she_keeps_her_fourth_card_but_cannot_use_it(game):
    elaine = A("elaine", "crociati", "templari", "penitenza", "francescani")
    s = game.from_position(position([CAGL, AL], [elaine, MAO]))
    assert "cult 4" in [str(a) for a in s.legal_actions(1)]
    orders(s, "cult 3", "cult 3")  # Nobile Silenzio cancels her ability
    assert len(arcanum(s, 1)["cult"]) == 4
    assert "cult 4" not in [str(a) for a in s.legal_actions(1)]
    err = assert_illegal(s, "cult 4", 1, "Cancelling")
    assert "fourth" in err.message


def test_a_cancelled_diplomatic_genius_does_not_heal(game):
    s = game.from_position(position([CAGL, MAO], [dict(AL, damage=60), SHAHID]))
    orders(s, "cult 3", "cult 2")
    orders(s, "cult 1", "summon 1")
    assert dmg(s, 1) > 0 and arcanum(s, 1)["flags"] & 1 == 0  # the cancellation ends in the rear guard


def test_sharira_returns_a_defeated_prophet_to_play_without_its_markers(game):
    holder = A("al_jafar", "hajj", "samsara", "sharira")
    s = game.from_position(position([holder, dict(MAO, where="defeated"), SHAHID], [GOFF, CAGL]))
    assert "special sharira" in [str(a) for a in s.legal_actions(0)]
    orders(s, "special sharira", "cult 2")
    maometto = arcanum(s, 0, 1)
    assert maometto["where"] == "rear" and side(s, 0)["rear"] == [2, 1]
    assert maometto["damage"] == 0 and maometto["malefic"] == []
    assert "special sharira" not in [str(a) for a in s.legal_actions(0)]


def test_with_two_defeated_prophets_the_sharira_holder_chooses_which_returns(game):
    holder = A("al_jafar", "hajj", "samsara", "sharira")
    s = game.from_position(position([holder, dict(MAO, where="defeated"), dict(SHAHID, where="defeated"), AL],
                                    [GOFF, CAGL]))
    orders(s, "special sharira", "cult 2")
    assert s.to_move == (0,)
    assert sorted(str(a) for a in s.legal_actions(0)) == ["revive 2", "revive 3"]
    assert s.observation(1)["pending"]["kind"] == "revive"
    before = s.to_position()
    err = assert_illegal(s, "revive 4", 0, "Sharira")
    assert "not defeated" in err.message and s.to_position() == before
    s.apply("revive 3", 0)
    assert arcanum(s, 0, 2)["where"] == "rear" and arcanum(s, 0, 1)["where"] == "defeated"
    assert side(s, 0)["rear"][-1] == 2
    restored = game.from_position(before)  # a position saved during the choice keeps it
    assert sorted(str(a) for a in restored.legal_actions(0)) == ["revive 2", "revive 3"]


def test_sharira_is_not_offered_without_a_defeated_prophet(game):
    holder = A("al_jafar", "hajj", "samsara", "sharira")
    s = game.from_position(position([holder, MAO], [GOFF, CAGL]))
    assert "special sharira" not in [str(a) for a in s.legal_actions(0)]


def test_a_player_with_no_usable_order_passes(game):
    one = A("goffredo", "crociati")
    pos = position([dict(one, malefic=["fanaticism"])], [CAGL, MAO])
    pos["players"][0]["arduous"] = pos["turn"] - 1  # Crociati, Arduous, was used last turn
    s = game.from_position(pos)
    assert [str(a) for a in s.legal_actions(0)] == ["pass"]


# --- section 8: the worked example ------------------------------------------------------
def test_section_8_example_divine_intervention_before_cult_card_wheel_then_20_and_mystical_crisis(game):
    maisa = A("maisa", "sunniti", "salmi", "circoncisione")
    p1 = A("khadija", "shahada", "salat", "purificazione")
    samsara_first = A("saggio_doro", "karma", "arahant", "sangha")
    s = game.from_position(position([A("al_jafar", "samsara", "hajj", "vacuita"), p1],
                                    [maisa, samsara_first], di1=["ruota_del_dharma"]))
    base = s.fervor(4)
    ev = orders(s, "cult 1", "intervene")
    i_di = ev.index(next(e for e in ev if "plays Ruota del Dharma" in e))
    i_cult = ev.index(next(e for e in ev if "Cult card 1: player 1 reveals and activates Samsara" in e))
    assert i_di < i_cult
    assert arcanum(s, 1)["fervor_markers"] == 6 and s.fervor(4) == base + 60
    assert text_has(ev, "Samsara inflicts 20 damage on Maisa")
    assert "crisis" in arcanum(s, 1)["malefic"]
    assert s.to_move == (0, 1)  # the turn is over: choose the next Orders
